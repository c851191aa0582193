use super::*;
use splitter_testkit::{COMMON_ATTRIBUTE_VALUES, COMMON_ATTRIBUTES, GARBAGE, assert_attributes};

/// The shared consistency check; also, every node of the table is in the
/// tree and only the document and elements have children. Returns the
/// number of nodes.
fn check_consistency(dom: &TlDom<'_>) -> usize {
    let reached = splitter_testkit::assert_consistent(dom);
    assert_eq!(reached, dom.node_count(), "unreachable nodes in the table");
    for index in 0..dom.node_count() {
        let node = TlNode(u32::try_from(index).expect("fits"));
        if dom.first_child(node).is_some() {
            assert!(
                matches!(dom.kind(node), NodeKind::Document | NodeKind::Element),
                "a {:?} node has children",
                dom.kind(node)
            );
        }
    }
    reached
}

/// A compact rendering of the tree: elements as `name(children)`, text as
/// `"text"`, other kinds by a sigil. Elements the adapter implies (no start
/// tag of their own) are `name*(children)` with `implied`; without, they
/// are left out and their children rendered in their place (an empty
/// implied `head` leaves nothing).
fn render(dom: &TlDom<'_>, implied: bool) -> String {
    enum Step {
        Open(TlNode),
        Close,
    }
    let mut out = String::new();
    let mut stack: Vec<Step> = dom.children(dom.document()).map(Step::Open).collect();
    stack.reverse();
    // Whether the next node starts the children of an element just opened.
    let mut first = true;
    while let Some(step) = stack.pop() {
        let node = match step {
            Step::Close => {
                out.push(')');
                first = false;
                continue;
            }
            Step::Open(node) => node,
        };
        let is_implied = matches!(
            dom.entry(node).map(|entry| entry.data),
            Some(Data::Implied(_))
        );
        if is_implied && !implied {
            let kids: Vec<TlNode> = dom.children(node).collect();
            stack.extend(kids.into_iter().rev().map(Step::Open));
            continue;
        }
        if !first {
            out.push(' ');
        }
        first = false;
        match dom.kind(node) {
            NodeKind::Element => {
                out.push_str(dom.element_name(node));
                if is_implied {
                    out.push('*');
                }
                out.push('(');
                first = true;
                stack.push(Step::Close);
                let kids: Vec<TlNode> = dom.children(node).collect();
                stack.extend(kids.into_iter().rev().map(Step::Open));
            }
            NodeKind::Text => out.push_str(&format!("{:?}", dom.text(node))),
            NodeKind::Comment => out.push_str("#c"),
            NodeKind::Doctype => out.push_str("#d"),
            NodeKind::Other => out.push_str("#o"),
            NodeKind::Document => out.push_str("#DOC"),
            _ => out.push('?'),
        }
    }
    out
}

/// The tree of `html` without the implied elements.
fn tree(html: &str) -> String {
    let dom = TlDom::parse(html).expect("the parser does not fail on this input");
    check_consistency(&dom);
    render(&dom, false)
}

/// The whole tree of `html`, implied elements marked.
fn full_tree(html: &str) -> String {
    let dom = TlDom::parse(html).expect("the parser does not fail on this input");
    check_consistency(&dom);
    render(&dom, true)
}

fn first_element(dom: &TlDom<'_>, name: &str) -> Option<TlNode> {
    let mut stack = vec![dom.document()];
    while let Some(node) = stack.pop() {
        if dom.kind(node) == NodeKind::Element && dom.element_name(node).eq_ignore_ascii_case(name)
        {
            return Some(node);
        }
        let kids: Vec<TlNode> = dom.children(node).collect();
        stack.extend(kids.into_iter().rev());
    }
    None
}

