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
//! 2. **The container**: the element (or the content root) that maximizes
//!    `prose − link-list text − FURNITURE × furniture text`, a content
//!    marker adding a share of its prose ([`marker_bonus`]); ties go to the
//!    outer element. Link-list text is the own text of blocks that are not
//!    prose and are more than half links to other pages (menus, teaser
//!    titles, tag lines). Furniture is `nav`, `aside`, `header`, `footer`,
//!    controls and embeds, and elements whose class/id words say
//!    boilerplate or furniture; its prose does not count, and its text costs
//!    a little ([`FURNITURE`]): pruning removes it inside the container.
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
//! 3. **Pruning** inside each container, each rule for a reason: hidden
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
//!    prose is less than [`PROSE_POOR`] of the page's readable text (not
//!    hidden, not furniture), the page is made of entries, specs, short
//!    posts or sections; its container is the deepest element holding
//!    [`MOST`] of the readable text. Why: there the best-scoring block is
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

mod hints;
mod stats;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::adapter::{DomAdapter, NodeKind};
use crate::select::SelectorSet;
use crate::text::is_whitespace_only;

use self::hints::{
    CHROME_TAG, CONTROL_TAG, FRAME_TAG, HIDDEN, Hints, MARKER_ARTICLE, MARKER_BODY, MARKER_MAIN,
    WORD_BOILERPLATE, WORD_CONTENT, WORD_FURNITURE, WORD_PART,
};
use self::stats::{HOLDS_MARKER, INCLUDED, OMITTED, PLACEHOLDER, Stats};

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

/// The rules of main-content detection, as bits; all are on by default.
/// Turning one off measures its effect (see `cargo xtask main-content`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules(u32);

