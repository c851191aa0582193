//! When the decomposition measures a span's size and when it estimates it.
//!
//! SPEC §4 asks the size of a subtree's text at every level it passes
//! through. Counting characters can stop at the limit, but a token count
//! cannot be cut short, and tokenizing a huge subtree again at every level
//! costs the document's tokenization several times over. So for a sizer that
//! is not additive, [`SizePolicy`] estimates sizes from the document's
//! measured size per byte (SPEC §4's target is soft: "does it fit the
//! target?" may be decided on an estimate), and measures a span only where
//! an estimate is not enough:
//!
//! - a span estimated over the limit does not fit;
//! - a span estimated under [`UNDER`] of the limit fits: it becomes a
//!   segment with an estimated size, and the merge measures the chunk it
//!   ends up in;
//! - a span estimated between is measured, once, and so is every span
//!   compared with the cap unless it is estimated over it.
//!
//! The cap never rests on an estimate. A segment kept on an estimate that
//! turns out, measured alone, to be over the cap (or more than a quarter
//! over the target, see the `merge` module) is decomposed again with every
//! size inside it measured ([`SizePolicy::measure_within`]), and so is
//! any answer SPEC §6.4 rests on (whether a protected element fits the cap,
//! [`SizePolicy::fits_measured`]). A wrong estimate can only move the
//! boundary between two valid splits: a span that would have fit is
//! decomposed one level further and its segments are merged again, or a
//! segment a little over the target stands alone.
//!
//! An additive sizer is never estimated: its [`Sizer::fits`] can stop
//! counting at the limit, which is as cheap as an estimate.

use std::ops::Range;

use crate::sizer::Sizer;
use crate::text::floor_char_boundary;

/// The fraction of a limit (numerator, denominator) under which a span's
/// estimated size is taken to fit without measuring. Chosen on ECMA-262 in
/// `cl100k_base` tokens: 2/3 measures about a quarter of the text in the
/// decomposition, and a segment must be 1.5 times its estimate to exceed
/// the target.
const UNDER: (usize, usize) = (2, 3);

/// How much text is measured to start a document's size per byte, in bytes,
/// in [`SAMPLES`] pieces spread over the text; a document no longer than
/// that is measured, not estimated, until its first measurement.
pub(crate) const SAMPLE_BYTES: usize = 8 * 1024;
const SAMPLES: usize = 4;

/// The answer to "does this span fit?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fit {
    /// Yes, measured (or certain).
    Yes,
    /// Yes by an estimate far under the limit: this size.
    Estimated(usize),
    No,
}

impl Fit {
    fn exact(fits: bool) -> Self {
        if fits { Fit::Yes } else { Fit::No }
    }

    pub(crate) fn fits(self) -> bool {
        self != Fit::No
    }
}

/// The sizes of spans of one document's text, measured or estimated.
///
/// Holds what the decision needs across calls: the document's size per byte
/// (started from a sample, refined by every measurement), the last span
/// measured (a group is compared with the target and then the cap, and a
/// token count is worth computing once) and the regions where nothing may be
/// estimated.
pub(crate) struct SizePolicy<'a, S> {
    sizer: &'a S,
    text: &'a str,
    /// A span longer than this many bytes may be estimated before anything
    /// of the document has been measured; a shorter one is measured, which
    /// costs no more than sampling.
    estimate_above: usize,
    /// The last span measured and its size.
    measured: Option<(Range<usize>, usize)>,
    /// The bytes and the size of all the text measured: the size per byte
    /// that estimates are made with.
    rate: Option<(u64, u64)>,
    /// Sorted, disjoint spans of the text inside which every size is
    /// measured.
    measured_regions: Vec<Range<usize>>,
}

impl<'a, S: Sizer> SizePolicy<'a, S> {
    pub(crate) fn new(sizer: &'a S, text: &'a str, estimate_above: usize) -> Self {
        SizePolicy {
            sizer,
            text,
            estimate_above,
            measured: None,
            rate: None,
            measured_regions: Vec::new(),
        }
    }

    /// How `span` compares with a soft `limit` (the target): on an estimate
    /// when it is far from the limit, measured otherwise.
    pub(crate) fn fits_target(&mut self, span: &Range<usize>, limit: usize) -> Fit {
        self.compare(span, limit, true)
    }

    /// Whether `span` fits the hard `max`: "yes" is always measured (an
    /// estimate that it fits could hide a segment over the cap), "no" may
    /// rest on an estimate over it.
    pub(crate) fn fits_cap(&mut self, span: &Range<usize>, max: usize) -> bool {
        if !self.sizer.is_additive() && self.may_estimate(span) && self.estimate(span) > max {
            return false;
        }
        self.fits_measured(span, max)
    }

