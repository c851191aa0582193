//! What a block's text is, by its counts or its first words: a prose
//! paragraph, a link list, a teaser card, a summary cut short, a table of
//! contents, the typesetters' filler, a call to action; and how its
//! characters are counted ([`visible_chars`]).

/// A teaser card is short: a headline, a line of summary, a date.
const TEASER_CHARS: u32 = 400;
/// ... and at least a quarter of its text is a link to another page (its
/// headline); a forum post or a comment signed with a linked name is not.
/// A card whose summary is cut short ([`CUT_SUMMARY`](super::CUT_SUMMARY)) needs only a
/// link: the rest of its text is elsewhere, and its headline, however
/// short beside the summary, leads there.
pub(super) fn is_card(text: u32, link: u32, cut: bool) -> bool {
    text > 0 && text <= TEASER_CHARS && (link * 4 >= text || (cut && link > 0))
}
/// Whether a text of `chars` visible characters is a summary cut short:
/// a line of prose's length that ends with an ellipsis, three dots or
/// `…`, bare or in brackets (`[…]`, WordPress's excerpt). An author's
/// sentence that trails off is in an article, which is no card.
pub(super) fn is_cut_summary(text: &str, chars: u32) -> bool {
    chars >= PROSE_CHARS && {
        let end = text.trim_end();
        let end = end.strip_suffix(']').unwrap_or(end);
        end.ends_with("...") || end.ends_with('…')
    }
}
/// A table of contents holds at least this many links to places in the
/// page: one alone is "Back to top" or "Skip to content", or a heading
/// that links to itself.
const CONTENTS_LINKS: u32 = 2;
/// ... and besides them at most this much text (a label: "Table of
/// contents", "In this article", "On this page", a "Hide" toggle), and a
/// tenth of its text more (numbers before the entries).
const CONTENTS_LABEL: u32 = 40;
/// Whether a block with `text` characters, `jump` of them in `jumps`
/// links to places in the page, is a table of contents: the links and a
/// label.
pub(super) fn is_contents(text: u32, jump: u32, jumps: u32) -> bool {
    jumps >= CONTENTS_LINKS && text.saturating_sub(jump) <= CONTENTS_LABEL + text / 10
}
/// A run of teasers has at least this many cards of one shape under one
/// parent: two may be a pair of anything.
pub(super) const TEASER_RUN: u32 = 3;

/// A block is a prose paragraph when its own inline text (the text that is
/// not inside a nested block) has at least this many characters other than
/// whitespace, about eight words of English: menus, buttons, bylines,
/// dates and teaser titles are shorter.
pub(in crate::main_content) const PROSE_CHARS: u32 = 50;

/// ... and at most this share of them is link text: a paragraph that is a
/// sentence around a link is prose, a line of links is not.
pub(super) fn is_prose(own: u32, own_link: u32) -> bool {
    own >= PROSE_CHARS && own_link * 2 <= own
}

/// A block that is not prose is a link list (a menu, a line of tags, a
/// teaser title) when more than half of its own inline text is link text.
/// In the steps of an algorithm or a line of a grammar, links are the
/// minority.
pub(super) fn is_link_list(own: u32, own_link: u32) -> bool {
    own_link > 0 && own_link * 2 > own
}

/// Words of the typesetters' filler (`Lorem ipsum dolor sit amet,
/// consectetur adipiscing elit, sed do eiusmod tempor incididunt …`, and
/// the generators' `Pellentesque habitant …`) that no living language
/// uses: each sentence of the filler holds at least one among its first
/// words. Lowercase.
const FILLER_WORDS: [&str; 20] = [
    "ipsum",
    "consectetur",
    "adipiscing",
    "adipisicing",
    "eiusmod",
    "incididunt",
    "veniam",
    "nostrud",
    "ullamco",
    "reprehenderit",
    "voluptate",
    "occaecat",
    "cupidatat",
    "proident",
    "laborum",
    "pellentesque",
    "vestibulum",
    "maecenas",
    "suspendisse",
    "curabitur",
];

/// How far into a text the filler's words are looked for: each sentence
/// of the filler has one in its first words ("Ut enim ad minim veniam",
/// "Duis aute irure dolor in reprehenderit"), and a text that only quotes
/// the filler further on is not filler itself. It also bounds the cost:
/// a page's long paragraphs are not read to their end.
const FILLER_HEAD: usize = 64;

