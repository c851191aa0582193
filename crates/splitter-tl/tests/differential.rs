//! The tl adapter against the scraper adapter (a standard parser) on
//! generated documents that are well formed, so that the two trees must
//! agree node for node below the content roots.

use proptest::prelude::*;
use proptest::strategy::BoxedStrategy;
use splitter_core::{DomAdapter, NodeKind};
use splitter_scraper::ScraperDom;
use splitter_tl::TlDom;

/// The content roots as the core picks them: the children of `body` (a
/// child of the document or of its `html` child), else of the document.
fn roots<A: DomAdapter>(dom: &A) -> Vec<A::Node> {
    let doc = dom.document();
    let is = |n: A::Node, name: &str| {
        dom.kind(n) == NodeKind::Element && dom.element_name(n).eq_ignore_ascii_case(name)
    };
    let body = dom.children(doc).find(|&n| is(n, "body")).or_else(|| {
        dom.children(doc)
            .filter(|&n| is(n, "html"))
            .find_map(|html| dom.children(html).find(|&n| is(n, "body")))
    });
    match body {
        Some(body) => dom.children(body).collect(),
        None => dom.children(doc).collect(),
    }
}

/// Elements (lowercased names, selected attributes) and text below the
/// roots, skipping what the core skips; adjacent text joined.
fn signature<A: DomAdapter>(dom: &A) -> String {
    enum Step<N> {
        Open(N),
        Close,
    }
    let mut out = String::new();
    let mut stack: Vec<Step<A::Node>> = roots(dom).into_iter().rev().map(Step::Open).collect();
    let mut in_text = false;
    while let Some(step) = stack.pop() {
        let node = match step {
            Step::Close => {
                out.push(')');
                in_text = false;
                continue;
            }
            Step::Open(node) => node,
        };
        match dom.kind(node) {
            NodeKind::Text => {
                if !in_text {
                    out.push('"');
                }
                out.push_str(&dom.text(node));
                in_text = true;
                // Close the quote lazily: peek whether the next step is text.
                let next_is_text = matches!(
                    stack.last(),
                    Some(Step::Open(n)) if dom.kind(*n) == NodeKind::Text
                );
                if !next_is_text {
                    out.push('"');
                    in_text = false;
                }
            }
            NodeKind::Element => {
                let name = dom.element_name(node).to_ascii_lowercase();
                if ["script", "style", "template"].contains(&name.as_str()) {
                    continue;
                }
                out.push_str(&name);
                for attr in ["id", "class", "href", "title"] {
                    if let Some(value) = dom.attribute(node, attr) {
                        out.push_str(&format!("[{attr}={value:?}]"));
                    }
                }
                out.push('(');
                stack.push(Step::Close);
                let kids: Vec<A::Node> = dom.children(node).collect();
                stack.extend(kids.into_iter().rev().map(Step::Open));
            }
            _ => {}
        }
    }
    out
}

const TEXTS: &[&str] = &[
    "hello",
    " ",
    "world ",
    "\n  ",
    "a&amp;b",
    "&nbsp;",
    "&lt;tag&gt;",
    "x < y",
    "1 <3 2",
    "&notit;",
    "&#x80;&#150;",
    "caf\u{e9}",
    "\r\nline",
    "AT&T",
    "&copy;2024",
    "&#0;",
    "a > b",
    "&quot;q&quot;",
    "&NotEqualTilde;",
    "tab\there",
];

const ATTRS: &[&str] = &[
    "",
    " id=x",
    " class=\"k l\"",
    " href=/a/b",
    " href='/a?x=1&amp;y=2'",
    " title=\"&notit;\"",
    " title=a&not=b",
    " data-x=1",
    " hidden",
    " class=one class=two",
    " ID=up",
];

const VOIDS: &[&str] = &[
    "<br>",
    "<br/>",
    "<BR>",
    "<br />",
    "<img src=/i.png>",
    "<wbr/>",
];

const SKIPPED: &[&str] = &[
    "<script>if (a<b && c>d) { s = \"</div>\"; }</script>",
    "<SCRIPT type=x>a<b</script >",
    "<style>p > a { content: '<i>' }</style>",
    "<script src=/x.js></script>",
    "<!-- a comment <p>x</p> -->",
    "<!---->",
    "<?pi data?>",
];

