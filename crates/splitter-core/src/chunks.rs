//! [`Chunks`], the result of a split, its [`Chunk`] view with provenance,
//! and [`Chunks::check`], the one checker of SPEC §6 invariants 1–3.

use std::fmt;
use std::ops::Range;

use serde::Serialize;
use serde::ser::SerializeSeq;

use crate::heading_texts::HeadingTexts;
use crate::page_metadata::PageMetadata;
use crate::provenance::Provenance;
use crate::sizer::Sizer;

/// The chunks of one document: its canonical text, the byte ranges of the
/// chunks within it, in order, each chunk's size (in the sizer's unit) and
/// its provenance (SPEC §7).
///
/// Iterating yields [`Chunk`]s; [`Chunks::texts`] yields plain strings.
///
/// ```
/// # use splitter_core::Chunks;
/// fn print(chunks: &Chunks) {
///     for chunk in chunks {
///         let provenance = &chunk.provenance;
///         println!("{} {:?} {}", provenance.anchor.unwrap_or("-"), provenance.heading_path, chunk.text);
///     }
/// }
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Chunks {
    canonical: String,
    spans: Vec<Range<usize>>,
    sizes: Vec<usize>,
    provenance: Provenance,
    /// For each chunk that carries context (SPEC §5.1), its whole text;
    /// empty when no chunk does.
    carried: Vec<Option<CarriedText>>,
    /// What the page says about itself (SPEC §7.1), as the splitter's
    /// `pageMetadata` asks.
    page: PageMetadata,
}

/// A chunk's text with what it carries: `prefix + slice + suffix`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CarriedText {
    pub(crate) text: String,
    /// The prefix's and the suffix's lengths in bytes.
    pub(crate) prefix: usize,
    pub(crate) suffix: usize,
}

/// One chunk: its text, where it lies in the canonical text, and where it
/// comes from in the document (SPEC §7).
///
/// Its provenance is a [`ChunkMetadata`], in the field `provenance`
/// (`chunk.provenance.start_index`). Serialises (camelCase) as
/// `{"text", "startIndex", "endIndex", "headingPath", "anchor", "size",
/// "prefixLength", "suffixLength"}`; [`Chunk::metadata`] gives the same
/// without the text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct Chunk<'a> {
    /// The chunk's text: `&canonical_text[span]`, with what it carries
    /// (SPEC §5.1) before and after it.
    pub text: &'a str,
    /// Its byte range in [`Chunks::canonical_text`].
    #[serde(skip)]
    pub span: Range<usize>,
    /// Its provenance and size.
    #[serde(flatten)]
    pub provenance: ChunkMetadata<'a>,
}

impl<'a> Chunk<'a> {
    /// The provenance alone, for a record whose text is stored elsewhere
    /// (a LangChain document's `metadata`).
    pub fn metadata(&self) -> ChunkMetadata<'a> {
        self.provenance
    }
}

impl fmt::Display for Chunk<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text)
    }
}

/// A chunk's provenance and size without its text; serialises (camelCase)
/// as `{"startIndex", "endIndex", "headingPath", "anchor", "size",
/// "prefixLength", "suffixLength"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct ChunkMetadata<'a> {
    /// Where the chunk starts in the canonical text, in Unicode scalar
    /// values (as Python indexes strings).
    pub start_index: usize,
    /// Where it ends, exclusive, in Unicode scalar values.
    pub end_index: usize,
    /// The headings whose sections enclose its first character, outermost
    /// first.
    pub heading_path: HeadingPath<'a>,
    /// The `id` of the innermost element with an `id` that contains its first
    /// character, else of the last such element that starts before it.
    pub anchor: Option<&'a str>,
    /// Its size in the unit of the splitter's sizer, measured on its text
    /// (the same as [`Chunks::size`]).
    pub size: usize,
    /// How many characters (Unicode scalar values) at the start of its text
    /// are carried context (SPEC §5.1): its heading path, a table's header,
    /// an opening fence. 0 when none.
    pub prefix_length: usize,
    /// How many characters at the end of its text are carried context (a
    /// closing fence). 0 when none.
    pub suffix_length: usize,
}

