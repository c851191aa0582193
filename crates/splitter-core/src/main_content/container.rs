//! The choice of the container: each element scored by its prose against
//! its link lists and furniture ([`score_all`]), the best one taken
//! ([`choose`]), the deepest block holding most of the readable text on a
//! prose-poor page ([`Rules::SPREAD`]), and the article's title kept
//! beside it ([`title_before`]).

use super::furniture::{
    is_consent_banner, is_footer, is_furniture, is_furniture_by_tag, is_hidden,
    is_surely_boilerplate, prose_veto,
};
use super::hints::{
    self, CHROME_TAG, CONTROL_TAG, Hints, MARKER_ARTICLE, MARKER_BODY, MARKER_MAIN,
};
use super::page_kind::is_customer_reviews;
use super::rules::Rules;
use super::stats::{OMITTED, Stats};

/// The cost of one character of furniture's text, against one character
/// of prose. Pruning removes furniture inside the container, so it costs
/// less than links that stay; it costs something, since where furniture
/// is, the page's frame is near.
pub(super) const FURNITURE: f64 = 0.1;

/// The share of its prose (and readable text) that an element counts in
/// scoring when only its class words call it furniture or boilerplate
/// ([`Rules::WEIGHED`]).
pub(super) const WORDS_WEIGHT: f64 = 0.2;

/// The share of its prose that a content marker adds to its score.
pub(super) fn marker_bonus(hints: Hints) -> f64 {
    if hints & MARKER_BODY != 0 {
        0.5
    } else if hints & MARKER_MAIN != 0 {
        0.2
    } else if hints & MARKER_ARTICLE != 0 {
        0.1
    } else {
        0.0
    }
}

/// Per element: the prose and the link text (with a share of the text of
/// furniture) it holds, counted for scoring.
pub(super) struct Scored {
    prose: Vec<f64>,
    links: Vec<f64>,
    /// The readable text: not hidden, not furniture, not omitted.
    readable: Vec<f64>,
}

pub(super) fn score_all(stats: &Stats, rules: Rules) -> Scored {
    let n = stats.len();
    let mut scored = Scored {
        prose: vec![0.0; n],
        links: vec![0.0; n],
        readable: vec![0.0; n],
    };
    // Per element, what its descendants' hints change in its raw counts:
    // the sum over its children of (scored − raw).
    let mut change = vec![(0.0f64, 0.0f64, 0.0f64); n];
    let total_prose = stats.prose[0];
    for i in (0..n).rev() {
        let hints = stats.hints[i];
        let text = f64::from(stats.text[i]);
        let prose = f64::from(stats.prose[i]);
        let listed = f64::from(stats.listed[i]);
        let raw = (prose, listed, text);
        // A furniture hint on an element that holds most of the page's
        // prose is wrong (a `div.page-with-sidebar` around everything).
        let holds_most = stats.prose[i] * 2 > total_prose
            && total_prose > 0
            && !is_surely_boilerplate(hints, rules)
            && !is_footer(hints, rules);
        let vetoed = prose_veto(stats, i, hints, rules);
        let own = if hints & OMITTED != 0 || is_hidden(hints, rules) {
            (0.0, 0.0, 0.0)
        } else if hints & hints::TEASER != 0 {
            // A teaser's summary is no prose: the card is a link list.
            let (_, _, t) = change[i];
            (0.0, text, raw.2 + t)
        } else if i > 0 && !holds_most && is_furniture(vetoed, rules) {
            if rules.has(Rules::WEIGHED) && !is_furniture_by_tag(vetoed, rules) {
                // Furniture by its class words only: scored as any block,
                // its prose at a fraction, at furniture's cost.
                let (p, l, t) = change[i];
                (
                    WORDS_WEIGHT * (raw.0 + p),
                    raw.1 + l + FURNITURE * text,
                    WORDS_WEIGHT * (raw.2 + t),
                )
            } else {
                (0.0, FURNITURE * text, 0.0)
            }
        } else {
            let (p, l, t) = change[i];
            (raw.0 + p, raw.1 + l, raw.2 + t)
        };
        scored.prose[i] = own.0;
        scored.links[i] = own.1;
        scored.readable[i] = own.2;
        if i > 0 {
            let parent = &mut change[stats.parent[i] as usize];
            parent.0 += own.0 - raw.0;
            parent.1 += own.1 - raw.1;
            parent.2 += own.2 - raw.2;
        }
    }
    // What is inside a hidden or omitted element is unseen too: it
    // counts for nothing, so that no paragraph of a closed dialog is
    // chosen on its own. Parents come before children in pre-order.
    // Nor is anything inside a page's footer a candidate
    // ([`Rules::FOOTERS`]), nor inside a product's reviews.
    let mut unseen = vec![false; n];
    for i in 1..n {
        let hints = stats.hints[i];
        unseen[i] = unseen[stats.parent[i] as usize]
            || hints & OMITTED != 0
            || is_hidden(hints, rules)
            || is_footer(hints, rules)
            || is_consent_banner(hints, rules)
            || is_customer_reviews(stats, hints, rules);
        if unseen[i] {
            scored.prose[i] = 0.0;
            scored.links[i] = 0.0;
            scored.readable[i] = 0.0;
        }
    }
    scored
}

