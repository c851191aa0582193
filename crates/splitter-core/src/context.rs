//! Carried context (SPEC §5.1): the lines a chunk carries from before its
//! start so that it reads alone — its heading path, a table's header and
//! delimiter rows, a code block's opening fence — and the closing fence of a
//! code block it ends inside.
//!
//! What a chunk carries depends only on where it starts and ends, so the
//! decomposition and the merge ask [`Context::carried`] for the span they
//! are about to size, and the size includes what that chunk would carry.
//! They ask for many spans that carry the same parts (every span a merge
//! tries from one chunk start carries its heading path), so each part is
//! measured once per document and its size kept.

use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::Range;

use crate::canonical::CanonicalText;
use crate::heading_texts::HeadingTexts;
use crate::markdown_writer::ContextRegion;
use crate::provenance;
use crate::sizer::Sizer;

/// What a chunk at some span carries, and its size.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Carried {
    pub(crate) prefix: String,
    pub(crate) suffix: String,
    /// The parts' sizes added up (each part measured alone).
    pub(crate) size: usize,
}

impl Carried {
    pub(crate) fn is_empty(&self) -> bool {
        self.prefix.is_empty() && self.suffix.is_empty()
    }
}

/// A part that spans carry alike, as the key of its kept size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Part {
    /// The heading path at this index of [`HeadingIndex::paths`]; with the
    /// chunk's start when some of its headings start there (and are left
    /// out).
    Headings(usize, Option<usize>),
    /// A table's header rows (`ContextRegion` by index), with the quote
    /// markers appended when the chunk begins within a line.
    Header(usize, bool),
    /// A code block's opening fence and the closing fence of the one the
    /// chunk ends in.
    Fences(Option<(usize, bool)>, Option<usize>),
}

/// The heading paths of a document, by position: the path changes only
/// where a heading or a sectioning element starts or a scope ends.
#[derive(Debug)]
struct HeadingIndex {
    positions: Vec<usize>,
    paths: Vec<Range<usize>>,
    items: Vec<u32>,
    texts: HeadingTexts,
}

/// Answers "what would a chunk at this span carry?" for one document.
#[derive(Debug)]
pub(crate) struct Context<'c, N, S> {
    /// `None`: nothing is ever carried.
    canonical: Option<&'c CanonicalText<N>>,
    sizer: Option<&'c S>,
    chunk_size: usize,
    headings: Option<HeadingIndex>,
    /// Each part's size, once measured.
    sizes: RefCell<HashMap<Part, usize>>,
}

impl<'c, N, S: Sizer> Context<'c, N, S> {
    /// The context of `canonical`; headings are carried only with
    /// `heading_context`.
    pub(crate) fn new(
        canonical: &'c CanonicalText<N>,
        sizer: &'c S,
        chunk_size: usize,
        heading_context: bool,
    ) -> Self {
        let headings = heading_context.then(|| {
            let mut positions: Vec<usize> = Vec::with_capacity(canonical.outline.len() * 2);
            for mark in &canonical.outline {
                positions.push(mark.start);
                if let crate::canonical::OutlineKind::Scope { end, .. } = mark.kind {
                    positions.push(end);
                }
            }
            positions.sort_unstable();
            positions.dedup();
            let (paths, items) = provenance::paths_at(canonical, &positions);
            HeadingIndex {
                positions,
                paths,
                items,
                texts: HeadingTexts::of(canonical),
            }
        });
        Context {
            canonical: Some(canonical),
            sizer: Some(sizer),
            chunk_size,
            headings,
            sizes: RefCell::new(HashMap::new()),
        }
    }

    /// A context in which nothing is carried.
    #[cfg(test)]
    pub(crate) fn none() -> Self {
        Context {
            canonical: None,
            sizer: None,
            chunk_size: 0,
            headings: None,
            sizes: RefCell::new(HashMap::new()),
        }
    }

    /// Whether no chunk of this document carries anything: the splitter's
    /// sizes are then those of the slices alone.
    pub(crate) fn is_empty(&self) -> bool {
        self.headings
            .as_ref()
            .is_none_or(|headings| headings.items.is_empty())
            && self
                .canonical
                .is_none_or(|canonical| canonical.contexts.is_empty())
    }

