//! `Html5everDom::from_rcdom`, and the tree built by this crate's sink
//! against the one `markup5ever_rcdom` builds, both through the same driver
//! ([`splitter_driver::parse_with_sink`]). Only with the feature `rcdom`.

use super::depth_cap::{FOREIGN_TAGS, HTML_TAGS};
use super::*;
use html5ever::interface::{NodeOrText, TreeSink};
use proptest::prelude::*;

#[test]
fn processing_instruction_is_other() {
    let rc = RcDom::default();
    let pi = rc.create_pi("target".into(), "data".into());
    rc.append(&rc.document, NodeOrText::AppendNode(pi));
    let dom = Html5everDom::from_rcdom(rc);
    let node = dom.first_child(dom.document()).expect("pi is a child");
    assert_eq!(dom.kind(node), NodeKind::Other);
    assert_consistent(&dom);
}

/// [`build_chain`] into an [`RcDom`].
fn deep_rcdom(depth: usize) -> RcDom {
    let rc = RcDom::default();
    build_chain(&rc, depth);
    rc
}

#[test]
fn build_walk_and_drop_a_million_nested_elements() {
    on_small_stack(|| {
        const DEPTH: usize = 1_000_000;
        let dom = Html5everDom::from_rcdom(deep_rcdom(DEPTH));
        assert_eq!(dom.node_count(), DEPTH + 4);
        walk_chain(&dom, DEPTH);
        let last = NodeId(u32::try_from(dom.node_count() - 1).expect("fits"));
        assert_eq!(dom.text(last), "bottom");
        drop(dom);
    });
}

#[test]
fn a_bare_deep_rcdom_drops_iteratively() {
    // `from_rcdom` drops the tree it copies; rcdom's nodes dismantle their
    // subtrees with an explicit stack, so that does not recurse.
    on_small_stack(|| drop(deep_rcdom(1_000_000)));
}

fn through_rcdom(html: &str) -> Html5everDom {
    Html5everDom::from_rcdom(splitter_driver::parse_with_sink(RcDom::default(), html))
}

fn assert_same(html: &str) {
    let ours = Html5everDom::parse(html).expect("the parser does not fail on this input");
    assert_consistent(&ours);
    assert_eq!(dump(&ours), dump(&through_rcdom(html)), "{html}");
}

#[test]
fn documents_the_tree_builder_rearranges() {
    let foster = "<p>w<table>x</p>".repeat(50);
    let cases = [
        // Foster parenting: text, elements and formatting before tables.
        "<table>a<b>c</b>d<tr>e<td>f</td>g</tr>h</table>i",
        "<table><tr><td>a</td>b<p>c</table>",
        "<div><table><p>x<table>y</table>z</div>",
        foster.as_str(),
        // The adoption agency.
        "<b><p>x</b>y</p>z",
        "<a><div><a>x</a></div></a>",
        "<b><i><u><s>x</b>y</i>z</u>",
        "<p><b><div><i>x</p>y</div>z</b>",
        "<table><b><tr><td>x</b></td></tr></table>",
        // Templates: nested, in head, in tables, with text around.
        "<template>a<template>b</template>c</template>d",
        "<head><template><p>x</template></head><body>y",
        "<table><template><tr>x</template><tr><td>y</table>",
        "<template><col>x<div>y</template>",
        "<div><template shadowrootmode=open>x<p>y</template>z</div>",
        // Select, foreign content, integration points.
        "<select><option>a<optgroup><option>b</select>c",
        "<math><annotation-xml encoding=\"text/html\"><div>x</div></annotation-xml></math>",
        "<math><annotation-xml><div>x</div></annotation-xml>y</math>",
        "<svg><desc><div>x</div></desc><foreignObject><p>y</svg>z",
        "<table><tr><td><svg><desc><td></desc><circle>x</table>",
        // Attributes merged into <html> and <body>.
        "<html a=1><body c=3><html a=9 b=2><body c=9 d=4>x",
        "<html><body>x<html a=1><body b=2>y<html a=3 c=4>",
        // Nodes around and outside the document element.
        "<!DOCTYPE html><!--a--><html><!--b--><head></head><!--c--><body>x</body><!--d--></html><!--e-->y",
        "<frameset><frame></frameset>x",
        "</p></br></b>x",
        "a\0b<br>c\r\nd",
    ];
    for html in cases {
        assert_same(html);
    }
}

#[test]
fn the_corpus_pages() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus");
    let mut pages = 0;
    for entry in std::fs::read_dir(dir).expect("corpus directory") {
        let path = entry.expect("corpus entry").path();
        if path.extension().is_some_and(|e| e == "html") {
            let html = std::fs::read_to_string(&path).expect("corpus page");
            assert_same(&html);
            pages += 1;
        }
    }
    assert!(pages >= 5, "found {pages} pages");
}

#[test]
fn a_copied_rcdom_is_numbered_in_document_order() {
    let dom = through_rcdom("<!--a--><template>b<p>c</template><table>d<tr><td>e</table>f");
    let order = preorder(&dom);
    assert_eq!(order.len(), dom.node_count(), "every node is reachable");
    for (rank, node) in order.into_iter().enumerate() {
        assert_eq!(dom.index(node), rank);
    }
    assert_consistent(&dom);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn any_tag_soup_builds_the_same_tree(
        tags in proptest::collection::vec(0..HTML_TAGS.len() + FOREIGN_TAGS.len(), 0..40),
        words in proptest::collection::vec("[a-c ]{0,3}", 40),
    ) {
        let mut html = String::new();
        for (tag, word) in tags.iter().zip(&words) {
            let tag = HTML_TAGS
                .get(*tag)
                .or_else(|| FOREIGN_TAGS.get(*tag - HTML_TAGS.len()))
                .expect("tag index in range");
            html.push_str(tag);
            html.push_str(word);
        }
        let ours = Html5everDom::parse(&html).expect("the parser does not fail on this input");
        assert_consistent(&ours);
        prop_assert_eq!(dump(&ours), dump(&through_rcdom(&html)), "{}", html);
    }
}
