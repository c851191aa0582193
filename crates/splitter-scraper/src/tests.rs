use super::*;

fn element_child(dom: &ScraperDom, parent: ScraperNode, name: &str) -> Option<ScraperNode> {
    dom.children(parent)
        .find(|&n| dom.kind(n) == NodeKind::Element && dom.element_name(n) == name)
}

fn body(dom: &ScraperDom) -> ScraperNode {
    let html = element_child(dom, dom.document(), "html").expect("html element");
    element_child(dom, html, "body").expect("body element")
}

use splitter_testkit::{
    COMMON_ATTRIBUTE_VALUES, COMMON_ATTRIBUTES, GARBAGE, assert_attributes,
    assert_consistent as check_consistency,
};

#[test]
fn kinds_names_and_text() {
    let dom = ScraperDom::parse(
        "<!DOCTYPE html><!-- c --><html><head><title>T</title></head>\
         <body><p>a&amp;b&nbsp;c&#x41;&lt;&#x80;&notit;</p><?pi x?></body></html>",
    )
    .expect("the parser does not fail on this input");
    let doc = dom.document();
    let kinds: Vec<NodeKind> = dom.children(doc).map(|n| dom.kind(n)).collect();
    assert_eq!(
        kinds,
        [NodeKind::Doctype, NodeKind::Comment, NodeKind::Element]
    );
    let body = body(&dom);
    let p = dom.first_child(body).expect("p");
    assert_eq!(dom.element_name(p), "p");
    let text = dom.first_child(p).expect("text");
    assert_eq!(dom.kind(text), NodeKind::Text);
    assert_eq!(dom.text(text), "a&b\u{a0}cA<\u{20ac}\u{ac}it;");
    // `<?pi x?>` is a bogus comment in HTML.
    let pi = dom.next_sibling(p).expect("bogus comment");
    assert_eq!(dom.kind(pi), NodeKind::Comment);
    check_consistency(&dom);
}

#[test]
fn uppercase_names_are_lowercased_by_the_parser() {
    let dom =
        ScraperDom::parse("<DIV ID=x>y</DIV>").expect("the parser does not fail on this input");
    let div = dom.first_child(body(&dom)).expect("div");
    assert_eq!(dom.element_name(div), "div");
    assert_eq!(dom.attribute(div, "id").as_deref(), Some("x"));
}

#[test]
fn attributes() {
    let dom = ScraperDom::parse(&format!(
        "<a href='/x?a=1&amp;b=2' {COMMON_ATTRIBUTES}>t</a><svg><use xlink:href=\"#i\"/></svg>"
    ))
    .expect("the parser does not fail on this input");
    let a = dom.first_child(body(&dom)).expect("a");
    assert_attributes(&dom, a, COMMON_ATTRIBUTE_VALUES);
    assert_attributes(&dom, a, &[("href", Some("/x?a=1&b=2")), ("id", None)]);

    let svg = dom.next_sibling(a).expect("svg");
    let use_ = dom.first_child(svg).expect("use");
    assert_eq!(dom.element_name(use_), "use");
    assert_eq!(dom.attribute(use_, "xlink:href").as_deref(), Some("#i"));
    assert_eq!(dom.attribute(use_, "href"), None);
}

#[test]
fn repeated_html_and_body_tags_merge_their_attributes_as_scraper_does() {
    let cases = [
        "<html lang=en><body class=a>x<html lang=fr dir=rtl b=1><body class=b id=c>y",
        "<body z=1 a=2><html y=1><body a=3 b=4><html y=2 x=0>",
        "<html><body><template><html t=1><body u=1></template><body v=1>",
        // No merge at all: the attributes of the first tags only.
        "<html a=1><body b=2>x",
    ];
    for html in cases {
        let ours = ScraperDom::parse(html).expect("the parser does not fail on this input");
        let theirs = scraper::Html::parse_document(html);
        let attributes = |doc: &scraper::Html, name: &str| -> Vec<(String, String)> {
            let selector = scraper::Selector::parse(name).expect("selector");
            let element = doc.select(&selector).next().expect("element");
            let mut attrs: Vec<(String, String)> = element
                .value()
                .attrs()
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect();
            attrs.sort();
            attrs
        };
        for name in ["html", "body"] {
            assert_eq!(
                attributes(ours.html(), name),
                attributes(&theirs, name),
                "{name} in {html}"
            );
        }
        // And lookups go through scraper's own (binary search) accessor.
        let selector = scraper::Selector::parse("html").expect("selector");
        let root = ours.html().select(&selector).next().expect("html");
        for (key, value) in root.value().attrs() {
            assert_eq!(root.value().attr(key), Some(value), "{key} in {html}");
        }
    }
    let many: String = (0..2_000).map(|i| format!("<html a{i}={i}>")).collect();
    let dom = ScraperDom::parse(&many).expect("the parser does not fail on this input");
    let html = dom.first_child(dom.document()).expect("html");
    assert_eq!(dom.attribute(html, "a0").as_deref(), Some("0"));
    assert_eq!(dom.attribute(html, "a1999").as_deref(), Some("1999"));
    let element = dom.html().root_element().value().clone();
    assert_eq!(element.attrs().count(), 2_000);
    for i in 0..2_000 {
        let (key, value) = (format!("a{i}"), i.to_string());
        assert_eq!(element.attr(&key), Some(value.as_str()), "{key}");
    }
}

