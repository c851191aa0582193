//! What an element's hints mean under the rules: whether it is furniture
//! (by its tag or role, or by its class words), surely boilerplate,
//! hidden from the reader, a page's footer or a consent banner. Scoring
//! ([`super::container`]) and pruning ([`super::pruning`]) ask the same
//! questions here.

use super::hints::{
    self, CHROME_TAG, CONTROL_TAG, FRAME_TAG, HIDDEN, Hints, MARKER_ARTICLE, MARKER_BODY,
    MARKER_MAIN, WORD_BOILERPLATE, WORD_CONTENT, WORD_FURNITURE, WORD_PART,
};
use super::rules::Rules;
use super::stats::{HOLDS_MARKER, PLACEHOLDER, Stats};

/// Whether hints make an element furniture for scoring and pruning.
/// The `header` of an `article` that holds all the article's text is no
/// frame ([`Rules::CARDS`]): it is the article, a teaser card written
/// `<article><header><h2><a>…</a></h2><p>…</p></header></article>`.
/// `widget` on an element that is not mostly links (at most half its text
/// is link text) is no furniture: page builders name every block of an
/// article `…-widget` (its headline, each paragraph), while a sidebar's
/// widgets are menus and lists of links. The word is dropped from the
/// hints then.
pub(super) fn prose_veto(stats: &Stats, i: usize, hints: Hints, rules: Rules) -> Hints {
    // A control only by its role that holds prose is a block made
    // clickable (a card with `role="button"`), or a wrapper named for
    // what it holds (Bootstrap's accordion is a `role="tablist"` around
    // its panels): its prose is read.
    let hints = if hints & hints::ROLE_CONTROL != 0 && stats.prose[i] > 0 {
        hints & !CONTROL_TAG
    } else {
        hints
    };
    let hints = if rules.has(Rules::CARDS)
        && hints & FRAME_TAG != 0
        && hints & hints::FOOTER == 0
        && i > 0
        && stats.hints[stats.parent[i] as usize] & MARKER_ARTICLE != 0
        && stats.text[i] == stats.text[stats.parent[i] as usize]
    {
        hints & !FRAME_TAG
    } else {
        hints
    };
    if rules.has(Rules::WIDGETS)
        && hints & hints::WORD_WIDGET != 0
        && stats.link[i] * 2 <= stats.text[i]
    {
        hints & !WORD_FURNITURE
    } else {
        hints
    }
}

pub(super) fn is_furniture(hints: Hints, rules: Rules) -> bool {
    is_furniture_by_tag(hints, rules)
        || (rules.has(Rules::WORDS) && is_boilerplate_by_words(hints, rules))
}

/// Furniture by its tag or role, which say what an element is; class
/// words only say what its author called it.
pub(super) fn is_furniture_by_tag(hints: Hints, rules: Rules) -> bool {
    (rules.has(Rules::TAGS) && hints & (CHROME_TAG | CONTROL_TAG) != 0)
        || (rules.has(Rules::FRAMES) && hints & FRAME_TAG != 0)
}

/// Not for a content marker or an element that holds one: the author's
/// explicit word wins over a class name.
pub(super) fn is_boilerplate_by_words(hints: Hints, rules: Rules) -> bool {
    hints & (MARKER_MAIN | MARKER_BODY | HOLDS_MARKER) == 0
        && (hints & WORD_BOILERPLATE != 0
            || (rules.has(Rules::PARTS) && hints & WORD_PART != 0)
            || (hints & WORD_FURNITURE != 0 && hints & WORD_CONTENT == 0))
}

/// Whether the element `i` holds an `h1`: a part that holds the page's
/// title is the title's block ([`Rules::PARTS`]).
pub(super) fn holds_title(stats: &Stats, i: usize) -> bool {
    (i + 1..stats.end[i] as usize).any(|j| stats.hints[j] & hints::TITLE != 0)
}

/// A consent banner ([`Rules::CONSENTS`]).
pub(super) fn is_consent_banner(hints: Hints, rules: Rules) -> bool {
    rules.has(Rules::CONSENTS)
        && rules.has(Rules::WORDS)
        && hints & hints::WORD_CONSENT != 0
        && hints & (WORD_CONTENT | MARKER_MAIN | MARKER_BODY | HOLDS_MARKER) == 0
}

/// A boilerplate word without a content word beside it: the element is
/// boilerplate however much text it holds (a gallery of 50 captioned
/// photos inside an article is longer than the article).
/// Not when it holds a content marker: then the word is wrong (or the
/// markup broken, so that the widget swallowed the article).
pub(super) fn is_surely_boilerplate(hints: Hints, rules: Rules) -> bool {
    rules.has(Rules::WORDS)
        && hints & WORD_BOILERPLATE != 0
        && hints & (WORD_CONTENT | HOLDS_MARKER) == 0
}

/// Hidden from the reader: by the page ([`Rules::HIDDEN`]), as a layer
/// over it ([`Rules::LAYERS`]), or as a template's placeholder text
/// ([`Rules::PLACEHOLDERS`]).
pub(super) fn is_hidden(hints: Hints, rules: Rules) -> bool {
    (rules.has(Rules::PLACEHOLDERS) && hints & PLACEHOLDER != 0)
        || (rules.has(Rules::HIDDEN) && hints & HIDDEN != 0)
        || (rules.has(Rules::LAYERS) && hints & hints::LAYER != 0)
}

/// A page's footer ([`Rules::FOOTERS`]); not a content marker or an
/// element that holds one (the author's explicit word wins).
pub(super) fn is_footer(hints: Hints, rules: Rules) -> bool {
    rules.has(Rules::FOOTERS)
        && hints & hints::FOOTER != 0
        && hints & (MARKER_MAIN | MARKER_BODY | HOLDS_MARKER) == 0
}
