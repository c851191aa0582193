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

    /// The encodings' vocabularies as `build.rs` writes them (its doc says
    /// the format), and the encoders built from them.
    mod vocabulary {
        use tiktoken_rs::{CoreBPE, Rank};

        /// One encoding's vocabulary, compressed.
        pub(super) struct Vocabulary {
            name: &'static str,
            compressed: &'static [u8],
            specials: &'static [(&'static str, Rank)],
        }

        include!(concat!(env!("OUT_DIR"), "/tiktoken_vocabularies.rs"));

        /// The split pattern of `r50k_base` and `p50k_base` (GPT-2's).
        const GPT2_PATTERN: &str =
            r"'(?:[sdmt]|ll|ve|re)| ?\p{L}++| ?\p{N}++| ?[^\s\p{L}\p{N}]++|\s++$|\s+(?!\S)|\s";
        /// The split pattern of `cl100k_base`.
        const CL100K_PATTERN: &str = r"'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s";

        /// The encoder of `name`, one of `Tiktoken::ENCODINGS`: its
        /// vocabulary uncompressed and read back; an error names what is
        /// wrong with it.
        pub(super) fn load(name: &str) -> Result<CoreBPE, String> {
            let vocabulary = VOCABULARIES
                .iter()
                .find(|vocabulary| vocabulary.name == name)
                .ok_or_else(|| format!("no vocabulary is compiled in for {name}"))?;
            let mut raw = Vec::new();
            brotli_decompressor::BrotliDecompress(&mut &vocabulary.compressed[..], &mut raw)
                .map_err(|err| format!("the compiled-in vocabulary does not uncompress: {err}"))?;
            let encoder = tokens(&raw).ok_or("the compiled-in vocabulary is truncated")?;
            let specials = vocabulary
                .specials
                .iter()
                .map(|(special, rank)| ((*special).to_owned(), *rank))
                .collect();
            let pattern = match name {
                "cl100k_base" => CL100K_PATTERN,
                "o200k_base" => tiktoken_rs::O200K_BASE_PAT_STR,
                _ => GPT2_PATTERN,
            };
            CoreBPE::new(encoder, specials, pattern).map_err(|err| err.to_string())
        }

        /// The tokens and their ranks of an uncompressed vocabulary.
        fn tokens(raw: &[u8]) -> Option<rustc_hash::FxHashMap<Vec<u8>, Rank>> {
            let slots = u32::from_le_bytes(raw.get(..4)?.try_into().ok()?) as usize;
            let lengths = raw.get(4..4 + slots)?;
            let mut bytes = raw.get(4 + slots..)?;
            let mut encoder = rustc_hash::FxHashMap::default();
            encoder.reserve(slots);
            for (rank, &length) in (0..).zip(lengths) {
                if length == 0 {
                    continue;
                }
                let (token, rest) = bytes.split_at_checked(usize::from(length))?;
                encoder.insert(token.to_vec(), rank);
                bytes = rest;
            }
            bytes.is_empty().then_some(encoder)
        }
    }

    /// Sizes text in the tokens of an OpenAI encoding: the length of
    /// `encode_ordinary` (special tokens are plain text).
    ///
    /// The encodings' ranks are those of `tiktoken-rs`, compiled in
    /// (compressed when the crate is built): nothing is downloaded. Cloning
    /// shares the encoder.
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
            let bpe = vocabulary::load(encoding).map_err(|reason| ConfigError::Tokenizer {
                tokenizer: encoding.to_owned(),
                reason,
            })?;
            Ok(Tiktoken {
                encoding,
                bpe: Arc::new(bpe),
            })
        }

        /// The encoding an OpenAI model counts in (`gpt-4o` →
        /// `o200k_base`, `gpt-4` → `cl100k_base`), from `tiktoken-rs`'s
        /// table of models, as `tiktoken.encoding_for_model` maps them.
        /// Encodings that differ from one of [`Tiktoken::ENCODINGS`] only
        /// in special tokens, which [`Sizer::size`] counts as plain text,
        /// give that one (`gpt2` → `r50k_base`).
        ///
        /// ```
        /// use splitter_core::Tiktoken;
        ///
        /// assert_eq!(Tiktoken::encoding_for_model("gpt-4o"), Some("o200k_base"));
        /// assert_eq!(Tiktoken::encoding_for_model("gpt-3.5-turbo"), Some("cl100k_base"));
        /// assert_eq!(Tiktoken::encoding_for_model("llama"), None);
        /// ```
        pub fn encoding_for_model(model: &str) -> Option<&'static str> {
            use tiktoken_rs::tokenizer::{Tokenizer, get_tokenizer};
            Some(match get_tokenizer(model)? {
                Tokenizer::O200kBase | Tokenizer::O200kHarmony => "o200k_base",
                Tokenizer::Cl100kBase => "cl100k_base",
                Tokenizer::P50kBase | Tokenizer::P50kEdit => "p50k_base",
                Tokenizer::R50kBase | Tokenizer::Gpt2 => "r50k_base",
            })
        }

        /// The encoding of an OpenAI model; see
        /// [`Tiktoken::encoding_for_model`].
        pub fn for_model(model: &str) -> Result<Self, ConfigError> {
            match Self::encoding_for_model(model) {
                Some(encoding) => Self::new(encoding),
                None => Err(ConfigError::UnknownModel(model.to_owned())),
            }
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
        /// Reads a `tokenizer.json` file. A file that cannot be read is a
        /// [`ConfigError::TokenizerFile`] (with the I/O error's kind), one
        /// that is not a tokenizer a [`ConfigError::Tokenizer`].
        pub fn from_file(path: impl AsRef<Path>) -> Result<Self, ConfigError> {
            let path = path.as_ref();
            let source = path.display().to_string();
            let json = std::fs::read(path).map_err(|err| ConfigError::TokenizerFile {
                path: source.clone(),
                kind: err.kind(),
                reason: err.to_string(),
            })?;
            let tokenizer = Tokenizer::from_bytes(json).map_err(|err| ConfigError::Tokenizer {
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
