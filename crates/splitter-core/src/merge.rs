//! Merge (SPEC §5): consecutive segments share a chunk while they fit the
//! target size, and every chunk is measured exactly before it is kept.
//!
//! Whether a segment fits is decided on sizes that may be estimates (see
//! the `size_policy` module), so a chunk of several segments can pass the
//! target; measured, it may pass it by at most a quarter ([`SLACK`]) and
//! never the cap, in every sizer, or its segments are merged again on
//! measured sizes.

use std::ops::Range;

use crate::chunks::CarriedText;
use crate::context::Context;
use crate::segments::{Limits, Segments, Size};
use crate::sizer::Sizer;

/// The chunks of a merge: their spans and their sizes, measured by the
/// sizer on each chunk's final text.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Merged {
    pub(crate) spans: Vec<Range<usize>>,
    pub(crate) sizes: Vec<usize>,
    /// Segments whose size was estimated and which, measured alone, are over
    /// the cap or more than [`SLACK`] over the target: the merge's result is
    /// not valid until they are decomposed further.
    pub(crate) oversized: Vec<usize>,
    /// For each chunk, its whole text when it carries context (SPEC §5.1).
    pub(crate) carried: Vec<Option<CarriedText>>,
}

/// How far past the target a chunk's measured size may be, as a fraction
/// (numerator, denominator) of the target, when the merge let it grow on
/// estimated sizes. A segment estimated under two thirds of the target
/// (the size policy's margin) must be off by nearly double (15/8) to pass
/// it alone.
const SLACK: (usize, usize) = (1, 4);

/// The segments a merge takes: the decomposition's, with each heading
/// segment joined with what follows it (SPEC §5).
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct Joined {
    pub(crate) spans: Vec<Range<usize>>,
    pub(crate) sizes: Vec<Size>,
    /// Whether a chunk starts at the segment: a heading, or a run of
    /// headings, that could not be joined with what follows it and is not
    /// the document's last segment.
    pub(crate) breaks: Vec<bool>,
    /// For each segment, the index of its first segment among the
    /// decomposition's.
    pub(crate) firsts: Vec<usize>,
}

impl Joined {
    fn push(&mut self, span: Range<usize>, size: Size, starts_chunk: bool, first: usize) {
        self.spans.push(span);
        self.sizes.push(size);
        self.breaks.push(starts_chunk);
        self.firsts.push(first);
    }
}

/// Headings stay with what follows them (SPEC §5): a heading segment is
/// joined with the segment after it when the joined text, with what a chunk
/// beginning there carries, fits the cap (always, when there is none); a
/// joined run that ends with a heading waits for the next segment the same
/// way. A run that still ends with a heading and is not the last segment
/// starts a chunk.
///
/// A joined segment's size is measured when there is a cap (so it is exact,
/// never reported oversized) and left to the merge otherwise; the others
/// keep theirs. A run of headings is measured once per segment it takes,
/// each time within the cap.
pub(crate) fn join_headings<N, S: Sizer>(
    text: &str,
    segments: &Segments,
    sizer: &S,
    max: Option<usize>,
    context: &Context<'_, N, S>,
) -> Joined {
    let Segments {
        spans,
        sizes,
        headings,
        ..
    } = segments;
    let is_heading = |index: usize| headings.get(index).copied().unwrap_or(false);
    let mut joined = Joined::default();
    let mut index = 0;
    while let Some(span) = spans.get(index) {
        let size = sizes.get(index).copied().unwrap_or(Size::Unknown);
        if !is_heading(index) {
            joined.push(span.clone(), size, false, index);
            index += 1;
            continue;
        }
        let (mut last, mut size) = (index, size);
        while is_heading(last)
            && let Some(next) = spans.get(last + 1)
        {
            let run = span.start..next.end;
            size = match max {
                None => Size::Unknown,
                Some(max) => {
                    let own = sizer.size(&text[run.clone()]);
                    if own.saturating_add(context.size(&run)) > max {
                        break;
                    }
                    Size::Exact(own)
                }
            };
            last += 1;
        }
        let starts_chunk = is_heading(last) && last + 1 < spans.len();
        joined.push(span.start..spans[last].end, size, starts_chunk, index);
        index = last + 1;
    }
    joined
}

