//! Decomposition (SPEC §4) and merge (SPEC §5).

use std::ops::Range;

use crate::adapter::DomAdapter;
use crate::canonical::CanonicalText;
use crate::config::SplitterConfig;
use crate::error::ConfigError;
use crate::select::{MatchCaches, SelectorSet};
use crate::sizer::{Characters, Sizer};

/// A configured HTML text splitter: validated settings, compiled selectors
/// and a sizer. Immutable once built; share it across documents and threads.
///
/// ```
/// use splitter_core::{Splitter, SplitterConfig};
///
/// let splitter = Splitter::builder(1000)
///     .max_chunk_size(1500)
///     .separators(["h2", "h3"])
///     .never_break_within(["pre", "table"])
///     .build()?;
/// assert_eq!(splitter.config().chunk_size, 1000);
///
/// let err = Splitter::new(SplitterConfig {
///     separators: vec!["h2[".into()],
///     ..SplitterConfig::new(100)
/// })
/// .unwrap_err();
/// assert!(err.to_string().contains("h2["));
/// # Ok::<(), splitter_core::ConfigError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Splitter<S = Characters> {
    config: SplitterConfig,
    separators: SelectorSet,
    protected: SelectorSet,
    sizer: S,
}

impl Splitter<Characters> {
    /// Validates `config` and compiles its selectors, sizing in characters.
    pub fn new(config: SplitterConfig) -> Result<Self, ConfigError> {
        Splitter::with_sizer(config, Characters)
    }

    /// A builder starting from `chunk_size` and every other setting at its
    /// default.
    pub fn builder(chunk_size: usize) -> SplitterBuilder {
        SplitterBuilder {
            config: SplitterConfig::new(chunk_size),
        }
    }
}

impl<S: Sizer> Splitter<S> {
    /// Validates `config` and compiles its selectors, sizing with `sizer`.
    pub fn with_sizer(config: SplitterConfig, sizer: S) -> Result<Self, ConfigError> {
        config.validate()?;
        let separators = SelectorSet::compile("separators", &config.separators)?;
        let protected = SelectorSet::compile("neverBreakWithin", &config.never_break_within)?;
        Ok(Splitter {
            config,
            separators,
            protected,
            sizer,
        })
    }

    /// The validated configuration.
    pub fn config(&self) -> &SplitterConfig {
        &self.config
    }

    /// The sizer.
    pub fn sizer(&self) -> &S {
        &self.sizer
    }

    /// Splits one parsed document into chunks.
    pub fn split<A: DomAdapter>(&self, dom: &A) -> Chunks {
        let canonical = CanonicalText::build(dom);
        let segments = Decomposition {
            splitter: self,
            dom,
            canonical: &canonical,
            caches: MatchCaches::new(),
            segments: Vec::new(),
        }
        .run();
        let spans = merge(
            &canonical.text,
            &segments,
            &self.sizer,
            self.config.chunk_size,
        );
        Chunks {
            canonical: canonical.text,
            spans,
        }
    }
}

/// Builds a [`Splitter`] from Rust; see [`Splitter::builder`].
#[derive(Debug, Clone)]
#[must_use]
pub struct SplitterBuilder {
    config: SplitterConfig,
}

impl SplitterBuilder {
    /// Sets the hard cap on chunk size.
    pub fn max_chunk_size(mut self, max: usize) -> Self {
        self.config.max_chunk_size = Some(max);
        self
    }

    /// Sets the separator selectors (preferred split points).
    pub fn separators<I: IntoIterator<Item = T>, T: Into<String>>(mut self, selectors: I) -> Self {
        self.config.separators = selectors.into_iter().map(Into::into).collect();
        self
    }

    /// Sets the selectors of subtrees to keep whole while they fit the cap.
    pub fn never_break_within<I: IntoIterator<Item = T>, T: Into<String>>(
        mut self,
        selectors: I,
    ) -> Self {
        self.config.never_break_within = selectors.into_iter().map(Into::into).collect();
        self
    }

    /// Validates the settings and builds a splitter that sizes in characters.
    pub fn build(self) -> Result<Splitter, ConfigError> {
        Splitter::new(self.config)
    }

