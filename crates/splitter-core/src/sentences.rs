//! Sentence boundaries of a document's canonical text (SPEC §4.1).
//!
//! A group too large to keep is cut at sentence boundaries before it is cut
//! between its units. The boundaries are those of the whole canonical text,
//! as UAX #29 finds them with every whitespace character read as a space (a
//! line break of the source, or between two blocks, ends no sentence by
//! itself). ICU4X's `icu_segmenter`, which `text-splitter` already uses for
//! its sentence level, finds them; this module only decides how much of the
//! text it reads.
//!
//! Most documents never cut a group, so nothing is read until the first
//! group is cut, and then only as far as that group's end. The segmenter
//! restarts at the last boundary it found: a sentence boundary depends on
//! the text after it and on the text back to the end of the sentence before
//! it, never on what lies before an earlier boundary, so the boundaries it
//! finds from there are the whole text's (a test below compares the two).

use std::ops::Range;

use icu_segmenter::SentenceSegmenter;
use icu_segmenter::options::SentenceBreakInvariantOptions;

/// The sentence boundaries of one text, found where they were asked for.
#[derive(Debug, Default)]
pub(crate) struct SentenceBoundaries {
    /// The text with every whitespace character written as as many spaces
    /// as it has bytes, so offsets are the text's own; made at first need.
    spaced: Option<String>,
    /// The boundaries found, in increasing order.
    found: Vec<usize>,
    /// The stretches of the text whose boundaries are all in `found`, in
    /// order and apart: each begins and ends at a boundary (or the text's
    /// end), both included.
    known: Vec<Range<usize>>,
}

impl SentenceBoundaries {
    /// The sentence boundaries of `text` that lie strictly between `start`
    /// and `end` (byte offsets), in increasing order. `text` must be the
    /// same text on every call.
    pub(crate) fn between(&mut self, text: &str, start: usize, end: usize) -> &[usize] {
        let end = end.min(text.len());
        if start >= end {
            return &[];
        }
        self.find(text, start, end);
        let low = self.found.partition_point(|&boundary| boundary <= start);
        let high = self.found.partition_point(|&boundary| boundary < end);
        &self.found[low..high.max(low)]
    }

    /// Finds every boundary strictly between `start` and `end` that is not
    /// known yet.
    fn find(&mut self, text: &str, start: usize, end: usize) {
        let spaced = self.spaced.take().unwrap_or_else(|| spaced(text));
        let mut at = start;
        while at < end {
            // The stretches that end before `at`, and the one that holds it.
            let next = self.known.partition_point(|stretch| stretch.end < at);
            if let Some(stretch) = self.known.get(next)
                && stretch.start <= at
            {
                at = stretch.end.max(at + 1);
                continue;
            }
            let floor = next
                .checked_sub(1)
                .and_then(|before| self.known.get(before))
                .map_or(0, |stretch| stretch.end);
            let ceiling = self
                .known
                .get(next)
                .map_or(text.len(), |stretch| stretch.start);
            let from = certain_boundary(spaced.as_bytes(), floor, at);
            let mut found = Vec::new();
            let mut reached = text.len();
            let segmenter = SentenceSegmenter::new(SentenceBreakInvariantOptions::default());
            let Some(rest) = spaced.get(from..) else {
                break;
            };
            for boundary in segmenter.segment_str(rest).map(|offset| from + offset) {
                if boundary >= ceiling {
                    // The next stretch begins at a boundary, which this
                    // scan reaches from a boundary before it.
                    found.push(ceiling);
                    reached = ceiling;
                    break;
                }
                found.push(boundary);
                if boundary >= end {
                    reached = boundary;
                    break;
                }
            }
            self.record(from..reached, found);
            at = reached.max(at + 1);
        }
        self.spaced = Some(spaced);
    }

    /// Adds the boundaries `found` of the stretch `stretch` (which touches
    /// or lies between the known ones), joining it with those it touches.
    fn record(&mut self, stretch: Range<usize>, found: Vec<usize>) {
        let at = self
            .found
            .partition_point(|&boundary| boundary < stretch.start);
        let skip = self.found[at..]
            .iter()
            .take_while(|&&boundary| boundary <= stretch.end)
            .count();
        self.found.splice(at..at + skip, found);
        let first = self
            .known
            .partition_point(|known| known.end < stretch.start);
        let last = self
            .known
            .partition_point(|known| known.start <= stretch.end);
        let joined = self.known[first..last]
            .iter()
            .fold(stretch, |joined, known| {
                joined.start.min(known.start)..joined.end.max(known.end)
            });
        self.known.splice(first..last, [joined]);
    }
}

/// The last place at or before `at`, and not before `floor` (a boundary),
/// where a sentence boundary lies whatever precedes it: a capital Latin
/// letter after spaces after a full stop, question mark or exclamation mark.
/// UAX #29 breaks there (rule SB11): no rule before it keeps a terminator,
/// spaces and then an uppercase letter together. The segmenter can start
/// there instead of at `floor`, and finds the whole text's boundaries after
/// it.
fn certain_boundary(spaced: &[u8], floor: usize, at: usize) -> usize {
    let mut position = at.min(spaced.len().saturating_sub(1));
    while position > floor + 1 {
        if spaced[position].is_ascii_uppercase() && spaced[position - 1] == b' ' {
            let mut before = position - 1;
            while before > floor && spaced[before] == b' ' {
                before -= 1;
            }
            if matches!(spaced[before], b'.' | b'?' | b'!') {
                return position;
            }
        }
        position -= 1;
    }
    floor
}

