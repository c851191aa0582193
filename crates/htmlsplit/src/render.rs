//! One document in, its output bytes out: reading, decoding, splitting and
//! encoding the JSON Lines. Runs on the worker threads; everything it
//! returns is written, counted and reported later, in input order.

use std::any::Any;
use std::io::{self, Read};
use std::panic::{self, AssertUnwindSafe};

use anyhow::Context;
use html_splitter::encoding::Encoding;
use html_splitter::{AnySizer, Backend, Splitter};

use crate::inputs::Input;
use crate::{record, report};

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
    /// The document's JSON Lines, written whole.
    pub lines: Vec<u8>,
    /// Each chunk's size, in the sizer's unit.
    pub sizes: Vec<usize>,
    /// The document's entry in the report, when one is written.
    pub report: Option<Vec<u8>>,
    /// The document's line for `--documents` (its canonical text), when
    /// one is written.
    pub document: Option<Vec<u8>>,
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
        let html = html_splitter::encoding::decode(&bytes, self.encoding);
        drop(bytes);
        panic_for_tests(&source);
        let chunks = match self.backend.split(&self.splitter, &html) {
            Ok(chunks) => chunks,
            Err(err) => return Outcome::Failed(format!("cannot split {source}: {err}")),
        };
        drop(html);
        let sizes = chunks.sizes().to_vec();
        let mut lines = Vec::new();
        if let Err(err) = record::write_chunks(&mut lines, &source, &chunks) {
            return Outcome::Fatal(format!("cannot encode a chunk of {source}: {err}"));
        }
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
        drop(chunks);
        Outcome::Split(Rendered {
            source,
            input_bytes,
            lines,
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
