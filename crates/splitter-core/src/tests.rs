//! Tests of the core through a minimal arena tree, independent of any parser.

use crate::testing::{ArenaDom, on_small_stack};
use crate::{NodeKind, Splitter, SplitterConfig};

fn splitter(chunk_size: usize, max: Option<usize>) -> Splitter {
    Splitter::new(SplitterConfig {
        max_chunk_size: max,
        ..SplitterConfig::new(chunk_size)
    })
    .expect("valid test config")
}

#[test]
fn block_and_inline_boundaries() {
    // <div><b>Hello</b> <i>World</i></div>\n<p>again</p>
    let mut dom = ArenaDom::new();
    let div = dom.element(0, "DIV");
    let b = dom.element(div, "b");
    dom.add_text(b, "Hello");
    dom.add_text(div, " ");
    let i = dom.element(div, "i");
    dom.add_text(i, "World");
    dom.add_text(0, "\n  ");
    let p = dom.element(0, "p");
    dom.add_text(p, "again");
    let chunks = splitter(100, None).split(&dom);
    assert_eq!(chunks.to_strings(), ["Hello World\nagain"]);
}

#[test]
fn skipped_elements_and_comments_contribute_nothing() {
    let mut dom = ArenaDom::new();
    let p = dom.element(0, "p");
    dom.add_text(p, "a");
    dom.add(p, NodeKind::Comment, "", "hidden");
    let script = dom.element(p, "SCRIPT");
    dom.add_text(script, "var x;");
    dom.add_text(p, "b");
    let chunks = splitter(100, None).split(&dom);
    assert_eq!(chunks.to_strings(), ["ab"]);
}

#[test]
fn body_children_are_the_roots() {
    let mut dom = ArenaDom::new();
    let html = dom.element(0, "html");
    let head = dom.element(html, "head");
    let title = dom.element(head, "title");
    dom.add_text(title, "Title");
    let body = dom.element(html, "body");
    dom.add_text(body, "content");
    let chunks = splitter(100, None).split(&dom);
    assert_eq!(chunks.to_strings(), ["content"]);
}

#[test]
fn separator_selectors_match_through_the_adapter() {
    let mut dom = ArenaDom::new();
    let section = dom.element(0, "section");
    for (tag, text) in [("p", "Intro text"), ("h2", "Title"), ("p", "Body text")] {
        let element = dom.element(section, tag);
        dom.add_text(element, text);
    }
    dom.set_attribute(section, "class", "doc");
    let splitter = Splitter::builder(18)
        .separators([".doc > h2"])
        .build()
        .expect("valid config");
    assert_eq!(
        splitter.split(&dom).to_strings(),
        ["Intro text", "Title\nBody text"]
    );
}

/// A million nested elements: the canonical walk and the decomposition use
/// explicit stacks, so this costs heap, not call stack.
#[test]
fn million_nested_elements_do_not_overflow() {
    on_small_stack(|| {
        const DEPTH: usize = 1_000_000;
        let mut dom = ArenaDom::new();
        let mut parent = 0;
        for level in 0..DEPTH {
            parent = dom.element(parent, if level % 2 == 0 { "div" } else { "span" });
            if level % 100_000 == 0 {
                dom.add_text(parent, "word ");
            }
        }
        dom.add_text(parent, "deepest");
        let chunks = splitter(12, Some(16)).split(&dom);
        let strings = chunks.to_strings();
        assert!(strings.iter().all(|chunk| chunk.chars().count() <= 16));
        assert_eq!(strings.join(" ").split_whitespace().count(), 11);
        assert!(
            strings
                .last()
                .is_some_and(|chunk| chunk.ends_with("deepest"))
        );
        drop(dom);
    });
}

#[test]
fn chunks_are_spans_of_the_canonical_text() {
    let mut dom = ArenaDom::new();
    for word in ["alpha", "beta", "gamma", "delta"] {
        let p = dom.element(0, "p");
        dom.add_text(p, word);
    }
    let chunks = splitter(11, None).split(&dom);
    assert_eq!(chunks.canonical_text(), "alpha\nbeta\ngamma\ndelta");
    assert_eq!(chunks.to_strings(), ["alpha\nbeta", "gamma\ndelta"]);
    for (span, text) in chunks.spans().iter().zip(chunks.texts()) {
        assert_eq!(&chunks.canonical_text()[span.clone()], text);
    }
}

