//! SPEC §6 invariants and SPEC §7 offsets as property tests over generated
//! HTML, in both whitespace modes, on every backend and with every sizer.

use crate::common;

use std::ops::Range;
use std::sync::LazyLock;

use html_splitter::{
    Backend, Bytes, Characters, Chunks, Format, Html5everDom, HuggingFace, Links, ScraperDom,
    SizeFn, Sizer, Splitter, SplitterConfig, Tiktoken, TlDom, Utf16, Whitespace,
};
use proptest::prelude::*;
use splitter_testkit as testing;

/// A generated tree, rendered to well-nested HTML so that the parser keeps
/// its shape (no implied end tags, no foster parenting).
#[derive(Debug, Clone)]
enum Node {
    Text(String),
    /// An element; the generator keeps phrasing-only elements free of blocks.
    Element {
        tag: &'static str,
        class: Option<&'static str>,
        children: Vec<Node>,
    },
    Void(&'static str),
    /// A table: rows of cells, each with its `colspan` and inline content.
    Table(Vec<Vec<(usize, Vec<Node>)>>),
    Script(String),
    Comment(String),
}

fn text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        4 => "[a-z]{1,9}",
        2 => Just(" ".to_owned()),
        1 => Just("\n  ".to_owned()),
        1 => Just("&amp;".to_owned()),
        1 => Just("&nbsp;".to_owned()),
        1 => Just("&lt;x&gt;".to_owned()),
        1 => Just("é".to_owned()),
        1 => Just("e\u{301}".to_owned()),
        1 => Just("🦀".to_owned()),
        1 => Just("日本語".to_owned()),
        1 => Just(". ".to_owned()),
    ];
    prop::collection::vec(piece, 1..8).prop_map(|pieces| pieces.concat())
}

fn class() -> impl Strategy<Value = Option<&'static str>> {
    prop_oneof![3 => Just(None), 1 => Just(Some("keep")), 1 => Just(Some("sep"))]
}

fn inline_node() -> impl Strategy<Value = Node> {
    let leaf = prop_oneof![
        6 => text().prop_map(Node::Text),
        1 => Just(Node::Void("br")),
        1 => "[a-z ]{0,8}".prop_map(Node::Comment),
    ];
    leaf.prop_recursive(4, 24, 4, |inner| {
        (
            // No `a`: an `a` inside an `a` is restructured by the spec parser.
            prop::sample::select(vec!["span", "b", "i", "em", "code"]),
            class(),
            prop::collection::vec(inner, 0..4),
        )
            .prop_map(|(tag, class, children)| Node::Element {
                tag,
                class,
                children,
            })
    })
}

fn table_node() -> impl Strategy<Value = Node> {
    let cell = (1usize..3, prop::collection::vec(inline_node(), 0..3));
    prop::collection::vec(prop::collection::vec(cell, 1..4), 1..4).prop_map(Node::Table)
}

fn block_node() -> impl Strategy<Value = Node> {
    let leaf = prop_oneof![
        4 => inline_node(),
        1 => table_node(),
        1 => Just(Node::Void("hr")),
        1 => "[a-z<> ]{0,8}".prop_map(Node::Script),
        3 => (
            prop::sample::select(vec!["p", "h2", "h3", "pre", "li"]),
            class(),
            prop::collection::vec(inline_node(), 0..4)
        )
            .prop_map(|(tag, class, children)| Node::Element { tag, class, children }),
    ];
    leaf.prop_recursive(5, 48, 5, |inner| {
        (
            prop::sample::select(vec![
                "div",
                "section",
                "article",
                "blockquote",
                "emu-clause",
                "ul",
                "ol",
            ]),
            class(),
            prop::collection::vec(inner, 0..5),
        )
            .prop_map(|(tag, class, children)| Node::Element {
                tag,
                class,
                children,
            })
    })
}

