//! html-splitter's Markdown chunks beside what a Rust user would pick instead:
//! `htmd` (HTML to Markdown) followed by `text-splitter`'s `MarkdownSplitter`
//! with the cap as its capacity. One run, both corpora, one Markdown table.
//!
//! ```sh
//! cargo run --release --manifest-path benches/compare/Cargo.toml --target-dir target -- --shared ../shared
//! ```
//!
//! `compare main-content` (src/main_content.rs) measures `content: "main"`
//! beside rs-trafilatura and dom_smoothie on the WCXB pages instead.
//!
//! See README.md beside this file for the measures.

mod main_content;

use std::error::Error;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use html_splitter::encoding::{Encoding, decode};
use html_splitter::{Format, Splitter, SplitterConfig, split_html};
use text_splitter::{ChunkConfig, MarkdownSplitter};

type Result<T> = std::result::Result<T, Box<dyn Error>>;

/// One corpus: its pages and the splitter config it is split with.
struct Corpus {
    name: &'static str,
    /// The HTML files' bytes, summed: the MB in MB/s.
    bytes: usize,
    /// The pages as UTF-8 text (BOM removed), the same input for every tool.
    pages: Vec<String>,
    config: SplitterConfig,
}

/// What one tool produced on one corpus, from its last timed run.
struct Outcome {
    /// The best wall time over the runs.
    seconds: f64,
    /// Every chunk's text, all pages.
    chunks: Vec<String>,
    /// Pages the tool returned an error for (they give no chunks).
    failed: usize,
}

fn main() -> std::process::ExitCode {
    match run() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("compare: {err}");
            std::process::ExitCode::FAILURE
        }
    }
}

fn run() -> Result<()> {
    let mut shared = PathBuf::from("../shared");
    let mut repeat = 3;
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().is_some_and(|arg| arg == "main-content") {
        args.next();
        return main_content::run(args);
    }
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--shared", Some(dir)) => shared = dir.into(),
            ("--repeat", Some(n)) => {
                repeat = n
                    .parse()
                    .map_err(|_| format!("--repeat {n}: not a number"))?
            }
            _ => {
                return Err(
                    format!(
                        "usage: compare [--shared DIR] [--repeat N] | compare main-content --wcxb DIR [--out DIR] [--repeat N] (got {arg:?})"
                    ).into(),
                );
            }
        }
    }
    // The configs are the repository's own, found from this package's directory.
    let configs = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus");
    let corpora = [
        load(
            "ECMA-262",
            &shared.join("corpus/ecma262"),
            &configs.join("ecma262-ingest-markdown.json"),
        )?,
        load(
            "web",
            &shared.join("corpus/web"),
            &configs.join("web-content.json"),
        )?,
    ];

    println!(
        "| tool | corpus | pages | MB | seconds | MB/s | chunks | over cap | table chunks with header | failed pages |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|---:|---|---:|");
    for corpus in &corpora {
        let cap = corpus
            .config
            .max_chunk_size
            .unwrap_or(corpus.config.chunk_size);
        let splitter = Splitter::from_config(corpus.config.clone())?;
        let ours = best_of(repeat, || {
            run_pages(&corpus.pages, |page| {
                let chunks = split_html(&splitter, page).map_err(|err| err.to_string())?;
                Ok(chunks.texts().map(str::to_owned).collect())
            })
        });
        print_row("html-splitter, Markdown", corpus, cap, &ours);

        // Skipping script and style as htmd's README example does: their
        // contents are not page text.
        let converter = htmd::HtmlToMarkdown::builder()
            .skip_tags(vec!["script", "style"])
            .build();
        let converted = best_of(repeat, || {
            run_pages(&corpus.pages, |page| {
                converter
                    .convert(page)
                    .map(|markdown| vec![markdown])
                    .map_err(|err| err.to_string())
            })
        });
        print_row(
            "htmd alone (conversion only; a page is one \"chunk\")",
            corpus,
            cap,
            &converted,
        );

        let markdown_splitter = MarkdownSplitter::new(ChunkConfig::new(cap));
        let theirs = best_of(repeat, || {
            run_pages(&corpus.pages, |page| {
                let markdown = converter.convert(page).map_err(|err| err.to_string())?;
                Ok(markdown_splitter
                    .chunks(&markdown)
                    .map(str::to_owned)
                    .collect())
            })
        });
        print_row(
            "htmd + text-splitter `MarkdownSplitter`",
            corpus,
            cap,
            &theirs,
        );
    }
    println!(
        "\nMB/s: HTML bytes / best wall time of {repeat} runs, one thread; cap in Unicode scalar values."
    );
    Ok(())
}

