//! `cargo xtask retrieval`: how well our chunks serve a retriever, on pages
//! with questions whose answer is on the page (by default the shared
//! wtq-dev corpus), scored as `../shared/corpus/wtq-dev/README.md` says.
//!
//! Per splitter configuration: each question ranks the chunks of its own
//! page with Okapi BM25 ([`bm25`]); hit@1, hit@3 and hit@5 are the shares of
//! questions with a hit among that many best chunks, hit@3k among the best
//! chunks that fit in 3,000 characters together (at least one). A hit is a
//! chunk that contains the answer, both normalized ([`hits::normalize`]).
//! All-pages hit@5 ranks every chunk of every page at once (one index) and
//! counts the hits among the best five that come from the question's own
//! page. Beside these: chunks per page, their mean and total characters,
//! the CPU time of the split, and with `--tokenizer` the mean tokens per
//! chunk and the share of chunks over `--token-limit`. `--floors`
//! ([`floors`]) fails the run when a share is below its floor.

mod bm25;
mod floors;
mod hits;

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{Context, bail};
use html_splitter::{Backend, Format, HuggingFace, Sizer, Splitter, SplitterConfig};
use rayon::prelude::*;

use crate::workspace_root;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The pages, one `.html` file each. Default:
    /// `../shared/corpus/wtq-dev/pages` beside the workspace.
    #[arg(long, value_name = "DIR")]
    pages: Option<PathBuf>,
    /// The questions: JSON lines with `id`, `question`, `answer` and `page`
    /// (a file name in `--pages`). Default:
    /// `../shared/corpus/wtq-dev/questions.jsonl` beside the workspace.
    #[arg(long, value_name = "FILE")]
    questions: Option<PathBuf>,
    /// A splitter config file, JSON as the CLI reads it, named by its file
    /// stem (repeatable). Default: `text-800-1000` and
    /// `markdown-800-1000` (chunkSize 800, maxChunkSize 1000, plain text
    /// and Markdown).
    #[arg(long = "config", value_name = "FILE")]
    configs: Vec<PathBuf>,
    /// Backend to parse with.
    #[arg(long, default_value = "html5ever")]
    backend: String,
    /// Only the first N pages in name order, and their questions.
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    /// Also write the figures here, as JSON.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Fail when a share is below its floor: `[CONFIGURATION:]FIGURE=SHARE`
    /// items separated by commas, figures hit1, hit3, hit5, hit3k,
    /// all-hit5, a configuration by its name or a part of it that ends
    /// before a `-` (`text:hit3k=0.70,markdown:hit3k=0.65`).
    #[arg(long, value_name = "FLOORS")]
    floors: Option<String>,
    /// A Hugging Face `tokenizer.json`: also count each chunk's tokens
    /// (without special tokens).
    #[arg(long, value_name = "FILE")]
    tokenizer: Option<PathBuf>,
    /// With `--tokenizer`: report the share of chunks over this many
    /// tokens.
    #[arg(long, value_name = "N", default_value_t = 256)]
    token_limit: usize,
}

/// The characters of context hit@3k offers.
const CONTEXT_CHARACTERS: usize = 3000;

/// A share of the questions that the run measures and `--floors` checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Figure {
    Hit1,
    Hit3,
    Hit5,
    Hit3k,
    AllPagesHit5,
}

impl Figure {
    pub const ALL: [Figure; 5] = [
        Figure::Hit1,
        Figure::Hit3,
        Figure::Hit5,
        Figure::Hit3k,
        Figure::AllPagesHit5,
    ];

    /// Its name in `--floors` and in the JSON figures.
    pub fn name(self) -> &'static str {
        match self {
            Figure::Hit1 => "hit1",
            Figure::Hit3 => "hit3",
            Figure::Hit5 => "hit5",
            Figure::Hit3k => "hit3k",
            Figure::AllPagesHit5 => "all-hit5",
        }
    }

    /// What it is called in the table and the messages.
    pub fn label(self) -> &'static str {
        match self {
            Figure::Hit1 => "hit@1",
            Figure::Hit3 => "hit@3",
            Figure::Hit5 => "hit@5",
            Figure::Hit3k => "hit@3k",
            Figure::AllPagesHit5 => "all-pages hit@5",
        }
    }

    fn slot(self) -> usize {
        self as usize
    }
}

