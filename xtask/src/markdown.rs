//! The Markdown form (SPEC §3.2) of real pages read back by a CommonMark
//! parser with tables, for `cargo xtask equivalence`: every chunk stands
//! alone (fences closed, table rows under their header, SPEC §5.1), and the
//! words a reader finds in the whole page are those of the normalized text.

use conformance::markdown::{
    Problem, check_chunk_structure, chunk_problems, comparable_words, read_back,
};
use html_splitter::{AnySizer, Backend, Chunks, Format, Links, Sizer, Splitter};

/// Each chunk of a Markdown split read back on its own: an error names the
/// first chunk that does not stand alone.
///
/// SPEC §5.1 leaves out a part of the carried context that would take what
/// a chunk carries past half of `chunkSize`, so a chunk may lack a table's
/// header or a closing fence when its heading path line is long: such a
/// chunk passes when the part was left out by that rule and the chunk,
/// with the part put back, stands alone. So does a chunk whose last line is
/// the start of a table row too long for one chunk, without that line, and
/// one that begins with the rest of such a row, or with the delimiter row
/// after such a header row, without that line.
pub fn check_chunks(chunks: &Chunks, splitter: &Splitter<AnySizer>) -> Result<Excused, String> {
    let mut excused = Excused::default();
    let canonical = chunks.canonical_text();
    let half = splitter.config().chunk_size / 2;
    let too_big = |carried: &str| splitter.sizer().size(carried) > half;
    for (index, chunk) in chunks.iter().enumerate() {
        let Err(problem) = check_chunk_structure(chunk.text) else {
            continue;
        };
        let prefix: String = chunk
            .text
            .chars()
            .take(chunk.provenance.prefix_length)
            .collect();
        let rest = &chunk.text[prefix.len()..];
        // A row longer than a chunk is cut where the chunk ends (SPEC §4's
        // forced split): its start is read without the rest of its table.
        let cut = canonical
            .get(chunk.span.end..)
            .is_some_and(|after| !after.is_empty() && !after.starts_with('\n'));
        // The rest of such a row (a chunk that begins within a line), and
        // the delimiter row after a header row too long for a chunk, begin
        // the next chunk: it is read without them.
        let mid_line = canonical[..chunk.span.start]
            .chars()
            .next_back()
            .is_some_and(|c| c != '\n');
        // What the chunk's text would be were a header or rows not left out
        // or cut for those reasons.
        let restored_rows = || {
            let mut lines: Vec<&str> = rest.split_inclusive('\n').collect();
            let mut dropped = 0;
            if mid_line && !lines.is_empty() {
                dropped += lines.remove(0).len();
            }
            if lines
                .first()
                .is_some_and(|line| is_delimiter(line.trim_end()))
            {
                dropped += lines.remove(0).len();
            }
            if cut && lines.last().is_some_and(|line| is_row(line)) {
                lines.pop();
            }
            let own: String = lines.concat();
            let header = lines
                .first()
                .filter(|line| is_row(line))
                .and_then(|_| table_header_before(canonical, chunk.span.start + dropped))
                .filter(|header| !prefix.ends_with(header.as_str()))
                .filter(|header| too_big(&format!("{prefix}{header}")))
                .unwrap_or_default();
            format!("{prefix}{header}{own}")
        };
        let restored = match &problem {
            Problem::HeadlessRow { .. } => Some(restored_rows()),
            Problem::OpenFence { fence, .. } => (chunk.provenance.suffix_length == 0)
                .then(|| format!("\n{fence}"))
                .filter(|closing| too_big(&format!("{prefix}{closing}")))
                .map(|closing| format!("{}{closing}", chunk.text)),
        };
        if restored
            .as_ref()
            .is_none_or(|text| check_chunk_structure(text).is_err())
        {
            return Err(format!("chunk {index}: {problem}"));
        }
        if matches!(problem, Problem::HeadlessRow { .. }) && (cut || mid_line) {
            excused.long_rows += 1;
        } else {
            excused.left_out += 1;
        }
    }
    Ok(excused)
}

/// The chunks [`check_chunks`] lets pass though they do not stand alone,
/// by reason.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Excused {
    /// A table header or fence left out by SPEC §5.1's half rule.
    pub left_out: usize,
    /// A table row longer than a chunk, cut by the forced split.
    pub long_rows: usize,
}

/// How many chunks of Markdown splits do not stand alone, as a reader
/// finds them with no allowance: counted over every backend.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// The chunks counted.
    pub chunks: usize,
    /// Chunks with a fenced code block not closed in them.
    pub open_fences: usize,
    /// Chunks with a table row not under its header in them.
    pub headless_rows: usize,
    /// Of those, the chunks [`check_chunks`] lets pass, by reason.
    pub excused: Excused,
}

impl Tally {
    /// The tally of one split.
    pub fn of(chunks: &Chunks) -> Self {
        let mut tally = Tally::default();
        for chunk in chunks.iter() {
            let problems = chunk_problems(chunk.text);
            tally.chunks += 1;
            tally.open_fences += usize::from(
                problems
                    .iter()
                    .any(|problem| matches!(problem, Problem::OpenFence { .. })),
            );
            tally.headless_rows += usize::from(
                problems
                    .iter()
                    .any(|problem| matches!(problem, Problem::HeadlessRow { .. })),
            );
        }
        tally
    }

