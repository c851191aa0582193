//! Pruning inside the chosen containers: the verdict on each element
//! ([`verdicts`]), and what is left out and why ([`pruned`]): hidden
//! elements, furniture by tag or role, frames without prose, date stamps,
//! calls to action, tables of contents, boilerplate and furniture words.

use super::Verdict;
use super::furniture::{
    holds_title, is_boilerplate_by_words, is_hidden, is_surely_boilerplate, prose_veto,
};
use super::hints::{self, CHROME_TAG, CONTROL_TAG, FRAME_TAG, Hints, WORD_PART};
use super::rules::Rules;
use super::stats::{self, OMITTED, Stats};

/// Verdicts for the given containers (0 is the content root); `unheeded`
/// hints prune nothing.
pub(super) fn verdicts(
    stats: &Stats,
    containers: &[usize],
    rules: Rules,
    unheeded: Hints,
) -> Vec<Verdict> {
    let n = stats.len();
    let mut verdicts = vec![Verdict::Skip; n];
    for &container in containers {
        if container != 0 {
            verdicts[container] = Verdict::Root;
            let mut ancestor = stats.parent[container] as usize;
            while ancestor > 0 && verdicts[ancestor] == Verdict::Skip {
                verdicts[ancestor] = Verdict::Outside;
                ancestor = stats.parent[ancestor] as usize;
            }
        }
        let end = stats.end[container] as usize;
        let mut i = container + 1;
        while i < end {
            if pruned(stats, i, container, rules, unheeded) {
                i = stats.end[i] as usize;
            } else {
                verdicts[i] = Verdict::Inside;
                i += 1;
            }
        }
    }
    verdicts
}

/// Whether the element `i` inside `container` is boilerplate, its
/// `unheeded` hints left out.
fn pruned(stats: &Stats, i: usize, container: usize, rules: Rules, unheeded: Hints) -> bool {
    let mut hints = stats.hints[i] & !unheeded;
    if hints & WORD_PART != 0 && holds_title(stats, i) {
        hints &= !WORD_PART;
    }
    if hints & OMITTED != 0 || is_hidden(hints, rules) {
        return true;
    }
    let (text, prose) = (stats.text[i], stats.prose[i]);
    if text == 0 {
        return false;
    }
    if is_surely_boilerplate(hints, rules) && hints & hints::BLOCK != 0 {
        return true;
    }
    if rules.has(Rules::ACTIONS)
        && hints & stats::CALL_TO_ACTION != 0
        && text <= stats::CALL_TO_ACTION_CHARS
        && !in_prose(stats, i)
    {
        return true;
    }
    if prose * 2 > stats.prose[container] || text * 2 > stats.text[container] {
        return false;
    }
    if rules.has(Rules::CONTENTS) && hints & stats::CONTENTS != 0 {
        return true;
    }
    let hints = prose_veto(stats, i, hints, rules);
    if rules.has(Rules::TAGS) && hints & (CHROME_TAG | CONTROL_TAG) != 0 {
        return true;
    }
    if rules.has(Rules::FRAMES) && hints & FRAME_TAG != 0 && prose == 0 {
        return true;
    }
    if rules.has(Rules::TIMES) && hints & hints::TIME_TAG != 0 && prose == 0 && !in_prose(stats, i)
    {
        return true;
    }
    // Words prune blocks only: an inline element with such a class is more
    // often a link styled as a popup note than a widget.
    if rules.has(Rules::WORDS) && hints & hints::BLOCK != 0 && is_boilerplate_by_words(hints, rules)
    {
        return true;
    }
    false
}

/// Whether the nearest block around the inline element `i` is a prose
/// paragraph: a date in a sentence ("the meeting on <time>May 2</time>
/// was moved") is part of it.
fn in_prose(stats: &Stats, i: usize) -> bool {
    let mut at = i;
    while at > 0 && stats.hints[at] & hints::BLOCK == 0 {
        at = stats.parent[at] as usize;
    }
    stats.hints[at] & stats::PROSE_BLOCK != 0
}