/// One page of the corpus.
struct Page {
    /// The file name, as questions name it.
    name: String,
    html: String,
}

/// One question, on page number `page`.
struct Question {
    question: String,
    /// The answer, normalized.
    answer: String,
    page: usize,
}

/// A named splitter configuration.
struct Configuration {
    name: String,
    config: SplitterConfig,
}

/// What one configuration gives over every page and question.
struct Measured {
    name: String,
    config: SplitterConfig,
    /// The questions with a hit, by [`Figure::slot`].
    hits: [usize; 5],
    questions: usize,
    pages: usize,
    chunks: usize,
    characters: usize,
    cpu_seconds: f64,
    /// The chunks' tokens in all, and the chunks over the token limit.
    tokens: Option<(usize, usize)>,
}

impl Measured {
    fn share(&self, figure: Figure) -> f64 {
        self.hits[figure.slot()] as f64 / self.questions.max(1) as f64
    }

    fn chunks_per_page(&self) -> f64 {
        self.chunks as f64 / self.pages.max(1) as f64
    }

    fn mean_characters(&self) -> f64 {
        self.characters as f64 / self.chunks.max(1) as f64
    }

    fn cpu_ms_per_page(&self) -> f64 {
        self.cpu_seconds * 1000.0 / self.pages.max(1) as f64
    }

    fn mean_tokens(&self) -> Option<f64> {
        self.tokens
            .map(|(tokens, _)| tokens as f64 / self.chunks.max(1) as f64)
    }

    fn over_token_limit(&self) -> Option<f64> {
        self.tokens
            .map(|(_, over)| over as f64 / self.chunks.max(1) as f64)
    }
}

/// A whole run: the corpus and each configuration's figures.
struct Report {
    pages: usize,
    questions: usize,
    backend: Backend,
    /// The characters of every page's plain text (whitespace normalized),
    /// for reference.
    page_characters: usize,
    token_limit: Option<usize>,
    measured: Vec<Measured>,
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let started = Instant::now();
    let corpus = workspace_root().join("../shared/corpus/wtq-dev");
    let pages_dir = args.pages.clone().unwrap_or_else(|| corpus.join("pages"));
    let questions_file = args
        .questions
        .clone()
        .unwrap_or_else(|| corpus.join("questions.jsonl"));
    let backend: Backend = args.backend.parse()?;
    let floors = floors::parse(args.floors.as_deref().unwrap_or(""))?;
    let configurations = configurations(&args.configs)?;
    let names: Vec<String> = configurations.iter().map(|c| c.name.clone()).collect();
    floors::check_names(&floors, &names)?;
    let tokenizer = match &args.tokenizer {
        Some(path) => Some(
            HuggingFace::from_file(path)
                .with_context(|| format!("--tokenizer {}", path.display()))?,
        ),
        None => None,
    };

