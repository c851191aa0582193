//! The statistics pass: one iterative pre-order walk over the elements
//! below the content root, counting text and link text per element.
//!
//! Elements are numbered in pre-order from 1 (0 is the content root). The
//! canonical walk (crate `canonical`) visits elements in the same order and
//! skips the same subtrees (`script`-like elements and `exclude` matches are
//! recorded here as elements without descendants), so a number here is the
//! same element there.

use std::hash::Hasher as _;

use rustc_hash::FxHashMap;

use crate::adapter::{DomAdapter, NodeKind};
use crate::elements::{ElementClass, ElementInfo, Mark, PagePart, Role, element_info};
use crate::select::{MatchCaches, SelectorSet};
use crate::text::contains_ignore_ascii_case;

use super::hints::{self, ANCHOR, BLOCK, Hints, JUMP};

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

/// What a page says it is: a forum's thread, a product on sale. Read
/// from its JSON-LD scripts and its Open Graph type ([`read_page_data`]),
/// and from its controls (a product's: [`hints::SELLS`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct PageData {
    /// A JSON-LD `DiscussionForumPosting`, as Discourse, XenForo and
    /// vBulletin write it. Not a `QAPage`: a question's comments are
    /// remarks on a post, not its answers.
    pub(super) thread: bool,
    /// A JSON-LD `Product` or `og:type` `product` (Shopify, WooCommerce,
    /// Magento and most shops write one or both), or a control that puts
    /// a product in the cart (Amazon writes no structured data): its
    /// customers' reviews are readers' words about the content, not the
    /// content.
    pub(super) product: bool,
}