/// Whether a text is a template's placeholder: its first words
/// ([`FILLER_HEAD`] bytes) hold a word of the typesetters' filler
/// ([`FILLER_WORDS`], any case). Read as bytes: a byte of a character
/// beyond ASCII is no letter of these words, and ends one.
pub(super) fn is_placeholder(text: &str) -> bool {
    let bytes = text.as_bytes();
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    let head = bytes
        .get(start..bytes.len().min(start + FILLER_HEAD))
        .unwrap_or_default();
    // One bit per byte of the head that is an ASCII letter: the words are
    // the runs of ones, found without a branch per byte (most texts this
    // long are prose, and every one of them comes here).
    let letters = head.iter().enumerate().fold(0u64, |bits, (at, b)| {
        bits | (u64::from(b.is_ascii_alphabetic()) << at)
    });
    let mut starts = letters & !(letters << 1);
    while starts != 0 {
        let at = starts.trailing_zeros();
        starts &= starts - 1;
        // Ones from `at` on; zeros come in from the top past the head.
        let length = (!(letters >> at)).trailing_zeros();
        let (at, length) = (at as usize, length as usize);
        if head.get(at..at + length).is_some_and(is_filler_word) {
            return true;
        }
    }
    false
}

// The head's bytes fit in the bits of a `u64`.
const _: () = assert!(FILLER_HEAD <= 64);

/// Per length of a word, the first letters of the [`FILLER_WORDS`] of that
/// length, one bit per letter from `a`: most words of a text are passed
/// over on these two alone.
const FILLER_INITIALS: [u32; 16] = {
    let mut initials = [0u32; 16];
    let mut i = 0;
    while i < FILLER_WORDS.len() {
        let word = FILLER_WORDS[i].as_bytes();
        initials[word.len()] |= 1 << (word[0] - b'a');
        i += 1;
    }
    initials
};

/// Whether `word` (ASCII letters) is one of [`FILLER_WORDS`], any case.
fn is_filler_word(word: &[u8]) -> bool {
    let (Some(&initials), Some(&first)) = (FILLER_INITIALS.get(word.len()), word.first()) else {
        return false;
    };
    let first = first.to_ascii_lowercase();
    first.is_ascii_lowercase()
        && initials & (1 << (first - b'a')) != 0
        && FILLER_WORDS.iter().any(|filler| {
            filler.len() == word.len() && filler.as_bytes().eq_ignore_ascii_case(word)
        })
}

/// A link's whole text that only bids the reader go elsewhere: counted
/// over the development pages, each is mostly out of the reviewed texts
/// (`read more` 162 lines out, 7 in; `learn more` 158 / 46; `book now`
/// 174 / 0; `get started` 43 / 19). Lowercase.
const CALLS_TO_ACTION: [&str; 17] = [
    "read more",
    "continue reading",
    "learn more",
    "shop now",
    "buy now",
    "book now",
    "apply now",
    "get started",
    "see more",
    "see all",
    "view more",
    "view all",
    "show more",
    "load more",
    "more info",
    "discover more",
    "explore more",
];

/// The most characters (other than whitespace) of a call to action with
/// an arrow after it (`Continue reading →`).
pub(in crate::main_content) const CALL_TO_ACTION_CHARS: u32 = 18;

/// The first letters of [`CALLS_TO_ACTION`], one bit per letter from `a`:
/// most links begin with another one and are passed over at once.
const CALL_INITIALS: u32 = {
    let mut bits = 0;
    let mut i = 0;
    while i < CALLS_TO_ACTION.len() {
        bits |= 1 << (CALLS_TO_ACTION[i].as_bytes()[0] - b'a');
        i += 1;
    }
    bits
};

/// Whether a link's text is a call to action ([`CALLS_TO_ACTION`], any
/// case, with an arrow, an ellipsis or a full stop after it).
pub(super) fn is_call_to_action(text: &str) -> bool {
    let text = text.trim_start();
    let Some(first) = text.bytes().next().map(|b| b.to_ascii_lowercase()) else {
        return false;
    };
    if !first.is_ascii_lowercase() || CALL_INITIALS & (1 << (first - b'a')) == 0 {
        return false;
    }
    let text = text.trim_end_matches(|c: char| {
        c.is_whitespace() || matches!(c, '→' | '›' | '»' | '>' | '.' | '…' | '+')
    });
    CALLS_TO_ACTION
        .iter()
        .any(|action| action.len() == text.len() && action.eq_ignore_ascii_case(text))
}

