//! The Markdown form of the canonical text (SPEC §3.2), element by element,
//! on every backend, and read back by a CommonMark parser with GitHub's
//! tables (pulldown-cmark) as the structure it came from.

use conformance::split_all;
use html_splitter::{Format, Links, Splitter, SplitterConfig};
use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

fn markdown_splitter(chunk_size: usize, configure: impl FnOnce(&mut SplitterConfig)) -> Splitter {
    let mut config = SplitterConfig::new(chunk_size);
    config.format = Format::Markdown;
    configure(&mut config);
    Splitter::new(config).expect("a valid config")
}

/// The whole document's Markdown, the same on every backend.
fn markdown(html: &str) -> String {
    markdown_with(html, |_| {})
}

fn markdown_with(html: &str, configure: impl FnOnce(&mut SplitterConfig)) -> String {
    let splitter = markdown_splitter(usize::MAX / 4, configure);
    let all = split_all(&splitter, html);
    let text = all[0].1.to_strings().concat();
    for (backend, chunks) in &all {
        assert_eq!(chunks.to_strings().concat(), text, "[{backend}] {html}");
    }
    text
}

#[test]
fn lists_nest_and_number_from_start() {
    assert_eq!(
        markdown("<ol start=\"9\"><li>nine<ol><li>inner</li></ol></li><li>ten</li></ol>"),
        "9. nine\n   1. inner\n10. ten"
    );
    assert_eq!(
        markdown("<ul><li><p>para one</p><p>para two</p></li><li>next</li></ul>"),
        "- para one\n\n  para two\n- next"
    );
}

#[test]
fn quotes_prefix_every_line_and_nest() {
    assert_eq!(
        markdown(
            "<blockquote><p>a</p><blockquote><p>b</p></blockquote><ul><li>c</li></ul></blockquote>"
        ),
        "> a\n>\n> > b\n>\n> - c"
    );
    // Two quotes in a row stay two quotes: the blank line between them has
    // no marker.
    assert_eq!(
        markdown("<blockquote>one</blockquote><blockquote>two</blockquote>"),
        "> one\n\n> two"
    );
}

#[test]
fn code_blocks_fence_their_text_as_authored() {
    assert_eq!(
        markdown("<pre>  indented\n    more</pre>"),
        "```\n  indented\n    more\n```"
    );
    // A fence is longer than any run of backticks inside.
    assert_eq!(
        markdown("<pre><code class=\"lang-md\">```\nx\n```\n</code></pre>"),
        "````md\n```\nx\n```\n````"
    );
    // In a list item, every line of the block is indented.
    assert_eq!(
        markdown("<ul><li>run<pre>a\nb</pre></li></ul>"),
        "- run\n\n  ```\n  a\n  b\n  ```"
    );
}

#[test]
fn code_spans_and_emphasis() {
    assert_eq!(markdown("<p>use <code>a`b</code></p>"), "use ``a`b``");
    assert_eq!(markdown("<p><code>`tick</code></p>"), "`` `tick ``");
    assert_eq!(
        markdown("<p>a<b> bold </b>b <em>it</em> <i></i>c</p>"),
        "a **bold** b *it* c"
    );
    // No markers inside code.
    assert_eq!(markdown("<p><code>x <b>y</b></code></p>"), "`x y`");
}

#[test]
fn links_and_images() {
    let html = r#"<p><a href="/a">text</a> <a>plain</a> <a href="/b"></a><img src="i.png"></p>"#;
    assert_eq!(markdown(html), "text plain");
    assert_eq!(
        markdown_with(html, |config| config.links = Links::Inline),
        "[text](/a) plain ![](i.png)"
    );
}

#[test]
fn headings_rules_definitions_and_breaks() {
    assert_eq!(
        markdown("<h3>A<br>title</h3><p>one<br>two</p><hr><dl><dt>T</dt><dd>D</dd><dd>E</dd></dl>"),
        "### A title\n\none\ntwo\n\n---\n\nT\n: D\n: E"
    );
}