/// A chunk's heading path: heading texts, outermost first, each with its
/// whitespace collapsed to single spaces. Serialises as a list of strings.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct HeadingPath<'a> {
    headings: &'a HeadingTexts,
    items: &'a [u32],
}

impl<'a> HeadingPath<'a> {
    /// The headings, outermost first.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &'a str> + DoubleEndedIterator + 'a {
        let headings = self.headings;
        self.items
            .iter()
            .map(move |&index| headings.get(index as usize))
    }

    /// The number of headings.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// Whether no heading encloses the chunk.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The headings as owned strings.
    pub fn to_vec(&self) -> Vec<String> {
        self.iter().map(str::to_owned).collect()
    }
}

impl fmt::Debug for HeadingPath<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Serialize for HeadingPath<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for heading in self.iter() {
            seq.serialize_element(heading)?;
        }
        seq.end()
    }
}

impl Chunks {
    pub(crate) fn new(
        canonical: String,
        spans: Vec<Range<usize>>,
        sizes: Vec<usize>,
        provenance: Provenance,
        carried: Vec<Option<CarriedText>>,
    ) -> Self {
        debug_assert_eq!(spans.len(), sizes.len());
        debug_assert!(carried.is_empty() || carried.len() == spans.len());
        Chunks {
            canonical,
            spans,
            sizes,
            provenance,
            carried,
            page: PageMetadata::default(),
        }
    }

    /// These chunks with the facts of their page.
    pub(crate) fn with_page_metadata(mut self, page: PageMetadata) -> Self {
        self.page = page;
        self
    }

    /// What the page says about itself (SPEC §7.1): the facts the
    /// splitter's `pageMetadata` asks for (`basic`: title, description,
    /// language; `full`: also author, publication date, site name and
    /// canonical URL; `none`: nothing), the same for every chunk of the
    /// page. A fact the page does not state is `None`.
    ///
    /// ```
    /// use splitter_core::Chunks;
    ///
    /// assert!(Chunks::default().page_metadata().is_empty());
    /// ```
    pub fn page_metadata(&self) -> &PageMetadata {
        &self.page
    }

    fn carried(&self, index: usize) -> Option<&CarriedText> {
        self.carried.get(index).and_then(Option::as_ref)
    }

    /// Chunk `index`'s whole text.
    fn text(&self, index: usize) -> &str {
        match self.carried(index) {
            Some(carried) => &carried.text,
            None => self
                .spans
                .get(index)
                .and_then(|span| self.canonical.get(span.clone()))
                .unwrap_or_default(),
        }
    }

    /// The document's canonical text (SPEC §3): every chunk is a slice of it.
    pub fn canonical_text(&self) -> &str {
        &self.canonical
    }

    /// The byte range of each chunk in [`Chunks::canonical_text`], increasing.
    pub fn spans(&self) -> &[Range<usize>] {
        &self.spans
    }

    /// The size of each chunk, in the unit of the splitter's sizer, measured
    /// on the chunk's own text.
    pub fn sizes(&self) -> &[usize] {
        &self.sizes
    }

    /// The size of chunk `index`; see [`Chunks::sizes`].
    pub fn size(&self, index: usize) -> Option<usize> {
        self.sizes.get(index).copied()
    }

