//! The statistics pass: one iterative pre-order walk over the elements
//! below the content root, counting text and link text per element.
//!
//! Elements are numbered in pre-order from 1 (0 is the content root). The
//! canonical walk (crate `canonical`) visits elements in the same order and
//! skips the same subtrees (`script`-like elements and `exclude` matches are
//! recorded here as elements without descendants), so a number here is the
//! same element there.

mod numbered_walk;
mod text_kinds;

use rustc_hash::FxHashMap;

use crate::adapter::{DomAdapter, NodeKind};
use crate::elements::{ElementClass, ElementInfo, Mark, PagePart, Role, element_info};
use crate::select::{MatchCaches, SelectorSet};
use crate::text::contains_ignore_ascii_case;

use self::numbered_walk::TextHash;
pub(super) use self::numbered_walk::{NumberedWalk, Step, block_hashes};
pub(super) use self::text_kinds::{CALL_TO_ACTION_CHARS, PROSE_CHARS};
use self::text_kinds::{
    TEASER_RUN, is_call_to_action, is_card, is_contents, is_cut_summary, is_link_list,
    is_placeholder, is_prose, visible_chars,
};
use super::hints::{self, ANCHOR, BLOCK, Hints, JUMP};
use super::page_kind::{PageData, read_page_data};

/// An element the walk leaves out with everything inside (`script`, an
/// `exclude` match); not a hint of the page's author.
pub(super) const OMITTED: Hints = 1 << 31;
/// An element whose text is mostly placeholder ([`is_placeholder`]);
/// marked only under `Rules::PLACEHOLDERS`.
pub(super) const PLACEHOLDER: Hints = 1 << 27;
/// An element whose own text is a call to action inside a link (`Read
/// more`, `Shop now`: see [`is_call_to_action`]).
pub(super) const CALL_TO_ACTION: Hints = 1 << 26;
/// A block whose own inline text is a prose paragraph ([`is_prose`]).
pub(super) const PROSE_BLOCK: Hints = 1 << 28;
/// An ancestor of a content marker (`main`, `role=main`,
/// `itemprop=articleBody`).
pub(super) const HOLDS_MARKER: Hints = 1 << 29;
/// A match of `include` with no matching ancestor.
pub(super) const INCLUDED: Hints = 1 << 30;
/// A block that is a table of contents: links to places in this page and
/// a label ([`is_contents`]).
pub(super) const CONTENTS: Hints = 1 << 25;
/// An element that holds a summary cut short (`… Decembe...`, `[…]`):
/// see [`is_cut_summary`]. It is marked on every ancestor too.
pub(super) const CUT_SUMMARY: Hints = 1 << 34;

/// An element a reader may dismiss, by its class or id or by a control
/// inside it so named ([`hints::DISMISS`]): boilerplate when it is no
/// longer than [`NOTICE_CHARS`].
pub(super) const DISMISSABLE: Hints = 1 << 36;
/// A notice, an alert or a banner a reader may dismiss is a few sentences
/// (the longest the WCXB pages dismiss, a forum's meetup notice, is about
/// 700 characters other than whitespace); an element longer than this
/// that holds a control named `dismiss` is the content around a stray
/// control (a tooltip's close button in an article), not a notice.
const NOTICE_CHARS: u32 = 1_000;

/// Per element, in pre-order; index 0 is the content root.
#[derive(Debug, Default)]
pub(super) struct Stats {
    /// The parent's index (the root's is 0).
    pub(super) parent: Vec<u32>,
    /// One past the last descendant's index.
    pub(super) end: Vec<u32>,
    pub(super) hints: Vec<Hints>,
    /// Characters other than whitespace in the subtree's text.
    pub(super) text: Vec<u32>,
    /// Of which inside links.
    pub(super) link: Vec<u32>,
    /// Of which inside links to places in this page ([`hints::JUMP`]).
    pub(super) jump: Vec<u32>,
    /// How many such links the subtree holds.
    pub(super) jumps: Vec<u32>,
    /// Characters of the subtree's prose paragraphs: blocks whose own
    /// inline text is long and mostly not links (see [`is_prose`]).
    pub(super) prose: Vec<u32>,
    /// Characters of the subtree's link lists: blocks without prose whose
    /// own inline text is mostly link text (see [`is_link_list`]).
    pub(super) listed: Vec<u32>,
    /// Characters of the subtree's placeholder text ([`is_placeholder`]).
    pub(super) placeholder: Vec<u32>,
    /// The element's shape: its name and `class`, hashed (0: no class).
    /// Siblings of one shape are entries of one list.
    pub(super) shape: Vec<u32>,
    /// Characters of a block's own inline text (0 for an element that is
    /// no block).
    pub(super) own: Vec<u32>,
    /// The section a block stands in: the hash of the last heading's text
    /// before it closed, never 0; 0 for an element that is no block, and
    /// for a block that repeats by design ([`repeats_by_design`]), a list
    /// or preformatted text.
    pub(super) section_of: Vec<u64>,
    /// Characters of the subtree's text inside elements that repeat by
    /// design ([`repeats_by_design`]) and inside lists and `pre`.
    pub(super) designed: Vec<u32>,
    /// The own text of the last heading closed so far, hashed: the
    /// section the next block stands in.
    section: u64,
    /// What the page's structured data says it is ([`read_page_data`]).
    pub(super) page_data: PageData,
}