#[test]
fn kinds_and_names() {
    let dom = TlDom::parse("<!DOCTYPE html><!-- c --><DIV id=a>x<?pi?></DIV>")
        .expect("the parser does not fail on this input");
    let kinds: Vec<NodeKind> = dom.children(dom.document()).map(|n| dom.kind(n)).collect();
    assert_eq!(
        kinds,
        [NodeKind::Doctype, NodeKind::Comment, NodeKind::Element]
    );
    let div = first_element(&dom, "div").expect("div");
    // Names keep the source's case.
    assert_eq!(dom.element_name(div), "DIV");
    let kids: Vec<NodeKind> = dom.children(div).map(|n| dom.kind(n)).collect();
    assert_eq!(kids, [NodeKind::Text, NodeKind::Comment]);
    check_consistency(&dom);
}

#[test]
fn doctype_leads_even_after_comments() {
    // Whitespace before body content is not content either.
    assert_eq!(tree("<!DOCTYPE html>\n<p>x</p>"), "#d p(\"x\")");
    assert_eq!(tree(" <!--a--> <!doctype html><p>x"), "#c #d p(\"x\")");
    assert_eq!(tree("<!DOCTYPE html>"), "#d");
    // A doctype after content is ignored, as by a standard parser.
    assert_eq!(tree("x<!DOCTYPE html>y"), "\"x\" \"y\"");
}

#[test]
fn decoded_text() {
    let dom = TlDom::parse("<p>a&amp;b&nbsp;c&#x41;&lt;&#x80;&notit;</p>")
        .expect("the parser does not fail on this input");
    let p = first_element(&dom, "p").expect("p");
    let text = dom.first_child(p).expect("text");
    assert_eq!(dom.text(text), "a&b\u{a0}cA<\u{20ac}\u{ac}it;");
    assert!(matches!(dom.text(text), Cow::Owned(_)));

    let dom = TlDom::parse("<p>plain text</p>").expect("the parser does not fail on this input");
    let p = first_element(&dom, "p").expect("p");
    let text = dom.first_child(p).expect("text");
    assert!(matches!(dom.text(text), Cow::Borrowed("plain text")));
}

#[test]
fn newlines_and_nul_as_a_standard_parser_reads_them() {
    assert_eq!(tree("<p>a\r\nb\rc\0d</p>"), "p(\"a\\nb\\ncd\")");
    assert_eq!(
        tree("<pre>\nx</pre><pre>\r\ny</pre><pre>&#10;z</pre><pre>\n\nw</pre>"),
        "pre(\"x\") pre(\"y\") pre(\"z\") pre(\"\\nw\")"
    );
    assert_eq!(
        tree("<textarea>\n<b>x</b></textarea>"),
        "textarea(\"<b>x</b>\")"
    );
}

#[test]
fn attributes() {
    // A repeated attribute (`class=second`): the first one wins.
    let html = format!(
        "<a href='/x/y?a=1&amp;b=2&not=3' {COMMON_ATTRIBUTES} \
         class=second id=\"a\0b\" @click=go>t</a>"
    );
    let dom = TlDom::parse(&html).expect("the parser does not fail on this input");
    let a = first_element(&dom, "a").expect("a");
    assert_attributes(&dom, a, COMMON_ATTRIBUTE_VALUES);
    assert_attributes(
        &dom,
        a,
        &[
            ("href", Some("/x/y?a=1&b=2&not=3")),
            ("id", Some("a\u{fffd}b")),
            ("@click", Some("go")),
            ("lang", None),
        ],
    );
    assert!(matches!(dom.attribute(a, "data-x"), Some(Cow::Borrowed(_))));
    // tl cannot parse an unquoted value holding `/`; the adapter reads the
    // tag from the source.
    assert_eq!(
        tree("<a href=/foo>link</a> after"),
        "a(\"link\") \" after\""
    );
    let dom =
        TlDom::parse("<a href=/foo/>link</a>").expect("the parser does not fail on this input");
    let a = first_element(&dom, "a").expect("a");
    assert_eq!(dom.attribute(a, "href").as_deref(), Some("/foo/"));
}

