//! The backend-agnostic core of an HTML text splitter for retrieval-augmented
//! generation.
//!
//! A [`Splitter`] turns one parsed HTML document into plain-text [`Chunks`]
//! that follow the document's structure and respect a soft target size and an
//! optional hard cap. The core knows no parser: a backend crate wraps its
//! parser's tree in a type implementing [`DomAdapter`], and the core walks it
//! once.
//!
//! The key design choice is the *canonical text*: one string per document,
//! built in a single walk, in which every element and text node (a *unit*)
//! owns a byte range. Decomposition and merging then work on ranges of that
//! string, so no subtree's text is extracted twice and a chunk is always a
//! slice of the canonical text. Neither the walk nor the decomposition
//! recurses on the call stack: a document nested a million levels deep is
//! fine.
//!
//! CSS selectors (`separators`, `never_break_within`) are parsed once when the
//! splitter is built, by the `selectors` crate, and matched through the
//! adapter, so every backend gives them the same meaning.
//!
//! ```
//! use splitter_core::{Splitter, SplitterConfig};
//!
//! let config = SplitterConfig::from_json(
//!     r#"{"chunkSize": 1000, "maxChunkSize": 1500, "separators": ["h2"], "neverBreakWithin": ["pre"]}"#,
//! )?;
//! let splitter = Splitter::new(config)?;
//! // With a backend: `let chunks = splitter.split(&Html5everDom::parse(html).expect("the parser does not fail on this input"));`
//! # let _ = splitter;
//! # Ok::<(), splitter_core::ConfigError>(())
//! ```
//!
//! The behaviour contract is the project's SPEC: canonical text (§3),
//! decomposition (§4), merge (§5) and the documents API (§7).

#![deny(missing_docs)]

mod adapter;
mod canonical;
mod chunks;
mod config;
mod context;
mod decompose;
mod documents;
mod elements;
mod error;
mod forced;
mod heading_texts;
// Without the feature `testing`, the measurement hooks of `Rules` (its
// named rules, `without`) have no caller in this crate.
#[cfg_attr(not(any(test, feature = "testing")), allow(dead_code))]
mod main_content;
mod markdown;
mod markdown_writer;
mod merge;
mod named;
mod page_metadata;
mod provenance;
mod segments;
mod select;
mod sentences;
mod size_policy;
mod sizer;
mod splitter;
#[cfg(test)]
mod testing;
#[cfg(test)]
mod tests;
mod text;
mod tokens;

pub use adapter::{Children, Descendants, DomAdapter, NodeKind};
pub use chunks::{Chunk, ChunkIter, ChunkMetadata, Chunks, HeadingPath, InvariantViolation, Texts};
pub use config::{
    CONFIG_KEYS, ConfigKey, Content, Format, Links, SplitterConfig, ValueKind, Whitespace,
};
pub use documents::{Document, JsonValue, Metadata, PartMetadata};
pub use error::{ConfigError, ParseError};
/// The rules of `content: "main"`, to measure each one's effect (feature
/// `testing`, for `cargo xtask main-content`); not part of the stable API.
#[cfg(any(test, feature = "testing"))]
#[doc(hidden)]
pub use main_content::Rules as MainContentRules;
pub use named::AnySizer;
pub use page_metadata::{PageMetadata, PageMetadataMode};
pub use sizer::{Bytes, Characters, SizeFn, Sizer, Utf16};
pub use splitter::{Splitter, SplitterBuilder};
/// The encoder [`Tiktoken::bpe`] gives (from `tiktoken-rs`).
#[cfg(feature = "tiktoken")]
pub use tiktoken_rs::CoreBPE;
/// The tokenizer [`HuggingFace::from_tokenizer`] takes (from `tokenizers`).
#[cfg(feature = "tokenizers")]
pub use tokenizers::Tokenizer;
#[cfg(feature = "tokenizers")]
pub use tokens::HuggingFace;
#[cfg(feature = "tiktoken")]
pub use tokens::Tiktoken;