/// Whether an element repeats by design: an item of a list (an
/// algorithm's steps: a child of `ol` or `ul`), a table's cell, a term
/// or its definition, or anything inside preformatted text (a program's
/// lines, a log). A block inside an item (a forum's post in an `li`) is
/// not one.
fn repeats_by_design(info: ElementInfo, in_list: bool, in_pre: bool) -> bool {
    in_list
        || in_pre
        || matches!(
            info.mark,
            Mark::Pre | Mark::Cell | Mark::Term | Mark::Definition
        )
}

struct Open<N> {
    index: u32,
    next_child: Option<N>,
    /// Own inline text and link text, when this element is a block.
    own: u32,
    own_link: u32,
    /// Its own text hashed, when it is a heading (a block's own text is
    /// hashed only when [`Rules::COPIES`](super::Rules::COPIES) needs it:
    /// [`block_hashes`]).
    own_hash: TextHash,
    /// A heading (`h1` to `h6`): the blocks after it stand in its section.
    heading: bool,
    /// It repeats by design ([`repeats_by_design`]).
    item: bool,
    /// Inside preformatted text, or preformatted itself.
    pre: bool,
    /// A list (`ol`, `ul`, `menu`): its children are its items.
    list: bool,
    /// Where in the stack of open elements the nearest open block is
    /// (this element's position when it is one; the root is one).
    block: usize,
    in_link: bool,
    in_jump: bool,
    /// Inside a `select`, `option`, `button` or `textarea`: its text is
    /// no part of its block's own text (a list of options is no sentence).
    in_control: bool,
}

