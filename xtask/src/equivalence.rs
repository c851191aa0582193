//! `cargo xtask equivalence`: every backend over every corpus input with
//! every config; a table of agreement per backend pair (chunks, and chunks
//! with their provenance), the first differing chunk of each differing
//! document, and checks on every run: SPEC §6 invariants 1–3 on the output,
//! 5 by splitting each input twice, and SPEC §7's provenance (each chunk is
//! `text[startIndex:endIndex]` of the canonical text, each anchor is an `id`
//! written in the page).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use std::collections::HashSet;

use html_splitter::{
    Backend, Chunks, DomAdapter, Html5everDom, NodeKind, Splitter, SplitterConfig,
};
use rayon::prelude::*;

use crate::corpus;

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

/// Whether a difference between `pair` on `corpus` fails the run.
fn must_agree(pair: (Backend, Backend), corpus: &Path) -> bool {
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
/// scalar values, and every anchor is an `id` of the page (as html5ever
/// parses it, whatever the backend).
fn check_provenance(chunks: &Chunks, html: &str) -> Result<(), String> {
    let text: Vec<char> = chunks.canonical_text().chars().collect();
    let mut ids: Option<HashSet<String>> = None;
    for (index, chunk) in chunks.iter().enumerate() {
        let slice: Option<String> = text
            .get(chunk.start_index..chunk.end_index)
            .map(|chars| chars.iter().collect());
        if slice.as_deref() != Some(chunk.text) {
            return Err(format!(
                "chunk {index} is not text[{}..{}]",
                chunk.start_index, chunk.end_index
            ));
        }
        if let Some(anchor) = chunk.anchor {
            let ids = ids.get_or_insert_with(|| page_ids(html));
            if !ids.contains(anchor) {
                return Err(format!(
                    "chunk {index}: anchor {anchor:?} is no id of the page"
                ));
            }
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

fn records(chunks: &Chunks) -> Vec<Record> {
    chunks
        .iter()
        .map(|chunk| Record {
            text: chunk.text.to_owned(),
            start: chunk.start_index,
            end: chunk.end_index,
            heading_path: chunk.heading_path.to_vec(),
            anchor: chunk.anchor.map(str::to_owned),
        })
        .collect()
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
            Ok((
                name,
                Splitter::from_config(config).with_context(|| format!("in {}", path.display()))?,
            ))
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
    for corpus_dir in &corpora {
        let pages = corpus::load(corpus_dir)?;
        let corpus_name = corpus_dir
            .file_name()
            .unwrap_or(corpus_dir.as_os_str())
            .to_string_lossy()
            .into_owned();
        for (config_name, splitter) in &configs {
            let results: Vec<Vec<Vec<Record>>> = pages
                .par_iter()
                .map(|page| {
                    Backend::ALL
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
                                .and_then(|()| check_provenance(&chunks, &page.html))
                                .map_err(|violation| {
                                    format!(
                                        "{corpus_name}/{} [{backend}, {config_name}]: {violation}",
                                        page.name
                                    )
                                })?;
                            Ok(records(&chunks))
                        })
                        .collect::<Result<Vec<_>, String>>()
                })
                .collect::<Result<Vec<_>, String>>()
                .map_err(|violation| anyhow::anyhow!("invariant violated: {violation}"))?;
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
                if !differences.is_empty() && must_agree(pair, corpus_dir) {
                    failed.push(format!(
                        "{} and {} differ on {} documents of {corpus_name} with {config_name}",
                        pair.0,
                        pair.1,
                        differences.len()
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
