//! `cargo xtask main-content`: how well `content: "main"` finds the main
//! content, against hand-labelled pages, and how much of documentation
//! pages it keeps.
//!
//! - Quality: each page of `--labels` names its article body by `include`
//!   and `exclude` selectors (see `xtask/labels/README.md`). The truth is the
//!   text `content: "all"` gives with those selectors; the answer is the text
//!   `content: "main"` gives. Both are cut into 4-word shingles of
//!   lowercased words; precision, recall and F1 of the shingle multisets
//!   are computed per page and averaged over pages. `--ablate` repeats the
//!   run with each rule of the detection turned off.
//! - Documentation pages (`--docs`): each names its main container; `main`
//!   must keep at least `--min-kept` of the words (as a multiset) that
//!   `all` gives inside that container.
//! - WCXB (`--wcxb DIR`): the benchmark's bag-of-tokens P/R/F1 per page
//!   type, development and held-out pages apart; with `--score-texts`, the
//!   same scoring of the texts other systems gave (`benches/compare`).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, bail};
use html_splitter::{Backend, Content, MainContentRules, Splitter, SplitterConfig};
use rayon::prelude::*;

use crate::workspace_root;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Hand-labelled pages (JSON array of {page, kind, include, exclude}).
    #[arg(long)]
    labels: Option<PathBuf>,
    /// The directory the labelled pages are in.
    #[arg(long)]
    corpus: Option<PathBuf>,
    /// Documentation pages and their main containers (JSON array of
    /// {page, container}); `ecma262/*` means every page of the shared
    /// ECMA-262 corpus.
    #[arg(long)]
    docs: Option<PathBuf>,
    /// The shared corpora (for `ecma262/*` in `--docs`).
    #[arg(long)]
    shared: Option<PathBuf>,
    /// Backend to parse with.
    #[arg(long, default_value = "html5ever")]
    backend: String,
    /// Also measure with each rule turned off in turn.
    #[arg(long)]
    ablate: bool,
    /// Fail when a documentation page keeps less than this share of words.
    #[arg(long, default_value_t = 0.99)]
    min_kept: f64,
    /// Fail when the mean F1 over the labelled pages is below this.
    #[arg(long)]
    min_f1: Option<f64>,
    /// Print each page's figures.
    #[arg(long)]
    verbose: bool,
    /// Measure on the WCXB pages of this directory instead (`html/`,
    /// `ground-truth/`): bag-of-tokens P/R/F1 per page type, `main` and
    /// `all`, development and held-out pages apart.
    #[arg(long, value_name = "DIR")]
    wcxb: Option<PathBuf>,
    /// With `--wcxb`: write one JSON line per page (id, split, type, P/R/F1
    /// of `main` and `all`) here.
    #[arg(long, value_name = "FILE")]
    pages: Option<PathBuf>,
    /// With `--wcxb`: fail when the development pages' mean F1 of `main`
    /// is below these: an overall floor, then `type=floor` pairs
    /// (`0.85,article=0.9,listing=0.6`).
    #[arg(long, value_name = "FLOORS")]
    floors: Option<String>,
    /// With `--wcxb`: score other systems' texts instead of splitting,
    /// `DIR/<system>/NNNN.txt` per page (a missing file is an empty text),
    /// as `main` is scored; `benches/compare`'s `main-content` writes them.
    #[arg(long, value_name = "DIR")]
    score_texts: Option<PathBuf>,
    /// Print the text `content: "main"` gives for this page (HTML, or
    /// gzip HTML) and stop: for looking into one page.
    #[arg(long, value_name = "FILE")]
    show: Option<PathBuf>,
}