/// Greedy merge (SPEC §5): consecutive segments share a chunk while the text
/// from the chunk's start to the segment's end fits the target, and a
/// segment listed in `breaks` starts a chunk.
///
/// Whether the next segment fits is decided on the sum of the chunk's size
/// so far, the gap's and the segment's, each as the decomposition knows it
/// ([`Size`]; a segment it did not measure is measured here): exact for an
/// additive sizer, an estimate for tokens, so that no growing chunk is
/// re-tokenized at every step. A chunk is then measured whole, once, unless
/// its size is already exact; if it is over the cap or [`SLACK`] over the
/// target (an estimate was wrong, or the merge cost more than its parts),
/// its segments are merged again on exact sizes. Measured segments fit
/// `max` on their own (the decomposition guarantees it); a segment kept on
/// an estimate that is over the cap or the slack measured alone is listed
/// in [`Merged::oversized`].
pub(crate) fn merge<N, S: Sizer>(
    text: &str,
    segments: &[Range<usize>],
    known: &[Size],
    breaks: &[bool],
    sizer: &S,
    limits: Limits,
    context: &Context<'_, N, S>,
) -> Merged {
    Merge {
        text,
        sizer,
        chunk_size: limits.chunk_size,
        max: limits.max,
        context,
    }
    .run(segments, known, breaks)
}

/// A merge's text and settings.
struct Merge<'a, 'c, N, S> {
    text: &'a str,
    sizer: &'a S,
    chunk_size: usize,
    max: Option<usize>,
    context: &'a Context<'c, N, S>,
}

impl<N, S: Sizer> Merge<'_, '_, N, S> {
    fn size(&self, span: Range<usize>) -> usize {
        self.sizer.size(&self.text[span])
    }

    /// The largest measured size a chunk of several segments, or a segment
    /// kept on an estimate, may have: the target and its slack, within the
    /// cap.
    fn bound(&self) -> usize {
        let slack = self.chunk_size.saturating_mul(SLACK.0) / SLACK.1;
        let bound = self.chunk_size.saturating_add(slack);
        self.max.map_or(bound, |max| max.min(bound))
    }

    /// The size of the chunk at `span` with what it carries, and its whole
    /// text when it carries something.
    fn chunk(&self, span: &Range<usize>) -> (usize, Option<CarriedText>) {
        let carried = self.context.carried(span);
        if carried.is_empty() {
            return (self.size(span.clone()), None);
        }
        let text = format!(
            "{}{}{}",
            carried.prefix,
            &self.text[span.clone()],
            carried.suffix
        );
        let size = self.sizer.size(&text);
        let whole = CarriedText {
            text,
            prefix: carried.prefix.len(),
            suffix: carried.suffix.len(),
        };
        (size, Some(whole))
    }

    /// Records the chunk at `span`, of `size` (without what it carries).
    /// What it carries is measured with it; a chunk that the carried text
    /// would take over the cap (a tokenizer can count the whole above its
    /// parts) carries nothing.
    fn push(&self, merged: &mut Merged, span: Range<usize>, size: usize) {
        let (whole_size, whole) = match self.context.is_empty() {
            true => (size, None),
            false => self.chunk(&span),
        };
        let (size, whole) = match whole {
            Some(whole) if self.max.is_none_or(|max| whole_size <= max) => {
                (whole_size, Some(whole))
            }
            _ => (size, None),
        };
        merged.carried.push(whole);
        merged.spans.push(span);
        merged.sizes.push(size);
    }

    fn run(&self, segments: &[Range<usize>], known: &[Size], breaks: &[bool]) -> Merged {
        let additive = self.sizer.is_additive();
        let mut merged = Merged::default();
        // The current chunk: its first segment, its span, its size so far and
        // whether that size is exact.
        let mut current: Option<(usize, Range<usize>, usize, bool)> = None;
        for (index, segment) in segments.iter().enumerate() {
            let (size, exact) = match known.get(index) {
                Some(Size::Exact(size)) => (*size, true),
                Some(Size::Estimate(estimate)) => (*estimate, additive),
                _ => (self.size(segment.clone()), true),
            };
            current = Some(match current {
                Some((first, chunk, so_far, whole_exact)) => {
                    let joined = so_far
                        .saturating_add(self.size(chunk.end..segment.start))
                        .saturating_add(size);
                    let carried = self.context.size(&(chunk.start..segment.end));
                    let starts_chunk = breaks.get(index).copied().unwrap_or(false);
                    if !starts_chunk && joined.saturating_add(carried) <= self.chunk_size {
                        let exact = whole_exact && additive && exact;
                        (first, chunk.start..segment.end, joined, exact)
                    } else {
                        let whole = whole_exact.then_some(so_far);
                        let parts = first..index;
                        self.keep(&mut merged, segments, known, parts, whole);
                        (index, segment.clone(), size, exact)
                    }
                }
                None => (index, segment.clone(), size, exact),
            });
        }
        if let Some((first, _, so_far, whole_exact)) = current {
            let whole = whole_exact.then_some(so_far);
            self.keep(&mut merged, segments, known, first..segments.len(), whole);
        }
        merged
    }

