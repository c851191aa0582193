//! Sizers that count the tokens of a language model: OpenAI encodings through
//! `tiktoken-rs` (feature `tiktoken`) and Hugging Face tokenizers (feature
//! `tokenizers`).
//!
//! Token counts are not additive (two pieces of text joined can cost fewer
//! or more tokens than apart), so neither sizer claims
//! [`Sizer::is_additive`]; the splitter then measures every chunk on its own
//! text before holding it to the cap.

#[cfg(feature = "tokenizers")]
pub use self::huggingface::HuggingFace;
#[cfg(feature = "tiktoken")]
pub use self::tiktoken::Tiktoken;

#[cfg(any(feature = "tiktoken", feature = "tokenizers"))]
use crate::{error::ConfigError, sizer::Sizer};

#[cfg(feature = "tiktoken")]
mod tiktoken {
    use std::sync::Arc;

    use tiktoken_rs::CoreBPE;

    use super::{ConfigError, Sizer};

    /// Sizes text in the tokens of an OpenAI encoding: the length of
    /// `encode_ordinary` (special tokens are plain text).
    ///
    /// The encodings' ranks ship inside `tiktoken-rs`: nothing is
    /// downloaded. Cloning shares the encoder.
    ///
    /// ```
    /// use splitter_core::{Sizer, Tiktoken};
    ///
    /// let cl100k = Tiktoken::new("cl100k_base")?;
    /// assert_eq!(cl100k.size("hello world"), 2);
    /// assert!(Tiktoken::new("cl200k").is_err());
    /// # Ok::<(), splitter_core::ConfigError>(())
    /// ```
    #[derive(Clone)]
    pub struct Tiktoken {
        encoding: &'static str,
        bpe: Arc<CoreBPE>,
    }

    impl Tiktoken {
        /// The encodings [`Tiktoken::new`] knows.
        pub const ENCODINGS: [&'static str; 4] =
            ["cl100k_base", "o200k_base", "p50k_base", "r50k_base"];

        /// The encoding named `encoding`, one of [`Tiktoken::ENCODINGS`].
        pub fn new(encoding: &str) -> Result<Self, ConfigError> {
            let Some(&encoding) = Self::ENCODINGS.iter().find(|known| **known == encoding) else {
                return Err(ConfigError::UnknownEncoding {
                    encoding: encoding.to_owned(),
                    known: Self::ENCODINGS.join(", "),
                });
            };
            let loaded = match encoding {
                "cl100k_base" => tiktoken_rs::cl100k_base(),
                "o200k_base" => tiktoken_rs::o200k_base(),
                "p50k_base" => tiktoken_rs::p50k_base(),
                _ => tiktoken_rs::r50k_base(),
            };
            let bpe = loaded.map_err(|err| ConfigError::Tokenizer {
                tokenizer: encoding.to_owned(),
                reason: err.to_string(),
            })?;
            Ok(Tiktoken {
                encoding,
                bpe: Arc::new(bpe),
            })
        }

        /// The encoding's name.
        pub fn encoding(&self) -> &'static str {
            self.encoding
        }

        /// The encoder.
        pub fn bpe(&self) -> &CoreBPE {
            &self.bpe
        }
    }

    impl Sizer for Tiktoken {
        fn size(&self, text: &str) -> usize {
            self.bpe.encode_ordinary(text).len()
        }

        fn fits(&self, text: &str, limit: usize) -> bool {
            // Every token is at least one byte.
            text.len() <= limit || self.size(text) <= limit
        }
    }

    impl std::fmt::Debug for Tiktoken {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.debug_tuple("Tiktoken").field(&self.encoding).finish()
        }
    }
}

#[cfg(feature = "tokenizers")]
mod huggingface {
    use std::path::Path;
    use std::sync::Arc;

    use tokenizers::Tokenizer;

    use super::{ConfigError, Sizer};

    /// Sizes text in the tokens of a Hugging Face `tokenizers::Tokenizer`,
    /// read from a `tokenizer.json`: truncation and padding off, no special
    /// tokens added.
    ///
    /// Cloning shares the tokenizer.
    #[derive(Clone)]
    pub struct HuggingFace {
        source: String,
        tokenizer: Arc<Tokenizer>,
    }

    impl HuggingFace {
        /// Reads a `tokenizer.json` file.
        pub fn from_file(path: impl AsRef<Path>) -> Result<Self, ConfigError> {
            let path = path.as_ref();
            let source = path.display().to_string();
            let tokenizer = Tokenizer::from_file(path).map_err(|err| ConfigError::Tokenizer {
                tokenizer: source.clone(),
                reason: err.to_string(),
            })?;
            Self::with_source(tokenizer, source)
        }

        /// Reads the contents of a `tokenizer.json`.
        pub fn from_json(json: &str) -> Result<Self, ConfigError> {
            let source = "a tokenizer.json string".to_owned();
            let tokenizer =
                Tokenizer::from_bytes(json.as_bytes()).map_err(|err| ConfigError::Tokenizer {
                    tokenizer: source.clone(),
                    reason: err.to_string(),
                })?;
            Self::with_source(tokenizer, source)
        }

        /// Wraps a tokenizer, turning its truncation and padding off.
        pub fn from_tokenizer(tokenizer: Tokenizer) -> Result<Self, ConfigError> {
            Self::with_source(tokenizer, "a tokenizer".to_owned())
        }

        fn with_source(mut tokenizer: Tokenizer, source: String) -> Result<Self, ConfigError> {
            tokenizer
                .with_truncation(None)
                .map_err(|err| ConfigError::Tokenizer {
                    tokenizer: source.clone(),
                    reason: err.to_string(),
                })?
                .with_padding(None);
            Ok(HuggingFace {
                source,
                tokenizer: Arc::new(tokenizer),
            })
        }

        /// The tokenizer.
        pub fn tokenizer(&self) -> &Tokenizer {
            &self.tokenizer
        }
    }

    impl Sizer for HuggingFace {
        /// The number of tokens, without special tokens. A text the tokenizer
        /// fails on (it does not on valid UTF-8 with a well-formed
        /// tokenizer) counts as `usize::MAX`: never taken to fit.
        fn size(&self, text: &str) -> usize {
            self.tokenizer
                .encode(text, false)
                .map_or(usize::MAX, |encoding| encoding.len())
        }
    }

    impl std::fmt::Debug for HuggingFace {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.debug_tuple("HuggingFace").field(&self.source).finish()
        }
    }
}
