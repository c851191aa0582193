//! The forced split (SPEC §4): text that fits no structure is cut by
//! `text-splitter` at the coarsest boundary that fits the cap.

use std::ops::Range;

use crate::decompose::trimmed;
use crate::sizer::Sizer;

/// Cuts `span` of `text` into trimmed pieces that fit `max` and appends them
/// to `segments`; with no cap, `span` stays whole.
pub(crate) fn force_split<S: Sizer>(
    text: &str,
    span: Range<usize>,
    sizer: &S,
    max: Option<usize>,
    segments: &mut Vec<Range<usize>>,
) {
    let Some(max) = max else {
        segments.push(span);
        return;
    };
    let text = &text[span.clone()];
    for piece in ForcedSplit::new(text, sizer, max) {
        let start = span.start + piece.start;
        let piece_text = &text[piece];
        if sizer.fits(piece_text, max) {
            segments.push(start..start + piece_text.len());
        } else {
            // A single grapheme cluster larger than the cap: the cap wins.
            cut_by_chars(piece_text, start, sizer, max, segments);
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
    use crate::sizer::Characters;

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
}
