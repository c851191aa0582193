use super::*;

use html5ever::interface::{ElementFlags, NodeOrText, TreeSink};
use html5ever::{local_name, ns};
use std::fmt::Write as _;
use std::thread;

/// Run `f` on a thread with a small stack, so that any recursion proportional
/// to the depth of the tree would overflow.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(f)
        .expect("spawn test thread")
        .join()
        .expect("test thread panicked");
}

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

/// Check every structural promise of the trait over the whole document.
fn assert_consistent(dom: &Html5everDom) {
    let order = preorder(dom);
    assert!(order.len() <= dom.len(), "reachable nodes are in the table");
    let mut seen = vec![false; dom.len()];
    for &node in &order {
        let index = dom.index(node);
        assert!(index < dom.len(), "index within the table");
        assert!(!seen[index], "every node is reachable once");
        seen[index] = true;
    }
    let doc = dom.document();
    assert_eq!(dom.kind(doc), NodeKind::Document);
    assert_eq!(dom.parent(doc), None);
    assert_eq!(dom.next_sibling(doc), None);
    assert_eq!(dom.prev_sibling(doc), None);
    for &node in &order {
        if node != doc {
            assert_ne!(dom.kind(node), NodeKind::Document);
            assert!(dom.parent(node).is_some());
        }
        let mut prev = None;
        for child in dom.children(node) {
            assert_eq!(dom.parent(child), Some(node));
            assert_eq!(dom.prev_sibling(child), prev);
            if let Some(p) = prev {
                assert_eq!(dom.next_sibling(p), Some(child));
            }
            prev = Some(child);
        }
        if let Some(first) = dom.first_child(node) {
            assert_eq!(dom.prev_sibling(first), None);
        }
        if let Some(last) = prev {
            assert_eq!(dom.next_sibling(last), None);
        }
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
fn processing_instruction_is_other() {
    let rc = RcDom::default();
    let pi = rc.create_pi("target".into(), "data".into());
    rc.append(&rc.document, NodeOrText::AppendNode(pi));
    let dom = Html5everDom::from_rcdom(rc);
    let node = dom.first_child(dom.document()).expect("pi is a child");
    assert_eq!(dom.kind(node), NodeKind::Other);
    assert_consistent(&dom);
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
        assert!(!dom.is_empty());
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
        assert_eq!(preorder(&dom).len(), dom.len());
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
        assert_eq!(dom.len(), DEPTH + 4);
        walk_chain(&dom, DEPTH);
        let last = NodeId(u32::try_from(dom.len() - 1).expect("fits"));
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

#[test]
fn a_million_nested_elements_through_the_sink() {
    // The parser caps depth, so build the chain through the sink directly.
    on_small_stack(|| {
        const DEPTH: usize = 1_000_000;
        let sink = sink::Sink::default();
        build_chain(&sink, DEPTH);
        let dom = sink.finish();
        assert_eq!(dom.len(), DEPTH + 4);
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

/// Tests of the depth cap of [`parse_with_sink`].
mod depth_cap {
    use super::*;
    use html5ever::parse_document;
    use html5ever::tendril::TendrilSink;
    use proptest::prelude::*;

    /// The depth of the deepest node (the document is at depth 0), by a
    /// walk with an explicit stack.
    fn max_depth(dom: &Html5everDom) -> usize {
        let mut deepest = 0;
        let mut stack = vec![(dom.document(), 0)];
        while let Some((node, depth)) = stack.pop() {
            deepest = deepest.max(depth);
            stack.extend(dom.children(node).map(|child| (child, depth + 1)));
        }
        deepest
    }

    /// The words of every text node, in document order.
    fn words(dom: &Html5everDom) -> Vec<String> {
        preorder(dom)
            .into_iter()
            .filter(|&n| dom.kind(n) == NodeKind::Text)
            .flat_map(|n| {
                dom.text(n)
                    .split_whitespace()
                    .map(str::to_owned)
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    /// The words the splitter sees: those of every text node outside the
    /// elements it skips (`script`, `style`, `template`, `noscript`, in any
    /// namespace), in document order.
    fn visible_words(dom: &Html5everDom) -> Vec<String> {
        words_outside(dom, &["script", "style", "template", "noscript"])
    }

    /// The words of every text node outside elements named in `skip`.
    fn words_outside(dom: &Html5everDom, skip: &[&str]) -> Vec<String> {
        let mut words = Vec::new();
        let mut stack = vec![dom.document()];
        while let Some(node) = stack.pop() {
            match dom.kind(node) {
                NodeKind::Text => {
                    words.extend(dom.text(node).split_whitespace().map(str::to_owned))
                }
                NodeKind::Element if skip.contains(&dom.element_name(node)) => {}
                _ => {
                    let mut children: Vec<NodeId> = dom.children(node).collect();
                    children.reverse();
                    stack.extend(children);
                }
            }
        }
        words
    }

    /// The text of the only child of the first `name` element.
    fn text_of(dom: &Html5everDom, name: &str) -> String {
        let element = find_element(dom, name);
        let text = dom.first_child(element).expect("element has a child");
        assert_eq!(dom.next_sibling(text), None, "<{name}> has one child");
        dom.text(text).into_owned()
    }

    /// `depth` nested `<open>`s (each followed by a word, `w0`, `w1`, …)
    /// closed by as many `</close>`s, and the words in order.
    fn nested(depth: usize, open: &[&str]) -> (String, Vec<String>) {
        let mut html = String::new();
        let mut expected = Vec::with_capacity(depth);
        for i in 0..depth {
            let name = open[i % open.len()];
            let word = format!("w{i}");
            let _ = write!(html, "<{name}>{word} ");
            expected.push(word);
        }
        for i in (0..depth).rev() {
            let _ = write!(html, "</{}>", open[i % open.len()]);
        }
        (html, expected)
    }

    fn deep_nesting_keeps_every_word(depth: usize, open: &'static [&'static str]) {
        on_small_stack(move || {
            let (html, expected) = nested(depth, open);
            let dom = Html5everDom::parse(&html).expect("the parser does not fail on this input");
            assert!(max_depth(&dom) < MAX_DEPTH, "{}", max_depth(&dom));
            assert_eq!(words(&dom), expected);
            drop(dom);
        });
    }

    #[test]
    fn a_hundred_thousand_nested_divs_keep_every_word() {
        deep_nesting_keeps_every_word(100_000, &["div"]);
    }

    #[test]
    fn a_million_nested_divs_keep_every_word() {
        deep_nesting_keeps_every_word(1_000_000, &["div"]);
    }

    #[test]
    fn a_million_nested_divs_and_spans_keep_every_word() {
        deep_nesting_keeps_every_word(1_000_000, &["div", "span"]);
    }

    #[test]
    fn shallow_documents_are_not_capped() {
        // One level below the cap: built exactly as html5ever builds it.
        let depth = MAX_DEPTH - 4;
        let html = format!("{}x{}", "<div>".repeat(depth), "</div>".repeat(depth));
        let dom = Html5everDom::parse(&html).expect("the parser does not fail on this input");
        walk_chain(&dom, depth);
        let plain = parse_document(RcDom::default(), Default::default()).one(html.as_str());
        assert_eq!(dump(&dom), dump(&Html5everDom::from_rcdom(plain)));
        // One more level is dropped; its text stays.
        let html = format!(
            "{}x{}",
            "<div>".repeat(depth + 1),
            "</div>".repeat(depth + 1)
        );
        walk_chain(
            &Html5everDom::parse(&html).expect("the parser does not fail on this input"),
            depth,
        );
    }

    #[test]
    fn raw_text_elements_beyond_the_cap_stay_raw() {
        on_small_stack(|| {
            let html = format!(
                "{}before <script>if (a < b) {{ hidden(); }}</script> \
                 <style>p {{ hidden: 1 }}</style> \
                 <textarea><b>not bold</b></textarea> \
                 <noscript><i>not italic</i></noscript> \
                 <title><u>not underlined</u></title> after{}",
                "<div>".repeat(600),
                "</div>".repeat(600)
            );
            let dom = Html5everDom::parse(&html).expect("the parser does not fail on this input");
            assert!(max_depth(&dom) <= MAX_DEPTH);
            assert_eq!(text_of(&dom, "script"), "if (a < b) { hidden(); }");
            assert_eq!(text_of(&dom, "style"), "p { hidden: 1 }");
            assert_eq!(text_of(&dom, "textarea"), "<b>not bold</b>");
            assert_eq!(text_of(&dom, "noscript"), "<i>not italic</i>");
            assert_eq!(text_of(&dom, "title"), "<u>not underlined</u>");
            for name in ["b", "i", "u"] {
                let found = preorder(&dom)
                    .into_iter()
                    .any(|n| dom.kind(n) == NodeKind::Element && dom.element_name(n) == name);
                assert!(!found, "<{name}> was parsed as markup");
            }
            // The script element sits inside the innermost div.
            let script = find_element(&dom, "script");
            let parent = dom.parent(script).expect("script has a parent");
            assert_eq!(dom.element_name(parent), "div");
            assert!(dom.children(parent).all(|n| dom.element_name(n) != "div"));
        });
    }

    #[test]
    fn plaintext_beyond_the_cap_takes_the_rest() {
        let html = format!(
            "{}<plaintext><p>{}",
            "<div>".repeat(600),
            "</div>".repeat(3)
        );
        let dom = Html5everDom::parse(&html).expect("the parser does not fail on this input");
        assert_eq!(text_of(&dom, "plaintext"), "<p></div></div></div>");
    }

    #[test]
    fn cdata_in_svg_beyond_the_cap_stays_text() {
        let html = format!(
            "{}<svg><g><![CDATA[<cdata> text]]></g></svg>{}",
            "<div>".repeat(600),
            "</div>".repeat(600)
        );
        let dom = Html5everDom::parse(&html).expect("the parser does not fail on this input");
        assert_eq!(text_of(&dom, "svg"), "<cdata> text");
        assert!(max_depth(&dom) <= MAX_DEPTH);
    }

    #[test]
    fn foreign_nesting_of_exempt_elements_is_capped_too() {
        on_small_stack(|| {
            const DEPTH: usize = 100_000;
            for open in ["<svg>", "<svg><style>", "<math><script>", "<svg><textarea>"] {
                let html = format!("{}x", open.repeat(DEPTH));
                let dom =
                    Html5everDom::parse(&html).expect("the parser does not fail on this input");
                assert!(
                    max_depth(&dom) <= MAX_DEPTH + 17,
                    "{open}: {}",
                    max_depth(&dom)
                );
                assert_eq!(words(&dom), ["x"], "{open}");
            }
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
                "<select><option>{} <div>{} </select>{} ",
                "<div/>{} <span/>{} ",
            ] {
                let mut html = String::new();
                let mut expected = Vec::new();
                for i in 0..2_000 {
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
                let dom =
                    Html5everDom::parse(&html).expect("the parser does not fail on this input");
                let mut found = words(&dom);
                found.sort();
                expected.sort();
                assert_eq!(found, expected, "{pattern}");
                assert!(
                    max_depth(&dom) <= MAX_DEPTH + 17,
                    "{pattern}: {}",
                    max_depth(&dom)
                );
            }
        });
    }

    /// Tags for the properties below: a mix of everything the tree builder
    /// treats specially in HTML content.
    pub(super) const HTML_TAGS: &[&str] = &[
        "<div>",
        "</div>",
        "<span>",
        "</span>",
        "<p>",
        "</p>",
        "<b>",
        "</b>",
        "<i>",
        "</i>",
        "<a>",
        "</a>",
        "<li>",
        "<ul>",
        "</ul>",
        "<table>",
        "<td>",
        "</tr>",
        "</table>",
        "<select>",
        "<option>",
        "</select>",
        "<br>",
        "<hr>",
        "<img>",
        "<script>",
        "</script>",
        "<textarea>",
        "</textarea>",
        "<template>",
        "</template>",
        "<div/>",
        "<p/>",
        "</body>",
        "</html>",
        "<title>",
        "</title>",
        "<pre>",
        "<h1>",
        "</h2>",
        "<button>",
        "<nobr>",
        "<form>",
        "</form>",
        "<dd>",
        "<caption>",
        "<colgroup>",
        "<col>",
        "<frameset>",
    ];

    /// More tags, for SVG and MathML.
    pub(super) const FOREIGN_TAGS: &[&str] = &[
        "<svg>",
        "</svg>",
        "<math>",
        "</math>",
        "<mi>",
        "<foreignObject>",
        "<desc>",
        "<g>",
        "</g>",
        "<style>",
        "</style>",
        "<path/>",
    ];

    /// `start`, `depth` nested `<div>`s, then `tags` (indices into
    /// `HTML_TAGS` and then `FOREIGN_TAGS`), each followed by a word `wN`.
    fn deep_soup(depth: usize, tags: &[usize]) -> String {
        let tags: Vec<&str> = tags
            .iter()
            .map(|&tag| {
                HTML_TAGS
                    .get(tag)
                    .or_else(|| FOREIGN_TAGS.get(tag - HTML_TAGS.len()))
                    .expect("tag index in range")
            })
            .copied()
            .collect();
        deep_soup_of(depth, &tags)
    }

    /// `start`, `depth` nested `<div>`s, then `tags`, each followed by a
    /// word `wN`.
    fn deep_soup_of(depth: usize, tags: &[&str]) -> String {
        let mut html = format!("start {}", "<div>".repeat(depth));
        for (i, tag) in tags.iter().enumerate() {
            let _ = write!(html, "{tag} w{i} ");
        }
        html
    }

    /// Every numbered word the splitter would see in `html` without the cap,
    /// it sees with it; and no word is there twice.
    fn assert_hides_no_word(html: &str) -> Result<(), TestCaseError> {
        let (capped, plain) = capped_and_plain(html, visible_words);
        prop_assert!(
            capped.windows(2).all(|pair| pair[0] != pair[1]),
            "no duplicates"
        );
        for word in plain {
            prop_assert!(capped.binary_search(&word).is_ok(), "{} hidden", word);
        }
        Ok(())
    }

    #[test]
    fn cases_found_by_the_properties() {
        for (depth, tags) in [
            // A tag that breaks out of foreign content is passed on.
            (508, &["<math>", "<template>", "<p>"][..]),
            // The first tag in a template is passed on: it decides whether
            // a later <col> makes the template ignore text and tags.
            (507, &["<template>", "<i>", "<col>"]),
            (
                506,
                &["<b>", "<template>", "<col>", "<script>", "</template>"],
            ),
            (
                507,
                &[
                    "<template>",
                    "<button>",
                    "<col>",
                    "<title>",
                    "<template>",
                    "</title>",
                    "</template>",
                ],
            ),
            // Integration points are passed on, so <title> stays HTML.
            (508, &["<svg>", "<foreignObject>", "<title>", "<script>"]),
        ] {
            let html = deep_soup_of(depth, tags);
            if let Err(error) = assert_hides_no_word(&html) {
                panic!("{tags:?} at depth {depth}: {error}");
            }
        }
    }

    /// The numbered words (and `start`) among `words`, sorted.
    fn numbered(words: Vec<String>) -> Vec<String> {
        let mut words: Vec<String> = words
            .into_iter()
            .filter(|w| w.starts_with('w') || w == "start")
            .collect();
        words.sort();
        words
    }

    /// Parse `html` with and without the cap; check the capped tree, and
    /// return the words of both (through `pick`), numbered and sorted.
    fn capped_and_plain(
        html: &str,
        pick: fn(&Html5everDom) -> Vec<String>,
    ) -> (Vec<String>, Vec<String>) {
        let dom = Html5everDom::parse(html).expect("the parser does not fail on this input");
        assert_consistent(&dom);
        assert!(max_depth(&dom) <= MAX_DEPTH + 17, "{}", max_depth(&dom));
        let plain = parse_document(RcDom::default(), Default::default()).one(html);
        (
            numbered(pick(&dom)),
            numbered(pick(&Html5everDom::from_rcdom(plain))),
        )
    }

    // 256 cases each by default; set PROPTEST_CASES for more.
    proptest! {
        /// In HTML content, every word the splitter would see without the
        /// cap, it sees with it. Only the numbered words count: markup
        /// inside raw-text elements is text, and which elements are raw may
        /// differ. The cap may keep more: text html5ever ignores, as in
        /// `<template><col> w1`, is kept when the `<template>` was dropped.
        #[test]
        fn capping_hides_no_word_of_html(
            depth in (MAX_DEPTH - 24)..(MAX_DEPTH + 8),
            tags in proptest::collection::vec(0..HTML_TAGS.len(), 0..60),
        ) {
            assert_hides_no_word(&deep_soup(depth, &tags))?;
        }

        /// With SVG and MathML too, every word that html5ever puts outside
        /// templates is still in the tree. Not always where the splitter
        /// sees it: where tags dropped at the cap would have closed foreign
        /// elements (a breakout tag at an integration point in a table, an
        /// end tag of a dropped element), a word can stay inside an SVG
        /// `<style>` or `<template>`, which the splitter skips. (Inside a
        /// template, a tag dropped at the cap can leave a later `<col>` to
        /// switch it to the insertion mode that ignores text.)
        #[test]
        fn capping_loses_no_word(
            depth in (MAX_DEPTH - 24)..(MAX_DEPTH + 8),
            tags in proptest::collection::vec(0..HTML_TAGS.len() + FOREIGN_TAGS.len(), 0..60),
        ) {
            let html = deep_soup(depth, &tags);
            let (capped, _) = capped_and_plain(&html, words);
            let plain = parse_document(RcDom::default(), Default::default()).one(html.as_str());
            let plain = numbered(words_outside(&Html5everDom::from_rcdom(plain), &["template"]));
            prop_assert!(capped.windows(2).all(|pair| pair[0] != pair[1]), "no duplicates");
            for word in plain {
                prop_assert!(capped.binary_search(&word).is_ok(), "{} lost", word);
            }
        }
    }
}

/// The tree built by this crate's sink against the one `markup5ever_rcdom`
/// builds, both through the same driver ([`parse_with_sink`]).
mod same_as_rcdom {
    use super::depth_cap::{FOREIGN_TAGS, HTML_TAGS};
    use super::*;
    use proptest::prelude::*;

    fn through_rcdom(html: &str) -> Html5everDom {
        Html5everDom::from_rcdom(parse_with_sink(RcDom::default(), html))
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
        assert_eq!(order.len(), dom.len(), "every node is reachable");
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
}
