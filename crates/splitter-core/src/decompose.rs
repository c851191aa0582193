//! Decomposition (SPEC §4): the recursion over units, run on an explicit
//! task stack, that turns a document into segments.

use std::ops::Range;

use crate::adapter::DomAdapter;
use crate::canonical::CanonicalText;
use crate::forced::force_split;
use crate::select::MatchCaches;
use crate::sizer::Sizer;
use crate::splitter::Splitter;

/// The segments of a document, in document order: trimmed byte spans of the
/// canonical text.
pub(crate) fn segments<S: Sizer, A: DomAdapter>(
    splitter: &Splitter<S>,
    dom: &A,
    canonical: &CanonicalText<A::Node>,
) -> Vec<Range<usize>> {
    Decomposition {
        splitter,
        dom,
        canonical,
        caches: MatchCaches::new(),
        segments: Vec::new(),
        measured: None,
    }
    .run()
}

/// A run of sibling units, by index of its first and last unit.
#[derive(Clone, Copy, Debug)]
struct Group {
    first: usize,
    last: usize,
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

struct Decomposition<'s, 'd, S, A: DomAdapter> {
    splitter: &'s Splitter<S>,
    dom: &'d A,
    canonical: &'d CanonicalText<A::Node>,
    caches: MatchCaches,
    segments: Vec<Range<usize>>,
    /// The last span measured by a non-additive sizer and its size: a group
    /// is compared with the target and then the cap, and a token count is
    /// worth computing once.
    measured: Option<(Range<usize>, usize)>,
}

impl<S: Sizer, A: DomAdapter> Decomposition<'_, '_, S, A> {
    fn run(mut self) -> Vec<Range<usize>> {
        let roots: Vec<usize> = self.canonical.roots().collect();
        let mut stack = Vec::new();
        self.push_groups(&mut stack, &roots, false);
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
        self.segments
    }

    fn text(&self, span: &Range<usize>) -> &str {
        &self.canonical.text[span.clone()]
    }

    fn fits(&mut self, span: &Range<usize>, limit: usize) -> bool {
        let sizer = &self.splitter.sizer;
        if sizer.is_additive() {
            return sizer.fits(self.text(span), limit);
        }
        match &self.measured {
            Some((measured, size)) if measured == span => *size <= limit,
            _ => {
                let size = sizer.size(self.text(span));
                self.measured = Some((span.clone(), size));
                size <= limit
            }
        }
    }

    fn fits_chunk(&mut self, span: &Range<usize>) -> bool {
        self.fits(span, self.splitter.config.chunk_size)
    }

    fn fits_max(&mut self, span: &Range<usize>) -> bool {
        match self.splitter.config.max_chunk_size {
            Some(max) => self.fits(span, max),
            None => true,
        }
    }

    fn is_separator(&mut self, unit: usize) -> bool {
        let unit = &self.canonical.units[unit];
        unit.is_element
            && self
                .splitter
                .separators
                .matches(self.dom, unit.node, &mut self.caches)
    }

    fn is_protected(&mut self, unit: usize) -> bool {
        let unit = &self.canonical.units[unit];
        unit.is_element
            && self
                .splitter
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
        if !in_protected && !self.splitter.separators.is_empty() {
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
        if self.fits_chunk(&span) {
            self.segments.push(span);
            return;
        }
        if group.first != group.last {
            if self.is_separator(group.first) && self.fits_max(&span) {
                self.segments.push(span);
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
        if protected && self.fits_max(&span) {
            self.segments.push(span);
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
        let splitter = self.splitter;
        force_split(
            &self.canonical.text,
            span,
            &splitter.sizer,
            splitter.config.max_chunk_size,
            &mut self.segments,
        );
    }
}

/// `span` of `text` without leading and trailing whitespace.
pub(crate) fn trimmed(text: &str, span: Range<usize>) -> Range<usize> {
    let slice = &text[span.clone()];
    let start = span.start + (slice.len() - slice.trim_start().len());
    let end = span.end - (slice.len() - slice.trim_end().len());
    if start >= end {
        start..start
    } else {
        start..end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trimmed_spans() {
        assert_eq!(trimmed("  ab \n", 0..6), 2..4);
        assert!(trimmed(" \u{a0} ", 0..4).is_empty());
    }
}
