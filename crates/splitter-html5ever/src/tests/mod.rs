use super::*;

use html5ever::interface::{ElementFlags, NodeOrText, TreeSink};
use html5ever::{local_name, ns};
use splitter_testkit::{MISNESTED_PATTERNS, max_depth, misnested, on_small_stack};
use std::fmt::Write as _;

/// All nodes in document order, by an iterative pre-order walk through the
/// trait only.
fn preorder(dom: &Html5everDom) -> Vec<NodeId> {
    let mut out = Vec::new();
    let mut stack = vec![dom.document()];
    while let Some(node) = stack.pop() {
        out.push(node);
        let mut children: Vec<NodeId> = dom.children(node).collect();
        children.reverse();
        stack.extend(children);
    }
    out
}

/// A one-line rendering of the tree through the trait, for comparisons.
fn dump(dom: &Html5everDom) -> String {
    let mut out = String::new();
    for node in preorder(dom) {
        let mut depth = 0;
        let mut up = dom.parent(node);
        while let Some(p) = up {
            depth += 1;
            up = dom.parent(p);
        }
        let _ = write!(out, "{depth}:");
        match dom.kind(node) {
            NodeKind::Element => {
                let _ = write!(out, "<{}", dom.element_name(node));
                for attr in ["id", "class", "href"] {
                    if let Some(v) = dom.attribute(node, attr) {
                        let _ = write!(out, " {attr}={v:?}");
                    }
                }
                out.push('>');
            }
            NodeKind::Text => {
                let _ = write!(out, "{:?}", dom.text(node));
            }
            kind => {
                let _ = write!(out, "{kind:?}");
            }
        }
        out.push('|');
    }
    out
}

fn find_element(dom: &Html5everDom, name: &str) -> NodeId {
    preorder(dom)
        .into_iter()
        .find(|&n| dom.kind(n) == NodeKind::Element && dom.element_name(n) == name)
        .unwrap_or_else(|| panic!("no <{name}> in the document"))
}

/// Check every structural promise of the trait over the whole document
/// (the shared checker), and that every reachable node is in the table.
fn assert_consistent(dom: &Html5everDom) {
    let reached = splitter_testkit::assert_consistent(dom);
    assert!(
        reached <= dom.node_count(),
        "reachable nodes are in the table"
    );
    for node in preorder(dom) {
        assert!(dom.index(node) < dom.node_count(), "index within the table");
    }
}

#[test]
fn kinds() {
    let dom = Html5everDom::parse("<!DOCTYPE html><!-- note --><html><body>hi</body></html>")
        .expect("the parser does not fail on this input");
    let kinds: Vec<NodeKind> = dom.children(dom.document()).map(|n| dom.kind(n)).collect();
    assert_eq!(
        kinds,
        [NodeKind::Doctype, NodeKind::Comment, NodeKind::Element]
    );
    let body = find_element(&dom, "body");
    let text = dom.first_child(body).expect("body has text");
    assert_eq!(dom.kind(text), NodeKind::Text);
    assert_eq!(dom.text(text), "hi");
    assert_eq!(dom.kind(dom.document()), NodeKind::Document);
}

#[test]
fn names() {
    let dom = Html5everDom::parse(
        "<DIV><Span>x</Span><svg viewBox='0 0 1 1'><foreignObject/></svg><my-widget/></DIV>",
    )
    .expect("the parser does not fail on this input");
    for name in ["html", "head", "body", "div", "span", "svg", "my-widget"] {
        find_element(&dom, name);
    }
    // SVG names keep html5ever's case adjustment.
    find_element(&dom, "foreignObject");
    // Non-elements have no name, and asking does not panic.
    assert_eq!(dom.element_name(dom.document()), "");
}

#[test]
fn attributes() {
    let dom = Html5everDom::parse(
        "<a ID=top class='x y' href=\"/q?a=1&amp;b=2\" title=\"caf&eacute;\" title=dup data-empty>\
         <svg viewBox='0 0 2 2'><a xlink:href='#frag'/></svg>",
    )
    .expect("the parser does not fail on this input");
    let a = find_element(&dom, "a");
    assert_eq!(dom.attribute(a, "id").as_deref(), Some("top"));
    assert_eq!(dom.attribute(a, "class").as_deref(), Some("x y"));
    assert_eq!(dom.attribute(a, "href").as_deref(), Some("/q?a=1&b=2"));
    // Duplicates: the first one wins, as in a browser.
    assert_eq!(dom.attribute(a, "title").as_deref(), Some("café"));
    assert_eq!(dom.attribute(a, "data-empty").as_deref(), Some(""));
    assert_eq!(dom.attribute(a, "missing"), None);
    assert!(matches!(dom.attribute(a, "id"), Some(Cow::Borrowed(_))));

    let svg = find_element(&dom, "svg");
    assert_eq!(dom.attribute(svg, "viewbox").as_deref(), Some("0 0 2 2"));
    let svg_a = dom.first_child(svg).expect("svg has a child");
    assert_eq!(dom.element_name(svg_a), "a");
    assert_eq!(dom.attribute(svg_a, "xlink:href").as_deref(), Some("#frag"));
    assert_eq!(dom.attribute(svg_a, "href"), None);

    // Non-elements have no attributes.
    assert_eq!(dom.attribute(dom.document(), "id"), None);
}