    /// Whether `span` fits `limit`, measured both ways: for an answer SPEC
    /// §6.4 rests on (whether a protected element fits the cap).
    pub(crate) fn fits_measured(&mut self, span: &Range<usize>, limit: usize) -> bool {
        self.compare(span, limit, false).fits()
    }

    /// The size of `span` if it is the span last measured.
    pub(crate) fn measured_size(&self, span: &Range<usize>) -> Option<usize> {
        match &self.measured {
            Some((measured, size)) if measured == span => Some(*size),
            _ => None,
        }
    }

    /// From now on, measures every span that lies within `region`: a
    /// segment there was kept on an estimate that proved wrong.
    pub(crate) fn measure_within(&mut self, region: Range<usize>) {
        let at = self
            .measured_regions
            .partition_point(|other| other.start < region.start);
        self.measured_regions.insert(at, region);
    }

    fn compare(&mut self, span: &Range<usize>, limit: usize, may_estimate: bool) -> Fit {
        if self.sizer.is_additive() {
            return Fit::exact(self.sizer.fits(&self.text[span.clone()], limit));
        }
        if let Some(size) = self.measured_size(span) {
            return Fit::exact(size <= limit);
        }
        if may_estimate && self.may_estimate(span) {
            let estimate = self.estimate(span);
            if estimate > limit {
                return Fit::No;
            }
            if estimate.saturating_mul(UNDER.1) < limit.saturating_mul(UNDER.0) {
                return Fit::Estimated(estimate);
            }
        }
        let size = self.sizer.size(&self.text[span.clone()]);
        self.measured = Some((span.clone(), size));
        self.learn(span.len(), size);
        Fit::exact(size <= limit)
    }

    /// Whether `span`'s size may be estimated: not inside a region where
    /// everything is measured, and not before anything is measured if
    /// measuring `span` costs no more than sampling the document.
    fn may_estimate(&self, span: &Range<usize>) -> bool {
        !self.in_measured_region(span) && (self.rate.is_some() || span.len() > self.estimate_above)
    }

    fn in_measured_region(&self, span: &Range<usize>) -> bool {
        let after = self
            .measured_regions
            .partition_point(|region| region.start <= span.start);
        after > 0 && span.end <= self.measured_regions[after - 1].end
    }

    /// The size of `span` estimated from the document's size per byte.
    fn estimate(&mut self, span: &Range<usize>) -> usize {
        let (bytes, size) = match self.rate {
            Some(rate) => rate,
            None => self.sample(),
        };
        // A sample that measured nothing (whitespace, say, to a word count)
        // must not make every span free.
        let estimate = (span.len() as u128) * u128::from(size.max(1)) / u128::from(bytes.max(1));
        usize::try_from(estimate).unwrap_or(usize::MAX)
    }

    /// Measures [`SAMPLES`] pieces spread over the text (or all of it, if
    /// shorter than [`SAMPLE_BYTES`]) to start the document's size per byte.
    fn sample(&mut self) -> (u64, u64) {
        let text = self.text;
        if text.len() <= SAMPLE_BYTES {
            let size = self.sizer.size(text);
            self.learn(text.len(), size);
        } else {
            let stride = text.len() / SAMPLES;
            for index in 0..SAMPLES {
                let start = floor_char_boundary(text, index * stride);
                let end = floor_char_boundary(text, start + SAMPLE_BYTES / SAMPLES);
                let size = self.sizer.size(&text[start..end]);
                self.learn(end - start, size);
            }
        }
        self.rate.unwrap_or((1, 1))
    }

