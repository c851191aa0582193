//! Reading the Markdown form (SPEC §3.2) back with a CommonMark parser
//! with GitHub's tables (pulldown-cmark): what the tests and
//! `cargo xtask equivalence` check on small pages and on real ones.

use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

/// What a CommonMark reader sees: heading texts, table header rows, code
/// blocks and the words of the text.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct ReadBack {
    /// The text of each heading, in order.
    pub headings: Vec<String>,
    /// The cells of each table's header row, in order.
    pub table_headers: Vec<Vec<String>>,
    /// How many code blocks (fenced or indented) there are.
    pub code_blocks: usize,
    /// The words of the text as a reader sees it: markup gone, block and
    /// cell boundaries a space.
    pub words: Vec<String>,
}

/// `markdown` as a CommonMark + tables parser reads it.
#[must_use]
pub fn read_back(markdown: &str) -> ReadBack {
    let mut read = ReadBack::default();
    let mut heading: Option<String> = None;
    let mut header: Option<Vec<String>> = None;
    let mut cell = String::new();
    let mut text = String::new();
    let mut link = None;
    for event in Parser::new_ext(markdown, Options::ENABLE_TABLES) {
        match event {
            Event::Start(Tag::Heading { .. }) => {
                heading = Some(String::new());
                text.push(' ');
            }
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
            Event::Start(Tag::CodeBlock(_)) => {
                read.code_blocks += 1;
                text.push(' ');
            }
            // A block begins a word: a tight list item's text meets the
            // list nested in it with no event between.
            Event::Start(
                Tag::Paragraph
                | Tag::List(_)
                | Tag::Item
                | Tag::BlockQuote(_)
                | Tag::HtmlBlock
                | Tag::Table(_)
                | Tag::TableRow,
            ) => text.push(' '),
            // Text that looks like HTML (`<T>` in a specification's prose)
            // is read as raw HTML: still words of the text.
            Event::Text(piece)
            | Event::Code(piece)
            | Event::InlineHtml(piece)
            | Event::Html(piece) => {
                if let Some(heading) = &mut heading {
                    heading.push_str(&piece);
                }
                cell.push_str(&piece);
                text.push_str(&piece);
            }
            // Text such as `O.[[Delete]](P)` reads as a link: its
            // destination is still text.
            Event::Start(Tag::Link { dest_url, .. }) => link = Some((dest_url, text.len())),
            Event::End(TagEnd::Link) => {
                // An autolink (`<https://…>`) is its destination already.
                if let Some((dest, start)) = link.take()
                    && text[start..] != *dest
                    && !dest.ends_with(&text[start..])
                {
                    text.push_str(&dest);
                }
            }
            Event::SoftBreak | Event::HardBreak => text.push(' '),
            Event::End(
                TagEnd::Paragraph
                | TagEnd::Item
                | TagEnd::CodeBlock
                | TagEnd::BlockQuote(_)
                | TagEnd::HtmlBlock,
            ) => text.push(' '),
            _ => {}
        }
    }
    read.words = text.split_whitespace().map(str::to_owned).collect();
    read
}

/// `words` as the read-back of the Markdown form and the §3.1 text are
/// compared, word for word: without the words that are a lone `:`, which
/// begins a definition (SPEC §3.2) and which CommonMark, knowing no
/// definition lists, reads as text.
#[must_use]
pub fn comparable_words<'a>(words: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    words
        .into_iter()
        .filter(|word| *word != ":")
        .map(str::to_owned)
        .collect()
}

/// Why a chunk of the Markdown form does not stand alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A fenced code block opened in the chunk is not closed in it; `fence`
    /// is its opening fence (the backticks or tildes).
    OpenFence { fence: String, excerpt: String },
    /// A table row that no table a reader finds holds: its header and
    /// delimiter rows are not in the chunk above it.
    HeadlessRow { line: String },
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::OpenFence { excerpt, .. } => {
                write!(f, "a code block is not closed in its chunk: {excerpt:?}")
            }
            Problem::HeadlessRow { line } => {
                write!(f, "a table row without its header in its chunk: {line:?}")
            }
        }
    }
}

/// Checks that a chunk of the Markdown form stands alone as SPEC §5.1
/// carries context: every fenced code block opened in it is closed in it,
/// and every line that is a table row (begins with `| ` and ends with `|`,
/// after any indentation and quote markers) is part of a table a reader
/// finds, that is, under its header and delimiter rows.
///
/// # Errors
///
/// The first [`Problem`] found.
pub fn check_chunk_structure(chunk: &str) -> Result<(), Problem> {
    match chunk_problems(chunk).into_iter().next() {
        Some(problem) => Err(problem),
        None => Ok(()),
    }
}

