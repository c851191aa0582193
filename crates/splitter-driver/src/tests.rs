use super::*;

use html5ever::serialize::{SerializeOpts, TraversalScope, serialize};
use html5ever::tendril::TendrilSink;
use markup5ever_rcdom::{Handle, NodeData, RcDom, SerializableHandle};

/// The document as html5ever serializes it.
fn html_of(dom: &RcDom) -> String {
    let mut out = Vec::new();
    let opts = SerializeOpts {
        traversal_scope: TraversalScope::ChildrenOnly(None),
        ..SerializeOpts::default()
    };
    serialize(
        &mut out,
        &SerializableHandle::from(dom.document.clone()),
        opts,
    )
    .expect("writing to a vector does not fail");
    String::from_utf8(out).expect("the serializer writes UTF-8")
}

/// html5ever's own driver's options, with scripting off as ours.
fn parse_opts() -> html5ever::ParseOpts {
    html5ever::ParseOpts {
        tree_builder: crate::tree_builder_opts(),
        ..Default::default()
    }
}

/// What html5ever's own driver builds.
fn plain(html: &str) -> String {
    html_of(&html5ever::parse_document(RcDom::default(), parse_opts()).one(html))
}

fn capped(html: &str) -> String {
    html_of(&parse_with_sink(RcDom::default(), html))
}

/// The text of every text node, in document order (iteratively).
fn texts(dom: &RcDom) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack: Vec<Handle> = vec![dom.document.clone()];
    while let Some(node) = stack.pop() {
        if let NodeData::Text { contents } = &node.data {
            out.push(contents.borrow().to_string());
        }
        stack.extend(node.children.borrow().iter().rev().cloned());
    }
    out
}

/// The number of levels below the document of the deepest node.
///
/// Not `splitter_testkit::max_depth`: the kit measures `DomAdapter`
/// trees, and the only adapter over an `RcDom` (splitter-html5ever's)
/// depends on this crate.
fn max_depth(dom: &RcDom) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(dom.document.clone(), 0)];
    while let Some((node, depth)) = stack.pop() {
        deepest = deepest.max(depth);
        stack.extend(
            node.children
                .borrow()
                .iter()
                .map(|c| (c.clone(), depth + 1)),
        );
    }
    deepest
}

#[test]
fn below_the_cap_the_tree_is_html5evers_own() {
    let depth = MAX_DEPTH - 4;
    let deep = format!("{}x{}", "<div>".repeat(depth), "</div>".repeat(depth));
    for html in [
        "",
        "<!DOCTYPE html><title>t</title><p>one<p>two<table>x<tr><td>y</table>",
        "<b><i>misnested</b> formatting</i><svg><style>s</style></svg><math><mi>m</math>",
        "<template><col>text<td>cell</template><script>a<b>c</script><frameset>",
        &deep,
    ] {
        assert_eq!(capped(html), plain(html), "{html}");
    }
}

#[test]
fn deep_nesting_is_capped_and_keeps_every_word_in_order() {
    let depth = 100_000;
    let mut html = String::new();
    let mut words = Vec::new();
    for i in 0..depth {
        html.push_str(if i % 2 == 0 { "<div>" } else { "<span>" });
        html.push_str(&format!("w{i} "));
        words.push(format!("w{i}"));
    }
    let dom = parse_with_sink(RcDom::default(), &html);
    assert!(max_depth(&dom) < MAX_DEPTH, "{}", max_depth(&dom));
    let got: Vec<String> = texts(&dom)
        .iter()
        .flat_map(|t| t.split_whitespace().map(str::to_owned).collect::<Vec<_>>())
        .collect();
    assert_eq!(got, words);
}

#[test]
fn script_at_the_cap_stays_script() {
    let depth = 2 * MAX_DEPTH;
    let html = format!("{}<script>a<b>c</script>after", "<div>".repeat(depth));
    let dom = parse_with_sink(RcDom::default(), &html);
    let mut stack: Vec<Handle> = vec![dom.document.clone()];
    let mut script_text = None;
    while let Some(node) = stack.pop() {
        if let NodeData::Element { name, .. } = &node.data
            && &*name.local == "script"
        {
            script_text = Some(texts_below(&node));
        }
        stack.extend(node.children.borrow().iter().cloned());
    }
    assert_eq!(script_text.as_deref(), Some("a<b>c"));
    assert_eq!(texts(&dom).last().map(String::as_str), Some("after"));
}

fn texts_below(node: &Handle) -> String {
    node.children
        .borrow()
        .iter()
        .filter_map(|c| match &c.data {
            NodeData::Text { contents } => Some(contents.borrow().to_string()),
            _ => None,
        })
        .collect()
}

#[test]
fn feeding_in_pieces_builds_the_same_tree() {
    let html = "<p class=x>caf\u{e9} &amp; cr\u{e8}me &nbsp;&notin; &#x1F600; \u{1F600}</p>\
                <!-- comment --><div id=d>tail</div><script>if (a<b) x()</script>";
    let whole = capped(html);
    for chunk in [0, 1, 2, 3, 5, 7, 64] {
        assert_eq!(
            html_of(&parse_in_chunks(RcDom::default(), html, chunk)),
            whole,
            "{chunk}"
        );
    }
}

#[test]
fn a_byte_order_mark_is_dropped_at_the_start_only() {
    let html = "\u{feff}<p>x\u{feff}y\u{feff}</p>";
    for chunk in 1..6 {
        let dom = parse_in_chunks(RcDom::default(), html, chunk);
        assert_eq!(texts(&dom), ["x\u{feff}y\u{feff}"], "{chunk}");
    }
}