impl Stats {
    /// Counts the elements below `root`, each read through the core's one
    /// table of element names ([`element_info`]), as the walk reads them.
    pub(super) fn gather<A: DomAdapter>(
        dom: &A,
        root: A::Node,
        include: &SelectorSet,
        exclude: &SelectorSet,
    ) -> Stats {
        let mut stats = Stats::default();
        // About half a page's nodes are elements, the rest mostly text.
        let elements = dom.node_count_hint() / 2;
        stats.parent.reserve(elements);
        stats.end.reserve(elements);
        stats.resize_zeroed(elements);
        stats.push(0, 0);
        let mut caches = MatchCaches::new();
        let mut classes = hints::ClassCache::for_a_page();
        // The ids the page's `aria-controls` named so far (hashed).
        let mut controlled = rustc_hash::FxHashSet::default();
        let selecting = !include.is_empty();
        let mut included_depth = 0usize;
        // The outermost open `noscript`: its place in the stack of open
        // elements, its number, and whether its text names JavaScript
        // ([`is_script_notice`]).
        let mut noscript: Option<(usize, usize, bool)> = None;
        // The place in the stack of the outermost open `svg`: the shapes
        // of a drawing (`path`, `g`, `circle`) have no hints to read, and
        // the drawing itself is a control ([`hints::hints`]).
        let mut drawing: Option<usize> = None;
        let mut open = vec![Open {
            index: 0,
            next_child: dom.first_child(root),
            own: 0,
            own_link: 0,
            own_hash: TextHash::default(),
            heading: false,
            item: false,
            pre: false,
            list: false,
            block: 0,
            in_link: false,
            in_jump: false,
            in_control: false,
        }];
        while let Some(top) = open.last_mut() {
            let Some(node) = top.next_child else {
                let position = open.len() - 1;
                let Some(done) = open.pop() else { break };
                stats.close(&done, done.block == position, &open);
                if drawing == Some(position) {
                    drawing = None;
                }
                if let Some((at, index, names_script)) = noscript
                    && at == position
                {
                    if is_script_notice(names_script, stats.text[index]) {
                        stats.hints[index] |= hints::HIDDEN;
                    }
                    noscript = None;
                }
                if stats.hints[done.index as usize] & INCLUDED != 0 {
                    included_depth -= 1;
                }
                continue;
            };
            top.next_child = dom.next_sibling(node);
            let (block, in_link, in_jump, in_control, in_pre, in_list) = (
                top.block,
                top.in_link,
                top.in_jump,
                top.in_control,
                top.pre,
                top.list,
            );
            match dom.kind(node) {
                NodeKind::Text => {
                    let text = dom.text(node);
                    let chars = visible_chars(&text);
                    if chars == 0 {
                        continue;
                    }
                    let index = top.index as usize;
                    stats.text[index] = stats.text[index].saturating_add(chars);
                    if let Some((_, _, names_script)) = &mut noscript
                        && !*names_script
                    {
                        *names_script = names_javascript(&text);
                    }
                    // Filler that matters is in paragraphs; a short line
                    // of it (`Lorem ipsum 1`) goes with the block around it.
                    if chars >= PROSE_CHARS && is_placeholder(&text) {
                        stats.placeholder[index] = stats.placeholder[index].saturating_add(chars);
                    }
                    if is_cut_summary(&text, chars) {
                        stats.hints[index] |= CUT_SUMMARY;
                    }
                    if in_jump {
                        stats.jump[index] = stats.jump[index].saturating_add(chars);
                    }
                    if in_link {
                        stats.link[index] = stats.link[index].saturating_add(chars);
                        if chars <= CALL_TO_ACTION_CHARS && is_call_to_action(&text) {
                            stats.hints[index] |= CALL_TO_ACTION;
                        }
                    }
                    if in_control {
                        continue;
                    }
                    let owner = &mut open[block];
                    owner.own = owner.own.saturating_add(chars);
                    if owner.heading {
                        owner.own_hash.add(&text);
                    }
                    if in_link {
                        owner.own_link = owner.own_link.saturating_add(chars);
                    }
                }
                NodeKind::Element => {
                    let name = dom.element_name(node);
                    let info = element_info(name);
                    let index = u32::try_from(stats.parent.len()).unwrap_or(u32::MAX);
                    let parent = top.index;
                    stats.push(parent, index);
                    if info.class == ElementClass::Skipped
                        || exclude.matches(dom, node, &mut caches)
                    {
                        stats.hints[index as usize] = OMITTED;
                        read_page_data(dom, node, &mut stats.page_data);
                        continue;
                    }
                    let position = open.len();
                    if noscript.is_none() && name.eq_ignore_ascii_case("noscript") {
                        noscript = Some((position, index as usize, false));
                    }
                    let (mut element_hints, shape) = if drawing.is_some() {
                        // A block inside a drawing (`foreignObject`'s
                        // `div`) still owns its text.
                        (hints::block_hint(info), 0)
                    } else {
                        if name.eq_ignore_ascii_case("svg") {
                            drawing = Some(position);
                        }
                        hints::hints(dom, node, name, info, &mut classes, &mut controlled)
                    };
                    // A button that opens a panel, in a heading, is the
                    // heading's text: WAI-ARIA's accordion writes each
                    // question `<h3><button aria-controls=…>`, Bootstrap
                    // 3's `<h4><a role="button" aria-controls=…>`. Other
                    // buttons in headings ("Copy link") stay controls.
                    let names_heading = (info.part == PagePart::ControlText
                        || element_hints & hints::ROLE_CONTROL != 0)
                        && element_hints & hints::OPENER != 0
                        && open.get(block).is_some_and(|owner| owner.heading);
                    if names_heading {
                        element_hints &= !(hints::CONTROL_TAG | hints::ROLE_CONTROL);
                    }
                    // What a reader may dismiss (a forum's notice, a shop's
                    // store notice, an alert) is said over the page, not by
                    // it: boilerplate. A control named so dismisses the
                    // element that holds it.
                    // Settled when the element closes, by its length
                    // ([`NOTICE_CHARS`]).
                    if element_hints & hints::DISMISS != 0 {
                        let control =
                            matches!(info.part, PagePart::Control | PagePart::ControlText)
                                || info.mark == Mark::Link
                                || element_hints & hints::ROLE_CONTROL != 0;
                        if !control {
                            element_hints |= DISMISSABLE;
                        } else if parent != 0 {
                            stats.hints[parent as usize] |= DISMISSABLE;
                        }
                    }
                    if selecting && included_depth == 0 && include.matches(dom, node, &mut caches) {
                        element_hints |= INCLUDED;
                    }
                    if element_hints & INCLUDED != 0 {
                        included_depth += 1;
                    }
                    // A control that puts a product in the cart: the
                    // page sells something, whatever its structured data.
                    stats.page_data.product |= element_hints & hints::SELLS != 0;
                    stats.hints[index as usize] = element_hints;
                    stats.shape[index as usize] = shape;
                    if element_hints & JUMP != 0 {
                        stats.jumps[index as usize] = 1;
                    }
                    open.push(Open {
                        index,
                        next_child: dom.first_child(node),
                        own: 0,
                        own_link: 0,
                        own_hash: TextHash::default(),
                        heading: matches!(info.role, Role::Heading(_)),
                        item: repeats_by_design(info, in_list, in_pre),
                        list: matches!(info.mark, Mark::List { .. }),
                        pre: in_pre || info.mark == Mark::Pre,
                        block: if element_hints & BLOCK != 0 {
                            position
                        } else {
                            block
                        },
                        in_link: in_link || element_hints & ANCHOR != 0,
                        in_jump: in_jump || element_hints & JUMP != 0,
                        // A control's labels and options are no sentence of
                        // the page.
                        in_control: in_control
                            || (info.part == PagePart::ControlText && !names_heading),
                    });
                }
                _ => {}
            }
        }
        stats.resize_zeroed(stats.parent.len());
        stats
    }