impl Rules {
    /// Choose a container by scoring (else the content root is the one).
    pub const SCORE: Rules = Rules(1);
    /// Content markers (`main`, `article`, `role=main`, `itemprop=articleBody`)
    /// add to their element's score.
    pub const MARKERS: Rules = Rules(1 << 1);
    /// Class/id words count in scoring and prune inside the container.
    pub const WORDS: Rules = Rules(1 << 2);
    /// Furniture tags and roles (`nav`, `aside`, controls) count in scoring
    /// and are pruned.
    pub const TAGS: Rules = Rules(1 << 3);
    /// `header`/`footer` count as furniture and are pruned without prose.
    pub const FRAMES: Rules = Rules(1 << 4);
    /// Hidden elements are pruned and count for nothing.
    pub const HIDDEN: Rules = Rules(1 << 5);
    /// A page whose best container holds little prose against the
    /// page's readable text is made of something else (entries, specs,
    /// short posts): its container is the smallest block that holds most
    /// of the readable text.
    pub const SPREAD: Rules = Rules(1 << 6);
    /// `widget` in a class is no furniture on an element that is not
    /// mostly links (page builders name every block so).
    pub const WIDGETS: Rules = Rules(1 << 7);
    /// On a page whose markup names a forum (`forum` in a class or id, or
    /// a JSON-LD `DiscussionForumPosting`), or whose prose outside its
    /// comments is less than four short paragraphs, comment words are not
    /// boilerplate: the comments are the thread.
    pub const FORUMS: Rules = Rules(1 << 8);
    /// The article's title (`h1`) just before a chosen container, with
    /// no prose between, is kept with it.
    pub const TITLE: Rules = Rules(1 << 9);
    /// Layers over the page (modal dialogs, a `<dialog>` not open, a
    /// `popover`) are hidden: a reader opens them (a privacy policy, a
    /// cart, a menu) or is stopped by them (a consent wall).
    pub const LAYERS: Rules = Rules(1 << 10);
    /// Runs of teaser cards (related stories, a listing's entries) count
    /// as link lists in scoring: their summaries are no prose.
    pub const TEASERS: Rules = Rules(1 << 11);
    /// A page's footer (`<footer>`, `role="contentinfo"`; not a `…footer`
    /// class, which sites also put on content) is never the container nor
    /// holds it, however much of the page's prose it holds: it is what
    /// comes after the content (legal notes, a newsletter form, the shop's
    /// promises).
    pub const FOOTERS: Rules = Rules(1 << 12);
    /// The `header` of an `article` that holds all the article's text is
    /// no frame: it is the article (a teaser card written so).
    pub const CARDS: Rules = Rules(1 << 13);
    /// An element that only its class or id words call furniture or
    /// boilerplate is weighed in scoring, not zeroed: its prose counts at
    /// a fifth ([`WORDS_WEIGHT`]) and its link lists in full. Pruning
    /// inside the container still removes it. Why: a class name is the
    /// author's name for a block, often wrong for content (a product's
    /// `feature-gallery`, a shop's `carousel` of collections, a
    /// `modal-link` wrapper), and a page whose content sits under such a
    /// name lost it to a stray paragraph; a fifth is enough for the
    /// wrapper that holds such blocks beside the content to score, and
    /// too little for a comment thread to outweigh its article.
    pub const WEIGHED: Rules = Rules(1 << 14);
    /// On a prose-poor page ([`Rules::SPREAD`]), furniture words (`menu`,
    /// `meta`, `caption`, `banner`, `tags`, …) prune nothing inside the
    /// container; boilerplate words (`share`, `related`, `advert`, …), tags,
    /// roles and hidden still do. Why: such a page is made of entries,
    /// and templates name an entry's parts as they name a page's frame
    /// (`card-meta`, `product-caption`, `menu-item` for a restaurant's
    /// dishes): there the words remove the content itself. Not on a
    /// forum's thread ([`Rules::FORUMS`]): its entries are posts, and a
    /// post's `user-meta`, `post-date` and poster's card say who wrote it
    /// and when, as an article's byline does.
    pub const ENTRIES: Rules = Rules(1 << 15);
    /// A `<time>` that holds no prose and stands outside a prose
    /// paragraph is pruned: a date stamp (of an article, a post, an
    /// entry) is what the page says about its content, not the content;
    /// a date inside a sentence is part of the sentence.
    pub const TIMES: Rules = Rules(1 << 16);
    /// Placeholder text (the typesetters' `Lorem ipsum …`) is hidden: it
    /// is a template's filler that a stylesheet keeps out of sight or that
    /// nobody replaced, never what the page says. An element whose text
    /// is mostly placeholder and holds no other prose paragraph goes with
    /// it (the filler's `Head Line 1` beside it). Not when the page holds
    /// less other prose than four short paragraphs: then it is a
    /// template's preview (a theme's demo, a parser's test page) and the
    /// filler is all it shows.
    pub const PLACEHOLDERS: Rules = Rules(1 << 17);
    /// A link whose whole text is a call to action (`Read more`, `Learn
    /// more`, `Shop now`, `Get started`, …) is pruned: it bids the reader
    /// go elsewhere and says nothing of what the page says. A card whose
    /// link holds a headline as well stays, and so does a link in a
    /// sentence ("you can <a>learn more</a> about tides here").
    pub const ACTIONS: Rules = Rules(1 << 18);
    /// A class name whose last word is furniture (`entry-header`,
    /// `post-footer`, `article__meta`, `blog-article__breadcrumbs`) is
    /// furniture though a content word stands before it: the content
    /// word names the block, the last word the part of it this element
    /// is. Not a card's own header or footer (`article-card__footer`:
    /// an entry's title and its line of facts), not a style of text
    /// (`wt-text-caption`), and not `supplement` or `extra`, which name
    /// more of the content (`story-body-supplemental`). A part that holds
    /// an `h1` is not pruned: it is the block of the article's title
    /// (`div.entry-header` around the headline and its byline), and the
    /// title stays with the content.
    pub const PARTS: Rules = Rules(1 << 19);
    /// Nothing inside a consent banner (`cookie`, `consent`, `gdpr` in its
    /// class or id, no content word or marker) is a container, as nothing
    /// inside a hidden element is: a banner's paragraphs of legal prose
    /// outweighed a listing whose entries hold no prose at all.
    pub const CONSENTS: Rules = Rules(1 << 20);
    /// A passage the content already holds, under the same heading, is
    /// said once: two or more blocks in a row that each repeat an earlier
    /// block of the content ([`COPY_RUN_CHARS`] or more together), or one
    /// such block of [`COPY_ALONE_CHARS`] or more, are left out, and so
    /// is a block holding others whose whole text ([`COPY_ALONE_CHARS`]
    /// or more, less than half of it in lists, tables and `pre`) an
    /// earlier block holds. Why: a
    /// page that prints its article twice (for another screen size, in a
    /// hidden print copy), a forum reply that quotes the post it answers
    /// or a preview of the post it replies to, a product's description
    /// in a tab and again in an accordion: a reader reads it once, and an
    /// index that holds it twice ranks the page by its copies. Not a
    /// block that repeats by design: a list's items (an algorithm's
    /// steps), a table's cells, terms and definitions, preformatted text
    /// (a program's lines, a log); not a shorter block alone (a note, a
    /// refrain a page says again on purpose); not the typesetters'
    /// filler; not a block under another heading (the same note under
    /// two methods of a specification).
    pub const COPIES: Rules = Rules(1 << 21);
    /// A table of contents inside the container is pruned: a block of two
    /// or more links to places in the page (`href="#…"`) with at most a
    /// label beside them ("Table of contents", "In this article", "On
    /// this page", a "Hide" toggle). Why: it repeats the headings the
    /// content holds, so an index holds each of them twice, and it is a
    /// way around the page, not what the page says, as a menu is. Links
    /// to places in a page are no link text elsewhere (an ECMA-262 step
    /// names its operations through them), so the table was read as
    /// text; a heading that links to itself is none.
    pub const CONTENTS: Rules = Rules(1 << 22);
    /// Every rule.
    pub const ALL: Rules = Rules((1 << 23) - 1);