/// `text` with each whitespace character replaced by as many spaces as it
/// has bytes in UTF-8: the same offsets, and to UAX #29 a run of spaces
/// reads as one.
fn spaced(text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let mut at = 0;
    while let Some(&byte) = bytes.get(at) {
        if byte.is_ascii() {
            if matches!(byte, b'\t' | b'\n' | 0x0b | 0x0c | b'\r') {
                bytes[at] = b' ';
            }
            at += 1;
            continue;
        }
        let Some(character) = text.get(at..).and_then(|rest| rest.chars().next()) else {
            at += 1;
            continue;
        };
        let width = character.len_utf8();
        // Only U+0085, U+00A0, U+1680, U+2000–U+205F and U+3000 are
        // whitespace beyond ASCII; their first bytes are these.
        if matches!(byte, 0xC2 | 0xE1 | 0xE2 | 0xE3) && character.is_whitespace() {
            bytes[at..at + width].fill(b' ');
        }
        at += width;
    }
    // Whole characters were replaced by ASCII spaces: still UTF-8.
    String::from_utf8(bytes).unwrap_or_else(|_| text.to_owned())
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Every boundary of `text` strictly inside it, read whole.
    fn whole(text: &str) -> Vec<usize> {
        let spaced = spaced(text);
        SentenceSegmenter::new(SentenceBreakInvariantOptions::default())
            .segment_str(&spaced)
            .filter(|&boundary| boundary > 0 && boundary < text.len())
            .collect()
    }

    #[test]
    fn boundaries_are_found_with_whitespace_as_spaces() {
        let text = "This line wraps\nin the source. Next one\nwraps too.";
        let mut boundaries = SentenceBoundaries::default();
        let at = text.find("Next").expect("in the text");
        assert_eq!(boundaries.between(text, 0, text.len()), [at]);
    }

    #[test]
    fn a_lowercase_word_after_a_full_stop_starts_no_sentence() {
        let text = "See e.g. the docs for this. Then go on.";
        let mut boundaries = SentenceBoundaries::default();
        let at = text.find("Then").expect("in the text");
        assert_eq!(boundaries.between(text, 0, text.len()), [at]);
    }

    #[test]
    fn offsets_are_the_texts_own_around_wide_whitespace() {
        let text = "Erster Satz.\u{3000}Zweiter\u{2028}Satz. Dritter.";
        let mut boundaries = SentenceBoundaries::default();
        let second = text.find("Zweiter").expect("in the text");
        let third = text.find("Dritter").expect("in the text");
        assert_eq!(boundaries.between(text, 0, text.len()), [second, third]);
        assert!(text.is_char_boundary(second) && text.is_char_boundary(third));
    }

    #[test]
    fn only_boundaries_strictly_inside_the_range_are_given() {
        let text = "One. Two. Three.";
        let mut boundaries = SentenceBoundaries::default();
        assert_eq!(boundaries.between(text, 5, 10), [] as [usize; 0]);
        assert_eq!(boundaries.between(text, 4, 11), [5, 10]);
        assert_eq!(boundaries.between(text, 0, text.len()), [5, 10]);
        assert_eq!(boundaries.between(text, 7, 7), [] as [usize; 0]);
    }

    #[test]
    fn a_capital_after_a_full_stop_and_a_space_is_a_certain_boundary() {
        let text = b"one two. Three four? five. Six";
        assert_eq!(certain_boundary(text, 0, text.len()), 27);
        assert_eq!(certain_boundary(text, 0, 26), 9);
        assert_eq!(certain_boundary(text, 0, 9), 9);
        assert_eq!(certain_boundary(text, 0, 8), 0);
        // Not before the floor, which is a boundary itself.
        assert_eq!(certain_boundary(text, 10, 26), 10);
        assert_eq!(certain_boundary(b"", 0, 5), 0);
    }

    proptest! {
        /// Asked piece by piece, in any order, the boundaries are those of
        /// the whole text: restarting at a boundary loses nothing.
        #[test]
        fn piecewise_boundaries_are_the_whole_texts(
            words in prop::collection::vec(
                prop::sample::select(vec![
                    "word", "Word", "e.g.", "U.S.", "3.14", ". ", "? ", "! ", "\n", "\n\n",
                    " ", "\"", ") ", "(", "。", "これ", "' ", "...", "Mr.", "a", "I", "1.",
                    "\u{a0}", "\u{2029}", ";", ":", "—", "«", "»", "¿", "Ω", "ω", "\t",
                    ". A", "? B", "! C", ".  D", ".\u{300}", "\u{ad}", "Z", "\u{2028}E",
                ]),
                0..60,
            ),
            cuts in prop::collection::vec(0usize..400, 0..6),
        ) {
            let text: String = words.concat();
            let expected = whole(&text);
            let mut boundaries = SentenceBoundaries::default();
            let mut ends: Vec<usize> = cuts
                .into_iter()
                .map(|cut| cut.min(text.len()))
                .filter(|&cut| text.is_char_boundary(cut))
                .collect();
            ends.push(text.len());
            let mut start = 0;
            for end in ends {
                let (low, high) = (start.min(end), start.max(end));
                let got = boundaries.between(&text, low, high).to_vec();
                let want: Vec<usize> = expected
                    .iter()
                    .copied()
                    .filter(|&boundary| boundary > low && boundary < high)
                    .collect();
                prop_assert_eq!(got, want);
                start = end;
            }
            prop_assert_eq!(boundaries.between(&text, 0, text.len()).to_vec(), expected);
        }
    }
}
