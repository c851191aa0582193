//! `--compare-backends`: every backend compiled into this build, over the
//! same inputs with the same splitter, measured and compared.
//!
//! Each backend is measured in a fresh child process of this executable
//! (the hidden `--compare-probe`), one after another, so that no backend
//! shares a memory high-water mark or a warm allocator with another. The
//! child reads and decodes every input once, before any timing; then it
//! times `--runs` passes of the parse alone ([`Backend::parse_only`]) and
//! `--runs` passes of parse and split (as `--backend` runs them, one
//! document at a time on one thread), and reports its peak resident memory,
//! less what holding the inputs added (a `--backend` run reads one document
//! at a time), and a fingerprint of each document's chunks (texts and metadata), taken
//! in the first split pass. The parent compares the fingerprints with
//! html5ever's, splits the first differing document of each backend again
//! to show its first differing chunk, and prints the table
//! (`--compare-json FILE` writes it as JSON, `--report FILE.html` as a page
//! with bar charts).

use std::collections::hash_map::DefaultHasher;
use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use html_splitter::encoding::Encoding;
use html_splitter::{Backend, Chunks, Splitter, SplitterConfig};
use serde::{Deserialize, Serialize};

use crate::inputs::{self, Input};
use crate::pending::PendingFile;

/// What the parent asks of a probe, on its stdin.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Request {
    config: SplitterConfig,
    encoding: Option<String>,
    runs: usize,
    inputs: Vec<PathBuf>,
}

/// What a probe reports, on its stdout.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Measured {
    /// The inputs that were read and decoded, in order, by index.
    documents: Vec<usize>,
    /// Their bytes as read.
    bytes: u64,
    /// One per run, in seconds.
    parse_seconds: Vec<f64>,
    split_seconds: Vec<f64>,
    /// The process's peak resident memory, where the system tells it.
    peak_rss_bytes: Option<u64>,
    /// Per document (as `documents`): a hash of its chunks' texts and
    /// metadata, or of the error that kept it from being split.
    fingerprints: Vec<u64>,
    /// Inputs that could not be read, decoded or parsed: (index, message).
    failures: Vec<(usize, String)>,
}

/// The median, fastest and slowest of a backend's runs.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Spread {
    pub median: f64,
    pub min: f64,
    pub max: f64,
}

impl Spread {
    fn of(seconds: &[f64]) -> Spread {
        let mut sorted = seconds.to_vec();
        sorted.sort_by(f64::total_cmp);
        let median = match sorted.len() {
            0 => 0.0,
            n if n % 2 == 1 => sorted[n / 2],
            n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
        };
        Spread {
            median,
            min: sorted.first().copied().unwrap_or(0.0),
            max: sorted.last().copied().unwrap_or(0.0),
        }
    }
}

/// The first chunk in which a document's chunks differ from html5ever's.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FirstDifference {
    pub document: String,
    pub chunk: usize,
    /// html5ever's chunk there, abridged; `null` when it has fewer chunks.
    pub reference: Option<String>,
    /// This backend's, abridged.
    pub this: Option<String>,
}

/// One backend's row.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BackendRow {
    pub name: &'static str,
    pub documents: usize,
    pub bytes: u64,
    #[serde(rename = "parseMBps")]
    pub parse_mbps: f64,
    #[serde(rename = "splitMBps")]
    pub split_mbps: f64,
    pub parse_seconds: Spread,
    pub split_seconds: Spread,
    pub peak_rss_bytes: Option<u64>,
    /// Documents whose chunks (texts or metadata) differ from html5ever's.
    pub differing_documents: usize,
    pub first_difference: Option<FirstDifference>,
    /// The differing documents' sources, in input order.
    #[serde(skip)]
    pub differing: Vec<String>,
}

/// The whole comparison, as `--compare-json` writes it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Comparison {
    pub runs: usize,
    pub backends: Vec<BackendRow>,
    /// The comparison's own time, the children's start and reading
    /// included, in seconds.
    pub total_seconds: f64,
}

/// How the comparison is run.
#[derive(Debug)]
pub struct Options {
    pub config: SplitterConfig,
    pub encoding: Option<String>,
    pub runs: usize,
    pub inputs: Vec<PathBuf>,
    pub json: Option<PathBuf>,
    pub report: Option<PathBuf>,
}

/// `htmlsplit --compare-backends`: runs the probes, prints the table,
/// writes the JSON and the report. Exit status 1 when an input could not be
/// read or split, or an output could not be written.
pub fn run(options: Options) -> ExitCode {
    match compare(options) {
        Ok(status) => status,
        Err(err) => {
            eprintln!("htmlsplit: {err:#}");
            ExitCode::FAILURE
        }
    }
}

