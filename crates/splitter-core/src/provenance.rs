//! Provenance (SPEC §7): the heading path, anchor and character offsets of
//! every chunk, assigned in one sweep over the marks the canonical walk
//! recorded.
//!
//! Chunk starts increase, and so do the starts of the marks, so one pass
//! over both suffices: open scopes and their current headings live on stacks
//! that only the sweep's progress changes. A chunk's heading path is built
//! from the scopes that hold headings only, so its cost is the length of the
//! path, never the nesting depth; an unchanged path is shared, not rebuilt.

use std::ops::Range;

use crate::adapter::DomAdapter;
use crate::canonical::{CanonicalText, OutlineKind};
use crate::heading_texts::HeadingTexts;

/// The provenance of one chunk, by index into [`Provenance`]'s tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ChunkProvenance {
    /// The span in Unicode scalar values.
    pub(crate) chars: Range<usize>,
    /// A range of `Provenance::path_items`.
    pub(crate) path: Range<usize>,
    /// An index into `Provenance::anchors`.
    pub(crate) anchor: Option<usize>,
}

/// The provenance of every chunk of a document.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Provenance {
    pub(crate) chunks: Vec<ChunkProvenance>,
    /// Collapsed heading texts.
    pub(crate) headings: HeadingTexts,
    /// Heading paths, concatenated: heading indices into `headings`.
    pub(crate) path_items: Vec<u32>,
    /// The anchors, one per run of consecutive chunks that share one.
    pub(crate) anchors: Vec<String>,
}

/// Assigns provenance to the chunks at `spans` (byte ranges, increasing).
pub(crate) fn assign<A: DomAdapter>(
    dom: &A,
    canonical: &mut CanonicalText<A::Node>,
    spans: &[Range<usize>],
) -> Provenance {
    let chars = char_spans(&canonical.text, spans);
    let paths = HeadingPaths::sweep(canonical, spans);
    let (anchor_marks, anchors) = anchors(dom, canonical, spans);
    let chunks = chars
        .into_iter()
        .zip(paths.ranges)
        .zip(anchor_marks)
        .map(|((chars, path), anchor)| ChunkProvenance {
            chars,
            path,
            anchor,
        })
        .collect();
    Provenance {
        chunks,
        headings: HeadingTexts::of(canonical),
        path_items: paths.items,
        anchors,
    }
}

/// The heading paths (SPEC §7) at `positions` (increasing byte offsets):
/// for each, a range of the returned items, indices of heading spans.
pub(crate) fn paths_at<N>(
    canonical: &CanonicalText<N>,
    positions: &[usize],
) -> (Vec<Range<usize>>, Vec<u32>) {
    let spans: Vec<Range<usize>> = positions.iter().map(|&at| at..at).collect();
    let paths = HeadingPaths::sweep(canonical, &spans);
    (paths.ranges, paths.items)
}

/// Byte spans to spans in Unicode scalar values, counting each byte once.
fn char_spans(text: &str, spans: &[Range<usize>]) -> Vec<Range<usize>> {
    let mut byte = 0;
    let mut chars = 0;
    let mut advance = |to: usize| {
        chars += text[byte..to].chars().count();
        byte = to;
        chars
    };
    spans
        .iter()
        .map(|span| advance(span.start)..advance(span.end))
        .collect()
}

/// An open sectioning element (or the document) during the sweep.
#[derive(Debug, Clone, Copy)]
struct OpenScope {
    /// Its outline index; `None` for the document.
    mark: Option<u32>,
    end: usize,
    /// Where its current headings start in `HeadingPaths::current`.
    base: usize,
}

#[derive(Debug, Clone, Copy)]
struct CurrentHeading {
    rank: u8,
    text: u32,
}

#[derive(Debug, Default)]
struct HeadingPaths {
    ranges: Vec<Range<usize>>,
    items: Vec<u32>,
}

