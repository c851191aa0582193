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

use icu_segmenter::SentenceSegmenter;
use icu_segmenter::options::SentenceBreakInvariantOptions;

/// The sentence boundaries of one text, found as far as they were asked for.
#[derive(Debug, Default)]
pub(crate) struct SentenceBoundaries {
    /// The text with every whitespace character written as as many spaces
    /// as it has bytes, so offsets are the text's own; made at first need.
    spaced: Option<String>,
    /// The boundaries found, in increasing order: every one up to `scanned`.
    found: Vec<usize>,
    /// How far the boundaries are known: a boundary itself (or 0).
    scanned: usize,
    /// Whether the segmenter has read to the end of the text.
    done: bool,
}

impl SentenceBoundaries {
    /// The sentence boundaries of `text` that lie strictly between `start`
    /// and `end` (byte offsets), in increasing order. `text` must be the
    /// same text on every call.
    pub(crate) fn between(&mut self, text: &str, start: usize, end: usize) -> &[usize] {
        if start >= end {
            return &[];
        }
        self.scan_to(text, end);
        let low = self.found.partition_point(|&boundary| boundary <= start);
        let high = self.found.partition_point(|&boundary| boundary < end);
        &self.found[low..high.max(low)]
    }

    /// Reads on until every boundary up to `end` is known.
    fn scan_to(&mut self, text: &str, end: usize) {
        if self.done || self.scanned >= end {
            return;
        }
        let spaced = self.spaced.get_or_insert_with(|| spaced(text));
        let from = self.scanned;
        let Some(rest) = spaced.get(from..) else {
            self.done = true;
            return;
        };
        let segmenter = SentenceSegmenter::new(SentenceBreakInvariantOptions::default());
        let mut boundaries = segmenter.segment_str(rest).map(|offset| from + offset);
        loop {
            match boundaries.next() {
                Some(boundary) if boundary <= from => {}
                Some(boundary) => {
                    self.found.push(boundary);
                    self.scanned = boundary;
                    if boundary >= end {
                        return;
                    }
                }
                None => {
                    self.done = true;
                    return;
                }
            }
        }
    }
}

/// `text` with each whitespace character replaced by as many spaces as it
/// has bytes in UTF-8: the same offsets, and to UAX #29 a run of spaces
/// reads as one.
fn spaced(text: &str) -> String {
    if text.is_ascii() {
        let bytes = text
            .bytes()
            .map(|byte| {
                if byte.is_ascii_whitespace() || byte == 0x0b {
                    b' '
                } else {
                    byte
                }
            })
            .collect();
        // Only ASCII bytes were replaced by ASCII bytes.
        return String::from_utf8(bytes).unwrap_or_else(|_| text.to_owned());
    }
    let mut spaced = String::with_capacity(text.len());
    for character in text.chars() {
        if character.is_whitespace() {
            spaced.extend(std::iter::repeat_n(' ', character.len_utf8()));
        } else {
            spaced.push(character);
        }
    }
    spaced
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