/// A million nested sections, each titled: the heading sweep keeps its
/// stacks on the heap and builds each chunk's path from the scopes that hold
/// headings, so this is linear and cannot overflow the stack.
#[test]
fn million_nested_sections_get_heading_paths() {
    let handle = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(|| {
            const DEPTH: usize = 1_000_000;
            let mut dom = ArenaDom::new();
            let mut parent = 0;
            for level in 0..DEPTH {
                parent = dom.element(parent, "section");
                if level % 250_000 == 0 {
                    let h1 = dom.element(parent, "h1");
                    dom.add_text(h1, &format!("Level {level}"));
                    dom.set_attribute(parent, "id", &format!("s{level}"));
                }
            }
            dom.add_text(parent, "deepest");
            let chunks = splitter(1, None).split(&dom);
            let last = chunks.iter().next_back().expect("chunks");
            assert_eq!(last.text, "deepest");
            assert_eq!(
                last.provenance.heading_path.to_vec(),
                ["Level 0", "Level 250000", "Level 500000", "Level 750000"]
            );
            assert_eq!(last.provenance.anchor, Some("s750000"));
            drop(dom);
        })
        .expect("spawn test thread");
    handle.join().expect("no stack overflow");
}

/// Characters, except that an `x` costs 40: additive in truth, but as a
/// `SizeFn` the splitter must treat it like tokens (estimates, then exact
/// measurement).
fn x_heavy(text: &str) -> usize {
    text.chars().map(|c| if c == 'x' { 40 } else { 1 }).sum()
}

fn paragraphs(dom: &mut ArenaDom, parent: usize, text: &str, count: usize) {
    for _ in 0..count {
        let p = dom.element(parent, "p");
        dom.add_text(p, text);
    }
}

/// A `div` that costs little by the document's size per byte is kept as one
/// segment on an estimate; measured, it is over the cap, so it is decomposed
/// again with every size measured, and no chunk is over the cap.
#[test]
fn a_segment_kept_on_an_estimate_and_over_the_cap_is_decomposed_again() {
    let mut dom = ArenaDom::new();
    paragraphs(&mut dom, 0, "aaaa", 20);
    let div = dom.element(0, "div");
    paragraphs(&mut dom, div, "xx", 3);
    paragraphs(&mut dom, 0, "aaaa", 20);
    let config = SplitterConfig {
        max_chunk_size: Some(150),
        ..SplitterConfig::new(100)
    };
    let sizer = crate::SizeFn(x_heavy);
    let splitter = Splitter::with_sizer(config, sizer)
        .expect("valid test config")
        .estimating_small_documents();
    let chunks = splitter.split(&dom);
    chunks
        .check(&sizer, Some(150))
        .expect("every chunk within the cap");
    for (text, size) in chunks.texts().zip(chunks.sizes()) {
        assert_eq!(x_heavy(text), *size, "recorded size of {text:?}");
    }
    // Measured, "xx\nxx" costs 161: over the target, so each `xx` is a chunk
    // of its own or shares one with cheap paragraphs only.
    for text in chunks.texts() {
        assert!(text.matches("xx").count() <= 1, "{text:?}");
    }
    assert_eq!(chunks.texts().filter(|text| text.contains("xx")).count(), 3);
}

/// The document's size per byte says a `pre` is far over the cap; measured,
/// it fits, and SPEC §6.4 keeps a protected element that fits whole.
#[test]
fn a_protected_element_estimated_over_the_cap_is_measured() {
    let mut dom = ArenaDom::new();
    paragraphs(&mut dom, 0, "xxxxxxxxxx", 10);
    let pre = dom.element(0, "pre");
    let words = "aaaa ".repeat(6);
    for index in 0..4 {
        if index > 0 {
            dom.add_text(pre, " ");
        }
        let b = dom.element(pre, "b");
        dom.add_text(b, words.trim_end());
    }
    let cheap = [words.trim_end(); 4].join(" ");
    let config = SplitterConfig {
        max_chunk_size: Some(150),
        never_break_within: vec!["pre".into()],
        ..SplitterConfig::new(100)
    };
    let splitter = Splitter::with_sizer(config, crate::SizeFn(x_heavy))
        .expect("valid test config")
        .estimating_small_documents();
    let chunks = splitter.split(&dom);
    chunks
        .check(splitter.sizer(), Some(150))
        .expect("every chunk within the cap");
    assert_eq!(x_heavy(&cheap), 119);
    assert!(
        chunks.texts().any(|text| text.contains(&cheap)),
        "the pre is split: {:?}",
        chunks.to_strings()
    );
}