/// End tags with nothing to close that the standard reads as elements: a
/// stray `</p>` inserts an empty `p` (a block, and a separator where `p`
/// is one), `</br>` a `br`; and a heading's end tag closes a heading of
/// another rank.
const STRAY_END_TAGS: &[&str] = &[
    "</p>",
    "</br>",
    "<p class=x><p>inner</p></p>",
    "x</P>y",
    "<h1>Title</h2><p>after</p>",
    "<h3>Sub</H3>",
];

/// In phrasing content, only a stray `</br>`: a `</p>` there can close a
/// `p` with formatting elements open, which the standard reopens after it
/// (a known gap).
const STRAY_INLINE: &[&str] = &["</br>", "a</BR>b"];

/// Scripting is off in every backend, so `noscript` content is markup.
const NOSCRIPT: &[&str] = &[
    "<noscript><p>no</p></noscript>",
    "<noscript>plain <b>bold</b></noscript>",
    "<NOSCRIPT><img src=p.gif></NOSCRIPT>",
];

/// `noscript` in phrasing content holds phrasing content here: a block in
/// a formatting element is restructured by the standard (a known gap).
const NOSCRIPT_INLINE: &[&str] = &[
    "<noscript>plain <b>bold</b></noscript>",
    "<NOSCRIPT><img src=p.gif></NOSCRIPT>",
];

const RAW_TEXT: &[&str] = &[
    "<textarea>\nT &amp; <b>x</b></textarea>",
    "<iframe>fallback <b>x</b></iframe>",
    "<svg viewBox=\"0 0 1 1\"><path d=\"M0 0\"/><circle/><g><rect/></g></svg>",
    "<title>in body</title>",
];

/// Below this depth, only text and void elements.
const MAX_NESTING: usize = 6;

type Html = BoxedStrategy<String>;

/// The strategies for a node and for a run of sibling nodes at each depth,
/// in phrasing content or not, inside an `<a>` or not: built once, bottom
/// up, so that every level shares the one below.
struct Grammar {
    /// `children[depth][inline_only][in_a]`
    children: Vec<[[Html; 2]; 2]>,
}

impl Grammar {
    fn new() -> Self {
        let leaves: Html = prop_oneof![
            2 => prop::sample::select(TEXTS).prop_map(str::to_owned),
            1 => prop::sample::select(VOIDS).prop_map(str::to_owned),
        ]
        .boxed();
        let run = |node: Html| {
            prop::collection::vec(node, 0..4)
                .prop_map(|nodes| nodes.concat())
                .boxed()
        };
        let mut levels: Vec<[[Html; 2]; 2]> = Vec::new();
        // levels[0] is the deepest level; reversed at the end.
        let deepest = run(leaves.clone());
        levels.push([
            [deepest.clone(), deepest.clone()],
            [deepest.clone(), deepest],
        ]);
        for _ in 0..MAX_NESTING {
            let below = levels.last().expect("the deepest level").clone();
            let level = [false, true].map(|inline_only| {
                [false, true].map(|in_a| run(Self::node(&below, inline_only, in_a)))
            });
            levels.push(level);
        }
        levels.reverse();
        Grammar { children: levels }
    }