#[test]
fn text_that_would_read_as_structure_is_escaped() {
    assert_eq!(
        markdown(
            "<p># not a heading</p><p>- not an item</p><p>1. not a list</p><p>> not a quote</p>"
        ),
        "\\# not a heading\n\n\\- not an item\n\n1\\. not a list\n\n\\> not a quote"
    );
    // Only at the start of a line.
    assert_eq!(markdown("<p>a # b - c</p>"), "a # b - c");
}

#[test]
fn tables_expand_spans_pad_rows_and_join_header_rows() {
    let html = r#"<table><caption>Sizes</caption>
        <thead><tr><th rowspan="2">Name</th><th colspan="2">Size</th></tr>
               <tr><th>min</th><th>max</th></tr></thead>
        <tbody><tr><td rowspan="2">a|b</td><td>1</td><td>2</td></tr>
               <tr><td>3</td></tr>
               <tr><td>c</td></tr></tbody></table>"#;
    assert_eq!(
        markdown(html),
        "Sizes\n\n\
         | Name | Size / min | Size / max |\n\
         | --- | --- | --- |\n\
         | a\\|b | 1 | 2 |\n\
         | a\\|b | 3 | |\n\
         | c | | |"
    );
    // A table inside a cell is its text.
    assert_eq!(
        markdown(
            "<table><tr><td>x<table><tr><td>in</td><td>ner</td></tr></table></td></tr></table>"
        ),
        "| x in ner |\n| --- |"
    );
    // Without rows, nothing.
    assert_eq!(markdown("<p>a</p><table></table><p>b</p>"), "a\n\nb");
}

#[test]
fn a_table_split_across_chunks_repeats_its_header() {
    let rows: String = (0..12)
        .map(|i| format!("<tr><td>row {i}</td><td>value {i}</td></tr>"))
        .collect();
    let html = format!("<table><tr><th>Key</th><th>Value</th></tr>{rows}</table>");
    let splitter = markdown_splitter(80, |config| config.max_chunk_size = Some(100));
    for (backend, chunks) in split_all(&splitter, &html) {
        assert!(chunks.len() > 2, "[{backend}] {:?}", chunks.to_strings());
        for chunk in &chunks {
            assert!(
                chunk
                    .text
                    .starts_with("| Key | Value |\n| --- | --- |\n| row "),
                "[{backend}] {:?}",
                chunk.text
            );
            assert!(
                chunk.text.chars().count() <= 100,
                "[{backend}] {:?}",
                chunk.text
            );
        }
        let first = chunks.get(0).expect("a chunk");
        assert_eq!(
            first.prefix_length, 0,
            "[{backend}] the first chunk has its own header"
        );
        let second = chunks.get(1).expect("a chunk");
        assert_eq!(
            second.prefix_length,
            "| Key | Value |\n| --- | --- |\n".len()
        );
    }
}

#[test]
fn a_code_block_split_across_chunks_keeps_its_fences() {
    let code: String = (0..30).map(|i| format!("let x{i} = {i};\n")).collect();
    let html = format!("<pre><code class=\"language-rust\">{code}</code></pre>");
    let splitter = markdown_splitter(120, |config| config.max_chunk_size = Some(150));
    for (backend, chunks) in split_all(&splitter, &html) {
        assert!(chunks.len() > 2, "[{backend}]");
        for chunk in &chunks {
            assert!(
                chunk.text.starts_with("```rust\n"),
                "[{backend}] {:?}",
                chunk.text
            );
            assert!(
                chunk.text.ends_with("\n```"),
                "[{backend}] {:?}",
                chunk.text
            );
            assert!(
                chunk.text.chars().count() <= 150,
                "[{backend}] {:?}",
                chunk.text
            );
        }
    }
}

/// What a CommonMark reader sees: heading texts, table header rows, code
/// blocks and the words of the text.
#[derive(Debug, Default, PartialEq)]
struct ReadBack {
    headings: Vec<String>,
    table_headers: Vec<Vec<String>>,
    code_blocks: usize,
    words: Vec<String>,
}

