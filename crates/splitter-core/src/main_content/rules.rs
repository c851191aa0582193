//! The rules of main-content detection as bits ([`Rules`]), one per rule,
//! each documented with why it is there: what a new rule adds first, and
//! what `cargo xtask main-content` turns off one at a time.

/// The rules of main-content detection, as bits; all are on by default.
/// Turning one off measures its effect (see `cargo xtask main-content`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules(pub(super) u32);

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
    /// a fifth ([`WORDS_WEIGHT`](super::container::WORDS_WEIGHT)) and its link lists in full. Pruning
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
    /// block of the content ([`COPY_RUN_CHARS`](super::copies::COPY_RUN_CHARS) or more together), or one
    /// such block of [`COPY_ALONE_CHARS`](super::copies::COPY_ALONE_CHARS) or more, are left out, and so
    /// is a block holding others whose whole text ([`COPY_ALONE_CHARS`](super::copies::COPY_ALONE_CHARS)
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

    pub(super) const fn has(self, rule: Rules) -> bool {
        self.0 & rule.0 != 0
    }
}

impl Default for Rules {
    fn default() -> Self {
        Rules::ALL
    }
}
