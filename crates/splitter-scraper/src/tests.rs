use super::*;

fn element_child(dom: &ScraperDom, parent: ScraperNode, name: &str) -> Option<ScraperNode> {
    dom.children(parent)
        .find(|&n| dom.kind(n) == NodeKind::Element && dom.element_name(n) == name)
}

fn body(dom: &ScraperDom) -> ScraperNode {
    let html = element_child(dom, dom.document(), "html").expect("html element");
    element_child(dom, html, "body").expect("body element")
}

/// Walks the whole tree without recursion, checking that every link agrees
/// with its inverse, and returns the number of nodes reached.
fn check_consistency(dom: &ScraperDom) -> usize {
    let root = dom.document();
    assert_eq!(dom.kind(root), NodeKind::Document);
    assert_eq!(dom.parent(root), None);
    assert_eq!(dom.next_sibling(root), None);
    assert_eq!(dom.prev_sibling(root), None);
    let mut seen = std::collections::HashSet::new();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        assert!(seen.insert(dom.index(node)), "index reused");
        let mut prev = None;
        let mut child = dom.first_child(node);
        while let Some(c) = child {
            assert_eq!(dom.parent(c), Some(node));
            assert_eq!(dom.prev_sibling(c), prev);
            assert_ne!(dom.kind(c), NodeKind::Document);
            stack.push(c);
            prev = Some(c);
            child = dom.next_sibling(c);
        }
    }
    seen.len()
}

#[test]
fn kinds_names_and_text() {
    let dom = ScraperDom::parse(
        "<!DOCTYPE html><!-- c --><html><head><title>T</title></head>\
         <body><p>a&amp;b&nbsp;c&#x41;&lt;&#x80;&notit;</p><?pi x?></body></html>",
    );
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
    let dom = ScraperDom::parse("<DIV ID=x>y</DIV>");
    let div = dom.first_child(body(&dom)).expect("div");
    assert_eq!(dom.element_name(div), "div");
    assert_eq!(dom.attribute(div, "id").as_deref(), Some("x"));
}

#[test]
fn attributes() {
    let dom = ScraperDom::parse(
        "<a href='/x?a=1&amp;b=2' class=\"k l\" data-X=Y title=\"&notit;\" hidden>t</a>\
         <svg><use xlink:href=\"#i\"/></svg>",
    );
    let a = dom.first_child(body(&dom)).expect("a");
    assert_eq!(dom.attribute(a, "href").as_deref(), Some("/x?a=1&b=2"));
    assert_eq!(dom.attribute(a, "class").as_deref(), Some("k l"));
    assert_eq!(dom.attribute(a, "data-x").as_deref(), Some("Y"));
    assert_eq!(dom.attribute(a, "title").as_deref(), Some("&notit;"));
    assert_eq!(dom.attribute(a, "hidden").as_deref(), Some(""));
    assert_eq!(dom.attribute(a, "id"), None);

    let svg = dom.next_sibling(a).expect("svg");
    let use_ = dom.first_child(svg).expect("use");
    assert_eq!(dom.element_name(use_), "use");
    assert_eq!(dom.attribute(use_, "xlink:href").as_deref(), Some("#i"));
    assert_eq!(dom.attribute(use_, "href"), None);
}

#[test]
fn head_content_goes_to_head() {
    let dom = ScraperDom::parse("<title>T</title><meta charset=utf-8><p>x</p>");
    let body = body(&dom);
    let names: Vec<&str> = dom.children(body).map(|n| dom.element_name(n)).collect();
    assert_eq!(names, ["p"]);
}

#[test]
fn siblings_and_parents_are_consistent() {
    let dom = ScraperDom::parse(
        "<ul><li>one<li>two<li>three</ul><table><tr><td>a<td>b</table>\
         <template><p>t</p></template><p>x<b>y</p>z</b>",
    );
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
    let dom = ScraperDom::parse("<template><p>t</p></template>");
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
    let dom = ScraperDom::parse("<p>a<b>b</b>c</p><p>d</p>");
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
    let dom = ScraperDom::parse(&html);
    let mut node = body(&dom);
    let mut depth = 0;
    while let Some(child) = dom.first_child(node) {
        if dom.kind(child) == NodeKind::Element {
            depth += 1;
        }
        node = child;
    }
    assert_eq!(dom.text(node), "x");
    assert_eq!(depth, DEPTH);
    check_consistency(&dom);
    drop(dom);
}

#[test]
fn garbage_does_not_panic() {
    for input in [
        "",
        "<<<>>>&&&#xFFFFFFFF;</a></b>",
        "&#0;&#xD800;&#1114112;&#99999999999999999999;",
        "</p></p><p><table><td><caption>x",
        "<\0>\0&\0",
        "<!--",
        "<!DOCTYPE",
        "<svg><foreignObject><p>x</svg>y",
    ] {
        let dom = ScraperDom::parse(input);
        check_consistency(&dom);
    }
}