    /// The sum of two tallies.
    #[must_use]
    pub fn add(self, other: Tally) -> Self {
        Tally {
            chunks: self.chunks + other.chunks,
            open_fences: self.open_fences + other.open_fences,
            headless_rows: self.headless_rows + other.headless_rows,
            excused: Excused {
                left_out: self.excused.left_out + other.excused.left_out,
                long_rows: self.excused.long_rows + other.excused.long_rows,
            },
        }
    }
}

/// Whether `line` is a table row.
fn is_row(line: &str) -> bool {
    line.trim_start_matches([' ', '>']).starts_with('|')
}

/// Whether `line` is a table's delimiter row (`| --- | :-: |`).
fn is_delimiter(line: &str) -> bool {
    let line = line.trim_start_matches([' ', '>']);
    line.starts_with('|')
        && line.contains('-')
        && line.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '))
}

/// The header and delimiter rows (each with its line break) of the table
/// whose rows hold byte `at` of the canonical text, found by walking back
/// over the table's lines; `None` when `at` is not in a table's rows.
fn table_header_before(canonical: &str, at: usize) -> Option<String> {
    let before = canonical.get(..at)?;
    let mut lines = before.lines().rev();
    // The line `at` is on, then those above it.
    let mut above = lines.next();
    while let Some(line) = above {
        if !is_row(line) && !line.trim().is_empty() {
            return None;
        }
        if is_delimiter(line) {
            let header = lines.next().filter(|line| is_row(line))?;
            return Some(format!("{}\n{}\n", header.trim_start(), line.trim_start()));
        }
        above = lines.next();
    }
    None
}

/// The same config with the plain text form: what the Markdown's words are
/// compared with.
pub fn normalized(splitter: &Splitter<AnySizer>) -> anyhow::Result<Splitter<AnySizer>> {
    let mut config = splitter.config().clone();
    config.format = Format::Text;
    config.links = Links::Text;
    config.heading_context = false;
    Ok(Splitter::from_config(config)?)
}

/// How the words of `markdown` (a page's whole Markdown form) compare with
/// those of the same page's normalized text (`plain`, split with the same
/// backend), as a reader reads them (definitions' `:` aside, see
/// [`comparable_words`]): `Ok(true)` when they are equal word for word, `Ok(false)` when, with `spans`, the normalized text's words
/// are those of the read-back in order, the read-back repeating the text of
/// expanded cells; else a description of the first difference.
pub fn compare_words(markdown: &Chunks, plain: &Chunks, spans: bool) -> Result<bool, String> {
    let read = read_back(markdown.canonical_text());
    let read = comparable_words(read.words.iter().map(String::as_str));
    let text = comparable_words(plain.canonical_text().split_whitespace());
    if read == text {
        return Ok(true);
    }
    if spans && is_subsequence(&text, &read) {
        return Ok(false);
    }
    let at = read.iter().zip(&text).take_while(|(a, b)| a == b).count();
    let window =
        |words: &[String]| words[at.saturating_sub(5)..(at + 5).min(words.len())].join(" ");
    Err(format!(
        "word {at}: read back `{}`, normalized text `{}` ({} and {} words)",
        window(&read),
        window(&text),
        read.len(),
        text.len()
    ))
}

fn is_subsequence(words: &[String], within: &[String]) -> bool {
    let mut within = within.iter();
    words.iter().all(|word| within.any(|other| other == word))
}

/// Whether a page's tables expand spans (`colspan`/`rowspan` over 1), whose
/// text the Markdown repeats (SPEC §3.2): its words are compared as the
/// normalized text's in order within the read-back's.
pub fn has_spans(html: &str) -> bool {
    let lower = html.to_ascii_lowercase();
    ["colspan", "rowspan"].iter().any(|attribute| {
        lower.match_indices(attribute).any(|(at, _)| {
            let value = lower[at + attribute.len()..]
                .trim_start_matches([' ', '=', '"', '\''])
                .chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>();
            value.parse::<u32>().is_ok_and(|n| n > 1)
        })
    })
}

/// Pages whose Markdown is known to read back with other words, and why:
/// the comparison still runs on them and fails the run on any other page.
pub const KNOWN_WORD_DIFFERENCES: &[(&str, &str)] = &[];

/// How a page's Markdown read back compares with its normalized text, when
/// it is not word for word the same.
pub enum Words {
    /// The same words but for the repeated text of spanned cells (SPEC
    /// §3.2 repeats it in every column and row a cell covers).
    RepeatsSpans,
    /// A difference: the run fails.
    Differ(String),
    /// A difference listed in [`KNOWN_WORD_DIFFERENCES`], with its reason.
    KnownToDiffer(String),
}

/// [`compare_words`] for the page `name`: `None` when the words are equal
/// word for word.
pub fn check_words(name: &str, markdown: &Chunks, plain: &Chunks, spans: bool) -> Option<Words> {
    let difference = match compare_words(markdown, plain, spans) {
        Ok(true) => return None,
        Ok(false) => return Some(Words::RepeatsSpans),
        Err(difference) => difference,
    };
    Some(
        match KNOWN_WORD_DIFFERENCES
            .iter()
            .find(|(known, _)| name.ends_with(known))
        {
            Some((_, why)) => Words::KnownToDiffer(format!("{name}: known difference: {why}")),
            None => Words::Differ(format!("{name}: {difference}")),
        },
    )
}

/// The backend whose split the word comparison reads.
pub const WORDS_BACKEND: Backend = Backend::Html5ever;
