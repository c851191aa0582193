//! Decomposition (SPEC §4): the recursion over units, run on an explicit
//! task stack, that turns a document into segments.
//!
//! # Sizers that are expensive and not additive
//!
//! SPEC §4 asks the size of a subtree's text at every level it passes
//! through. Counting characters can stop at the limit, but a token count
//! cannot be cut short, and tokenizing a huge subtree again at every level
//! costs the document's tokenization several times over. So for a sizer that
//! is not additive, the decomposition estimates sizes from the document's
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
//! turns out, measured alone, to be over the cap is decomposed again with
//! every size measured ([`Decomposition::refine`]), and so is any answer
//! SPEC §6.4 rests on (whether a protected element fits the cap). A wrong
//! estimate can only move the boundary between two valid splits: a span
//! that would have fit is decomposed one level further and its segments are
//! merged again, or a segment a little over the target stands alone.

use std::ops::Range;

use crate::adapter::DomAdapter;
use crate::canonical::CanonicalText;
use crate::forced::force_split;
use crate::segments::{Limits, Origin, Segments, Size};
use crate::select::{MatchCaches, SelectorSet};
use crate::sizer::Sizer;
use crate::text::{floor_char_boundary, trimmed};

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

/// What a decomposition works with: the limits, the sizer and the
/// compiled selectors of a splitter.
pub(crate) struct Settings<'s, S> {
    pub(crate) limits: Limits,
    pub(crate) sizer: &'s S,
    pub(crate) separators: &'s SelectorSet,
    pub(crate) protected: &'s SelectorSet,
    /// A span longer than this many bytes may be estimated before anything
    /// of its document has been measured.
    pub(crate) estimate_above: usize,
}

/// A run of sibling units, by index of its first and last unit.
#[derive(Clone, Copy, Debug)]
struct Group {
    first: usize,
    last: usize,
}

impl Group {
    fn origin(self, in_protected: bool) -> Origin {
        Origin {
            first: self.first,
            last: self.last,
            in_protected,
        }
    }
}

/// Work left on the explicit stack that replaces the recursion of SPEC §4.
#[derive(Debug)]
enum Task {
    Collect {
        group: Group,
        in_protected: bool,
    },
    /// If the tasks pushed above this one produced no segment, force-split
    /// `span` instead.
    Fallback {
        segments_before: usize,
        span: Range<usize>,
    },
}

/// The decomposition of one document.
pub(crate) struct Decomposition<'s, 'd, S, A: DomAdapter> {
    settings: Settings<'s, S>,
    dom: &'d A,
    canonical: &'d CanonicalText<A::Node>,
    caches: MatchCaches,
    segments: Segments,
    /// Whether every size is measured (no estimates).
    exact: bool,
    /// The last span measured and its size: a group is compared with the
    /// target and then the cap, and a token count is worth computing once;
    /// a span kept as a segment hands its size to the merge.
    measured: Option<(Range<usize>, usize)>,
    /// The bytes and the size of all the text measured in this document:
    /// the size per byte that estimates are made with.
    rate: Option<(u64, u64)>,
}

impl<'s, 'd, S: Sizer, A: DomAdapter> Decomposition<'s, 'd, S, A> {
    pub(crate) fn new(
        settings: Settings<'s, S>,
        dom: &'d A,
        canonical: &'d CanonicalText<A::Node>,
    ) -> Self {
        Decomposition {
            settings,
            dom,
            canonical,
            caches: MatchCaches::new(),
            segments: Segments::default(),
            exact: false,
            measured: None,
            rate: None,
        }
    }

    /// The segments of the document (SPEC §4).
    pub(crate) fn run(&mut self) -> Segments {
        let roots: Vec<usize> = self.canonical.roots().collect();
        let mut stack = Vec::new();
        self.push_groups(&mut stack, &roots, false);
        self.drain(stack)
    }

