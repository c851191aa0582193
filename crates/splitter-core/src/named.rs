//! Sizers by name, as a config's `"sizer"` key writes them.

use crate::error::ConfigError;
use crate::sizer::{Bytes, Characters, Sizer, Utf16};
#[cfg(feature = "tokenizers")]
use crate::tokens::HuggingFace;
#[cfg(feature = "tiktoken")]
use crate::tokens::Tiktoken;

/// A sizer chosen by name at run time: what [`crate::Splitter::from_config`]
/// builds from a config's `"sizer"` key.
///
/// Names: `characters` (the default), `bytes`, `utf16`,
/// `tiktoken:<encoding>` (feature `tiktoken`, e.g. `tiktoken:cl100k_base`)
/// and `huggingface:<path to tokenizer.json>` (feature `tokenizers`).
///
/// ```
/// use splitter_core::{AnySizer, Sizer};
///
/// assert_eq!(AnySizer::from_name("utf16")?.size("🦀"), 2);
/// let err = AnySizer::from_name("words").unwrap_err();
/// assert!(err.to_string().contains("\"words\""));
/// # Ok::<(), splitter_core::ConfigError>(())
/// ```
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum AnySizer {
    /// Unicode scalar values.
    Characters(Characters),
    /// UTF-8 bytes.
    Bytes(Bytes),
    /// UTF-16 code units.
    Utf16(Utf16),
    /// Tokens of an OpenAI encoding.
    #[cfg(feature = "tiktoken")]
    Tiktoken(Tiktoken),
    /// Tokens of a Hugging Face tokenizer.
    #[cfg(feature = "tokenizers")]
    HuggingFace(HuggingFace),
}

impl Default for AnySizer {
    fn default() -> Self {
        AnySizer::Characters(Characters)
    }
}

impl AnySizer {
    /// The sizer a config's `"sizer"` value names; loads the tokenizer of
    /// a `tiktoken:` or `huggingface:` name.
    pub fn from_name(name: &str) -> Result<Self, ConfigError> {
        match name {
            "characters" => return Ok(AnySizer::Characters(Characters)),
            "bytes" => return Ok(AnySizer::Bytes(Bytes)),
            "utf16" => return Ok(AnySizer::Utf16(Utf16)),
            _ => {}
        }
        if let Some(encoding) = name.strip_prefix("tiktoken:") {
            #[cfg(feature = "tiktoken")]
            return Tiktoken::new(encoding).map(AnySizer::Tiktoken);
            #[cfg(not(feature = "tiktoken"))]
            return Err(ConfigError::SizerNeedsFeature {
                sizer: format!("tiktoken:{encoding}"),
                feature: "tiktoken",
            });
        }
        if let Some(path) = name.strip_prefix("huggingface:") {
            #[cfg(feature = "tokenizers")]
            return HuggingFace::from_file(path).map(AnySizer::HuggingFace);
            #[cfg(not(feature = "tokenizers"))]
            return Err(ConfigError::SizerNeedsFeature {
                sizer: format!("huggingface:{path}"),
                feature: "tokenizers",
            });
        }
        Err(ConfigError::UnknownSizer(name.to_owned()))
    }

    fn inner(&self) -> &dyn Sizer {
        match self {
            AnySizer::Characters(sizer) => sizer,
            AnySizer::Bytes(sizer) => sizer,
            AnySizer::Utf16(sizer) => sizer,
            #[cfg(feature = "tiktoken")]
            AnySizer::Tiktoken(sizer) => sizer,
            #[cfg(feature = "tokenizers")]
            AnySizer::HuggingFace(sizer) => sizer,
        }
    }
}

impl Sizer for AnySizer {
    fn size(&self, text: &str) -> usize {
        self.inner().size(text)
    }

    fn fits(&self, text: &str, limit: usize) -> bool {
        self.inner().fits(text, limit)
    }

    fn is_additive(&self) -> bool {
        self.inner().is_additive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_give_their_sizers() {
        let text = "héllo 🦀";
        let size = |name: &str| AnySizer::from_name(name).map(|sizer| sizer.size(text));
        assert_eq!(size("characters"), Ok(7));
        assert_eq!(size("bytes"), Ok(11));
        assert_eq!(size("utf16"), Ok(8));
        assert_eq!(AnySizer::default().size(text), 7);
    }

    #[test]
    fn an_unknown_name_is_named_in_the_error() {
        for name in ["", "Characters", "tokens", "tiktoken", "huggingface"] {
            let err = AnySizer::from_name(name).expect_err("unknown");
            assert_eq!(err, ConfigError::UnknownSizer(name.to_owned()));
            assert!(err.to_string().contains(&format!("{name:?}")), "{err}");
        }
    }

    #[cfg(not(feature = "tiktoken"))]
    #[test]
    fn a_token_sizer_without_its_feature_says_which_feature() {
        let err = AnySizer::from_name("tiktoken:cl100k_base").expect_err("no feature");
        assert!(err.to_string().contains("`tiktoken` feature"), "{err}");
    }

    #[cfg(feature = "tiktoken")]
    #[test]
    fn an_unknown_encoding_is_named_in_the_error() {
        let err = AnySizer::from_name("tiktoken:cl99k").expect_err("unknown");
        assert!(err.to_string().contains("cl99k"), "{err}");
        assert!(err.to_string().contains("cl100k_base"), "{err}");
    }

    #[cfg(feature = "tokenizers")]
    #[test]
    fn a_missing_tokenizer_file_is_named_in_the_error() {
        let err =
            AnySizer::from_name("huggingface:/nonexistent/tokenizer.json").expect_err("missing");
        assert!(
            err.to_string().contains("/nonexistent/tokenizer.json"),
            "{err}"
        );
        assert!(
            matches!(
                err,
                ConfigError::TokenizerFile {
                    kind: std::io::ErrorKind::NotFound,
                    ..
                }
            ),
            "an I/O failure, told apart from an invalid tokenizer: {err:?}"
        );
    }

    #[cfg(feature = "tokenizers")]
    #[test]
    fn a_file_that_is_not_a_tokenizer_is_not_an_io_failure() {
        let dir = std::env::temp_dir().join(format!("splitter-core-named-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("tokenizer.json");
        std::fs::write(&path, r#"{"not": "a tokenizer"}"#).expect("write");
        let err = AnySizer::from_name(&format!("huggingface:{}", path.display()))
            .expect_err("not a tokenizer");
        let _ = std::fs::remove_dir_all(&dir);
        assert!(matches!(err, ConfigError::Tokenizer { .. }), "{err:?}");
    }
}