impl HeadingPaths {
    fn sweep<N>(canonical: &CanonicalText<N>, spans: &[Range<usize>]) -> Self {
        let outline = &canonical.outline;
        let mut scopes = vec![OpenScope {
            mark: None,
            end: usize::MAX,
            base: 0,
        }];
        // Current headings of every open scope, scope after scope; each
        // scope's run has strictly increasing rank numbers.
        let mut current: Vec<CurrentHeading> = Vec::new();
        // Positions in `scopes` of the scopes that have current headings.
        let mut bearing: Vec<usize> = Vec::new();
        let mut next_mark = 0;
        let mut changed = true;
        let mut paths = HeadingPaths::default();
        let mut last = 0..0;
        for span in spans {
            let at = span.start;
            while let Some(mark) = outline.get(next_mark).filter(|mark| mark.start <= at) {
                let index = next_mark as u32;
                next_mark += 1;
                changed = true;
                match mark.kind {
                    OutlineKind::Scope { end, parent } => {
                        close_until(&mut scopes, &mut current, &mut bearing, parent);
                        scopes.push(OpenScope {
                            mark: Some(index),
                            end,
                            base: current.len(),
                        });
                    }
                    OutlineKind::Heading { rank, scope, text } => {
                        let Some(text) = text else { continue };
                        close_until(&mut scopes, &mut current, &mut bearing, scope);
                        let Some(top) = scopes.last() else { continue };
                        while current.len() > top.base
                            && current.last().is_some_and(|heading| heading.rank >= rank)
                        {
                            current.pop();
                        }
                        let position = scopes.len() - 1;
                        if bearing.last() != Some(&position) {
                            bearing.push(position);
                        }
                        current.push(CurrentHeading { rank, text });
                    }
                }
            }
            while scopes.len() > 1 && scopes.last().is_some_and(|scope| scope.end <= at) {
                pop_scope(&mut scopes, &mut current, &mut bearing);
                changed = true;
            }
            if changed {
                last = paths.push_path(&scopes, &current, &bearing);
                changed = false;
            }
            paths.ranges.push(last.clone());
        }
        paths
    }

    /// Appends the heading path of SPEC §7 for the current state.
    fn push_path(
        &mut self,
        scopes: &[OpenScope],
        current: &[CurrentHeading],
        bearing: &[usize],
    ) -> Range<usize> {
        let headings_of = |position: usize| {
            let start = scopes[position].base;
            let end = scopes
                .get(position + 1)
                .map_or(current.len(), |next| next.base);
            &current[start..end]
        };
        // How many of each bearing scope's headings are kept, innermost
        // first: all of the innermost; of an outer one its title (unless it
        // is the document) and those ranked above the next inner one's first.
        let mut kept = vec![0; bearing.len()];
        let mut inner_rank = None;
        for (slot, &position) in bearing.iter().enumerate().rev() {
            let headings = headings_of(position);
            kept[slot] = match inner_rank {
                None => headings.len(),
                Some(rank) => {
                    let above = headings.iter().take_while(|h| h.rank < rank).count();
                    if scopes[position].mark.is_some() {
                        above.max(1)
                    } else {
                        above
                    }
                }
            };
            inner_rank = headings.first().map(|h| h.rank);
        }
        let start = self.items.len();
        for (slot, &position) in bearing.iter().enumerate() {
            let headings = headings_of(position);
            self.items
                .extend(headings[..kept[slot]].iter().map(|h| h.text));
        }
        start..self.items.len()
    }
}

/// Pops scopes until the top is the scope `mark` (`None`: the document).
fn close_until(
    scopes: &mut Vec<OpenScope>,
    current: &mut Vec<CurrentHeading>,
    bearing: &mut Vec<usize>,
    mark: Option<u32>,
) {
    while scopes.len() > 1 && scopes.last().is_some_and(|scope| scope.mark != mark) {
        pop_scope(scopes, current, bearing);
    }
}

fn pop_scope(
    scopes: &mut Vec<OpenScope>,
    current: &mut Vec<CurrentHeading>,
    bearing: &mut Vec<usize>,
) {
    if let Some(scope) = scopes.pop() {
        current.truncate(scope.base);
        if bearing.last() == Some(&scopes.len()) {
            bearing.pop();
        }
    }
}

/// The anchor of each chunk (SPEC §7), as an index into the returned anchor
/// texts; only the anchors chunks use are read from the tree.
fn anchors<A: DomAdapter>(
    dom: &A,
    canonical: &CanonicalText<A::Node>,
    spans: &[Range<usize>],
) -> (Vec<Option<usize>>, Vec<String>) {
    let ids = &canonical.ids;
    // Indices into `ids` of the open elements, innermost last.
    let mut open: Vec<usize> = Vec::new();
    let mut next = 0;
    let mut last_started = None;
    let mut anchors = Vec::new();
    let mut last_anchor: Option<(usize, usize)> = None;
    let marks = spans
        .iter()
        .map(|span| {
            let at = span.start;
            while let Some(mark) = ids.get(next).filter(|mark| mark.start <= at) {
                while open.last().is_some_and(|&top| ids[top].end <= mark.start) {
                    open.pop();
                }
                open.push(next);
                last_started = Some(next);
                next += 1;
            }
            while open.last().is_some_and(|&top| ids[top].end <= at) {
                open.pop();
            }
            let id = open.last().copied().or(last_started)?;
            if let Some((last_id, anchor)) = last_anchor
                && last_id == id
            {
                return Some(anchor);
            }
            let value = dom.attribute(ids[id].node, "id")?.into_owned();
            anchors.push(value);
            last_anchor = Some((id, anchors.len() - 1));
            Some(anchors.len() - 1)
        })
        .collect();
    (marks, anchors)
}
