//! `cargo xtask equivalence`: every backend over every corpus input with
//! every config; a table of agreement per backend pair (chunks, and chunks
//! with their provenance), the first differing chunk of each differing
//! document, and checks on every run: SPEC §6 invariants 1–3 on the output,
//! 5 by splitting each input twice, and SPEC §7's provenance (each chunk is
//! `text[startIndex:endIndex]` of the canonical text, each anchor is an `id`
//! written in the page, and on an `ecma262` corpus each heading path starts
//! with the clause path of its anchor, found on html5ever's tree without the
//! library's provenance code).
//!
//! Failing the run: an input the CLI and the bindings would refuse as binary
//! data ([`refused_as_binary`]: every corpus input is a page, the html5lib
//! tests' NUL characters included), a difference between a pair that must
//! agree on the corpus ([`must_agree`]), and for every pair on every corpus
//! a document where the two give the same chunk texts but different
//! metadata ([`metadata_difference`]).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use std::collections::{HashMap, HashSet};

use html_splitter::{
    Backend, Chunks, Content, DomAdapter, Format, Html5everDom, NodeKind, Splitter, SplitterConfig,
};
use rayon::prelude::*;

use crate::{corpus, markdown};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Corpus directory (repeatable). Default: the repo's `corpus/`.
    #[arg(long = "corpus", value_name = "DIR")]
    corpora: Vec<PathBuf>,
    /// Config file (repeatable). Default: every `corpus/*.json`.
    #[arg(long = "config", value_name = "FILE")]
    configs: Vec<PathBuf>,
    /// How many differing documents to show per table row.
    #[arg(long, default_value_t = 5)]
    show: usize,
}

const PAIRS: [(Backend, Backend); 3] = [
    (Backend::Html5ever, Backend::Scraper),
    (Backend::Html5ever, Backend::Tl),
    (Backend::Scraper, Backend::Tl),
];

/// The first input that `htmlsplit` would refuse as binary data, given
/// its text as a file, with the reason: `None` when every input is text.
/// Such an input is a failure, not a skip: each is an HTML page.
fn refused_as_binary(pages: &[corpus::Page]) -> Option<String> {
    pages.iter().find_map(|page| {
        html_splitter::encoding::decode_text(page.html.as_bytes(), None)
            .err()
            .map(|err| format!("{}: {err}", page.name))
    })
}

/// Whether a difference between `pair` on `corpus` fails the run. With
/// `content: "main"` on the web pages, every pair must agree: the main
/// content lies where the parsers build the same tree (they differ on
/// broken markup of page frames), and the issue asks for the guarantee.
fn must_agree(pair: (Backend, Backend), corpus: &Path, config: &SplitterConfig) -> bool {
    let web = corpus.file_name().is_some_and(|name| name == "web");
    if config.content == Content::Main && web {
        return true;
    }
    match pair {
        (Backend::Html5ever, Backend::Scraper) => true,
        (Backend::Html5ever, Backend::Tl) => corpus
            .file_name()
            .is_some_and(|name| name.to_string_lossy().contains("ecma262")),
        _ => false,
    }
}

/// One chunk with its provenance, as compared between backends.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Record {
    text: String,
    start: usize,
    end: usize,
    heading_path: Vec<String>,
    anchor: Option<String>,
}

impl Record {
    fn describe(&self) -> String {
        format!(
            "{} [{}..{}, path {:?}, anchor {:?}]",
            excerpt(Some(&self.text)),
            self.start,
            self.end,
            self.heading_path,
            self.anchor
        )
    }
}

