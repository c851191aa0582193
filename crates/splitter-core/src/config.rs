//! Splitter configuration: the JSON form, the builder, and validation.

use serde::{Deserialize, Serialize};

use crate::error::ConfigError;

/// The settings of SPEC §2, in the shape of a JSON config file.
///
/// JSON keys are camelCase (`chunkSize`, `maxChunkSize`, `separators`,
/// `neverBreakWithin`, `chunkOverlap`, `whitespace`, `sizer`); unknown keys
/// are rejected. Sizes are in the unit of the sizer: characters unless
/// `sizer` says otherwise.
/// A `SplitterConfig` is plain data: [`SplitterConfig::validate`] (called by
/// [`crate::Splitter::new`]) checks it.
///
/// ```
/// use splitter_core::SplitterConfig;
///
/// let config = SplitterConfig::from_json(r#"{"chunkSize": 1000, "separators": ["h2"]}"#)?;
/// assert_eq!(config.chunk_size, 1000);
/// assert_eq!(config.max_chunk_size, None);
///
/// let err = SplitterConfig::from_json(r#"{"chunkSize": 10, "chunk_size": 10}"#).unwrap_err();
/// assert!(err.to_string().contains("chunk_size"));
/// # Ok::<(), splitter_core::ConfigError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SplitterConfig {
    /// Soft target size of a chunk. Must be at least 1.
    pub chunk_size: usize,
    /// Hard cap: no chunk is larger. `None` means unbounded. Must be at least
    /// `chunk_size`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_chunk_size: Option<usize>,
    /// CSS selectors of preferred split points.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub separators: Vec<String>,
    /// CSS selectors of subtrees to keep whole while they fit in the cap.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub never_break_within: Vec<String>,
    /// Accepted only as 0: overlapping chunks are not supported.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub chunk_overlap: usize,
    /// How whitespace reaches the canonical text: as authored (SPEC §3, the
    /// default) or as a reader sees it (SPEC §3.1).
    #[serde(default, skip_serializing_if = "Whitespace::is_preserve")]
    pub whitespace: Whitespace,
    /// The unit of every size, by name (see [`crate::AnySizer`]):
    /// `characters` (when `None`), `bytes`, `utf16`, `tiktoken:<encoding>`,
    /// `huggingface:<path to tokenizer.json>`. Applied by
    /// [`crate::Splitter::from_config`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sizer: Option<String>,
}

/// The `whitespace` setting: how text nodes' whitespace reaches the
/// canonical text.
///
/// ```
/// use splitter_core::{SplitterConfig, Whitespace};
///
/// let config = SplitterConfig::from_json(r#"{"chunkSize": 10, "whitespace": "normalize"}"#)?;
/// assert_eq!(config.whitespace, Whitespace::Normalize);
/// assert!(SplitterConfig::from_json(r#"{"chunkSize": 10, "whitespace": "tidy"}"#).is_err());
/// # Ok::<(), splitter_core::ConfigError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Whitespace {
    /// Whitespace exactly as authored (SPEC §3); whitespace-only text nodes
    /// are kept only between inline content.
    #[default]
    Preserve,
    /// Text as a reader sees it (SPEC §3.1): every run of whitespace is one
    /// space, no line starts or ends with a space; `pre`, `textarea`,
    /// `listing` and `plaintext` keep their text as authored.
    Normalize,
}

impl Whitespace {
    fn is_preserve(&self) -> bool {
        *self == Whitespace::Preserve
    }
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl SplitterConfig {
    /// A configuration with the given `chunk_size` and every other setting at
    /// its default.
    pub fn new(chunk_size: usize) -> Self {
        SplitterConfig {
            chunk_size,
            max_chunk_size: None,
            separators: Vec::new(),
            never_break_within: Vec::new(),
            chunk_overlap: 0,
            whitespace: Whitespace::Preserve,
            sizer: None,
        }
    }

    /// Reads a JSON object with the camelCase keys of SPEC §2.
    ///
    /// Only the shape is checked here; values are checked by
    /// [`SplitterConfig::validate`].
    pub fn from_json(json: &str) -> Result<Self, ConfigError> {
        serde_json::from_str(json).map_err(|err| ConfigError::Json(err.to_string()))
    }

    /// Checks the sizes and the overlap. Selectors are checked when they are
    /// compiled, by [`crate::Splitter::new`].
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.chunk_size == 0 {
            return Err(ConfigError::ZeroChunkSize);
        }
        if let Some(max) = self.max_chunk_size
            && max < self.chunk_size
        {
            return Err(ConfigError::MaxBelowChunkSize {
                max,
                chunk_size: self.chunk_size,
            });
        }
        if self.chunk_overlap != 0 {
            return Err(ConfigError::ChunkOverlap(self.chunk_overlap));
        }
        Ok(())
    }
}