    let pages = load_pages(&pages_dir, args.limit)?;
    let questions = load_questions(&questions_file, &pages_dir, &pages, args.limit.is_some())?;
    let report = measure(
        &pages,
        &questions,
        &configurations,
        backend,
        tokenizer.as_ref().map(|sizer| (sizer, args.token_limit)),
    )?;
    print!("{}", table(&report));
    if let Some(path) = &args.json {
        let json = serde_json::to_string_pretty(&json(&report)?)?;
        std::fs::write(path, json + "\n")
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    eprintln!("({:.1} s)", started.elapsed().as_secs_f64());
    let failures = floors::failures(&floors, &names, |i, figure| {
        report.measured[i].share(figure)
    });
    if !failures.is_empty() {
        bail!("below the floors: {}", failures.join("; "));
    }
    Ok(())
}

/// The configurations of `--config`, or the two defaults.
fn configurations(files: &[PathBuf]) -> anyhow::Result<Vec<Configuration>> {
    if files.is_empty() {
        let text = SplitterConfig {
            max_chunk_size: Some(1000),
            ..SplitterConfig::new(800)
        };
        let markdown = SplitterConfig {
            format: Format::Markdown,
            ..text.clone()
        };
        return Ok(vec![
            Configuration {
                name: "text-800-1000".to_owned(),
                config: text,
            },
            Configuration {
                name: "markdown-800-1000".to_owned(),
                config: markdown,
            },
        ]);
    }
    let mut configurations: Vec<Configuration> = Vec::new();
    for path in files {
        let json = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read config file {}", path.display()))?;
        let config = SplitterConfig::from_json(&json)
            .with_context(|| format!("in config file {}", path.display()))?;
        let Some(name) = path
            .file_stem()
            .map(|stem| stem.to_string_lossy().into_owned())
        else {
            bail!("config file {} has no file name", path.display());
        };
        if configurations.iter().any(|c| c.name == name) {
            bail!("two config files are named {name:?}: name each configuration's file apart");
        }
        configurations.push(Configuration { name, config });
    }
    Ok(configurations)
}

/// The `.html` (or `.htm`) files of `dir`, in name order, the first `limit`.
fn load_pages(dir: &Path, limit: Option<usize>) -> anyhow::Result<Vec<Page>> {
    let mut files: Vec<(String, PathBuf)> = Vec::new();
    for entry in std::fs::read_dir(dir).with_context(|| format!("cannot list {}", dir.display()))? {
        let path = entry
            .with_context(|| format!("cannot list {}", dir.display()))?
            .path();
        let html = path
            .extension()
            .is_some_and(|ext| ext.eq_ignore_ascii_case("html") || ext.eq_ignore_ascii_case("htm"));
        if html && path.is_file() {
            let name = path
                .file_name()
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default();
            files.push((name, path));
        }
    }
    files.sort();
    if files.is_empty() {
        bail!("no .html pages in {}", dir.display());
    }
    files.truncate(limit.unwrap_or(usize::MAX));
    files
        .into_par_iter()
        .map(|(name, path)| {
            let bytes =
                std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?;
            Ok(Page {
                name,
                html: html_splitter::encoding::decode(&bytes, None),
            })
        })
        .collect()
}

/// The questions of `path` on `pages`. A question on a page not among them
/// is an error, unless the pages are a slice (`limited`): then it is left
/// out.
fn load_questions(
    path: &Path,
    pages_dir: &Path,
    pages: &[Page],
    limited: bool,
) -> anyhow::Result<Vec<Question>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let numbers: HashMap<&str, usize> = pages
        .iter()
        .enumerate()
        .map(|(i, page)| (page.name.as_str(), i))
        .collect();
    let mut questions = Vec::new();
    for (line_number, line) in text.lines().enumerate() {
        let at = || format!("{}:{}", path.display(), line_number + 1);
        if line.trim().is_empty() {
            continue;
        }
        let json: serde_json::Value =
            serde_json::from_str(line).with_context(|| format!("{}: not JSON", at()))?;
        let field = |key: &str| -> anyhow::Result<String> {
            match json.get(key).and_then(|value| value.as_str()) {
                Some(value) => Ok(value.to_owned()),
                None => bail!("{}: no string {key:?}", at()),
            }
        };
        let (id, page) = (field("id")?, field("page")?);
        let answer = hits::normalize(&field("answer")?);
        if answer.is_empty() {
            bail!(
                "{}: question {id}: the answer is empty once normalized",
                at()
            );
        }
        let Some(&number) = numbers.get(page.as_str()) else {
            if limited {
                continue;
            }
            bail!(
                "{}: question {id}: page {page:?} is not in {}",
                at(),
                pages_dir.display()
            );
        };
        questions.push(Question {
            question: field("question")?,
            answer,
            page: number,
        });
    }
    if questions.is_empty() {
        bail!("{}: no question on the pages", path.display());
    }
    Ok(questions)
}

/// The chunks of one page under one configuration.
struct PageChunks {
    texts: Vec<String>,
    /// The texts normalized, where answers are looked for.
    normalized: Vec<String>,
    /// Each text's length in characters.
    characters: Vec<usize>,
    tokens: Vec<usize>,
    cpu_seconds: f64,
}

