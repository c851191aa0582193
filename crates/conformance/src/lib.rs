//! Cross-backend tests of the HTML text splitter (not published).
//!
//! The tests in `tests/` run every case on every backend: this package
//! builds the `html-splitter` facade with all three backend features itself,
//! so `cargo test -p conformance` covers html5ever, scraper and tl whatever
//! else the workspace enables. `tests/backends.rs` asserts that they are all
//! compiled in.

use html_splitter::{Backend, Chunks, Sizer, Splitter};

pub mod markdown;

/// `html` split on every backend, each result checked against SPEC §6
/// invariants 1–3 (`Chunks::check`) before it is returned.
///
/// # Panics
///
/// When a backend cannot parse `html` or an invariant is broken, naming the
/// backend.
pub fn split_all<S: Sizer>(splitter: &Splitter<S>, html: &str) -> Vec<(Backend, Chunks)> {
    Backend::ALL
        .iter()
        .map(|&backend| {
            let chunks = backend
                .split(splitter, html)
                .unwrap_or_else(|err| panic!("[{backend}] cannot parse: {err}"));
            if let Err(violation) = chunks.check(splitter.sizer(), splitter.config().max_chunk_size)
            {
                panic!("[{backend}] {violation} in {:?}", chunks.canonical_text());
            }

            (backend, chunks)
        })
        .collect()
}

/// How many boundaries lie between the chunks (one fewer than the chunks),
/// and how many of them cut a sentence (SPEC §4.1): the chunk before the
/// boundary ends without sentence-final punctuation (`.`, `!`, `?`, `…`,
/// their full-width and ideographic forms, a colon or semicolon not
/// counted), with any closing quotes, brackets or Markdown emphasis after
/// it, and no line break of the canonical text lies between the two
/// chunks. Text without sentence punctuation (a menu, a list of tags, a
/// grammar) counts as cut wherever it is cut.
pub fn boundaries_inside_a_sentence(chunks: &Chunks) -> (usize, usize) {
    let text = chunks.canonical_text();
    let spans = chunks.spans();
    let mut inside = 0;
    for pair in spans.windows(2) {
        let [before, after] = pair else { continue };
        let between = text.get(before.end..after.start).unwrap_or("");
        if between.contains('\n') {
            continue;
        }
        let ending = text
            .get(before.clone())
            .unwrap_or("")
            .trim_end_matches(|c: char| c.is_whitespace() || "\"'”’»)]}*_`」』）】".contains(c));
        if !ending.ends_with(['.', '!', '?', '…', '。', '！', '？', '．', '｡']) {
            inside += 1;
        }
    }
    (spans.len().saturating_sub(1), inside)
}

/// The chunks, but a document's last, that end with a heading while holding
/// more than headings: SPEC §5 keeps a heading segment with what follows
/// it, so none should (a heading stands alone only when it and what follows
/// exceed the cap) unless a segment that is more than a heading ends with
/// one (an element kept whole, such as a `section` ending with its next
/// heading). Empty when the chunks carry no heading paths.
///
/// A chunk ends with a heading when its last line (less what it carries,
/// with whitespace collapsed and, in Markdown, an ATX heading's `#`s left
/// out) names a heading of the next chunk's heading path: a heading the
/// chunk ended with encloses what the next chunk begins with (unless the
/// next chunk begins with that line: then the line only repeated the
/// heading, as a breadcrumb does). It holds only headings when each of its
/// lines names one of its own path or the next chunk's. A paragraph whose
/// text repeats that heading's would be counted too; a Markdown heading
/// with inline markup is not.
pub fn chunks_ending_with_a_heading(chunks: &Chunks) -> Vec<usize> {
    let list: Vec<_> = chunks.iter().collect();
    let mut found = Vec::new();
    for (index, pair) in list.windows(2).enumerate() {
        let [chunk, next] = pair else { continue };
        let next_path: Vec<&str> = next.provenance.heading_path.iter().collect();
        let own_path: Vec<&str> = chunk.provenance.heading_path.iter().collect();
        // A line that the next chunk begins with repeats the heading (a
        // breadcrumb above it), it is not the heading.
        let next_first = own_lines(next).into_iter().next();
        let ends = |line: &str| next_path.contains(&line) && next_first.as_deref() != Some(line);
        let only = |line: &str| next_path.contains(&line) || own_path.contains(&line);
        if ends_with_more_than_headings(&own_lines(chunk), ends, only) {
            found.push(index);
        }
    }
    found
}

/// The chunks that hold nothing but headings: each line names a heading of
/// the chunk's own heading path or of the next chunk's (lines as in
/// [`chunks_ending_with_a_heading`]).
pub fn heading_only_chunks(chunks: &Chunks) -> Vec<usize> {
    let list: Vec<_> = chunks.iter().collect();
    list.iter()
        .enumerate()
        .filter(|(index, chunk)| {
            let own: Vec<&str> = chunk.provenance.heading_path.iter().collect();
            let next: Vec<&str> = list
                .get(index + 1)
                .map(|next| next.provenance.heading_path.iter().collect())
                .unwrap_or_default();
            let lines = own_lines(chunk);
            !lines.is_empty()
                && lines
                    .iter()
                    .all(|line| own.contains(&line.as_str()) || next.contains(&line.as_str()))
        })
        .map(|(index, _)| index)
        .collect()
}

/// The chunks, but the last, whose last line `is_heading` and which hold a
/// line that is not: for pages whose heading texts are known by their
/// shape. Lines as in [`chunks_ending_with_a_heading`].
pub fn chunks_ending_with(chunks: &Chunks, is_heading: impl Fn(&str) -> bool) -> Vec<usize> {
    let count = chunks.len();
    chunks
        .iter()
        .enumerate()
        .take(count.saturating_sub(1))
        .filter(|(_, chunk)| {
            ends_with_more_than_headings(&own_lines(chunk), &is_heading, &is_heading)
        })
        .map(|(index, _)| index)
        .collect()
}

fn ends_with_more_than_headings(
    lines: &[String],
    ends: impl Fn(&str) -> bool,
    heading: impl Fn(&str) -> bool,
) -> bool {
    lines.last().is_some_and(|line| ends(line)) && !lines.iter().all(|line| heading(line))
}

/// A chunk's lines, less what it carries: whitespace collapsed, blank lines
/// left out, an ATX heading's `#`s taken off.
fn own_lines(chunk: &html_splitter::Chunk<'_>) -> Vec<String> {
    let chars = chunk.text.chars().count();
    let own: String = chunk
        .text
        .chars()
        .skip(chunk.provenance.prefix_length)
        .take(chars.saturating_sub(chunk.provenance.prefix_length + chunk.provenance.suffix_length))
        .collect();
    own.lines()
        .map(|line| {
            let line = line.trim_start();
            let hashes = line.len() - line.trim_start_matches('#').len();
            let line = if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
                &line[hashes..]
            } else {
                line
            };
            line.split_whitespace().collect::<Vec<_>>().join(" ")
        })
        .filter(|line| !line.is_empty())
        .collect()
}

/// [`chunks_ending_with_a_heading`] as a check: the first such chunk, named.
///
/// # Errors
///
/// When a chunk but the last ends with a heading and holds more.
pub fn check_headings_start_chunks(chunks: &Chunks) -> Result<(), String> {
    match chunks_ending_with_a_heading(chunks).first() {
        None => Ok(()),
        Some(&index) => Err(format!(
            "chunk {index} ends with a heading (SPEC §5): {:?}",
            chunks.iter().nth(index).map(|chunk| chunk.text)
        )),
    }
}