struct Labelled {
    page: String,
    html: String,
    truth: Vec<String>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    if let Some(path) = &args.show {
        let html = if path.to_string_lossy().ends_with(".gz") {
            crate::wcxb::read_html(path)?
        } else {
            let bytes =
                std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
            html_splitter::encoding::decode(&bytes, None)
        };
        let splitter = Splitter::new(whole(Content::Main))?;
        println!("{}", text_of(&splitter, args.backend.parse()?, &html)?);
        return Ok(());
    }
    if let Some(dir) = &args.wcxb {
        return wcxb_run(&args, dir);
    }
    let root = workspace_root();
    let shared = args
        .shared
        .clone()
        .unwrap_or_else(|| root.join("../shared/corpus"));
    let backend: Backend = args.backend.parse()?;
    let labels = args
        .labels
        .clone()
        .unwrap_or_else(|| root.join("xtask/labels/web.json"));
    let corpus = args.corpus.clone().unwrap_or_else(|| shared.join("web"));
    let pages = load_labels(&labels, &corpus, backend)?;
    println!(
        "{} labelled pages from {} ({})",
        pages.len(),
        labels.display(),
        backend.name()
    );
    let all = quality(&pages, backend, Content::All, MainContentRules::ALL, false)?;
    println!(
        "content all:   P {:.3}  R {:.3}  F1 {:.3}  ({:.0} ms)",
        all.precision, all.recall, all.f1, all.millis
    );
    let main = quality(
        &pages,
        backend,
        Content::Main,
        MainContentRules::ALL,
        args.verbose,
    )?;
    println!(
        "content main:  P {:.3}  R {:.3}  F1 {:.3}  ({:.0} ms)",
        main.precision, main.recall, main.f1, main.millis
    );
    if args.ablate {
        for (name, rule) in MainContentRules::NAMED {
            let without = quality(
                &pages,
                backend,
                Content::Main,
                MainContentRules::ALL.without(rule),
                false,
            )?;
            println!(
                "  without {name:<11} P {:.3}  R {:.3}  F1 {:.3}  (ΔF1 {:+.3})",
                without.precision,
                without.recall,
                without.f1,
                without.f1 - main.f1
            );
        }
    }
    let docs = args
        .docs
        .clone()
        .unwrap_or_else(|| root.join("xtask/labels/docs.json"));
    let kept_ok = docs_kept(&docs, &root, &shared, backend, args.min_kept, args.ablate)?;
    if let Some(min) = args.min_f1
        && main.f1 < min
    {
        bail!("mean F1 {:.3} is below {min}", main.f1);
    }
    if !kept_ok {
        bail!(
            "a documentation page keeps less than {} of its words",
            args.min_kept
        );
    }
    Ok(())
}