    fn learn(&mut self, bytes: usize, size: usize) {
        let (total_bytes, total_size) = self.rate.unwrap_or((0, 0));
        self.rate = Some((
            total_bytes.saturating_add(bytes as u64),
            total_size.saturating_add(size as u64),
        ));
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;

    /// Characters, except that an `x` costs 40, so that a document's size
    /// per byte can be made wrong for a part of it; counts the bytes it
    /// measures, so that tests see what was measured and what estimated.
    #[derive(Default)]
    struct Heavy {
        measured: Cell<usize>,
        additive: bool,
    }

    impl Sizer for Heavy {
        fn size(&self, text: &str) -> usize {
            self.measured.set(self.measured.get() + text.len());
            text.chars().map(|c| if c == 'x' { 40 } else { 1 }).sum()
        }

        fn is_additive(&self) -> bool {
            self.additive
        }
    }

    #[test]
    fn a_span_is_measured_once_for_the_target_and_the_cap() {
        let sizer = Heavy::default();
        let text = "a".repeat(100);
        let mut sizes = SizePolicy::new(&sizer, &text, usize::MAX);
        assert_eq!(sizes.fits_target(&(0..100), 90), Fit::No);
        assert_eq!(sizer.measured.get(), 100);
        assert!(sizes.fits_cap(&(0..100), 120));
        assert!(!sizes.fits_measured(&(0..100), 99));
        assert_eq!(sizer.measured.get(), 100, "measured again");
        assert_eq!(sizes.measured_size(&(0..100)), Some(100));
        assert_eq!(sizes.measured_size(&(0..50)), None);
    }

    #[test]
    fn a_short_document_is_measured_until_its_first_measurement() {
        let sizer = Heavy::default();
        let text = "a".repeat(100);
        let mut sizes = SizePolicy::new(&sizer, &text, SAMPLE_BYTES);
        assert_eq!(sizes.fits_target(&(0..60), 100), Fit::Yes);
        assert_eq!(sizer.measured.get(), 60);
        // Now the document's size per byte is known: one.
        assert_eq!(sizes.fits_target(&(60..80), 100), Fit::Estimated(20));
        assert_eq!(sizer.measured.get(), 60);
    }

    #[test]
    fn a_long_document_is_sampled_once() {
        let sizer = Heavy::default();
        let text = "a".repeat(40_000);
        let mut sizes = SizePolicy::new(&sizer, &text, 0);
        assert_eq!(
            sizes.fits_target(&(0..40_000), 100_000),
            Fit::Estimated(40_000)
        );
        assert_eq!(sizer.measured.get(), SAMPLE_BYTES);
        assert_eq!(
            sizes.fits_target(&(0..20_000), 100_000),
            Fit::Estimated(20_000)
        );
        assert_eq!(sizer.measured.get(), SAMPLE_BYTES);
    }

    /// Far under the target: an estimate; over it: no; between: measured.
    #[test]
    fn only_spans_near_the_target_are_measured() {
        let sizer = Heavy::default();
        let text = "a".repeat(300);
        let mut sizes = SizePolicy::new(&sizer, &text, 0);
        assert_eq!(sizes.fits_target(&(0..10), 100), Fit::Estimated(10));
        let sampled = sizer.measured.get();
        assert_eq!(sampled, 300, "the whole short document is the sample");
        assert_eq!(sizes.fits_target(&(0..200), 100), Fit::No);
        assert_eq!(sizer.measured.get(), sampled);
        assert_eq!(sizes.fits_target(&(0..80), 100), Fit::Yes);
        assert_eq!(sizer.measured.get(), sampled + 80);
    }

    /// The document's size per byte says the `x`s are cheap and the `a`s
    /// dear: the target may be decided wrongly, the cap is not.
    #[test]
    fn the_cap_never_rests_on_an_estimate_that_it_fits() {
        let sizer = Heavy::default();
        let text = format!("{}{}", "a".repeat(290), "x".repeat(10));
        let mut sizes = SizePolicy::new(&sizer, &text, 0);
        // 690 over 300 bytes: 23 by the estimate, 400 in truth.
        assert_eq!(sizes.fits_target(&(290..300), 100), Fit::Estimated(23));
        assert!(!sizes.fits_cap(&(290..300), 100));
        // 230 by the estimate, 100 in truth: over the target by the
        // estimate, and over the cap too, but it fits, measured.
        assert_eq!(sizes.fits_target(&(0..100), 100), Fit::No);
        let before = sizer.measured.get();
        assert!(!sizes.fits_cap(&(0..100), 100));
        assert_eq!(sizer.measured.get(), before, "no over the cap is estimated");
        assert!(sizes.fits_measured(&(0..100), 100));
    }

    #[test]
    fn nothing_is_estimated_within_a_measured_region() {
        let sizer = Heavy::default();
        let text = "a".repeat(300);
        let mut sizes = SizePolicy::new(&sizer, &text, 0);
        assert_eq!(sizes.fits_target(&(110..120), 100), Fit::Estimated(10));
        sizes.measure_within(200..250);
        sizes.measure_within(100..150);
        assert_eq!(sizes.fits_target(&(110..120), 100), Fit::Yes);
        assert_eq!(sizes.fits_target(&(200..250), 100), Fit::Yes);
        assert_eq!(sizes.fits_target(&(160..170), 100), Fit::Estimated(10));
        // Across a region's end: outside it.
        assert_eq!(sizes.fits_target(&(140..160), 100), Fit::Estimated(20));
        assert_eq!(sizes.fits_target(&(90..110), 100), Fit::Estimated(20));
    }

    #[test]
    fn an_additive_sizer_is_never_estimated() {
        let sizer = Heavy {
            additive: true,
            ..Heavy::default()
        };
        let text = format!("{}{}", "a".repeat(290), "x".repeat(10));
        let mut sizes = SizePolicy::new(&sizer, &text, 0);
        assert_eq!(sizes.fits_target(&(0..10), 100), Fit::Yes);
        assert_eq!(sizes.fits_target(&(290..300), 100), Fit::No);
        assert!(sizes.fits_cap(&(0..100), 100));
        assert_eq!(sizer.measured.get(), 10 + 10 + 100);
    }
}
