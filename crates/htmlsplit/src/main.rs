//! `htmlsplit`: split HTML pages into plain-text chunks, as JSON Lines.
//!
//! Exit status: 0 when every input was split, 1 when some input could not be
//! read, parsed or split (a panic while splitting one is that input's
//! failure; every other input is still split completely) or an output
//! could not be written, or no input was found, 2 for a usage or
//! configuration error (nothing is written to stdout). The `--report`,
//! `--documents` and `--stats-json` files are created before any input is
//! read, so a path that cannot be written fails the run at once, and they
//! appear whole or not at all ([`pending`]).
//!
//! Documents are split on `--jobs` worker threads ([`render`]: one document
//! in, its output bytes out) and written on the main thread in input order
//! ([`Job::run`]), which also counts them, draws the progress bar and writes
//! the report.

mod compare;
mod inputs;
mod ordered;
mod pending;
mod progress;
mod record;
mod render;
mod report;
mod stats;

use std::io::{self, Write};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::Parser;
use html_splitter::encoding::Encoding;
use html_splitter::{Backend, ConfigKey, PageMetadataMode, Splitter, SplitterConfig};
use serde_json::Value;

use crate::inputs::Input;
use crate::pending::PendingFile;
use crate::progress::Progress;
use crate::render::{Outcome, Renderer};
use crate::report::ReportWriter;
use crate::stats::Tally;

/// Split HTML pages into plain-text chunks for retrieval-augmented generation.
///
/// Writes one JSON object per chunk to stdout (JSON Lines), documents in input
/// order: {"pageContent": "…", "metadata": {"source": "…", "partIndex": 0, "totalParts": 3,
/// "startIndex": 0, "endIndex": 120, "headingPath": ["…"], "anchor": "…", "size": 812,
/// "prefixLength": 0, "suffixLength": 0, "title": "…", "description": "…", "language": "en"}}.
/// Sizes are in the configured unit (`--sizer`): characters by default.
#[derive(Debug, Parser)]
#[command(name = "htmlsplit", version, about, long_about = None, after_help = after_help())]
struct Args {
    /// HTML files, or directories (every *.html / *.htm below, in sorted path
    /// order). None, or `-`, reads stdin.
    #[arg(value_name = "INPUT")]
    inputs: Vec<PathBuf>,

    /// JSON config file with the keys chunkSize, maxChunkSize, separators,
    /// neverBreakWithin, chunkOverlap, whitespace, format, links, include,
    /// exclude, content, headingContext, sizer, pageMetadata. Flags
    /// override it.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,

    /// Soft target size of a chunk, in the sizer's unit.
    #[arg(long, value_name = "N")]
    chunk_size: Option<usize>,

    /// Hard cap on chunk size, in the sizer's unit (default: unbounded).
    #[arg(long, value_name = "N")]
    max_chunk_size: Option<usize>,

    /// CSS selector of a preferred split point (repeatable; replaces the
    /// config's list).
    #[arg(long = "separator", value_name = "SEL")]
    separators: Vec<String>,

    /// CSS selector of a subtree to keep whole (repeatable; replaces the
    /// config's list).
    #[arg(long = "never-break-within", value_name = "SEL")]
    never_break_within: Vec<String>,

    /// Only 0 is supported.
    #[arg(long, value_name = "N")]
    chunk_overlap: Option<usize>,

    /// Unit of every size: characters (default), bytes, utf16,
    /// tiktoken:ENCODING (cl100k_base, o200k_base, p50k_base, r50k_base) or
    /// huggingface:PATH (a tokenizer.json). Overrides the config's sizer.
    #[arg(long, value_name = "SIZER")]
    sizer: Option<String>,