fn read_back(markdown: &str) -> ReadBack {
    let mut read = ReadBack::default();
    let mut heading: Option<String> = None;
    let mut header: Option<Vec<String>> = None;
    let mut cell = String::new();
    let mut text = String::new();
    let options = Options::ENABLE_TABLES;
    for event in Parser::new_ext(markdown, options) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::End(TagEnd::Heading(_)) => {
                read.headings.extend(heading.take());
                text.push(' ');
            }
            Event::Start(Tag::TableHead) => header = Some(Vec::new()),
            Event::Start(Tag::TableCell) => cell.clear(),
            Event::End(TagEnd::TableHead) => read.table_headers.extend(header.take()),
            Event::End(TagEnd::TableCell) => {
                if let Some(header) = &mut header {
                    header.push(std::mem::take(&mut cell));
                }
                cell.clear();
                text.push(' ');
            }
            Event::Start(Tag::CodeBlock(_)) => read.code_blocks += 1,
            Event::Text(piece) | Event::Code(piece) => {
                if let Some(heading) = &mut heading {
                    heading.push_str(&piece);
                }
                cell.push_str(&piece);
                text.push_str(&piece);
            }
            Event::SoftBreak | Event::HardBreak => text.push(' '),
            Event::End(
                TagEnd::Paragraph | TagEnd::Item | TagEnd::CodeBlock | TagEnd::BlockQuote(_),
            ) => text.push(' '),
            _ => {}
        }
    }
    read.words = text.split_whitespace().map(str::to_owned).collect();
    read
}

#[test]
fn the_markdown_reads_back_as_the_documents_structure() {
    let html = r#"<h1>Guide</h1><p>Intro with <b>bold</b> and <code>code</code>.</p>
        <h2>Options</h2><table><thead><tr><th>Name</th><th>Type</th></tr></thead>
        <tbody><tr><td>chunkSize</td><td>integer</td></tr></tbody></table>
        <pre>cargo test</pre><ul><li>one</li><li>two</li></ul>"#;
    let splitter = markdown_splitter(1000, |_| {});
    let plain = Splitter::new(SplitterConfig::new(1000)).expect("valid");
    for (backend, chunks) in split_all(&splitter, html) {
        let read = read_back(chunks.canonical_text());
        assert_eq!(read.headings, ["Guide", "Options"], "[{backend}]");
        assert_eq!(read.table_headers, [vec!["Name", "Type"]], "[{backend}]");
        assert_eq!(read.code_blocks, 1, "[{backend}]");
        let normalized = backend.split(&plain, html).expect("parses");
        let words: Vec<&str> = normalized.canonical_text().split_whitespace().collect();
        assert_eq!(
            read.words, words,
            "[{backend}] the words are the normalized text's"
        );
    }
}

#[test]
fn what_a_chunk_carries_from_a_list_item_begins_without_indentation() {
    let rows: String = (0..8)
        .map(|i| format!("<tr><td>key {i}</td><td>value {i}</td></tr>"))
        .collect();
    let html = format!(
        "<ol><li>Item<table><tr><th>K</th><th>V</th></tr>{rows}</table>\
         <pre>{}</pre></li></ol>",
        "line of code\n".repeat(12)
    );
    let splitter = markdown_splitter(60, |config| config.max_chunk_size = Some(90));
    for (backend, chunks) in split_all(&splitter, &html) {
        assert!(
            chunks
                .texts()
                .any(|text| text.starts_with("| K | V |\n   | --- | --- |\n")),
            "[{backend}] {:?}",
            chunks.to_strings()
        );
        assert!(
            chunks.texts().any(|text| text.starts_with("```\n")),
            "[{backend}] {:?}",
            chunks.to_strings()
        );
    }
}

#[test]
fn empty_leading_rows_leave_the_header_to_the_first_row_written() {
    assert_eq!(
        markdown(
            "<table><tr></tr><tr><td></td><td>X</td></tr><tr><td>a</td><td>b</td></tr></table>"
        ),
        "| | X |\n| --- | --- |\n| a | b |"
    );
}