fn compare(options: Options) -> anyhow::Result<ExitCode> {
    let started = Instant::now();
    let mut json_file = options
        .json
        .as_deref()
        .map(|path| create(path, "comparison file"))
        .transpose()?;
    let mut report_file = options
        .report
        .as_deref()
        .map(|path| create(path, "report file"))
        .transpose()?;
    let inputs::Expanded { inputs, empty_dirs } = inputs::expand(&options.inputs);
    for dir in &empty_dirs {
        eprintln!("htmlsplit: no .html or .htm file in {}", dir.display());
    }
    let mut status = ExitCode::SUCCESS;
    let mut files = Vec::new();
    for input in inputs {
        match input {
            Ok(Input::File(path)) => files.push(path),
            // Refused with the options, before this.
            Ok(Input::Stdin) => bail!("--compare-backends reads files, not stdin"),
            Err(err) => {
                eprintln!("htmlsplit: {err:#}");
                status = ExitCode::FAILURE;
            }
        }
    }
    if files.is_empty() {
        bail!("no input to compare the backends on");
    }
    if Backend::ALL.len() < 2 {
        eprintln!(
            "htmlsplit: this build has one backend ({}): nothing to compare it with",
            Backend::default()
        );
    }
    let request = Request {
        config: options.config,
        encoding: options.encoding,
        runs: options.runs,
        inputs: files,
    };
    let mut measured = Vec::new();
    for &backend in Backend::ALL {
        measured.push((backend, probe(backend, &request)?));
    }
    // Inputs that fail, named once (every backend reads the same bytes).
    let mut failed = std::collections::BTreeMap::new();
    for (_, result) in &measured {
        for (index, message) in &result.failures {
            failed.entry(*index).or_insert_with(|| message.clone());
        }
    }
    for message in failed.values() {
        eprintln!("htmlsplit: {message}");
        status = ExitCode::FAILURE;
    }
    let splitter = Splitter::from_config(request.config.clone())?;
    let encoding = encoding_of(request.encoding.as_deref())?;
    let reference = &measured[0].1;
    let mut backends = Vec::new();
    for (backend, result) in &measured {
        let differing: Vec<usize> = result
            .documents
            .iter()
            .zip(&result.fingerprints)
            .filter(|&(index, fingerprint)| {
                fingerprint_of(reference, *index).is_some_and(|theirs| theirs != *fingerprint)
            })
            .map(|(&index, _)| index)
            .collect();
        let first_difference = match differing.first() {
            Some(&index) => {
                first_difference(&request.inputs[index], encoding, &splitter, *backend)?
            }
            None => None,
        };
        let parse_seconds = Spread::of(&result.parse_seconds);
        let split_seconds = Spread::of(&result.split_seconds);
        backends.push(BackendRow {
            name: backend.name(),
            documents: result.documents.len(),
            bytes: result.bytes,
            parse_mbps: mbps(result.bytes, parse_seconds.median),
            split_mbps: mbps(result.bytes, split_seconds.median),
            parse_seconds,
            split_seconds,
            peak_rss_bytes: result.peak_rss_bytes,
            differing_documents: differing.len(),
            first_difference,
            differing: differing
                .iter()
                .map(|&index| request.inputs[index].display().to_string())
                .collect(),
        });
    }
    let comparison = Comparison {
        runs: request.runs,
        backends,
        total_seconds: started.elapsed().as_secs_f64(),
    };
    print!("{}", table(&comparison));
    if let Some(mut file) = json_file.take() {
        let path = file.path().to_owned();
        serde_json::to_vec_pretty(&comparison)
            .map_err(std::io::Error::from)
            .and_then(|json| file.write_all(&json))
            .and_then(|()| file.commit())
            .with_context(|| format!("cannot write comparison file {}", path.display()))?;
    }
    if let Some(mut file) = report_file.take() {
        let path = file.path().to_owned();
        file.write_all(report(&comparison).as_bytes())
            .and_then(|()| file.commit())
            .with_context(|| format!("cannot write report file {}", path.display()))?;
    }
    Ok(status)
}

fn create(path: &Path, what: &str) -> anyhow::Result<PendingFile> {
    PendingFile::create(path).with_context(|| format!("cannot create {what} {}", path.display()))
}

