//! How the CLI serialises its output: one JSON line per chunk (LangChain's
//! document shape, with the chunk's provenance in `metadata`), and for
//! `--documents` one JSON line per document with its canonical text.
//!
//! A chunk's line repeats its whole heading path (SPEC §7), so on deeply
//! nested headings the lines are mostly heading texts, each repeated on
//! many lines: [`ChunkLines`] looks once per document at whether a heading
//! text needs escaping and, when it does not (as nearly every one), copies
//! it between quotes instead of escaping it again on every line.

use std::collections::HashMap;
use std::io::Write;

use html_splitter::{Chunks, PageMetadata, PageMetadataMode};
use serde::Serialize;

/// Writes the JSON lines of one document's chunks, one at a time:
/// `{"pageContent", "metadata": {"source", "partIndex", "totalParts",
/// "startIndex", "endIndex", "headingPath", "anchor", "size",
/// "prefixLength", "suffixLength"}}`: the library's `PartMetadata`
/// (`size` in the configured unit) after the source, as serde_json writes
/// them (the test below holds the two to the same bytes).
pub(crate) struct ChunkLines<'a> {
    source: &'a str,
    chunks: &'a Chunks,
    /// The page's facts (SPEC §7.1) the lines carry, as JSON members after
    /// `suffixLength` (`,"title":"…"`), written once per document.
    page: String,
    /// Whether a heading text met so far is written as it is, by the
    /// address and length of its text: every path names its headings by
    /// slices of the one `Chunks`, so the same slice is the same text.
    verbatim: HashMap<(usize, usize), bool>,
}

impl<'a> ChunkLines<'a> {
    /// The lines of `chunks`, with the page facts of `mode` (the chunks
    /// may hold more: `--documents` records every fact).
    pub(crate) fn new(source: &'a str, chunks: &'a Chunks, mode: PageMetadataMode) -> Self {
        let mut page = String::new();
        for (key, value) in facts(chunks, mode) {
            // Keys are plain words; a value is escaped as serde_json does.
            page.push_str(",\"");
            page.push_str(key);
            page.push_str("\":");
            page.push_str(&serde_json::to_string(value).unwrap_or_else(|_| "\"\"".to_owned()));
        }
        ChunkLines {
            source,
            chunks,
            page,
            verbatim: HashMap::new(),
        }
    }

    /// Appends the line of chunk `index` (nothing when there is none) to
    /// `out`.
    pub(crate) fn write<W: Write>(&mut self, out: &mut W, index: usize) -> serde_json::Result<()> {
        let Some(chunk) = self.chunks.get(index) else {
            return Ok(());
        };
        let metadata = chunk.metadata();
        let io = serde_json::Error::io;
        out.write_all(b"{\"pageContent\":").map_err(io)?;
        serde_json::to_writer(&mut *out, chunk.text)?;
        out.write_all(b",\"metadata\":{\"source\":").map_err(io)?;
        serde_json::to_writer(&mut *out, self.source)?;
        write!(
            out,
            ",\"partIndex\":{index},\"totalParts\":{},\"startIndex\":{},\"endIndex\":{},\"headingPath\":[",
            self.chunks.len(),
            metadata.start_index,
            metadata.end_index
        )
        .map_err(io)?;
        for (position, heading) in metadata.heading_path.iter().enumerate() {
            if position > 0 {
                out.write_all(b",").map_err(io)?;
            }
            let verbatim = *self
                .verbatim
                .entry((heading.as_ptr() as usize, heading.len()))
                .or_insert_with(|| !needs_escaping(heading));
            if verbatim {
                out.write_all(b"\"").map_err(io)?;
                out.write_all(heading.as_bytes()).map_err(io)?;
                out.write_all(b"\"").map_err(io)?;
            } else {
                serde_json::to_writer(&mut *out, heading)?;
            }
        }
        out.write_all(b"],\"anchor\":").map_err(io)?;
        serde_json::to_writer(&mut *out, &metadata.anchor)?;
        write!(
            out,
            ",\"size\":{},\"prefixLength\":{},\"suffixLength\":{}",
            metadata.size, metadata.prefix_length, metadata.suffix_length
        )
        .map_err(io)?;
        out.write_all(self.page.as_bytes()).map_err(io)?;
        out.write_all(b"}}\n").map_err(io)
    }
}

/// The page's facts (SPEC §7.1) a chunk's line carries under `mode`:
/// `basic` keeps title, description and language of what the chunks hold.
pub(crate) fn facts(
    chunks: &Chunks,
    mode: PageMetadataMode,
) -> impl Iterator<Item = (&'static str, &str)> {
    chunks
        .page_metadata()
        .entries()
        .filter(move |(key, _)| match mode {
            PageMetadataMode::None => false,
            PageMetadataMode::Basic => matches!(*key, "title" | "description" | "language"),
            _ => true,
        })
}

