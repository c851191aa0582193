//! The forced split (SPEC §4): text that fits no structure is cut by
//! `text-splitter` at the coarsest boundary that fits the cap.

use std::ops::Range;

use crate::sizer::Sizer;
use crate::text::{floor_char_boundary, trimmed};

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
/// which is quadratic on a 50 MB text node. So it is run on a window many
/// chunks long; every piece but the window's last is kept, and the next window
/// starts where that last piece began: linear time, and every piece is one
/// that `text-splitter` chose, so SPEC §4 holds.
///
/// The pieces are not always those of one run over the whole text:
/// `text-splitter` also lets the largest chunk it has emitted so far steer
/// how far it looks ahead, so a run that starts fresh at a window can pick
/// another boundary that fits (a property test found one). Both are valid
/// forced splits; the property test below checks SPEC §4 on any text, and
/// equality with one run where the text fits one window.
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

    mod property {
        use super::*;
        use proptest::prelude::*;

        /// Text with every kind of boundary `text-splitter` ranks: words,
        /// sentences, lines, paragraphs, runs of whitespace, wide and
        /// combining characters, and long unbroken runs.
        fn text() -> impl Strategy<Value = String> {
            let piece = prop_oneof![
                8 => "[a-z]{1,12}",
                6 => Just(" ".to_owned()),
                2 => Just(". ".to_owned()),
                1 => Just("! ".to_owned()),
                2 => Just("\n".to_owned()),
                1 => Just("\n\n".to_owned()),
                1 => "[ \t\n]{2,12}",
                1 => Just("日本語、".to_owned()),
                1 => Just("e\u{301}".to_owned()),
                1 => Just("🦀".to_owned()),
                1 => "[a-z]{20,80}",
            ];
            prop::collection::vec(piece, 0..400).prop_map(|pieces| pieces.concat())
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(3000))]

            /// On any text and cap, the windowed pieces are a forced split
            /// (SPEC §4): in order, trimmed, within the cap unless a single
            /// grapheme cluster, covering every non-whitespace character,
            /// and equal to one `text-splitter` run when the text fits one
            /// window.
            #[test]
            fn windowed_forced_split_is_a_forced_split_of_any_text(
                text in text(),
                max in 1usize..120,
            ) {
                let windowed: Vec<Range<usize>> = ForcedSplit::new(&text, &Characters, max).collect();
                let mut covered = 0;
                for piece in &windowed {
                    let part = &text[piece.clone()];
                    prop_assert!(piece.start >= covered, "{:?} overlaps", piece);
                    prop_assert!(
                        text[covered..piece.start].trim().is_empty(),
                        "text lost before {:?}", piece
                    );
                    prop_assert!(!part.is_empty() && part.trim() == part, "{:?} untrimmed", part);
                    // The generator's only cluster of several characters.
                    prop_assert!(
                        part.chars().count() <= max || part == "e\u{301}",
                        "{:?} over the cap {}", part, max
                    );
                    covered = piece.end;
                }
                prop_assert!(text[covered..].trim().is_empty(), "text lost at the end");
                if text.len() <= max.saturating_mul(8).max(64) {
                    prop_assert_eq!(windowed, one_shot(&text, max));
                }
            }
        }
    }
}
