//! `htmlsplit`: split HTML pages into plain-text chunks, as JSON Lines.
//!
//! Exit status: 0 when every input was split, 1 when some input could not be
//! read or parsed (every other input is still split completely), 2 for a usage or
//! configuration error (nothing is written to stdout).

mod inputs;

use std::io::{self, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Parser;
use html_splitter::encoding::Encoding;
use html_splitter::{Backend, Splitter, SplitterConfig};
use serde::Serialize;

use crate::inputs::Input;

/// Split HTML pages into plain-text chunks for retrieval-augmented generation.
///
/// Writes one JSON object per chunk to stdout (JSON Lines), documents in input
/// order: {"pageContent": "…", "metadata": {"source": "…", "partIndex": 0, "totalParts": 3}}.
#[derive(Debug, Parser)]
#[command(name = "htmlsplit", version, about, long_about = None, after_help = after_help())]
struct Args {
    /// HTML files, or directories (every *.html / *.htm below, in sorted path
    /// order). None, or `-`, reads stdin.
    #[arg(value_name = "INPUT")]
    inputs: Vec<PathBuf>,

    /// JSON config file with the keys chunkSize, maxChunkSize, separators,
    /// neverBreakWithin, chunkOverlap. Flags override it.
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,

    /// Soft target size of a chunk, in characters.
    #[arg(long, value_name = "N")]
    chunk_size: Option<usize>,

    /// Hard cap on chunk size, in characters (default: unbounded).
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

    /// HTML parser backend.
    #[arg(long, value_name = "NAME", default_value_t = Backend::default().name().to_owned(),
          value_parser = clap::builder::PossibleValuesParser::new(Backend::ALL.iter().map(|b| b.name())))]
    backend: String,

    /// Decode every input with this encoding (a WHATWG label such as
    /// `windows-1252`) instead of sniffing it.
    #[arg(long, value_name = "LABEL")]
    encoding: Option<String>,
}

fn after_help() -> String {
    let names: Vec<&str> = Backend::ALL.iter().map(|backend| backend.name()).collect();
    format!(
        "Backends compiled into this build: {}.\n\
         Exit status: 0 all inputs split; 1 some input could not be read or parsed; 2 usage or config error.",
        names.join(", ")
    )
}

/// Everything checked before any output is written.
struct Job {
    splitter: Splitter,
    backend: Backend,
    encoding: Option<&'static Encoding>,
    inputs: Vec<PathBuf>,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let job = match Job::from_args(args) {
        Ok(job) => job,
        Err(err) => {
            eprintln!("htmlsplit: {err:#}");
            return ExitCode::from(2);
        }
    };
    job.run()
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
        if let Some(chunk_size) = args.chunk_size {
            config.chunk_size = chunk_size;
        }
        if let Some(max) = args.max_chunk_size {
            config.max_chunk_size = Some(max);
        }
        if !args.separators.is_empty() {
            config.separators = args.separators;
        }
        if !args.never_break_within.is_empty() {
            config.never_break_within = args.never_break_within;
        }
        if let Some(overlap) = args.chunk_overlap {
            config.chunk_overlap = overlap;
        }
        let splitter = Splitter::new(config)?;
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
        Ok(Job {
            splitter,
            backend,
            encoding,
            inputs,
        })
    }

    fn run(self) -> ExitCode {
        let mut failures = 0usize;
        let mut documents = 0usize;
        let stdout = io::stdout();
        let mut out = stdout.lock();
        let mut line = Vec::new();
        for input in inputs::expand(&self.inputs) {
            let (source, bytes) = match input.and_then(|input| read(&input)) {
                Ok(read) => read,
                Err(err) => {
                    failures += 1;
                    eprintln!("htmlsplit: {err:#}");
                    continue;
                }
            };
            let html = html_splitter::encoding::decode(&bytes, self.encoding);
            drop(bytes);
            let chunks = match self.backend.split(&self.splitter, &html) {
                Ok(chunks) => chunks,
                Err(err) => {
                    failures += 1;
                    eprintln!("htmlsplit: cannot split {source}: {err}");
                    continue;
                }
            };
            documents += 1;
            line.clear();
            let total = chunks.len();
            for (index, text) in chunks.iter().enumerate() {
                let record = Record {
                    page_content: text,
                    metadata: Metadata {
                        source: &source,
                        part_index: index,
                        total_parts: total,
                    },
                };
                if let Err(err) = serde_json::to_writer(&mut line, &record) {
                    eprintln!("htmlsplit: cannot encode a chunk of {source}: {err}");
                    return ExitCode::FAILURE;
                }
                line.push(b'\n');
            }
            // One write per document: a reader never sees half of its lines.
            if let Err(err) = out.write_all(&line).and_then(|()| out.flush()) {
                if err.kind() == io::ErrorKind::BrokenPipe {
                    return ExitCode::SUCCESS;
                }
                eprintln!("htmlsplit: cannot write output: {err}");
                return ExitCode::FAILURE;
            }
        }
        if failures > 0 {
            eprintln!(
                "htmlsplit: {failures} of {} inputs could not be read or split",
                failures + documents
            );
            return ExitCode::FAILURE;
        }
        ExitCode::SUCCESS
    }
}

/// Reads one input; the source label is the path as given, `-` for stdin.
fn read(input: &Input) -> anyhow::Result<(String, Vec<u8>)> {
    match input {
        Input::Stdin => {
            let mut bytes = Vec::new();
            io::stdin()
                .read_to_end(&mut bytes)
                .context("cannot read stdin")?;
            Ok(("-".to_owned(), bytes))
        }
        Input::File(path) => {
            let bytes =
                std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
            Ok((path.display().to_string(), bytes))
        }
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Record<'a> {
    page_content: &'a str,
    metadata: Metadata<'a>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Metadata<'a> {
    source: &'a str,
    part_index: usize,
    total_parts: usize,
}