#[test]
fn void_elements_have_no_children() {
    // tl keeps `br/` open and then ignores `</p>`.
    assert_eq!(
        tree("<p>a<br/>b</p><p>c</p>"),
        "p(\"a\" br() \"b\") p(\"c\")"
    );
    assert_eq!(
        tree("<p>a<br />b</p><p>c</p>"),
        "p(\"a\" br() \"b\") p(\"c\")"
    );
    assert_eq!(
        tree("<p>a<BR>b<IMG src=x>c</p>"),
        "p(\"a\" BR() \"b\" IMG() \"c\")"
    );
    assert_eq!(
        tree("<svg><path d=\"M0\"/><circle/></svg>after"),
        "svg(path() circle()) \"after\""
    );
    // Outside foreign content `/>` does not close a non-void element.
    assert_eq!(tree("<span/>a</span>b"), "span(\"a\") \"b\"");
}

#[test]
fn end_tags_close_the_matching_open_element() {
    assert_eq!(
        tree("<div><p>a</div><div>b</div>"),
        "div(p(\"a\")) div(\"b\")"
    );
    assert_eq!(tree("<P>a</p>b"), "P(\"a\") \"b\"");
    assert_eq!(tree("<div/>a</div>b"), "div(\"a\") \"b\"");
    assert_eq!(tree("<b><i>x</b>y</i>z"), "b(i(\"x\")) \"y\" \"z\"");
    // Stray end tags are ignored; `</body>` and `</html>` close nothing.
    assert_eq!(tree("</p><p>a</span>b</p>"), "p(\"a\" \"b\")");
    assert_eq!(
        tree("<body><p>a</p></body></html><p>b</p>"),
        "body(p(\"a\") p(\"b\"))"
    );
    // Not across a table cell, but table parts close cells.
    assert_eq!(
        tree("<div><table><tr><td>x</div>y</td><td>z</table>w</div>v"),
        "div(table(tr(td(\"x\" \"y\") td(\"z\"))) \"w\") \"v\""
    );
}

/// The html5lib tree-construction cases whose chunks agreed with html5ever
/// while their offsets, heading paths or anchors did not.
#[test]
fn implied_end_tags_and_misnested_formatting() {
    // A heading right inside a heading is closed.
    assert_eq!(tree("<h1>Hello<h2>World"), "h1(\"Hello\") h2(\"World\")");
    assert_eq!(
        tree("<h1><b>x<h2>y</h2></b></h1>"),
        "h1(b(\"x\" h2(\"y\")))"
    );
    // A block start tag closes a `p` in button scope, not across a button
    // or a table cell.
    assert_eq!(tree("<p id=a><b><p id=b></b>TEST"), "p(b()) p(\"TEST\")");
    assert_eq!(tree("<p>a<div>b</div>c"), "p(\"a\") div(\"b\") \"c\"");
    assert_eq!(
        tree("<p><button><div>x</div></button>y"),
        "p(button(div(\"x\")) \"y\")"
    );
    assert_eq!(
        tree("<p><table><tr><td><p>x</table>"),
        "p(table(tr(td(p(\"x\")))))"
    );
    // A formatting end tag whose element a `</p>` closed is ignored.
    assert_eq!(
        tree("<b id=a><p><b id=b></p></b>TEST"),
        "b(p(b()) \"TEST\")"
    );
    // A formatting or ordinary end tag does not close a block opened
    // inside it.
    assert_eq!(
        tree("<b><nobr><div>x</nobr>y</b><pre>z</pre>"),
        "b(nobr(div(\"x\" \"y\" pre(\"z\"))))"
    );
    assert_eq!(
        tree("<span><div>x</span>y</div>z"),
        "span(div(\"x\" \"y\") \"z\")"
    );
    // In foreign content none of this applies.
    assert_eq!(tree("<svg><a><g>x</a>y</svg>"), "svg(a(g(\"x\")) \"y\")");
}

#[test]
fn text_in_a_table_is_moved_before_it() {
    assert_eq!(
        full_tree("<table><colgroup> foo</colgroup></table>"),
        "html*(head*() body*(\"foo\" table(colgroup(\" \"))))"
    );
    assert_eq!(
        tree("<p>a<table>b<tr>c<td>d</td> </tr></table>"),
        "p(\"a\" \"b\" \"c\" table(tr(td(\"d\") \" \")))"
    );
    // A table as the first child: the text becomes its parent's first child.
    let dom = TlDom::parse("<div><table>x</table></div>")
        .expect("the parser does not fail on this input");
    check_consistency(&dom);
    let div = first_element(&dom, "div").expect("div");
    let first = dom.first_child(div).expect("text");
    assert_eq!(dom.text(first), "x");
    assert_eq!(render(&dom, false), "div(\"x\" table())");
}