    /// Sets the length of every column but `parent` and `end` to `len`,
    /// new elements' figures zero: the one list of the columns an element
    /// starts with at zero.
    fn resize_zeroed(&mut self, len: usize) {
        self.hints.resize(len, 0);
        self.text.resize(len, 0);
        self.link.resize(len, 0);
        self.jump.resize(len, 0);
        self.jumps.resize(len, 0);
        self.prose.resize(len, 0);
        self.listed.resize(len, 0);
        self.placeholder.resize(len, 0);
        self.shape.resize(len, 0);
        self.own.resize(len, 0);
        self.section_of.resize(len, 0);
        self.designed.resize(len, 0);
    }

    /// Numbers element `index`, a child of `parent`. The zeroed columns
    /// grow in steps (doubling, [`Stats::resize_zeroed`]) rather than an
    /// element at a time, and [`Stats::gather`] trims them to the
    /// elements numbered when the walk ends.
    fn push(&mut self, parent: u32, index: u32) {
        self.parent.push(parent);
        self.end.push(index + 1);
        if self.hints.len() < self.parent.len() {
            self.resize_zeroed(self.parent.len().saturating_mul(2).max(64));
        }
    }

    /// Marks teaser cards ([`hints::TEASER`]): at least [`TEASER_RUN`]
    /// siblings of one shape (name and a class) that are each short and a
    /// quarter or more link text to other pages ([`is_card`]): "related",
    /// "more from", "you may also like", next/previous, a listing's
    /// entries. Why: a card's one-line summary is prose by length, and a
    /// run of them outweighs a short article, or pulls its container out
    /// to the wrapper that holds both. Elements without a class have no
    /// shape: a plain `<li>` of a resource list, a link and a line on it,
    /// is an author's list, not a template's cards.
    pub(super) fn mark_teasers(&mut self) {
        let n = self.len();
        let mut runs: FxHashMap<(u32, u32), u32> = FxHashMap::default();
        let card = |stats: &Stats, i: usize| {
            stats.shape[i] != 0
                && stats.hints[i] & OMITTED == 0
                && is_card(
                    stats.text[i],
                    stats.link[i],
                    stats.hints[i] & CUT_SUMMARY != 0,
                )
        };
        for i in 1..n {
            if card(self, i) {
                *runs.entry((self.parent[i], self.shape[i])).or_default() += 1;
            }
        }
        if runs.values().all(|&count| count < TEASER_RUN) {
            return;
        }
        for i in 1..n {
            if card(self, i)
                && runs
                    .get(&(self.parent[i], self.shape[i]))
                    .is_some_and(|&count| count >= TEASER_RUN)
            {
                self.hints[i] |= hints::TEASER;
            }
        }
    }