    /// HTML parser backend.
    #[arg(long, value_name = "NAME", default_value_t = Backend::default().name().to_owned(),
          value_parser = clap::builder::PossibleValuesParser::new(Backend::ALL.iter().map(|b| b.name())))]
    backend: String,

    /// Decode every input with this encoding (a WHATWG label such as
    /// `windows-1252`) instead of sniffing it.
    #[arg(long, value_name = "LABEL")]
    encoding: Option<String>,

    /// Whitespace of the text: `normalize` (the default: as a reader sees
    /// it, runs of whitespace become one space, except in `pre`) or
    /// `preserve` (as authored).
    #[arg(long, value_name = "MODE", value_parser = choices("whitespace"))]
    whitespace: Option<String>,

    /// What the chunks are: `text` (the default) or `markdown` (headings,
    /// lists, fenced code, pipe tables that keep their header).
    #[arg(long, value_name = "FORMAT", value_parser = choices("format"))]
    format: Option<String>,

    /// Links and images in Markdown: `text` (the default: a link is its
    /// text) or `inline` (`[text](href)`, `![alt](src)`).
    #[arg(long, value_name = "MODE", value_parser = choices("links"))]
    links: Option<String>,

    /// Begin each chunk with a line naming its heading path (counted in
    /// its size).
    #[arg(long)]
    heading_context: bool,

    /// CSS selector of the content to split (repeatable; replaces the
    /// config's list): only the outermost matching elements are split.
    #[arg(long = "include", value_name = "SEL")]
    include: Vec<String>,

    /// CSS selector of elements to leave out with everything inside
    /// (repeatable; replaces the config's list).
    #[arg(long = "exclude", value_name = "SEL")]
    exclude: Vec<String>,

    /// Which content is split: `all` (the default: the whole page) or
    /// `main` (only the page's main content: the article or manual page,
    /// without menus, banners, share bars, related links, comments and
    /// footers).
    #[arg(long, value_name = "WHICH", value_parser = choices("content"))]
    content: Option<String>,

    /// Which facts about the page each chunk's metadata carries: `basic`
    /// (the default: title, description, language), `full` (also author,
    /// published, siteName, url) or `none`. `--documents` records carry
    /// every fact.
    #[arg(long, value_name = "WHICH", value_parser = choices("pageMetadata"))]
    page_metadata: Option<String>,

    /// Also write one JSON line per document to FILE: {"source": "…", "text":
    /// "…"}, the canonical text that chunks' startIndex/endIndex index.
    #[arg(long, value_name = "FILE")]
    documents: Option<PathBuf>,

    /// Documents split in parallel (default: the available cores). The
    /// output is the same for every value.
    #[arg(short, long, value_name = "N")]
    jobs: Option<NonZeroUsize>,

    /// No progress bar (it is only drawn when stderr is a terminal).
    #[arg(short, long)]
    quiet: bool,

    /// Print a summary on stderr at the end: documents, chunks, MB/s, chunk
    /// sizes, failures.
    #[arg(long)]
    stats: bool,

    /// Write the summary as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    stats_json: Option<PathBuf>,

    /// Write a self-contained HTML page showing every document's chunks
    /// (with --compare-backends: the comparison, with bar charts).
    #[arg(long, value_name = "FILE.html")]
    report: Option<PathBuf>,

    /// Instead of writing chunks, run every backend compiled into this build
    /// over the inputs with the same splitter and print a table: documents,
    /// MB, parse MB/s, split MB/s, peak memory and the documents whose
    /// chunks differ from html5ever's, with the first difference.
    #[arg(long)]
    compare_backends: bool,

    /// With --compare-backends: timed runs per backend (the median is shown,
    /// with the spread).
    #[arg(long, value_name = "N", default_value = "3")]
    runs: NonZeroUsize,

    /// With --compare-backends: also write the comparison as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    compare_json: Option<PathBuf>,

    /// Internal: measures one backend for --compare-backends, in a child
    /// process.
    #[arg(long, value_name = "BACKEND", hide = true)]
    compare_probe: Option<String>,
}

/// The values of the config key `key` (camelCase) that take one of a few,
/// as the core's table of keys lists them.
fn choices(key: &str) -> clap::builder::PossibleValuesParser {
    let choices = ConfigKey::named(key).map_or(&[][..], ConfigKey::choices);
    clap::builder::PossibleValuesParser::new(choices.iter().copied())
}

