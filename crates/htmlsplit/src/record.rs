//! How the CLI serialises its output: one JSON line per chunk (LangChain's
//! document shape, with the chunk's provenance in `metadata`), and for
//! `--documents` one JSON line per document with its canonical text.

use html_splitter::{ChunkMetadata, Chunks};
use serde::Serialize;

/// Appends one JSON line per chunk of `chunks` to `out`:
/// `{"pageContent", "metadata": {"source", "partIndex", "totalParts",
/// "startIndex", "endIndex", "headingPath", "anchor", "size"}}`: the
/// library's [`ChunkMetadata`] (`size` in the configured unit) after the
/// source and the part.
pub(crate) fn write_chunks(
    out: &mut Vec<u8>,
    source: &str,
    chunks: &Chunks,
) -> serde_json::Result<()> {
    let total_parts = chunks.len();
    for (part_index, chunk) in chunks.iter().enumerate() {
        let record = ChunkRecord {
            page_content: chunk.text,
            metadata: Metadata {
                source,
                part_index,
                total_parts,
                chunk: chunk.metadata(),
            },
        };
        serde_json::to_writer(&mut *out, &record)?;
        out.push(b'\n');
    }
    Ok(())
}

/// Appends one JSON line `{"source", "text"}` holding the document's
/// canonical text, which every chunk's `startIndex`/`endIndex` index.
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
        },
    )?;
    out.push(b'\n');
    Ok(())
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ChunkRecord<'a> {
    page_content: &'a str,
    metadata: Metadata<'a>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Metadata<'a> {
    source: &'a str,
    part_index: usize,
    total_parts: usize,
    #[serde(flatten)]
    chunk: ChunkMetadata<'a>,
}

#[derive(Serialize)]
struct DocumentRecord<'a> {
    source: &'a str,
    text: &'a str,
}