#[test]
fn text_is_decoded_and_borrowed() {
    let dom = Html5everDom::parse("<p>a&amp;b&nbsp;</p><pre>\n  two  spaces\t</pre>")
        .expect("the parser does not fail on this input");
    let p = find_element(&dom, "p");
    let text = dom.first_child(p).expect("p has text");
    assert_eq!(dom.text(text), "a&b\u{a0}");
    assert!(matches!(dom.text(text), Cow::Borrowed(_)));
    let pre = find_element(&dom, "pre");
    let text = dom.first_child(pre).expect("pre has text");
    // The newline right after <pre> is dropped by the parser, as in a browser.
    assert_eq!(dom.text(text), "  two  spaces\t");
    // Non-text nodes have no text.
    assert_eq!(dom.text(p), "");
}

#[test]
fn structure_of_a_small_document() {
    let dom = Html5everDom::parse(
        "<!doctype html><title>T</title><ul><li>one<li>two <b>bold</b> tail<li>three</ul>\
         <table><td>cell</table><p>a<p>b<!-- c -->",
    )
    .expect("the parser does not fail on this input");
    assert_consistent(&dom);
    let ul = find_element(&dom, "ul");
    let items: Vec<NodeId> = dom.children(ul).collect();
    assert_eq!(items.len(), 3);
    assert!(items.iter().all(|&li| dom.element_name(li) == "li"));
    let middle: Vec<String> = dom
        .children(items[1])
        .map(|n| match dom.kind(n) {
            NodeKind::Text => dom.text(n).into_owned(),
            _ => format!("<{}>", dom.element_name(n)),
        })
        .collect();
    assert_eq!(middle, ["two ", "<b>", " tail"]);
    // The parser inserted <tbody> and <tr>.
    let tr = find_element(&dom, "tr");
    assert_eq!(dom.parent(tr).map(|n| dom.element_name(n)), Some("tbody"));
}

#[test]
fn template_contents_are_children_of_the_template() {
    let dom = Html5everDom::parse("<template id=t><p>inside</p></template><p>after</p>")
        .expect("the parser does not fail on this input");
    assert_consistent(&dom);
    let template = find_element(&dom, "template");
    let p = dom
        .first_child(template)
        .expect("template content is exposed");
    assert_eq!(dom.element_name(p), "p");
    assert_eq!(dom.parent(p), Some(template));
    let text = dom.first_child(p).expect("p has text");
    assert_eq!(dom.text(text), "inside");
    let kinds = preorder(&dom).into_iter().map(|n| dom.kind(n));
    assert_eq!(kinds.filter(|&k| k == NodeKind::Document).count(), 1);
}