/// Every [`Problem`] of a chunk of the Markdown form, in order: each open
/// fence, then each table row outside a table (what
/// [`check_chunk_structure`] reports the first of).
#[must_use]
pub fn chunk_problems(chunk: &str) -> Vec<Problem> {
    let mut problems = Vec::new();
    // Tables and code blocks: a row-like line in either is no stray row
    // (a `|` in code is code).
    let mut holders = Vec::new();
    for (event, range) in Parser::new_ext(chunk, Options::ENABLE_TABLES).into_offset_iter() {
        match event {
            Event::Start(Tag::CodeBlock(kind)) => {
                holders.push(range.clone());
                let CodeBlockKind::Fenced(_) = kind else {
                    continue;
                };
                let block = &chunk[range];
                if !fence_is_closed(block) {
                    let opening = block.trim_start_matches([' ', '>']);
                    let mark = opening.chars().next().unwrap_or('`');
                    problems.push(Problem::OpenFence {
                        fence: opening.chars().take_while(|&c| c == mark).collect(),
                        excerpt: excerpt(block),
                    });
                }
            }
            Event::Start(Tag::Table(_)) => holders.push(range),
            _ => {}
        }
    }
    let mut offset = 0;
    for line in chunk.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let content = line.trim_start_matches([' ', '>']);
        // Where the row's first `|` is: a table's range begins there.
        let bar = start + line.len() - content.len();
        let row = content.trim_end();
        let looks_like_row = row.len() >= 3 && row.starts_with("| ") && row.ends_with('|');
        if looks_like_row && !holders.iter().any(|holder| holder.contains(&bar)) {
            problems.push(Problem::HeadlessRow {
                line: line.trim_end().to_owned(),
            });
        }
    }
    problems
}

/// Whether the fenced block `block` (its opening fence to the end of the
/// block as the parser found it) ends with a closing fence.
fn fence_is_closed(block: &str) -> bool {
    let mut lines = block
        .lines()
        .map(|line| line.trim_start_matches([' ', '>']));
    let Some(opening) = lines.next() else {
        return false;
    };
    let Some(mark) = opening.chars().next() else {
        return false;
    };
    let length = opening.chars().take_while(|&c| c == mark).count();
    lines.next_back().is_some_and(|closing| {
        let closing = closing.trim_end();
        closing.len() >= length && closing.chars().all(|c| c == mark)
    })
}

fn excerpt(text: &str) -> String {
    text.chars().take(120).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn open_fences_and_headless_rows_are_found() {
        assert!(check_chunk_structure("text\n\n```js\nlet a;\n```").is_ok());
        assert!(check_chunk_structure("```js\nlet a;\n").is_err());
        assert!(check_chunk_structure("````\n```\n````").is_ok());
        assert!(check_chunk_structure("| a | b |\n| --- | --- |\n| 1 | 2 |").is_ok());
        assert!(check_chunk_structure("| 1 | 2 |\n| 3 | 4 |").is_err());
        assert!(check_chunk_structure("para\n\n| 1 | 2 |").is_err());
        // Text that begins with a `|` is no row.
        assert!(check_chunk_structure("|\n\n|a|b").is_ok());
        assert!(check_chunk_structure("```\n| code |\n```").is_ok());
        assert!(check_chunk_structure("> | a |\n> | --- |\n> | 1 |").is_ok());
        assert!(check_chunk_structure("text\n\n   | a |\n   | --- |\n   | 1 |").is_ok());
        // A delimiter row indented four spaces more than its header row is
        // a paragraph's line.
        assert!(check_chunk_structure("| a |\n      | --- |\n| 1 |").is_err());
    }

    #[test]
    fn words_compare_as_a_reader_reads_them() {
        let read = read_back(
            "# Title\n\nSome *emphasis* and `code`, a\\<T>b \\*.\n\nT\n: D\n\n| A | B |\n| --- | --- |\n| 1 | 2 |",
        );
        assert_eq!(
            comparable_words(read.words.iter().map(String::as_str)),
            comparable_words(
                "Title Some emphasis and code, a<T>b *. T D A B 1 2".split_whitespace()
            )
        );
    }
}
