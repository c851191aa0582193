//! The chunks as JavaScript gets them: offsets in UTF-16 code units.

use html_splitter::Chunks;
use napi::bindgen_prelude::*;
use napi_derive::napi;
use serde_json::{Map, Value};

/// One chunk and where it came from (SPEC §7). Offsets and lengths are in
/// UTF-16 code units, as JavaScript indexes strings:
/// `canonicalText.slice(startIndex, endIndex)` is the chunk's text less its
/// `prefixLength` first and `suffixLength` last code units (context carried
/// from before it, SPEC §5.1).
#[napi(object)]
pub struct Chunk {
    pub text: String,
    pub start_index: u32,
    pub end_index: u32,
    /// The headings whose sections enclose the chunk's first character,
    /// outermost first.
    pub heading_path: Vec<String>,
    /// The `id` to link to: of the innermost element with an `id` containing
    /// the chunk's first character, else of the last one before it.
    pub anchor: Either<String, Null>,
    /// The chunk's size in the sizer's unit.
    pub size: u32,
    pub prefix_length: u32,
    pub suffix_length: u32,
    /// The facts the page states (SPEC §7.1), the same on each of its
    /// chunks: only those the `pageMetadata` option asks for.
    #[napi(ts_type = "PageMetadata")]
    pub page_metadata: Map<String, Value>,
}

/// A chunk as the parts of its LangChain.js document: its text and what its
/// metadata adds to its page's.
#[napi(object)]
pub struct ChunkDocument {
    pub page_content: String,
    /// The core's `PartMetadata` (SPEC §7), the keys the CLI and every
    /// binding write, with offsets and lengths in UTF-16 code units; then
    /// the facts the page states (SPEC §7.1).
    #[napi(ts_type = "PartMetadata & PageMetadata")]
    pub metadata: Map<String, Value>,
    /// The page's facts alone, also in `metadata`. Merged with metadata of
    /// your own, they yield to your keys of the same name, where the
    /// `PartMetadata` keys replace yours (as `HTMLTextSplitter` does).
    #[napi(ts_type = "PageMetadata")]
    pub page_metadata: Map<String, Value>,
}

/// The facts `chunks`' page states, with the core's camelCase keys, in
/// SPEC §7.1's order.
fn page_metadata(chunks: &Chunks) -> Map<String, Value> {
    chunks
        .page_metadata()
        .entries()
        .map(|(key, value)| (key.to_owned(), Value::from(value)))
        .collect()
}

/// The chunks of one document for JavaScript.
pub fn convert(chunks: &Chunks) -> Result<Vec<Chunk>> {
    let page = page_metadata(chunks);
    chunks
        .iter()
        .zip(utf16_spans(chunks)?)
        .map(|(chunk, span)| {
            Ok(Chunk {
                text: chunk.text.to_owned(),
                start_index: span.start_index,
                end_index: span.end_index,
                heading_path: chunk.provenance.heading_path.to_vec(),
                anchor: chunk
                    .provenance
                    .anchor
                    .map_or(Either::B(Null), |anchor| Either::A(anchor.to_owned())),
                size: js_number(chunk.provenance.size)?,
                prefix_length: span.prefix_length,
                suffix_length: span.suffix_length,
                page_metadata: page.clone(),
            })
        })
        .collect()
}

/// The chunks of one document as the parts of LangChain.js documents: the
/// core's `PartMetadata` of each, its offsets and lengths in UTF-16 code
/// units, then the page's facts.
pub fn documents(chunks: &Chunks) -> Result<Vec<ChunkDocument>> {
    let page = page_metadata(chunks);
    chunks
        .iter()
        .zip(utf16_spans(chunks)?)
        .enumerate()
        .map(|(index, (chunk, span))| {
            let mut part = chunks
                .part_metadata(index)
                .ok_or_else(|| Error::new(Status::GenericFailure, format!("no chunk {index}")))?;
            part.chunk.start_index = span.start_index as usize;
            part.chunk.end_index = span.end_index as usize;
            part.chunk.prefix_length = span.prefix_length as usize;
            part.chunk.suffix_length = span.suffix_length as usize;
            let mut metadata = part.to_metadata();
            metadata.extend(page.clone());
            Ok(ChunkDocument {
                page_content: chunk.text.to_owned(),
                metadata,
                page_metadata: page.clone(),
            })
        })
        .collect()
}