/// Checks SPEC §7 on one split: offsets index the canonical text in Unicode
/// scalar values (the chunk less what it carries, SPEC §5.1, is
/// `text[startIndex:endIndex]`), and every anchor is one of the page's `ids`
/// (as html5ever parses it, whatever the backend: [`page_ids`]).
fn check_provenance(chunks: &Chunks, ids: &HashSet<String>) -> Result<(), String> {
    let text: Vec<char> = chunks.canonical_text().chars().collect();
    for (index, chunk) in chunks.iter().enumerate() {
        let slice: Option<String> = text
            .get(chunk.provenance.start_index..chunk.provenance.end_index)
            .map(|chars| chars.iter().collect());
        let own: String =
            chunk
                .text
                .chars()
                .skip(chunk.provenance.prefix_length)
                .take(chunk.text.chars().count().saturating_sub(
                    chunk.provenance.prefix_length + chunk.provenance.suffix_length,
                ))
                .collect();
        if slice.as_deref() != Some(own.as_str()) {
            return Err(format!(
                "chunk {index} is not text[{}..{}]",
                chunk.provenance.start_index, chunk.provenance.end_index
            ));
        }
        if let Some(anchor) = chunk.provenance.anchor
            && !ids.contains(anchor)
        {
            return Err(format!(
                "chunk {index}: anchor {anchor:?} is no id of the page"
            ));
        }
    }
    Ok(())
}

/// Every `id` attribute of the page, by a walk over the whole tree.
fn page_ids(html: &str) -> HashSet<String> {
    let mut ids = HashSet::new();
    let Ok(dom) = Html5everDom::parse(html) else {
        return ids;
    };
    let mut stack = vec![dom.document()];
    while let Some(node) = stack.pop() {
        if dom.kind(node) == NodeKind::Element
            && let Some(id) = dom.attribute(node, "id")
        {
            ids.insert(id.into_owned());
        }
        stack.extend(dom.children(node));
    }
    ids
}

/// Whether `corpus` is the ECMA-262 specification, whose clause paths are
/// checked.
fn is_ecma262(corpus: &Path) -> bool {
    corpus
        .file_name()
        .is_some_and(|name| name.to_string_lossy().contains("ecma262"))
}

/// The clause path of every `id` of an ECMA-262 page, read from html5ever's
/// tree without the library's provenance code: the first `h1` child of
/// each `emu-clause`, `emu-annex` and `emu-intro` that is the element or
/// encloses it, outermost first, whitespace collapsed. The first element
/// with an `id` wins, as in `getElementById`.
///
/// SPEC §7 puts a heading on the path only once it has started, so an
/// enclosing clause's `h1` counts only if it precedes the element: an
/// element before its clause's `h1` (ECMA-262's "Normative Optional,
/// Legacy" tag, whose links have ids) does not get that clause's title.
/// The element's own `h1`, if it is a clause, counts: a chunk anchored at
/// the clause itself starts in no element with an `id` inside it, which
/// on ECMA-262 means at or after its `h1`.
struct ClausePaths {
    by_id: HashMap<String, Vec<String>>,
}

const CLAUSES: [&str; 3] = ["emu-clause", "emu-annex", "emu-intro"];

impl ClausePaths {
    fn of_page(html: &str) -> Self {
        enum Step<N> {
            Enter(N),
            Leave { clause: bool },
        }
        /// An open clause: its `h1` and title, and whether the walk has
        /// reached that `h1`.
        struct Clause<N> {
            h1: Option<N>,
            title: Option<String>,
            started: bool,
        }
        let mut by_id = HashMap::new();
        let Ok(dom) = Html5everDom::parse(html) else {
            return ClausePaths { by_id };
        };
        let is_element = |node, name: &str| {
            dom.kind(node) == NodeKind::Element && dom.element_name(node).eq_ignore_ascii_case(name)
        };
        let mut open: Vec<Clause<_>> = Vec::new();
        let mut steps = vec![Step::Enter(dom.document())];
        while let Some(step) = steps.pop() {
            let node = match step {
                Step::Leave { clause } => {
                    if clause {
                        open.pop();
                    }
                    continue;
                }
                Step::Enter(node) => node,
            };
            if let Some(innermost) = open.last_mut()
                && innermost.h1 == Some(node)
            {
                innermost.started = true;
            }
            let clause = CLAUSES.iter().any(|name| is_element(node, name));
            if clause {
                let h1 = dom.children(node).find(|&child| is_element(child, "h1"));
                // Started for the clause's own id, not yet for its content.
                open.push(Clause {
                    h1,
                    title: h1.map(|h1| collapsed_text(&dom, h1)),
                    started: true,
                });
            }
            if dom.kind(node) == NodeKind::Element
                && let Some(id) = dom.attribute(node, "id")
            {
                by_id.entry(id.into_owned()).or_insert_with(|| {
                    open.iter()
                        .filter(|clause| clause.started)
                        .filter_map(|clause| clause.title.clone())
                        .collect()
                });
            }
            if clause && let Some(innermost) = open.last_mut() {
                innermost.started = false;
            }
            steps.push(Step::Leave { clause });
            let children: Vec<_> = dom.children(node).collect();
            steps.extend(children.into_iter().rev().map(Step::Enter));
        }
        ClausePaths { by_id }
    }

