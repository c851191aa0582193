//! Errors returned when a splitter is configured.

/// Why a configuration was rejected.
///
/// Messages use the JSON key names of the configuration (`chunkSize`,
/// `maxChunkSize`, …) and name the offending value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// `chunkSize` was 0.
    #[error("invalid chunkSize 0: it must be at least 1")]
    ZeroChunkSize,
    /// `maxChunkSize` was below `chunkSize`.
    #[error("invalid maxChunkSize {max}: it must be at least chunkSize ({chunk_size})")]
    MaxBelowChunkSize {
        /// The rejected `maxChunkSize`.
        max: usize,
        /// The configured `chunkSize`.
        chunk_size: usize,
    },
    /// `chunkOverlap` was not 0.
    #[error("invalid chunkOverlap {0}: chunk overlap is not supported")]
    ChunkOverlap(usize),
    /// A CSS selector in `separators` or `neverBreakWithin` did not parse.
    #[error("invalid selector {selector:?} in {field}: {reason}")]
    InvalidSelector {
        /// `separators` or `neverBreakWithin`.
        field: &'static str,
        /// The selector as written.
        selector: String,
        /// What the selector parser reported.
        reason: String,
    },
    /// A JSON configuration could not be read: malformed JSON, a value of the
    /// wrong type, a missing `chunkSize` or an unknown key.
    #[error("invalid configuration: {0}")]
    Json(String),
}