fn measure(
    pages: &[Page],
    questions: &[Question],
    configurations: &[Configuration],
    backend: Backend,
    tokenizer: Option<(&HuggingFace, usize)>,
) -> anyhow::Result<Report> {
    let plain = Splitter::new(SplitterConfig::new(usize::MAX / 4))?;
    let page_characters = pages
        .par_iter()
        .map(|page| {
            let chunks = backend
                .split(&plain, &page.html)
                .with_context(|| format!("page {}", page.name))?;
            Ok(chunks.canonical_text().chars().count())
        })
        .collect::<anyhow::Result<Vec<usize>>>()?
        .into_iter()
        .sum();
    let mut measured = Vec::new();
    for configuration in configurations {
        let started = Instant::now();
        let split = split_pages(pages, configuration, backend, tokenizer.map(|(t, _)| t))?;
        let hits = score(questions, &split);
        let chunks: usize = split.iter().map(|page| page.texts.len()).sum();
        let tokens = tokenizer.map(|(_, limit)| {
            let all = split.iter().flat_map(|page| &page.tokens);
            (
                all.clone().sum(),
                all.filter(|&&tokens| tokens > limit).count(),
            )
        });
        eprintln!(
            "{}: {chunks} chunks, measured in {:.1} s",
            configuration.name,
            started.elapsed().as_secs_f64()
        );
        measured.push(Measured {
            name: configuration.name.clone(),
            config: configuration.config.clone(),
            hits,
            questions: questions.len(),
            pages: pages.len(),
            chunks,
            characters: split.iter().flat_map(|page| &page.characters).sum(),
            cpu_seconds: split.iter().map(|page| page.cpu_seconds).sum(),
            tokens,
        });
    }
    Ok(Report {
        pages: pages.len(),
        questions: questions.len(),
        backend,
        page_characters,
        token_limit: tokenizer.map(|(_, limit)| limit),
        measured,
    })
}

fn split_pages(
    pages: &[Page],
    configuration: &Configuration,
    backend: Backend,
    tokenizer: Option<&HuggingFace>,
) -> anyhow::Result<Vec<PageChunks>> {
    let splitter = Splitter::from_config(configuration.config.clone())
        .with_context(|| format!("configuration {}", configuration.name))?;
    pages
        .par_iter()
        .map(|page| {
            let before = thread_cpu_seconds();
            let chunks = backend.split(&splitter, &page.html);
            let cpu_seconds = thread_cpu_seconds() - before;
            let chunks = chunks.with_context(|| {
                format!("configuration {}, page {}", configuration.name, page.name)
            })?;
            let texts: Vec<String> = chunks.iter().map(|chunk| chunk.text.to_owned()).collect();
            Ok(PageChunks {
                normalized: texts.iter().map(|text| hits::normalize(text)).collect(),
                characters: texts.iter().map(|text| text.chars().count()).collect(),
                tokens: match tokenizer {
                    Some(sizer) => texts.iter().map(|text| sizer.size(text)).collect(),
                    None => Vec::new(),
                },
                texts,
                cpu_seconds,
            })
        })
        .collect()
}