fn render(node: &Node, out: &mut String) {
    match node {
        Node::Text(text) => out.push_str(text),
        Node::Element {
            tag,
            class,
            children,
        } => {
            out.push('<');
            out.push_str(tag);
            if let Some(class) = class {
                out.push_str(" class=\"");
                out.push_str(class);
                out.push('"');
            }
            out.push('>');
            // A parser drops one line break right after `<pre>`: written
            // always, it goes whatever the first child is, so a page and
            // the same page without an element before a text starting with
            // a line break (`without_class`) parse to the same text.
            if *tag == "pre" {
                out.push('\n');
            }
            for child in children {
                render(child, out);
            }
            out.push_str("</");
            out.push_str(tag);
            out.push('>');
        }
        Node::Void(tag) => {
            out.push('<');
            out.push_str(tag);
            out.push('>');
        }
        Node::Table(rows) => {
            out.push_str("<table><tbody>");
            for (index, row) in rows.iter().enumerate() {
                out.push_str("<tr>");
                for (colspan, content) in row {
                    let tag = if index == 0 { "th" } else { "td" };
                    out.push_str(&format!("<{tag} colspan=\"{colspan}\">"));
                    for node in content {
                        render(node, out);
                    }
                    out.push_str(&format!("</{tag}>"));
                }
                out.push_str("</tr>");
            }
            out.push_str("</tbody></table>");
        }
        Node::Script(body) => {
            out.push_str("<script>");
            out.push_str(&body.replace('<', " "));
            out.push_str("</script>");
        }
        Node::Comment(body) => {
            out.push_str("<!--");
            out.push_str(body);
            out.push_str("-->");
        }
    }
}

fn render_all(nodes: &[Node]) -> String {
    let mut html = String::new();
    for node in nodes {
        render(node, &mut html);
    }
    html
}

/// The spans of the outermost protected elements in the canonical text the
/// backend gives (see `splitter_testkit::protected_spans`).
fn protected_spans<S>(backend: Backend, splitter: &Splitter<S>, html: &str) -> Vec<Range<usize>> {
    let parsed = "the backend parses this input";
    match backend {
        Backend::Html5ever => {
            testing::protected_spans(splitter, &Html5everDom::parse(html).expect(parsed))
        }
        Backend::Scraper => {
            testing::protected_spans(splitter, &ScraperDom::parse(html).expect(parsed))
        }
        Backend::Tl => testing::protected_spans(splitter, &TlDom::parse(html).expect(parsed)),
        other => panic!("no parser for {other} in this test"),
    }
}

/// The text forms: plain text as authored or normalized, Markdown with
/// links as text or inline.
fn form() -> impl Strategy<Value = (Whitespace, Format, Links)> {
    prop::sample::select(vec![
        (Whitespace::Preserve, Format::Text, Links::Text),
        (Whitespace::Normalize, Format::Text, Links::Text),
        (Whitespace::Normalize, Format::Markdown, Links::Text),
        (Whitespace::Normalize, Format::Markdown, Links::Inline),
    ])
}

fn config() -> impl Strategy<Value = SplitterConfig> {
    (
        1usize..60,
        prop::option::of(0usize..40),
        prop::sample::subsequence(vec!["h2", "p", "br", ".sep", "section > h3"], 0..=3),
        prop::sample::subsequence(vec![".keep", "pre"], 0..=2),
        form(),
        any::<bool>(),
    )
        .prop_map(
            |(
                chunk_size,
                extra,
                separators,
                never,
                (whitespace, format, links),
                heading_context,
            )| {
                SplitterConfig {
                    max_chunk_size: extra.map(|extra| chunk_size + extra),
                    separators: separators.into_iter().map(str::to_owned).collect(),
                    never_break_within: never.into_iter().map(str::to_owned).collect(),
                    whitespace,
                    format,
                    links,
                    heading_context,
                    ..SplitterConfig::new(chunk_size)
                }
            },
        )
}

/// Every sizer, by name. Their sizes differ by unit, but the invariants are
/// the same. A cap below the size of one character cannot be held (the
/// character stands alone), so sizers whose characters cost more than one
/// unit get caps of at least 4.
fn sizers() -> &'static [(&'static str, Box<dyn Sizer + Send + Sync>)] {
    static SIZERS: LazyLock<Vec<(&str, Box<dyn Sizer + Send + Sync>)>> =
        LazyLock::new(build_sizers);
    &SIZERS
}

