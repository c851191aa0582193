//! The Markdown form of the canonical text (SPEC §3.2), element by element,
//! on every backend, and read back by a CommonMark parser with GitHub's
//! tables (pulldown-cmark) as the structure it came from.

use conformance::markdown::{check_chunk_structure, comparable_words, read_back};
use conformance::split_all;
use html_splitter::{Backend, Chunks, Format, Links, Splitter, SplitterConfig};

/// Every chunk read back alone has its fences closed and its table rows
/// under their header (`conformance::markdown::check_chunk_structure`).
fn assert_chunks_stand_alone(backend: Backend, chunks: &Chunks) {
    for chunk in chunks {
        if let Err(problem) = check_chunk_structure(chunk.text) {
            panic!("[{backend}] {problem} in {:?}", chunk.text);
        }
    }
}

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

/// A line's first word written by several text nodes (`1<span>.</span>`,
/// as on webmd-2.html of the web corpus) is escaped as the whole word
/// would be: the backslash goes where the word turns into markup.
#[test]
fn a_line_start_word_split_across_elements_is_escaped_as_one_word() {
    assert_eq!(
        markdown("<ul><li>1<span>.</span> Eat well</li></ul>"),
        "- 1\\. Eat well"
    );
    assert_eq!(markdown("<p>1<b></b>0<span>)</span> x</p>"), "10\\) x");
    // `--` alone would underline a paragraph's line: escaped already.
    assert_eq!(markdown("<p>--<span>-</span></p>"), "\\---");
    // Every backtick of text is escaped: none begins a code span.
    assert_eq!(markdown("<p>`<span>``</span>js</p>"), "\\`\\`\\`js");
    // Once escaped, a word's further pieces are written as they are; a
    // piece after a space is another word.
    assert_eq!(markdown("<p>#<span>#</span> x</p>"), "\\## x");
    assert_eq!(markdown("<p>1 <span>.</span> x</p>"), "1 . x");
    for html in [
        "<ul><li>1<span>.</span> Eat well</li></ul>",
        "<p>--<span>-</span></p>",
        "<p>`<span>``</span>js</p>",
    ] {
        let read = read_back(&markdown(html));
        assert_eq!(read.code_blocks, 0, "{html}");
        let plain = Splitter::new(SplitterConfig::new(1000)).expect("valid");
        let normalized = Backend::Html5ever.split(&plain, html).expect("parses");
        assert_eq!(
            read.words.concat(),
            normalized.canonical_text().replace(' ', ""),
            "{html}"
        );
    }
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
            "<table><tr><td>x<table><tr><td>in</td><td>ner</td></tr></table></td><td>y</td></tr>\
             </table>"
        ),
        "| x in ner | y |\n| --- | --- |"
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
            first.provenance.prefix_length, 0,
            "[{backend}] the first chunk has its own header"
        );
        let second = chunks.get(1).expect("a chunk");
        assert_eq!(
            second.provenance.prefix_length,
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

/// A one-column table (layout: a page wrapped in one cell, a navigation
/// box) reads back as its blocks, no table; a full-width first header row
/// as a paragraph before the table, not in its header. Split, a chunk of
/// either begins with no delimiter row and reads back alone.
#[test]
fn one_column_tables_and_title_rows_read_back_as_blocks() {
    let items: String = (0..10)
        .map(|i| format!("<li>item {i} with some words</li>"))
        .collect();
    let rows: String = (0..10)
        .map(|i| format!("<tr><td>{}</td><td>venue {i}</td></tr>", 2000 + i))
        .collect();
    let html = format!(
        "<table><tr><td><h2>News</h2><p>Para one.</p><ul>{items}</ul>\
         <table><tr><th>Navigation</th></tr><tr><td><a href=/a>Home</a></td></tr></table>\
         </td></tr></table>\
         <table><caption>Medals</caption><tr><th colspan=2>Representing Poland</th></tr>\
         <tr><th>Year</th><th>Venue</th></tr>{rows}</table>"
    );
    let whole = markdown_splitter(100_000, |_| {});
    let plain = Splitter::new(SplitterConfig::new(100_000)).expect("valid");
    for (backend, chunks) in split_all(&whole, &html) {
        let read = read_back(chunks.canonical_text());
        assert_eq!(read.headings, ["News"], "[{backend}]");
        assert_eq!(read.table_headers, [vec!["Year", "Venue"]], "[{backend}]");
        assert!(
            chunks
                .canonical_text()
                .contains("Medals\n\nRepresenting Poland\n\n| Year | Venue |"),
            "[{backend}] {}",
            chunks.canonical_text()
        );
        let normalized = backend.split(&plain, &html).expect("parses");
        let words: Vec<&str> = normalized.canonical_text().split_whitespace().collect();
        assert_eq!(read.words, words, "[{backend}]");
    }
    let small = markdown_splitter(80, |_| {});
    for (backend, chunks) in split_all(&small, &html) {
        assert!(chunks.len() > 4, "[{backend}] {:?}", chunks.to_strings());
        for chunk in &chunks {
            assert!(
                !chunk.text.starts_with("| ---"),
                "[{backend}] {:?}",
                chunk.text
            );
        }
        assert_chunks_stand_alone(backend, &chunks);
    }
}

#[test]
fn what_a_chunk_carries_from_a_list_item_is_carried_without_indentation() {
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
            chunks.iter().any(|chunk| chunk.provenance.prefix_length > 0
                && chunk.text.starts_with("| K | V |\n| --- | --- |\n| key ")),
            "[{backend}] {:?}",
            chunks.to_strings()
        );
        assert_chunks_stand_alone(backend, &chunks);
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

/// A cell holding blocks (paragraphs, an algorithm's list, a `div`) is its
/// text on the row's one line, before and after other cells (SPEC §3.2):
/// a block boundary left pending by one cell does not break the row.
#[test]
fn cells_holding_blocks_stay_on_their_row() {
    assert_eq!(
        markdown(
            "<table><tr><th>A</th><th>B</th></tr>\
             <tr><td>x</td><td><p>one</p><p>two</p></td></tr>\
             <tr><td><div>y</div></td><td>w<p>three</p></td></tr>\
             <tr><td><ol><li>a</li><li>b</li></ol></td><td>z</td></tr></table>"
        ),
        "| A | B |\n| --- | --- |\n| x | one two |\n| y | w three |\n| a b | z |"
    );
}

/// Every chunk of a table with block cells split under a small cap reads
/// back as a table under its header.
#[test]
fn split_tables_with_block_cells_keep_their_header_in_every_chunk() {
    let rows: String = (0..12)
        .map(|i| format!("<tr><td><p>key {i}</p></td><td><div>value</div><p>{i}</p></td></tr>"))
        .collect();
    let html = format!("<table><tr><th>Key</th><th>Value</th></tr>{rows}</table>");
    let splitter = markdown_splitter(80, |config| config.max_chunk_size = Some(100));
    for (backend, chunks) in split_all(&splitter, &html) {
        assert!(chunks.len() > 2, "[{backend}] {:?}", chunks.to_strings());
        assert_chunks_stand_alone(backend, &chunks);
    }
}

/// A code block or a table in a block quote, split: what a chunk carries
/// keeps the quote's markers and ends with them, so the chunk's own lines
/// read inside the quote, in the code block or under the header.
#[test]
fn what_a_chunk_carries_in_a_block_quote_keeps_the_quote() {
    let code = "    list: [\n".repeat(14);
    let rows: String = (0..10)
        .map(|i| format!("<tr><td>key {i}</td><td>value {i}</td></tr>"))
        .collect();
    let html = format!(
        "<blockquote><pre><code class=\"language-js\">{code}</code></pre>\
         <table><tr><th>K</th><th>V</th></tr>{rows}</table></blockquote>"
    );
    let splitter = markdown_splitter(60, |config| config.max_chunk_size = Some(90));
    for (backend, chunks) in split_all(&splitter, &html) {
        assert!(
            chunks
                .iter()
                .any(|chunk| chunk.text.starts_with("> ```js\n>     list")),
            "[{backend}] {:?}",
            chunks.to_strings()
        );
        assert!(
            chunks.iter().any(|chunk| chunk
                .text
                .starts_with("> | K | V |\n> | --- | --- |\n> | key")),
            "[{backend}] {:?}",
            chunks.to_strings()
        );
        assert_chunks_stand_alone(backend, &chunks);
    }
    // One code line longer than a chunk, split within the line.
    let words: String = (0..40).map(|i| format!("word{i} ")).collect();
    let html = format!("<blockquote><pre>{words}</pre></blockquote>");
    for (backend, chunks) in split_all(&splitter, &html) {
        assert!(chunks.len() > 2, "[{backend}]");
        for chunk in &chunks {
            assert!(
                chunk.text.starts_with("> ```\n> word"),
                "[{backend}] {:?}",
                chunk.text
            );
        }
        assert_chunks_stand_alone(backend, &chunks);
    }
}

/// A heading in a table cell is the cell's text on the row's line, and its
/// heading path entry is its words, without the cell's `|`.
#[test]
fn a_heading_in_a_table_cell_names_its_words() {
    let html = "<table><tr><td><h2>Minecraft News</h2>Powered by Tumblr</td><td>x</td></tr>\
                </table><p>after</p>";
    let splitter = markdown_splitter(10, |_| {});
    for (backend, chunks) in split_all(&splitter, html) {
        let last = chunks.iter().next_back().expect("chunks");
        assert_eq!(last.text, "after", "[{backend}]");
        assert_eq!(
            last.provenance.heading_path.to_vec(),
            ["Minecraft News"],
            "[{backend}]"
        );
    }
}

/// A heading path entry is the heading's words, never its Markdown, wherever
/// the heading stands: a Markdown heading line, a table cell's line, or
/// inside another heading (found by fuzzing: a cell's heading that was a
/// link was named `[text](href)`).
#[test]
fn heading_paths_name_words_without_markdown() {
    let html = "<table><tr><td><h2><a href=\"/a\">Linked <em>cell</em> <code>x|y</code></a></h2>\
                </td><td>z</td></tr></table><p>first</p>\
                <h1><a href=\"/b\">Top</a> <b>one</b></h1><p>second</p>\
                <h2>Outer <span><h3><a href=\"/c\">*Inner*</a> 1.</h3></span> tail</h2><p>third</p>";
    let splitter = markdown_splitter(12, |config| config.links = Links::Inline);
    for (backend, chunks) in split_all(&splitter, html) {
        assert!(
            chunks.to_strings().concat().contains("[Top](/b)"),
            "[{backend}] links are inline"
        );
        let path_of = |text: &str| {
            let chunk = chunks
                .iter()
                .find(|chunk| chunk.text == text)
                .unwrap_or_else(|| panic!("[{backend}] a chunk {text:?}"));
            chunk.provenance.heading_path.to_vec()
        };
        assert_eq!(path_of("first"), ["Linked cell x|y"], "[{backend}]");
        assert_eq!(path_of("second"), ["Top one"], "[{backend}]");
        assert_eq!(
            path_of("third"),
            ["Top one", "Outer *Inner* 1. tail", "*Inner* 1."],
            "[{backend}]"
        );
    }
}

/// A heading inside a code block (`<pre><h2>…`, which parsers keep) is
/// code: no `#`s before or inside the fence. Its heading path entry is its
/// words, as in plain text (found by fuzzing: the `## ` was written before
/// the opening fence and the entry was empty).
#[test]
fn a_heading_inside_a_code_block_is_code_and_still_names_its_section() {
    assert_eq!(
        markdown("<pre><h2>Title</h2>body</pre><p>after</p>"),
        "```\nTitle\nbody\n```\n\nafter"
    );
    assert_eq!(
        markdown("<pre>code<h2>Title</h2>body</pre>"),
        "```\ncode\nTitle\nbody\n```"
    );
    let html = "<pre><h2>Two  words\n here<b>x</b>y</h2>body</pre><h2>Next</h2><p>p</p>";
    let splitter = markdown_splitter(20, |_| {});
    for (backend, chunks) in split_all(&splitter, html) {
        let paths: Vec<Vec<String>> = chunks
            .iter()
            .map(|chunk| chunk.provenance.heading_path.to_vec())
            .collect();
        assert_eq!(
            paths.first().map(Vec::as_slice),
            Some(&["Two words herexy".to_owned()][..]),
            "[{backend}] {paths:?}"
        );
        assert_eq!(
            paths.last().map(Vec::as_slice),
            Some(&["Next".to_owned()][..]),
            "[{backend}] {paths:?}"
        );
    }
}

/// Emphasis around a table (`<b><table>…`, which parsers keep) closes in
/// each cell and opens again in the next: no marker crosses a cell's `|`
/// or the delimiter row, and an empty cell has none.
#[test]
fn emphasis_around_a_table_stays_in_its_cells() {
    assert_eq!(
        markdown("<b><table><tr><td>a</td><td>b</td></tr></table></b>"),
        "| **a** | **b** |\n| --- | --- |"
    );
    assert_eq!(
        markdown("<b><table><tr><td><i></i></td><td></td></tr></table>x</b>"),
        "| | |\n| --- | --- |\n\n**x**"
    );
}

/// Emphasis around a code block marks the text around it, not the fences.
#[test]
fn emphasis_around_a_code_block_leaves_the_fences_alone() {
    assert_eq!(
        markdown("<b>x<pre>let a;</pre>y</b>"),
        "**x**\n\n```\nlet a;\n```\n\n**y**"
    );
}

/// The words a CommonMark reader finds in the whole document's Markdown
/// are those of its normalized text (SPEC §3.2), but for the `:` that
/// begins a definition, which CommonMark does not know.
fn assert_reads_back_word_for_word(html: &str) {
    let text = markdown(html);
    let read = read_back(&text);
    let plain = Splitter::new(SplitterConfig::new(100_000)).expect("valid");
    let normalized = Backend::Html5ever.split(&plain, html).expect("parses");
    assert_eq!(
        comparable_words(read.words.iter().map(String::as_str)),
        comparable_words(normalized.canonical_text().split_whitespace()),
        "{html}\nwritten as {text:?}"
    );
}

#[test]
fn stars_between_words_are_no_emphasis() {
    assert_reads_back_word_for_word("<p>a rate of 2*2*44100 bytes</p>");
    assert_reads_back_word_for_word("<p>fn mul(self*other) and *not* emphasis</p>");
    assert_reads_back_word_for_word("<p>Lorem **WRONG**Lorem</p>");
    assert_reads_back_word_for_word("<p>* not a list, *</p>");
}

#[test]
fn entity_like_text_is_not_decoded_by_a_reader() {
    assert_reads_back_word_for_word(
        "<p>the sequence \"&amp;quot;\" and &amp;#169; and &amp;#x41; 400&amp;percnt;</p>",
    );
    // Only where a reader would decode it.
    assert_eq!(markdown("<p>a &amp; b &amp;c</p>"), "a & b &c");
}

#[test]
fn brackets_form_no_links() {
    assert_reads_back_word_for_word("<p>Return ? O.[[Delete]](P).</p>");
    assert_reads_back_word_for_word("<p>[text](href) and ![alt](src) as text</p>");
}

#[test]
fn other_inline_markup_in_text_reads_back_as_written() {
    // Underscores that would be emphasis, backticks that would be a code
    // span, a backslash before punctuation, an autolink, a heading's
    // closing hashes.
    assert_reads_back_word_for_word("<p>duplicate \"__proto__\" keys, snake_case stays</p>");
    assert_reads_back_word_for_word("<p>the problem of ``crappy GUI'' by `x`</p>");
    assert_reads_back_word_for_word("<p>You can\\'t restore it, C:\\dir\\ and a\\</p>");
    assert_reads_back_word_for_word(
        "<p>at &lt;https://unicode.org/versions&gt; or &lt;bkuhn@ebb.org&gt;.</p>",
    );
    assert_reads_back_word_for_word(
        "<p>available at &lt;<a href=\"https://u.org\">https://u.org</a>&gt; and a &lt; b</p>",
    );
    assert_reads_back_word_for_word("<p>&lt;img src=\"x?a=1&amp;amp;b=[2]\"&gt; &lt;!-- /*x*/</p>");
    assert_reads_back_word_for_word("<h2>Standalone mode <a href=\"#s\">#</a></h2><p>x</p>");
    assert_reads_back_word_for_word("<p>one</p><p>==</p><p>two</p><p>--</p>");
}

#[test]
fn emphasis_is_written_only_where_a_reader_reads_it() {
    assert_reads_back_word_for_word("<p>on Kotaku<i>.</i> Warning</p>");
    assert_reads_back_word_for_word("<p>Today <b>69°</b>65° Sat <b>74°</b>68°</p>");
    assert_reads_back_word_for_word("<p>Twitter <i>|</i>Facebook</p>");
    assert_reads_back_word_for_word("<p>sa tête. <i>«</i>Quand nous</p>");
    assert_reads_back_word_for_word("<p>Servicios<b>|Edición Impresa|</b>Club</p>");
    // Markers side by side would make one run (`*Wired.com**.*`).
    assert_reads_back_word_for_word(
        "<p><i>reprinted on&nbsp;</i><a href=\"/w\"><i>Wired.com</i></a><i>.</i></p>",
    );
    assert_reads_back_word_for_word("<p><i>a</i><i>b</i> <b>c</b><i>d</i></p>");
    // Emphasis a reader does read is kept.
    assert_eq!(
        markdown("<p>a <b>bold</b>, <i>«quoted»</i> and <em>x</em>.</p>"),
        "a **bold**, *«quoted»* and *x*."
    );
}

/// A `dd` whose first block is a code block, a list or a quote: `: ` before
/// a fence is a paragraph's text, and its closing fence would open a block
/// that runs to the end of the chunk.
#[test]
fn a_definition_beginning_with_a_block_puts_the_block_on_its_own_line() {
    let html = "<dl><dt>Syntax</dt><dd><pre>x = 1\n</pre><p>after</p></dd>\
                <dt>Rating:</dt><dd><ul><li>General</li></ul></dd>\
                <dt>Quote</dt><dd><blockquote>said</blockquote></dd></dl><p>end</p>";
    assert_reads_back_word_for_word(html);
    let text = markdown(html);
    assert_eq!(read_back(&text).code_blocks, 1, "{text}");
    assert!(check_chunk_structure(&text).is_ok(), "{text}");
    let splitter = markdown_splitter(60, |_| {});
    for (backend, chunks) in split_all(&splitter, html) {
        assert_chunks_stand_alone(backend, &chunks);
        for chunk in &chunks {
            assert!(
                !read_back(chunk.text)
                    .words
                    .iter()
                    .any(|word| word.contains('`')),
                "[{backend}] a fence read as text: {:?}",
                chunk.text
            );
        }
    }
}

/// `corpus/tables.html` with `corpus/markdown.json`: no chunk ends with a
/// table's header and delimiter rows and no data row, and no chunk begins
/// with a row's continuation.
#[test]
fn no_chunk_ends_with_a_tables_header_alone() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    let html = std::fs::read_to_string(root.join("tables.html")).expect("tables.html");
    let json = std::fs::read_to_string(root.join("markdown.json")).expect("markdown.json");
    let splitter =
        Splitter::from_config(SplitterConfig::from_json(&json).expect("valid")).expect("valid");
    for backend in Backend::ALL {
        let chunks = backend.split(&splitter, &html).expect("parses");
        for (index, chunk) in chunks.iter().enumerate() {
            let last = chunk.text.lines().last().unwrap_or_default().trim_start();
            assert!(
                !(last.starts_with("| ---") && last.ends_with('|')),
                "[{backend}] chunk {index} ends with a header alone: {:?}",
                chunk.text
            );
        }
    }
}

/// A chunk inside a code block under a heading path that with the fences
/// is longer than half the target: the fences are carried before the path (a closing fence carried
/// alone would open a block, one left out leaves the block open), as on the
/// Mercurial guide of the web corpus.
#[test]
fn fences_are_carried_before_a_long_heading_path() {
    let code: String = (1..=12)
        .map(|n| format!("$ hg clone public user{n}\n"))
        .collect();
    let html = format!(
        "<h1>Evolve: Shared Mutable History</h1><h2>Setting up the two clones</h2>\
         <pre>{code}</pre><p>after</p>"
    );
    let splitter = markdown_splitter(120, |config| {
        config.heading_context = true;
        config.max_chunk_size = Some(150);
    });
    for (backend, chunks) in split_all(&splitter, &html) {
        assert!(chunks.len() > 2, "[{backend}] {:?}", chunks.to_strings());
        assert_chunks_stand_alone(backend, &chunks);
    }
}
