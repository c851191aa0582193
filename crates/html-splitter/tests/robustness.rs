//! Deep trees and huge text nodes through every compiled backend.

use html_splitter::{Backend, Splitter};

fn words_of(chunks: &html_splitter::Chunks) -> usize {
    chunks
        .texts()
        .map(|chunk| chunk.split_whitespace().count())
        .sum()
}

/// Runs `test` on a thread with a small stack, so that recursion over the
/// tree would overflow here rather than pass by luck on a big main stack.
fn on_small_stack(test: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(1024 * 1024)
        .spawn(test)
        .expect("spawn test thread")
        .join()
        .expect("test thread finished without overflow or panic");
}

#[test]
fn ten_thousand_nested_divs() {
    on_small_stack(|| {
        const DEPTH: usize = 10_000;
        let html = format!(
            "{}innermost words here{}",
            "<div>x ".repeat(DEPTH),
            "</div>".repeat(DEPTH)
        );
        let splitter = Splitter::builder(100)
            .max_chunk_size(200)
            .separators(["div"])
            .build()
            .expect("valid config");
        for &backend in Backend::ALL {
            let chunks = backend
                .split(&splitter, &html)
                .expect("the backend parses this input");
            assert_eq!(words_of(&chunks), DEPTH + 3, "{backend}");
            assert!(
                chunks.texts().all(|chunk| chunk.chars().count() <= 200),
                "{backend}"
            );
            // The innermost text comes last. (On the html5ever-based
            // backends it shares a text node with every "x" beyond the
            // depth cap, and that node is cut at word boundaries.)
            let words: Vec<&str> = chunks.texts().flat_map(str::split_whitespace).collect();
            assert!(
                words.ends_with(&["innermost", "words", "here"]),
                "{backend}"
            );
        }
    });
}

#[test]
fn fifty_megabyte_text_node() {
    const WORDS: usize = 10 * 1024 * 1024;
    let html = format!("<p>{}</p>", "word ".repeat(WORDS));
    assert!(html.len() > 50 * 1024 * 1024);
    let splitter = Splitter::builder(4000)
        .max_chunk_size(8000)
        .build()
        .expect("valid config");
    for &backend in Backend::ALL {
        let chunks = backend
            .split(&splitter, &html)
            .expect("the backend parses this input");
        assert!(
            chunks.texts().all(|chunk| chunk.chars().count() <= 8000),
            "{backend}"
        );
        assert_eq!(words_of(&chunks), WORDS, "{backend}");
    }
}

/// The depth cap of the html5ever-based backends: deep nesting parses in
/// linear time, keeps every word, and builds no tree deeper than the cap.
#[cfg(any(feature = "html5ever", feature = "scraper"))]
mod depth_cap {
    use super::*;
    use html_splitter::{Chunks, DomAdapter};
    use std::fmt::Write as _;

    #[cfg(feature = "html5ever")]
    use html_splitter::splitter_html5ever::MAX_DEPTH;
    #[cfg(not(feature = "html5ever"))]
    use html_splitter::splitter_scraper::MAX_DEPTH;

    /// The depth of the deepest node (the document is at depth 0), by a
    /// walk with an explicit stack.
    fn max_depth<D: DomAdapter>(dom: &D) -> usize {
        let mut deepest = 0;
        let mut stack = vec![(dom.document(), 0)];
        while let Some((node, depth)) = stack.pop() {
            deepest = deepest.max(depth);
            stack.extend(dom.children(node).map(|child| (child, depth + 1)));
        }
        deepest
    }

    /// Parses a document and returns the depth of its tree.
    type DepthOf = fn(&str) -> usize;

    /// The backends built on html5ever, each with the depth of the tree it
    /// parses `html` into.
    fn spec_backends() -> Vec<(Backend, DepthOf)> {
        let mut backends: Vec<(Backend, DepthOf)> = Vec::new();
        #[cfg(feature = "html5ever")]
        backends.push((Backend::Html5ever, |html| {
            max_depth(
                &html_splitter::Html5everDom::parse(html)
                    .expect("the parser does not fail on this input"),
            )
        }));
        #[cfg(feature = "scraper")]
        backends.push((Backend::Scraper, |html| {
            max_depth(
                &html_splitter::ScraperDom::parse(html)
                    .expect("the parser does not fail on this input"),
            )
        }));
        backends
    }

