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
                last.heading_path.to_vec(),
                ["Level 0", "Level 250000", "Level 500000", "Level 750000"]
            );
            assert_eq!(last.anchor, Some("s750000"));
            drop(dom);
        })
        .expect("spawn test thread");
    handle.join().expect("no stack overflow");
}