fn after_help() -> String {
    let names: Vec<&str> = Backend::ALL.iter().map(|backend| backend.name()).collect();
    format!(
        "Backends compiled into this build: {}.\n\
         Exit status: 0 all inputs split; 1 some input could not be read, parsed or split, an output \
         could not be written, or no input was found; 2 usage or config error.",
        names.join(", ")
    )
}

/// Everything checked before any output is written.
#[derive(Debug)]
struct Job {
    renderer: Renderer,
    inputs: Vec<PathBuf>,
    jobs: usize,
    quiet: bool,
    stats: bool,
    stats_json: Option<PathBuf>,
    report: Option<PathBuf>,
    documents: Option<PathBuf>,
    /// The sizer's name, the unit of every size.
    unit: String,
}

/// The output files, each created (as a temporary file beside its path)
/// before any input is read.
#[derive(Debug)]
struct Outputs {
    report: Option<ReportWriter>,
    documents: Option<PendingFile>,
    stats_json: Option<PendingFile>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    if let Some(backend) = &args.compare_probe {
        return compare::probe_main(backend);
    }
    if args.compare_backends {
        return match compare_options(args) {
            Ok(options) => compare::run(options),
            Err(err) => {
                eprintln!("htmlsplit: {err:#}");
                ExitCode::from(2)
            }
        };
    }
    if args.compare_json.is_some() {
        eprintln!("htmlsplit: --compare-json needs --compare-backends");
        return ExitCode::from(2);
    }
    let job = match Job::from_args(args) {
        Ok(job) => job,
        Err(err) => {
            eprintln!("htmlsplit: {err:#}");
            return ExitCode::from(2);
        }
    };
    let outputs = match job.open_outputs() {
        Ok(outputs) => outputs,
        Err(err) => {
            eprintln!("htmlsplit: {err:#}");
            return ExitCode::FAILURE;
        }
    };
    job.run(outputs)
}

/// The options of `--compare-backends`: the same config as a split, and
/// the inputs; the outputs of a split are refused.
fn compare_options(mut args: Args) -> anyhow::Result<compare::Options> {
    for (given, flag) in [
        (args.documents.is_some(), "--documents"),
        (args.stats, "--stats"),
        (args.stats_json.is_some(), "--stats-json"),
    ] {
        if given {
            bail!("{flag} cannot be used with --compare-backends");
        }
    }
    let encoding = args.encoding.clone();
    let runs = args.runs.get();
    let json = args.compare_json.take();
    let report = args.report.take();
    if args.inputs.is_empty() {
        bail!("--compare-backends needs input files or directories");
    }
    if args.inputs.iter().any(|input| input.as_os_str() == "-") {
        bail!("--compare-backends reads files, not stdin: each backend reads the inputs anew");
    }
    let inputs = args.inputs.clone();
    let job = Job::from_args(args)?;
    Ok(compare::Options {
        config: job.renderer.splitter.config().clone(),
        encoding,
        runs,
        inputs,
        json,
        report,
    })
}

/// Creates the output file at `path`; `what` names it in the error.
fn create_output(path: &Path, what: &str) -> anyhow::Result<PendingFile> {
    PendingFile::create(path).with_context(|| format!("cannot create {what} {}", path.display()))
}