fn encoding_of(label: Option<&str>) -> anyhow::Result<Option<&'static Encoding>> {
    label
        .map(|label| {
            Encoding::for_label(label.as_bytes())
                .with_context(|| format!("unknown encoding {label:?}"))
        })
        .transpose()
}

fn fingerprint_of(measured: &Measured, index: usize) -> Option<u64> {
    let at = measured.documents.binary_search(&index).ok()?;
    measured.fingerprints.get(at).copied()
}

fn mbps(bytes: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        bytes as f64 / 1e6 / seconds
    } else {
        0.0
    }
}

/// Runs the probe of `backend` in a child process and reads its report.
fn probe(backend: Backend, request: &Request) -> anyhow::Result<Measured> {
    let exe =
        std::env::current_exe().context("cannot find this executable to measure a backend")?;
    let mut child = Command::new(exe)
        .args(["--compare-probe", backend.name()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .with_context(|| format!("cannot start the measurement of {backend}"))?;
    let sent = match child.stdin.take() {
        Some(mut stdin) => serde_json::to_writer(&mut stdin, request).map_err(anyhow::Error::from),
        None => Err(anyhow::anyhow!("no pipe to the child")),
    };
    let mut out = Vec::new();
    if let Some(mut stdout) = child.stdout.take() {
        stdout.read_to_end(&mut out)?;
    }
    let exit = child.wait()?;
    sent.with_context(|| format!("cannot send the inputs to the measurement of {backend}"))?;
    if !exit.success() {
        bail!("the measurement of {backend} failed ({exit})");
    }
    serde_json::from_slice(&out)
        .with_context(|| format!("cannot read the measurement of {backend}"))
}

/// The hidden `--compare-probe BACKEND`: reads a [`Request`] on stdin,
/// measures, writes [`Measured`] on stdout.
pub fn probe_main(backend: &str) -> ExitCode {
    let result = (|| -> anyhow::Result<Measured> {
        let backend: Backend = backend.parse()?;
        let mut json = String::new();
        std::io::stdin().read_to_string(&mut json)?;
        let request: Request = serde_json::from_str(&json).context("reading the request")?;
        let splitter = Splitter::from_config(request.config)?;
        let encoding = encoding_of(request.encoding.as_deref())?;
        Ok(measure(
            backend,
            &splitter,
            encoding,
            &request.inputs,
            request.runs,
        ))
    })();
    match result.and_then(|measured| {
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        serde_json::to_writer(&mut out, &measured)?;
        out.flush()?;
        Ok(())
    }) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("htmlsplit: {err:#}");
            ExitCode::FAILURE
        }
    }
}

fn measure(
    backend: Backend,
    splitter: &Splitter<html_splitter::AnySizer>,
    encoding: Option<&'static Encoding>,
    inputs: &[PathBuf],
    runs: usize,
) -> Measured {
    let resident_before = status_kib("VmRSS:");
    let mut documents = Vec::new();
    let mut texts: Vec<String> = Vec::new();
    let mut failures = Vec::new();
    let mut bytes = 0;
    for (index, path) in inputs.iter().enumerate() {
        let read = std::fs::read(path)
            .with_context(|| format!("cannot read {}", path.display()))
            .and_then(|raw| {
                let text: String = html_splitter::encoding::decode_text(&raw, encoding)
                    .with_context(|| format!("cannot split {}", path.display()))?;
                Ok((raw.len() as u64, text))
            });
        match read {
            Ok((size, text)) => {
                documents.push(index);
                texts.push(text);
                bytes += size;
            }
            Err(err) => failures.push((index, format!("{err:#}"))),
        }
    }
    // The memory that holds the inputs for the timed runs, which a
    // `--backend` run (one document read at a time) does not hold.
    let inputs_held = status_kib("VmRSS:")
        .zip(resident_before)
        .map(|(after, before)| after.saturating_sub(before));
    let mut parse_seconds = Vec::new();
    let mut split_seconds = Vec::new();
    let mut fingerprints = Vec::new();
    let runs = runs.max(1);
    for _ in 0..runs {
        let started = Instant::now();
        for text in &texts {
            let _ = std::hint::black_box(backend.parse_only(std::hint::black_box(text)));
        }
        parse_seconds.push(seconds(started.elapsed()));
    }
    for run in 0..runs {
        let started = Instant::now();
        for (&index, text) in documents.iter().zip(&texts) {
            let chunks = backend.split(splitter, std::hint::black_box(text));
            if run == 0 {
                fingerprints.push(fingerprint(&chunks));
                if let Err(err) = &chunks {
                    let message = format!("cannot split {}: {err}", inputs[index].display());
                    failures.push((index, message));
                }
            }
            drop(std::hint::black_box(chunks));
        }
        split_seconds.push(seconds(started.elapsed()));
    }
    Measured {
        documents,
        bytes,
        parse_seconds,
        split_seconds,
        peak_rss_bytes: status_kib("VmHWM:")
            .zip(inputs_held)
            .map(|(peak, held)| peak.saturating_sub(held) * 1024),
        fingerprints,
        failures,
    }
}