fn build_sizers() -> Vec<(&'static str, Box<dyn Sizer + Send + Sync>)> {
    let tokenizer = common::word_level(&["[UNK]", "a", "b", "the", "x"]);
    vec![
        ("characters", Box::new(Characters)),
        ("bytes", Box::new(Bytes)),
        ("utf16", Box::new(Utf16)),
        (
            "tiktoken",
            Box::new(Tiktoken::new("cl100k_base").expect("ships with tiktoken-rs")),
        ),
        (
            "huggingface",
            Box::new(HuggingFace::from_tokenizer(tokenizer).expect("a tokenizer")),
        ),
        (
            "closure: words",
            Box::new(SizeFn(|text: &str| text.split_whitespace().count())),
        ),
        // Costs more merged than apart: every line is charged per line.
        (
            "closure: bytes × lines",
            Box::new(SizeFn(|text: &str| {
                text.len() * text.lines().count().max(1)
            })),
        ),
    ]
}

/// `config` with a cap of at least 4 for sizers other than characters (one
/// character can cost up to 4 bytes or tokens), and the target within it.
fn sized_for(sizer: &str, mut config: SplitterConfig) -> SplitterConfig {
    let min = if sizer == "characters" { 1 } else { 4 };
    config.max_chunk_size = config.max_chunk_size.map(|max| max.max(min));
    config.chunk_size = config
        .chunk_size
        .min(config.max_chunk_size.unwrap_or(usize::MAX));
    config
}

