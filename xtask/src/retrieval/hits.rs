//! What counts as a hit: a chunk that contains the answer once both are
//! normalized ([`normalize`]), among the chunks a ranking offers
//! ([`within_characters`] for hit@3k).

use unicode_normalization::UnicodeNormalization;

/// The text a hit is looked for in, and the answer looked for: NFKC; `\`,
/// `*` and `_` removed (Markdown's escapes and emphasis); `|` read as a
/// space (a table's cell borders); every run of whitespace one space, none
/// at the ends; case folded with `str::to_lowercase` (full Unicode
/// lowercase mapping, not Unicode case folding proper: `ß` stays `ß`).
pub fn normalize(text: &str) -> String {
    let marks_gone: String = text
        .nfkc()
        .filter(|c| !matches!(c, '\\' | '*' | '_'))
        .map(|c| if c == '|' { ' ' } else { c })
        .collect();
    marks_gone
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// How many of the best-ranked chunks fit in `budget` characters together:
/// the longest run from the best whose lengths (`chars`, in characters, by
/// chunk number) add up to at most `budget`, and at least the best one
/// whatever its length (0 only when there is no chunk).
pub fn within_characters(ranking: &[usize], chars: &[usize], budget: usize) -> usize {
    let mut used = 0;
    for (taken, &chunk) in ranking.iter().enumerate() {
        used += chars[chunk];
        if used > budget {
            return taken.max(1);
        }
    }
    ranking.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalization() {
        // NFKC: the ligature, the full-width letters, the non-breaking space.
        assert_eq!(normalize("ﬁnal\u{a0}ＡＢ"), "final ab");
        // Composed and decomposed forms agree.
        assert_eq!(normalize("Kędzia"), normalize("Ke\u{328}dzia"));
        // Markdown's marks, escapes and table borders.
        assert_eq!(
            normalize("| **Bangkok**, \\_Thailand\\_ | 1st |"),
            "bangkok, thailand 1st"
        );
        assert_eq!(normalize("snake_case"), "snakecase");
        // Whitespace of any kind, collapsed and trimmed.
        assert_eq!(normalize("\n New\t\u{2003} Delhi \r\n"), "new delhi");
        // Case: full lowercase mapping.
        assert_eq!(normalize("ÉTÉ İstanbul ΣΟΦΙΑ"), "été i\u{307}stanbul σοφια");
        assert_eq!(normalize(""), "");
        assert_eq!(normalize(" | * _ \\ "), "");
    }

    #[test]
    fn a_markdown_chunk_contains_its_plain_answer() {
        let chunk = normalize("| Rank | Venue |\n|---|---|\n| 1 | *Bangkok*, Thailand |");
        assert!(chunk.contains(&normalize("Bangkok, Thailand")));
        assert!(chunk.contains(&normalize("1 bangkok")));
    }

    #[test]
    fn characters_budget() {
        let chars = [1000, 2500, 1000, 500, 3000];
        // Chunks 0 and 2 fit (2000); 3 would too but the run stops at the
        // first that does not.
        assert_eq!(within_characters(&[0, 2, 1, 3], &chars, 3000), 2);
        assert_eq!(within_characters(&[0, 2, 3], &chars, 3000), 3);
        // Exactly the budget fits.
        assert_eq!(within_characters(&[1, 3], &chars, 3000), 2);
        assert_eq!(within_characters(&[4, 3], &chars, 3000), 1);
        // A best chunk longer than the budget still counts, alone.
        assert_eq!(within_characters(&[0, 1], &[3001, 1], 3000), 1);
        assert_eq!(within_characters(&[], &chars, 3000), 0);
    }
}