    /// `segments` with each segment listed in `oversized` (kept on an
    /// estimate, and over the cap measured alone) decomposed again with every
    /// size measured.
    pub(crate) fn refine(&mut self, segments: Segments, oversized: &[usize]) -> Segments {
        let mut refined = Segments::default();
        let mut next = oversized.iter().copied().peekable();
        let Segments {
            spans,
            sizes,
            origins,
        } = segments;
        for (index, ((span, size), origin)) in spans.into_iter().zip(sizes).zip(origins).enumerate()
        {
            let redo = next.next_if_eq(&index).and(origin);
            let Some(origin) = redo else {
                refined.push(span, size, origin);
                continue;
            };
            self.exact = true;
            let again = self.drain(vec![Task::Collect {
                group: Group {
                    first: origin.first,
                    last: origin.last,
                },
                in_protected: origin.in_protected,
            }]);
            self.exact = false;
            for ((span, size), origin) in
                again.spans.into_iter().zip(again.sizes).zip(again.origins)
            {
                refined.push(span, size, origin);
            }
        }
        refined
    }

    fn drain(&mut self, mut stack: Vec<Task>) -> Segments {
        while let Some(task) = stack.pop() {
            match task {
                Task::Collect {
                    group,
                    in_protected,
                } => self.collect(&mut stack, group, in_protected),
                Task::Fallback {
                    segments_before,
                    span,
                } => {
                    if self.segments.len() == segments_before {
                        self.force_split(span);
                    }
                }
            }
        }
        std::mem::take(&mut self.segments)
    }

    fn text(&self, span: &Range<usize>) -> &str {
        &self.canonical.text[span.clone()]
    }