    /// The number of chunks.
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether the document produced no chunk.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// Chunk `index`, with its provenance.
    pub fn get(&self, index: usize) -> Option<Chunk<'_>> {
        let span = self.spans.get(index)?;
        let provenance = self.provenance.chunks.get(index)?;
        let size = *self.sizes.get(index)?;
        let (prefix_length, suffix_length) = self.carried(index).map_or((0, 0), |carried| {
            (
                carried.text[..carried.prefix].chars().count(),
                carried.text[carried.text.len() - carried.suffix..]
                    .chars()
                    .count(),
            )
        });
        Some(Chunk {
            text: self.text(index),
            span: span.clone(),
            provenance: ChunkMetadata {
                prefix_length,
                suffix_length,
                start_index: provenance.chars.start,
                end_index: provenance.chars.end,
                heading_path: HeadingPath {
                    headings: &self.provenance.headings,
                    items: self
                        .provenance
                        .path_items
                        .get(provenance.path.clone())
                        .unwrap_or_default(),
                },
                anchor: provenance
                    .anchor
                    .and_then(|anchor| self.provenance.anchors.get(anchor))
                    .map(String::as_str),
                size,
            },
        })
    }

    /// The chunks, in order, with their provenance.
    pub fn iter(&self) -> ChunkIter<'_> {
        ChunkIter {
            chunks: self,
            indices: 0..self.len(),
        }
    }

    /// The chunks' text, in order.
    pub fn texts(&self) -> Texts<'_> {
        Texts {
            chunks: self,
            indices: 0..self.len(),
        }
    }

    /// The chunks' text as owned strings.
    pub fn to_strings(&self) -> Vec<String> {
        self.texts().map(str::to_owned).collect()
    }
}

impl Chunks {
    /// Checks SPEC §6 invariants 1–3 on these chunks: each is non-empty and
    /// trimmed, has the size recorded for it and fits `max` (both measured by
    /// `sizer`, the splitter's, on the chunk's whole text, what it carries
    /// included) when given, and is what it carries before and after the
    /// slice of the canonical text at its span; spans increase without
    /// overlap and only whitespace lies outside them.
    ///
    /// The splitter guarantees all of this; the check is for tests, fuzzers
    /// and anyone plugging in their own [`DomAdapter`](crate::DomAdapter) or [`Sizer`].
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
            let whole = self.text(index);
            if let Some(carried) = self.carried(index) {
                let slice = carried
                    .text
                    .get(carried.prefix..carried.text.len().saturating_sub(carried.suffix));
                if slice != Some(text) {
                    return violation(format!(
                        "chunk {index} is not its prefix, its slice {text:?} and its suffix: {whole:?}"
                    ));
                }
                if whole.trim() != whole {
                    return violation(format!("chunk {index} is not trimmed: {whole:?}"));
                }
            }
            let size = sizer.size(whole);
            if let Some(max) = max
                && size > max
            {
                return violation(format!(
                    "chunk {index} has size {size} > maxChunkSize {max}"
                ));
            }
            if self.sizes.get(index) != Some(&size) {
                let recorded = self.sizes.get(index);
                return violation(format!(
                    "chunk {index} measures {size} but its recorded size is {recorded:?}"
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
    type Item = Chunk<'a>;
    type IntoIter = ChunkIter<'a>;

    fn into_iter(self) -> ChunkIter<'a> {
        self.iter()
    }
}

/// Iterator over the chunks with their provenance; see [`Chunks::iter`].
#[derive(Debug, Clone)]
pub struct ChunkIter<'a> {
    chunks: &'a Chunks,
    indices: Range<usize>,
}

impl<'a> Iterator for ChunkIter<'a> {
    type Item = Chunk<'a>;

    fn next(&mut self) -> Option<Chunk<'a>> {
        self.indices.next().and_then(|index| self.chunks.get(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.indices.size_hint()
    }
}

impl ExactSizeIterator for ChunkIter<'_> {}

impl DoubleEndedIterator for ChunkIter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.indices
            .next_back()
            .and_then(|index| self.chunks.get(index))
    }
}

/// Iterator over the text of each chunk; see [`Chunks::texts`].
#[derive(Debug, Clone)]
pub struct Texts<'a> {
    chunks: &'a Chunks,
    indices: Range<usize>,
}

impl<'a> Iterator for Texts<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        self.indices.next().map(|index| self.chunks.text(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.indices.size_hint()
    }
}

impl ExactSizeIterator for Texts<'_> {}

impl DoubleEndedIterator for Texts<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.indices
            .next_back()
            .map(|index| self.chunks.text(index))
    }
}