    /// One node whose children are drawn from `below`.
    fn node(below: &[[Html; 2]; 2], inline_only: bool, in_a: bool) -> Html {
        let kids = |inline: bool, a: bool| below[usize::from(inline)][usize::from(a)].clone();
        let text = prop::sample::select(TEXTS).prop_map(str::to_owned);
        let void = prop::sample::select(VOIDS).prop_map(str::to_owned);
        // No `<a>` in `<a>`: the standard closes the outer one (a remaining
        // gap).
        let inline = (
            prop::sample::select(&["span", "b", "i", "em", "code", "SPAN"][..]),
            prop::bool::weighted(0.25),
            prop::sample::select(ATTRS),
            kids(true, in_a),
        )
            .prop_map(|(name, upper, attrs, children)| {
                let close = if upper {
                    name.to_ascii_uppercase()
                } else {
                    name.to_owned()
                };
                format!("<{name}{attrs}>{children}</{close}>")
            })
            .boxed();
        let anchor = if in_a {
            inline.clone()
        } else {
            (prop::sample::select(ATTRS), kids(true, true))
                .prop_map(|(attrs, children)| format!("<a{attrs}>{children}</a>"))
                .boxed()
        };
        let skipped = prop::sample::select(SKIPPED).prop_map(str::to_owned);
        let raw = prop::sample::select(RAW_TEXT).prop_map(str::to_owned);
        let (noscript, stray) = match inline_only {
            true => (NOSCRIPT_INLINE, STRAY_INLINE),
            false => (NOSCRIPT, STRAY_END_TAGS),
        };
        let noscript = prop::sample::select(noscript).prop_map(str::to_owned);
        let stray = prop::sample::select(stray).prop_map(str::to_owned);
        if inline_only {
            return prop_oneof![
                8 => text,
                1 => void,
                2 => inline,
                1 => anchor,
                1 => skipped,
                1 => raw,
                1 => noscript,
                1 => stray,
            ]
            .boxed();
        }
        // No headings: one in another is closed by the standard (a gap).
        let block = (
            prop::sample::select(&["div", "section", "blockquote", "DIV", "article"][..]),
            prop::sample::select(ATTRS),
            kids(false, in_a),
        )
            .prop_map(|(name, attrs, children)| format!("<{name}{attrs}>{children}</{name}>"));
        let paragraph = (prop::sample::select(ATTRS), kids(true, in_a))
            .prop_map(|(attrs, children)| format!("<p{attrs}>{children}</p>"));
        let list = prop::collection::vec(kids(false, in_a), 0..3).prop_map(|items| {
            let items: String = items
                .iter()
                .map(|item| format!("<li>{item}</li>"))
                .collect();
            format!("<ul>{items}</ul>")
        });
        let pre = (
            prop::sample::select(&["\n", "\r\n", "", "\n\n"][..]),
            kids(true, in_a),
        )
            .prop_map(|(lead, children)| format!("<pre>{lead}{children}</pre>"));
        let table = kids(false, in_a).prop_map(|cell| {
            format!("<table><tbody><tr><td>{cell}</td><td>c</td></tr></tbody></table>")
        });
        prop_oneof![
            2 => text,
            1 => void,
            2 => inline,
            1 => anchor,
            1 => block,
            1 => paragraph,
            1 => skipped,
            1 => list,
            1 => pre,
            1 => raw,
            1 => noscript,
            1 => stray,
            1 => table,
        ]
        .boxed()
    }

    /// A whole document: body content in one of four shapes of page.
    fn document(&self) -> impl Strategy<Value = String> + use<> {
        let body = self.children[0][0][0].clone();
        ((body.clone(), body).prop_map(|(a, b)| a + &b), 0..6u8).prop_map(|(body, shape)| {
            match shape {
                0 => format!(
                    "<!DOCTYPE html>\n<html lang=en>\n<head>\n<meta charset=utf-8>\n\
                     <title>T &amp; t</title>\n<link rel=stylesheet href=/s.css>\n\
                     <style>body{{}}</style>\n</head>\n<body>{body}</body>\n</html>\n"
                ),
                1 => format!("<title>T</title><meta name=x content=y>{body}"),
                2 => format!(
                    "<!DOCTYPE HTML PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \
                     \"http://www.w3.org/TR/html4/strict.dtd\">\n<HTML><HEAD><TITLE>T</TITLE></HEAD>\
                     <BODY>{body}</BODY></HTML>"
                ),
                // A noscript in head holds a few head elements; anything
                // else closes it (and body content starts the body).
                3 => format!(
                    "<html><head><noscript><link rel=x> <style>a{{}}</style></noscript>\
                     <noscript><img src=p.gif></noscript><title>T</title></head>\
                     <body>{body}</body></html>"
                ),
                4 => format!("<head><noscript>\n<p>in head</p></noscript></head>{body}"),
                _ => body,
            }
        })
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn generated_documents_match_a_standard_parser(html in Grammar::new().document()) {
        let expected =
            signature(&ScraperDom::parse(&html).expect("the parser does not fail on this input"));
        let actual =
            signature(&TlDom::parse(&html).expect("the parser does not fail on this input"));
        prop_assert_eq!(expected, actual, "input: {:?}", html);
    }
}