impl Job {
    fn from_args(args: Args) -> anyhow::Result<Job> {
        let mut config = match &args.config {
            Some(path) => {
                let json = std::fs::read_to_string(path)
                    .with_context(|| format!("cannot read config file {}", path.display()))?;
                SplitterConfig::from_json(&json)
                    .with_context(|| format!("in config file {}", path.display()))?
            }
            None => match args.chunk_size {
                Some(chunk_size) => SplitterConfig::new(chunk_size),
                None => bail!("chunkSize is required: pass --chunk-size N or --config FILE"),
            },
        };
        // The flags override the file, each through the core's table of
        // keys, as the file's keys were read. A list flag given replaces
        // the file's list; a flag not given leaves the file's value.
        let list = |selectors: Vec<String>| (!selectors.is_empty()).then(|| Value::from(selectors));
        let flags = [
            ("chunkSize", args.chunk_size.map(Value::from)),
            ("maxChunkSize", args.max_chunk_size.map(Value::from)),
            ("separators", list(args.separators)),
            ("neverBreakWithin", list(args.never_break_within)),
            ("chunkOverlap", args.chunk_overlap.map(Value::from)),
            ("whitespace", args.whitespace.map(Value::from)),
            ("format", args.format.map(Value::from)),
            ("links", args.links.map(Value::from)),
            (
                "headingContext",
                args.heading_context.then_some(Value::Bool(true)),
            ),
            ("include", list(args.include)),
            ("exclude", list(args.exclude)),
            ("content", args.content.map(Value::from)),
            ("sizer", args.sizer.map(Value::from)),
            ("pageMetadata", args.page_metadata.map(Value::from)),
        ];
        for (key, value) in flags {
            if let Some(value) = value {
                config.set(key, value)?;
            }
        }
        // The lines carry the configured facts; `--documents` records and
        // the report every fact, so the splitter reads them all then.
        let page_metadata = config.page_metadata;
        if args.documents.is_some() || args.report.is_some() {
            config.page_metadata = PageMetadataMode::Full;
        }
        let unit = config
            .sizer
            .clone()
            .unwrap_or_else(|| "characters".to_owned());
        let splitter = Splitter::from_config(config)?;
        let backend: Backend = args.backend.parse()?;
        let encoding = match args.encoding {
            Some(label) => Some(
                Encoding::for_label(label.as_bytes())
                    .with_context(|| format!("unknown encoding {label:?}"))?,
            ),
            None => None,
        };
        let inputs = if args.inputs.is_empty() {
            vec![PathBuf::from("-")]
        } else {
            args.inputs
        };
        let jobs = args
            .jobs
            .or_else(|| std::thread::available_parallelism().ok())
            .map_or(1, NonZeroUsize::get);
        Ok(Job {
            renderer: Renderer {
                splitter,
                backend,
                encoding,
                report: args.report.is_some(),
                documents: args.documents.is_some(),
                page_metadata,
            },
            documents: args.documents,
            inputs,
            jobs,
            quiet: args.quiet,
            stats: args.stats,
            stats_json: args.stats_json,
            report: args.report,
            unit,
        })
    }

    /// Creates every output file, so that one that cannot be written stops
    /// the run before any work, not after it.
    fn open_outputs(&self) -> anyhow::Result<Outputs> {
        let config = self.renderer.splitter.config();
        let report = match &self.report {
            Some(path) => Some(ReportWriter::create(
                path,
                config.chunk_size,
                config.max_chunk_size,
                &self.unit,
            )?),
            None => None,
        };
        let documents = match &self.documents {
            Some(path) => Some(create_output(path, "documents file")?),
            None => None,
        };
        let stats_json = match &self.stats_json {
            Some(path) => Some(create_output(path, "statistics file")?),
            None => None,
        };
        Ok(Outputs {
            report,
            documents,
            stats_json,
        })
    }

