//! Errors: a rejected configuration, a document a parser could not read.

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
    /// A setting needs another setting that the configuration does not have
    /// (`format: "markdown"` with `whitespace: "preserve"`, `links:
    /// "inline"` without Markdown).
    #[error("{key} {value:?} needs {needs}")]
    Conflict {
        /// The key whose value needs another setting.
        key: &'static str,
        /// Its value.
        value: &'static str,
        /// The setting it needs, as JSON would write it.
        needs: &'static str,
    },
    /// A CSS selector in `separators`, `neverBreakWithin`, `include` or
    /// `exclude` did not parse.
    #[error("invalid selector {selector:?} in {field}: {reason}")]
    InvalidSelector {
        /// `separators`, `neverBreakWithin`, `include` or `exclude`.
        field: &'static str,
        /// The selector as written.
        selector: String,
        /// What the selector parser reported.
        reason: String,
    },
    /// The `sizer` named no known sizer.
    #[error(
        "unknown sizer {0:?}: expected characters, bytes, utf16, tiktoken:<encoding> or huggingface:<path to tokenizer.json>"
    )]
    UnknownSizer(String),
    /// A `tiktoken:` sizer named no known encoding.
    #[error("unknown tiktoken encoding {encoding:?}: expected one of {known}")]
    UnknownEncoding {
        /// The encoding as written.
        encoding: String,
        /// The known encodings, comma-separated.
        known: String,
    },
    /// A tokenizer could not be loaded: a missing or invalid
    /// `tokenizer.json`, or an encoding that failed to build.
    #[error("cannot load tokenizer {tokenizer}: {reason}")]
    Tokenizer {
        /// The tokenizer file or encoding.
        tokenizer: String,
        /// What failed.
        reason: String,
    },
    /// The `sizer` needs a Cargo feature this build does not have.
    #[error(
        "sizer {sizer:?} needs the `{feature}` feature of splitter-core, not enabled in this build"
    )]
    SizerNeedsFeature {
        /// The sizer as written.
        sizer: String,
        /// The feature it needs.
        feature: &'static str,
    },
    /// A config names a sizer other than characters but was given to a
    /// constructor that sizes in characters or with its own sizer.
    #[error(
        "the config's sizer {0:?} is not applied by this constructor: build the splitter with Splitter::from_config"
    )]
    SizerNotApplied(String),
    /// A key of a JSON configuration had a value of the wrong type or out of
    /// range, e.g. `chunkSize: expected a positive integer, got -5`.
    #[error("{key}: expected {expected}, got {got}")]
    InvalidValue {
        /// The key as written, with the index for an element of a list
        /// (`separators[2]`).
        key: String,
        /// What the key takes.
        expected: &'static str,
        /// The value as written (JSON, shortened when long).
        got: String,
    },
    /// A JSON configuration had a key SPEC §2 does not define.
    #[error("unknown key {key:?}: expected one of {known}")]
    UnknownKey {
        /// The key as written.
        key: String,
        /// The known keys, comma-separated.
        known: &'static str,
    },
    /// A JSON configuration lacked a required key (`chunkSize`).
    #[error("{0} is required")]
    MissingKey(&'static str),
    /// A JSON configuration was valid JSON but not an object.
    #[error("the configuration must be a JSON object with the keys of SPEC §2, got {0}")]
    NotAnObject(String),
    /// A JSON configuration could not be read: malformed JSON (or, for a
    /// well-formed object, what serde reported, e.g. a duplicate key).
    #[error("invalid configuration: {0}")]
    Json(String),
}

/// Why a backend could not parse a document.
///
/// Parsing HTML never fails on bad markup: like a browser, every parser
/// recovers. This reports the rest, so that a document is never split as if
/// it were empty: a parser that panicked (a bug in the parser, caught at the
/// backend's boundary) or an input larger than the parser can address.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The parser panicked; the message is the panic's, when it had one.
    #[error("the {backend} parser failed: {message}")]
    ParserPanicked {
        /// The backend's name (`html5ever`, `scraper`, `tl`).
        backend: &'static str,
        /// The panic message.
        message: String,
    },
    /// The input is longer than the parser accepts.
    #[error("input of {len} bytes is larger than the {backend} parser accepts ({limit} bytes)")]
    InputTooLarge {
        /// The backend's name.
        backend: &'static str,
        /// The input's length in bytes.
        len: usize,
        /// The largest input the backend accepts, in bytes.
        limit: usize,
    },
}

impl ParseError {
    /// Runs `parse`, turning a panic into [`ParseError::ParserPanicked`].
    ///
    /// For backends: the parser's panic is caught at the backend's boundary
    /// so that the caller sees an error instead of an unwinding thread (or,
    /// worse, an empty document).
    ///
    /// ```
    /// use splitter_core::ParseError;
    ///
    /// assert_eq!(ParseError::guard("mine", || 7), Ok(7));
    /// let err = ParseError::guard("mine", || -> u8 { panic!("tree corrupt") }).unwrap_err();
    /// assert_eq!(err.to_string(), "the mine parser failed: tree corrupt");
    /// ```
    pub fn guard<T>(backend: &'static str, parse: impl FnOnce() -> T) -> Result<T, ParseError> {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(parse))
            .map_err(|payload| ParseError::from_panic(backend, payload.as_ref()))
    }

    /// A [`ParseError::ParserPanicked`] from the payload `catch_unwind`
    /// returned.
    pub fn from_panic(backend: &'static str, payload: &(dyn std::any::Any + Send)) -> Self {
        let message = if let Some(text) = payload.downcast_ref::<&str>() {
            (*text).to_owned()
        } else if let Some(text) = payload.downcast_ref::<String>() {
            text.clone()
        } else {
            "a panic without a message".to_owned()
        };
        ParseError::ParserPanicked { backend, message }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panicking_parse_is_an_error_naming_backend_and_message() {
        let err = ParseError::guard("mine", || -> u8 { panic!("tree corrupt at {}", 7) })
            .expect_err("the panic is caught");
        assert_eq!(
            err,
            ParseError::ParserPanicked {
                backend: "mine",
                message: "tree corrupt at 7".to_owned(),
            }
        );
        assert_eq!(err.to_string(), "the mine parser failed: tree corrupt at 7");
    }

    #[test]
    fn a_panic_without_a_message_is_still_an_error() {
        let err = ParseError::guard("mine", || std::panic::panic_any(42_u32))
            .expect_err("the panic is caught");
        assert_eq!(
            err.to_string(),
            "the mine parser failed: a panic without a message"
        );
    }

    #[test]
    fn a_parse_that_returns_is_passed_through() {
        assert_eq!(ParseError::guard("mine", || "tree"), Ok("tree"));
    }

    #[test]
    fn too_large_names_length_and_limit() {
        let err = ParseError::InputTooLarge {
            backend: "tl",
            len: 5_000_000_000,
            limit: 4_294_967_295,
        };
        assert_eq!(
            err.to_string(),
            "input of 5000000000 bytes is larger than the tl parser accepts (4294967295 bytes)"
        );
    }
}