    /// Keeps the chunk made of the segments `parts`, whose size is `size`
    /// when already known exactly: measures it otherwise, and merges the
    /// parts again on exact sizes if the chunk is over [`Merge::bound`].
    fn keep(
        &self,
        merged: &mut Merged,
        segments: &[Range<usize>],
        known: &[Size],
        parts: Range<usize>,
        size: Option<usize>,
    ) {
        let (Some(first), Some(last)) = (segments.get(parts.start), segments.get(parts.end - 1))
        else {
            return;
        };
        let span = first.start..last.end;
        let size = size.unwrap_or_else(|| self.size(span.clone()));
        let carried = self.context.size(&span);
        // A single segment stands alone whatever its size (SPEC §5); one
        // kept on an estimate that was wrong is reported.
        if parts.len() == 1 || size.saturating_add(carried) <= self.bound() {
            if parts.len() == 1 {
                merged.note_oversized(parts.start, known, size, self.bound());
            }
            self.push(merged, span, size);
            return;
        }
        if known
            .get(parts.clone())
            .is_some_and(|sizes| sizes.iter().any(|size| matches!(size, Size::Estimate(_))))
        {
            self.merge_measured(merged, segments, known, parts);
        } else {
            self.remerge_exactly(merged, &segments[parts]);
        }
    }

    /// Measures the segments `parts` of a chunk whose sizes were partly
    /// estimated and merges them again on those sizes: a wrong estimate
    /// costs one more measurement of the chunk's text, not one per part.
    fn merge_measured(
        &self,
        merged: &mut Merged,
        segments: &[Range<usize>],
        known: &[Size],
        parts: Range<usize>,
    ) {
        let measured: Vec<Size> = parts
            .clone()
            .map(|index| {
                let size = match known.get(index) {
                    Some(Size::Exact(size)) => *size,
                    _ => self.size(segments[index].clone()),
                };
                merged.note_oversized(index, known, size, self.bound());
                Size::Exact(size)
            })
            .collect();
        // Every size is exact now, so this merge lists nothing oversized;
        // only the first part can start a chunk, and it does.
        let again = self.run(&segments[parts], &measured, &[]);
        merged.spans.extend(again.spans);
        merged.sizes.extend(again.sizes);
        merged.carried.extend(again.carried);
    }

    /// Greedy merge of `parts` (whose sizes were exact) measuring every
    /// candidate chunk's own text: quadratic in the number of parts, so only
    /// for the rare chunk that costs more than its parts by more than
    /// [`SLACK`] (or the slack between target and cap, if less).
    fn remerge_exactly(&self, merged: &mut Merged, parts: &[Range<usize>]) {
        let mut current: Option<(Range<usize>, usize)> = None;
        for part in parts {
            current = Some(match current {
                Some((chunk, size)) => {
                    let joined = self.size(chunk.start..part.end);
                    let carried = self.context.size(&(chunk.start..part.end));
                    if joined.saturating_add(carried) <= self.chunk_size {
                        (chunk.start..part.end, joined)
                    } else {
                        self.push(merged, chunk, size);
                        (part.clone(), self.size(part.clone()))
                    }
                }
                None => (part.clone(), self.size(part.clone())),
            });
        }
        if let Some((chunk, size)) = current {
            self.push(merged, chunk, size);
        }
    }
}