    /// Closes `done`: its subtree is complete; its counts join its parent's.
    fn close<N>(&mut self, done: &Open<N>, is_block: bool, open: &[Open<N>]) {
        let index = done.index as usize;
        self.end[index] = u32::try_from(self.parent.len()).unwrap_or(u32::MAX);
        if is_block && is_prose(done.own, done.own_link) {
            self.prose[index] += done.own;
            self.hints[index] |= PROSE_BLOCK;
        } else if is_block && is_link_list(done.own, done.own_link) {
            self.listed[index] += done.own;
        }
        if is_block
            && !done.heading
            && is_contents(self.text[index], self.jump[index], self.jumps[index])
        {
            self.hints[index] |= CONTENTS;
        }
        if is_block && !done.item && !done.list && !done.pre {
            self.section_of[index] = self.section | 1;
        }
        if done.item || done.list || done.pre {
            self.designed[index] = self.text[index];
        }
        if is_block && done.own > 0 {
            self.own[index] = done.own;
            if done.heading {
                self.section = done.own_hash.finish();
            }
        }
        if open.is_empty() {
            return;
        }
        let parent = self.parent[index] as usize;
        if self.hints[index] & (HOLDS_MARKER | hints::MARKER_MAIN | hints::MARKER_BODY) != 0 {
            self.hints[parent] |= HOLDS_MARKER;
        }
        self.hints[parent] |= self.hints[index] & CUT_SUMMARY;
        if self.hints[index] & DISMISSABLE != 0 && self.text[index] <= NOTICE_CHARS {
            self.hints[index] |= hints::WORD_BOILERPLATE;
        }
        self.text[parent] = self.text[parent].saturating_add(self.text[index]);
        self.link[parent] = self.link[parent].saturating_add(self.link[index]);
        self.jump[parent] = self.jump[parent].saturating_add(self.jump[index]);
        self.jumps[parent] = self.jumps[parent].saturating_add(self.jumps[index]);
        self.prose[parent] = self.prose[parent].saturating_add(self.prose[index]);
        self.listed[parent] = self.listed[parent].saturating_add(self.listed[index]);
        self.placeholder[parent] = self.placeholder[parent].saturating_add(self.placeholder[index]);
        self.designed[parent] = self.designed[parent].saturating_add(self.designed[index]);
    }

    /// How many elements, with the root.
    pub(super) fn len(&self) -> usize {
        self.parent.len()
    }

    /// One past the last descendant of the element numbered `index`
    /// (one past `index` for a number past the tree's end).
    pub(super) fn subtree_end(&self, index: usize) -> usize {
        self.end.get(index).map_or(index + 1, |&end| end as usize)
    }
}

/// A notice shown only when scripts are off is short: a sentence or
/// three ("JavaScript is disabled. For a better experience, please
/// enable JavaScript in your browser before proceeding.").
const SCRIPT_NOTICE_CHARS: u32 = 400;

/// Whether a `noscript` whose text has `chars` visible characters, and
/// names JavaScript or not (`names_script`), is a notice to readers
/// without scripts that the page needs them: hidden from the main
/// content, as its reader, who runs scripts, never sees it. A longer
/// `noscript` is the page's own fallback (a forum's posts, a
/// comment thread served without scripts), read as SPEC §3 reads it.
fn is_script_notice(names_script: bool, chars: u32) -> bool {
    names_script && chars <= SCRIPT_NOTICE_CHARS
}

/// Whether `text` holds the word JavaScript, in any case.
fn names_javascript(text: &str) -> bool {
    contains_ignore_ascii_case(text, "javascript")
}

#[cfg(test)]
mod tests {
    use super::{SCRIPT_NOTICE_CHARS, is_script_notice, names_javascript, repeats_by_design};
    use crate::elements::{PagePart, element_info};

    #[test]
    fn notices_to_readers_without_scripts() {
        assert!(names_javascript("Please enable JavaScript to continue."));
        assert!(names_javascript("JAVASCRIPT is off"));
        assert!(!names_javascript("Please enable scripts"));
        assert!(!names_javascript("Java"));
        assert!(is_script_notice(true, 120));
        assert!(is_script_notice(true, SCRIPT_NOTICE_CHARS));
        // A thread served without scripts may name them too.
        assert!(!is_script_notice(true, SCRIPT_NOTICE_CHARS + 1));
        assert!(!is_script_notice(false, 120));
    }

    #[test]
    fn controls_whose_text_is_no_prose() {
        let control_text = |name: &str| element_info(name).part == PagePart::ControlText;
        assert!(control_text("select"));
        assert!(control_text("OPTION"));
        assert!(control_text("button"));
        assert!(!control_text("form"), "a form can wrap a whole page");
        assert!(!control_text("p"));
    }

    #[test]
    fn items_repeat_by_design() {
        let by_design = |name: &str| repeats_by_design(element_info(name), false, false);
        for name in ["dt", "dd", "td", "th", "pre", "PRE"] {
            assert!(by_design(name), "{name}");
        }
        for name in ["li", "p", "div", "blockquote", "h2", "ol", "section"] {
            assert!(!by_design(name), "{name}");
        }
        // A list's children are its items, whatever their name; anything
        // inside preformatted text repeats as a program's lines do.
        assert!(repeats_by_design(element_info("li"), true, false));
        assert!(repeats_by_design(element_info("span"), false, true));
    }
}
