//! What an element's tag and attributes say about it, before any text is
//! counted: the hints the statistics pass records once per element.

mod attributes;
mod class_cache;
mod words;

use std::borrow::Cow;

use rustc_hash::FxHashSet;

use crate::adapter::DomAdapter;
use crate::elements::{ElementClass, ElementInfo, Mark, PagePart, Role};

use self::attributes::{
    hides, is_collapsed_panel, is_controlled, is_jump, is_layer, is_streamed, leaves_page,
    names_first_heading,
};
pub(super) use self::class_cache::ClassCache;
use self::class_cache::hash64;
use self::words::id_hints;

/// One bit per hint; an element carries several.
pub(super) type Hints = u64;

/// `<a href>` that leads to another page (not to a place in a document):
/// its text is link text. A link to a fragment (`page.html#sec-x`, `#x`)
/// is a cross-reference, as documentation is full of (every step of an
/// ECMA-262 algorithm names operations through them); menus lead to
/// pages.
pub(super) const ANCHOR: Hints = 1;
/// A block element (SPEC §3): inline text belongs to its nearest block.
pub(super) const BLOCK: Hints = 1 << 1;
/// `<main>`, `role="main"`: the author says this is the main content.
pub(super) const MARKER_MAIN: Hints = 1 << 2;
/// `<article>`: one self-contained composition (also used for teasers).
pub(super) const MARKER_ARTICLE: Hints = 1 << 3;
/// `itemprop="articleBody"` (schema.org): the body of the article itself.
pub(super) const MARKER_BODY: Hints = 1 << 4;
/// Not rendered: `hidden`, `aria-hidden="true"`, `display: none`,
/// `visibility: hidden`.
pub(super) const HIDDEN: Hints = 1 << 5;
/// A tag or role that is page furniture by definition: `nav`, `aside`,
/// `role="navigation"`, `role="complementary"`, `role="contentinfo"`, …
pub(super) const CHROME_TAG: Hints = 1 << 6;
/// `<footer>` and `<header>`: furniture of a page or of an article
/// (headline, byline, tags), prose only by accident.
pub(super) const FRAME_TAG: Hints = 1 << 7;
/// Interactive controls: `form`, `button`, `select`, `input`, `label`,
/// `dialog`, `role="search"`/`"dialog"`/`"menu"`/…: no one reads them.
pub(super) const CONTROL_TAG: Hints = 1 << 8;
/// A `class`/`id` word that always means boilerplate (`share`, `related`,
/// `comment`, `cookie`, `newsletter`, `promo`, `sponsor`, `advert`, …).
pub(super) const WORD_BOILERPLATE: Hints = 1 << 9;
/// A `class`/`id` word that usually means page furniture (`nav`, `menu`,
/// `sidebar`, `footer`, `header`, `breadcrumb`, `byline`, `meta`, …),
/// unless a content word stands beside it.
pub(super) const WORD_FURNITURE: Hints = 1 << 10;
/// A `class`/`id` word that means content (`article`, `content`, `post`,
/// `entry`, `story`, `body`, `text`, `main`, `prose`).
pub(super) const WORD_CONTENT: Hints = 1 << 11;
/// `widget`: page builders (Elementor, WordPress blocks) name every block
/// of a page so, the article's paragraphs too; a sidebar's widgets are
/// not prose. Prose vetoes this word (see `prose_veto`).
pub(super) const WORD_WIDGET: Hints = 1 << 12;
/// `comment` (`disqus`): a reader's comment, boilerplate below an
/// article, the content itself in a forum's thread (see [`WORD_FORUM`]).
/// Read as [`WORD_BOILERPLATE`] unless the page is a forum.
pub(super) const WORD_COMMENT: Hints = 1 << 13;
/// `forum` in a class or id: the page belongs to a forum.
pub(super) const WORD_FORUM: Hints = 1 << 14;
/// `<h1>`: a page's or an article's title.
pub(super) const TITLE: Hints = 1 << 15;
/// A layer over the page (see `is_layer`): read as hidden under
/// [`super::Rules::LAYERS`].
pub(super) const LAYER: Hints = 1 << 16;
/// One of a run of teaser cards (see `stats::Stats::mark_teasers`).
pub(super) const TEASER: Hints = 1 << 17;
/// A page's footer: `<footer>` or `role="contentinfo"`. Not a class word
/// ending in `footer`: sites wrap content so (`div.page1-footer` around a
/// guide's list of venues).
pub(super) const FOOTER: Hints = 1 << 18;
/// A control by its ARIA role only (`menu`, `menubar`, `toolbar`,
/// `tablist`, `button`), not by its name: no control when it holds prose
/// (see `prose_veto`).
pub(super) const ROLE_CONTROL: Hints = 1 << 19;
/// `<time>`: a date stamp (a post's, an entry's, an article's), read as
/// no part of the content under [`super::Rules::TIMES`].
pub(super) const TIME_TAG: Hints = 1 << 20;
/// A class name whose last word is furniture after a content word
/// (`entry-header`, `post-footer`, `article__meta`): a part of the block
/// the content word names (see [`super::Rules::PARTS`]).
pub(super) const WORD_PART: Hints = 1 << 21;
/// `cookie`, `consent`, `gdpr`: a consent banner (see
/// [`super::Rules::CONSENTS`]); boilerplate too.
pub(super) const WORD_CONSENT: Hints = 1 << 22;
/// `<a href="#…">`: a link to a place in this page (a table of
/// contents' entry, a footnote's mark, "back to top"); see
/// [`super::Rules::CONTENTS`].
pub(super) const JUMP: Hints = 1 << 23;
/// An element whose `aria-controls` names a panel: the button of a
/// disclosure, an accordion or a tab ([`is_controlled`]).
pub(super) const OPENER: Hints = 1 << 24;
/// A class or id naming a control that puts a product in the shopper's
/// cart (`add-to-cart`, `AddToBag`, Amazon's `add-to-cart-button`): the
/// page sells something ([`super::page_kind::PageData`]'s `product`), even
/// with no structured data that says so. Bits 25 to 31 are the
/// statistics' own (`super::stats`).
pub(super) const SELLS: Hints = 1 << 32;
/// A class word naming a panel a reader opens in place
/// ([`COLLAPSED_PANEL_WORDS`](attributes::COLLAPSED_PANEL_WORDS)); heeded only on a hidden element
/// ([`is_collapsed_panel`]).
pub(super) const PANEL_WORD: Hints = 1 << 33;
/// A class or id word of a control that dismisses what holds it (a
/// notice's `notice-dismiss`, `btn-dismiss`), or of a block a reader may
/// dismiss (Bootstrap's `alert-dismissible`): see `Stats::gather`.
pub(super) const DISMISS: Hints = 1 << 35;