/// The questions with a hit, by [`Figure::slot`].
fn score(questions: &[Question], pages: &[PageChunks]) -> [usize; 5] {
    let indexes: Vec<bm25::Index> = pages
        .par_iter()
        .map(|page| bm25::Index::new(page.texts.iter().map(String::as_str)))
        .collect();
    // One index over every chunk of every page, and where each chunk is from.
    let everything = bm25::Index::new(
        pages
            .iter()
            .flat_map(|page| page.texts.iter().map(String::as_str)),
    );
    let owners: Vec<(usize, usize)> = pages
        .iter()
        .enumerate()
        .flat_map(|(number, page)| (0..page.texts.len()).map(move |chunk| (number, chunk)))
        .collect();
    questions
        .par_iter()
        .map(|question| {
            let query = bm25::tokens(&question.question);
            let page = &pages[question.page];
            let holds = |chunk: usize| page.normalized[chunk].contains(&question.answer);
            let ranking = indexes[question.page].ranking(&query);
            let first_hit = ranking.iter().position(|&chunk| holds(chunk));
            let within = hits::within_characters(&ranking, &page.characters, CONTEXT_CHARACTERS);
            let all_pages = everything.top(&query, 5).into_iter().any(|id| {
                let (number, chunk) = owners[id];
                number == question.page && holds(chunk)
            });
            let mut hits = [0; 5];
            for (figure, hit) in [
                (Figure::Hit1, first_hit.is_some_and(|rank| rank < 1)),
                (Figure::Hit3, first_hit.is_some_and(|rank| rank < 3)),
                (Figure::Hit5, first_hit.is_some_and(|rank| rank < 5)),
                (Figure::Hit3k, first_hit.is_some_and(|rank| rank < within)),
                (Figure::AllPagesHit5, all_pages),
            ] {
                hits[figure.slot()] = usize::from(hit);
            }
            hits
        })
        .reduce(
            || [0; 5],
            |mut sum, hits| {
                for (sum, hit) in sum.iter_mut().zip(hits) {
                    *sum += hit;
                }
                sum
            },
        )
}

/// The CPU time of this thread, in seconds: what a split costs whatever
/// else runs beside it.
#[cfg(target_os = "linux")]
fn thread_cpu_seconds() -> f64 {
    let now = rustix::time::clock_gettime(rustix::time::ClockId::ThreadCPUTime);
    now.tv_sec as f64 + now.tv_nsec as f64 * 1e-9
}

/// The time since the first call, in seconds: the wall time of a split,
/// where this thread's CPU time is not read.
#[cfg(not(target_os = "linux"))]
fn thread_cpu_seconds() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
}

fn percent(share: f64) -> String {
    format!("{:.1}%", share * 100.0)
}

/// The Markdown table of the report, with a line on the corpus above it.
fn table(report: &Report) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} pages, {} questions, {}; the pages' plain text: {:.2} M characters\n",
        report.pages,
        report.questions,
        report.backend.name(),
        report.page_characters as f64 / 1e6
    );
    let mut header: Vec<String> = vec!["configuration".to_owned()];
    header.extend(Figure::ALL.iter().map(|&figure| match figure {
        Figure::Hit1 => format!("BM25 {}", figure.label()),
        _ => figure.label().to_owned(),
    }));
    header.extend(["chunks/page", "mean chars", "total chars (M)"].map(str::to_owned));
    if let Some(limit) = report.token_limit {
        header.extend(["mean tokens".to_owned(), format!("over {limit} tokens")]);
    }
    header.push("CPU ms/page".to_owned());
    let _ = writeln!(out, "| {} |", header.join(" | "));
    let _ = writeln!(out, "|---|{}", "---:|".repeat(header.len() - 1));
    for measured in &report.measured {
        let mut cells = vec![measured.name.clone()];
        cells.extend(
            Figure::ALL
                .iter()
                .map(|&figure| percent(measured.share(figure))),
        );
        cells.push(format!("{:.1}", measured.chunks_per_page()));
        cells.push(format!("{:.0}", measured.mean_characters()));
        cells.push(format!("{:.2}", measured.characters as f64 / 1e6));
        if let (Some(mean), Some(over)) = (measured.mean_tokens(), measured.over_token_limit()) {
            cells.push(format!("{mean:.1}"));
            cells.push(percent(over));
        }
        cells.push(format!("{:.2}", measured.cpu_ms_per_page()));
        let _ = writeln!(out, "| {} |", cells.join(" | "));
    }
    out
}