    /// What a chunk at `span` (trimmed, non-empty) carries, in the order of
    /// SPEC §5.1; a part that would take the parts so far over half of the
    /// target is left out, the fences counted first.
    pub(crate) fn carried(&self, span: &Range<usize>) -> Carried {
        let mut carried = Carried::default();
        let (Some(canonical), Some(sizer)) = (self.canonical, self.sizer) else {
            return carried;
        };
        if self.is_empty() || span.is_empty() {
            return carried;
        }
        let text = &canonical.text;
        // A part is a prefix and a suffix, carried together or not at all;
        // `part` keys its size when spans elsewhere carry it alike.
        let add = |carried: &mut Carried, part: Option<Part>, prefix: String, suffix: String| {
            if prefix.is_empty() && suffix.is_empty() {
                return;
            }
            let measure = || sizer.size(&prefix) + sizer.size(&suffix);
            let size = match part {
                Some(part) => *self.sizes.borrow_mut().entry(part).or_insert_with(measure),
                None => measure(),
            };
            let total = carried.size.saturating_add(size);
            if total.saturating_mul(2) > self.chunk_size {
                return;
            }
            carried.size = total;
            carried.prefix.push_str(&prefix);
            carried.suffix.push_str(&suffix);
        };
        let starts_in = region_at(canonical, span.start);
        let ends_in = region_at(canonical, span.end - 1);
        // A table's or a code block's lines are indented in a list item; a
        // chunk begins with no whitespace, and a delimiter row indented
        // more than its header row would not read as one: each line is
        // carried without its indentation.
        // In a block quote, the lines carried keep their `>` markers, and
        // when the chunk begins after the markers of its first line (a
        // forced split within a line), the markers end the prefix so that
        // this line reads inside the quote too.
        let begins_in_line = !text[span.start..].starts_with('>');
        let lines = |region: &ContextRegion| {
            let carried = &text[region.prefix.clone()];
            let mut lines: String = carried
                .lines()
                .map(|line| format!("{}\n", line.trim_start()))
                .collect();
            let markers: String = carried
                .trim_start()
                .chars()
                .take_while(|&c| c == '>' || c == ' ')
                .collect();
            if begins_in_line && markers.contains('>') {
                lines.push_str(&markers);
            }
            lines
        };
        // The fences are carried first: a code block left open would take
        // in the rest of the chunk, and a closing fence carried without
        // its opening one would open a block. A code block's opening and
        // closing fences are one part: a chunk that begins and ends inside
        // one carries both or neither, so that no fence it carries is left
        // open. Then the heading path and the table's header, in SPEC
        // §5.1's order; the text has them in that order, before the fence.
        let opening = starts_in.filter(|(_, region)| region.suffix.is_some());
        let closing = ends_in.filter(|(_, region)| region.suffix.is_some());
        let part = Part::Fences(
            opening.map(|(index, _)| (index, begins_in_line)),
            closing.map(|(index, _)| index),
        );
        let opening = opening.map(|(_, region)| lines(region)).unwrap_or_default();
        let closing = closing
            .and_then(|(_, region)| region.suffix.clone())
            .map(|suffix| format!("\n{}", &text[suffix]))
            .unwrap_or_default();
        add(&mut carried, Some(part), opening, closing);
        let fences = std::mem::take(&mut carried.prefix);
        let (part, headings) = self.heading_part(canonical, span.start);
        add(&mut carried, part, headings, String::new());
        if let Some((index, region)) = starts_in.filter(|(_, region)| region.suffix.is_none()) {
            let part = Part::Header(index, begins_in_line);
            add(&mut carried, Some(part), lines(region), String::new());
        }
        carried.prefix.push_str(&fences);
        carried
    }

    /// Whether `span` holds nothing but a code block's opening fence line
    /// (with the line break and quote markers after it).
    pub(crate) fn is_opening_fence(&self, span: &Range<usize>) -> bool {
        let Some(canonical) = self.canonical else {
            return false;
        };
        let regions = &canonical.contexts;
        let index = regions.partition_point(|region| region.inside.start < span.end);
        regions.get(index).is_some_and(|region| {
            region.suffix.is_some()
                && region.prefix.start <= span.start
                && span.end <= region.inside.start
        })
    }

    /// Whether `span` ends with a table's header and delimiter rows, rows
    /// following (Markdown): like a heading, it is kept with what follows
    /// it (SPEC §5), so no chunk ends with a header and no row under it.
    pub(crate) fn ends_with_table_header(&self, span: &Range<usize>) -> bool {
        let Some(canonical) = self.canonical else {
            return false;
        };
        let regions = &canonical.contexts;
        // A table's rows begin where its delimiter row ends.
        let index = regions.partition_point(|region| region.inside.start < span.end);
        regions[index..]
            .iter()
            .take_while(|region| region.inside.start == span.end)
            .any(|region| {
                region.suffix.is_none()
                    && region.prefix.end == span.end
                    && span.start < span.end
                    && !region.inside.is_empty()
            })
    }

    /// The size of what a chunk at `span` carries.
    pub(crate) fn size(&self, span: &Range<usize>) -> usize {
        if self.is_empty() {
            0
        } else {
            self.carried(span).size
        }
    }

    /// The heading path of a chunk starting at `start`, less the headings it
    /// begins with, joined by ` > `, then a line break (a blank line in
    /// Markdown); empty when no heading is left. With it, the key of its
    /// size.
    fn heading_part(&self, canonical: &CanonicalText<N>, start: usize) -> (Option<Part>, String) {
        let Some(headings) = &self.headings else {
            return (None, String::new());
        };
        let at = headings
            .positions
            .partition_point(|&position| position <= start);
        let Some((index, path)) = at
            .checked_sub(1)
            .and_then(|index| Some((index, headings.paths.get(index)?)))
        else {
            return (None, String::new());
        };
        let mut begins_with_heading = false;
        let names: Vec<&str> = headings.items[path.clone()]
            .iter()
            .map(|&item| item as usize)
            .filter(|&item| {
                let begins = canonical.heading_starts.get(item) == Some(&start);
                begins_with_heading |= begins;
                !begins
            })
            .map(|item| headings.texts.get(item))
            .filter(|text| !text.is_empty())
            .collect();
        let key = Some(Part::Headings(index, begins_with_heading.then_some(start)));
        if names.is_empty() {
            return (key, String::new());
        }
        let mut part = names.join(" > ");
        part.push_str(if canonical.markdown { "\n\n" } else { "\n" });
        (key, part)
    }
}

/// The table or code block whose rows or code contain byte `at`, with its
/// index.
fn region_at<N>(canonical: &CanonicalText<N>, at: usize) -> Option<(usize, &ContextRegion)> {
    let regions = &canonical.contexts;
    let index = regions.partition_point(|region| region.inside.start <= at);
    regions[..index]
        .iter()
        .enumerate()
        .rev()
        .take(2)
        .find(|(_, region)| region.inside.contains(&at))
}