fn load_labels(labels: &Path, corpus: &Path, backend: Backend) -> anyhow::Result<Vec<Labelled>> {
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(labels)
            .with_context(|| format!("reading {}", labels.display()))?,
    )
    .with_context(|| format!("parsing {}", labels.display()))?;
    let Some(entries) = json.as_array() else {
        bail!("{}: expected an array of labelled pages", labels.display());
    };
    let strings = |entry: &serde_json::Value, key: &str| -> Vec<String> {
        entry[key]
            .as_array()
            .map(|list| {
                list.iter()
                    .filter_map(|s| s.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut pages = Vec::new();
    for entry in entries {
        if entry["kind"].as_str() == Some("skip") {
            continue;
        }
        let Some(page) = entry["page"].as_str() else {
            bail!("{}: an entry without \"page\"", labels.display());
        };
        let path = corpus.join(page);
        let bytes = std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
        let html = html_splitter::encoding::decode(&bytes, None);
        let config = SplitterConfig {
            include: strings(entry, "include"),
            exclude: strings(entry, "exclude"),
            ..whole(Content::All)
        };
        let splitter = Splitter::new(config).with_context(|| format!("labels of {page}"))?;
        let truth = words(&text_of(&splitter, backend, &html)?);
        if truth.is_empty() {
            bail!("{page}: the labelled selectors select no text");
        }
        pages.push(Labelled {
            page: page.to_owned(),
            html,
            truth,
        });
    }
    Ok(pages)
}

/// A config that keeps a whole document in one chunk.
fn whole(content: Content) -> SplitterConfig {
    SplitterConfig {
        content,
        ..SplitterConfig::new(usize::MAX / 4)
    }
}

fn text_of(splitter: &Splitter, backend: Backend, html: &str) -> anyhow::Result<String> {
    let chunks = backend.split(splitter, html)?;
    let texts: Vec<&str> = chunks.iter().map(|chunk| chunk.text).collect();
    Ok(texts.join("\n"))
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_lowercase).collect()
}

/// The 4-word shingles of `words`, counted (all of `words` as one shingle
/// when there are fewer).
fn shingles(words: &[String]) -> HashMap<&[String], usize> {
    let mut counts = HashMap::new();
    if words.is_empty() {
        return counts;
    }
    let width = 4.min(words.len());
    for window in words.windows(width) {
        *counts.entry(window).or_insert(0) += 1;
    }
    counts
}

fn overlap<K: std::hash::Hash + Eq>(a: &HashMap<K, usize>, b: &HashMap<K, usize>) -> usize {
    a.iter()
        .map(|(key, &n)| n.min(b.get(key).copied().unwrap_or(0)))
        .sum()
}

struct Quality {
    precision: f64,
    recall: f64,
    f1: f64,
    millis: f64,
}

fn quality(
    pages: &[Labelled],
    backend: Backend,
    content: Content,
    rules: MainContentRules,
    verbose: bool,
) -> anyhow::Result<Quality> {
    let splitter = Splitter::new(whole(content))?.with_main_content_rules(rules);
    let (mut precision, mut recall, mut f1, mut millis) = (0.0, 0.0, 0.0, 0.0);
    let mut rows = Vec::new();
    for page in pages {
        let started = Instant::now();
        let text = text_of(&splitter, backend, &page.html)?;
        millis += started.elapsed().as_secs_f64() * 1000.0;
        let answer = words(&text);
        let (truth, answer) = (shingles(&page.truth), shingles(&answer));
        let common = overlap(&truth, &answer) as f64;
        let p = if answer.is_empty() {
            0.0
        } else {
            common / answer.values().sum::<usize>() as f64
        };
        let r = common / truth.values().sum::<usize>() as f64;
        let f = if p + r > 0.0 {
            2.0 * p * r / (p + r)
        } else {
            0.0
        };
        precision += p;
        recall += r;
        f1 += f;
        rows.push((f, p, r, &page.page));
    }
    if verbose {
        rows.sort_by(|a, b| a.0.total_cmp(&b.0));
        for (f, p, r, page) in rows {
            println!("    {f:.3}  P {p:.3}  R {r:.3}  {page}");
        }
    }
    let n = pages.len().max(1) as f64;
    Ok(Quality {
        precision: precision / n,
        recall: recall / n,
        f1: f1 / n,
        millis,
    })
}

/// Checks the documentation pages; prints each page's share of words kept
/// and returns whether all reach `min_kept`.
fn docs_kept(
    docs: &Path,
    root: &Path,
    shared: &Path,
    backend: Backend,
    min_kept: f64,
    ablate: bool,
) -> anyhow::Result<bool> {
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(docs).with_context(|| format!("reading {}", docs.display()))?,
    )
    .with_context(|| format!("parsing {}", docs.display()))?;
    let Some(entries) = json.as_array() else {
        bail!(
            "{}: expected an array of documentation pages",
            docs.display()
        );
    };
    let mut pages = Vec::new();
    for entry in entries {
        let (Some(page), Some(container)) = (entry["page"].as_str(), entry["container"].as_str())
        else {
            bail!(
                "{}: each entry needs \"page\" and \"container\"",
                docs.display()
            );
        };
        // What the container holds that is no part of the body (a
        // chapter's table of contents): `all` leaves it out too.
        let exclude = match &entry["exclude"] {
            serde_json::Value::Null => Vec::new(),
            serde_json::Value::Array(selectors) => selectors
                .iter()
                .map(|selector| selector.as_str().map(str::to_owned))
                .collect::<Option<Vec<_>>>()
                .with_context(|| {
                    format!("{}: {page}: \"exclude\" holds a non-string", docs.display())
                })?,
            _ => bail!(
                "{}: {page}: \"exclude\" must be an array of selectors",
                docs.display()
            ),
        };
        let container = (container.to_owned(), exclude);
        if let Some(dir) = page.strip_suffix("/*") {
            for page in crate::corpus::load(&shared.join(dir))? {
                pages.push((format!("{dir}/{}", page.name), page.html, container.clone()));
            }
        } else {
            let path = root.join(page);
            let bytes =
                std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?;
            pages.push((
                page.to_owned(),
                html_splitter::encoding::decode(&bytes, None),
                container,
            ));
        }
    }
    // What `all` keeps inside each page's container: found once, for the
    // run with every rule and for each ablation.
    let pages = pages
        .into_iter()
        .map(|(page, html, (container, exclude))| {
            let all = Splitter::new(SplitterConfig {
                include: vec![container],
                exclude,
                ..whole(Content::All)
            })?;
            let expected = text_of(&all, backend, &html)?;
            Ok((page, html, expected))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let main = Splitter::new(whole(Content::Main))?;
    let mut ok = true;
    let (mut kept_sum, mut all_sum) = (0usize, 0usize);
    let mut worst = (f64::INFINITY, String::new());
    for (page, html, expected) in &pages {
        let (kept, total) = kept_words(expected, &text_of(&main, backend, html)?);
        let share = if total == 0 {
            1.0
        } else {
            kept as f64 / total as f64
        };
        kept_sum += kept;
        all_sum += total;
        if share < worst.0 {
            worst = (share, page.clone());
        }
        if share < min_kept {
            ok = false;
            println!(
                "  docs: {page} keeps {:.2}% of {total} words (below {:.0}%)",
                share * 100.0,
                min_kept * 100.0
            );
        }
    }
    println!(
        "docs: {} pages keep {:.3}% of {} words in their main container (worst {:.3}% {})",
        pages.len(),
        kept_sum as f64 * 100.0 / all_sum.max(1) as f64,
        all_sum,
        worst.0 * 100.0,
        worst.1
    );
    if ablate {
        for (name, rule) in MainContentRules::NAMED {
            let without = Splitter::new(whole(Content::Main))?
                .with_main_content_rules(MainContentRules::ALL.without(rule));
            let (mut kept, mut total) = (0usize, 0usize);
            for (_, html, expected) in &pages {
                let (k, t) = kept_words(expected, &text_of(&without, backend, html)?);
                kept += k;
                total += t;
            }
            println!(
                "  docs without {name:<11} keep {:.3}%",
                kept as f64 * 100.0 / total.max(1) as f64
            );
        }
    }
    Ok(ok)
}

/// How many of the words of `expected` (as a multiset) `found` has, and
/// how many there are.
fn kept_words(expected: &str, found: &str) -> (usize, usize) {
    let (expected, found) = (words(expected), words(found));
    let (expected, found) = (counts(&expected), counts(&found));
    (overlap(&expected, &found), expected.values().sum())
}

fn counts(words: &[String]) -> HashMap<&str, usize> {
    let mut counts = HashMap::new();
    for word in words {
        *counts.entry(word.as_str()).or_insert(0) += 1;
    }
    counts
}

/// One WCXB page, read once.
struct WcxbPage {
    id: String,
    held_out: bool,
    /// The page type; `category` is spelled `collection`.
    kind: String,
    html: String,
    /// The reviewed main content's tokens; empty when the page has none
    /// (left out of the means).
    truth: HashMap<String, usize>,
}

/// Precision, recall and F1 of one page.
#[derive(Clone, Copy, Default)]
struct Prf {
    p: f64,
    r: f64,
    f: f64,
}

/// The benchmark's tokens: `\w+` runs of the lowercased text, counted.
fn token_bag(text: &str) -> HashMap<String, usize> {
    let mut bag = HashMap::new();
    for token in text
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|token| !token.is_empty())
    {
        *bag.entry(token.to_lowercase()).or_insert(0) += 1;
    }
    bag
}

/// The page's P/R/F1 for the text a system gives: the one scoring of
/// `--wcxb`, for our splits and for `--score-texts` alike.
fn score(page: &WcxbPage, text: &str) -> Prf {
    prf(&page.truth, &token_bag(text))
}

fn prf(truth: &HashMap<String, usize>, answer: &HashMap<String, usize>) -> Prf {
    let common = overlap(truth, answer) as f64;
    let (nt, na): (usize, usize) = (truth.values().sum(), answer.values().sum());
    if common == 0.0 || nt == 0 || na == 0 {
        return Prf::default();
    }
    let (p, r) = (common / na as f64, common / nt as f64);
    Prf {
        p,
        r,
        f: 2.0 * p * r / (p + r),
    }
}

/// Whether the characters of `part` other than whitespace are a
/// subsequence of those of `whole`.
fn is_subsequence(part: &str, whole: &str) -> bool {
    let mut whole = whole.chars().filter(|c| !c.is_whitespace());
    part.chars()
        .filter(|c| !c.is_whitespace())
        .all(|c| whole.any(|w| w == c))
}

/// The page types in report order.
const KINDS: [&str; 7] = [
    "article",
    "documentation",
    "service",
    "forum",
    "product",
    "collection",
    "listing",
];

/// Mean P/R/F1 over the pages that have a main content, per type and
/// overall (last), for the pages `select` picks.
fn means(
    pages: &[WcxbPage],
    scores: &[Prf],
    select: impl Fn(&WcxbPage) -> bool,
) -> Vec<(usize, Prf)> {
    let mut sums = vec![(0usize, Prf::default()); KINDS.len() + 1];
    for (page, score) in pages.iter().zip(scores) {
        if page.truth.is_empty() || !select(page) {
            continue;
        }
        let kind = KINDS.iter().position(|k| *k == page.kind);
        for slot in kind.into_iter().chain([KINDS.len()]) {
            let sum = &mut sums[slot];
            sum.0 += 1;
            sum.1.p += score.p;
            sum.1.r += score.r;
            sum.1.f += score.f;
        }
    }
    sums.into_iter()
        .map(|(n, sum)| {
            let d = n.max(1) as f64;
            (
                n,
                Prf {
                    p: sum.p / d,
                    r: sum.r / d,
                    f: sum.f / d,
                },
            )
        })
        .collect()
}

/// What one run over the pages gives: per page, P/R/F1 and the text.
struct WcxbRun {
    scores: Vec<Prf>,
    texts: Vec<String>,
    seconds: f64,
}

fn wcxb_split(
    pages: &[WcxbPage],
    backend: Backend,
    content: Content,
    rules: MainContentRules,
    keep_texts: bool,
) -> anyhow::Result<WcxbRun> {
    let splitter = Splitter::new(whole(content))?.with_main_content_rules(rules);
    let results = pages
        .par_iter()
        .map(|page| {
            let started = Instant::now();
            let text = text_of(&splitter, backend, &page.html)
                .with_context(|| format!("page {}", page.id))?;
            let seconds = started.elapsed().as_secs_f64();
            Ok((
                score(page, &text),
                if keep_texts { text } else { String::new() },
                seconds,
            ))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut run = WcxbRun {
        scores: Vec::with_capacity(results.len()),
        texts: Vec::with_capacity(results.len()),
        seconds: 0.0,
    };
    for (score, text, seconds) in results {
        run.scores.push(score);
        run.texts.push(text);
        run.seconds += seconds;
    }
    Ok(run)
}

/// The WCXB pages of `dir`, with their type, split and truth.
fn wcxb_pages(dir: &Path) -> anyhow::Result<Vec<WcxbPage>> {
    let files = crate::wcxb::page_files(dir)?;
    files
        .par_iter()
        .map(|path| {
            let id = crate::wcxb::page_id(path).to_owned();
            let json = crate::wcxb::read_truth(dir, &id)?;
            let kind = match json["_internal"]["page_type"]["primary"].as_str() {
                Some("category") => "collection",
                Some(kind) => kind,
                None => "unknown",
            };
            Ok(WcxbPage {
                held_out: crate::wcxb::held_out(json["url"].as_str().unwrap_or_default()),
                kind: kind.to_owned(),
                html: crate::wcxb::read_html(path)?,
                truth: token_bag(json["ground_truth"]["main_content"].as_str().unwrap_or("")),
                id,
            })
        })
        .collect()
}

/// Mean P/R/F1 per page type of each column's scores, for the pages
/// `select` picks; the last column's F1 in bold.
fn print_means(
    pages: &[WcxbPage],
    columns: &[(&str, &[Prf])],
    select: impl Fn(&WcxbPage) -> bool + Copy,
) {
    let means: Vec<Vec<(usize, Prf)>> = columns
        .iter()
        .map(|(_, scores)| means(pages, scores, select))
        .collect();
    let names: Vec<String> = columns
        .iter()
        .map(|(name, _)| format!("{name} P | {name} R | {name} F1"))
        .collect();
    println!("| type | pages | {} |", names.join(" | "));
    println!("|---|---|{}", "---|---|---|".repeat(columns.len()));
    for (slot, kind) in KINDS.iter().chain(&["overall"]).enumerate() {
        let cells: Vec<String> = means
            .iter()
            .enumerate()
            .map(|(i, column)| {
                let m = column[slot].1;
                let f1 = if i + 1 == means.len() {
                    format!("**{:.3}**", m.f)
                } else {
                    format!("{:.3}", m.f)
                };
                format!("{:.3} | {:.3} | {f1}", m.p, m.r)
            })
            .collect();
        let n = means.first().map_or(0, |column| column[slot].0);
        println!("| {kind} | {n} | {} |", cells.join(" | "));
    }
}

/// `--score-texts DIR`: each system's texts (`DIR/<system>/NNNN.txt`)
/// scored as `main` is, per page type, development and held-out pages
/// apart: first one F1 table of every system, then each system's P/R/F1.
fn score_texts(pages: &[WcxbPage], dir: &Path) -> anyhow::Result<()> {
    let mut systems: Vec<PathBuf> = std::fs::read_dir(dir)
        .with_context(|| format!("cannot list {}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.is_dir())
        .collect();
    systems.sort();
    if systems.is_empty() {
        bail!("{}: no system directories", dir.display());
    }
    let mut scored = Vec::new();
    for system in &systems {
        let name = system
            .file_name()
            .map(|name| name.to_string_lossy().into_owned())
            .unwrap_or_default();
        let (mut missing, mut empty) = (0, 0);
        let scores = pages
            .iter()
            .map(|page| {
                let path = system.join(format!("{}.txt", page.id));
                let text = match std::fs::read(&path) {
                    Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
                    Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
                        missing += 1;
                        String::new()
                    }
                    Err(err) => {
                        return Err(err).with_context(|| format!("cannot read {}", path.display()));
                    }
                };
                empty += usize::from(text.trim().is_empty());
                Ok(score(page, &text))
            })
            .collect::<anyhow::Result<Vec<_>>>()?;
        println!("{name}: {empty} pages with an empty text ({missing} without a file)");
        scored.push((name, scores));
    }
    for (split, held) in [("development", false), ("held out", true)] {
        let select = |page: &WcxbPage| page.held_out == held;
        let means: Vec<Vec<(usize, Prf)>> = scored
            .iter()
            .map(|(_, scores)| means(pages, scores, select))
            .collect();
        let names: Vec<&str> = scored.iter().map(|(name, _)| name.as_str()).collect();
        println!("\n{split}: mean F1 per page type");
        println!("| type | pages | {} |", names.join(" | "));
        println!("|---|---|{}", "---|".repeat(names.len()));
        for (slot, kind) in KINDS.iter().chain(&["overall"]).enumerate() {
            let cells: Vec<String> = means
                .iter()
                .map(|column| format!("{:.3}", column[slot].1.f))
                .collect();
            let n = means.first().map_or(0, |column| column[slot].0);
            println!("| {kind} | {n} | {} |", cells.join(" | "));
        }
        for (name, scores) in &scored {
            println!("\n{split}, {name}: mean P / R / F1 per page type");
            print_means(pages, &[(name.as_str(), scores.as_slice())], select);
        }
    }
    Ok(())
}

fn wcxb_run(args: &Args, dir: &Path) -> anyhow::Result<()> {
    let pages = wcxb_pages(dir)?;
    if let Some(texts) = &args.score_texts {
        return score_texts(&pages, texts);
    }
    let backend: Backend = args.backend.parse()?;
    let all = wcxb_split(&pages, backend, Content::All, MainContentRules::ALL, true)?;
    let main = wcxb_split(&pages, backend, Content::Main, MainContentRules::ALL, true)?;
    println!(
        "WCXB: {} pages ({} held out, {} without main content), {}; split time all {:.2} s, main {:.2} s ({:.2}x)",
        pages.len(),
        pages.iter().filter(|page| page.held_out).count(),
        pages.iter().filter(|page| page.truth.is_empty()).count(),
        backend.name(),
        all.seconds,
        main.seconds,
        main.seconds / all.seconds.max(1e-9)
    );
    // The invariants: `main` is a subsequence of `all`, never empty when
    // `all` is not.
    let mut broken = Vec::new();
    for ((page, main_text), all_text) in pages.iter().zip(&main.texts).zip(&all.texts) {
        if main_text.trim().is_empty() && !all_text.trim().is_empty() {
            broken.push(format!("{}: main is empty", page.id));
        } else if !is_subsequence(main_text, all_text) {
            broken.push(format!("{}: main is not a subsequence of all", page.id));
        }
    }
    // The same main content on every backend.
    for &other in Backend::ALL {
        if other == backend {
            continue;
        }
        let theirs = wcxb_split(&pages, other, Content::Main, MainContentRules::ALL, true)?;
        for ((page, ours), theirs) in pages.iter().zip(&main.texts).zip(&theirs.texts) {
            if ours != theirs {
                broken.push(format!(
                    "{}: main differs between {} and {}",
                    page.id,
                    backend.name(),
                    other.name()
                ));
            }
        }
    }
    for (name, held) in [("development", false), ("held out", true)] {
        println!("\n{name}: mean P / R / F1 per page type");
        print_means(
            &pages,
            &[("all", &all.scores), ("main", &main.scores)],
            |page: &WcxbPage| page.held_out == held,
        );
    }
    if args.ablate {
        println!(
            "\nAblation: mean F1 of main per page type, development pages (held-out overall last)"
        );
        let dev = |page: &WcxbPage| !page.held_out;
        let held = |page: &WcxbPage| page.held_out;
        let header: Vec<&str> = KINDS.to_vec();
        println!("| rules | {} | overall | held out |", header.join(" | "));
        println!("|---|{}---|---|", "---|".repeat(KINDS.len()));
        let row = |name: &str, scores: &[Prf]| {
            let d = means(&pages, scores, dev);
            let h = means(&pages, scores, held);
            let cells: Vec<String> = d.iter().map(|(_, s)| format!("{:.3}", s.f)).collect();
            println!(
                "| {name} | {} | {:.3} |",
                cells.join(" | "),
                h[KINDS.len()].1.f
            );
        };
        row("all rules", &main.scores);
        for (name, rule) in MainContentRules::NAMED {
            let without = wcxb_split(
                &pages,
                backend,
                Content::Main,
                MainContentRules::ALL.without(rule),
                false,
            )?;
            row(&format!("without {name}"), &without.scores);
        }
        row("content all", &all.scores);
    }
    if let Some(path) = &args.pages {
        let mut lines = String::new();
        for ((page, m), a) in pages.iter().zip(&main.scores).zip(&all.scores) {
            let round = |x: f64| (x * 1000.0).round() / 1000.0;
            let line = serde_json::json!({
                "id": page.id,
                "split": if page.held_out { "held-out" } else { "dev" },
                "type": page.kind,
                "empty": page.truth.is_empty(),
                "main": {"p": round(m.p), "r": round(m.r), "f1": round(m.f)},
                "all": {"p": round(a.p), "r": round(a.r), "f1": round(a.f)},
            });
            lines.push_str(&line.to_string());
            lines.push('\n');
        }
        std::fs::write(path, lines).with_context(|| format!("cannot write {}", path.display()))?;
    }
    if !broken.is_empty() {
        for line in broken.iter().take(20) {
            println!("  {line}");
        }
        bail!(
            "{} pages break the invariants of main content",
            broken.len()
        );
    }
    if let Some(floors) = &args.floors {
        let dev = means(&pages, &main.scores, |page| !page.held_out);
        for floor in floors.split(',').map(str::trim).filter(|f| !f.is_empty()) {
            let (slot, kind, value) = match floor.split_once('=') {
                None => (KINDS.len(), "overall", floor),
                Some((kind, value)) => {
                    let kind = kind.trim();
                    let Some(slot) = KINDS.iter().position(|k| *k == kind) else {
                        bail!("--floors: unknown page type {kind:?}");
                    };
                    (slot, kind, value)
                }
            };
            let value: f64 = value
                .trim()
                .parse()
                .with_context(|| format!("--floors: {floor:?} is not a number"))?;
            if dev[slot].1.f < value {
                bail!(
                    "main content F1 on the development pages ({kind}) is {:.3}, below {value}",
                    dev[slot].1.f
                );
            }
        }
    }
    Ok(())
}