/// A chunk's offsets in the canonical text and the lengths of what it
/// carries, in UTF-16 code units.
struct Utf16Span {
    start_index: u32,
    end_index: u32,
    prefix_length: u32,
    suffix_length: u32,
}

/// Each chunk's [`Utf16Span`], in order.
fn utf16_spans(chunks: &Chunks) -> Result<Vec<Utf16Span>> {
    let offsets = Utf16Offsets::new(
        chunks.canonical_text(),
        chunks
            .iter()
            .flat_map(|chunk| [chunk.provenance.start_index, chunk.provenance.end_index]),
    );
    chunks
        .iter()
        .enumerate()
        .map(|(index, chunk)| {
            let (prefix_length, suffix_length) = carried_lengths(
                chunk.text,
                chunk.provenance.prefix_length,
                chunk.provenance.suffix_length,
            )?;
            Ok(Utf16Span {
                start_index: offsets.get(2 * index)?,
                end_index: offsets.get(2 * index + 1)?,
                prefix_length,
                suffix_length,
            })
        })
        .collect()
}

/// How many UTF-16 code units at the start and at the end of a chunk's text
/// are carried context (SPEC §5.1), from the core's counts of characters.
fn carried_lengths(text: &str, prefix_chars: usize, suffix_chars: usize) -> Result<(u32, u32)> {
    let units = |chars: &mut dyn Iterator<Item = char>, n| -> usize {
        chars.take(n).map(char::len_utf16).sum()
    };
    let prefix = units(&mut text.chars(), prefix_chars);
    let suffix = units(&mut text.chars().rev(), suffix_chars);
    Ok((js_number(prefix)?, js_number(suffix)?))
}

/// A count as a JavaScript number (no JS string or index reaches 2³²).
fn js_number(n: usize) -> Result<u32> {
    u32::try_from(n).map_err(|_| {
        Error::new(
            Status::GenericFailure,
            format!("{n} is too large for this binding (at most 2^32 - 1)"),
        )
    })
}

/// Offsets in Unicode scalar values turned into UTF-16 code units, in one
/// pass over the text.
struct Utf16Offsets(Vec<usize>);

impl Utf16Offsets {
    fn new(text: &str, char_offsets: impl Iterator<Item = usize>) -> Self {
        let char_offsets: Vec<usize> = char_offsets.collect();
        if text.is_ascii() {
            return Utf16Offsets(char_offsets);
        }
        // Chunks come in order, so the offsets increase; sorting is only a
        // guard (and linear on sorted input).
        let mut order: Vec<usize> = (0..char_offsets.len()).collect();
        order.sort_by_key(|&i| char_offsets[i]);
        let mut units = vec![0; char_offsets.len()];
        let mut chars = text.chars();
        let (mut at_char, mut at_unit) = (0, 0);
        for i in order {
            while at_char < char_offsets[i] {
                match chars.next() {
                    Some(c) => at_unit += c.len_utf16(),
                    None => break,
                }
                at_char += 1;
            }
            units[i] = at_unit;
        }
        Utf16Offsets(units)
    }

    fn get(&self, index: usize) -> Result<u32> {
        js_number(self.0.get(index).copied().unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::Utf16Offsets;

    #[test]
    fn astral_characters_count_two_units() {
        let offsets = Utf16Offsets::new("a😀b€c", [0, 1, 2, 3, 4, 5].into_iter());
        assert_eq!(offsets.0, [0, 1, 3, 4, 5, 6]);
    }
}