/// The container: the element with the best score, the outer one on ties;
/// and whether the page is prose-poor ([`Rules::SPREAD`]).
pub(super) fn choose(stats: &Stats, scored: &Scored, rules: Rules) -> (usize, bool) {
    if !rules.has(Rules::SCORE) {
        return (0, false);
    }
    let mut best = 0;
    let mut best_score = f64::NEG_INFINITY;
    for i in 0..stats.len() {
        let prose = scored.prose[i];
        if prose <= 0.0 && i > 0 {
            continue;
        }
        let mut score = prose - scored.links[i];
        if rules.has(Rules::MARKERS) {
            score += marker_bonus(stats.hints[i]) * prose;
        }
        if score > best_score {
            best = i;
            best_score = score;
        }
    }
    if rules.has(Rules::SPREAD) {
        spread(stats, scored, best)
    } else {
        (best, false)
    }
}

/// See [`Rules::SPREAD`]: the container, and whether the page is
/// prose-poor.
fn spread(stats: &Stats, scored: &Scored, best: usize) -> (usize, bool) {
    let page = scored.readable[0];
    if scored.prose[best] < PROSE_POOR * page {
        (holding_most(stats, &scored.readable, MOST * page), true)
    } else {
        (best, false)
    }
}

/// A page is prose-poor when its best container's prose is less than this
/// share of the page's readable text.
pub(super) const PROSE_POOR: f64 = 0.4;
/// The share of the page's readable text the container of a prose-poor
/// page holds.
pub(super) const MOST: f64 = 0.7;

/// The deepest element whose readable text is at least `least` (more than
/// half the page's: at most one child qualifies, so this is one descent).
fn holding_most(stats: &Stats, readable: &[f64], least: f64) -> usize {
    let mut at = 0;
    let mut i = 1;
    while i < stats.len() {
        let end = stats.end[at] as usize;
        if i >= end {
            break;
        }
        if readable[i] >= least {
            at = i;
            i += 1;
        } else {
            i = stats.end[i] as usize;
        }
    }
    at
}

/// The article's title kept with a chosen `container` ([`Rules::TITLE`]):
/// the nearest `h1` before it in document order, outside it, when no prose
/// lies between them (a byline, a date, tags may: furniture's prose does
/// not count, as in scoring). Why: a page's layout often puts the headline
/// in a header beside the article's body (`<header><h1>…</h1><p
/// class=meta>…</header><div itemprop=articleBody>`); the body is the best
/// container, and without its title every heading path of the article
/// lacks it. Not a title: an `h1` that is mostly a link (a site's name
/// linking home), or that is hidden, furniture by its tag, or inside such
/// an element or a boilerplate widget.
pub(super) fn title_before(
    stats: &Stats,
    scored: &Scored,
    container: usize,
    rules: Rules,
) -> Option<usize> {
    if !rules.has(Rules::TITLE) || container == 0 {
        return None;
    }
    let encloses = |i: usize| stats.end[i] as usize > container;
    let title = (1..container)
        .rev()
        .find(|&i| stats.hints[i] & hints::TITLE != 0 && !encloses(i))?;
    // What lies between, in document order: the subtrees after the title
    // and before the container, through the container's ancestors.
    let mut i = stats.end[title] as usize;
    while i < container {
        if encloses(i) {
            i += 1;
        } else if scored.prose[i] > 0.0 {
            return None;
        } else {
            i = stats.end[i] as usize;
        }
    }
    is_title(stats, title, rules).then_some(title)
}

/// Whether the `h1` numbered `i` can be an article's title: see
/// [`title_before`].
fn is_title(stats: &Stats, i: usize, rules: Rules) -> bool {
    if stats.text[i] == 0 || stats.link[i] * 2 > stats.text[i] {
        return false;
    }
    let mut at = i;
    while at > 0 {
        let hints = stats.hints[at];
        if hints & OMITTED != 0
            || is_hidden(hints, rules)
            || hints & (CHROME_TAG | CONTROL_TAG) != 0
            || is_surely_boilerplate(hints, rules)
        {
            return false;
        }
        at = stats.parent[at] as usize;
    }
    true
}