/// Characters other than whitespace in `text`: bytes that start a UTF-8
/// character and are not ASCII whitespace (a no-break space counts; it is
/// rare and the counts are heuristics).
pub(super) fn visible_chars(text: &str) -> u32 {
    // Whether a byte counts, as comparisons without a branch (ASCII
    // whitespace is a space or `\t` `\n` `\x0C` `\r`: 9 to 13 but not 11;
    // a continuation byte is 0x80 to 0xBF, below -64 as a signed byte), so
    // that the compiler counts 16 or 32 bytes at once; counted per run of
    // 255 bytes, as many as a byte counter holds. Every text of the page
    // goes through here.
    let counts = |b: u8| {
        let space = (b == b' ') | ((b.wrapping_sub(b'\t') < 5) & (b != 0x0B));
        let continuation = (b as i8) < -64;
        u8::from(!(space | continuation))
    };
    let count: u64 = text
        .as_bytes()
        .chunks(255)
        .map(|run| u64::from(run.iter().fold(0u8, |sum, &b| sum.wrapping_add(counts(b)))))
        .sum();
    u32::try_from(count).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::{
        CALL_TO_ACTION_CHARS, CALLS_TO_ACTION, FILLER_INITIALS, FILLER_WORDS, TEASER_CHARS,
        is_call_to_action, is_card, is_contents, is_cut_summary, is_filler_word, is_placeholder,
        visible_chars,
    };

    #[test]
    fn summaries_cut_short() {
        let cut = |text: &str| is_cut_summary(text, visible_chars(text));
        let line = "The harbour reopened on Monday after the winter storms and the ferry";
        for end in ["...", "…", " […]", " [...]", "... ", "…\n  "] {
            assert!(cut(&format!("{line}{end}")), "{end:?}");
        }
        assert!(!cut(line));
        assert!(!cut(&format!("{line}.")));
        assert!(!cut(&format!("{line}…!")));
        assert!(!cut("Read on…"), "a line too short for a summary");
        // A card needs a link; with its summary cut short, a headline's
        // worth is enough.
        assert!(is_card(300, 30, true));
        assert!(!is_card(300, 30, false));
        assert!(!is_card(300, 0, true));
        assert!(!is_card(TEASER_CHARS + 1, 30, true));
    }

    #[test]
    fn tables_of_contents_are_links_and_a_label() {
        // "In this article" and three entries of 12 characters.
        assert!(is_contents(13 + 36, 36, 3));
        // "Table of contents", a "Hide" toggle and two entries.
        assert!(is_contents(15 + 4 + 30, 30, 2));
        // Numbers before the entries: a tenth of the text more.
        assert!(is_contents(40 + 400 + 44, 400, 20));
        // One link alone is "Back to top", not a table.
        assert!(!is_contents(11, 11, 1));
        // A paragraph with footnote marks is text with links in it.
        assert!(!is_contents(300, 6, 2));
        assert!(!is_contents(0, 0, 0));
    }

    #[test]
    fn filler_words_fit_the_lookup() {
        for word in FILLER_WORDS {
            assert_eq!(word, word.to_ascii_lowercase(), "{word}");
            assert!(word.bytes().all(|b| b.is_ascii_lowercase()), "{word}");
            assert!(is_filler_word(word.as_bytes()), "{word}");
            assert!(
                is_filler_word(word.to_ascii_uppercase().as_bytes()),
                "{word}"
            );
            // One letter short or long, or another first letter: no word
            // of the filler.
            assert!(!is_filler_word(&word.as_bytes()[1..]), "{word}");
            assert!(!is_filler_word(format!("{word}s").as_bytes()), "{word}");
            assert!(
                !is_filler_word(format!("z{}", &word[1..]).as_bytes()),
                "{word}"
            );
        }
        let initials: u32 = FILLER_INITIALS.iter().map(|bits| bits.count_ones()).sum();
        assert!(initials as usize <= FILLER_WORDS.len());
        assert!(!is_filler_word(b""));
    }

    #[test]
    fn placeholder_text() {
        assert!(is_placeholder("Lorem ipsum dolor sit amet"));
        assert!(is_placeholder("\n  LOREM IPSUM"));
        assert!(is_placeholder("ipsum"), "a word alone");
        assert!(is_placeholder("x-ipsum-x"), "a word between other bytes");
        assert!(
            !is_placeholder("ipsums and lipsum"),
            "a longer word holds one"
        );
        // A word that ends on the head's last byte counts; one cut there
        // does not.
        let pad = "a ".repeat(26);
        assert_eq!(format!("{pad} consectetur").len(), super::FILLER_HEAD);
        assert!(is_placeholder(&format!("{pad} consectetur")));
        assert!(!is_placeholder(&format!("{pad}  consectetur")));
        assert!(
            is_placeholder("Tempor incididunt ut labore et dolore magna aliqua."),
            "a later paragraph of the filler"
        );
        assert!(is_placeholder("Duis aute irure dolor in reprehenderit."));
        assert!(!is_placeholder("Lorem"));
        assert!(!is_placeholder("Dolor sit amet: an ordinary sentence."));
        assert!(!is_placeholder("ÉÉÉÉÉÉ"));
        let quoted = format!("{} lorem ipsum", "é".repeat(40));
        assert!(!is_placeholder(&quoted), "a quote far into a text");
    }

    #[test]
    fn calls_to_action() {
        assert!(is_call_to_action("Read more"));
        assert!(is_call_to_action("  READ MORE »"));
        assert!(is_call_to_action("Continue reading →"));
        assert!(is_call_to_action("\n  Learn more\n  "));
        assert!(is_call_to_action("Learn more..."));
        assert!(!is_call_to_action("Read more about tides"));
        assert!(!is_call_to_action("Learn"));
        assert!(!is_call_to_action("→"));
        for action in CALLS_TO_ACTION {
            assert!(visible_chars(action) < CALL_TO_ACTION_CHARS, "{action}");
        }
    }

    #[test]
    fn visible_characters() {
        assert_eq!(visible_chars(" a b\n\tc "), 3);
        assert_eq!(visible_chars("é中🦀"), 3);
        assert_eq!(visible_chars("   "), 0);
        // Every ASCII byte on its own, and a long text from every
        // starting character: as counted one character at a time.
        for b in 0..0x80u8 {
            let text = char::from(b).to_string();
            assert_eq!(
                visible_chars(&text),
                u32::from(!b.is_ascii_whitespace()),
                "{b:#x}"
            );
        }
        let long = "Ünïcode words, \t\r\n\x0B\x0C and 中文 🦀 ".repeat(40);
        for (start, _) in long.char_indices().take(40) {
            let text = &long[start..];
            let expected = text.chars().filter(|c| !c.is_ascii_whitespace()).count();
            assert_eq!(visible_chars(text) as usize, expected, "from byte {start}");
        }
    }

    mod properties {
        use super::super::{FILLER_HEAD, FILLER_WORDS, is_placeholder, visible_chars};
        use proptest::prelude::*;

        /// Whitespace of every kind, ASCII and beyond, letters, filler
        /// words in any case, and punctuation, in runs long and short.
        fn text() -> impl Strategy<Value = String> {
            let piece = prop_oneof![
                4 => "[a-zA-Z]{1,14}",
                2 => prop::sample::select(FILLER_WORDS.to_vec()).prop_map(str::to_owned),
                1 => prop::sample::select(FILLER_WORDS.to_vec())
                    .prop_map(|word| word.to_ascii_uppercase()),
                3 => "[ \t\n\r\x0B\x0C]{1,4}",
                1 => "[\u{80}-\u{10FFFF}]{1,3}",
                1 => "[-.,;:!?'()\\[\\]0-9]{1,3}",
            ];
            prop::collection::vec(piece, 0..60).prop_map(|pieces| pieces.concat())
        }

        /// What [`is_placeholder`] computes, a byte at a time.
        fn placeholder_one_byte_at_a_time(text: &str) -> bool {
            let start = text.len()
                - text
                    .trim_start_matches(|c: char| c.is_ascii_whitespace())
                    .len();
            let bytes = text.as_bytes();
            let head = &bytes[start..bytes.len().min(start + FILLER_HEAD)];
            head.split(|b| !b.is_ascii_alphabetic()).any(|word| {
                FILLER_WORDS
                    .iter()
                    .any(|filler| filler.as_bytes().eq_ignore_ascii_case(word))
            })
        }

        proptest! {
            #![proptest_config(ProptestConfig::with_cases(2000))]

            /// The counts made many bytes at once are the counts made one
            /// character at a time.
            #[test]
            fn visible_characters_one_at_a_time(text in text()) {
                let expected = text.chars().filter(|c| !c.is_ascii_whitespace()).count();
                prop_assert_eq!(visible_chars(&text) as usize, expected);
            }

            /// The words found through a bitmask are the words found one
            /// byte at a time.
            #[test]
            fn placeholder_words_one_byte_at_a_time(text in text()) {
                prop_assert_eq!(is_placeholder(&text), placeholder_one_byte_at_a_time(&text));
            }
        }
    }
}
