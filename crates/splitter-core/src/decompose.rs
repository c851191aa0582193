//! Decomposition (SPEC §4): the recursion over units, run on an explicit
//! task stack, that turns a document into segments.
//!
//! Sizes are asked of a [`SizePolicy`], which decides whether a span is
//! measured or estimated (for sizers that are not additive, such as
//! tokens). A segment kept on an estimate carries its [`Origin`]: if the
//! merge finds it too large, [`Decomposition::refine`] takes it apart
//! again, with every size inside it measured.

use std::ops::Range;

use crate::adapter::{DomAdapter, NodeKind};
use crate::canonical::CanonicalText;
use crate::context::Context;
use crate::elements::{Role, element_info, is_heading_element};
use crate::forced::force_split;
use crate::segments::{Limits, Origin, Segments, Size};
use crate::select::{MatchCaches, SelectorSet};
use crate::sentences::SentenceBoundaries;
use crate::size_policy::{Fit, SizePolicy};
use crate::sizer::Sizer;
use crate::text::trimmed;

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

/// A run of sibling units, by index of its first and last unit, and the
/// bytes of the canonical text it spans: from its first unit's start to its
/// last unit's end, or from and to a sentence boundary inside a text node
/// at either end (SPEC §4.1).
#[derive(Clone, Copy, Debug)]
struct Group {
    first: usize,
    last: usize,
    start: usize,
    end: usize,
}

