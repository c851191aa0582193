//! The tl adapter against the scraper adapter (a standard parser) on
//! generated documents that are well formed, so that the two trees must
//! agree node for node below the content roots.

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
                if ["script", "style", "template", "noscript"].contains(&name.as_str()) {
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

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
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

fn gen_children(rng: &mut Rng, out: &mut String, depth: usize, inline_only: bool, in_a: bool) {
    let count = rng.below(4);
    for _ in 0..count {
        gen_node(rng, out, depth, inline_only, in_a);
    }
}

fn gen_node(rng: &mut Rng, out: &mut String, depth: usize, inline_only: bool, in_a: bool) {
    let choice = if depth > 5 {
        rng.below(3)
    } else {
        rng.below(12)
    };
    match choice {
        0 | 1 => out.push_str(rng.pick(TEXTS)),
        2 => out.push_str(rng.pick(&[
            "<br>",
            "<br/>",
            "<BR>",
            "<br />",
            "<img src=/i.png>",
            "<wbr/>",
        ])),
        3 | 4 => {
            // No `<a>` in `<a>`: the standard closes the outer one (a
            // remaining gap).
            let names: &[&str] = if in_a {
                &["span", "b", "i", "em", "code", "SPAN"]
            } else {
                &["span", "b", "i", "em", "a", "code", "SPAN"]
            };
            let name = rng.pick(names);
            let in_a = in_a || name == "a";
            let close = if rng.below(4) == 0 {
                name.to_ascii_uppercase()
            } else {
                name.to_owned()
            };
            out.push_str(&format!("<{name}{}>", rng.pick(ATTRS)));
            gen_children(rng, out, depth + 1, true, in_a);
            out.push_str(&format!("</{close}>"));
        }
        5 if !inline_only => {
            // No headings: one in another is closed by the standard (a gap).
            let name = rng.pick(&["div", "section", "blockquote", "DIV", "article"]);
            out.push_str(&format!("<{name}{}>", rng.pick(ATTRS)));
            gen_children(rng, out, depth + 1, false, in_a);
            out.push_str(&format!("</{name}>"));
        }
        6 if !inline_only => {
            out.push_str(&format!("<p{}>", rng.pick(ATTRS)));
            gen_children(rng, out, depth + 1, true, in_a);
            out.push_str("</p>");
        }
        7 => out.push_str(rng.pick(&[
            "<script>if (a<b && c>d) { s = \"</div>\"; }</script>",
            "<SCRIPT type=x>a<b</script >",
            "<style>p > a { content: '<i>' }</style>",
            "<script src=/x.js></script>",
            "<!-- a comment <p>x</p> -->",
            "<!---->",
            "<?pi data?>",
            "<noscript><p>no</p></noscript>",
        ])),
        8 if !inline_only => {
            out.push_str("<ul>");
            for _ in 0..rng.below(3) {
                out.push_str("<li>");
                gen_children(rng, out, depth + 1, false, in_a);
                out.push_str("</li>");
            }
            out.push_str("</ul>");
        }
        9 if !inline_only => {
            out.push_str("<pre>");
            out.push_str(rng.pick(&["\n", "\r\n", "", "\n\n"]));
            gen_children(rng, out, depth + 1, true, in_a);
            out.push_str("</pre>");
        }
        10 => out.push_str(rng.pick(&[
            "<textarea>\nT &amp; <b>x</b></textarea>",
            "<iframe>fallback <b>x</b></iframe>",
            "<svg viewBox=\"0 0 1 1\"><path d=\"M0 0\"/><circle/><g><rect/></g></svg>",
            "<title>in body</title>",
        ])),
        11 if !inline_only => {
            out.push_str("<table><tbody><tr><td>");
            gen_children(rng, out, depth + 1, false, in_a);
            out.push_str("</td><td>c</td></tr></tbody></table>");
        }
        _ => out.push_str(rng.pick(TEXTS)),
    }
}

fn gen_document(rng: &mut Rng) -> String {
    let mut body = String::new();
    gen_children(rng, &mut body, 0, false, false);
    gen_children(rng, &mut body, 0, false, false);
    match rng.below(4) {
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
        _ => body,
    }
}

#[test]
fn generated_documents_match_a_standard_parser() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut failures = Vec::new();
    for _ in 0..3000 {
        let html = gen_document(&mut rng);
        let expected =
            signature(&ScraperDom::parse(&html).expect("the parser does not fail on this input"));
        let actual =
            signature(&TlDom::parse(&html).expect("the parser does not fail on this input"));
        if expected != actual {
            failures.push(format!(
                "input:    {html:?}\nscraper:  {expected:?}\ntl:       {actual:?}\n"
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} mismatches, first ones:\n{}",
        failures.len(),
        failures[..failures.len().min(5)].join("\n")
    );
}
