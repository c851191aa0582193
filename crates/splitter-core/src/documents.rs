//! The documents API (SPEC §7): LangChain-shaped documents in, chunk
//! documents out.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::chunks::Chunks;
use crate::sizer::Sizer;
use crate::splitter::Splitter;

/// A document in LangChain's shape: `{"pageContent": …, "metadata": {…}}`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Document {
    /// The HTML of an input document, or the text of a chunk.
    pub page_content: String,
    /// Free-form metadata; chunk documents add `partIndex` and `totalParts`.
    #[serde(default)]
    pub metadata: Map<String, Value>,
}

impl Document {
    /// A document with no metadata.
    pub fn new(page_content: impl Into<String>) -> Self {
        Document {
            page_content: page_content.into(),
            metadata: Map::new(),
        }
    }

    /// Adds (or replaces) one metadata entry.
    #[must_use]
    pub fn with_metadata(mut self, key: impl Into<String>, value: impl Into<Value>) -> Self {
        self.metadata.insert(key.into(), value.into());
        self
    }
}

/// Turns the chunks of one input document into chunk documents.
///
/// Each keeps all of `metadata` and adds `partIndex` (0-based) and
/// `totalParts`; `chunk_header`, when given, is prepended to each chunk's
/// text. No chunks give no documents.
///
/// ```
/// use serde_json::{Map, json};
/// use splitter_core::{Chunks, chunk_documents};
///
/// let docs = chunk_documents(&Chunks::default(), &Map::new(), None);
/// assert!(docs.is_empty());
/// ```
pub fn chunk_documents(
    chunks: &Chunks,
    metadata: &Map<String, Value>,
    chunk_header: Option<&str>,
) -> Vec<Document> {
    let total = chunks.len();
    chunks
        .iter()
        .enumerate()
        .map(|(index, text)| {
            let mut metadata = metadata.clone();
            metadata.insert("partIndex".into(), index.into());
            metadata.insert("totalParts".into(), total.into());
            let page_content = match chunk_header {
                Some(header) => format!("{header}{text}"),
                None => text.to_owned(),
            };
            Document {
                page_content,
                metadata,
            }
        })
        .collect()
}

impl<S: Sizer> Splitter<S> {
    /// Splits each document's HTML page content and returns the chunk
    /// documents of all of them, in order (see [`chunk_documents`]).
    ///
    /// `split_html` parses and splits one page; a backend supplies it, e.g.
    /// `|splitter, html| Ok(splitter.split(&Html5everDom::parse(html)?))`.
    /// The first error stops the run and is returned. The facade crate
    /// offers this with its default backend.
    pub fn split_documents<I, F, E>(
        &self,
        documents: I,
        chunk_header: Option<&str>,
        mut split_html: F,
    ) -> Result<Vec<Document>, E>
    where
        I: IntoIterator<Item = Document>,
        F: FnMut(&Self, &str) -> Result<Chunks, E>,
    {
        let mut out = Vec::new();
        for document in documents {
            let chunks = split_html(self, &document.page_content)?;
            out.extend(chunk_documents(&chunks, &document.metadata, chunk_header));
        }
        Ok(out)
    }
}
