//! Merge (SPEC §5): consecutive segments share a chunk while they fit the
//! target size, and every chunk is measured exactly before it is kept.

use std::ops::Range;

use crate::decompose::Size;
use crate::sizer::Sizer;

/// The chunks of a merge: their spans and their sizes, measured by the
/// sizer on each chunk's final text.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Merged {
    pub(crate) spans: Vec<Range<usize>>,
    pub(crate) sizes: Vec<usize>,
    /// Segments whose size was estimated and which, measured alone, are over
    /// the cap: the merge's result is not valid until they are decomposed
    /// further.
    pub(crate) oversized: Vec<usize>,
}

/// Greedy merge (SPEC §5): consecutive segments share a chunk while the text
/// from the chunk's start to the segment's end fits `chunk_size`.
///
/// Whether the next segment fits is decided on the sum of the chunk's size
/// so far, the gap's and the segment's, each as the decomposition knows it
/// ([`Size`]; a segment it did not measure is measured here): exact for an
/// additive sizer, an estimate for tokens, so that no growing chunk is
/// re-tokenized at every step. A chunk is then measured whole, once, unless
/// its size is already exact; if a non-additive sizer finds it over `max`
/// (the merge cost more than its parts), its segments are merged again on
/// exact sizes. Measured segments fit `max` on their own (the decomposition
/// guarantees it); a segment kept on an estimate that does not is listed in
/// [`Merged::oversized`].
pub(crate) fn merge<S: Sizer>(
    text: &str,
    segments: &[Range<usize>],
    known: &[Size],
    sizer: &S,
    chunk_size: usize,
    max: Option<usize>,
) -> Merged {
    let additive = sizer.is_additive();
    let mut merged = Merged::default();
    // The current chunk: its first segment, its span, its size so far and
    // whether that size is exact.
    let mut current: Option<(usize, Range<usize>, usize, bool)> = None;
    for (index, segment) in segments.iter().enumerate() {
        let (size, exact) = match known.get(index) {
            Some(Size::Exact(size)) => (*size, true),
            Some(Size::Estimate(estimate)) => (*estimate, additive),
            _ => (sizer.size(&text[segment.clone()]), true),
        };
        current = Some(match current {
            Some((first, chunk, so_far, whole_exact)) => {
                let joined = so_far
                    .saturating_add(sizer.size(&text[chunk.end..segment.start]))
                    .saturating_add(size);
                if joined <= chunk_size {
                    (
                        first,
                        chunk.start..segment.end,
                        joined,
                        whole_exact && additive && exact,
                    )
                } else {
                    let whole = whole_exact.then_some(so_far);
                    merged.keep(
                        text,
                        first,
                        &segments[first..index],
                        known,
                        sizer,
                        chunk_size,
                        max,
                        whole,
                    );
                    (index, segment.clone(), size, exact)
                }
            }
            None => (index, segment.clone(), size, exact),
        });
    }
    if let Some((first, _, so_far, whole_exact)) = current {
        let whole = whole_exact.then_some(so_far);
        merged.keep(
            text,
            first,
            &segments[first..],
            known,
            sizer,
            chunk_size,
            max,
            whole,
        );
    }
    merged
}

impl Merged {
    /// Keeps the chunk made of `parts` (consecutive segments, the first at
    /// index `first`), whose size is `size` when already known exactly:
    /// measures it otherwise, and merges the parts again on exact sizes if
    /// the chunk is over `max`.
    #[allow(clippy::too_many_arguments)]
    fn keep<S: Sizer>(
        &mut self,
        text: &str,
        first: usize,
        parts: &[Range<usize>],
        known: &[Size],
        sizer: &S,
        chunk_size: usize,
        max: Option<usize>,
        size: Option<usize>,
    ) {
        let (Some(first_part), Some(last_part)) = (parts.first(), parts.last()) else {
            return;
        };
        let span = first_part.start..last_part.end;
        let size = size.unwrap_or_else(|| sizer.size(&text[span.clone()]));
        if max.is_none_or(|max| size <= max) {
            self.spans.push(span);
            self.sizes.push(size);
            return;
        }
        if parts.len() == 1 {
            self.note_oversized(first, known);
            self.spans.push(span);
            self.sizes.push(size);
            return;
        }
        if parts
            .iter()
            .enumerate()
            .any(|(offset, _)| matches!(known.get(first + offset), Some(Size::Estimate(_))))
        {
            self.merge_measured(text, first, parts, known, sizer, chunk_size, max);
            return;
        }
        self.remerge_exactly(text, parts, sizer, chunk_size);
    }

    /// Measures the `parts` of a chunk whose sizes were partly estimated and
    /// merges them again on those sizes: a wrong estimate costs one more
    /// measurement of the chunk's text, not one per part.
    #[allow(clippy::too_many_arguments)]
    fn merge_measured<S: Sizer>(
        &mut self,
        text: &str,
        first: usize,
        parts: &[Range<usize>],
        known: &[Size],
        sizer: &S,
        chunk_size: usize,
        max: Option<usize>,
    ) {
        let mut measured = Vec::with_capacity(parts.len());
        for (offset, part) in parts.iter().enumerate() {
            let size = match known.get(first + offset) {
                Some(Size::Exact(size)) => *size,
                _ => sizer.size(&text[part.clone()]),
            };
            if max.is_some_and(|max| size > max) {
                self.note_oversized(first + offset, known);
            }
            measured.push(Size::Exact(size));
        }
        // Every size is exact now, so this merge lists nothing oversized.
        let again = merge(text, parts, &measured, sizer, chunk_size, max);
        self.spans.extend(again.spans);
        self.sizes.extend(again.sizes);
    }