    /// How `span` compares with `limit`: exactly, or (with `may_estimate`,
    /// for a sizer that is not additive) on an estimate far from the limit.
    fn compare(&mut self, span: &Range<usize>, limit: usize, may_estimate: bool) -> Fit {
        let sizer = self.settings.sizer;
        if sizer.is_additive() {
            return Fit::exact(sizer.fits(self.text(span), limit));
        }
        if let Some((measured, size)) = &self.measured
            && measured == span
        {
            return Fit::exact(*size <= limit);
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
        let size = sizer.size(self.text(span));
        self.measured = Some((span.clone(), size));
        self.learn(span.len(), size);
        Fit::exact(size <= limit)
    }

    /// Whether `span`'s size may be estimated: never in exact mode, and not
    /// before anything is measured if measuring `span` costs no more than
    /// sampling the document.
    fn may_estimate(&self, span: &Range<usize>) -> bool {
        !self.exact && (self.rate.is_some() || span.len() > self.settings.estimate_above)
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

    /// Measures [`SAMPLES`] pieces spread over the canonical text (or all of
    /// it, if shorter than [`SAMPLE_BYTES`]) to start the document's size
    /// per byte.
    fn sample(&mut self) -> (u64, u64) {
        let text = self.canonical.text.as_str();
        let sizer = self.settings.sizer;
        if text.len() <= SAMPLE_BYTES {
            let size = sizer.size(text);
            self.learn(text.len(), size);
        } else {
            let stride = text.len() / SAMPLES;
            for index in 0..SAMPLES {
                let start = floor_char_boundary(text, index * stride);
                let end = floor_char_boundary(text, start + SAMPLE_BYTES / SAMPLES);
                let size = sizer.size(&text[start..end]);
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

    fn fits_chunk(&mut self, span: &Range<usize>) -> Fit {
        self.compare(span, self.settings.limits.chunk_size, true)
    }

    /// Whether `span` fits the cap, measured: an estimate that it fits could
    /// hide a segment over the cap. A span estimated over it is taken not to
    /// fit, unless `exact`: SPEC §6.4 rests on the answer for a protected
    /// element.
    fn fits_max(&mut self, span: &Range<usize>, exact: bool) -> bool {
        let Some(max) = self.settings.limits.max else {
            return true;
        };
        if !exact
            && !self.settings.sizer.is_additive()
            && self.may_estimate(span)
            && self.estimate(span) > max
        {
            return false;
        }
        self.compare(span, max, false).fits()
    }

    /// Keeps `span` as a segment: with its size if it was measured, with
    /// `estimate` and the group it came from if it was kept on an estimate.
    fn keep(&mut self, span: Range<usize>, fit: Fit, group: Group, in_protected: bool) {
        let (size, origin) = match fit {
            Fit::Estimated(estimate) => {
                (Size::Estimate(estimate), Some(group.origin(in_protected)))
            }
            _ => match &self.measured {
                Some((measured, size)) if *measured == span => (Size::Exact(*size), None),
                _ => (Size::Unknown, None),
            },
        };
        self.segments.push(span, size, origin);
    }

    fn is_separator(&mut self, unit: usize) -> bool {
        let unit = &self.canonical.units[unit];
        unit.is_element
            && self
                .settings
                .separators
                .matches(self.dom, unit.node, &mut self.caches)
    }

    fn is_protected(&mut self, unit: usize) -> bool {
        let unit = &self.canonical.units[unit];
        unit.is_element
            && self
                .settings
                .protected
                .matches(self.dom, unit.node, &mut self.caches)
    }

    /// The trimmed text span of a group.
    fn span(&self, group: Group) -> Range<usize> {
        let units = &self.canonical.units;
        trimmed(
            &self.canonical.text,
            units[group.first].start..units[group.last].end,
        )
    }

    /// Pushes `collect` tasks for the groups of `units` so that they run in
    /// document order.
    fn push_groups(&mut self, stack: &mut Vec<Task>, units: &[usize], in_protected: bool) {
        let Some((&first, rest)) = units.split_first() else {
            return;
        };
        let mut groups = Vec::new();
        let mut current = Group { first, last: first };
        if !in_protected && !self.settings.separators.is_empty() {
            for &unit in rest {
                if self.is_separator(unit) {
                    groups.push(current);
                    current = Group {
                        first: unit,
                        last: unit,
                    };
                } else {
                    current.last = unit;
                }
            }
        } else if let Some(&last) = rest.last() {
            current.last = last;
        }
        groups.push(current);
        stack.extend(groups.into_iter().rev().map(|group| Task::Collect {
            group,
            in_protected,
        }));
    }

    fn collect(&mut self, stack: &mut Vec<Task>, group: Group, in_protected: bool) {
        let span = self.span(group);
        if span.is_empty() {
            return;
        }
        let fit = self.fits_chunk(&span);
        if fit.fits() {
            self.keep(span, fit, group, in_protected);
            return;
        }
        if group.first != group.last {
            if self.is_separator(group.first) && self.fits_max(&span, false) {
                self.keep(span, Fit::Yes, group, in_protected);
                return;
            }
            let units: Vec<usize> = self.canonical.siblings(group.first, group.last).collect();
            stack.push(Task::Fallback {
                segments_before: self.segments.len(),
                span,
            });
            stack.extend(units.into_iter().rev().map(|unit| Task::Collect {
                group: Group {
                    first: unit,
                    last: unit,
                },
                in_protected,
            }));
            return;
        }
        let unit = group.first;
        let protected = !in_protected && self.is_protected(unit);
        if protected && self.fits_max(&span, true) {
            self.keep(span, Fit::Yes, group, in_protected);
            return;
        }
        let kids: Vec<usize> = self.canonical.children(unit).collect();
        if kids.is_empty() {
            self.force_split(span);
            return;
        }
        stack.push(Task::Fallback {
            segments_before: self.segments.len(),
            span,
        });
        self.push_groups(stack, &kids, protected || in_protected);
    }

    /// Cuts `span` into pieces that fit the hard cap (SPEC §4, forced split).
    fn force_split(&mut self, span: Range<usize>) {
        let mut pieces = Vec::new();
        force_split(
            &self.canonical.text,
            span,
            self.settings.sizer,
            self.settings.limits.max,
            &mut pieces,
        );
        for piece in pieces {
            self.segments.push(piece, Size::Unknown, None);
        }
    }
}

/// The answer to "does this span fit?".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fit {
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

    fn fits(self) -> bool {
        self != Fit::No
    }
}