fn seconds(elapsed: Duration) -> f64 {
    elapsed.as_secs_f64()
}

/// A hash of a document's chunks: each chunk's text and metadata.
fn fingerprint(chunks: &Result<Chunks, html_splitter::ParseError>) -> u64 {
    let mut hasher = DefaultHasher::new();
    match chunks {
        Ok(chunks) => {
            for chunk in chunks {
                chunk.text.hash(&mut hasher);
                // The metadata as the CLI writes it.
                serde_json::to_string(&chunk.metadata())
                    .unwrap_or_default()
                    .hash(&mut hasher);
            }
        }
        Err(err) => err.to_string().hash(&mut hasher),
    }
    hasher.finish()
}

/// A figure of `/proc/self/status` in KiB (`VmHWM:`, the peak resident
/// memory; `VmRSS:`, the resident memory now): Linux only, `None` where the
/// system does not tell it that way.
fn status_kib(field: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with(field))?;
    line.trim_start_matches(field)
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

/// Splits one document with html5ever and `backend` and finds the first
/// chunk that differs (text or metadata).
fn first_difference(
    path: &Path,
    encoding: Option<&'static Encoding>,
    splitter: &Splitter<html_splitter::AnySizer>,
    backend: Backend,
) -> anyhow::Result<Option<FirstDifference>> {
    let raw = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let html = html_splitter::encoding::decode_text(&raw, encoding)
        .with_context(|| format!("cannot split {}", path.display()))?;
    let (Ok(reference), Ok(this)) = (
        Backend::default().split(splitter, &html),
        backend.split(splitter, &html),
    ) else {
        return Ok(None);
    };
    // Each chunk's text and its metadata as the CLI writes it.
    let records = |chunks: &Chunks| -> Vec<(String, String)> {
        chunks
            .iter()
            .map(|chunk| {
                let metadata = serde_json::to_string(&chunk.metadata()).unwrap_or_default();
                (chunk.text.to_owned(), metadata)
            })
            .collect()
    };
    let (reference, this) = (records(&reference), records(&this));
    let index = (0..reference.len().max(this.len())).find(|&i| reference.get(i) != this.get(i));
    Ok(index.map(|chunk| FirstDifference {
        document: path.display().to_string(),
        chunk,
        reference: reference.get(chunk).map(|(text, _)| abridged(text)),
        this: this.get(chunk).map(|(text, _)| abridged(text)),
    }))
}

/// The first and last 60 characters of `text`, with `…` between.
fn abridged(text: &str) -> String {
    const EACH: usize = 60;
    let count = text.chars().count();
    if count <= 2 * EACH + 1 {
        return text.to_owned();
    }
    let head: String = text.chars().take(EACH).collect();
    let tail: String = text.chars().skip(count - EACH).collect();
    format!("{head}…{tail}")
}

fn megabytes(bytes: u64) -> f64 {
    bytes as f64 / 1e6
}

/// The table `--compare-backends` prints.
pub fn table(comparison: &Comparison) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<10} {:>9} {:>9} {:>22} {:>22} {:>12} {:>10}",
        "backend",
        "documents",
        "MB",
        "parse MB/s (min-max)",
        "split MB/s (min-max)",
        "peak memory",
        "differing"
    );
    for row in &comparison.backends {
        let spread = |spread: &Spread| {
            format!(
                "{:.1} ({:.1}-{:.1})",
                mbps(row.bytes, spread.median),
                mbps(row.bytes, spread.max),
                mbps(row.bytes, spread.min)
            )
        };
        let memory = row.peak_rss_bytes.map_or_else(
            || "n/a".to_owned(),
            |bytes| format!("{:.1} MB", megabytes(bytes)),
        );
        let _ = writeln!(
            out,
            "{:<10} {:>9} {:>9.2} {:>22} {:>22} {:>12} {:>10}",
            row.name,
            row.documents,
            megabytes(row.bytes),
            spread(&row.parse_seconds),
            spread(&row.split_seconds),
            memory,
            row.differing_documents
        );
    }
    let _ = writeln!(
        out,
        "{} runs each, the median shown; parse = the parse alone, split = parse and split as \
         --backend runs them, one document at a time; peak memory of a fresh process per \
         backend; differing = documents whose chunks (texts or metadata) differ from {}'s.",
        comparison.runs,
        Backend::default()
    );
    for row in &comparison.backends {
        if let Some(difference) = &row.first_difference {
            let _ = writeln!(
                out,
                "{}: first difference in {} at chunk {}\n  {}: {}\n  {}: {}",
                row.name,
                difference.document,
                difference.chunk,
                Backend::default(),
                shown(difference.reference.as_deref()),
                row.name,
                shown(difference.this.as_deref())
            );
        }
    }
    out
}

