//! One document in, its output bytes out: reading, decoding, splitting and
//! encoding the JSON Lines. Runs on the worker threads; everything it
//! returns is written, counted and reported later, in input order.
//!
//! A document's lines are encoded on the worker up to [`LINES_ON_WORKER`]
//! bytes; the lines after that are encoded as they are written
//! ([`Rendered::write_lines`]), so a document whose heading paths repeat
//! megabytes of heading text on every line (SPEC §7) never holds all its
//! output in memory.

use std::any::Any;
use std::io::{self, BufWriter, Read, Write};
use std::panic::{self, AssertUnwindSafe};

use anyhow::Context;
use html_splitter::encoding::Encoding;
use html_splitter::{AnySizer, Backend, Chunks, PageMetadataMode, Splitter};

use crate::inputs::Input;
use crate::record::ChunkLines;
use crate::{record, report};

/// How many bytes of a document's lines the worker encodes; the rest are
/// encoded on the main thread as they are written. Far above a real page's
/// output (ECMA-262's largest page gives under 2 MB), so pages are encoded
/// in parallel; a bound on what each document in the reorder window holds.
pub const LINES_ON_WORKER: usize = 8 << 20;

/// What every document is split with; shared by the workers.
#[derive(Debug)]
pub struct Renderer {
    pub splitter: Splitter<AnySizer>,
    pub backend: Backend,
    pub encoding: Option<&'static Encoding>,
    /// Whether to build each document's report entry as well.
    pub report: bool,
    /// Whether to encode each document's canonical text for `--documents`.
    pub documents: bool,
    /// The page facts each chunk's line carries (the splitter may extract
    /// more, for the `--documents` records).
    pub page_metadata: PageMetadataMode,
}

/// What became of one input.
#[derive(Debug)]
pub enum Outcome {
    Split(Rendered),
    /// The input could not be read or split; the message names it. The run
    /// goes on and exits with status 1.
    Failed(String),
    /// The run cannot go on (status 1, nothing more is written).
    Fatal(String),
}

/// One split document.
#[derive(Debug)]
pub struct Rendered {
    pub source: String,
    /// Bytes of the input, before decoding.
    pub input_bytes: u64,
    /// The document's first JSON lines, up to about [`LINES_ON_WORKER`]
    /// bytes.
    pub lines: Vec<u8>,
    /// The chunks whose lines are not in `lines`, when there are any.
    pub rest: Option<Box<Rest>>,
    /// Each chunk's size, in the sizer's unit.
    pub sizes: Vec<usize>,
    /// The document's entry in the report, when one is written.
    pub report: Option<Vec<u8>>,
    /// The document's line for `--documents` (its canonical text), when
    /// one is written.
    pub document: Option<Vec<u8>>,
}

/// The chunks of a document from chunk `next` on, whose lines are encoded
/// as they are written.
#[derive(Debug)]
pub struct Rest {
    chunks: Chunks,
    next: usize,
    page_metadata: PageMetadataMode,
}

impl Rendered {
    /// Writes the document's lines to `out`, in order.
    pub fn write_lines<W: Write>(&self, out: &mut W) -> io::Result<()> {
        out.write_all(&self.lines)?;
        if let Some(rest) = &self.rest {
            let mut out = BufWriter::with_capacity(1 << 16, &mut *out);
            let mut lines = ChunkLines::new(&self.source, &rest.chunks, rest.page_metadata);
            for index in rest.next..rest.chunks.len() {
                lines.write(&mut out, index)?;
            }
            out.flush()?;
        }
        Ok(())
    }
}

impl Renderer {
    /// Reads, splits and encodes one input. A panic on the way (a bug) is
    /// that input's failure, named like any other, not the end of the run:
    /// the splitter is immutable, so the next document is split as if
    /// nothing happened.
    pub fn render(&self, input: anyhow::Result<Input>) -> Outcome {
        let input = match input {
            Ok(input) => input,
            Err(err) => return Outcome::Failed(format!("{err:#}")),
        };
        panic::catch_unwind(AssertUnwindSafe(|| self.render_input(&input))).unwrap_or_else(
            |payload| {
                Outcome::Failed(format!(
                    "cannot split {}: internal error: {}",
                    input.source(),
                    panic_message(payload.as_ref())
                ))
            },
        )
    }

    fn render_input(&self, input: &Input) -> Outcome {
        let (source, bytes) = match read(input) {
            Ok(read) => read,
            Err(err) => return Outcome::Failed(format!("{err:#}")),
        };
        let input_bytes = bytes.len() as u64;
        let html = match html_splitter::encoding::decode_text(&bytes, self.encoding) {
            Ok(html) => html,
            Err(err) => return Outcome::Failed(format!("cannot split {source}: {err}")),
        };
        drop(bytes);
        panic_for_tests(&source);
        let chunks = match self.backend.split(&self.splitter, &html) {
            Ok(chunks) => chunks,
            Err(err) => return Outcome::Failed(format!("cannot split {source}: {err}")),
        };
        drop(html);
        let sizes = chunks.sizes().to_vec();
        let mut lines = Vec::new();
        let mut encoder = ChunkLines::new(&source, &chunks, self.page_metadata);
        let mut next = 0;
        while next < chunks.len() && lines.len() < LINES_ON_WORKER {
            if let Err(err) = encoder.write(&mut lines, next) {
                return Outcome::Fatal(format!("cannot encode a chunk of {source}: {err}"));
            }
            next += 1;
        }
        drop(encoder);
        let mut document = None;
        if self.documents {
            let mut line = Vec::new();
            if let Err(err) = record::write_document(&mut line, &source, &chunks) {
                return Outcome::Fatal(format!("cannot encode the text of {source}: {err}"));
            }
            document = Some(line);
        }
        let report = self
            .report
            .then(|| report::document_entry(&source, &chunks));
        let rest = (next < chunks.len()).then(|| {
            Box::new(Rest {
                chunks,
                next,
                page_metadata: self.page_metadata,
            })
        });
        Outcome::Split(Rendered {
            source,
            input_bytes,
            lines,
            rest,
            sizes,
            report,
            document,
        })
    }
}

/// Reads one input; the source label is [`Input::source`].
fn read(input: &Input) -> anyhow::Result<(String, Vec<u8>)> {
    match input {
        Input::Stdin => {
            let mut bytes = Vec::new();
            io::stdin()
                .read_to_end(&mut bytes)
                .context("cannot read stdin")?;
            Ok((input.source(), bytes))
        }
        Input::File(path) => {
            let bytes =
                std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
            Ok((input.source(), bytes))
        }
    }
}

/// The message of a caught panic, when it has one.
fn panic_message(payload: &(dyn Any + Send)) -> &str {
    if let Some(text) = payload.downcast_ref::<&str>() {
        text
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text
    } else {
        "a panic without a message"
    }
}

/// Debug builds only, for the CLI's tests: panics while splitting a
/// document whose source ends with `HTMLSPLIT_DEBUG_PANIC_ON`, as a bug in
/// the splitter would.
#[cfg(debug_assertions)]
fn panic_for_tests(source: &str) {
    if let Some(suffix) = std::env::var_os("HTMLSPLIT_DEBUG_PANIC_ON")
        && let Some(suffix) = suffix.to_str()
        && source.ends_with(suffix)
    {
        panic!("HTMLSPLIT_DEBUG_PANIC_ON={suffix}");
    }
}

#[cfg(not(debug_assertions))]
fn panic_for_tests(_source: &str) {}