/// The report as JSON: shares as fractions, figures under their
/// [`Figure::name`].
fn json(report: &Report) -> anyhow::Result<serde_json::Value> {
    let configurations = report
        .measured
        .iter()
        .map(|measured| {
            let mut object = serde_json::Map::new();
            object.insert("name".into(), measured.name.clone().into());
            object.insert("config".into(), serde_json::to_value(&measured.config)?);
            for figure in Figure::ALL {
                object.insert(figure.name().into(), measured.share(figure).into());
            }
            object.insert("chunks".into(), measured.chunks.into());
            object.insert("chunksPerPage".into(), measured.chunks_per_page().into());
            object.insert("meanCharacters".into(), measured.mean_characters().into());
            object.insert("totalCharacters".into(), measured.characters.into());
            object.insert("cpuMsPerPage".into(), measured.cpu_ms_per_page().into());
            if let (Some(mean), Some(over)) = (measured.mean_tokens(), measured.over_token_limit())
            {
                object.insert("meanTokens".into(), mean.into());
                object.insert("overTokenLimit".into(), over.into());
            }
            Ok(serde_json::Value::Object(object))
        })
        .collect::<anyhow::Result<Vec<_>>>()?;
    Ok(serde_json::json!({
        "pages": report.pages,
        "questions": report.questions,
        "backend": report.backend.name(),
        "pageTextCharacters": report.page_characters,
        "tokenLimit": report.token_limit,
        "configurations": configurations,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Page `a`: three paragraphs under a heading; `b`: a table; `c`: no
    /// question of its own, but five paragraphs that outrank `a`'s on the
    /// second heat in the all-pages index, the first of them with the
    /// answer of `a`'s question in it.
    const PAGES: [(&str, &str); 3] = [
        (
            "a.html",
            "<h1>Heat one</h1>\
             <p>Anna Berg of Norway won heat one in a record time of the season.</p>\
             <p>The second heat was won by Carla Diaz of Spain, ahead of the field.</p>\
             <p>Weather in the stadium stayed dry and calm for the whole meeting.</p>",
        ),
        (
            "b.html",
            "<p>Results of the 2014 season, by rank, with each athlete's venue.</p>\
             <table><tr><th>Rank</th><th>Athlete</th><th>Venue</th></tr>\
             <tr><td>1</td><td>Piotr Kowal</td><td>Bangkok, Thailand</td></tr>\
             <tr><td>2</td><td>Jan Nowak</td><td>New Delhi, India</td></tr></table>",
        ),
        (
            "c.html",
            "<p>Second heat: who won the second heat? Carla Diaz, said the paper.</p>\
             <p>Second heat, second heat: who won the second heat this time?</p>\
             <p>Second heat, second heat: who won the second heat last time?</p>\
             <p>Second heat, second heat: who won the second heat next time?</p>\
             <p>Second heat, second heat: who won the second heat every time?</p>",
        ),
    ];

    /// Two questions on `a` that its own chunks answer first, one whose
    /// words point at the wrong chunks of `a` (a miss at 1, a hit at 3), two
    /// on `b`'s table. In the all-pages index, `c` takes the five best
    /// places for q2 and q3, for q2 with its chunk that holds q2's answer
    /// (no hit: it is not on q2's page).
    const QUESTIONS: &str = r#"{"id": "q1", "question": "who won heat one?", "answer": "Anna Berg", "page": "a.html", "title": "A"}
{"id": "q2", "question": "who won the second heat?", "answer": "carla  DIAZ", "page": "a.html", "title": "A"}

{"id": "q3", "question": "what place did the second heat take place?", "answer": "Stadium", "page": "a.html", "title": "A"}
{"id": "q4", "question": "in what city did piotr finish first?", "answer": "Bangkok, Thailand", "page": "b.html", "title": "B"}
{"id": "q5", "question": "which athlete competed in new delhi?", "answer": "Jan Nowak", "page": "b.html", "title": "B"}
"#;

    /// Small chunks, so that each paragraph is one.
    const TEXT: &str = r#"{"chunkSize": 80, "maxChunkSize": 100}"#;
    const MARKDOWN: &str = r#"{"chunkSize": 80, "maxChunkSize": 100, "format": "markdown"}"#;

    /// A word-level tokenizer that knows no word: one token per word and
    /// per run of punctuation.
    const TOKENIZER: &str = r#"{
        "version": "1.0", "truncation": null, "padding": null, "added_tokens": [],
        "normalizer": null, "pre_tokenizer": {"type": "Whitespace"},
        "post_processor": null, "decoder": null,
        "model": {"type": "WordLevel", "vocab": {"[UNK]": 0}, "unk_token": "[UNK]"}
    }"#;

    /// The pages, questions, configs and tokenizer in a temporary folder.
    fn corpus() -> anyhow::Result<tempfile::TempDir> {
        let dir = tempfile::tempdir()?;
        std::fs::create_dir(dir.path().join("pages"))?;
        for (name, html) in PAGES {
            std::fs::write(dir.path().join("pages").join(name), html)?;
        }
        std::fs::write(dir.path().join("pages/notes.txt"), "not a page")?;
        std::fs::write(dir.path().join("questions.jsonl"), QUESTIONS)?;
        std::fs::write(dir.path().join("small-text.json"), TEXT)?;
        std::fs::write(dir.path().join("small-markdown.json"), MARKDOWN)?;
        std::fs::write(dir.path().join("tokenizer.json"), TOKENIZER)?;
        Ok(dir)
    }

    fn args(dir: &Path) -> Args {
        Args {
            pages: Some(dir.join("pages")),
            questions: Some(dir.join("questions.jsonl")),
            configs: vec![dir.join("small-text.json"), dir.join("small-markdown.json")],
            backend: "html5ever".to_owned(),
            limit: None,
            json: Some(dir.join("figures.json")),
            floors: None,
            tokenizer: None,
            token_limit: 256,
        }
    }

    #[test]
    fn measures_hand_written_pages() -> anyhow::Result<()> {
        let dir = corpus()?;
        let pages = load_pages(&dir.path().join("pages"), None)?;
        let names: Vec<&str> = pages.iter().map(|page| page.name.as_str()).collect();
        assert_eq!(names, ["a.html", "b.html", "c.html"]);
        let questions = load_questions(
            &dir.path().join("questions.jsonl"),
            dir.path(),
            &pages,
            false,
        )?;
        assert_eq!(questions.len(), 5);
        assert_eq!(questions[1].answer, "carla diaz");
        let configurations = configurations(&[
            dir.path().join("small-text.json"),
            dir.path().join("small-markdown.json"),
        ])?;
        let report = measure(
            &pages,
            &questions,
            &configurations,
            Backend::Html5ever,
            None,
        )?;
        assert_eq!((report.pages, report.questions), (3, 5));
        // The plain text of the three pages, whitespace normalized.
        let plain: usize = PAGES
            .iter()
            .map(|(_, html)| -> anyhow::Result<usize> {
                let text = Backend::Html5ever
                    .split(&Splitter::new(SplitterConfig::new(100_000))?, html)?;
                Ok(text.canonical_text().chars().count())
            })
            .sum::<anyhow::Result<usize>>()?;
        assert_eq!(report.page_characters, plain);
        let [text, markdown] = &report.measured[..] else {
            panic!("two configurations were measured");
        };
        assert_eq!(
            (text.name.as_str(), markdown.name.as_str()),
            ("small-text", "small-markdown")
        );
        // hit@1, hit@3, hit@5, hit@3k, all-pages hit@5: q3 misses at 1
        // (its answer's chunk comes third), q2 and q3 in the all-pages top
        // five.
        assert_eq!(text.hits, [4, 5, 5, 5, 3]);
        assert_eq!(markdown.hits, [4, 5, 5, 5, 3]);
        assert_eq!(text.share(Figure::Hit1), 0.8);
        assert_eq!(text.share(Figure::AllPagesHit5), 0.6);
        // Markdown writes the table as a header and its first row, then the
        // second row.
        assert_eq!((text.chunks, markdown.chunks), (10, 11));
        assert!(text.characters > 500 && markdown.characters > text.characters);
        assert!(text.cpu_seconds > 0.0);
        assert_eq!(text.tokens, None);
        Ok(())
    }

    #[test]
    fn tokens_per_chunk() -> anyhow::Result<()> {
        let dir = corpus()?;
        let pages = load_pages(&dir.path().join("pages"), Some(1))?;
        let questions = load_questions(
            &dir.path().join("questions.jsonl"),
            dir.path(),
            &pages,
            true,
        )?;
        assert_eq!(questions.len(), 3);
        let configurations = configurations(&[dir.path().join("small-text.json")])?;
        let tokenizer = HuggingFace::from_file(dir.path().join("tokenizer.json"))?;
        let report = measure(
            &pages,
            &questions,
            &configurations,
            Backend::Html5ever,
            Some((&tokenizer, 15)),
        )?;
        // `a`'s chunks: 16 words and a full stop; 14 words, a comma and a
        // full stop; 12 words and a full stop.
        assert_eq!(report.measured[0].tokens, Some((17 + 16 + 13, 2)));
        assert_eq!(report.token_limit, Some(15));
        Ok(())
    }

    #[test]
    fn questions_on_pages_not_loaded() -> anyhow::Result<()> {
        let dir = corpus()?;
        let path = dir.path().join("questions.jsonl");
        let pages = load_pages(&dir.path().join("pages"), Some(1))?;
        // A slice leaves the questions on other pages out; the whole folder
        // must hold every question's page.
        assert_eq!(load_questions(&path, dir.path(), &pages, true)?.len(), 3);
        let err = match load_questions(&path, dir.path(), &pages, false) {
            Ok(_) => panic!("a question on a page not loaded was accepted"),
            Err(err) => err.to_string(),
        };
        assert!(
            err.ends_with(&format!(
                ":5: question q4: page \"b.html\" is not in {}",
                dir.path().display()
            )),
            "{err}"
        );
        std::fs::write(
            &path,
            "{\"id\": \"q\", \"question\": \"x\", \"page\": \"a.html\"}\n",
        )?;
        let err = load_questions(&path, dir.path(), &pages, false)
            .map(|_| ())
            .map_err(|err| err.to_string());
        assert!(err.is_err_and(|err| err.ends_with(":1: no string \"answer\"")));
        Ok(())
    }

    #[test]
    fn run_prints_writes_json_and_checks_floors() -> anyhow::Result<()> {
        let dir = corpus()?;
        run(Args {
            floors: Some("small-text:hit1=0.8,small:hit3=1,all-hit5=0.6".to_owned()),
            tokenizer: Some(dir.path().join("tokenizer.json")),
            ..args(dir.path())
        })?;
        let json: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.path().join("figures.json"))?)?;
        assert_eq!(json["pages"], 3);
        assert_eq!(json["questions"], 5);
        assert_eq!(json["backend"], "html5ever");
        assert_eq!(json["tokenLimit"], 256);
        let text = &json["configurations"][0];
        assert_eq!(text["name"], "small-text");
        assert_eq!(text["config"]["chunkSize"], 80);
        assert_eq!(text["hit1"], 0.8);
        assert_eq!(text["hit3k"], 1.0);
        assert_eq!(text["all-hit5"], 0.6);
        assert_eq!(text["chunks"], 10);
        assert_eq!(text["overTokenLimit"], 0.0);
        assert_eq!(json["configurations"][1]["name"], "small-markdown");

        let err = run(Args {
            floors: Some("small-text:hit1=0.81,hit3k=0.9".to_owned()),
            ..args(dir.path())
        })
        .map_err(|err| err.to_string());
        assert_eq!(
            err,
            Err("below the floors: small-text: hit1 (BM25 hit@1) is 0.8000, below its floor 0.81 (small-text:hit1=0.81)".to_owned())
        );
        // A floor naming no configuration fails before the run.
        let err = run(Args {
            floors: Some("text:hit1=0.5".to_owned()),
            ..args(dir.path())
        })
        .map_err(|err| err.to_string());
        assert!(err.is_err_and(|err| err.contains("names no configuration of this run")));
        Ok(())
    }

    #[test]
    fn default_configurations() -> anyhow::Result<()> {
        let defaults = configurations(&[])?;
        let names: Vec<&str> = defaults.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["text-800-1000", "markdown-800-1000"]);
        for configuration in &defaults {
            assert_eq!(configuration.config.chunk_size, 800);
            assert_eq!(configuration.config.max_chunk_size, Some(1000));
            assert_eq!(
                configuration.config.whitespace,
                html_splitter::Whitespace::Normalize
            );
        }
        assert_eq!(defaults[0].config.format, Format::Text);
        assert_eq!(defaults[1].config.format, Format::Markdown);
        Ok(())
    }
}