#[test]
fn script_bodies_do_not_leak() {
    assert_eq!(
        tree("<script>if(a<b){x=\"</div>\"}</script><p>Hello</p><p>World</p>"),
        "script(\"if(a<b){x=\\\"</div>\\\"}\") p(\"Hello\") p(\"World\")"
    );
    assert_eq!(
        tree("<SCRIPT>a<b</script >tail<p>x</p>"),
        "SCRIPT(\"a<b\") \"tail\" p(\"x\")"
    );
    assert_eq!(
        tree("<style>p > a { x: '<i>' }</STYLE><i>y</i>"),
        "style(\"p > a { x: '<i>' }\") i(\"y\")"
    );
    // Raw text runs to the end when there is no end tag.
    assert_eq!(tree("<p>x<script>a<p>b"), "p(\"x\" script(\"a<p>b\"))");
    assert_eq!(
        tree("<plaintext><b>x</plaintext>"),
        "plaintext(\"<b>x</plaintext>\")"
    );
    assert_eq!(
        tree("<p><iframe>fb<b>x</b></iframe>y<title>T&amp;</title></p>"),
        "p(iframe(\"fb<b>x</b>\") \"y\" title(\"T&\"))"
    );
}

#[test]
fn head_content_is_not_content() {
    assert_eq!(
        full_tree("<title>T</title><meta charset=utf-8><LINK rel=x><p>x</p><title>U</title>"),
        "html*(head*(title(\"T\") #o #o) body*(p(\"x\") title(\"U\")))"
    );
    assert_eq!(
        full_tree(
            "<html><head>\n<title>T</title>\n<script>s</script></head>\n<body><p>x</p></body></html>"
        ),
        "html(head(title(\"T\") script(\"s\")) body(p(\"x\")))"
    );
    // Body content inside an unclosed head closes it and implies the body;
    // a `<body>` after body content adds to that body, as in a standard
    // parser.
    assert_eq!(
        full_tree("<html><head><title>T</title>hello<meta x><body>b"),
        "html(head(title(\"T\")) body*(\"hello\" meta() \"b\"))"
    );
    assert_eq!(full_tree("x<body>y"), "html*(head*() body*(\"x\" \"y\"))");
    assert_eq!(
        full_tree("<html><html><head><head><body><body>y"),
        "html(head() body(\"y\"))"
    );
    // `</body>` before any content starts the body.
    assert_eq!(
        full_tree("</body><title>T</title>"),
        "html*(head*() body*(title(\"T\")))"
    );
    // Once body content appeared, head elements are ordinary elements.
    assert_eq!(tree("x<title>T</title>"), "\"x\" title(\"T\")");
    // Comments before the first content stay at the document level; a
    // doctype precedes the `html` element.
    assert_eq!(
        full_tree("<!--a--><!DOCTYPE html>\n<!--b--><p>x"),
        "#c #d #c html*(head*() body*(p(\"x\")))"
    );
    // `<frameset>` takes the body's place.
    assert_eq!(
        full_tree("<frameset><frame></frameset>"),
        "html*(head*() frameset(frame()))"
    );
}