impl Merged {
    /// Records segment `index`, measured alone at `size`, as oversized if it
    /// is over `bound` and its size was estimated.
    fn note_oversized(&mut self, index: usize, known: &[Size], size: usize, bound: usize) {
        if size > bound && matches!(known.get(index), Some(Size::Estimate(_))) {
            self.oversized.push(index);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sizer::{Characters, SizeFn};

    /// A document whose chunks carry nothing.
    fn nothing<'c, S: Sizer>() -> Context<'c, (), S> {
        Context::none()
    }

    fn limits(chunk_size: usize, max: Option<usize>) -> Limits {
        Limits { chunk_size, max }
    }

    #[test]
    fn merge_is_greedy_and_keeps_document_boundaries() {
        let text = "aa\nbb\ncccccccccc";
        let segments = [0..2, 3..5, 6..16];
        let merged = merge(
            text,
            &segments,
            &[],
            &[],
            &Characters,
            limits(8, None),
            &nothing(),
        );
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
        let merged = merge(
            text,
            &segments,
            &[],
            &[],
            &sizer,
            limits(10, Some(12)),
            &nothing(),
        );
        assert_eq!(merged.spans, [0..4, 5..9, 10..12]);
        assert_eq!(merged.sizes, [4, 4, 2]);
        for (span, size) in merged.spans.iter().zip(&merged.sizes) {
            assert_eq!(sizer.size(&text[span.clone()]), *size);
        }
        // Without a cap too: 18 is more than a quarter over the target.
        let merged = merge(
            text,
            &segments,
            &[],
            &[],
            &sizer,
            limits(10, None),
            &nothing(),
        );
        assert_eq!(merged.spans, [0..4, 5..9, 10..12]);
        // The target is soft: 18 is within a quarter of 15, so it stands.
        let merged = merge(
            text,
            &segments[..2],
            &[],
            &[],
            &sizer,
            limits(15, None),
            &nothing(),
        );
        assert_eq!(merged.spans, vec![0..9]);
        assert_eq!(merged.sizes, [18]);
    }

    #[test]
    fn a_merge_that_costs_less_than_its_parts_records_the_exact_size() {
        // "ab" costs 1 where "a" and "b" cost 10 each: a token-like merge.
        let sizer = SizeFn(|text: &str| if text == "ab" { 1 } else { 10 * text.len() });
        let merged = merge(
            "ab",
            &[0..1, 1..2],
            &[],
            &[],
            &sizer,
            limits(25, Some(30)),
            &nothing(),
        );
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
        let merged = merge(
            text,
            &segments,
            &cheap,
            &[],
            &sizer,
            limits(6, Some(8)),
            &nothing(),
        );
        assert_eq!(merged.spans, [0..4, 5..9, 10..14]);
        assert_eq!(merged.sizes, [4, 4, 4]);
        assert!(merged.oversized.is_empty());
        // Without a cap too: 14 is more than a quarter over the target.
        let merged = merge(
            text,
            &segments,
            &cheap,
            &[],
            &sizer,
            limits(6, None),
            &nothing(),
        );
        assert_eq!(merged.spans, [0..4, 5..9, 10..14]);
        assert_eq!(merged.sizes, [4, 4, 4]);
        // Within a quarter of the target the estimate stands, and the
        // recorded size is the measured one.
        let merged = merge(
            text,
            &segments[..2],
            &cheap[..2],
            &[],
            &sizer,
            limits(8, None),
            &nothing(),
        );
        assert_eq!(merged.spans, vec![0..9]);
        assert_eq!(merged.sizes, [9]);
    }

    #[test]
    fn an_estimated_segment_over_the_cap_is_reported() {
        let text = "aaaa\nbbbbbbbbbb\ncc";
        let segments = [0..4, 5..15, 16..18];
        let sizer = SizeFn(str::len);
        let known = [Size::Exact(4), Size::Estimate(2), Size::Estimate(1)];
        let merged = merge(
            text,
            &segments,
            &known,
            &[],
            &sizer,
            limits(6, Some(8)),
            &nothing(),
        );
        assert_eq!(merged.oversized, [1]);
        // Without a cap: 10 is more than a quarter over the target.
        let merged = merge(
            text,
            &segments,
            &known,
            &[],
            &sizer,
            limits(6, None),
            &nothing(),
        );
        assert_eq!(merged.oversized, [1]);
        // Alone, as a single segment, too.
        let merged = merge(
            text,
            &segments[1..2],
            &known[1..2],
            &[],
            &sizer,
            limits(6, Some(8)),
            &nothing(),
        );
        assert_eq!(merged.oversized, [0]);
        // A measured segment is never reported (the decomposition measured
        // it against the cap).
        let merged = merge(
            text,
            &segments,
            &[Size::Exact(4); 3],
            &[],
            &sizer,
            limits(6, Some(8)),
            &nothing(),
        );
        assert!(merged.oversized.is_empty());
    }
}
