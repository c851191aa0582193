//! `--report FILE.html`: one self-contained page to look at the chunks.
//!
//! The page is written as the documents arrive: each document's chunks are
//! one `<script type="application/json">` block (the chunk texts, once), and
//! the script at the end renders only the selected document, so the page
//! stays light with thousands of documents. Styles and script are inline and
//! a Content-Security-Policy forbids every fetch.

use std::io::Write;
use std::path::Path;

use anyhow::Context;
use html_splitter::{Chunks, PageMetadata};
use serde::Serialize;

use crate::pending::PendingFile;

const STYLE: &str = include_str!("report/report.css");
const SCRIPT: &str = include_str!("report/report.js");

/// Builds one document's entry from its chunks: each chunk's part index,
/// size, heading path and text, with what it carries (SPEC §5.1) apart, to
/// be shown dimmed. The entry is JSON safe to embed in a `<script>`
/// element.
pub fn document_entry(source: &str, all_chunks: &Chunks) -> Vec<u8> {
    let chunks: Vec<Chunk> = all_chunks
        .iter()
        .enumerate()
        .map(|(part_index, chunk)| {
            let byte_at = |chars: usize| {
                chunk
                    .text
                    .char_indices()
                    .nth(chars)
                    .map_or(chunk.text.len(), |(at, _)| at)
            };
            let own_start = byte_at(chunk.provenance.prefix_length);
            let char_count = chunk.text.chars().count();
            let own_end =
                byte_at(char_count.saturating_sub(chunk.provenance.suffix_length)).max(own_start);
            Chunk {
                part_index,
                size: chunk.provenance.size,
                heading_path: chunk
                    .provenance
                    .heading_path
                    .iter()
                    .collect::<Vec<_>>()
                    .join(" › "),
                prefix: &chunk.text[..own_start],
                text: &chunk.text[own_start..own_end],
                suffix: &chunk.text[own_end..],
            }
        })
        .collect();
    script_safe_json(&Entry {
        source,
        page: all_chunks.page_metadata(),
        chunks,
    })
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Entry<'a> {
    source: &'a str,
    /// The page's facts (SPEC §7.1), shown above its chunks.
    page: &'a PageMetadata,
    chunks: Vec<Chunk<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Chunk<'a> {
    part_index: usize,
    size: usize,
    heading_path: String,
    /// Carried before the text (SPEC §5.1).
    #[serde(skip_serializing_if = "str::is_empty")]
    prefix: &'a str,
    text: &'a str,
    /// Carried after the text.
    #[serde(skip_serializing_if = "str::is_empty")]
    suffix: &'a str,
}

/// JSON with every `<` escaped, so no `</script` or `<!--` can end or
/// disturb the script element that holds it (`<` only occurs in strings).
fn script_safe_json<T: Serialize>(value: &T) -> Vec<u8> {
    let json = serde_json::to_vec(value).unwrap_or_default();
    let mut safe = Vec::with_capacity(json.len());
    for &byte in &json {
        if byte == b'<' {
            safe.extend_from_slice(br"\u003c");
        } else {
            safe.push(byte);
        }
    }
    safe
}

/// The report file, written as the run goes; it appears at its path when
/// [`ReportWriter::finish`] completes it, and not at all if the run stops.
#[derive(Debug)]
pub struct ReportWriter {
    out: PendingFile,
    index: Vec<IndexEntry>,
    chunk_size: usize,
    max_chunk_size: Option<usize>,
    unit: String,
}

#[derive(Debug, Serialize)]
struct IndexEntry {
    source: String,
    sizes: Vec<usize>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Index<'a> {
    unit: &'a str,
    chunk_size: usize,
    max_chunk_size: Option<usize>,
    failures: usize,
    documents: &'a [IndexEntry],
}

impl ReportWriter {
    /// Starts the report; sizes are in `unit` (the sizer's name), as are
    /// `chunk_size` and `max_chunk_size`.
    pub fn create(
        path: &Path,
        chunk_size: usize,
        max_chunk_size: Option<usize>,
        unit: &str,
    ) -> anyhow::Result<Self> {
        let out = PendingFile::create(path)
            .with_context(|| format!("cannot create report file {}", path.display()))?;
        let mut report = ReportWriter {
            out,
            index: Vec::new(),
            chunk_size,
            max_chunk_size,
            unit: unit.to_owned(),
        };
        report
            .head()
            .with_context(|| format!("cannot write report file {}", path.display()))?;
        Ok(report)
    }

    fn head(&mut self) -> std::io::Result<()> {
        write!(
            self.out,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
             <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
             style-src 'unsafe-inline'; script-src 'unsafe-inline'\">\n\
             <title>htmlsplit report</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
             <script>window.addEventListener('error', function (event) {{\
             var errors = document.getElementById('errors'); errors.hidden = false;\
             errors.textContent += 'error: ' + event.message + '\\n'; }});</script>\n\
             <header><h1>htmlsplit report</h1><p id=\"summary\"></p></header>\n\
             <pre id=\"errors\" hidden></pre>\n\
             <div id=\"layout\">\n\
             <nav id=\"documents\"><input id=\"filter\" type=\"search\" placeholder=\"filter documents\">\
             <ol id=\"document-list\"></ol></nav>\n\
             <main><section><h2>All documents</h2><div id=\"corpus-histogram\" class=\"histogram\"></div></section>\n\
             <section id=\"document\"><h2 id=\"document-title\"></h2>\
             <div id=\"document-histogram\" class=\"histogram\"></div><div id=\"chunks\"></div></section></main>\n\
             </div>\n"
        )
    }