    /// Each rule with its name, for reports.
    pub const NAMED: [(&'static str, Rules); 23] = [
        ("score", Rules::SCORE),
        ("markers", Rules::MARKERS),
        ("words", Rules::WORDS),
        ("tags", Rules::TAGS),
        ("frames", Rules::FRAMES),
        ("hidden", Rules::HIDDEN),
        ("spread", Rules::SPREAD),
        ("widgets", Rules::WIDGETS),
        ("forums", Rules::FORUMS),
        ("title", Rules::TITLE),
        ("layers", Rules::LAYERS),
        ("teasers", Rules::TEASERS),
        ("footers", Rules::FOOTERS),
        ("cards", Rules::CARDS),
        ("weighed", Rules::WEIGHED),
        ("entries", Rules::ENTRIES),
        ("times", Rules::TIMES),
        ("placeholders", Rules::PLACEHOLDERS),
        ("actions", Rules::ACTIONS),
        ("parts", Rules::PARTS),
        ("consents", Rules::CONSENTS),
        ("copies", Rules::COPIES),
        ("contents", Rules::CONTENTS),
    ];

    /// These rules without `other`.
    #[must_use]
    pub const fn without(self, other: Rules) -> Rules {
        Rules(self.0 & !other.0)
    }

    const fn has(self, rule: Rules) -> bool {
        self.0 & rule.0 != 0
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::ALL
    }
}

/// The cost of one character of furniture's text, against one character
/// of prose. Pruning removes furniture inside the container, so it costs
/// less than links that stay; it costs something, since where furniture
/// is, the page's frame is near.
const FURNITURE: f64 = 0.1;

/// The share of its prose (and readable text) that an element counts in
/// scoring when only its class words call it furniture or boilerplate
/// ([`Rules::WEIGHED`]).
const WORDS_WEIGHT: f64 = 0.2;

/// The share of its prose that a content marker adds to its score.
fn marker_bonus(hints: Hints) -> f64 {
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

/// Comment words are boilerplate ([`WORD_BOILERPLATE`]) unless the page
/// is a forum's ([`Rules::FORUMS`]): there, the comments are the thread.
/// A page is a forum's when its markup names one (a class or id, or its
/// structured data: [`stats::PageData`]), or when the comments
/// hold prose and what lies outside them holds less than
/// [`THREAD_ALONE`] characters of it: comments with no article to
/// comment on are the thread itself. Returns whether the page is a
/// forum's.
fn read_comment_words(stats: &mut Stats, rules: Rules) -> bool {
    let forum = rules.has(Rules::FORUMS)
        && (stats.page_data.thread
            || stats.hints.iter().any(|h| h & hints::WORD_FORUM != 0)
            || (!stats.page_data.product && is_thread_alone(stats)));
    for hints in &mut stats.hints {
        if *hints & hints::WORD_COMMENT != 0 && !forum {
            *hints |= WORD_BOILERPLATE;
        }
    }
    forum
}

/// Adds what the `head` beside the content root says of the page
/// ([`stats::read_page_data`]) to `data`; the statistics pass reads the
/// scripts inside the root.
fn read_head_data<A: DomAdapter>(dom: &A, root: A::Node, data: &mut stats::PageData) {
    let is_element = |node: A::Node| dom.kind(node) == NodeKind::Element;
    let Some(html) = dom.parent(root) else {
        return;
    };
    for head in dom
        .children(html)
        .filter(|&node| is_element(node) && dom.element_name(node).eq_ignore_ascii_case("head"))
    {
        // tl reports `meta` in `head` as `Other`, with its name and
        // attributes.
        for node in dom
            .children(head)
            .filter(|&node| matches!(dom.kind(node), NodeKind::Element | NodeKind::Other))
        {
            stats::read_page_data(dom, node, data);
        }
    }
}

/// Whether an element with these hints holds a product's customer
/// reviews ([`Rules::FORUMS`]): a comment word (`reviews`,
/// `product-reviews`) without a content word or marker, on a page whose
/// structured data says it sells a product ([`stats::PageData`]).
/// Nothing inside is a candidate for the container: readers' words about
/// the product, however many, are not the page's account of it (a
/// guitar's page whose specifications are a list, and whose reviews are
/// paragraphs). On other pages a comment word may be wrong (old
/// Reddit's `commentarea` holds the thread that is the page).
fn is_customer_reviews(stats: &Stats, hints: Hints, rules: Rules) -> bool {
    rules.has(Rules::FORUMS)
        && stats.page_data.product
        && hints & hints::WORD_COMMENT != 0
        && hints & (MARKER_ARTICLE | MARKER_MAIN | MARKER_BODY) == 0
        && is_surely_boilerplate(hints, rules)
}

/// Less prose than this outside the comments (four short paragraphs) is
/// no article: the comments are the page's content.
const THREAD_ALONE: u32 = 4 * stats::PROSE_CHARS;

/// Whether the page's comments hold prose and the rest of it holds less
/// than [`THREAD_ALONE`] (see [`read_comment_words`]).
fn is_thread_alone(stats: &Stats) -> bool {
    let mut in_comments = 0u32;
    let mut i = 1;
    while i < stats.len() {
        if stats.hints[i] & hints::WORD_COMMENT != 0 {
            in_comments = in_comments.saturating_add(stats.prose[i]);
            i = stats.end[i] as usize;
        } else {
            i += 1;
        }
    }
    in_comments > 0 && stats.prose[0].saturating_sub(in_comments) < THREAD_ALONE
}

/// A hidden element that holds more than half the page's prose is not
/// hidden from the reader: a script shows it once the page has loaded (a
/// React stream's `<div hidden id="S:0">` waiting to be moved into place,
/// a shop's gate around the whole product, a fade-in). Left hidden, the
/// page's content would be lost and a stray block chosen instead.
fn read_hidden_bulk(stats: &mut Stats) {
    let page = stats.prose[0];
    for i in 1..stats.len() {
        if stats.hints[i] & HIDDEN != 0 && stats.prose[i] * 2 > page {
            stats.hints[i] &= !HIDDEN;
        }
    }
}

/// Marks [`PLACEHOLDER`] the elements whose text is mostly placeholder
/// and whose other text holds no prose paragraph: a `main` around both
/// the filler's section and the article is not one
/// ([`Rules::PLACEHOLDERS`]). Nothing is marked when the page's other
/// prose is less than [`THREAD_ALONE`], four short paragraphs: a
/// template's preview shows nothing but its filler.
fn read_placeholders(stats: &mut Stats) {
    let filler = stats.placeholder[0];
    if filler == 0 || stats.prose[0].saturating_sub(filler) < THREAD_ALONE {
        return;
    }
    for i in 1..stats.len() {
        let filler = stats.placeholder[i];
        if filler.saturating_mul(2) > stats.text[i]
            && stats.prose[i].saturating_sub(filler) < stats::PROSE_CHARS
        {
            stats.hints[i] |= PLACEHOLDER;
        }
    }
}

/// Per element: the prose and the link text (with a share of the text of
/// furniture) it holds, counted for scoring.
struct Scored {
    prose: Vec<f64>,
    links: Vec<f64>,
    /// The readable text: not hidden, not furniture, not omitted.
    readable: Vec<f64>,
}

/// Whether hints make an element furniture for scoring and pruning.
/// The `header` of an `article` that holds all the article's text is no
/// frame ([`Rules::CARDS`]): it is the article, a teaser card written
/// `<article><header><h2><a>…</a></h2><p>…</p></header></article>`.
/// `widget` on an element that is not mostly links (at most half its text
/// is link text) is no furniture: page builders name every block of an
/// article `…-widget` (its headline, each paragraph), while a sidebar's
/// widgets are menus and lists of links. The word is dropped from the
/// hints then.
fn prose_veto(stats: &Stats, i: usize, hints: Hints, rules: Rules) -> Hints {
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

fn is_furniture(hints: Hints, rules: Rules) -> bool {
    is_furniture_by_tag(hints, rules)
        || (rules.has(Rules::WORDS) && is_boilerplate_by_words(hints, rules))
}

/// Furniture by its tag or role, which say what an element is; class
/// words only say what its author called it.
fn is_furniture_by_tag(hints: Hints, rules: Rules) -> bool {
    (rules.has(Rules::TAGS) && hints & (CHROME_TAG | CONTROL_TAG) != 0)
        || (rules.has(Rules::FRAMES) && hints & FRAME_TAG != 0)
}

/// Not for a content marker or an element that holds one: the author's
/// explicit word wins over a class name.
fn is_boilerplate_by_words(hints: Hints, rules: Rules) -> bool {
    hints & (MARKER_MAIN | MARKER_BODY | HOLDS_MARKER) == 0
        && (hints & WORD_BOILERPLATE != 0
            || (rules.has(Rules::PARTS) && hints & WORD_PART != 0)
            || (hints & WORD_FURNITURE != 0 && hints & WORD_CONTENT == 0))
}

/// Whether the element `i` holds an `h1`: a part that holds the page's
/// title is the title's block ([`Rules::PARTS`]).
fn holds_title(stats: &Stats, i: usize) -> bool {
    (i + 1..stats.end[i] as usize).any(|j| stats.hints[j] & hints::TITLE != 0)
}

/// A consent banner ([`Rules::CONSENTS`]).
fn is_consent_banner(hints: Hints, rules: Rules) -> bool {
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
fn is_surely_boilerplate(hints: Hints, rules: Rules) -> bool {
    rules.has(Rules::WORDS)
        && hints & WORD_BOILERPLATE != 0
        && hints & (WORD_CONTENT | HOLDS_MARKER) == 0
}

/// Hidden from the reader: by the page ([`Rules::HIDDEN`]), as a layer
/// over it ([`Rules::LAYERS`]), or as a template's placeholder text
/// ([`Rules::PLACEHOLDERS`]).
fn is_hidden(hints: Hints, rules: Rules) -> bool {
    (rules.has(Rules::PLACEHOLDERS) && hints & PLACEHOLDER != 0)
        || (rules.has(Rules::HIDDEN) && hints & HIDDEN != 0)
        || (rules.has(Rules::LAYERS) && hints & hints::LAYER != 0)
}

/// A page's footer ([`Rules::FOOTERS`]); not a content marker or an
/// element that holds one (the author's explicit word wins).
fn is_footer(hints: Hints, rules: Rules) -> bool {
    rules.has(Rules::FOOTERS)
        && hints & hints::FOOTER != 0
        && hints & (MARKER_MAIN | MARKER_BODY | HOLDS_MARKER) == 0
}

fn score_all(stats: &Stats, rules: Rules) -> Scored {
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
fn choose(stats: &Stats, scored: &Scored, rules: Rules) -> (usize, bool) {
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
const PROSE_POOR: f64 = 0.4;
/// The share of the page's readable text the container of a prose-poor
/// page holds.
const MOST: f64 = 0.7;

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
fn title_before(stats: &Stats, scored: &Scored, container: usize, rules: Rules) -> Option<usize> {
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

/// Verdicts for the given containers (0 is the content root); `unheeded`
/// hints prune nothing.
fn verdicts(stats: &Stats, containers: &[usize], rules: Rules, unheeded: Hints) -> Vec<Verdict> {
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

/// A block shorter than this (a heading, a label, a name, a date) is no
/// copy for [`Rules::COPIES`], nor does it end a run of copies.
const COPY_CHARS: u32 = 30;
/// A run of two or more copies is left out when it holds at least this
/// many characters: three short sentences.
const COPY_RUN_CHARS: u32 = 150;
/// A copy alone is left out when it holds at least this many characters,
/// four times the shortest prose paragraph: a passage rather than a note.
const COPY_ALONE_CHARS: u32 = 4 * stats::PROSE_CHARS;

/// [`Rules::COPIES`]: leaves out the runs of blocks of the content whose
/// own text, under the same heading, an earlier block of it holds. A
/// block is one whose text is all its own (no block inside it), so a
/// wrapper is never left out for one of its paragraphs; a wrapper whose
/// whole text (200 characters or more, less than half of it in lists,
/// tables and `pre`) an earlier wrapper holds under the same heading,
/// and not around it, goes whole (a quoted post with a list in it; not
/// an algorithm said twice, whose steps are a list). Only blocks that
/// share their section and their length with another are read again
/// and hashed ([`stats::block_hashes`]): on about three pages in five
/// none do, and the rule costs one pass over the content's blocks.
fn drop_copies<A: DomAdapter>(dom: &A, root: A::Node, stats: &Stats, verdicts: &mut [Verdict]) {
    let n = stats.len().min(verdicts.len());
    // The content's blocks of COPY_CHARS or more, in order, and whether
    // each can be a copy.
    let mut blocks: Vec<(usize, bool)> = Vec::new();
    // Blocks that hold other blocks and COPY_ALONE_CHARS or more of text,
    // less than half of it in lists, tables and `pre`.
    let mut wrappers: Vec<usize> = Vec::new();
    let mut i = 1;
    while i < n {
        if verdicts[i] == Verdict::Skip {
            i = (stats.end[i] as usize).max(i + 1);
            continue;
        }
        if verdicts[i] == Verdict::Inside
            && stats.section_of[i] != 0
            && stats.own[i] < stats.text[i]
            && stats.text[i] >= COPY_ALONE_CHARS
            && stats.hints[i] & hints::BLOCK != 0
            && stats.placeholder[i] == 0
            && u64::from(stats.designed[i]) * 2 < u64::from(stats.text[i])
            && stats.end[i] as usize > i + 1
        {
            wrappers.push(i);
        }
        if verdicts[i] == Verdict::Inside && stats.own[i] >= COPY_CHARS {
            let can = stats.section_of[i] != 0
                && stats.own[i] == stats.text[i]
                && stats.placeholder[i] == 0;
            blocks.push((i, can));
        }
        i += 1;
    }
    // A leaf's shape is its section and own text; a wrapper's, its
    // section and whole text (tagged apart).
    let shape = |i: usize| (stats.section_of[i], stats.own[i]);
    let wrapper_shape = |i: usize| (stats.section_of[i] ^ 2, stats.text[i]);
    let mut shapes: FxHashMap<(u64, u32), u32> = FxHashMap::default();
    for &(i, can) in &blocks {
        if can {
            *shapes.entry(shape(i)).or_default() += 1;
        }
    }
    // A wrapper inside one of the same text and section adds nothing to
    // it (`div > div` around the same paragraphs): only the outer one of
    // such a chain counts, is read again, or can be a copy.
    // Where the last wrapper kept of each shape ends.
    let mut outer: FxHashMap<(u64, u32), usize> = FxHashMap::default();
    wrappers.retain(|&i| match outer.get(&wrapper_shape(i)) {
        Some(&outer_end) if i < outer_end => false,
        _ => {
            outer.insert(wrapper_shape(i), stats.end[i] as usize);
            true
        }
    });
    for &i in &wrappers {
        *shapes.entry(wrapper_shape(i)).or_default() += 1;
    }
    let mut wanted: Vec<usize> = blocks
        .iter()
        .filter(|&&(i, can)| can && shapes.get(&shape(i)).is_some_and(|&count| count > 1))
        .map(|&(i, _)| i)
        .chain(wrappers.iter().copied().filter(|&i| {
            shapes
                .get(&wrapper_shape(i))
                .is_some_and(|&count| count > 1)
        }))
        .collect();
    if wanted.is_empty() {
        return;
    }
    wanted.sort_unstable();
    wanted.dedup();
    let hashes: FxHashMap<usize, u64> = stats::block_hashes(dom, root, stats, &wanted)
        .into_iter()
        .collect();
    // Wrappers first: a copy of an earlier one goes whole. No wrapper
    // left stands inside another of its shape (the chains are gone), so
    // an earlier wrapper of the same text is never the one around it.
    let mut first: FxHashSet<(u64, u32, u64)> = FxHashSet::default();
    let mut dropped_until = 0;
    // The wrappers left out, as (start, end) in pre-order, in order.
    let mut dropped: Vec<(usize, usize)> = Vec::new();
    for &i in &wrappers {
        if i < dropped_until {
            continue;
        }
        if let Some(&hash) = hashes.get(&i) {
            let (section, text) = wrapper_shape(i);
            if !first.insert((section, text, hash)) {
                let end = stats.end[i] as usize;
                verdicts[i] = Verdict::Skip;
                dropped_until = end;
                dropped.push((i, end));
            }
        }
    }
    let mut seen: FxHashSet<(u64, u32, u64)> = FxHashSet::default();
    // Blocks come in pre-order, as the wrappers left out do.
    let mut next_dropped = 0;
    let copies: Vec<(usize, bool)> = blocks
        .iter()
        .filter(|&&(i, _)| {
            while dropped.get(next_dropped).is_some_and(|&(_, end)| end <= i) {
                next_dropped += 1;
            }
            !dropped
                .get(next_dropped)
                .is_some_and(|&(start, end)| start <= i && i < end)
        })
        .map(|&(i, _)| {
            let copy = hashes.get(&i).is_some_and(|&hash| {
                let (section, own) = shape(i);
                !seen.insert((section, own, hash))
            });
            (i, copy)
        })
        .collect();
    for run in copies.chunk_by(|a, b| a.1 == b.1) {
        if !run[0].1 {
            continue;
        }
        let chars = run
            .iter()
            .fold(0u32, |chars, &(i, _)| chars.saturating_add(stats.own[i]));
        if (run.len() >= 2 && chars >= COPY_RUN_CHARS) || chars >= COPY_ALONE_CHARS {
            for &(i, _) in run {
                verdicts[i] = Verdict::Skip;
            }
        }
    }
}

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
fn shows_text<A: DomAdapter>(dom: &A, root: A::Node, stats: &Stats, verdicts: &[Verdict]) -> bool {
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
