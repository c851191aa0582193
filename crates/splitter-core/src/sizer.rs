//! How the size of a piece of text is measured.

/// Measures text. The splitter asks [`Sizer::fits`] where it only needs to
/// know whether a text fits a limit, and [`Sizer::size`] where it needs the
/// size itself: each chunk's recorded size ([`crate::Chunks::sizes`]), the
/// merge's sums and, for a sizer that is not additive, the samples its
/// estimates start from.
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

    /// Whether sizes add up: the size of a concatenation is always the sum
    /// of the sizes of its parts.
    ///
    /// True for counts of code units ([`Characters`], [`Bytes`], [`Utf16`]);
    /// false (the default) for tokens, where merging two pieces of text can
    /// cost fewer or more tokens than the sum. For a sizer that is not
    /// additive, the splitter estimates sizes where only the target is at
    /// stake (from the document's measured size per byte, and a merged
    /// chunk from its parts) and measures every chunk, and every answer the
    /// cap rests on, on its own text.
    fn is_additive(&self) -> bool {
        false
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

    fn is_additive(&self) -> bool {
        true
    }
}

/// Sizes text in UTF-8 bytes (`str::len`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Bytes;

impl Sizer for Bytes {
    fn size(&self, text: &str) -> usize {
        text.len()
    }

    fn is_additive(&self) -> bool {
        true
    }
}

/// Sizes text in UTF-16 code units: what JavaScript's `String.length`
/// counts, so sizes match LangChain.js and other JavaScript splitters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Utf16;

impl Sizer for Utf16 {
    fn size(&self, text: &str) -> usize {
        text.chars().map(char::len_utf16).sum()
    }

    fn fits(&self, text: &str, limit: usize) -> bool {
        // A char takes at least as many UTF-8 bytes as UTF-16 units.
        if text.len() <= limit {
            return true;
        }
        // A char takes at most three times as many UTF-8 bytes as UTF-16
        // units (three bytes: one unit; four bytes: two units).
        if text.len() / 3 > limit {
            return false;
        }
        self.size(text) <= limit
    }

    fn is_additive(&self) -> bool {
        true
    }
}

/// Sizes text with any function, such as a closure:
/// `SizeFn(|text: &str| text.split_whitespace().count())`.
///
/// The function must be deterministic. It is not assumed additive.
///
/// ```
/// use splitter_core::{SizeFn, Sizer};
///
/// let words = SizeFn(|text: &str| text.split_whitespace().count());
/// assert_eq!(words.size("two words"), 2);
/// assert!(!words.fits("one two three", 2));
/// ```
#[derive(Clone, Copy, Default)]
pub struct SizeFn<F>(pub F);

impl<F: Fn(&str) -> usize> Sizer for SizeFn<F> {
    fn size(&self, text: &str) -> usize {
        (self.0)(text)
    }
}

impl<F> std::fmt::Debug for SizeFn<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SizeFn(..)")
    }
}

/// A reference or a smart pointer to a sizer is the same sizer.
macro_rules! forward_sizer {
    ($($pointer:ty),+) => {$(
        impl<S: Sizer + ?Sized> Sizer for $pointer {
            fn size(&self, text: &str) -> usize {
                (**self).size(text)
            }

            fn fits(&self, text: &str, limit: usize) -> bool {
                (**self).fits(text, limit)
            }

            fn is_additive(&self) -> bool {
                (**self).is_additive()
            }
        }
    )+};
}

forward_sizer!(&S, Box<S>, std::sync::Arc<S>);

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLES: [&str; 7] = [
        "",
        "a",
        "héllo",
        "日本語のテキスト",
        "🦀🦀🦀",
        "e\u{301}x",
        "a🦀b",
    ];

    #[test]
    fn code_unit_sizers_count_what_they_name() {
        assert_eq!(Bytes.size("héllo🦀"), 10);
        assert_eq!(Characters.size("héllo🦀"), 6);
        assert_eq!(Utf16.size("héllo🦀"), 7);
        assert_eq!(
            SizeFn(|t: &str| t.split_whitespace().count()).size(" a b  c "),
            3
        );
    }

    #[test]
    fn fits_agrees_with_size_for_every_code_unit_sizer() {
        let sizers: [&dyn Sizer; 3] = [&Characters, &Bytes, &Utf16];
        for sizer in sizers {
            assert!(sizer.is_additive());
            for text in SAMPLES {
                for limit in 0..20 {
                    assert_eq!(
                        sizer.fits(text, limit),
                        sizer.size(text) <= limit,
                        "{text:?} at {limit}"
                    );
                }
            }
        }
        assert!(!SizeFn(str::len).is_additive());
    }
}