    /// Records segment `index` as over the cap if its size was estimated.
    fn note_oversized(&mut self, index: usize, known: &[Size]) {
        if matches!(known.get(index), Some(Size::Estimate(_))) {
            self.oversized.push(index);
        }
    }

    /// Greedy merge of `parts` (whose sizes were exact) measuring every
    /// candidate chunk's own text: quadratic in the number of parts, so only
    /// for the rare chunk that costs more than its parts by more than the
    /// slack between target and cap.
    fn remerge_exactly<S: Sizer>(
        &mut self,
        text: &str,
        parts: &[Range<usize>],
        sizer: &S,
        chunk_size: usize,
    ) {
        let mut current: Option<(Range<usize>, usize)> = None;
        for part in parts {
            let own = || sizer.size(&text[part.clone()]);
            current = Some(match current {
                Some((chunk, size)) => {
                    let joined = sizer.size(&text[chunk.start..part.end]);
                    if joined <= chunk_size {
                        (chunk.start..part.end, joined)
                    } else {
                        self.spans.push(chunk);
                        self.sizes.push(size);
                        (part.clone(), own())
                    }
                }
                None => (part.clone(), own()),
            });
        }
        if let Some((chunk, size)) = current {
            self.spans.push(chunk);
            self.sizes.push(size);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sizer::{Characters, SizeFn};

    #[test]
    fn merge_is_greedy_and_keeps_document_boundaries() {
        let text = "aa\nbb\ncccccccccc";
        let segments = [0..2, 3..5, 6..16];
        let merged = merge(text, &segments, &[], &Characters, 8, None);
        assert_eq!(merged.spans, [0..5, 6..16]);
        assert_eq!(merged.sizes, [5, 10]);
    }

    /// A sizer under which a merge costs more than its parts: each line is
    /// charged its length times the number of lines.
    fn superadditive(text: &str) -> usize {
        text.len() * text.lines().count().max(1)
    }

    #[test]
    fn a_chunk_over_the_cap_is_merged_again_on_exact_sizes() {
        let text = "aaaa\nbbbb\ncc";
        let segments = [0..4, 5..9, 10..12];
        let sizer = SizeFn(superadditive);
        // Estimates: 4 + 1 + 4 = 9 <= 10, then 9 + 1 + 2 = 12 > 10.
        // Exact: "aaaa\nbbbb" is 9 × 2 = 18 > 12, so it is merged again.
        let merged = merge(text, &segments, &[], &sizer, 10, Some(12));
        assert_eq!(merged.spans, [0..4, 5..9, 10..12]);
        assert_eq!(merged.sizes, [4, 4, 2]);
        for (span, size) in merged.spans.iter().zip(&merged.sizes) {
            assert_eq!(sizer.size(&text[span.clone()]), *size);
        }
        // Without a cap the estimate stands (the target is soft), and the
        // recorded size is still the exact one.
        let merged = merge(text, &segments, &[], &sizer, 10, None);
        assert_eq!(merged.spans, [0..9, 10..12]);
        assert_eq!(merged.sizes, [18, 2]);
    }

    #[test]
    fn a_merge_that_costs_less_than_its_parts_records_the_exact_size() {
        // "ab" costs 1 where "a" and "b" cost 10 each: a token-like merge.
        let sizer = SizeFn(|text: &str| if text == "ab" { 1 } else { 10 * text.len() });
        let merged = merge("ab", &[0..1, 1..2], &[], &sizer, 25, Some(30));
        assert_eq!(merged.spans, vec![0..2]);
        assert_eq!(merged.sizes, [1]);
    }

    #[test]
    fn a_chunk_of_estimated_segments_over_the_cap_is_merged_again_on_measured_sizes() {
        let text = "aaaa\nbbbb\ncccc";
        let segments = [0..4, 5..9, 10..14];
        let sizer = SizeFn(str::len);
        let cheap = [Size::Estimate(1); 3];
        // Estimated, all three fit 6; measured, the chunk is 14 > 8.
        let merged = merge(text, &segments, &cheap, &sizer, 6, Some(8));
        assert_eq!(merged.spans, [0..4, 5..9, 10..14]);
        assert_eq!(merged.sizes, [4, 4, 4]);
        assert!(merged.oversized.is_empty());
        // Without a cap the estimate stands; the size is still measured.
        let merged = merge(text, &segments, &cheap, &sizer, 6, None);
        assert_eq!(merged.spans, vec![0..14]);
        assert_eq!(merged.sizes, [14]);
    }

    #[test]
    fn an_estimated_segment_over_the_cap_is_reported() {
        let text = "aaaa\nbbbbbbbbbb\ncc";
        let segments = [0..4, 5..15, 16..18];
        let sizer = SizeFn(str::len);
        let known = [Size::Exact(4), Size::Estimate(2), Size::Estimate(1)];
        let merged = merge(text, &segments, &known, &sizer, 6, Some(8));
        assert_eq!(merged.oversized, [1]);
        // Alone, as a single segment, too.
        let merged = merge(text, &segments[1..2], &known[1..2], &sizer, 6, Some(8));
        assert_eq!(merged.oversized, [0]);
        // A measured segment is never reported (the decomposition measured
        // it against the cap).
        let merged = merge(text, &segments, &[Size::Exact(4); 3], &sizer, 6, Some(8));
        assert!(merged.oversized.is_empty());
    }
}