/// Later `<html>` and `<body>` tags add the attributes the element does not
/// have yet, as a standard parser does, also to implied elements.
#[test]
fn late_html_and_body_tags_add_their_attributes() {
    let html = "<html lang=en><head><title>T</title></head><!-- x -->\
                <div>early</div><body id=late class=b><p>x</p>\
                <body id=later data-x=y><html id=h lang=fr>";
    let dom = TlDom::parse(html).expect("the parser does not fail on this input");
    check_consistency(&dom);
    assert_eq!(
        render(&dom, true),
        "html(head(title(\"T\")) #c body*(div(\"early\") p(\"x\")))"
    );
    let root = first_element(&dom, "html").expect("html");
    let body = first_element(&dom, "body").expect("body");
    assert_eq!(dom.element_name(body), "body");
    assert_attributes(
        &dom,
        body,
        &[
            ("id", Some("late")),
            ("class", Some("b")),
            ("data-x", Some("y")),
            ("lang", None),
        ],
    );
    assert_attributes(
        &dom,
        root,
        &[("lang", Some("en")), ("id", Some("h")), ("class", None)],
    );
    // Text before `<html>` implies it; the tag still adds its attributes.
    let dom =
        TlDom::parse("x<html id=a><body id=b>").expect("the parser does not fail on this input");
    let root = first_element(&dom, "html").expect("html");
    let body = first_element(&dom, "body").expect("body");
    assert_eq!(dom.attribute(root, "id").as_deref(), Some("a"));
    assert_eq!(dom.attribute(body, "id").as_deref(), Some("b"));
}

/// Attributes are recorded once, while the tree is built: each element
/// reads its own, whatever its neighbours hold (the first of duplicated
/// names, no value as empty, unquoted and quoted values, references
/// decoded), and a tag cut off by the end of the input adds none.
#[test]
fn each_element_reads_its_own_recorded_attributes() {
    let html = "<div id=a class='x y' id=dup hidden data-v=\"1 &amp; 2\"><p title=t>x</p>\
                <img alt=\"\" src=s.png><p>y</p></div><span class=cut";
    let dom = TlDom::parse(html).expect("the parser does not fail on this input");
    check_consistency(&dom);
    let div = first_element(&dom, "div").expect("div");
    assert_attributes(
        &dom,
        div,
        &[
            ("id", Some("a")),
            ("class", Some("x y")),
            ("hidden", Some("")),
            ("data-v", Some("1 & 2")),
            ("title", None),
        ],
    );
    let p = first_element(&dom, "p").expect("p");
    assert_attributes(&dom, p, &[("title", Some("t")), ("id", None)]);
    let img = first_element(&dom, "img").expect("img");
    assert_attributes(&dom, img, &[("alt", Some("")), ("src", Some("s.png"))]);
    assert!(first_element(&dom, "span").is_none());
    let mut values = [None, None, None];
    dom.attributes(div, &["data-v", "class", "src"], &mut values);
    assert_eq!(
        values.map(|value| value.map(|value| value.into_owned())),
        [Some("1 & 2".to_owned()), Some("x y".to_owned()), None]
    );
}

#[test]
fn many_and_long_attribute_names_are_looked_up_at_once() {
    let html = "<div aria-describedby=d aria-labelledby=l data-very-long-name=v role=note>x</div>";
    let dom = TlDom::parse(html).expect("the parser does not fail on this input");
    let div = first_element(&dom, "div").expect("div");
    // Seventy names, most absent, some of them long: each slot gets its
    // own name's value.
    let fillers: Vec<String> = (0..70).map(|at| format!("data-filler-{at}")).collect();
    let mut names: Vec<&str> = fillers.iter().map(String::as_str).collect();
    names[3] = "aria-labelledby";
    names[40] = "aria-describedby";
    names[66] = "role";
    names[69] = "data-very-long-name";
    let mut values = vec![None; names.len()];
    dom.attributes(div, &names, &mut values);
    for (at, value) in values.iter().enumerate() {
        let expected = match at {
            3 => Some("l"),
            40 => Some("d"),
            66 => Some("note"),
            69 => Some("v"),
            _ => None,
        };
        assert_eq!(value.as_deref(), expected, "{}", names[at]);
    }
}

#[test]
fn literal_less_than_is_text() {
    assert_eq!(tree("x < y and y > z"), "\"x < y and y > z\"");
    assert_eq!(tree("<p>1 < 2 > 0</p>"), "p(\"1 < 2 > 0\")");
    assert_eq!(tree("a <= b <i>c</i>"), "\"a <= b \" i(\"c\")");
    // tl gives up on these and swallows text up to the next `/`.
    assert_eq!(tree("<p>I <3 it</p>"), "p(\"I <3 it\")");
    assert_eq!(
        tree("<p>if x < y then z</p><p>next</p>"),
        "p(\"if x < y then z\") p(\"next\")"
    );
    assert_eq!(tree("a<<b"), "\"a<\"");
}