/// Whether serde_json escapes anything in `text`: a quote, a backslash or
/// a control character below U+0020.
fn needs_escaping(text: &str) -> bool {
    text.bytes()
        .any(|byte| byte < 0x20 || byte == b'"' || byte == b'\\')
}

/// Appends one JSON line `{"source", "text", …}` holding the document's
/// canonical text, which every chunk's `startIndex`/`endIndex` index, and
/// every fact of its page the chunks hold (SPEC §7.1).
pub(crate) fn write_document(
    out: &mut Vec<u8>,
    source: &str,
    chunks: &Chunks,
) -> serde_json::Result<()> {
    serde_json::to_writer(
        &mut *out,
        &DocumentRecord {
            source,
            text: chunks.canonical_text(),
            page: chunks.page_metadata(),
        },
    )?;
    out.push(b'\n');
    Ok(())
}

#[derive(Serialize)]
struct DocumentRecord<'a> {
    source: &'a str,
    text: &'a str,
    #[serde(flatten)]
    page: &'a PageMetadata,
}

#[cfg(test)]
mod tests {
    use super::*;
    use html_splitter::{Backend, PartMetadata, Splitter, SplitterConfig};

    /// The record as the library serialises a chunk document's metadata,
    /// flattened after the source.
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct LibraryRecord<'a> {
        page_content: &'a str,
        metadata: LibraryMetadata<'a>,
    }

    #[derive(Serialize)]
    struct LibraryMetadata<'a> {
        source: &'a str,
        #[serde(flatten)]
        part: PartMetadata<'a>,
        #[serde(flatten)]
        page: &'a PageMetadata,
    }

    #[test]
    fn lines_are_the_librarys_part_metadata_after_the_source() {
        let html = "<html lang=en><title>A \"page\" \\ title</title>\
                    <meta name=description content='Tabs\tand ✓'><meta name=author content=Ana>\
                    <h1 id=top>Title \"quoted\" \\ <span><h2>Nested\ttab</h2> x</span></h1>\
                    <p>Some text</p><section><h1>Other ✓</h1><p>more \u{1} text</p>\
                    <h2>Again</h2><p>and more</p><p>and more again, at length</p></section>";
        let mut config = SplitterConfig::new(30);
        config.heading_context = true;
        config.page_metadata = PageMetadataMode::Full;
        let splitter = Splitter::from_config(config).expect("config");
        let chunks = Backend::default().split(&splitter, html).expect("split");
        assert_eq!(
            chunks.page_metadata().entries().count(),
            4,
            "{:?}",
            chunks.page_metadata()
        );
        assert!(chunks.len() > 3);
        assert!(
            chunks
                .iter()
                .any(|chunk| chunk.provenance.heading_path.len() > 1)
        );
        assert!(
            chunks
                .iter()
                .any(|chunk| chunk.provenance.prefix_length > 0)
        );
        let mut expected = Vec::new();
        for (index, chunk) in chunks.iter().enumerate() {
            let record = LibraryRecord {
                page_content: chunk.text,
                metadata: LibraryMetadata {
                    source: "a \"page\".html",
                    part: chunks.part_metadata(index).expect("a chunk"),
                    page: chunks.page_metadata(),
                },
            };
            serde_json::to_writer(&mut expected, &record).expect("encode");
            expected.push(b'\n');
        }
        let mut lines = ChunkLines::new("a \"page\".html", &chunks, PageMetadataMode::Full);
        let mut written = Vec::new();
        for index in 0..chunks.len() {
            lines.write(&mut written, index).expect("encode");
        }
        assert_eq!(
            String::from_utf8_lossy(&written),
            String::from_utf8_lossy(&expected)
        );
        // `basic` writes the title, description and language of them.
        let mut lines = ChunkLines::new("s", &chunks, PageMetadataMode::Basic);
        let mut written = Vec::new();
        lines.write(&mut written, 0).expect("encode");
        let line: serde_json::Value = serde_json::from_slice(&written).expect("JSON");
        assert_eq!(line["metadata"]["language"], "en");
        assert!(line["metadata"].get("author").is_none());
        let mut lines = ChunkLines::new("s", &chunks, PageMetadataMode::None);
        let mut written = Vec::new();
        lines.write(&mut written, 0).expect("encode");
        let line: serde_json::Value = serde_json::from_slice(&written).expect("JSON");
        assert!(line["metadata"].get("title").is_none());
    }
}