/// Reads every `.html` file under `dir` (sorted) and the JSON config, with
/// `format` set to Markdown.
fn load(name: &'static str, dir: &Path, config: &Path) -> Result<Corpus> {
    let mut paths = Vec::new();
    walk(dir, &mut paths)?;
    paths.sort();
    if paths.is_empty() {
        return Err(format!("no .html files under {}", dir.display()).into());
    }
    let mut bytes = 0;
    let mut pages = Vec::new();
    for path in &paths {
        let raw = fs::read(path).map_err(|err| format!("{}: {err}", path.display()))?;
        bytes += raw.len();
        // UTF-8 for every tool (all the corpus pages are), a BOM removed,
        // as Python's "utf-8-sig" does in compare.py.
        pages.push(decode(
            &raw,
            Some(Encoding::for_label(b"utf-8").ok_or("no UTF-8")?),
        ));
    }
    let json = fs::read_to_string(config).map_err(|err| format!("{}: {err}", config.display()))?;
    let shown = config.display();
    let mut config = SplitterConfig::from_json(&json).map_err(|err| format!("{shown}: {err}"))?;
    config.format = Format::Markdown;
    Ok(Corpus {
        name,
        bytes,
        pages,
        config,
    })
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<()> {
    for entry in fs::read_dir(dir).map_err(|err| format!("{}: {err}", dir.display()))? {
        let path = entry?.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else if path.extension().is_some_and(|ext| ext == "html") {
            out.push(path);
        }
    }
    Ok(())
}

/// Runs `split` on every page; a page it fails on is counted, not fatal.
fn run_pages(
    pages: &[String],
    mut split: impl FnMut(&str) -> std::result::Result<Vec<String>, String>,
) -> (Vec<String>, usize) {
    let mut chunks = Vec::new();
    let mut failed = 0;
    for page in pages {
        match split(page) {
            Ok(mut page_chunks) => chunks.append(&mut page_chunks),
            Err(_) => failed += 1,
        }
    }
    (chunks, failed)
}

/// Times `run` `repeat` times and keeps the best time and the last output.
fn best_of(repeat: usize, mut run: impl FnMut() -> (Vec<String>, usize)) -> Outcome {
    let mut best = Duration::MAX;
    let mut last = (Vec::new(), 0);
    for _ in 0..repeat.max(1) {
        let start = Instant::now();
        last = run();
        best = best.min(start.elapsed());
    }
    Outcome {
        seconds: best.as_secs_f64(),
        chunks: last.0,
        failed: last.1,
    }
}

fn print_row(tool: &str, corpus: &Corpus, cap: usize, outcome: &Outcome) {
    let over = outcome
        .chunks
        .iter()
        .filter(|chunk| chunk.chars().count() > cap)
        .count();
    let (holding, with_header) = outcome
        .chunks
        .iter()
        .fold((0, 0), |(holding, with), chunk| {
            match table_header_state(chunk) {
                Some(true) => (holding + 1, with + 1),
                Some(false) => (holding + 1, with),
                None => (holding, with),
            }
        });
    let share = if holding == 0 {
        "— (0 / 0)".to_owned()
    } else {
        format!(
            "{:.1} % ({} / {})",
            100.0 * with_header as f64 / holding as f64,
            group(with_header),
            group(holding)
        )
    };
    let mb = corpus.bytes as f64 / 1e6;
    println!(
        "| {tool} | {} | {} | {mb:.1} | {:.3} | {:.1} | {} | {} | {share} | {} |",
        corpus.name,
        corpus.pages.len(),
        outcome.seconds,
        mb / outcome.seconds,
        group(outcome.chunks.len()),
        group(over),
        outcome.failed,
    )
}

/// The header measure (README.md; the same code as `compare.py`'s): `None`
/// when the chunk holds no table rows, else whether every run of table rows
/// in it has its header, that is a delimiter row as its second line.
fn table_header_state(chunk: &str) -> Option<bool> {
    let is_row = |line: &str| line.trim_start_matches(' ').starts_with('|');
    let is_delimiter =
        |line: &str| line.contains('-') && line.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '));
    let lines: Vec<&str> = chunk.split('\n').collect();
    let mut runs = 0;
    let mut headed = 0;
    let mut i = 0;
    while i < lines.len() {
        if !is_row(lines[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < lines.len() && is_row(lines[i]) {
            i += 1;
        }
        runs += 1;
        if i - start >= 2 && is_delimiter(lines[start + 1]) {
            headed += 1;
        }
    }
    (runs > 0).then_some(runs == headed)
}

/// 1234567 as "1,234,567".
fn group(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}