/// Invariants 1–3, through the one checker the project shares, and SPEC §7's
/// offsets: `text[startIndex:endIndex]` (in Unicode scalar values) is the
/// chunk.
fn check_invariants<S: Sizer>(splitter: &Splitter<S>, chunks: &Chunks, label: &str) {
    if let Err(violation) = chunks.check(splitter.sizer(), splitter.config().max_chunk_size) {
        panic!("[{label}] {violation}");
    }
    let text: Vec<char> = chunks.canonical_text().chars().collect();
    for chunk in chunks {
        let slice: String = text[chunk.provenance.start_index..chunk.provenance.end_index]
            .iter()
            .collect();
        let chars: Vec<char> = chunk.text.chars().collect();
        let own: String = chars
            [chunk.provenance.prefix_length..chars.len() - chunk.provenance.suffix_length]
            .iter()
            .collect();
        assert_eq!(slice, own, "[{label}] offsets of {chunk:?}");
        // What a chunk carries (SPEC §5.1) is at most half of the target.
        let carried: String = chars[..chunk.provenance.prefix_length]
            .iter()
            .chain(&chars[chars.len() - chunk.provenance.suffix_length..])
            .collect();
        assert!(
            splitter.sizer().size(&carried) * 2 <= splitter.config().chunk_size
                || !splitter.sizer().is_additive(),
            "[{label}] {chunk:?} carries more than half of the target"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_on_generated_html(
        nodes in prop::collection::vec(block_node(), 0..6),
        config in config(),
    ) {
        let splitter = Splitter::new(config).expect("generated configs are valid");
        invariants_hold(&nodes, &splitter)?;
    }

    #[test]
    fn invariants_hold_with_every_sizer(
        nodes in prop::collection::vec(block_node(), 0..6),
        config in config(),
        sizer in 0..7usize,
    ) {
        let (name, sizer) = &sizers()[sizer];
        let splitter = Splitter::with_sizer(sized_for(name, config), &**sizer)
            .expect("generated configs are valid");
        invariants_hold(&nodes, &splitter).map_err(|err| TestCaseError::fail(format!("[{name}] {err}")))?;
    }

    /// The sizers that are not additive (tokens, closures) are estimated on
    /// documents of 8 KiB of text and more; here on every document, so that
    /// generated HTML reaches the estimates and their corrections.
    #[test]
    fn invariants_hold_with_estimated_sizes(
        nodes in prop::collection::vec(block_node(), 0..6),
        config in config(),
        sizer in 3..7usize,
    ) {
        let (name, sizer) = &sizers()[sizer];
        prop_assume!(!sizer.is_additive());
        let splitter = Splitter::with_sizer(sized_for(name, config), &**sizer)
            .expect("generated configs are valid")
            .estimating_small_documents();
        invariants_hold(&nodes, &splitter).map_err(|err| TestCaseError::fail(format!("[{name}] {err}")))?;
    }
}

fn invariants_hold<S: Sizer>(nodes: &[Node], splitter: &Splitter<S>) -> Result<(), TestCaseError> {
    {
        let html = render_all(nodes);
        let mut spec_parsers: Vec<Vec<String>> = Vec::new();
        for &backend in Backend::ALL {
            let chunks = backend
                .split(splitter, &html)
                .expect("the backend parses this input");
            check_invariants(splitter, &chunks, backend.name());
            // 5. deterministic
            prop_assert_eq!(
                &chunks,
                &backend
                    .split(splitter, &html)
                    .expect("the backend parses this input")
            );
            // 4. a protected element that fits the cap lies inside one chunk:
            // its span inside one chunk's span.
            let canonical = chunks.canonical_text();
            for span in protected_spans(backend, splitter, &html) {
                let text = &canonical[span.clone()];
                // What a chunk carries (SPEC §5.1) counts toward the cap:
                // an element is sure to be kept whole when it fits with the
                // most a chunk can carry, half of the target.
                let carries = splitter.config().format == Format::Markdown
                    || splitter.config().heading_context;
                let most_carried = if carries {
                    splitter.config().chunk_size / 2
                } else {
                    0
                };
                let fits = splitter.config().max_chunk_size.is_none_or(|max| {
                    splitter.sizer().size(text).saturating_add(most_carried) <= max
                });
                if fits {
                    prop_assert!(
                        chunks
                            .spans()
                            .iter()
                            .any(|chunk| chunk.start <= span.start && span.end <= chunk.end),
                        "[{}] protected text {:?} at {:?} is not inside one chunk of {:?} at {:?}",
                        backend.name(),
                        text,
                        span,
                        chunks.to_strings(),
                        chunks.spans()
                    );
                }
            }
            // html5ever and scraper run the same spec parser: same chunks.
            if matches!(backend, Backend::Html5ever | Backend::Scraper) {
                spec_parsers.push(chunks.to_strings());
            }
        }
        prop_assert_eq!(spec_parsers.len(), 2, "html5ever and scraper both ran");
        prop_assert_eq!(
            &spec_parsers[0],
            &spec_parsers[1],
            "html5ever and scraper differ"
        );
    }
    Ok(())
}

/// `nodes` without the elements of class `class`, and everything inside.
fn without_class(nodes: &[Node], class: &str) -> Vec<Node> {
    nodes
        .iter()
        .filter(|node| !matches!(node, Node::Element { class: Some(c), .. } if *c == class))
        .map(|node| match node {
            Node::Element {
                tag,
                class: own,
                children,
            } => Node::Element {
                tag,
                class: *own,
                children: without_class(children, class),
            },
            Node::Table(rows) => Node::Table(
                rows.iter()
                    .map(|row| {
                        row.iter()
                            .map(|(colspan, content)| (*colspan, without_class(content, class)))
                            .collect()
                    })
                    .collect(),
            ),
            other => other.clone(),
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// SPEC §3.3: excluding an element removes exactly its text: the
    /// canonical text is that of the page without it, and the invariants
    /// hold. (The chunks may differ: without the element, the parser joins
    /// the text nodes on either side into one. So may whitespace at a line's
    /// ends, which `line_ends_trimmed` leaves out of the comparison: with
    /// `whitespace: "preserve"`, `<div>a<span class="sep"></span> </div>`
    /// is `a`, the excluded element leaving the space a whitespace-only
    /// text node at the end of a block, which §3 drops, while `<div>a </div>`
    /// is `a `, the space being part of a text node holding other
    /// characters, which §3 keeps as authored.)
    #[test]
    fn excluding_removes_exactly_the_excluded_text(
        nodes in prop::collection::vec(block_node(), 0..6),
        config in config(),
    ) {
        let mut plain = config;
        plain.separators.retain(|selector| selector != ".sep");
        let excluding = SplitterConfig {
            exclude: vec![".sep".to_owned()],
            ..plain.clone()
        };
        let excluding = Splitter::new(excluding).expect("generated configs are valid");
        let plain = Splitter::new(plain).expect("generated configs are valid");
        let html = render_all(&nodes);
        let stripped = render_all(&without_class(&nodes, "sep"));
        for &backend in Backend::ALL {
            let chunks = backend.split(&excluding, &html).expect("the backend parses this input");
            check_invariants(&excluding, &chunks, backend.name());
            let expected = backend.split(&plain, &stripped).expect("the backend parses this input");
            prop_assert_eq!(
                line_ends_trimmed(chunks.canonical_text()),
                line_ends_trimmed(expected.canonical_text()),
                "[{}]",
                backend.name()
            );
        }
    }
}

/// `text` with the whitespace at its ends removed and every run of
/// whitespace holding a line break made one `"\n"`; other runs (inside a
/// line) are kept as they are.
fn line_ends_trimmed(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut run = String::new();
    for c in text.chars() {
        if c.is_whitespace() {
            run.push(c);
            continue;
        }
        if !out.is_empty() {
            out.push_str(if run.contains('\n') { "\n" } else { &run });
        }
        run.clear();
        out.push(c);
    }
    out
}

#[test]
fn line_ends_trimmed_keeps_what_lies_between() {
    assert_eq!(line_ends_trimmed(" a  b \n\tc\n  \n d\n "), "a  b\nc\nd");
    assert_eq!(line_ends_trimmed(" \n "), "");
}

/// The case the property test found (2026-12-04): in preserve mode,
/// whitespace left at a block's end by an excluded element is dropped, the
/// same whitespace in a text node with other characters kept (SPEC §3).
#[test]
fn excluded_element_before_trailing_whitespace_in_preserve_mode() {
    let config = |exclude: &[&str]| {
        let mut config = SplitterConfig::new(100);
        config.whitespace = Whitespace::Preserve;
        config.exclude = exclude.iter().map(|s| (*s).to_owned()).collect();
        Splitter::new(config).expect("valid")
    };
    let (excluding, plain) = (config(&[".sep"]), config(&[]));
    for &backend in Backend::ALL {
        let split = |splitter: &Splitter, html: &str| {
            backend
                .split(splitter, html)
                .expect("the backend parses this input")
                .canonical_text()
                .to_owned()
        };
        let html = r#"<div><span>&lt;x&gt;<span class="sep">gone</span> </span></div><p> b</p>"#;
        assert_eq!(split(&excluding, html), "<x>\n b", "{backend}");
        assert_eq!(
            split(&plain, r#"<div><span>&lt;x&gt; </span></div><p> b</p>"#),
            "<x> \n b",
            "{backend}"
        );
    }
}

#[test]
fn merged_chunks_keep_document_boundaries() {
    let splitter = Splitter::new(SplitterConfig::new(8)).expect("valid");
    for &backend in Backend::ALL {
        let chunks = backend
            .split(&splitter, "<div><p>aa</p><p>bb</p><p>cccccccccc</p></div>")
            .expect("the backend parses this input");
        assert_eq!(chunks.to_strings(), ["aa\nbb", "cccccccccc"], "{backend}");
    }
}

/// A page for `content: "main"`: parts of generated content, each bare or
/// inside a wrapper that the detection reads (a marker, furniture, a
/// boilerplate class, hidden, a layer, a folded panel, a tally, a table
/// of contents), with paragraphs long enough to be prose.
fn framed_page() -> impl Strategy<Value = String> {
    let wrapper = prop::sample::select(vec![
        ("", ""),
        ("<main>", "</main>"),
        ("<article>", "</article>"),
        ("<div class=\"entry-content\">", "</div>"),
        ("<nav>", "</nav>"),
        ("<aside>", "</aside>"),
        ("<footer>", "</footer>"),
        ("<header>", "</header>"),
        ("<div class=\"share-bar\">", "</div>"),
        ("<div class=\"sidebar\">", "</div>"),
        ("<div hidden>", "</div>"),
        ("<div style=\"display:none\">", "</div>"),
        ("<div itemprop=\"articleBody\">", "</div>"),
        ("<div popover>", "</div>"),
        ("<div hidden=\"until-found\">", "</div>"),
        ("<div itemprop=\"interactionStatistic\">", "</div>"),
        ("<div class=\"message-userExtras\">", "</div>"),
        ("<ul><li><a href=\"/elsewhere\">", "</a></li></ul>"),
        (
            "<div><p>On this page</p><ul><li><a href=\"#here\">",
            "</a></li><li><a href=\"#there\">There</a></li></ul></div>",
        ),
    ]);
    let prose = "[a-z]{2,8}( [a-z]{1,8}){8,16}[.]".prop_map(|text| format!("<p>{text}</p>"));
    let part = prop_oneof![
        2 => prop::collection::vec(block_node(), 0..3).prop_map(|nodes| render_all(&nodes)),
        2 => prop::collection::vec(prose, 1..4).prop_map(|paragraphs| paragraphs.concat()),
    ];
    let framed = (wrapper, prop::collection::vec(part, 1..3))
        .prop_map(|((open, close), parts)| format!("{open}{}{close}", parts.concat()));
    // Sometimes the page says it all twice (a print copy, a quoted post),
    // so that the rule against copies meets these invariants too.
    (prop::collection::vec(framed, 0..6), any::<bool>()).prop_map(|(parts, twice)| {
        let page = parts.concat();
        if twice { format!("{page}{page}") } else { page }
    })
}

fn visible(text: &str) -> Vec<char> {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Whether `inner` is a subsequence of `outer`.
fn is_subsequence(inner: &[char], outer: &[char]) -> bool {
    let mut rest = outer.iter();
    inner.iter().all(|c| rest.any(|o| o == c))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, ..ProptestConfig::default() })]

    /// `content: "main"` keeps a part of what `"all"` keeps, in document
    /// order (its characters other than whitespace are a subsequence of
    /// all's), never nothing when all keeps something visible, and the
    /// SPEC §6 invariants hold for it in every form.
    #[test]
    fn main_content_is_a_subsequence_of_all(html in framed_page(), config in config()) {
        let all = Splitter::new(SplitterConfig::new(100_000)).expect("valid");
        let main = Splitter::new(SplitterConfig {
            content: html_splitter::Content::Main,
            ..SplitterConfig::new(100_000)
        })
        .expect("valid");
        let chunked = Splitter::new(SplitterConfig {
            content: html_splitter::Content::Main,
            ..config
        })
        .expect("generated configs are valid");
        for &backend in Backend::ALL {
            let parse = "the backend parses this input";
            let everything = visible(backend.split(&all, &html).expect(parse).canonical_text());
            let found = visible(backend.split(&main, &html).expect(parse).canonical_text());
            prop_assert!(
                is_subsequence(&found, &everything),
                "[{}] main {:?} is not a subsequence of all {:?}",
                backend.name(),
                found.iter().collect::<String>(),
                everything.iter().collect::<String>()
            );
            prop_assert!(
                everything.is_empty() || !found.is_empty(),
                "[{}] main lost all of {:?}",
                backend.name(),
                everything.iter().collect::<String>()
            );
            let chunks = backend.split(&chunked, &html).expect(parse);
            check_invariants(&chunked, &chunks, backend.name());
        }
    }
}

/// A page of sections, headings and paragraphs whose heading texts
/// (`Heading 3`) never occur in a paragraph (lowercase words), so that a
/// chunk ending with one is found for sure.
fn outline_page() -> impl Strategy<Value = String> {
    #[derive(Debug, Clone)]
    enum Part {
        Heading(u8),
        Paragraph(String),
        Section(Vec<Part>),
    }
    let leaf = prop_oneof![
        2 => (1u8..=6).prop_map(Part::Heading),
        3 => "[a-z]{1,12}( [a-z]{1,12}){0,12}".prop_map(Part::Paragraph),
    ];
    let part = leaf.prop_recursive(3, 40, 6, |inner| {
        prop::collection::vec(inner, 1..6).prop_map(Part::Section)
    });
    fn render(parts: &[Part], number: &mut usize, out: &mut String) {
        for part in parts {
            match part {
                Part::Heading(rank) => {
                    *number += 1;
                    out.push_str(&format!("<h{rank}>Heading {number}</h{rank}>\n"));
                }
                Part::Paragraph(text) => out.push_str(&format!("<p>{text}</p>\n")),
                Part::Section(inner) => {
                    out.push_str("<section>");
                    render(inner, number, out);
                    // A section kept whole that ends with a heading would
                    // end its chunk with it: SPEC §5 joins heading segments
                    // only.
                    if matches!(inner.last(), Some(Part::Heading(_))) {
                        out.push_str("<p>closing words</p>");
                    }
                    out.push_str("</section>\n");
                }
            }
        }
    }
    prop::collection::vec(part, 0..10).prop_map(|parts| {
        let mut out = String::new();
        render(&parts, &mut 0, &mut out);
        out
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// SPEC §5: a heading is kept with what follows it, so no chunk but a
    /// document's last ends with one, unless it holds nothing else (a
    /// heading and what follows it over the cap); every backend agrees.
    #[test]
    fn no_chunk_but_the_last_ends_with_a_heading(
        html in outline_page(),
        config in config(),
        headings_separate in any::<bool>(),
    ) {
        // Only heading segments are joined (SPEC §5): a group kept whole
        // that ends with a heading (`<p>` as a separator before an `<h3>`,
        // an element in `neverBreakWithin`) ends its chunk with it. So the
        // separators here are none or every heading, and nothing is
        // protected.
        let separators = match headings_separate {
            true => ["h1", "h2", "h3", "h4", "h5", "h6"].map(str::to_owned).to_vec(),
            false => Vec::new(),
        };
        // A heading is a heading segment only if it fits the target with
        // what its chunk carries (a heading path, at most half the target):
        // at 40 characters the longest generated heading does.
        let config = SplitterConfig {
            chunk_size: config.chunk_size + 40,
            max_chunk_size: config.max_chunk_size.map(|max| max + 40),
            separators,
            never_break_within: Vec::new(),
            ..config
        };
        let splitter = Splitter::from_config(config).expect("generated configs are valid");
        let results = conformance::split_all(&splitter, &html);
        let (_, first) = &results[0];
        for (backend, chunks) in &results {
            let is_heading = |line: &str| {
                line.strip_prefix("Heading ")
                    .is_some_and(|number| number.bytes().all(|b| b.is_ascii_digit()))
            };
            let ending = conformance::chunks_ending_with(chunks, is_heading);
            prop_assert!(
                ending.is_empty(),
                "[{}] chunks {:?} end with a heading: {:?}",
                backend,
                ending,
                chunks.texts().collect::<Vec<_>>()
            );
            prop_assert_eq!(
                first.texts().collect::<Vec<_>>(),
                chunks.texts().collect::<Vec<_>>(),
                "[{}]",
                backend
            );
        }
    }
}

#[test]
fn a_heading_at_a_chunks_end_is_found() {
    let splitter = Splitter::from_config(SplitterConfig::new(30)).expect("valid config");
    let chunks = Backend::Html5ever
        .split(
            &splitter,
            "<p>Intro paragraph.</p><h2>Next</h2><p>Body of the next one.</p>",
        )
        .expect("the backend parses this input");
    // The heading joins what follows.
    assert_eq!(
        chunks.texts().collect::<Vec<_>>(),
        ["Intro paragraph.", "Next\nBody of the next one."]
    );
    assert!(conformance::chunks_ending_with_a_heading(&chunks).is_empty());
    // An element kept whole that ends with a heading is not a heading
    // segment: its chunk ends with the heading, and the check finds it.
    let config = SplitterConfig {
        never_break_within: vec![".keep".to_owned()],
        ..SplitterConfig::new(30)
    };
    let splitter = Splitter::from_config(config).expect("valid config");
    let chunks = Backend::Html5ever
        .split(
            &splitter,
            "<div class=keep><p>Intro paragraph.</p><h2>Next</h2></div><p>Body of the next one.</p>",
        )
        .expect("the backend parses this input");
    assert_eq!(
        chunks.texts().collect::<Vec<_>>(),
        ["Intro paragraph.\nNext", "Body of the next one."]
    );
    assert_eq!(conformance::chunks_ending_with_a_heading(&chunks), [0]);
    assert!(conformance::check_headings_start_chunks(&chunks).is_err());
}
