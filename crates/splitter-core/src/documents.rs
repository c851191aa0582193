//! The documents API (SPEC §7): LangChain-shaped documents in, chunk
//! documents out.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::chunks::{ChunkMetadata, Chunks};

/// A value in [`Metadata`]: any JSON value (`serde_json::Value`).
pub type JsonValue = Value;

/// A document's metadata: a JSON object, as LangChain's `metadata` is
/// (`serde_json::Map<String, serde_json::Value>`).
pub type Metadata = Map<String, Value>;

/// A document in LangChain's shape: `{"pageContent": …, "metadata": {…}}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Document {
    /// The HTML of an input document, or the text of a chunk.
    pub page_content: String,
    /// Free-form metadata; chunk documents add their [`PartMetadata`] (see
    /// [`Chunks::to_documents`]).
    #[serde(default)]
    pub metadata: Metadata,
}

impl Document {
    /// A document with no metadata.
    pub fn new(page_content: impl Into<String>) -> Self {
        Document {
            page_content: page_content.into(),
            metadata: Metadata::new(),
        }
    }

    /// Adds (or replaces) one metadata entry.
    #[must_use]
    pub fn with_metadata(mut self, key: impl Into<String>, value: impl Into<JsonValue>) -> Self {
        self.metadata.insert(key.into(), value.into());
        self
    }
}

/// What a chunk's document adds to its parent document's metadata (SPEC
/// §7): its place among the document's chunks, then its provenance and size.
///
/// The one definition of those keys: [`Chunks::to_documents`], the CLI and
/// the language bindings all write this. Serialises (camelCase) as
/// `{"partIndex", "totalParts", "startIndex", "endIndex", "headingPath",
/// "anchor", "size", "prefixLength", "suffixLength"}`, in that order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PartMetadata<'a> {
    /// The chunk's position among its document's chunks, from 0.
    pub part_index: usize,
    /// How many chunks the document gave.
    pub total_parts: usize,
    /// The chunk's provenance and size.
    #[serde(flatten)]
    pub chunk: ChunkMetadata<'a>,
}

impl Chunks {
    /// What the document of chunk `index` adds to its parent's metadata, or
    /// `None` past the last chunk.
    ///
    /// ```
    /// use splitter_core::Chunks;
    ///
    /// /// Each chunk's metadata as a JSON line: `{"partIndex":0,
    /// /// "totalParts":2,"startIndex":0,"endIndex":10,"headingPath":["Intro"],
    /// /// "anchor":"intro","size":10,"prefixLength":0,"suffixLength":0}`.
    /// fn lines(chunks: &Chunks) -> serde_json::Result<Vec<String>> {
    ///     (0..chunks.len())
    ///         .filter_map(|index| chunks.part_metadata(index))
    ///         .map(|metadata| serde_json::to_string(&metadata))
    ///         .collect()
    /// }
    ///
    /// assert!(lines(&Chunks::default())?.is_empty());
    /// assert!(Chunks::default().part_metadata(0).is_none());
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn part_metadata(&self, index: usize) -> Option<PartMetadata<'_>> {
        let chunk = self.get(index)?;
        Some(PartMetadata {
            part_index: index,
            total_parts: self.len(),
            chunk: chunk.metadata(),
        })
    }

    /// These chunks as LangChain documents (SPEC §7), the one conversion
    /// behind every documents API.
    ///
    /// Each keeps all of `metadata` (the input document's) and adds its
    /// [`PartMetadata`]: `partIndex` (0-based), `totalParts`, the chunk's
    /// provenance (`startIndex`, `endIndex`, `headingPath`, `anchor`), its
    /// `size` in the sizer's unit and the lengths of what it carries
    /// (`prefixLength`, `suffixLength`); these replace a key of the same
    /// name in `metadata`. Then the page's facts ([`Chunks::page_metadata`],
    /// SPEC §7.1: `title`, `description`, `language`, …), each only where
    /// `metadata` has no key of that name: the caller's own wins.
    /// `chunk_header`, when given, is prepended to each chunk's text; the
    /// offsets stay those of the chunk in the canonical text. No chunks give
    /// no documents.
    ///
    /// ```
    /// use splitter_core::{Chunks, Metadata};
    ///
    /// assert!(Chunks::default().to_documents(&Metadata::new(), None).is_empty());
    /// ```
    pub fn to_documents(&self, metadata: &Metadata, chunk_header: Option<&str>) -> Vec<Document> {
        let total_parts = self.len();
        self.iter()
            .enumerate()
            .map(|(part_index, chunk)| {
                let part = PartMetadata {
                    part_index,
                    total_parts,
                    chunk: chunk.metadata(),
                };
                let mut metadata = metadata.clone();
                metadata.extend(part.to_metadata());
                for (key, value) in self.page_metadata().entries() {
                    metadata.entry(key).or_insert_with(|| Value::from(value));
                }
                let page_content = match chunk_header {
                    Some(header) => format!("{header}{}", chunk.text),
                    None => chunk.text.to_owned(),
                };
                Document {
                    page_content,
                    metadata,
                }
            })
            .collect()
    }
}

impl PartMetadata<'_> {
    /// These keys and values as a JSON object, to merge into a document's
    /// metadata.
    pub fn to_metadata(&self) -> Metadata {
        match serde_json::to_value(self) {
            Ok(Value::Object(entries)) => entries,
            // Every field is a number, a string, null or a list of strings.
            _ => unreachable!("part metadata serialises to a JSON object"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::ArenaDom;
    use crate::{Splitter, SplitterConfig};

    fn chunks() -> Chunks {
        // <h1 id=top>Title</h1><p>first part</p><p>second part</p>
        let mut dom = ArenaDom::new();
        let h1 = dom.element_with(0, "h1", &[("id", "top")]);
        dom.add_text(h1, "Title");
        for text in ["first part", "second part"] {
            let p = dom.element(0, "p");
            dom.add_text(p, text);
        }
        let mut config = SplitterConfig::new(12);
        config.heading_context = true;
        Splitter::new(config).expect("valid config").split(&dom)
    }

    #[test]
    fn part_metadata_has_the_keys_of_spec_7_in_order() {
        let chunks = chunks();
        let json = serde_json::to_string(&chunks.part_metadata(1).expect("a second chunk"))
            .expect("encode");
        assert_eq!(
            json,
            r#"{"partIndex":1,"totalParts":2,"startIndex":17,"endIndex":28,"headingPath":["Title"],"anchor":"top","size":17,"prefixLength":6,"suffixLength":0}"#
        );
        assert!(chunks.part_metadata(2).is_none());
    }

    #[test]
    fn documents_add_the_part_metadata_after_the_parents() {
        let chunks = chunks();
        let parent = Document::new("")
            .with_metadata("source", "a.html")
            .with_metadata("size", "parent's")
            .metadata;
        let documents = chunks.to_documents(&parent, Some("> "));
        assert_eq!(documents.len(), chunks.len());
        for (index, document) in documents.iter().enumerate() {
            let part = chunks.part_metadata(index).expect("a chunk");
            let mut expected = parent.clone();
            expected.extend(part.to_metadata());
            // Then the page's facts (its main heading is its title).
            expected.insert("title".into(), "Title".into());
            assert_eq!(document.metadata, expected);
            assert_eq!(document.metadata["prefixLength"], part.chunk.prefix_length);
            assert_eq!(document.metadata["size"], part.chunk.size);
            assert_eq!(document.metadata["source"], "a.html");
            assert!(document.page_content.starts_with("> "));
        }
    }
}
