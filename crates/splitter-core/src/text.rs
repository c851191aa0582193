//! Byte spans of text: trimming a span and finding char boundaries. Shared
//! by the decomposition, the forced split and the size policy, which all
//! cut the canonical text by byte offsets; the whitespace tests the walk
//! and the Markdown writer share; and a search for a word in any case that
//! page metadata and main content share.

use std::ops::Range;

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

/// The largest char boundary of `text` at or below `index`.
pub(crate) fn floor_char_boundary(text: &str, index: usize) -> usize {
    if index >= text.len() {
        return text.len();
    }
    let mut index = index;
    while !text.is_char_boundary(index) {
        index -= 1;
    }
    index
}

/// Whether `text` is whitespace only (`char::is_whitespace`, SPEC §3).
pub(crate) fn is_whitespace_only(text: &str) -> bool {
    text.chars().all(char::is_whitespace)
}

/// Whether `text` contains `part`, ignoring ASCII case, without the
/// allocation of lowercasing it. An empty `part` is in every text.
pub(crate) fn contains_ignore_ascii_case(text: &str, part: &str) -> bool {
    let (text, part) = (text.as_bytes(), part.as_bytes());
    let Some((first, rest)) = part.split_first() else {
        return true;
    };
    // The first byte alone rules out most places; the rest is compared
    // only where it matches.
    let first = first.to_ascii_lowercase();
    text.windows(part.len()).any(|window| {
        window.first().map(u8::to_ascii_lowercase) == Some(first)
            && window
                .get(1..)
                .is_some_and(|tail| tail.eq_ignore_ascii_case(rest))
    })
}

/// `text` trimmed, with every run of whitespace made one space.
pub(crate) fn collapse_whitespace(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_found_in_any_case() {
        assert!(contains_ignore_ascii_case("post-Author-name", "author"));
        assert!(contains_ignore_ascii_case("JAVASCRIPT", "javascript"));
        assert!(!contains_ignore_ascii_case("auth", "author"));
        assert!(contains_ignore_ascii_case("", ""));
        assert!(contains_ignore_ascii_case("any", ""));
        // At either end, the part in capitals, a first letter seen twice.
        assert!(contains_ignore_ascii_case("authorBox", "AUTHOR"));
        assert!(contains_ignore_ascii_case("post-by-aauthor", "author"));
        assert!(contains_ignore_ascii_case("entry-Author", "author"));
        assert!(!contains_ignore_ascii_case("authoR-", "authors"));
        assert!(!contains_ignore_ascii_case("a", "ab"));
    }

    #[test]
    fn trimmed_spans() {
        assert_eq!(trimmed("  ab \n", 0..6), 2..4);
        assert_eq!(trimmed("x  ab \ny", 1..7), 3..5);
        assert!(trimmed(" \u{a0} ", 0..4).is_empty());
    }

    #[test]
    fn floor_char_boundaries() {
        let text = "aé🦀";
        assert_eq!(floor_char_boundary(text, 0), 0);
        assert_eq!(floor_char_boundary(text, 2), 1);
        assert_eq!(floor_char_boundary(text, 3), 3);
        assert_eq!(floor_char_boundary(text, 5), 3);
        assert_eq!(floor_char_boundary(text, 7), 7);
        assert_eq!(floor_char_boundary(text, 100), 7);
    }
}