#[test]
fn construct_remnants_are_not_text() {
    assert_eq!(
        tree("<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01//EN\">\n<p>hi"),
        "#d p(\"hi\")"
    );
    // Bogus comments, as in the standard.
    assert_eq!(tree("a<![CDATA[x]]>b"), "\"a\" #c \"b\"");
    // (Text split by markup that leaves no node stays two nodes.)
    assert_eq!(tree("a<!x y>b</ x>c</>d"), "\"a\" #c \"b\" #c \"c\" \"d\"");
    assert_eq!(tree("<?xml version=\"1.0\"?><p>x</p>"), "#c p(\"x\")");
}

#[test]
fn siblings_and_parents_are_consistent() {
    for html in [
        "<ul><li>one<li>two<li>three</ul><table><tr><td>a<td>b</table>",
        "<div><p>a</div><div>b</div>",
        "<b><p>x</b>y</p>",
        "<head><title>T</title><body><br/><br/><script>x</script>y",
        "<svg><p>x<br/></svg>",
    ] {
        check_consistency(&TlDom::parse(html).expect("the parser does not fail on this input"));
    }
}

/// A million unclosed elements, and a million void elements that tl
/// nests, build a consistent tree. (A million closed nested elements run
/// on every backend in the conformance package.)
#[test]
fn a_million_unclosed_or_void_elements() {
    const DEPTH: usize = 1_000_000;
    let unclosed = "<div>".repeat(DEPTH);
    check_consistency(&TlDom::parse(&unclosed).expect("the parser does not fail on this input"));
    let voids = "<BR>".repeat(DEPTH);
    let dom = TlDom::parse(&voids).expect("the parser does not fail on this input");
    let body = first_element(&dom, "body").expect("an implied body");
    assert_eq!(dom.children(body).count(), DEPTH);
}

#[test]
fn garbage_does_not_panic() {
    let own = [
        "<",
        "&",
        "<!DOCTYPE html\u{e9}",
        "<p \u{e9}>\u{e9}</p>",
        "<script",
        "<script>",
        "<title a=\"",
        "<a b='></a>",
        "< / >< ! >< ? >",
        "<head><head><html><body></head></html>x",
        "&#x;&#;&;&&amp&ampamp;",
    ];
    for &input in GARBAGE.iter().chain(&own) {
        let dom = TlDom::parse(input).expect("the parser does not fail on this input");
        check_consistency(&dom);
        render(&dom, true);
    }
}

#[test]
fn empty_input_is_an_empty_document() {
    // As from a standard parser: the implied elements, nothing else.
    assert_eq!(full_tree(""), "html*(head*() body*())");
}

#[test]
fn indices_are_dense() {
    let dom =
        TlDom::parse("<p>a<b>b</b>c</p><p>d</p>").expect("the parser does not fail on this input");
    let mut stack = vec![dom.document()];
    let mut indices = Vec::new();
    while let Some(node) = stack.pop() {
        indices.push(dom.index(node));
        stack.extend(dom.children(node));
    }
    indices.sort_unstable();
    assert_eq!(indices, (0..dom.node_count()).collect::<Vec<_>>());
}

// `TlDom` can be shared across threads: checked when the tests compile.
const _: () = {
    const fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<TlDom<'static>>();
};

/// An input over tl's limit is an error the caller sees, never an empty
/// document. (The length check is tested directly: a real input over 4 GiB
/// would need that much memory.)
#[test]
fn inputs_longer_than_the_limit_are_refused() {
    assert_eq!(MAX_INPUT_LEN, u32::MAX as usize);
    assert_eq!(check_len(MAX_INPUT_LEN, MAX_INPUT_LEN), Ok(()));
    assert_eq!(
        check_len(MAX_INPUT_LEN + 1, MAX_INPUT_LEN),
        Err(ParseError::InputTooLarge {
            backend: "tl",
            len: MAX_INPUT_LEN + 1,
            limit: MAX_INPUT_LEN,
        })
    );
}
