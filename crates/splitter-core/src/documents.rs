//! The documents API (SPEC §7): LangChain-shaped documents in, chunk
//! documents out.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::chunks::{Chunk, Chunks};

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
    /// Free-form metadata; chunk documents add `partIndex`, `totalParts`,
    /// their provenance and `size` (see [`Chunks::to_documents`]).
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

impl Chunks {
    /// These chunks as LangChain documents (SPEC §7), the one conversion
    /// behind every documents API.
    ///
    /// Each keeps all of `metadata` (the input document's) and adds
    /// `partIndex` (0-based), `totalParts`, the chunk's provenance
    /// (`startIndex`, `endIndex`, `headingPath`, `anchor`) and its `size` in
    /// the sizer's unit (see [`Chunk`]).
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
        let total = self.len();
        self.iter()
            .enumerate()
            .map(|(index, chunk)| {
                let mut metadata = metadata.clone();
                metadata.insert("partIndex".into(), index.into());
                metadata.insert("totalParts".into(), total.into());
                insert_provenance(&mut metadata, &chunk);
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

fn insert_provenance(metadata: &mut Metadata, chunk: &Chunk<'_>) {
    metadata.insert("startIndex".into(), chunk.start_index.into());
    metadata.insert("endIndex".into(), chunk.end_index.into());
    metadata.insert(
        "headingPath".into(),
        Value::Array(chunk.heading_path.iter().map(Value::from).collect()),
    );
    metadata.insert(
        "anchor".into(),
        chunk.anchor.map_or(Value::Null, Value::from),
    );
    metadata.insert("size".into(), chunk.size.into());
}