/// A teaser card is short: a headline, a line of summary, a date.
const TEASER_CHARS: u32 = 400;
/// ... and at least a quarter of its text is a link to another page (its
/// headline); a forum post or a comment signed with a linked name is not.
/// A card whose summary is cut short ([`CUT_SUMMARY`]) needs only a
/// link: the rest of its text is elsewhere, and its headline, however
/// short beside the summary, leads there.
fn is_card(text: u32, link: u32, cut: bool) -> bool {
    text > 0 && text <= TEASER_CHARS && (link * 4 >= text || (cut && link > 0))
}
/// Whether a text of `chars` visible characters is a summary cut short:
/// a line of prose's length that ends with an ellipsis, three dots or
/// `…`, bare or in brackets (`[…]`, WordPress's excerpt). An author's
/// sentence that trails off is in an article, which is no card.
fn is_cut_summary(text: &str, chars: u32) -> bool {
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
fn is_contents(text: u32, jump: u32, jumps: u32) -> bool {
    jumps >= CONTENTS_LINKS && text.saturating_sub(jump) <= CONTENTS_LABEL + text / 10
}
/// A run of teasers has at least this many cards of one shape under one
/// parent: two may be a pair of anything.
const TEASER_RUN: u32 = 3;

/// A block is a prose paragraph when its own inline text (the text that is
/// not inside a nested block) has at least this many characters other than
/// whitespace, about eight words of English: menus, buttons, bylines,
/// dates and teaser titles are shorter.
pub(super) const PROSE_CHARS: u32 = 50;

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
fn is_placeholder(text: &str) -> bool {
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
pub(super) const CALL_TO_ACTION_CHARS: u32 = 18;

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
fn is_call_to_action(text: &str) -> bool {
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
fn visible_chars(text: &str) -> u32 {
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

/// A block's own text, hashed text node by text node (each without the
/// whitespace at its ends): the same text, marked up and spaced the same
/// way, gives the same hash. Each node is hashed eight bytes at a time.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct TextHash(u64);

impl TextHash {
    const MIX: u64 = 0x9e37_79b9_7f4a_7c15;

    pub(super) fn add(&mut self, text: &str) {
        let text = text.trim_ascii();
        if text.is_empty() {
            return;
        }
        let mut node = rustc_hash::FxHasher::default();
        node.write(text.as_bytes());
        self.0 = (self.0 ^ node.finish())
            .wrapping_mul(Self::MIX)
            .rotate_left(29);
    }

    pub(super) fn finish(self) -> u64 {
        self.0
    }
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

/// Adds what the element `node` says of its page to `data`: a JSON-LD
/// script that names a forum's thread (`"DiscussionForumPosting"`) or a
/// product (`"Product"`), or a `<meta property="og:type">` of a product
/// (`product`, `og:product`, `product.item`). The types are looked for
/// as words of the script's text, not parsed: the type is all that is
/// read, and a quoted `"Product"` is one.
pub(super) fn read_page_data<A: DomAdapter>(dom: &A, node: A::Node, data: &mut PageData) {
    if data.thread && data.product {
        return;
    }
    let name = dom.element_name(node);
    if name.eq_ignore_ascii_case("script") {
        let json_ld = dom
            .attribute(node, "type")
            .is_some_and(|kind| kind.trim().eq_ignore_ascii_case("application/ld+json"));
        if !json_ld {
            return;
        }
        if let Some(text) = dom.first_child(node) {
            let text = dom.text(text);
            data.thread |= text.contains("DiscussionForumPosting");
            data.product |= text.contains("\"Product\"");
        }
    } else if name.eq_ignore_ascii_case("meta") {
        let og_type = dom
            .attribute(node, "property")
            .is_some_and(|property| property.trim().eq_ignore_ascii_case("og:type"));
        if og_type {
            data.product |= dom
                .attribute(node, "content")
                .is_some_and(|kind| is_product_type(&kind));
        }
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

/// Whether an Open Graph type is a product's: `product` (Shopify,
/// WooCommerce), `og:product` (Facebook's catalogue), `product.item` or
/// `product.group`; not `productivity.app`, a word that only begins so.
fn is_product_type(kind: &str) -> bool {
    let kind = kind.trim();
    let kind = kind.strip_prefix("og:").unwrap_or(kind);
    kind.get(..7)
        .is_some_and(|head| head.eq_ignore_ascii_case("product"))
        && kind
            .get(7..)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
}

/// The own text of each element numbered in `wanted` (in pre-order,
/// ascending), hashed as [`TextHash`] hashes it, read again from the tree:
/// only the subtrees that hold a wanted element are walked, numbered as
/// [`Stats::gather`] numbers them. A wanted element is a block whose text
/// is all its own (`own == text`), so all its text nodes are hashed, but
/// not those of an element the walk leaves out (`script`, `exclude`).
/// Each element found gives its number and hash; one not found (a number
/// past the tree's end) gives none, and is no copy of anything.
pub(super) fn block_hashes<A: DomAdapter>(
    dom: &A,
    root: A::Node,
    stats: &Stats,
    wanted: &[usize],
) -> Vec<(usize, u64)> {
    let mut hashes = Vec::with_capacity(wanted.len());
    let mut next = wanted.iter().copied().peekable();
    let mut walk = NumberedWalk::new(dom, stats, root, 0);
    while let Some(step) = walk.next() {
        let Step::Element(node, index) = step else {
            continue;
        };
        let Some(&want) = next.peek() else { break };
        let end = stats.subtree_end(index);
        if want == index {
            hashes.push((index, subtree_hash(dom, node, stats, index)));
            next.next();
        }
        if next.peek().is_none_or(|&want| want >= end) {
            // Nothing wanted inside: its elements are numbered, not walked.
            walk.skip_children();
        }
    }
    hashes
}

/// The text nodes below the element numbered `at`, hashed in order,
/// leaving out the elements the statistics pass left out.
fn subtree_hash<A: DomAdapter>(dom: &A, node: A::Node, stats: &Stats, at: usize) -> u64 {
    let mut hash = TextHash::default();
    let mut walk = NumberedWalk::new(dom, stats, node, at);
    while let Some(step) = walk.next() {
        match step {
            Step::Text(text, _) => hash.add(&dom.text(text)),
            Step::Element(_, index) => {
                if stats
                    .hints
                    .get(index)
                    .is_none_or(|&hints| hints & OMITTED != 0)
                {
                    walk.skip_children();
                }
            }
        }
    }
    hash.finish()
}

/// One node of a [`NumberedWalk`].
#[derive(Clone, Copy, Debug)]
pub(super) enum Step<N> {
    /// An element, and its number.
    Element(N, usize),
    /// A text node, and the number of the element it is in.
    Text(N, usize),
}

/// The nodes below an element in document order, each element numbered as
/// [`Stats::gather`] numbers it (the walk's first element is one past the
/// element it starts from): the walk of the rules that read the tree again
/// after the statistics, to find the elements their numbers name. A walk
/// over elements that the statistics did not walk into (those they left
/// out, `OMITTED`) passes over their children with
/// [`skip_children`](NumberedWalk::skip_children), or the numbers go
/// wrong. Other nodes (comments) are passed over. No recursion: one stack
/// entry per open element.
pub(super) struct NumberedWalk<'a, A: DomAdapter> {
    dom: &'a A,
    /// Where each element's subtree ends, to pass over one.
    stats: &'a Stats,
    /// Per open element: its next child to visit, and its number.
    open: Vec<(Option<A::Node>, usize)>,
    /// The number the next element gets.
    next_index: usize,
    /// The element last given, whose children come next unless skipped.
    entered: Option<(A::Node, usize)>,
}

impl<'a, A: DomAdapter> NumberedWalk<'a, A> {
    /// The walk of the nodes below `node`, which is numbered `index`.
    pub(super) fn new(dom: &'a A, stats: &'a Stats, node: A::Node, index: usize) -> Self {
        NumberedWalk {
            dom,
            stats,
            open: vec![(dom.first_child(node), index)],
            next_index: index + 1,
            entered: None,
        }
    }

    /// Passes over the children of the element last given, and their
    /// numbers ([`Stats::subtree_end`]).
    pub(super) fn skip_children(&mut self) {
        if let Some((_, index)) = self.entered.take() {
            self.next_index = self.next_index.max(self.stats.subtree_end(index));
        }
    }
}

impl<A: DomAdapter> Iterator for NumberedWalk<'_, A> {
    type Item = Step<A::Node>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some((node, index)) = self.entered.take() {
            self.open.push((self.dom.first_child(node), index));
        }
        loop {
            let (next, parent) = self.open.last_mut()?;
            let Some(node) = *next else {
                self.open.pop();
                continue;
            };
            *next = self.dom.next_sibling(node);
            let parent = *parent;
            match self.dom.kind(node) {
                NodeKind::Text => return Some(Step::Text(node, parent)),
                NodeKind::Element => {
                    let index = self.next_index;
                    self.next_index += 1;
                    self.entered = Some((node, index));
                    return Some(Step::Element(node, index));
                }
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{
        CALL_TO_ACTION_CHARS, CALLS_TO_ACTION, FILLER_INITIALS, FILLER_WORDS, SCRIPT_NOTICE_CHARS,
        TEASER_CHARS, TextHash, is_call_to_action, is_card, is_contents, is_cut_summary,
        is_filler_word, is_placeholder, is_product_type, is_script_notice, names_javascript,
        repeats_by_design, visible_chars,
    };
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
    fn open_graph_types_of_products() {
        for kind in [
            "product",
            " Product ",
            "og:product",
            "product.item",
            "product.group",
        ] {
            assert!(is_product_type(kind), "{kind}");
        }
        for kind in [
            "article",
            "website",
            "products",
            "productivity.app",
            "prod",
            "",
            "og:",
        ] {
            assert!(!is_product_type(kind), "{kind}");
        }
    }

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
    fn controls_whose_text_is_no_prose() {
        let control_text = |name: &str| element_info(name).part == PagePart::ControlText;
        assert!(control_text("select"));
        assert!(control_text("OPTION"));
        assert!(control_text("button"));
        assert!(!control_text("form"), "a form can wrap a whole page");
        assert!(!control_text("p"));
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
    fn a_text_hashes_alike_node_by_node() {
        let hash = |parts: &[&str]| {
            let mut hash = TextHash::default();
            for part in parts {
                hash.add(part);
            }
            hash.finish()
        };
        let whole = hash(&["Keep the mix: ", "rye feeds the yeast."]);
        // The whitespace at a node's ends, and nodes of whitespace, are
        // not its text.
        assert_eq!(
            whole,
            hash(&["\n  Keep the mix:", " ", "rye feeds the yeast.\t"])
        );
        assert_ne!(whole, hash(&["Keep the mix: ", "rye feeds the yeast!"]));
        assert_ne!(whole, hash(&["keep the mix: ", "rye feeds the yeast."]));
        assert_ne!(whole, hash(&["rye feeds the yeast.", "Keep the mix: "]));
        assert_ne!(hash(&["a"]), hash(&["a", "a"]));
        assert_ne!(hash(&[]), hash(&["a"]));
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