#[test]
fn chunked_input_parses_the_same() {
    let html = "<p class=x>caf\u{e9} &amp; cr\u{e8}me &nbsp;&notin; &#x1F600; \u{1F600}</p>\
                <!-- comment --><div id=d>tail</div>";
    let whole = dump(&Html5everDom::parse(html).expect("the parser does not fail on this input"));
    for chunk in [1, 2, 3, 5, 7] {
        assert_eq!(
            dump(
                &Html5everDom::parse_in_chunks(html, chunk)
                    .expect("the parser does not fail on this input")
            ),
            whole
        );
    }
    let dom = Html5everDom::parse(html).expect("the parser does not fail on this input");
    let text = dom
        .first_child(find_element(&dom, "p"))
        .expect("p has text");
    assert_eq!(
        dom.text(text),
        "caf\u{e9} & cr\u{e8}me \u{a0}\u{2209} \u{1F600} \u{1F600}"
    );
    // A byte order mark is dropped at the start of the input only.
    let bom = "\u{feff}<p>x\u{feff}y\u{feff}</p>";
    let whole = dump(&Html5everDom::parse(bom).expect("the parser does not fail on this input"));
    assert!(whole.contains(r#"4:"x\u{feff}y\u{feff}"|"#), "{whole}");
    for chunk in 1..6 {
        assert_eq!(
            dump(
                &Html5everDom::parse_in_chunks(bom, chunk)
                    .expect("the parser does not fail on this input")
            ),
            whole
        );
    }
}

#[test]
fn empty_and_hostile_inputs() {
    for html in [
        "",
        "<",
        "</",
        "&",
        "&#",
        "&#x110000;",
        "\0",
        "<html><html><body><body>",
        "</p></p></br>",
        "<table><tr><td><table><tr>",
        "<select><option><selectedcontent></selectedcontent><option selected>x</select>",
        "<svg><math><template><frameset>",
        "<a><p><a><b><i></a></b>",
        "<!doctype><!-->",
        "<?xml version='1.0'?>",
    ] {
        let dom = Html5everDom::parse(html).expect("the parser does not fail on this input");
        assert_consistent(&dom);
        assert!(dom.node_count() >= 1, "the document node");
    }
}

#[test]
fn node_id_from_elsewhere_does_not_panic() {
    let dom = Html5everDom::parse("<p>x</p>").expect("the parser does not fail on this input");
    let stray = NodeId(u32::MAX - 1);
    assert_eq!(dom.kind(stray), NodeKind::Other);
    assert_eq!(dom.element_name(stray), "");
    assert_eq!(dom.attribute(stray, "id"), None);
    assert_eq!(dom.text(stray), "");
    assert_eq!(dom.first_child(stray), None);
    assert_eq!(dom.parent(stray), None);
}

#[test]
fn debug_is_short() {
    let dom = Html5everDom::parse("<p id=a>x</p>").expect("the parser does not fail on this input");
    let debug = format!("{dom:?}");
    assert!(debug.starts_with("Html5everDom"), "{debug}");
    assert!(debug.len() < 120, "{debug}");
}

/// Walk a single chain of `depth` nested elements through the trait, down
/// and back up, checking the shape.
fn walk_chain(dom: &Html5everDom, depth: usize) {
    let mut node = find_element(dom, "body");
    let mut seen = 0;
    while let Some(child) = dom.first_child(node) {
        assert_eq!(dom.parent(child), Some(node));
        if dom.kind(child) == NodeKind::Element {
            seen += 1;
        }
        node = child;
    }
    assert_eq!(seen, depth);
    let mut up = 0;
    while let Some(parent) = dom.parent(node) {
        node = parent;
        up += 1;
    }
    assert_eq!(node, dom.document());
    assert!(up > depth);
}

#[test]
fn parse_walk_and_drop_ten_thousand_nested_divs() {
    on_small_stack(|| {
        const DEPTH: usize = 10_000;
        let html = format!("{}deep{}", "<div>".repeat(DEPTH), "</div>".repeat(DEPTH));
        let dom = Html5everDom::parse(&html).expect("the parser does not fail on this input");
        // The depth cap: the document, <html>, the head pointer and <body>
        // take four of the MAX_DEPTH handles, the divs the rest.
        walk_chain(&dom, MAX_DEPTH - 4);
        assert_eq!(preorder(&dom).len(), dom.node_count());
        drop(dom);
    });
}

/// Build `<html><body>` and then `depth` nested `<div>`s directly through
/// a tree sink, bypassing the parser (which caps the depth).
fn build_chain<S: TreeSink>(sink: &S, depth: usize) {
    let element = |name| {
        sink.create_element(
            QualName::new(None, ns!(html), name),
            Vec::new(),
            ElementFlags::default(),
        )
    };
    let html = element(local_name!("html"));
    let body = element(local_name!("body"));
    sink.append(&sink.get_document(), NodeOrText::AppendNode(html.clone()));
    sink.append(&html, NodeOrText::AppendNode(body.clone()));
    let mut parent = body;
    for _ in 0..depth {
        let div = element(local_name!("div"));
        sink.append(&parent, NodeOrText::AppendNode(div.clone()));
        parent = div;
    }
    sink.append(&parent, NodeOrText::AppendText("bottom".into()));
}

#[test]
fn a_million_nested_elements_through_the_sink() {
    // The parser caps depth, so build the chain through the sink directly.
    on_small_stack(|| {
        const DEPTH: usize = 1_000_000;
        let sink = sink::Sink::default();
        build_chain(&sink, DEPTH);
        let dom = sink.finish();
        assert_eq!(dom.node_count(), DEPTH + 4);
        walk_chain(&dom, DEPTH);
        assert_consistent(&dom);
        drop(dom);
    });
}

mod prop {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn any_string_parses_to_a_consistent_tree(html in "(<[a-z/!?]{0,3}[^>]{0,6}>?|&[a-z#0-9]{0,5};?|[^<&]{0,8}){0,24}") {
            let dom = Html5everDom::parse(&html).expect("the parser does not fail on this input");
            assert_consistent(&dom);
        }

        #[test]
        fn chunking_never_changes_the_tree(html in "(<[a-z/]{0,3}[^>]{0,6}>?|&[a-z#0-9]{0,5};?|[^<&]{0,8}){0,16}", chunk in 1usize..9) {
            prop_assert_eq!(dump(&Html5everDom::parse_in_chunks(&html, chunk).expect("the parser does not fail on this input")), dump(&Html5everDom::parse(&html).expect("the parser does not fail on this input")));
        }
    }
}

mod depth_cap;
#[cfg(feature = "rcdom")]
mod rcdom;
