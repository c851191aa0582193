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
use serde::Serialize;
use serde_json::Value;

use crate::pending::PendingFile;
use crate::render::size_unit;

const STYLE: &str = include_str!("report/report.css");
const SCRIPT: &str = include_str!("report/report.js");

/// Builds one document's entry from its JSON Lines (the records as written,
/// so whatever metadata they carry, such as a heading path, is shown) and its
/// chunk sizes. The entry is JSON safe to embed in a `<script>` element.
pub fn document_entry(source: &str, lines: &[u8], sizes: &[usize]) -> Vec<u8> {
    let records = lines
        .split(|&byte| byte == b'\n')
        .filter(|line| !line.is_empty())
        .filter_map(|line| serde_json::from_slice::<Value>(line).ok());
    let chunks: Vec<Chunk> = records
        .zip(sizes)
        .enumerate()
        .map(|(index, (record, &size))| {
            let metadata = &record["metadata"];
            Chunk {
                part_index: metadata["partIndex"].as_u64().unwrap_or(index as u64),
                size: metadata["size"].as_u64().unwrap_or(size as u64),
                heading_path: heading_path(&metadata["headingPath"]),
                text: record["pageContent"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
            }
        })
        .collect();
    script_safe_json(&Entry { source, chunks })
}

/// A heading path as the records carry it: a list of headings or one string.
fn heading_path(value: &Value) -> Option<String> {
    match value {
        Value::String(path) => Some(path.clone()),
        Value::Array(headings) => Some(
            headings
                .iter()
                .map(|heading| match heading {
                    Value::String(text) => text.clone(),
                    other => other.to_string(),
                })
                .collect::<Vec<_>>()
                .join(" › "),
        ),
        _ => None,
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Entry<'a> {
    source: &'a str,
    chunks: Vec<Chunk>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Chunk {
    part_index: u64,
    size: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    heading_path: Option<String>,
    text: String,
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
}

#[derive(Debug, Serialize)]
struct IndexEntry {
    source: String,
    sizes: Vec<usize>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Index<'a> {
    unit: &'static str,
    chunk_size: usize,
    max_chunk_size: Option<usize>,
    failures: usize,
    documents: &'a [IndexEntry],
}

impl ReportWriter {
    pub fn create(
        path: &Path,
        chunk_size: usize,
        max_chunk_size: Option<usize>,
    ) -> anyhow::Result<Self> {
        let out = PendingFile::create(path)
            .with_context(|| format!("cannot create report file {}", path.display()))?;
        let mut report = ReportWriter {
            out,
            index: Vec::new(),
            chunk_size,
            max_chunk_size,
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
        .context("cannot write the report")?;
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
            unit: size_unit(),
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
            .context("cannot write the report")?;
        let path = self.out.path().display().to_string();
        self.out
            .commit()
            .with_context(|| format!("cannot write report file {path}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_cannot_close_their_script_element() {
        let lines = br#"{"pageContent":"a </script><!-- b","metadata":{"source":"x","partIndex":0,"totalParts":1}}
"#;
        let entry = document_entry("</SCRIPT>.html", lines, &[17]);
        let text = String::from_utf8(entry.clone()).expect("utf-8");
        assert!(!text.contains('<'), "{text}");
        let value: Value = serde_json::from_slice(&entry).expect("still JSON");
        assert_eq!(value["source"], "</SCRIPT>.html");
        assert_eq!(value["chunks"][0]["text"], "a </script><!-- b");
        assert_eq!(value["chunks"][0]["size"], 17);
    }

    #[test]
    fn heading_paths_are_read_from_the_records_when_present() {
        let lines = concat!(
            r#"{"pageContent":"a","metadata":{"partIndex":0,"headingPath":["Intro","Scope"]}}"#,
            "\n",
            r#"{"pageContent":"b","metadata":{"partIndex":1,"headingPath":"Intro > Terms","size":9}}"#,
            "\n",
            r#"{"pageContent":"c","metadata":{"partIndex":2}}"#,
            "\n",
        );
        let entry = document_entry("s", lines.as_bytes(), &[1, 1, 1]);
        let value: Value = serde_json::from_slice(&entry).expect("JSON");
        assert_eq!(value["chunks"][0]["headingPath"], "Intro › Scope");
        assert_eq!(value["chunks"][1]["headingPath"], "Intro > Terms");
        assert_eq!(value["chunks"][1]["size"], 9);
        assert!(value["chunks"][2].get("headingPath").is_none());
        assert_eq!(value["chunks"][2]["partIndex"], 2);
    }
}
