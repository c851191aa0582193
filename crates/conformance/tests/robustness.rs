//! Deep trees and huge text nodes through every backend.

use html_splitter::{Backend, Chunks, Splitter};
use splitter_testkit::on_small_stack;

/// Splits `html` with `backend` and checks that no chunk is over `max`
/// characters (the hard cap the splitter was built with).
fn split_within(backend: Backend, splitter: &Splitter, html: &str, max: usize) -> Chunks {
    let chunks = backend
        .split(splitter, html)
        .expect("the backend parses this input");
    assert!(
        chunks.texts().all(|chunk| chunk.chars().count() <= max),
        "{backend}: a chunk over {max} characters"
    );
    chunks
}

fn words_of(chunks: &Chunks) -> usize {
    chunks
        .texts()
        .map(|chunk| chunk.split_whitespace().count())
        .sum()
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
            let chunks = split_within(backend, &splitter, &html, 200);
            assert_eq!(words_of(&chunks), DEPTH + 3, "{backend}");
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
        let chunks = split_within(backend, &splitter, &html, 8000);
        assert_eq!(words_of(&chunks), WORDS, "{backend}");
    }
}

/// Deep nesting on every backend: parsing, the tree and the split cost heap,
/// not call stack, and keep every word. The html5ever-based backends cap the
/// depth of the tree they build (linear time; see the depth cap in docs/backends.md);
/// tl builds the whole depth.
mod deep {
    use super::*;
    use html_splitter::splitter_html5ever::MAX_DEPTH;
    use html_splitter::{DomAdapter, Html5everDom, NodeKind, ScraperDom, TlDom};
    use splitter_testkit::{MISNESTED_PATTERNS, assert_consistent, max_depth, misnested, nested};

    /// Parses `html` with `backend`'s own tree and returns its depth, after
    /// checking the tree's consistency.
    fn tree_depth(backend: Backend, html: &str) -> usize {
        fn measured<D: DomAdapter>(dom: &D) -> usize {
            assert_consistent(dom);
            max_depth(dom)
        }
        let parsed = "the parser does not fail on this input";
        match backend {
            Backend::Html5ever => measured(&Html5everDom::parse(html).expect(parsed)),
            Backend::Scraper => measured(&ScraperDom::parse(html).expect(parsed)),
            Backend::Tl => measured(&TlDom::parse(html).expect(parsed)),
            other => panic!("no tree for {other}"),
        }
    }

    /// Every element, text and comment node outside templates, in document
    /// order, with its depth: a tree rendering both backends can give.
    fn outline<D: DomAdapter>(dom: &D) -> Vec<String> {
        let mut out = Vec::new();
        let mut stack = vec![(dom.document(), 0)];
        while let Some((node, depth)) = stack.pop() {
            let line = match dom.kind(node) {
                NodeKind::Element => format!("{depth} <{}>", dom.element_name(node)),
                NodeKind::Text => format!("{depth} {:?}", dom.text(node)),
                kind => format!("{depth} {kind:?}"),
            };
            out.push(line);
            if dom.kind(node) == NodeKind::Element && dom.element_name(node) == "template" {
                continue;
            }
            let mut children: Vec<D::Node> = dom.children(node).collect();
            children.reverse();
            stack.extend(children.into_iter().map(|child| (child, depth + 1)));
        }
        out
    }

    /// The html5ever and scraper backends share the driver's depth cap:
    /// on deep and misnested markup they build the same tree.
    #[test]
    fn both_backends_build_the_same_deep_tree() {
        on_small_stack(|| {
            for html in [
                format!("{}x{}", "<div>".repeat(2_000), "</div>".repeat(2_000)),
                format!("{}<p>a<b>b<i>c</b>d</i>e</p>", "<div><span>".repeat(600)),
                format!("{}<table><td>cell<div>x</table>y", "<section>".repeat(700)),
                format!("{}<svg><g><![CDATA[c]]><p>out</svg>", "<div>".repeat(600)),
                format!("{}<plaintext></div>", "<ul><li>".repeat(400)),
                format!("\u{feff}{}<div/>a</div>b</span>c", "<span>".repeat(600)),
            ] {
                let scraper =
                    ScraperDom::parse(&html).expect("the parser does not fail on this input");
                let html5ever =
                    Html5everDom::parse(&html).expect("the parser does not fail on this input");
                assert_eq!(outline(&scraper), outline(&html5ever));
                assert!(max_depth(&scraper) <= MAX_DEPTH + 1);
            }
        });
    }

    fn words(chunks: &Chunks) -> Vec<&str> {
        chunks.texts().flat_map(str::split_whitespace).collect()
    }

    fn splitter() -> Splitter {
        Splitter::builder(1000)
            .max_chunk_size(2000)
            .separators(["div"])
            .build()
            .expect("valid config")
    }

    /// Splits `html` with the html5ever-based backends; checks that their
    /// tree is at most `depth_limit` deep, that the chunks respect the hard
    /// cap and that both give the same chunks; returns them.
    fn split_capped(html: &str, depth_limit: usize) -> Chunks {
        let splitter = splitter();
        let mut first: Option<Chunks> = None;
        for backend in [Backend::Html5ever, Backend::Scraper] {
            let depth = tree_depth(backend, html);
            assert!(depth <= depth_limit, "{backend}: {depth} levels");
            let chunks = split_within(backend, &splitter, html, 2000);
            match &first {
                Some(first) => assert!(first.to_strings() == chunks.to_strings(), "{backend}"),
                None => first = Some(chunks),
            }
        }
        first.expect("two backends ran")
    }

    /// `depth` nested elements named in turn from `names`, each with a
    /// word, on every backend: every word is kept, in order, and the tree is
    /// consistent; capped on the html5ever-based backends, whole on tl.
    fn nested_keeps_every_word(depth: usize, names: &'static [&'static str]) {
        on_small_stack(move || {
            let (html, expected) = nested(depth, names);
            let splitter = splitter();
            for &backend in Backend::ALL {
                let tree = tree_depth(backend, &html);
                match backend {
                    Backend::Html5ever | Backend::Scraper => {
                        assert!(tree < MAX_DEPTH, "{backend}: {tree} levels")
                    }
                    // Each element below the implied `html` and `body`,
                    // and its text.
                    Backend::Tl => assert_eq!(tree, depth + 3, "{backend}"),
                    other => panic!("no depth rule for {other}"),
                }
                let chunks = split_within(backend, &splitter, &html, 2000);
                assert!(
                    words(&chunks) == expected,
                    "{backend}: {names:?} x {depth}: words differ"
                );
            }
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
                 <style>.secret {{}}</style><noscript>shown</noscript> after{}",
                "<div>".repeat(600),
                "</div>".repeat(600)
            );
            let chunks = split_capped(&html, MAX_DEPTH);
            // Normalized whitespace (the default): the skipped elements leave
            // one space; noscript content is read (scripting is off).
            assert_eq!(chunks.to_strings(), ["before middle shown after"]);
        });
    }

    #[test]
    fn misnested_end_tags_around_the_cap_keep_every_word() {
        on_small_stack(|| {
            let own = ["<svg><g>{} <p>{} </svg>{} ", "<div/>{} <span/>{} </div>"];
            for &pattern in MISNESTED_PATTERNS.iter().chain(&own) {
                let (html, mut expected) = misnested(&"<div>".repeat(500), pattern, 500);
                let chunks = split_capped(&html, MAX_DEPTH + 17);
                let mut found = words(&chunks);
                found.sort_unstable();
                expected.sort_unstable();
                assert!(found == expected, "{pattern}: words differ");
            }
        });
    }
}
