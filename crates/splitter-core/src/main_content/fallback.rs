//! Whether the verdicts keep any text a reader sees ([`shows_text`]):
//! when the chosen content keeps none, [`MainContent::find`](super::MainContent::find) keeps the
//! whole content root instead, so that the result is never empty on a
//! page with visible text.

use crate::adapter::DomAdapter;
use crate::text::is_whitespace_only;

use super::Verdict;
use super::stats::{self, OMITTED, Stats};

/// A kept text of at most this many characters other than ASCII
/// whitespace is looked at again ([`shows_text`]).
const FEW_CHARS: u32 = 64;

/// Whether the elements `verdicts` keep show any text: their count of
/// characters other than ASCII whitespace ([`kept_text`]), and when that
/// is small, their texts read again for a character that is not
/// whitespace of any kind. Why: the counts take a no-break space (or
/// another Unicode space) for a character, so a spacer (`<span>&nbsp;
/// </span>`) chosen on a page whose other text is hidden kept nothing a
/// reader sees, and `main` came back empty where `all` was not.
pub(super) fn shows_text<A: DomAdapter>(
    dom: &A,
    root: A::Node,
    stats: &Stats,
    verdicts: &[Verdict],
) -> bool {
    let kept = kept_text(stats, verdicts, 0);
    if kept == 0 || kept > FEW_CHARS {
        return kept > 0;
    }
    let content = |i: usize| matches!(verdicts.get(i), Some(Verdict::Root | Verdict::Inside));
    // A subtree left out is passed over whole, its numbers with it.
    let mut walk = stats::NumberedWalk::new(dom, stats, root, 0);
    while let Some(step) = walk.next() {
        match step {
            stats::Step::Text(node, parent) => {
                if content(parent) && !is_whitespace_only(&dom.text(node)) {
                    return true;
                }
            }
            stats::Step::Element(_, index) => {
                if index >= stats.len() {
                    return true;
                }
                if stats.hints[index] & OMITTED != 0 || verdicts.get(index) == Some(&Verdict::Skip)
                {
                    walk.skip_children();
                }
            }
        }
    }
    false
}

/// The characters of text the verdicts keep inside `container`.
fn kept_text(stats: &Stats, verdicts: &[Verdict], container: usize) -> u32 {
    let end = stats.end[container] as usize;
    let mut kept = stats.text[container];
    let mut i = container + 1;
    while i < end {
        if verdicts[i] == Verdict::Skip {
            kept = kept.saturating_sub(stats.text[i]);
            i = stats.end[i] as usize;
        } else {
            i += 1;
        }
    }
    kept
}
