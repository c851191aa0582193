//! `content: "main"`: the main content of a page, found before the
//! canonical walk and read by it (SPEC §3.3 applies to what is found).
//!
//! Three steps, all over [`DomAdapter`] so that every backend finds the same
//! content:
//!
//! 1. **Statistics** ([`stats`]): one iterative pre-order pass over the
//!    elements below the content root records, per element, its tag and
//!    attribute hints ([`hints`]), the characters of its text, of its link
//!    text and of its *prose*: blocks whose own inline text is at least
//!    [`stats::PROSE_CHARS`] characters and at most half links. Prose is
//!    what articles are made of and what menus, bylines, buttons and teaser
//!    lists are not.
//! 2. **The container** ([`container`]): the element (or the content root) that maximizes
//!    `prose − link-list text − FURNITURE × furniture text`, a content
//!    marker adding a share of its prose ([`marker_bonus`](container::marker_bonus)); ties go to the
//!    outer element. Link-list text is the own text of blocks that are not
//!    prose and are more than half links to other pages (menus, teaser
//!    titles, tag lines). Furniture is `nav`, `aside`, `header`, `footer`,
//!    controls and embeds, and elements whose class/id words say
//!    boilerplate or furniture; its prose does not count, and its text costs
//!    a little ([`FURNITURE`](container::FURNITURE)): pruning removes it inside the container.
//!    (Of an element only its class/id words call so, the prose counts a
//!    fifth and the link lists in full: [`Rules::WEIGHED`]. A control only
//!    by its ARIA role that holds prose is no control: a clickable card.)
//!    Hidden text counts for nothing. Why: the article body is the
//!    smallest subtree that holds nearly all the prose; growing it to the
//!    page takes in menus and link lists, which cost more than the prose
//!    they add. With `include`, the included elements are the containers
//!    and this step is not taken. Nothing inside a hidden element counts
//!    either; a layer over the page (`aria-modal="true"`, a closed
//!    `<dialog>`, a `popover`: [`Rules::LAYERS`]) is hidden, a
//!    `role="tabpanel"` or `role="region"` is not (the reader opens it
//!    with its tab or its accordion's button), nor is a block folded with
//!    `hidden="until-found"` (find in page opens it), nor is a hidden
//!    block whose class or id names such a panel (`accordion`,
//!    `collapse`, `faq`, `answer`), nor one that holds most of the page's
//!    prose or a part React streamed (`<div hidden
//!    id="S:0">`): a script shows those. A run of teaser cards
//!    ([`Rules::TEASERS`]) counts as a link list, not as prose. The
//!    page's footer ([`Rules::FOOTERS`]) is never the container nor holds
//!    it, however much of the page's prose it holds.
//! 3. **Pruning** ([`pruning`]) inside each container, each rule for a reason: hidden
//!    elements (a reader never sees them); navigation, asides, controls and
//!    embeds (tags and ARIA roles that are furniture by definition);
//!    headers and footers without prose (headline, byline, tags); blocks
//!    with boilerplate class/id words (share bars, related lists, comments,
//!    galleries, ad slots) and furniture words without a content word. A
//!    furniture hint does not remove an element that holds half the
//!    container's prose or text (the container was chosen for that text,
//!    so a hint on a wrapper inside it is wrong), and no word removes an
//!    element that is or holds a content marker. On a prose-poor page
//!    (step 4), furniture words prune nothing ([`Rules::ENTRIES`]). A
//!    `<time>` outside a prose paragraph is a date stamp, pruned
//!    ([`Rules::TIMES`]).
//!
//! 4. **Prose-poor pages** ([`Rules::SPREAD`]): when the best container's
//!    prose is less than [`PROSE_POOR`](container::PROSE_POOR) of the page's readable text (not
//!    hidden, not furniture), the page is made of entries, specs, short
//!    posts or sections; its container is the deepest element holding
//!    [`MOST`](container::MOST) of the readable text. Why: there the best-scoring block is
//!    one card, one intro or one section of a run of sibling blocks.
//!
//! Class words are weighed against what the element holds: `widget` is
//! no furniture on a block that is not mostly links ([`Rules::WIDGETS`]:
//! page builders name every block so); `comment` is no boilerplate on a
//! page whose markup names a forum ([`Rules::FORUMS`]); the text of
//! `select`, `option`, `button` and `textarea` is no part of its block's
//! own text (options are no sentence). Figures: `docs/main-content.md`.
//!
//! Measured and left out (figures in the README): pruning link-dense
//! blocks without prose cost F1 on the labelled pages (the bug lists of a
//! status report, a list of tools on an about page are content), and
//! pruning captions removed the titles of ECMA-262's tables.
//!
//! 5. **The title** ([`Rules::TITLE`]): the nearest `h1` before a chosen
//!    container, with no prose (furniture's aside) between, is kept with
//!    it as a second container: the headline in a header beside the
//!    article's body.
//!
//! The result is never empty when the page has visible text: when the
//! chosen content would keep none, the whole content root is kept.
//!
//! The effect of each rule on the hand-labelled web pages and on the
//! documentation pages is measured by `cargo xtask main-content`, which
//! turns each rule off in turn ([`Rules`]).
//!
//! Where each part is: [`stats`] counts (step 1), reading the tags and
//! attributes through [`hints`]; [`page_kind`] reads what the page as a
//! whole is (a forum's thread, a product's page); [`furniture`] says what
//! an element's hints mean under the rules, for [`container`] (steps 2, 4
//! and 5) and [`pruning`] (step 3) alike; [`copies`] says a passage once
//! ([`Rules::COPIES`]); [`fallback`] keeps the whole root when nothing
//! else shows; [`rules`] holds the bits, one per rule.