    /// Adds one document: its entry (from [`document_entry`]) and sizes.
    pub fn add(&mut self, source: &str, entry: &[u8], sizes: &[usize]) -> anyhow::Result<()> {
        let number = self.index.len();
        write!(
            self.out,
            "<script type=\"application/json\" id=\"doc-{number}\">"
        )
        .and_then(|()| self.out.write_all(entry))
        .and_then(|()| self.out.write_all(b"</script>\n"))
        .with_context(|| format!("cannot write report file {}", self.out.path().display()))?;
        self.index.push(IndexEntry {
            source: source.to_owned(),
            sizes: sizes.to_vec(),
        });
        Ok(())
    }

    /// Writes the index and the script and puts the report at its path;
    /// `failures` inputs were not split.
    pub fn finish(mut self, failures: usize) -> anyhow::Result<()> {
        let index = script_safe_json(&Index {
            unit: &self.unit,
            chunk_size: self.chunk_size,
            max_chunk_size: self.max_chunk_size,
            failures,
            documents: &self.index,
        });
        self.out
            .write_all(b"<script type=\"application/json\" id=\"index\">")
            .and_then(|()| self.out.write_all(&index))
            .and_then(|()| {
                write!(
                    self.out,
                    "</script>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n"
                )
            })
            .with_context(|| format!("cannot write report file {}", self.out.path().display()))?;
        let path = self.out.path().display().to_string();
        self.out
            .commit()
            .with_context(|| format!("cannot write report file {path}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use html_splitter::{Splitter, Utf16};
    use serde_json::Value;

    fn chunks(html: &str) -> Chunks {
        // The cap keeps "Intro\nScope" (11) from being joined with the
        // paragraph after it (12; SPEC §5), so each is a chunk below.
        let splitter = Splitter::builder(12)
            .max_chunk_size(20)
            .separators(["p"])
            .build_with_sizer(Utf16)
            .expect("valid");
        html_splitter::split_html(&splitter, html).expect("parses")
    }

    #[test]
    fn entries_cannot_close_their_script_element() {
        let entry = document_entry("</SCRIPT>.html", &chunks("<p>a &lt;/script>&lt;!-- b</p>"));
        let text = String::from_utf8(entry.clone()).expect("utf-8");
        assert!(!text.contains('<'), "{text}");
        let value: Value = serde_json::from_slice(&entry).expect("still JSON");
        assert_eq!(value["source"], "</SCRIPT>.html");
        assert_eq!(value["chunks"][0]["text"], "a </script><!-- b");
    }

    #[test]
    fn entries_are_built_from_the_chunks() {
        let html = "<h1>Intro</h1><section><h2>Scope</h2><p>crab 🦀 text</p></section><p>b</p>";
        let entry = document_entry("s", &chunks(html));
        let value: Value = serde_json::from_slice(&entry).expect("JSON");
        let chunks = value["chunks"].as_array().expect("chunks");
        let parts: Vec<_> = chunks
            .iter()
            .map(|chunk| {
                (
                    chunk["partIndex"].as_u64(),
                    chunk["size"].as_u64(),
                    chunk["headingPath"].as_str(),
                    chunk["text"].as_str(),
                )
            })
            .collect();
        assert_eq!(
            parts,
            [
                (Some(0), Some(11), Some("Intro"), Some("Intro\nScope")),
                (
                    Some(1),
                    Some(12),
                    Some("Intro › Scope"),
                    Some("crab 🦀 text")
                ),
                (Some(2), Some(1), Some("Intro"), Some("b")),
            ]
        );
    }

    #[test]
    fn the_index_names_the_unit_it_was_given() {
        let dir = tempfile::tempdir().expect("tempdir");
        for unit in ["utf16", "tiktoken:cl100k_base"] {
            let path = dir.path().join(format!("{unit}.html"));
            let mut report = ReportWriter::create(&path, 10, Some(20), unit).expect("create");
            report.add("s", b"{}", &[3]).expect("add");
            report.finish(0).expect("finish");
            let page = std::fs::read_to_string(&path).expect("written");
            assert!(page.contains(&format!(r#""unit":"{unit}""#)), "{page}");
        }
    }

    #[test]
    fn carried_text_is_apart_from_the_chunks_own() {
        let splitter = Splitter::builder(64)
            .format(html_splitter::Format::Markdown)
            .build()
            .expect("valid");
        let html = "<table><tr><th>Key</th><th>Value</th></tr><tr><td>alpha</td><td>one</td></tr>\
                    <tr><td>beta</td><td>two</td></tr><tr><td>gamma</td><td>three</td></tr></table>";
        let chunks = html_splitter::split_html(&splitter, html).expect("parses");
        let entry = document_entry("t", &chunks);
        let value: Value = serde_json::from_slice(&entry).expect("JSON");
        let second = &value["chunks"][1];
        assert_eq!(second["prefix"], "| Key | Value |\n| --- | --- |\n");
        assert_eq!(second["text"], "| gamma | three |");
        assert!(second.get("suffix").is_none(), "{second}");
        assert!(value["chunks"][0].get("prefix").is_none());
    }
}