fn shown(text: Option<&str>) -> String {
    text.map_or_else(|| "(no chunk)".to_owned(), |text| format!("{text:?}"))
}

/// A bar chart of the report: its title, the figure of a row, the unit.
type Chart = (&'static str, fn(&BackendRow) -> f64, &'static str);

/// The `--report` page of a comparison: the table, bar charts of speed
/// and memory, and the differing documents. Self-contained.
pub fn report(comparison: &Comparison) -> String {
    let mut out = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\
         <title>htmlsplit: backends compared</title><style>\
         body{font:14px system-ui,sans-serif;margin:2em;max-width:60em}\
         table{border-collapse:collapse}td,th{padding:.2em .6em;text-align:right}\
         td:first-child,th:first-child{text-align:left}\
         .bar{background:#4a7bd0;height:1em;display:inline-block;vertical-align:middle}\
         .chart td{text-align:left}pre{white-space:pre-wrap}</style></head><body>\
         <h1>Backends compared</h1>\n",
    );
    let _ = writeln!(out, "<pre>{}</pre>", escape(&table(comparison)));
    let charts: [Chart; 3] = [
        ("Parse speed (MB/s, median)", |row| row.parse_mbps, "MB/s"),
        ("Split speed (MB/s, median)", |row| row.split_mbps, "MB/s"),
        (
            "Peak memory (MB)",
            |row| row.peak_rss_bytes.map_or(0.0, megabytes),
            "MB",
        ),
    ];
    for (title, value, unit) in charts {
        let top = comparison
            .backends
            .iter()
            .map(value)
            .fold(0.0_f64, f64::max)
            .max(f64::MIN_POSITIVE);
        let _ = writeln!(out, "<h2>{}</h2><table class=\"chart\">", escape(title));
        for row in &comparison.backends {
            let v = value(row);
            let _ = writeln!(
                out,
                "<tr><td>{}</td><td><span class=\"bar\" style=\"width:{:.1}em\"></span> {:.1} {unit}</td></tr>",
                row.name,
                30.0 * v / top,
                v
            );
        }
        out.push_str("</table>\n");
    }
    out.push_str("<h2>Documents that differ from html5ever's chunks</h2>\n");
    for row in &comparison.backends {
        if row.differing.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "<h3>{} ({})</h3><ul>",
            row.name, row.differing_documents
        );
        for source in &row.differing {
            let _ = writeln!(out, "<li>{}</li>", escape(source));
        }
        out.push_str("</ul>\n");
    }
    if comparison
        .backends
        .iter()
        .all(|row| row.differing.is_empty())
    {
        out.push_str("<p>None: every backend gives html5ever's chunks.</p>\n");
    }
    out.push_str("</body></html>\n");
    out
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spread_has_the_median_of_odd_and_even_runs() {
        let spread = Spread::of(&[3.0, 1.0, 2.0]);
        assert_eq!((spread.median, spread.min, spread.max), (2.0, 1.0, 3.0));
        assert_eq!(Spread::of(&[4.0, 1.0, 2.0, 3.0]).median, 2.5);
        assert_eq!(Spread::of(&[]).median, 0.0);
    }

    #[test]
    fn long_texts_are_abridged_in_the_middle() {
        assert_eq!(abridged("short"), "short");
        let long = "a".repeat(60) + &"b".repeat(100) + &"c".repeat(60);
        assert_eq!(abridged(&long), "a".repeat(60) + "…" + &"c".repeat(60));
    }

    #[test]
    fn the_peak_memory_is_read_where_the_system_tells_it() {
        if Path::new("/proc/self/status").exists() {
            // The resident size first: the peak read after it is at least it.
            let now = status_kib("VmRSS:").expect("a resident size");
            let peak = status_kib("VmHWM:").expect("a peak");
            assert!(peak >= now && now > 0, "{peak} {now}");
        }
    }
}