impl Group {
    fn origin(self, in_protected: bool) -> Origin {
        Origin {
            first: self.first,
            last: self.last,
            start: self.start,
            end: self.end,
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
pub(crate) struct Decomposition<'a, S, A: DomAdapter> {
    settings: Settings<'a, S>,
    dom: &'a A,
    canonical: &'a CanonicalText<A::Node>,
    /// What a chunk at a span would carry (SPEC §5.1): its size counts.
    context: &'a Context<'a, A::Node, S>,
    caches: MatchCaches,
    segments: Segments,
    sizes: SizePolicy<'a, S>,
    sentences: SentenceBoundaries,
}

impl<'a, S: Sizer, A: DomAdapter> Decomposition<'a, S, A> {
    pub(crate) fn new(
        settings: Settings<'a, S>,
        dom: &'a A,
        canonical: &'a CanonicalText<A::Node>,
        context: &'a Context<'a, A::Node, S>,
    ) -> Self {
        Decomposition {
            context,
            sizes: SizePolicy::new(settings.sizer, &canonical.text, settings.estimate_above),
            settings,
            dom,
            canonical,
            caches: MatchCaches::new(),
            segments: Segments::default(),
            sentences: SentenceBoundaries::default(),
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
    /// estimate, and over the cap or the target's slack measured alone)
    /// decomposed again with every size measured.
    pub(crate) fn refine(&mut self, segments: Segments, oversized: &[usize]) -> Segments {
        let mut refined = Segments::default();
        let mut next = oversized.iter().copied().peekable();
        let Segments {
            spans,
            sizes,
            origins,
            headings,
        } = segments;
        let kept = spans.into_iter().zip(sizes).zip(origins).zip(headings);
        for (index, (((span, size), origin), heading)) in kept.enumerate() {
            let redo = next.next_if_eq(&index).and(origin);
            let Some(origin) = redo else {
                refined.push(span, size, origin, heading);
                continue;
            };
            self.sizes.measure_within(span);
            let again = self.drain(vec![Task::Collect {
                group: Group {
                    first: origin.first,
                    last: origin.last,
                    start: origin.start,
                    end: origin.end,
                },
                in_protected: origin.in_protected,
            }]);
            let again = again
                .spans
                .into_iter()
                .zip(again.sizes)
                .zip(again.origins)
                .zip(again.headings);
            for (((span, size), origin), heading) in again {
                refined.push(span, size, origin, heading);
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

    /// `limit` less what a chunk at `span` would carry: the carried text
    /// counts toward the target and the cap (SPEC §5.1).
    fn room(&self, span: &Range<usize>, limit: usize) -> usize {
        limit.saturating_sub(self.context.size(span))
    }

    fn fits_chunk(&mut self, span: &Range<usize>) -> Fit {
        let limit = self.room(span, self.settings.limits.chunk_size);
        self.sizes.fits_target(span, limit)
    }

    /// Whether `span` fits the cap: "yes" measured, "no" perhaps on an
    /// estimate over it.
    fn fits_max(&mut self, span: &Range<usize>) -> bool {
        match self.settings.limits.max {
            Some(max) => {
                let max = self.room(span, max);
                self.sizes.fits_cap(span, max)
            }
            None => true,
        }
    }

    /// Whether `span` fits the cap, measured both ways: SPEC §6.4 rests on
    /// the answer for a protected element.
    fn fits_max_measured(&mut self, span: &Range<usize>) -> bool {
        match self.settings.limits.max {
            Some(max) => {
                let max = self.room(span, max);
                self.sizes.fits_measured(span, max)
            }
            None => true,
        }
    }

    /// Keeps `span` as a segment: with its size if it was measured, with
    /// `estimate` and the group it came from if it was kept on an estimate;
    /// a heading segment (SPEC §5) if the group is one heading, or ends
    /// with a table's header and delimiter rows, and fits the target.
    fn keep(&mut self, span: Range<usize>, fit: Fit, group: Group, in_protected: bool) {
        self.keep_as(span, fit, group, in_protected, false);
    }

    /// [`keep`](Self::keep), for a span that fits the target when
    /// `fits_target`.
    fn keep_as(
        &mut self,
        span: Range<usize>,
        fit: Fit,
        group: Group,
        in_protected: bool,
        fits_target: bool,
    ) {
        let heading =
            fits_target && (self.is_heading(group) || self.context.ends_with_table_header(&span));
        let (size, origin) = match fit {
            Fit::Estimated(estimate) => {
                (Size::Estimate(estimate), Some(group.origin(in_protected)))
            }
            _ => (
                self.sizes
                    .measured_size(&span)
                    .map_or(Size::Unknown, Size::Exact),
                None,
            ),
        };
        self.segments.push(span, size, origin, heading);
    }

    /// Whether the group is one heading: of its units, one alone has text,
    /// and that one is a heading element (`h1`–`h6`, in any case) or, at any
    /// depth, an element whose one child unit with text is. So a heading
    /// beside an empty anchor (`<span id=…></span><h1>`) or inside wrappers
    /// (DocBook's `<div class="titlepage"><div><div><h2>`) has only the
    /// heading's text and is read as the heading (SPEC §5). Each step goes
    /// one level down one subtree, so over a document's disjoint segments
    /// this costs at most one visit per unit.
    fn is_heading(&self, group: Group) -> bool {
        let units = &self.canonical.units;
        let text = &self.canonical.text;
        let has_text = |&index: &usize| {
            let unit = &units[index];
            !text[unit.start..unit.end].trim().is_empty()
        };
        let mut candidates = self.canonical.siblings(group.first, group.last);
        loop {
            let mut with_text = candidates.filter(has_text);
            let (Some(only), None) = (with_text.next(), with_text.next()) else {
                return false;
            };
            let unit = &units[only];
            if !unit.is_element {
                return false;
            }
            if is_heading_element(self.dom.element_name(unit.node)) {
                return true;
            }
            candidates = self.canonical.children(only);
        }
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
        trimmed(&self.canonical.text, group.start..group.end)
    }

    /// The group of the sibling units from `first` to `last`, whole.
    fn whole(&self, first: usize, last: usize) -> Group {
        let units = &self.canonical.units;
        Group {
            first,
            last,
            start: units[first].start,
            end: units[last].end,
        }
    }

    /// The group's units, each a group of its own; the first and the last
    /// keep the group's ends, which may lie inside a text node.
    fn unit_groups(&self, group: Group) -> Vec<Group> {
        let mut groups: Vec<Group> = self
            .canonical
            .siblings(group.first, group.last)
            .map(|unit| self.whole(unit, unit))
            .collect();
        if let Some(first) = groups.first_mut() {
            first.start = group.start;
        }
        if let Some(last) = groups.last_mut() {
            last.end = group.end;
        }
        groups
    }

    /// The group cut at the sentence boundaries of SPEC §4.1 (those strictly
    /// inside its span and not strictly inside one of its element units),
    /// or `None` when there is no such cut: the group holds no text node
    /// outside preformatted text, or no boundary falls where it may be cut.
    fn sentences(&mut self, group: Group, span: &Range<usize>) -> Option<Vec<Group>> {
        let units = &self.canonical.units;
        let members: Vec<usize> = self.canonical.siblings(group.first, group.last).collect();
        if members.iter().all(|&unit| units[unit].is_element) {
            return None;
        }
        let canonical = self.canonical;
        let boundaries = self
            .sentences
            .between(&canonical.text, span.start, span.end);
        if boundaries.is_empty() || in_preformatted(self.dom, units[group.first].node) {
            return None;
        }
        let mut parts = Vec::new();
        let mut part = group;
        // The members not yet placed in a part before the current cut.
        let mut next = 0;
        for &boundary in boundaries {
            // The members that end at or before the boundary go before it.
            while next < members.len() && units[members[next]].end <= boundary {
                next += 1;
            }
            let Some(&across) = members.get(next) else {
                break;
            };
            let unit = &units[across];
            // An element's unit may begin with the space before its text;
            // a boundary there is before the element, not inside it.
            let inside = if unit.is_element {
                trimmed(&canonical.text, unit.start..unit.end).start < boundary
            } else {
                unit.start < boundary
            };
            let (last, first) = if inside {
                // The boundary lies inside this unit: a text node is cut
                // there, an element is not.
                if unit.is_element {
                    continue;
                }
                (across, across)
            } else {
                let Some(&before) = next.checked_sub(1).and_then(|at| members.get(at)) else {
                    continue;
                };
                (before, across)
            };
            parts.push(Group {
                last,
                end: boundary,
                ..part
            });
            part = Group {
                first,
                start: boundary,
                ..group
            };
        }
        if parts.is_empty() {
            return None;
        }
        parts.push(part);
        Some(parts)
    }

    /// Pushes `collect` tasks for the groups of `units` so that they run in
    /// document order.
    fn push_groups(&mut self, stack: &mut Vec<Task>, units: &[usize], in_protected: bool) {
        let Some((&first, rest)) = units.split_first() else {
            return;
        };
        let mut groups = Vec::new();
        let mut current = (first, first);
        if !in_protected && !self.settings.separators.is_empty() {
            for &unit in rest {
                if self.is_separator(unit) {
                    groups.push(self.whole(current.0, current.1));
                    current = (unit, unit);
                } else {
                    current.1 = unit;
                }
            }
        } else if let Some(&last) = rest.last() {
            current.1 = last;
        }
        groups.push(self.whole(current.0, current.1));
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
            self.keep_as(span, fit, group, in_protected, true);
            return;
        }
        if group.first != group.last {
            if self.is_separator(group.first) && self.fits_max(&span) {
                self.keep(span, Fit::Yes, group, in_protected);
                return;
            }
            if let Some(parts) = self.sentences(group, &span) {
                Self::push_collects(stack, parts, in_protected);
                return;
            }
            let units = self.unit_groups(group);
            stack.push(Task::Fallback {
                segments_before: self.segments.len(),
                span,
            });
            Self::push_collects(stack, units, in_protected);
            return;
        }
        let unit = group.first;
        let protected = !in_protected && self.is_protected(unit);
        if protected && self.fits_max_measured(&span) {
            self.keep(span, Fit::Yes, group, in_protected);
            return;
        }
        if !self.canonical.units[unit].is_element {
            match self.sentences(group, &span) {
                Some(parts) => Self::push_collects(stack, parts, in_protected),
                None => self.force_split(span),
            }
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

    /// Pushes a `collect` task for each group so that they run in order.
    fn push_collects(stack: &mut Vec<Task>, groups: Vec<Group>, in_protected: bool) {
        stack.extend(groups.into_iter().rev().map(|group| Task::Collect {
            group,
            in_protected,
        }));
    }

    /// Cuts `span` into pieces that fit the hard cap (SPEC §4, forced split),
    /// each with what it carries (SPEC §5.1): the pieces are cut to the cap
    /// less the most a piece carries, found by cutting again if a piece
    /// carries more than the span as a whole.
    fn force_split(&mut self, span: Range<usize>) {
        let sizer = self.settings.sizer;
        let mut pieces = Vec::new();
        let mut max = self.settings.limits.max.map(|max| self.room(&span, max));
        loop {
            pieces.clear();
            force_split(&self.canonical.text, span.clone(), sizer, max, &mut pieces);
            let (Some(cap), Some(room)) = (self.settings.limits.max, max) else {
                break;
            };
            let excess = pieces
                .iter()
                .map(|piece| {
                    let size = sizer.size(&self.canonical.text[piece.clone()]);
                    (size + self.context.size(piece)).saturating_sub(cap)
                })
                .max()
                .unwrap_or(0);
            if excess == 0 || room <= 1 {
                break;
            }
            max = Some(room.saturating_sub(excess).max(1));
        }
        // A piece that is only a code block's opening fence (a line of
        // code too long for a chunk was cut right after it) goes with the
        // next piece, which would carry that fence anyway: the two fit the
        // cap together as the next piece with its carried fence does.
        let mut pieces = pieces.into_iter().peekable();
        while let Some(mut piece) = pieces.next() {
            if self.context.is_opening_fence(&piece)
                && let Some(next) = pieces.peek()
            {
                let joined = piece.start..next.end;
                let size =
                    sizer.size(&self.canonical.text[joined.clone()]) + self.context.size(&joined);
                if self.settings.limits.max.is_none_or(|cap| size <= cap) {
                    piece = joined;
                    pieces.next();
                }
            }
            self.segments.push(piece, Size::Unknown, None, false);
        }
    }
}

/// Whether `node` lies inside a preformatted element (`pre`, `textarea`,
/// `listing`, `plaintext`), whose text no sentence cuts (SPEC §4.1).
fn in_preformatted<A: DomAdapter>(dom: &A, node: A::Node) -> bool {
    let mut parent = dom.parent(node);
    while let Some(ancestor) = parent {
        if dom.kind(ancestor) == NodeKind::Element
            && element_info(dom.element_name(ancestor)).role == Role::Preformatted
        {
            return true;
        }
        parent = dom.parent(ancestor);
    }
    false
}