    fn words(chunks: &Chunks) -> Vec<&str> {
        chunks.texts().flat_map(str::split_whitespace).collect()
    }

    /// Splits `html` with every html5ever-based backend; checks that the
    /// tree is at most `depth_limit` deep, that the chunks respect the
    /// hard cap and that every backend gives the same chunks; returns them.
    fn split_capped(html: &str, depth_limit: usize) -> Chunks {
        let splitter = Splitter::builder(1000)
            .max_chunk_size(2000)
            .separators(["div"])
            .build()
            .expect("valid config");
        let mut first: Option<Chunks> = None;
        for (backend, depth_of) in spec_backends() {
            let depth = depth_of(html);
            assert!(depth <= depth_limit, "{backend}: {depth} levels");
            let chunks = backend
                .split(&splitter, html)
                .expect("the backend parses this input");
            assert!(
                chunks.texts().all(|chunk| chunk.chars().count() <= 2000),
                "{backend}"
            );
            match &first {
                Some(first) => assert!(first.to_strings() == chunks.to_strings(), "{backend}"),
                None => first = Some(chunks),
            }
        }
        first.expect("an html5ever-based backend is compiled")
    }

    fn nested_keeps_every_word(depth: usize, names: &'static [&'static str]) {
        on_small_stack(move || {
            let mut html = String::new();
            let mut expected = Vec::with_capacity(depth);
            for i in 0..depth {
                let word = format!("w{i}");
                let _ = write!(html, "<{}>{word} ", names[i % names.len()]);
                expected.push(word);
            }
            for i in (0..depth).rev() {
                let _ = write!(html, "</{}>", names[i % names.len()]);
            }
            let chunks = split_capped(&html, MAX_DEPTH);
            assert!(
                words(&chunks) == expected,
                "{names:?} x {depth}: words differ"
            );
        });
    }

    #[test]
    fn a_hundred_thousand_nested_divs_keep_every_word() {
        nested_keeps_every_word(100_000, &["div"]);
    }

    #[test]
    fn a_million_nested_divs_keep_every_word() {
        nested_keeps_every_word(1_000_000, &["div"]);
    }

    #[test]
    fn a_million_nested_divs_and_spans_keep_every_word() {
        nested_keeps_every_word(1_000_000, &["div", "span"]);
    }

    #[test]
    fn skipped_elements_beyond_the_cap_stay_skipped() {
        on_small_stack(|| {
            let html = format!(
                "{}before <script>secret(1 < 2)</script> middle \
                 <style>.secret {{}}</style><noscript><p>secret</p></noscript> after{}",
                "<div>".repeat(600),
                "</div>".repeat(600)
            );
            let chunks = split_capped(&html, MAX_DEPTH);
            assert_eq!(chunks.to_strings(), ["before  middle  after"]);
        });
    }

    #[test]
    fn misnested_end_tags_around_the_cap_keep_every_word() {
        on_small_stack(|| {
            for pattern in [
                "<b>{} <i>{} </b>{} </i>",
                "<div><span>{} </div>{} </span>",
                "<p>{} <div>{} </p>{} </div>",
                "<a>{} <p>{} <a>{} </p>",
                "<table><td>{} <div>{} </table>{} ",
                "<li>{} <ul><li>{} </ul>",
                "</div>{} <div><div>{} ",
                "<svg><g>{} <p>{} </svg>{} ",
                "<div/>{} <span/>{} </div>",
            ] {
                let mut html = "<div>".repeat(500);
                let mut expected = Vec::new();
                for i in 0..500 {
                    let mut rest = pattern;
                    while let Some((head, tail)) = rest.split_once("{}") {
                        let word = format!("w{}", expected.len());
                        let _ = write!(html, "{head}{word}");
                        expected.push(word);
                        rest = tail;
                    }
                    html.push_str(rest);
                    if i % 7 == 0 {
                        html.push_str("<div>");
                    }
                }
                let chunks = split_capped(&html, MAX_DEPTH + 17);
                let mut found = words(&chunks);
                found.sort_unstable();
                expected.sort_unstable();
                assert!(found == expected, "{pattern}: words differ");
            }
        });
    }
}