/// The hints of the element `node`, `name`d so (as the walk read it), and
/// its shape: its name and `class` hashed, 0 without a class (see
/// `Stats::mark_teasers`). `controlled` holds the ids that the page's
/// `aria-controls` named so far, hashed ([`is_controlled`]); the
/// element's own are added.
pub(super) fn hints<A: DomAdapter>(
    dom: &A,
    node: A::Node,
    name: &str,
    info: ElementInfo,
    classes: &mut ClassCache,
    controlled: &mut FxHashSet<u64>,
) -> (Hints, u32) {
    let mut hints = block_hint(info);
    // What the name says, from the core's one table of element names
    // (`elements.rs`): players and embeds are controls there, their text
    // fallback or controls ("Play Video", "Loaded: 0%"), not the article.
    hints |= match info.part {
        PagePart::Main => MARKER_MAIN,
        PagePart::Article => MARKER_ARTICLE,
        PagePart::Chrome => CHROME_TAG,
        PagePart::Header => FRAME_TAG,
        PagePart::Footer => FRAME_TAG | FOOTER,
        PagePart::Control | PagePart::ControlText => CONTROL_TAG,
        PagePart::Stamp => TIME_TAG,
        PagePart::Other => 0,
    };
    if info.role == Role::Heading(1) {
        hints |= TITLE;
    }
    // Every attribute read here, looked up in one go (one scan of the tag
    // with tl).
    let mut values: [Option<Cow<'_, str>>; ATTRIBUTES.len()] = Default::default();
    dom.attributes(node, &ATTRIBUTES, &mut values);
    let [
        href,
        hidden,
        aria_hidden,
        style,
        aria_modal,
        open,
        role,
        itemprop,
        class,
        id,
        popover,
        aria_controls,
    ] = values;
    if info.mark == Mark::Link
        && let Some(href) = href
    {
        if leaves_page(&href) {
            hints |= ANCHOR;
        } else if is_jump(&href) {
            hints |= JUMP;
        }
    }
    // A tab's panel and an accordion's (WAI-ARIA gives it
    // `role="region"`) are parts of the page the reader opens, however
    // they are hidden until then.
    let panel = role.as_deref().is_some_and(|role| {
        let role = role.trim();
        role.eq_ignore_ascii_case("tabpanel") || role.eq_ignore_ascii_case("region")
    });
    // `hidden="until-found"` folds a panel that the browser's find in
    // page and a link to its fragment open: an accordion's answer, as
    // much the page as a tab's panel.
    let folded = hidden
        .as_deref()
        .is_some_and(|value| value.trim().eq_ignore_ascii_case("until-found"));
    // `aria-hidden` hides from assistive technology only. On a link it
    // marks a second way to a place for pointers, shown as any link: a
    // teaser card's picture or summary wrapped again in its headline's
    // link (`<a aria-hidden="true" tabindex="-1">`).
    let unshown = ((hidden.is_some() && !folded && !is_streamed(id.as_deref()))
        || (info.mark != Mark::Link
            && aria_hidden.is_some_and(|value| value.trim().eq_ignore_ascii_case("true")))
        || style.is_some_and(|style| hides(&style)))
        && !panel;
    // A folded panel, by its name or by the button that opens it, stays
    // hidden beside a furniture or boilerplate word (settled below, once
    // the class and id words are read).
    if let Some(controls) = aria_controls.as_deref() {
        controlled.extend(controls.split_ascii_whitespace().map(hash64));
        hints |= OPENER;
    }
    // The class's words, looked up once per class string of the page
    // ([`ClassCache`]), and its shape.
    let (class_words, shape) = match class.as_deref() {
        Some(class) => classes.hints(name, class),
        None => (0, 0),
    };
    let folded_panel = unshown
        && (class_words & PANEL_WORD != 0
            || is_collapsed_panel(id.as_deref())
            || is_controlled(controlled, id.as_deref()));
    if is_layer(
        name,
        aria_modal.as_deref(),
        open.is_some(),
        popover.is_some(),
    ) {
        hints |= LAYER;
    }
    if let Some(role) = role {
        let role = role.trim();
        let is = |names: &[&str]| names.iter().any(|name| role.eq_ignore_ascii_case(name));
        if is(&["main"]) {
            hints |= MARKER_MAIN;
        } else if is(&["article"]) {
            hints |= MARKER_ARTICLE;
        } else if is(&["contentinfo"]) {
            hints |= CHROME_TAG | FOOTER;
        } else if is(&["navigation", "complementary", "banner"]) {
            hints |= CHROME_TAG;
        } else if is(&["search", "dialog", "alertdialog"]) {
            hints |= CONTROL_TAG;
        } else if is(&["menu", "menubar", "toolbar", "tablist", "button"]) {
            hints |= CONTROL_TAG;
            if !matches!(info.part, PagePart::Control | PagePart::ControlText) {
                hints |= ROLE_CONTROL;
            }
        }
    }
    // schema.org's names for what the element is, read in one pass: the
    // article's body, or a tally ([`TALLIES`]: a post's `6 Likes`, an
    // answer's votes), which counts what readers did, not what the page
    // says: boilerplate, as a share bar is.
    for word in itemprop
        .as_deref()
        .unwrap_or_default()
        .split_ascii_whitespace()
    {
        if word.eq_ignore_ascii_case("articleBody") {
            hints |= MARKER_BODY;
        } else if TALLIES.iter().any(|tally| word.eq_ignore_ascii_case(tally)) {
            hints |= WORD_BOILERPLATE;
        }
    }
    // A section's `id` is usually its heading made an anchor
    // (`sec-sharedarraybuffer-objects`, `comments` for a section on
    // comments in a manual): only its `class` is the author's name for it.
    // A heading's own `id` is that anchor, made from its text
    // (`what-is-social-media-marketing`, WordPress's
    // `h-related-research`), for a table of contents to link to.
    let sectioning = info.role == Role::Sectioning && info.part != PagePart::Chrome;
    let heading = matches!(info.role, Role::Heading(_));
    let id = if sectioning || heading { None } else { id };
    hints |= class_words & !PANEL_WORD;
    if let Some(id) = id.as_deref() {
        let words = id_hints(id);
        // An id made from the element's own heading (`sharing-changes`
        // on a section titled "Sharing changes", as Sphinx and most
        // documentation generators write them) is the section's name,
        // not the author's word for a widget.
        if words != 0 && !names_first_heading(dom, node, id) {
            hints |= words;
        }
    }
    // A folded panel's name beside a word for the page's frame or its
    // widgets (`collapse navbar-collapse`, `faq-popup`) is a menu or a
    // popup folded so, hidden as before.
    if unshown && !(folded_panel && hints & (WORD_FURNITURE | WORD_BOILERPLATE) == 0) {
        hints |= HIDDEN;
    }
    // A heading is the content's structure, whatever its class calls its
    // place: rustdoc marks every method's signature `h4.code-header` and
    // every section `h2.section-header`, page builders each heading
    // `…_module_header`, accordions each question `accordion-header`.
    // Furniture words say where a block sits, which for a heading is at
    // the top of its section; boilerplate words (`related-title`) still
    // say what it heads.
    if heading {
        hints &= !(WORD_FURNITURE | WORD_PART);
    }
    (hints, shape)
}

/// [`BLOCK`] for a block element, else nothing: the one hint an element
/// gets whatever its attributes say.
pub(super) fn block_hint(info: ElementInfo) -> Hints {
    if info.class == ElementClass::Block {
        BLOCK
    } else {
        0
    }
}

/// schema.org's properties that count readers' acts: an
/// `InteractionCounter` (likes, views, shares: Discourse marks each
/// post's likes so), the votes on a question or an answer (Stack
/// Exchange's), the number of comments or answers.
const TALLIES: [&str; 5] = [
    "interactionStatistic",
    "upvoteCount",
    "downvoteCount",
    "commentCount",
    "answerCount",
];

/// The attributes [`hints`] reads, in the order it takes them apart.
const ATTRIBUTES: [&str; 12] = [
    "href",
    "hidden",
    "aria-hidden",
    "style",
    "aria-modal",
    "open",
    "role",
    "itemprop",
    "class",
    "id",
    "popover",
    "aria-controls",
];