mod container;
mod copies;
mod fallback;
mod furniture;
mod hints;
mod page_kind;
mod pruning;
mod rules;
mod stats;

use crate::adapter::DomAdapter;
use crate::select::SelectorSet;

use self::container::{choose, score_all, title_before};
use self::copies::drop_copies;
use self::fallback::shows_text;
use self::hints::{Hints, WORD_FURNITURE, WORD_PART};
use self::page_kind::{read_comment_words, read_head_data, read_hidden_bulk, read_placeholders};
use self::pruning::verdicts;
pub use self::rules::Rules;
use self::stats::{INCLUDED, Stats};

/// What the canonical walk does with one element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Left out with everything inside.
    Skip,
    /// Not content, but a container is inside: walked for it.
    Outside,
    /// A container: content, with everything inside not pruned.
    Root,
    /// Content inside a container.
    Inside,
}

/// The main content of one document, as a verdict per element in the
/// canonical walk's pre-order.
#[derive(Debug)]
pub(crate) struct MainContent {
    verdicts: Vec<Verdict>,
    end: Vec<u32>,
    /// The content root is the container: its own text is content too.
    whole_root: bool,
}

impl MainContent {
    /// Finds the main content below `root` (the canonical walk's content
    /// root). `include_root`: `include` matched the content root, which is
    /// then the container. Elements are read through the core's table of
    /// element names, as the walk reads them: the same blocks, the same
    /// skipped elements.
    pub(crate) fn find<A: DomAdapter>(
        dom: &A,
        root: A::Node,
        include: &SelectorSet,
        exclude: &SelectorSet,
        rules: Rules,
        include_root: bool,
    ) -> Self {
        let mut stats = Stats::gather(dom, root, include, exclude);
        read_head_data(dom, root, &mut stats.page_data);
        let forum = read_comment_words(&mut stats, rules);
        read_hidden_bulk(&mut stats);
        if rules.has(Rules::PLACEHOLDERS) {
            read_placeholders(&mut stats);
        }
        if rules.has(Rules::TEASERS) {
            stats.mark_teasers();
        }
        let chosen = include.is_empty() && !include_root;
        // Hints that prune nothing inside the containers.
        let mut unheeded: Hints = 0;
        let mut containers = if include_root {
            vec![0]
        } else if include.is_empty() {
            let scored = score_all(&stats, rules);
            let (container, prose_poor) = choose(&stats, &scored, rules);
            if prose_poor && rules.has(Rules::ENTRIES) && !forum {
                unheeded = WORD_FURNITURE | WORD_PART;
            }
            match title_before(&stats, &scored, container, rules) {
                Some(title) => vec![title, container],
                None => vec![container],
            }
        } else {
            (1..stats.len())
                .filter(|&i| stats.hints[i] & INCLUDED != 0)
                .collect()
        };
        let mut found = verdicts(&stats, &containers, rules, unheeded);
        // Nothing kept: the whole page with the rules, else as it is.
        if chosen && !shows_text(dom, root, &stats, &found) {
            containers = vec![0];
            found = verdicts(&stats, &containers, rules, 0);
            if !shows_text(dom, root, &stats, &found) {
                found = verdicts(&stats, &containers, Rules(0), 0);
            }
        }
        if rules.has(Rules::COPIES) {
            drop_copies(dom, root, &stats, &mut found);
        }
        let whole_root = containers.contains(&0);
        MainContent {
            verdicts: found,
            end: stats.end,
            whole_root,
        }
    }

    /// The verdict on the element numbered `index` in pre-order (from 1).
    pub(crate) fn verdict(&self, index: usize) -> Verdict {
        self.verdicts.get(index).copied().unwrap_or(Verdict::Skip)
    }

    /// One past the last descendant of the element numbered `index`.
    pub(crate) fn end(&self, index: usize) -> usize {
        self.end.get(index).map_or(index + 1, |&end| end as usize)
    }

    /// Whether the content root is the container: its own text and every
    /// element not pruned are content, as without `content: "main"`.
    pub(crate) fn whole_root(&self) -> bool {
        self.whole_root
    }
}