    fn run(self, outputs: Outputs) -> ExitCode {
        let started = Instant::now();
        let inputs::Expanded { inputs, empty_dirs } = inputs::expand(&self.inputs);
        for dir in &empty_dirs {
            eprintln!("htmlsplit: no .html or .htm file in {}", dir.display());
        }
        if inputs.is_empty() {
            eprintln!("htmlsplit: no input to split");
            return ExitCode::FAILURE;
        }
        let Outputs {
            mut report,
            documents: mut documents_file,
            stats_json,
        } = outputs;
        // Each input with its size, the cost by which the workers pick
        // the next document.
        let inputs: Vec<(u64, anyhow::Result<Input>)> = inputs
            .into_iter()
            .map(|input| {
                let bytes = match &input {
                    Ok(Input::File(path)) => std::fs::metadata(path).map_or(0, |meta| meta.len()),
                    _ => 0,
                };
                (bytes, input)
            })
            .collect();
        let total_bytes = inputs.iter().map(|(bytes, _)| bytes).sum();
        let mut progress = Progress::new(self.quiet, inputs.len(), total_bytes);
        let mut tally = Tally::new(self.renderer.splitter.config().chunk_size, &self.unit);
        let mut status = ExitCode::SUCCESS;
        let mut stdout_closed = false;
        let stdout = io::stdout();
        let mut out = stdout.lock();
        let renderer = &self.renderer;
        ordered::map_ordered(
            inputs,
            |(bytes, _)| *bytes,
            self.jobs,
            self.jobs * ordered::WINDOW_PER_WORKER,
            |(_, input)| renderer.render(input),
            |outcome| {
                let document = match outcome {
                    Outcome::Split(document) => document,
                    Outcome::Failed(message) => {
                        tally.add_failure();
                        progress.advance(0);
                        progress.println(&format!("htmlsplit: {message}"));
                        return ControlFlow::Continue(());
                    }
                    Outcome::Fatal(message) => {
                        progress.println(&format!("htmlsplit: {message}"));
                        status = ExitCode::FAILURE;
                        return ControlFlow::Break(());
                    }
                };
                // A document's lines are written together and flushed
                // whole: a reader waits for no more of them.
                if let Err(err) = document.write_lines(&mut out).and_then(|()| out.flush()) {
                    if err.kind() == io::ErrorKind::BrokenPipe {
                        stdout_closed = true;
                    } else {
                        progress.println(&format!("htmlsplit: cannot write output: {err}"));
                        status = ExitCode::FAILURE;
                    }
                    return ControlFlow::Break(());
                }
                if let (Some(file), Some(line)) = (documents_file.as_mut(), &document.document)
                    && let Err(err) = file.write_all(line)
                {
                    progress.println(&format!(
                        "htmlsplit: cannot write documents file {}: {err}",
                        file.path().display()
                    ));
                    status = ExitCode::FAILURE;
                    return ControlFlow::Break(());
                }
                if let (Some(writer), Some(entry)) = (report.as_mut(), &document.report)
                    && let Err(err) = writer.add(&document.source, entry, &document.sizes)
                {
                    progress.println(&format!("htmlsplit: {err:#}"));
                    status = ExitCode::FAILURE;
                    return ControlFlow::Break(());
                }
                progress.advance(document.input_bytes);
                tally.add(&document);
                ControlFlow::Continue(())
            },
        );
        progress.finish();
        if stdout_closed || status != ExitCode::SUCCESS {
            return status;
        }
        if let Some(file) = documents_file {
            let path = file.path().to_owned();
            if let Err(err) = file.commit() {
                eprintln!(
                    "htmlsplit: cannot write documents file {}: {err}",
                    path.display()
                );
                return ExitCode::FAILURE;
            }
        }
        let (documents, failures) = (tally.documents(), tally.failures());
        if let Some(writer) = report
            && let Err(err) = writer.finish(failures)
        {
            eprintln!("htmlsplit: {err:#}");
            return ExitCode::FAILURE;
        }
        let summary = tally.summary(started.elapsed());
        if self.stats {
            for line in summary.to_string().lines() {
                eprintln!("htmlsplit: {line}");
            }
        }
        if let Some(mut file) = stats_json {
            let path = file.path().to_owned();
            let written = serde_json::to_vec_pretty(&summary)
                .map_err(io::Error::from)
                .and_then(|json| file.write_all(&json))
                .and_then(|()| file.commit());
            if let Err(err) = written {
                eprintln!(
                    "htmlsplit: cannot write statistics file {}: {err}",
                    path.display()
                );
                return ExitCode::FAILURE;
            }
        }
        if failures > 0 {
            eprintln!(
                "htmlsplit: {failures} of {} could not be read or split",
                stats::counted(failures + documents, "input")
            );
            return ExitCode::FAILURE;
        }
        ExitCode::SUCCESS
    }
}