    /// Checks that each chunk's heading path starts with its anchor's
    /// clause path; returns how many chunks had an anchor to check.
    fn check(&self, chunks: &[Record]) -> Result<usize, String> {
        let mut checked = 0;
        for (index, chunk) in chunks.iter().enumerate() {
            let Some(anchor) = &chunk.anchor else {
                continue;
            };
            let Some(clauses) = self.by_id.get(anchor) else {
                return Err(format!(
                    "chunk {index}: anchor {anchor:?} is no id of the page"
                ));
            };
            if !chunk.heading_path.starts_with(clauses) {
                return Err(format!(
                    "chunk {index} {}: heading path {:?} does not start with the clause path {clauses:?} of its anchor",
                    excerpt(Some(&chunk.text)),
                    chunk.heading_path
                ));
            }
            checked += 1;
        }
        Ok(checked)
    }
}

/// The text of `node`'s subtree, whitespace collapsed to single spaces.
fn collapsed_text(dom: &Html5everDom, node: <Html5everDom as DomAdapter>::Node) -> String {
    let mut text = String::new();
    let mut stack = vec![node];
    while let Some(node) = stack.pop() {
        match dom.kind(node) {
            NodeKind::Text => text.push_str(&dom.text(node)),
            NodeKind::Element => {
                let children: Vec<_> = dom.children(node).collect();
                stack.extend(children.into_iter().rev());
            }
            _ => {}
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn records(chunks: &Chunks) -> Vec<Record> {
    chunks
        .iter()
        .map(|chunk| Record {
            text: chunk.text.to_owned(),
            start: chunk.provenance.start_index,
            end: chunk.provenance.end_index,
            heading_path: chunk.provenance.heading_path.to_vec(),
            anchor: chunk.provenance.anchor.map(str::to_owned),
        })
        .collect()
}

/// One page's split on every backend, how many of its chunks had their
/// clause path checked, its Markdown word comparison and chunk tally.
type PageResult = (
    Vec<Vec<Record>>,
    usize,
    Option<markdown::Words>,
    markdown::Tally,
    HeadingTally,
);

/// Chunks that end with a heading (SPEC §5 keeps headings with what
/// follows them) and chunks of nothing but headings, on html5ever.
#[derive(Clone, Copy, Default)]
struct HeadingTally {
    chunks: usize,
    ending: usize,
    only: usize,
    /// Boundaries between chunks, and those that cut a sentence (SPEC §4.1).
    boundaries: usize,
    mid_sentence: usize,
}

impl HeadingTally {
    fn of(chunks: &Chunks) -> Self {
        let (boundaries, mid_sentence) = conformance::boundaries_inside_a_sentence(chunks);
        HeadingTally {
            chunks: chunks.len(),
            ending: conformance::chunks_ending_with_a_heading(chunks).len(),
            only: conformance::heading_only_chunks(chunks).len(),
            boundaries,
            mid_sentence,
        }
    }

    fn add(self, other: Self) -> Self {
        HeadingTally {
            chunks: self.chunks + other.chunks,
            ending: self.ending + other.ending,
            only: self.only + other.only,
            boundaries: self.boundaries + other.boundaries,
            mid_sentence: self.mid_sentence + other.mid_sentence,
        }
    }
}

struct Difference {
    page: String,
    index: usize,
    left: Option<Record>,
    right: Option<Record>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let root = crate::workspace_root();
    let corpora = if args.corpora.is_empty() {
        vec![root.join("corpus")]
    } else {
        args.corpora
    };
    let configs = if args.configs.is_empty() {
        crate::repo_configs()?
    } else {
        args.configs
    };
    let configs = configs
        .iter()
        .map(|path| {
            let json = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            let config = SplitterConfig::from_json(&json)
                .with_context(|| format!("in {}", path.display()))?;
            let name = path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            let splitter =
                Splitter::from_config(config).with_context(|| format!("in {}", path.display()))?;
            // A Markdown config's words are compared with those of its
            // normalized text.
            let plain = (splitter.config().format == Format::Markdown)
                .then(|| markdown::normalized(&splitter))
                .transpose()?;
            Ok((name, splitter, plain))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;

    let mut report = String::new();
    let mut failed = Vec::new();
    writeln!(
        report,
        "| corpus | config | pair | identical chunks / total | identical chunks and provenance / total |"
    )?;
    writeln!(report, "|---|---|---|---|---|")?;
    let mut details = String::new();
    let mut markdown_report = String::new();
    let mut heading_report = String::from(
        "| corpus | config | chunks (html5ever) | ending with a heading | only headings | \
         boundaries inside a sentence |\n\
         |---|---|---|---|---|---|\n",
    );
    let mut ecma_checked = 0;
    let mut ecma_without_anchor = 0;
    for corpus_dir in &corpora {
        let pages = corpus::load(corpus_dir)?;
        let corpus_name = corpus_dir
            .file_name()
            .unwrap_or(corpus_dir.as_os_str())
            .to_string_lossy()
            .into_owned();
        if let Some(refused) = refused_as_binary(&pages) {
            bail!("{corpus_name}/{refused}: every corpus input must be text");
        }
        let ecma = is_ecma262(corpus_dir);
        // What the provenance checks know of each page, found once on
        // html5ever's tree for every backend and config.
        let facts: Vec<(HashSet<String>, Option<ClausePaths>)> = pages
            .par_iter()
            .map(|page| {
                let clauses = ecma.then(|| ClausePaths::of_page(&page.html));
                (page_ids(&page.html), clauses)
            })
            .collect();
        for (config_name, splitter, plain) in &configs {
            let is_markdown = plain.is_some();
            let results: Vec<PageResult> = pages
                .par_iter()
                .zip(&facts)
                .map(|(page, (ids, clauses))| {
                    let mut checked = 0;
                    let mut words = None;
                    let mut tally = markdown::Tally::default();
                    let mut headings = HeadingTally::default();
                    let outputs = Backend::ALL
                        .iter()
                        .map(|&backend| {
                            let chunks = backend
                                .split(splitter, &page.html)
                                .expect("the backend parses this input");
                            chunks
                                .check(splitter.sizer(), splitter.config().max_chunk_size)
                                .map_err(|violation| violation.to_string())
                                .and_then(|()| {
                                    (backend
                                        .split(splitter, &page.html)
                                        .expect("the backend parses this input")
                                        == chunks)
                                        .then_some(())
                                        .ok_or_else(|| "a second split differs".to_owned())
                                })
                                .and_then(|()| check_provenance(&chunks, ids))
                                .map(|()| {
                                    if backend == Backend::Html5ever {
                                        headings = HeadingTally::of(&chunks);
                                    }
                                })
                                .and_then(|()| {
                                    if !is_markdown {
                                        return Ok(());
                                    }
                                    let mut split = markdown::Tally::of(&chunks);
                                    split.excused = markdown::check_chunks(&chunks, splitter)?;
                                    tally = tally.add(split);
                                    if let Some(plain) = plain
                                        && backend == markdown::WORDS_BACKEND
                                    {
                                        let normalized = backend
                                            .split(plain, &page.html)
                                            .expect("the backend parses this input");
                                        let spans = markdown::has_spans(&page.html);
                                        words = markdown::check_words(
                                            &page.name,
                                            &chunks,
                                            &normalized,
                                            spans,
                                        );
                                    }
                                    Ok(())
                                })
                                .map(|()| records(&chunks))
                                .and_then(|records| {
                                    if let Some(clauses) = &clauses {
                                        checked += clauses.check(&records)?;
                                    }
                                    Ok(records)
                                })
                                .map_err(|violation| {
                                    format!(
                                        "{corpus_name}/{} [{backend}, {config_name}]: {violation}",
                                        page.name
                                    )
                                })
                        })
                        .collect::<Result<Vec<_>, String>>()?;
                    Ok((outputs, checked, words, tally, headings))
                })
                .collect::<Result<Vec<_>, String>>()
                .map_err(|violation| anyhow::anyhow!("invariant violated: {violation}"))?;
            let mut checked = Vec::new();
            let mut word_differences = Vec::new();
            let mut known_differences = Vec::new();
            let mut repeating_spans = 0;
            let mut tally = markdown::Tally::default();
            let mut headings = HeadingTally::default();
            let results: Vec<Vec<Vec<Record>>> = results
                .into_iter()
                .map(
                    |(outputs, page_checked, words, page_tally, page_headings)| {
                        checked.push(page_checked);
                        tally = tally.add(page_tally);
                        headings = headings.add(page_headings);
                        match words {
                            Some(markdown::Words::Differ(difference)) => {
                                word_differences.push(difference);
                            }
                            Some(markdown::Words::KnownToDiffer(why)) => {
                                known_differences.push(why)
                            }
                            Some(markdown::Words::RepeatsSpans) => repeating_spans += 1,
                            None => {}
                        }
                        outputs
                    },
                )
                .collect();
            writeln!(
                heading_report,
                "| {corpus_name} | {config_name} | {} | {} ({:.1} %) | {} ({:.1} %) | {} of {} \
                 ({:.1} %) |",
                headings.chunks,
                headings.ending,
                percent(headings.ending, headings.chunks),
                headings.only,
                percent(headings.only, headings.chunks),
                headings.mid_sentence,
                headings.boundaries,
                percent(headings.mid_sentence, headings.boundaries),
            )?;
            if is_markdown {
                writeln!(
                    markdown_report,
                    "{corpus_name} [{config_name}]: {} chunks (every backend), {} with a code \
                     fence not closed in them and {} with a table row not under its header, \
                     each let pass: {} lack a part SPEC §5.1's half rule left out, {} lie in a \
                     row longer than a chunk. Read back, {} of {} pages have the normalized \
                     text's words word for word, {} more but for the repeated text of spanned \
                     cells",
                    tally.chunks,
                    tally.open_fences,
                    tally.headless_rows,
                    tally.excused.left_out,
                    tally.excused.long_rows,
                    pages.len()
                        - word_differences.len()
                        - known_differences.len()
                        - repeating_spans,
                    pages.len(),
                    repeating_spans,
                )?;
                for known in &known_differences {
                    writeln!(markdown_report, "  {known}")?;
                }
                for difference in word_differences.iter().take(args.show) {
                    writeln!(markdown_report, "  {difference}")?;
                }
                if !word_differences.is_empty() {
                    failed.push(format!(
                        "the Markdown of {} pages of {corpus_name} with {config_name} reads back \
                         with other words than the normalized text",
                        word_differences.len()
                    ));
                }
            }
            if ecma {
                let checked: usize = checked.iter().sum();
                ecma_checked += checked;
                ecma_without_anchor +=
                    results.iter().flatten().map(Vec::len).sum::<usize>() - checked;
            }
            for pair in PAIRS {
                let left = position(pair.0);
                let right = position(pair.1);
                let differences: Vec<Difference> = pages
                    .iter()
                    .zip(&results)
                    .filter_map(|(page, outputs)| {
                        first_difference(&page.name, &outputs[left], &outputs[right])
                    })
                    .collect();
                let same_text = results
                    .iter()
                    .filter(|outputs| texts(&outputs[left]).eq(texts(&outputs[right])))
                    .count();
                let identical = pages.len() - differences.len();
                writeln!(
                    report,
                    "| {corpus_name} | {config_name} | {} ≡ {} | {same_text} / {} | {identical} / {} |",
                    pair.0,
                    pair.1,
                    pages.len(),
                    pages.len()
                )?;
                if !differences.is_empty() && must_agree(pair, corpus_dir, splitter.config()) {
                    failed.push(format!(
                        "{} and {} differ on {} documents of {corpus_name} with {config_name}",
                        pair.0,
                        pair.1,
                        differences.len()
                    ));
                }
                let metadata: Vec<String> = pages
                    .iter()
                    .zip(&results)
                    .filter_map(|(page, outputs)| {
                        metadata_difference(&outputs[left], &outputs[right])
                            .map(|index| format!("{} (chunk {index})", page.name))
                    })
                    .collect();
                if !metadata.is_empty() {
                    let more = if metadata.len() > args.show {
                        ", …"
                    } else {
                        ""
                    };
                    failed.push(format!(
                        "{} and {} give the same chunks but different metadata on {} documents of {corpus_name} with {config_name}: {}{more}",
                        pair.0,
                        pair.1,
                        metadata.len(),
                        metadata[..metadata.len().min(args.show)].join(", ")
                    ));
                }
                for difference in differences.iter().take(args.show) {
                    writeln!(
                        details,
                        "{corpus_name} [{config_name}] {} vs {}: {} differs at chunk {}\n  {}: {}\n  {}: {}",
                        pair.0,
                        pair.1,
                        difference.page,
                        difference.index,
                        pair.0,
                        describe(difference.left.as_ref()),
                        pair.1,
                        describe(difference.right.as_ref()),
                    )?;
                }
            }
        }
    }
    if ecma_checked + ecma_without_anchor > 0 {
        writeln!(
            report,
            "\nECMA-262 clause paths: {ecma_checked} chunks checked (every backend and config), \
             {ecma_without_anchor} without an anchor."
        )?;
    }
    writeln!(
        report,
        "\nHeadings kept with what follows them (SPEC §5; found by text, see \
         conformance::chunks_ending_with_a_heading; a segment kept whole that ends with a \
         heading, such as a list item or a separator's group, still ends its chunk with it):\n\
         {heading_report}"
    )?;
    if !markdown_report.is_empty() {
        writeln!(
            report,
            "\nMarkdown read back (pulldown-cmark):\n{markdown_report}"
        )?;
    }
    println!("{report}");
    if !details.is_empty() {
        println!(
            "First differing chunk of each differing document (up to {} per row):\n{details}",
            args.show
        );
    }
    let path = root.join("target").join("equivalence-report.md");
    std::fs::create_dir_all(root.join("target"))?;
    std::fs::write(&path, format!("{report}\n{details}"))?;
    if !failed.is_empty() {
        bail!("backends that must agree differ:\n{}", failed.join("\n"));
    }
    println!("ok: invariants hold on every run; backends that must agree do.");
    Ok(())
}

fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

fn position(backend: Backend) -> usize {
    Backend::ALL
        .iter()
        .position(|&b| b == backend)
        .unwrap_or_default()
}

fn texts(records: &[Record]) -> impl Iterator<Item = &str> {
    records.iter().map(|record| record.text.as_str())
}

fn describe(record: Option<&Record>) -> String {
    record.map_or_else(|| "(no chunk)".to_owned(), Record::describe)
}

/// When `left` and `right` have the same chunk texts, the first chunk whose
/// metadata (offsets, heading path, anchor) differs.
fn metadata_difference(left: &[Record], right: &[Record]) -> Option<usize> {
    if !texts(left).eq(texts(right)) {
        return None;
    }
    left.iter().zip(right).position(|(l, r)| l != r)
}

fn first_difference(page: &str, left: &[Record], right: &[Record]) -> Option<Difference> {
    let index = (0..left.len().max(right.len())).find(|&i| left.get(i) != right.get(i))?;
    Some(Difference {
        page: page.to_owned(),
        index,
        left: left.get(index).cloned(),
        right: right.get(index).cloned(),
    })
}

fn excerpt(chunk: Option<&str>) -> String {
    match chunk {
        None => "(no chunk)".to_owned(),
        Some(text) => {
            let short: String = text.chars().take(160).collect();
            let ellipsis = if short.len() < text.len() { "…" } else { "" };
            format!("{short:?}{ellipsis}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(text: &str, start: usize, path: &[&str], anchor: Option<&str>) -> Record {
        Record {
            text: text.to_owned(),
            start,
            end: start + text.chars().count(),
            heading_path: path.iter().map(|&h| h.to_owned()).collect(),
            anchor: anchor.map(str::to_owned),
        }
    }

    #[test]
    fn inputs_refused_as_binary_data_fail_the_run() {
        let page = |name: &str, html: &str| corpus::Page {
            name: name.to_owned(),
            html: html.to_owned(),
        };
        let pages = [page("a.dat#0", "<p>\0x"), page("a.dat#1", "\0")];
        assert_eq!(refused_as_binary(&pages), None);
        let binary = page("b.dat#0", &"\0".repeat(100));
        assert_eq!(
            refused_as_binary(&[pages[0].clone(), binary]).as_deref(),
            Some(
                "b.dat#0: binary data, not text: 100 of the first 100 characters (100%) are control characters"
            )
        );
    }

    #[test]
    fn anchors_are_checked_against_the_pages_ids() {
        let config = SplitterConfig::from_json(r#"{"chunkSize": 100}"#).expect("a good config");
        let splitter = Splitter::new(config).expect("a good config");
        let html = r#"<p id="a">text</p>"#;
        let chunks = Backend::Html5ever
            .split(&splitter, html)
            .expect("html5ever parses this input");
        assert_eq!(check_provenance(&chunks, &page_ids(html)), Ok(()));
        let violation = check_provenance(&chunks, &HashSet::new()).expect_err("no ids");
        assert!(violation.contains(r#"anchor "a" is no id"#), "{violation}");
    }

    #[test]
    fn same_chunks_with_different_metadata_are_found() {
        let left = [
            record("a", 0, &["H"], Some("x")),
            record("b", 2, &["H"], Some("y")),
        ];
        assert_eq!(metadata_difference(&left, &left), None);
        // An anchor, an offset, a heading path: each is a difference.
        let mut right = left.clone();
        right[1].anchor = Some("html".to_owned());
        assert_eq!(metadata_difference(&left, &right), Some(1));
        let mut right = left.clone();
        right[0].start = 1;
        assert_eq!(metadata_difference(&left, &right), Some(0));
        let mut right = left.clone();
        right[1].heading_path.clear();
        assert_eq!(metadata_difference(&left, &right), Some(1));
        // Different chunk texts are the other rule's business.
        let right = [record("a", 0, &["H"], Some("x")), record("c", 2, &[], None)];
        assert_eq!(metadata_difference(&left, &right), None);
        assert_eq!(metadata_difference(&left, &left[..1]), None);
    }

    #[test]
    fn clause_paths_come_from_the_h1_children_of_enclosing_clauses() {
        let page = "<emu-intro id=intro><h1>Intro</h1><p id=i>i</p></emu-intro>\
            <emu-clause id=sec-a><h1><span class=secnum>1</span>  A\n title</h1><h2>Syntax</h2>\
            <div><emu-clause id=sec-b><h1>1.1 B</h1><p id=para>x</p>\
            <emu-clause id=sec-untitled><p id=deep>y</p></emu-clause></emu-clause></div></emu-clause>\
            <emu-annex id=sec-annex><div><a id=tag>Legacy</a></div><h1>A Annex</h1></emu-annex>\
            <p id=outside>z</p><p id=para>dup</p>";
        let paths = ClausePaths::of_page(page);
        let path = |id: &str| paths.by_id.get(id).cloned();
        assert_eq!(path("intro"), Some(vec!["Intro".to_owned()]));
        assert_eq!(path("sec-a"), Some(vec!["1 A title".to_owned()]));
        assert_eq!(
            path("para"),
            Some(vec!["1 A title".to_owned(), "1.1 B".to_owned()])
        );
        assert_eq!(path("deep"), path("para"));
        assert_eq!(path("sec-annex"), Some(vec!["A Annex".to_owned()]));
        // Before its clause's h1: not in that clause's section yet.
        assert_eq!(path("tag"), Some(vec![]));
        assert_eq!(path("outside"), Some(vec![]));

        let chunk = |path: &[&str], anchor| vec![record("x", 0, path, Some(anchor))];
        assert_eq!(paths.check(&chunk(&["1 A title", "1.1 B"], "para")), Ok(1));
        // Headings of the clause after its h1 may follow.
        assert_eq!(
            paths.check(&chunk(&["1 A title", "Syntax"], "sec-a")),
            Ok(1)
        );
        assert_eq!(paths.check(&[record("x", 0, &[], None)]), Ok(0));
        let wrong = paths.check(&chunk(&["1 A title"], "para"));
        assert!(wrong.is_err_and(|message| message.contains("clause path")));
        assert!(paths.check(&chunk(&[], "nowhere")).is_err());
    }
}
