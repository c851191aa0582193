//! [`Chunks`], the result of a split, and [`Chunks::check`], the one
//! checker of SPEC §6 invariants 1–3.

use std::ops::Range;

use crate::sizer::Sizer;

/// The chunks of one document: its canonical text and, in order, the byte
/// ranges of the chunks within it.
///
/// ```
/// # use splitter_core::Chunks;
/// fn print(chunks: &Chunks) {
///     for chunk in chunks {
///         println!("{chunk}");
///     }
/// }
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Chunks {
    canonical: String,
    spans: Vec<Range<usize>>,
}

impl Chunks {
    pub(crate) fn new(canonical: String, spans: Vec<Range<usize>>) -> Self {
        Chunks { canonical, spans }
    }

    /// The document's canonical text (SPEC §3): every chunk is a slice of it.
    pub fn canonical_text(&self) -> &str {
        &self.canonical
    }

    /// The byte range of each chunk in [`Chunks::canonical_text`], increasing.
    pub fn spans(&self) -> &[Range<usize>] {
        &self.spans
    }

    /// The number of chunks.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether the document produced no chunk.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The text of chunk `index`.
    pub fn get(&self, index: usize) -> Option<&str> {
        self.spans
            .get(index)
            .map(|span| &self.canonical[span.clone()])
    }

    /// The chunks' text, in order.
    pub fn iter(&self) -> ChunkIter<'_> {
        ChunkIter {
            canonical: &self.canonical,
            spans: self.spans.iter(),
        }
    }

    /// The chunks as owned strings.
    pub fn to_strings(&self) -> Vec<String> {
        self.iter().map(str::to_owned).collect()
    }
}

impl Chunks {
    /// Checks SPEC §6 invariants 1–3 on these chunks: each is non-empty and
    /// trimmed, fits `max` (measured by `sizer`) when given, and is the slice
    /// of the canonical text at its span; spans increase without overlap and
    /// only whitespace lies outside them.
    ///
    /// The splitter guarantees all of this; the check is for tests, fuzzers
    /// and anyone plugging in their own [`DomAdapter`] or [`Sizer`].
    ///
    /// ```
    /// use splitter_core::{Characters, Chunks};
    ///
    /// assert!(Chunks::default().check(&Characters, Some(10)).is_ok());
    /// ```
    pub fn check<S: Sizer>(&self, sizer: &S, max: Option<usize>) -> Result<(), InvariantViolation> {
        let violation = |message: String| Err(InvariantViolation(message));
        let canonical = self.canonical.as_str();
        let mut covered = 0;
        for (index, span) in self.spans.iter().enumerate() {
            if span.start < covered || span.end < span.start {
                return violation(format!(
                    "chunk {index} at {span:?} overlaps the previous one"
                ));
            }
            let Some(text) = canonical.get(span.clone()) else {
                return violation(format!(
                    "chunk {index} at {span:?} is not a slice of the canonical text"
                ));
            };
            if text.is_empty() {
                return violation(format!("chunk {index} is empty"));
            }
            if text.trim() != text {
                return violation(format!("chunk {index} is not trimmed: {text:?}"));
            }
            if let Some(max) = max
                && !sizer.fits(text, max)
            {
                let size = sizer.size(text);
                return violation(format!(
                    "chunk {index} has size {size} > maxChunkSize {max}"
                ));
            }
            let gap = &canonical[covered..span.start];
            if !gap.trim().is_empty() {
                return violation(format!("text lost before chunk {index}: {gap:?}"));
            }
            covered = span.end;
        }
        let tail = &canonical[covered..];
        if !tail.trim().is_empty() {
            return violation(format!("text lost after the last chunk: {tail:?}"));
        }
        Ok(())
    }
}

/// A broken SPEC §6 invariant, reported by [`Chunks::check`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InvariantViolation(String);

impl<'a> IntoIterator for &'a Chunks {
    type Item = &'a str;
    type IntoIter = ChunkIter<'a>;

    fn into_iter(self) -> ChunkIter<'a> {
        self.iter()
    }
}

/// Iterator over the text of each chunk; see [`Chunks::iter`].
#[derive(Debug, Clone)]
pub struct ChunkIter<'a> {
    canonical: &'a str,
    spans: std::slice::Iter<'a, Range<usize>>,
}

impl<'a> Iterator for ChunkIter<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        self.spans.next().map(|span| &self.canonical[span.clone()])
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.spans.size_hint()
    }
}

impl ExactSizeIterator for ChunkIter<'_> {}

impl DoubleEndedIterator for ChunkIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.spans
            .next_back()
            .map(|span| &self.canonical[span.clone()])
    }
}