#[test]
fn head_content_goes_to_head() {
    let dom = ScraperDom::parse("<title>T</title><meta charset=utf-8><p>x</p>")
        .expect("the parser does not fail on this input");
    let body = body(&dom);
    let names: Vec<&str> = dom.children(body).map(|n| dom.element_name(n)).collect();
    assert_eq!(names, ["p"]);
}

#[test]
fn siblings_and_parents_are_consistent() {
    let dom = ScraperDom::parse(
        "<ul><li>one<li>two<li>three</ul><table><tr><td>a<td>b</table>\
         <template><p>t</p></template><p>x<b>y</p>z</b>",
    )
    .expect("the parser does not fail on this input");
    let body = body(&dom);
    let ul = dom.first_child(body).expect("ul");
    let items: Vec<ScraperNode> = dom.children(ul).collect();
    assert_eq!(items.len(), 3);
    assert_eq!(dom.prev_sibling(items[0]), None);
    assert_eq!(dom.next_sibling(items[2]), None);
    assert_eq!(dom.prev_sibling(items[2]), Some(items[1]));
    check_consistency(&dom);
}

#[test]
fn template_contents_are_not_a_second_document() {
    let dom = ScraperDom::parse("<template><p>t</p></template>")
        .expect("the parser does not fail on this input");
    let mut documents = 0;
    let mut stack = vec![dom.document()];
    while let Some(node) = stack.pop() {
        if dom.kind(node) == NodeKind::Document {
            documents += 1;
        }
        stack.extend(dom.children(node));
    }
    assert_eq!(documents, 1);
}

#[test]
fn fragment_root_is_the_document() {
    let dom = ScraperDom::from_html(Html::parse_fragment("<p>x</p>"));
    assert_eq!(dom.kind(dom.document()), NodeKind::Document);
    assert_eq!(dom.parent(dom.document()), None);
    check_consistency(&dom);
}

#[test]
fn indices_are_dense_and_distinct() {
    let dom = ScraperDom::parse("<p>a<b>b</b>c</p><p>d</p>")
        .expect("the parser does not fail on this input");
    let reached = check_consistency(&dom);
    let mut stack = vec![dom.document()];
    while let Some(node) = stack.pop() {
        assert!(dom.index(node) < dom.html().tree.nodes().len());
        stack.extend(dom.children(node));
    }
    assert!(reached <= dom.html().tree.nodes().len());
}

#[test]
fn deep_nesting_does_not_overflow() {
    const DEPTH: usize = 10_000;
    let html = format!("{}x{}", "<div>".repeat(DEPTH), "</div>".repeat(DEPTH));
    let dom = ScraperDom::parse(&html).expect("the parser does not fail on this input");
    let mut node = body(&dom);
    let mut depth = 0;
    while let Some(child) = dom.first_child(node) {
        if dom.kind(child) == NodeKind::Element {
            depth += 1;
        }
        node = child;
    }
    assert_eq!(dom.text(node), "x");
    // The depth cap: the document, <html>, the head pointer and <body> take
    // four of the MAX_DEPTH handles, the divs the rest.
    assert_eq!(depth, MAX_DEPTH - 4);
    check_consistency(&dom);
    drop(dom);
}

/// Tests of the depth cap, which this backend shares with the html5ever one.
mod depth_cap {
    use super::*;

    /// The words of every text node, in document order.
    fn words(dom: &ScraperDom) -> Vec<String> {
        dom.html()
            .tree
            .root()
            .descendants()
            .filter_map(|node| node.value().as_text())
            .flat_map(|text| {
                text.split_whitespace()
                    .map(str::to_owned)
                    .collect::<Vec<_>>()
            })
            .collect()
    }

    #[test]
    fn script_beyond_the_cap_stays_script() {
        let html = format!(
            "{}before <script>if (a < b) {{ hidden(); }}</script> after{}",
            "<div>".repeat(600),
            "</div>".repeat(600)
        );
        let dom = ScraperDom::parse(&html).expect("the parser does not fail on this input");
        let script = dom
            .html()
            .tree
            .root()
            .descendants()
            .find(|node| {
                node.value()
                    .as_element()
                    .is_some_and(|e| e.name() == "script")
            })
            .expect("a script element");
        let text: Vec<&str> = script
            .children()
            .filter_map(|child| child.value().as_text().map(|t| &**t))
            .collect();
        assert_eq!(text, ["if (a < b) { hidden(); }"]);
        assert_eq!(
            words(&dom),
            [
                "before",
                "if",
                "(a",
                "<",
                "b)",
                "{",
                "hidden();",
                "}",
                "after"
            ]
        );
    }
}

#[test]
fn node_count_counts_the_document_and_every_node() {
    let dom = ScraperDom::parse("<p>a</p>").expect("the parser does not fail on this input");
    // The document, <html>, <head>, <body>, <p> and the text.
    assert_eq!(dom.node_count(), 6);
}

#[test]
fn garbage_does_not_panic() {
    for &input in GARBAGE {
        let dom = ScraperDom::parse(input).expect("the parser does not fail on this input");
        check_consistency(&dom);
    }
}