    /// Validates the settings and builds a splitter with a custom sizer.
    pub fn build_with_sizer<S: Sizer>(self, sizer: S) -> Result<Splitter<S>, ConfigError> {
        Splitter::with_sizer(self.config, sizer)
    }
}

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
    FallBack {
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
                Task::FallBack {
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

    fn fits_chunk(&self, span: &Range<usize>) -> bool {
        let splitter = self.splitter;
        splitter
            .sizer
            .fits(self.text(span), splitter.config.chunk_size)
    }

    fn fits_max(&self, span: &Range<usize>) -> bool {
        match self.splitter.config.max_chunk_size {
            Some(max) => self.splitter.sizer.fits(self.text(span), max),
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
            stack.push(Task::FallBack {
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
        stack.push(Task::FallBack {
            segments_before: self.segments.len(),
            span,
        });
        self.push_groups(stack, &kids, protected || in_protected);
    }

    /// Cuts `span` into pieces that fit the hard cap (SPEC §4, forced split).
    fn force_split(&mut self, span: Range<usize>) {
        let Some(max) = self.splitter.config.max_chunk_size else {
            self.segments.push(span);
            return;
        };
        let sizer = &self.splitter.sizer;
        let text = &self.canonical.text[span.clone()];
        for piece in ForcedSplit::new(text, sizer, max) {
            let start = span.start + piece.start;
            let piece_text = &text[piece];
            if sizer.fits(piece_text, max) {
                self.segments.push(start..start + piece_text.len());
            } else {
                // A single grapheme cluster larger than the cap: the cap wins.
                cut_by_chars(piece_text, start, sizer, max, &mut self.segments);
            }
        }
    }
}

/// The pieces of a forced split, from `text-splitter`, fed one window at a
/// time.
///
/// `text-splitter` rescans the rest of its input for every chunk it emits,
/// which is quadratic on a 50 MB text node. Its choice of a chunk depends only
/// on the text within a few chunk lengths, so it is run on a window many
/// chunks long; every piece but the window's last is kept, and the next window
/// starts where that last piece began. The result is the same as one run over
/// the whole text, in linear time.
struct ForcedSplit<'t, S> {
    text: &'t str,
    sizer: &'t S,
    max: usize,
    /// Where the next window starts.
    position: usize,
    window: usize,
    ready: std::vec::IntoIter<Range<usize>>,
}

impl<'t, S: Sizer> ForcedSplit<'t, S> {
    fn new(text: &'t str, sizer: &'t S, max: usize) -> Self {
        Self::with_window(text, sizer, max, max.saturating_mul(8).max(64))
    }

    fn with_window(text: &'t str, sizer: &'t S, max: usize, window: usize) -> Self {
        ForcedSplit {
            text,
            sizer,
            max,
            position: 0,
            window,
            ready: Vec::new().into_iter(),
        }
    }

    /// Splits the next window; false when the text is exhausted.
    fn refill(&mut self) -> bool {
        let config = text_splitter::ChunkConfig::new(self.max)
            .with_sizer(SizerBridge(self.sizer))
            .with_trim(true);
        let splitter = text_splitter::TextSplitter::new(config);
        while self.position < self.text.len() {
            let end = floor_char_boundary(self.text, self.position.saturating_add(self.window));
            let last_window = end == self.text.len();
            let window = &self.text[self.position..end];
            let mut pieces: Vec<Range<usize>> = splitter
                .chunk_indices(window)
                .map(|(offset, piece)| {
                    let start = self.position + offset;
                    start..start + piece.len()
                })
                .collect();
            if last_window {
                self.position = self.text.len();
            } else if pieces.len() < 2 {
                // Not even one piece is certainly complete: look further.
                self.window = self.window.saturating_mul(2);
                continue;
            } else if let Some(last) = pieces.pop() {
                self.position = last.start;
            }
            self.ready = pieces.into_iter();
            return true;
        }
        false
    }
}

impl<S: Sizer> Iterator for ForcedSplit<'_, S> {
    type Item = Range<usize>;

    fn next(&mut self) -> Option<Range<usize>> {
        loop {
            if let Some(piece) = self.ready.next() {
                return Some(piece);
            }
            if !self.refill() {
                return None;
            }
        }
    }
}

/// The largest char boundary of `text` at or below `index`.
fn floor_char_boundary(text: &str, index: usize) -> usize {
    if index >= text.len() {
        return text.len();
    }
    let mut index = index;
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

/// Cuts `piece` (at byte offset `start` of the canonical text) greedily at
/// character boundaries into trimmed parts that fit `max`. A character that
/// alone exceeds `max` stands alone: nothing smaller exists.
fn cut_by_chars<S: Sizer>(
    piece: &str,
    start: usize,
    sizer: &S,
    max: usize,
    segments: &mut Vec<Range<usize>>,
) {
    let mut part_start = 0;
    let mut part_end = 0;
    for (offset, ch) in piece.char_indices() {
        let end = offset + ch.len_utf8();
        if part_end > part_start && !sizer.fits(&piece[part_start..end], max) {
            push_trimmed(piece, start, part_start..part_end, segments);
            part_start = offset;
        }
        part_end = end;
    }
    push_trimmed(piece, start, part_start..part_end, segments);
}

fn push_trimmed(piece: &str, start: usize, part: Range<usize>, segments: &mut Vec<Range<usize>>) {
    let part = trimmed(piece, part);
    if !part.is_empty() {
        segments.push(start + part.start..start + part.end);
    }
}

/// `span` of `text` without leading and trailing whitespace.
fn trimmed(text: &str, span: Range<usize>) -> Range<usize> {
    let slice = &text[span.clone()];
    let start = span.start + (slice.len() - slice.trim_start().len());
    let end = span.end - (slice.len() - slice.trim_end().len());
    if start >= end {
        start..start
    } else {
        start..end
    }
}

/// Greedy merge (SPEC §5): consecutive segments share a chunk while the text
/// from the chunk's start to the segment's end fits `chunk_size`.
fn merge<S: Sizer>(
    text: &str,
    segments: &[Range<usize>],
    sizer: &S,
    chunk_size: usize,
) -> Vec<Range<usize>> {
    let mut chunks = Vec::new();
    let mut current: Option<Range<usize>> = None;
    for segment in segments {
        current = Some(match current {
            Some(chunk) if sizer.fits(&text[chunk.start..segment.end], chunk_size) => {
                chunk.start..segment.end
            }
            Some(chunk) => {
                chunks.push(chunk);
                segment.clone()
            }
            None => segment.clone(),
        });
    }
    chunks.extend(current);
    chunks
}

/// Lets a [`Sizer`] drive `text-splitter`.
struct SizerBridge<'a, S>(&'a S);

impl<S: Sizer> text_splitter::ChunkSizer for SizerBridge<'_, S> {
    fn size(&self, chunk: &str) -> usize {
        self.0.size(chunk)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_shot(text: &str, max: usize) -> Vec<Range<usize>> {
        let config = text_splitter::ChunkConfig::new(max)
            .with_sizer(SizerBridge(&Characters))
            .with_trim(true);
        text_splitter::TextSplitter::new(config)
            .chunk_indices(text)
            .map(|(offset, piece)| offset..offset + piece.len())
            .collect()
    }

    /// Windowing is invisible: the pieces equal one `text-splitter` run.
    #[test]
    fn windowed_forced_split_equals_one_run() {
        let sentence = "The quick brown fox jumps over the lazy dog. Then it rests!\n";
        let samples = [
            sentence.repeat(100),
            format!("{}\n\n{}", "word ".repeat(1000), "x".repeat(2000)),
            "日本語のテキスト、".repeat(500),
            format!("{}{}", " ".repeat(5000), "tail words"),
        ];
        for text in &samples {
            for max in [7, 50, 333] {
                let windowed: Vec<Range<usize>> =
                    ForcedSplit::with_window(text, &Characters, max, max * 8).collect();
                assert_eq!(
                    windowed,
                    one_shot(text, max),
                    "max {max}, text of {} bytes",
                    text.len()
                );
            }
        }
    }

    #[test]
    fn merge_is_greedy_and_keeps_document_boundaries() {
        let text = "aa\nbb\ncccccccccc";
        let segments = [0..2, 3..5, 6..16];
        assert_eq!(merge(text, &segments, &Characters, 8), [0..5, 6..16]);
    }

    #[test]
    fn trimmed_spans() {
        assert_eq!(trimmed("  ab \n", 0..6), 2..4);
        assert!(trimmed(" \u{a0} ", 0..4).is_empty());
    }
}