/// SPEC §6.7 for an expensive sizer: a deep document's text is measured
/// about once, not once per level it is nested in.
#[test]
fn token_like_sizers_measure_deep_documents_about_once() {
    use std::cell::Cell;

    const LEVELS: usize = 8;
    let mut dom = ArenaDom::new();
    let mut parent = 0;
    for _ in 0..LEVELS {
        parent = dom.element(parent, "div");
        paragraphs(&mut dom, parent, "one two three four five six seven", 40);
    }
    let measured = Cell::new(0usize);
    let counting = crate::SizeFn(|text: &str| {
        measured.set(measured.get() + text.len());
        text.split_whitespace().count()
    });
    let splitter = Splitter::with_sizer(
        SplitterConfig {
            max_chunk_size: Some(300),
            ..SplitterConfig::new(200)
        },
        counting,
    )
    .expect("valid test config");
    let chunks = splitter.split(&dom);
    let text = chunks.canonical_text().len();
    assert!(text > 8 * 1024, "the document is large enough to sample");
    let once = measured.replace(0);
    chunks
        .check(
            &crate::SizeFn(|text: &str| text.split_whitespace().count()),
            Some(300),
        )
        .expect("every chunk within the cap");
    assert!(
        once < 2 * text,
        "{once} bytes measured for {text} bytes of text in {LEVELS} levels"
    );
}

/// Without a cap, a chunk of several segments is at most a quarter over the
/// target, measured on its own text, and so is a segment kept on an
/// estimate: here a `div` whose `x`s the document's size per byte misses.
#[test]
fn without_a_cap_chunks_stay_within_a_quarter_of_the_target() {
    let mut dom = ArenaDom::new();
    paragraphs(&mut dom, 0, "aaaa", 20);
    let div = dom.element(0, "div");
    paragraphs(&mut dom, div, "xx", 3);
    paragraphs(&mut dom, 0, "aaaa", 20);
    let sizer = crate::SizeFn(x_heavy);
    let splitter = Splitter::with_sizer(SplitterConfig::new(100), sizer)
        .expect("valid test config")
        .estimating_small_documents();
    let chunks = splitter.split(&dom);
    chunks
        .check(&sizer, Some(125))
        .expect("every chunk within 1.25 × the target");
    assert_eq!(chunks.texts().filter(|text| text.contains("xx")).count(), 3);
}

/// Headings nested in headings, 250 levels around 2 MB of text (issue 21,
/// item 1): only the headings some chunk's path names have their text
/// read once, so the work is that of the text's size, not of the text
/// times the nesting depth (before, every heading's whole text was
/// collapsed on its own: about 250 MB of copying here). Counted in bytes
/// read, in both text forms.
#[test]
fn headings_nested_in_headings_are_collapsed_in_linear_work() {
    use crate::Format;
    use crate::heading_texts::COLLAPSED_BYTES;
    const LEVELS: usize = 250;
    let paragraph = "word ".repeat(1600);
    let mut dom = ArenaDom::new();
    let mut parent = 0;
    for level in 0..LEVELS {
        let h1 = dom.element(parent, "h1");
        dom.add_text(h1, &format!("Level {level} "));
        parent = dom.element(h1, "span");
        dom.add_text(parent, &paragraph);
    }
    for format in [Format::Text, Format::Markdown] {
        let splitter = Splitter::new(SplitterConfig {
            format,
            max_chunk_size: Some(8_000),
            ..SplitterConfig::new(4_000)
        })
        .expect("valid test config");
        COLLAPSED_BYTES.with(|bytes| bytes.set(0));
        let chunks = splitter.split(&dom);
        let collapsed = COLLAPSED_BYTES.with(std::cell::Cell::get);
        let text = chunks.canonical_text().len();
        assert!(text > 2_000_000, "{format:?}: {text} bytes");
        assert!(
            collapsed <= 2 * text,
            "{format:?}: {collapsed} bytes collapsed for {text} bytes of text"
        );
        // Every chunk is named by a heading that holds it.
        assert!(
            chunks
                .iter()
                .all(|chunk| !chunk.provenance.heading_path.is_empty())
        );
    }
}
