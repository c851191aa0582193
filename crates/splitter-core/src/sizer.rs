//! How the size of a piece of text is measured.

/// Measures text. The splitter only ever compares sizes against the
/// configured limits, through [`Sizer::fits`].
///
/// Implement [`Sizer::size`]; override [`Sizer::fits`] when a size can be
/// bounded without measuring the whole text (the default sizer,
/// [`Characters`], stops counting once the limit is passed, which keeps the
/// splitter linear on huge nested subtrees).
///
/// ```
/// use splitter_core::Sizer;
///
/// /// Sizes in UTF-8 bytes.
/// struct Bytes;
///
/// impl Sizer for Bytes {
///     fn size(&self, text: &str) -> usize {
///         text.len()
///     }
/// }
///
/// assert!(Bytes.fits("héllo", 6));
/// assert!(!Bytes.fits("héllo", 5));
/// ```
pub trait Sizer {
    /// The size of `text`.
    fn size(&self, text: &str) -> usize;

    /// Whether `text` is at most `limit` in size.
    ///
    /// Must agree with `self.size(text) <= limit`.
    fn fits(&self, text: &str, limit: usize) -> bool {
        self.size(text) <= limit
    }
}

/// Sizes text in Unicode scalar values (`str::chars().count()`), the default.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Characters;

impl Sizer for Characters {
    fn size(&self, text: &str) -> usize {
        text.chars().count()
    }

    fn fits(&self, text: &str, limit: usize) -> bool {
        // A char takes at least one byte, so the byte length bounds the count.
        if text.len() <= limit {
            return true;
        }
        // A char takes at most four bytes.
        if text.len() / 4 > limit {
            return false;
        }
        text.chars().nth(limit).is_none()
    }
}

impl<S: Sizer + ?Sized> Sizer for &S {
    fn size(&self, text: &str) -> usize {
        (**self).size(text)
    }

    fn fits(&self, text: &str, limit: usize) -> bool {
        (**self).fits(text, limit)
    }
}

impl<S: Sizer + ?Sized> Sizer for Box<S> {
    fn size(&self, text: &str) -> usize {
        (**self).size(text)
    }

    fn fits(&self, text: &str, limit: usize) -> bool {
        (**self).fits(text, limit)
    }
}

impl<S: Sizer + ?Sized> Sizer for std::sync::Arc<S> {
    fn size(&self, text: &str) -> usize {
        (**self).size(text)
    }

    fn fits(&self, text: &str, limit: usize) -> bool {
        (**self).fits(text, limit)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_fits_agrees_with_size() {
        let samples = ["", "a", "héllo", "日本語のテキスト", "🦀🦀🦀", "e\u{301}x"];
        for text in samples {
            for limit in 0..20 {
                assert_eq!(
                    Characters.fits(text, limit),
                    Characters.size(text) <= limit,
                    "{text:?} at {limit}"
                );
            }
        }
    }
}
