//! One document in, its output bytes out: reading, decoding, splitting and
//! encoding the JSON Lines. Runs on the worker threads; everything it
//! returns is written, counted and reported later, in input order.

use std::io::{self, Read};

use anyhow::Context;
use html_splitter::encoding::Encoding;
use html_splitter::{Backend, Sizer, Splitter};
use serde::Serialize;

use crate::inputs::Input;

/// The name of the unit chunk sizes are measured in.
pub fn size_unit() -> &'static str {
    "characters"
}

/// What every document is split with; shared by the workers.
#[derive(Debug)]
pub struct Renderer {
    pub splitter: Splitter,
    pub backend: Backend,
    pub encoding: Option<&'static Encoding>,
    /// Whether to build each document's report entry as well.
    pub report: bool,
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
    /// Each chunk's size, in [`size_unit`].
    pub sizes: Vec<usize>,
    /// The document's entry in the report, when one is written.
    pub report: Option<Vec<u8>>,
}

impl Renderer {
    pub fn render(&self, input: anyhow::Result<Input>) -> Outcome {
        let (source, bytes) = match input.and_then(|input| read(&input)) {
            Ok(read) => read,
            Err(err) => return Outcome::Failed(format!("{err:#}")),
        };
        let input_bytes = bytes.len() as u64;
        let html = html_splitter::encoding::decode(&bytes, self.encoding);
        drop(bytes);
        let chunks = match self.backend.split(&self.splitter, &html) {
            Ok(chunks) => chunks,
            Err(err) => return Outcome::Failed(format!("cannot split {source}: {err}")),
        };
        drop(html);
        let total = chunks.len();
        let mut lines = Vec::new();
        let mut sizes = Vec::with_capacity(total);
        for (index, text) in chunks.iter().enumerate() {
            sizes.push(self.splitter.sizer().size(text));
            let record = Record {
                page_content: text,
                metadata: Metadata {
                    source: &source,
                    part_index: index,
                    total_parts: total,
                },
            };
            if let Err(err) = serde_json::to_writer(&mut lines, &record) {
                return Outcome::Fatal(format!("cannot encode a chunk of {source}: {err}"));
            }
            lines.push(b'\n');
        }
        let report = self
            .report
            .then(|| crate::report::document_entry(&source, &lines, &sizes));
        Outcome::Split(Rendered {
            source,
            input_bytes,
            lines,
            sizes,
            report,
        })
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
