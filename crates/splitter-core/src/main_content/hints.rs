//! What an element's tag and attributes say about it, before any text is
//! counted: the hints the statistics pass records once per element.

use std::borrow::Cow;
use std::hash::Hasher;
use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, AhoCorasickKind};
use rustc_hash::{FxHashMap, FxHashSet, FxHasher};

use crate::adapter::{DomAdapter, NodeKind};
use crate::elements::{ElementClass, ElementInfo, Mark, PagePart, Role, is_heading_element};
use crate::text::contains_ignore_ascii_case;

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
/// page sells something ([`super::stats::PageData`]'s `product`), even
/// with no structured data that says so. Bits 25 to 31 are the
/// statistics' own (`super::stats`).
pub(super) const SELLS: Hints = 1 << 32;
/// A class word naming a panel a reader opens in place
/// ([`COLLAPSED_PANEL_WORDS`]); heeded only on a hidden element
/// ([`is_collapsed_panel`]).
pub(super) const PANEL_WORD: Hints = 1 << 33;
/// A class or id word of a control that dismisses what holds it (a
/// notice's `notice-dismiss`, `btn-dismiss`), or of a block a reader may
/// dismiss (Bootstrap's `alert-dismissible`): see `Stats::gather`.
pub(super) const DISMISS: Hints = 1 << 35;

/// Class/id words that always mean boilerplate, matched as substrings of
/// the lowercased `class` and `id`. Each is here because sites name the
/// widgets that readers skip this way: share bars, comment threads,
/// "related"/"recommended" lists, a blog's recent posts and recent
/// comments (`widget_recent_entries`, `recent-posts-wrapper`: the word
/// `latest` is not among them, as it names a listing's own entries as
/// often), newsletter and cookie banners, ad slots,
/// popups and popovers (a layer the reader opens, as the `popover`
/// attribute makes one), a site's announcement bar, and around each post
/// of a thread its poster's card, signature and menu.
const BOILERPLATE_WORDS: &[&str] = &[
    "share",
    "sharing",
    "social",
    "related",
    "recommend",
    "newsletter",
    "subscri",
    "signup",
    "promo",
    "sponsor",
    "advert",
    "popup",
    "popover",
    "modal",
    "outbrain",
    "taboola",
    "shoutbox",
    "skyscraper",
    "most-popular",
    "mostpopular",
    "trending",
    "read-more",
    "readmore",
    "more-stories",
    "gallery",
    "slideshow",
    "carousel",
    "legends",
    "infobox",
    "navbox",
    "hatnote",
    "editsection",
    "catlinks",
    "reflist",
    "thumbcaption",
    "jump-to",
    "skip-link",
    "skiplink",
    "control-bar",
    "controlbar",
    "signature",
    "user-info",
    "userinfo",
    "user-details",
    "usertitle",
    "user-title",
    "post-menu",
    "lastedit",
    "last-edit",
    "postprofile",
    "profile-icons",
    "userextras",
    "expandlink",
    "announcement",
    "recent",
];

/// Class/id words that usually mean furniture; a content word beside them
/// (`article-header`, `post-meta` is still furniture, `content-nav` too, but
/// `main-content-sidebar-layout`…) vetoes them: see [`hints`].
const FURNITURE_WORDS: &[&str] = &[
    "sidebar",
    "masthead",
    "menu",
    "navbar",
    "navigation",
    "breadcrumb",
    "pagination",
    "pager",
    "toolbar",
    "banner",
    "byline",
    "dateline",
    "author",
    "caption",
    "credit",
    "tags",
    "topics",
    "rss",
    "print",
    "extra",
    "supplement",
];

/// Short words matched only as whole tokens of `class`/`id` (split at
/// anything not a letter or digit): as substrings they are everywhere
/// (`nav` in `canvas`). Not `adv`: it abbreviates "advanced" as often
/// (Kadence's `kt-adv-heading` on every paragraph of a page it builds).
/// Not `ad` or `ads`: an ad slot is empty in the HTML until its script
/// fills it, so the word removes little where it is right, and an
/// element so named that holds text is a layout's wrapper around the
/// page's own entries with slots beside them (a news listing's
/// `container--section-more-ads`), or a classified ad itself.
const BOILERPLATE_TOKENS: &[&str] = &["advert"];
/// Customers' reviews of a product: readers' words like comments, matched
/// as whole tokens in the plural (`reviews`, `product-reviews`), since a
/// single `review` is as often the article itself.
const REVIEW_TOKENS: &[&str] = &["reviews"];
/// Furniture as whole tokens. `date`, `posted` and `timestamp` name a
/// date stamp (`published-date`, `posted-on`), as a `<time>` is one (see
/// `Rules::TIMES`); inside a word they are not (`update`, `candidate`).
const FURNITURE_TOKENS: &[&str] = &[
    "nav",
    "meta",
    "foot",
    "aside",
    "thumb",
    "references",
    "date",
    "posted",
    "timestamp",
];

/// Words that mean furniture at the end of a class token (`site-header`,
/// `pageheader`, `footers`) but not at its start (`headerlink`, Sphinx's
/// heading anchor), nor after `sub`: a `subheader` is a heading inside the
/// content (O'Reilly's books mark each term of a definition list so).
const FURNITURE_ENDINGS: &[&str] = &["header", "footer"];

/// Class/id words of a consent banner: boilerplate, and what is inside
/// is never the container.
const CONSENT_WORDS: &[&str] = &["cookie", "consent", "gdpr"];

/// Class/id words that mean content.
const CONTENT_WORDS: &[&str] = &[
    "article", "content", "entry", "post", "story", "body", "text", "main", "prose",
];

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

/// Whether an element with `hidden` and this id is a part of the page
/// that a server streamed after the rest: React's streaming renderer
/// (Next.js, Remix) sends each finished part as `<div hidden id="S:0">`
/// and a script that moves it into place at once (the number in
/// hexadecimal: `S:1f`). It is content.
fn is_streamed(id: Option<&str>) -> bool {
    id.and_then(|id| id.strip_prefix("S:"))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// Words of a `class` or `id` that name a panel a reader opens in place:
/// an accordion's or a FAQ's answer, a collapsible section (Bootstrap's
/// `collapse`), an expandable block, a tab's panel (Bootstrap's
/// `tab-pane`; not `tab` alone, which is in `table` and a menu's `tabs`),
/// a carousel's slide (`swiper-slide`, `slick-slide`: the slides not in
/// view are `aria-hidden` until the reader turns to them; the copies a
/// looping carousel makes are said once by the rule `copies`).
const COLLAPSED_PANEL_WORDS: &[&str] = &[
    "accordion",
    "collaps",
    "faq",
    "answer",
    "expandable",
    "tab-pane",
    "tabpane",
    "tab-panel",
    "tabpanel",
    "slide",
];

/// Whether an element with this `id` is one that an earlier element's
/// `aria-controls` names: the panel of a disclosure, an accordion or a
/// tab (WAI-ARIA's patterns give the button that opens a panel
/// `aria-controls` with the panel's id), whatever the panel is called.
/// Read only for hidden elements, and not heeded beside a furniture or
/// boilerplate word (a site menu's folded submenu): see [`hints`]. A
/// panel written before its button is not recognised: the walk reads the
/// page once, in order.
fn is_controlled(controlled: &FxHashSet<u64>, id: Option<&str>) -> bool {
    !controlled.is_empty() && id.is_some_and(|id| controlled.contains(&hash64(id.trim())))
}

/// Whether a hidden element is a collapsed panel by its `id`
/// ([`COLLAPSED_PANEL_WORDS`], as substrings, in any case; its `class`
/// says so by [`PANEL_WORD`], looked up with the other class words): like a tab's
/// panel, its text is part of the page, shown when the reader opens it
/// with the button beside it. Sites hide such panels with an inline
/// `display: none` or `aria-hidden` until then, and the answers of a FAQ
/// are as much the page as its questions. Read only for hidden elements,
/// and not heeded beside a furniture or boilerplate word (see [`hints`]).
fn is_collapsed_panel(id: Option<&str>) -> bool {
    id.is_some_and(|id| {
        COLLAPSED_PANEL_WORDS
            .iter()
            .any(|word| contains_ignore_ascii_case(id, word))
    })
}

/// Whether an element `name`d so is a layer over the page: a modal dialog
/// (`aria-modal="true"`), a `<dialog>` not `open`, or a popover (any
/// element with the `popover` attribute, which HTML does not show until a
/// button or a script opens it: a menu, a tooltip, an app's install
/// prompt). Why: such a layer is shown when a reader asks for it (a
/// privacy policy behind a footer link, a size guide, a cart) or to stop
/// them (a consent wall); it is not what the page is about, however much
/// text it holds. Not `role="dialog"` alone: sites mark drawers and
/// accordion sheets inside the page so.
fn is_layer(name: &str, aria_modal: Option<&str>, open: bool, popover: bool) -> bool {
    popover
        || aria_modal.is_some_and(|value| value.trim().eq_ignore_ascii_case("true"))
        || (name.eq_ignore_ascii_case("dialog") && !open)
}

/// The characters of a heading's text read to compare it with an id:
/// ids made from longer headings are rare, and the read stays short.
const HEADING_TEXT_LIMIT: usize = 400;

/// Whether `id` is the slug of the text of the first element child of
/// `node` when that child is a heading (`h1`–`h6`): the same letters and
/// digits, in the same words, lowercased, perhaps followed by a number
/// that makes the id unique (`setting-up-1`).
fn names_first_heading<A: DomAdapter>(dom: &A, node: A::Node, id: &str) -> bool {
    let mut child = dom.first_child(node);
    while let Some(at) = child {
        if dom.kind(at) == NodeKind::Element {
            break;
        }
        child = dom.next_sibling(at);
    }
    let Some(heading) = child else {
        return false;
    };
    if !is_heading_element(dom.element_name(heading)) {
        return false;
    }
    // The heading's text, in document order, by an explicit stack.
    let mut text = String::new();
    let mut stack = Vec::new();
    stack.extend(dom.first_child(heading));
    while let Some(at) = stack.pop() {
        if let Some(next) = dom.next_sibling(at) {
            stack.push(next);
        }
        match dom.kind(at) {
            NodeKind::Text => {
                text.push(' ');
                text.push_str(&dom.text(at));
                if text.len() > HEADING_TEXT_LIMIT {
                    return false;
                }
            }
            NodeKind::Element => stack.extend(dom.first_child(at)),
            _ => {}
        }
    }
    is_slug_of(id, &text)
}

/// Whether `id` is `title` made an anchor: the ASCII words of both,
/// lowercased, are the same, the id perhaps ending in number tokens.
fn is_slug_of(id: &str, title: &str) -> bool {
    let id = lowercase(id);
    let title = lowercase(title);
    let mut id_tokens = tokens(&id);
    let mut matched = false;
    for word in tokens(&title) {
        if id_tokens.next() != Some(word) {
            return false;
        }
        matched = true;
    }
    matched && id_tokens.all(|token| token.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether a link leads to a page rather than into a document: no
/// fragment, or an empty one (`#`, a script's handle).
fn leaves_page(href: &str) -> bool {
    match href.split_once('#') {
        None => true,
        Some((_, fragment)) => fragment.trim().is_empty(),
    }
}

/// Whether a link leads to a place in this page: a fragment alone
/// (`#history`), not one after a path (`guide.html#history`, most often
/// another page).
fn is_jump(href: &str) -> bool {
    href.trim_start()
        .strip_prefix('#')
        .is_some_and(|fragment| !fragment.trim().is_empty())
}

/// Whether an inline `style` hides the element.
fn hides(style: &str) -> bool {
    // Most inline styles say neither value: a look for the two words
    // costs less than taking the declarations apart.
    if !says_none_or_hidden(style.as_bytes()) {
        return false;
    }
    style.split(';').any(|declaration| {
        let Some((property, value)) = declaration.split_once(':') else {
            return false;
        };
        let value = without_important(value.trim());
        let property = property.trim();
        (property.eq_ignore_ascii_case("display") && value.eq_ignore_ascii_case("none"))
            || (property.eq_ignore_ascii_case("visibility") && value.eq_ignore_ascii_case("hidden"))
    })
}

/// A declaration's value without `!important` (any case) after it.
fn without_important(value: &str) -> &str {
    const IMPORTANT: &str = "!important";
    value
        .len()
        .checked_sub(IMPORTANT.len())
        .and_then(|cut| {
            let tail = value.get(cut..)?;
            tail.eq_ignore_ascii_case(IMPORTANT)
                .then(|| value.get(..cut))
                .flatten()
        })
        .map_or(value, str::trim_end)
}

/// Whether `style` holds `none` or `hidden`, in any case: one pass over
/// its bytes, without a lowercase copy. Only `N`/`n` and `H`/`h` become
/// `n` and `h` by setting the bit of ASCII lowercase.
fn says_none_or_hidden(style: &[u8]) -> bool {
    style.iter().enumerate().any(|(at, &b)| match b | 0x20 {
        b'n' => style
            .get(at + 1..at + 4)
            .is_some_and(|rest| rest.eq_ignore_ascii_case(b"one")),
        b'h' => style
            .get(at + 1..at + 6)
            .is_some_and(|rest| rest.eq_ignore_ascii_case(b"idden")),
        _ => false,
    })
}

/// The words of a `class` or an `id`: what lies between characters that
/// are not ASCII letters or digits.
fn tokens(text: &str) -> impl Iterator<Item = &str> {
    // Split as the `str` it is: a separator is any character other than
    // an ASCII letter or digit, so a token is ASCII and never checked
    // again as UTF-8 (which, token by token, cost more than the split).
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|token| !token.is_empty())
}

/// `text` in ASCII lowercase, borrowed when it already is (the common case).
fn lowercase(text: &str) -> Cow<'_, str> {
    if text.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(text.to_ascii_lowercase())
    } else {
        Cow::Borrowed(text)
    }
}

/// The hints the words of `class` and `id` give. A class names a widget
/// (`post-share-bar`): its words are found inside it. An id is more often
/// an anchor made of a title (`table-readsharedmemory-fields`): only its
/// whole tokens count (`comments`, `site-nav`).
#[cfg(test)]
fn word_hints(class: &str, id: &str) -> Hints {
    class_hints(class) | id_hints(id)
}

/// The hints of a `class` as [`ClassCache`] gives them, without the cache.
#[cfg(test)]
fn class_hints(class: &str) -> Hints {
    class
        .split_ascii_whitespace()
        .fold(0, |hints, name| hints | class_name_hints(name))
}

/// The hints of one name of a `class` (a class's hints are those of its
/// names together: no word of the lists holds a space): the words found
/// inside it, and its whole tokens. Two kinds of class names are left out:
/// - utility classes with an arbitrary value (Tailwind's
///   `pt-[var(--banner-height)]`, `has-[>[data-slot=banner]]:pt-0`): the
///   words in brackets name a CSS variable or another block, not this one
///   (a variant stays: `print:hidden` says the block is no part of the
///   printed page, as share bars and menus are not);
/// - modifiers ([`is_modifier`]), which say what an element has, lacks or
///   hides, not what it is.
fn class_name_hints(name: &str) -> Hints {
    let name = lowercase(name);
    // A byte at a time: a class name is short, shorter than `memchr`
    // takes to set up.
    if name.bytes().any(|b| b == b'[') || is_modifier(&name) {
        return 0;
    }
    let mut hints = tokens(&name).fold(words_inside(&name), |hints, token| {
        hints | token_hints(token)
    });
    // In one name a boilerplate word says what the content word's block
    // is: other posts than the page's (`related-posts`, `recent-posts`,
    // `jp-relatedposts`), the article's share bar (`article-share`). The
    // content word is no veto there; a content word of another name
    // (`post-content share-enabled`) still is.
    if hints & WORD_BOILERPLATE != 0 {
        hints &= !WORD_CONTENT;
    }
    if hints & WORD_FURNITURE != 0 {
        if is_author_box(&name) {
            hints |= WORD_BOILERPLATE;
        }
        if hints & WORD_CONTENT != 0 && is_part(&name) {
            hints |= WORD_PART;
        }
    }
    hints
}

/// An author's box, as its class name says, whatever separates its words
/// (`author-bio`, `authorBio`, `cs-entry__author-info`,
/// `about-the-author`): boilerplate, though a content word stands beside
/// it. Counted on the development pages, such boxes' words are in the
/// reviewed texts at the rate unrelated text reaches through common words.
const AUTHOR_BOXES: [&str; 8] = [
    "authorbio",
    "authorbox",
    "authordesc",
    "authorinfo",
    "authorcard",
    "authorprofile",
    "aboutauthor",
    "abouttheauthor",
];

/// Whether a class name (lowercase) names an author's box
/// ([`AUTHOR_BOXES`], its separators left out).
fn is_author_box(name: &str) -> bool {
    name.contains("author") && {
        let joined: String = tokens(name).collect();
        AUTHOR_BOXES.iter().any(|word| joined.contains(word))
    }
}

/// Whether a class name (lowercase) that holds a content word ends in a
/// furniture word: a part of the block the content word names
/// ([`WORD_PART`], `Rules::PARTS`). Not a card's own header or footer,
/// not a style of text (`text-caption`), not a word for more of the
/// content (`supplement`, `extra`), not `widget` (see `WORD_WIDGET`).
fn is_part(name: &str) -> bool {
    let mut last = None;
    let mut before = None;
    for token in tokens(name) {
        before = last;
        last = Some(token);
    }
    let Some(last) = last else {
        return false;
    };
    let own = words_inside(last) | token_hints(last);
    let singular = last.strip_suffix('s').unwrap_or(last);
    own & WORD_FURNITURE != 0
        && own & (WORD_CONTENT | WORD_WIDGET) == 0
        && before != Some("text")
        && !["supplement", "extra"]
            .iter()
            .any(|word| last.contains(word))
        && !(name.contains("card") && FURNITURE_ENDINGS.iter().any(|end| singular.ends_with(end)))
}

/// Whether a class name is a modifier: it begins with `no`, `has`,
/// `with`, `without`, `hide` or `show` and a separator
/// (`no-extra-padding`, `has-sidebar`, `with-sidebar`,
/// `hide-read-more-ad`, `has-body-font-size`). Such a name says what the
/// element has, lacks or hides, and its words are not what the element
/// is: the wrapper `has-sidebar` holds the article beside one. Not a name
/// that ends in `print` (`no-print`, `hide-print`): a block left out of
/// the printed page is furniture, as the word `print` says.
fn is_modifier(name: &str) -> bool {
    const PREFIXES: [&str; 6] = ["no", "has", "with", "without", "hide", "show"];
    !name.ends_with("print")
        && PREFIXES.iter().any(|prefix| {
            name.strip_prefix(prefix)
                .is_some_and(|rest| rest.starts_with(['-', '_']))
        })
}

/// The hints of an `id`'s whole tokens (with a plural `s`).
fn id_hints(id: &str) -> Hints {
    let id = lowercase(id);
    let words = id_words();
    let mut hints = 0;
    // A number (`comment-1065466`) is no word of any list.
    for token in tokens(&id).filter(|token| !token.bytes().all(|b| b.is_ascii_digit())) {
        hints |= words.get(token).copied().unwrap_or(0) | ending_hints(token);
    }
    if names_cart(&id) {
        hints |= SELLS;
    }
    // A panel's name in an id is read as a substring, and only on a
    // hidden element ([`is_collapsed_panel`]).
    hints & !PANEL_WORD
}

/// What a shop names its control that puts a product in the cart
/// ([`SELLS`]), as a class (lowercase) spells it: words run together
/// (`addToCart`), or joined by `-` or `_`.
const CART_CONTROLS: &[&str] = &[
    "addtocart",
    "add-to-cart",
    "add_to_cart",
    "addtobag",
    "add-to-bag",
    "add_to_bag",
];

/// Whether an id (lowercase) names a control that puts a product in the
/// cart, whatever separates its words (`add-to-cart-button`,
/// `addToBag`): [`SELLS`]. An id's words are looked up one by one
/// ([`id_hints`]), and `add-to-cart` is three of them: they are joined
/// first, and found as [`CART_CONTROLS`] spells them run together.
fn names_cart(name: &str) -> bool {
    // Most ids hold neither word: the tokens are joined only for those
    // that do.
    (contains_ignore_ascii_case(name, "cart") || contains_ignore_ascii_case(name, "bag")) && {
        let joined: String = tokens(name).collect();
        CART_CONTROLS.iter().any(|word| joined.contains(word))
    }
}

/// Every whole token of an id that gives hints without looking at its
/// ending ([`ending_hints`]), with the hints it gives: each word of
/// [`WORD_LISTS`] and its plural (`comments` gives what `comment` does),
/// and the tokens [`token_hints`] matches whole. An id's token is looked
/// up here once, where it was compared with each short list and looked up
/// twice (as it is and without its `s`); [`id_hints`]'s test holds the
/// two ways equal.
fn id_words() -> &'static FxHashMap<String, Hints> {
    static WORDS: OnceLock<FxHashMap<String, Hints>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let mut words: FxHashMap<String, Hints> = FxHashMap::default();
        for (list, hint) in WORD_LISTS {
            for &word in list {
                *words.entry(word.to_owned()).or_insert(0) |= hint;
                *words.entry(format!("{word}s")).or_insert(0) |= hint;
            }
        }
        for (list, hint) in WHOLE_TOKENS {
            for &token in list {
                *words.entry(token.to_owned()).or_insert(0) |= hint;
            }
        }
        words
    })
}

/// The hints of the class strings of one document: pages repeat a few
/// hundred class strings over thousands of elements, and matching a class
/// against every word list is the costliest part of the hints. A class
/// string not seen before is read name by name, each name through a
/// cache of its own: utility-class pages (Tailwind) give most elements a
/// class string of their own, made of names the page repeats.
///
/// Both caches are keyed by a 64-bit hash of the string ([`hash64`]), not
/// the string: no copy of each class, no comparison of long strings on
/// every lookup. Two of a page's class strings that hash alike would share
/// hints; among a page's few thousand strings that is a chance of about
/// one in 10^12.
#[derive(Debug, Default)]
pub(super) struct ClassCache {
    /// A class string's hints and the hash of its shape (its names'
    /// [`shape_of`] in order).
    classes: FxHashMap<u64, (Hints, u32)>,
    /// A class name's hints and its [`shape_of`].
    names: FxHashMap<u64, (Hints, u32)>,
}

impl ClassCache {
    /// A cache sized for a page's class strings and names: a page has a
    /// few hundred of each, and growing a table rehashes all it holds.
    pub(super) fn for_a_page() -> ClassCache {
        const ENTRIES: usize = 512;
        ClassCache {
            classes: FxHashMap::with_capacity_and_hasher(ENTRIES, Default::default()),
            names: FxHashMap::with_capacity_and_hasher(ENTRIES, Default::default()),
        }
    }

    /// The hints of `class`'s words, and the shape of an element `name`d
    /// so with it (0 for an empty class).
    fn hints(&mut self, name: &str, class: &str) -> (Hints, u32) {
        let key = hash64(class);
        let names = &mut self.names;
        let (hints, class_shape) = *self.classes.entry(key).or_insert_with(|| {
            // The class's shape: its names' shapes in order, each found
            // once per page with the name's hints.
            let mut shape = FNV_OFFSET;
            let hints = class.split_ascii_whitespace().fold(0, |hints, class_name| {
                let (name_hints, name_shape) = *names
                    .entry(hash64(class_name))
                    .or_insert_with(|| (class_name_hints(class_name), shape_of(class_name)));
                shape = fnv1a_step(shape, name_shape);
                hints | name_hints
            });
            // A class of only whitespace has no hints and no shape, noted
            // as 0, where a class with names has a shape of 1 or more:
            // looked at once per class string, not on every element.
            if class.trim().is_empty() {
                (0, 0)
            } else {
                (hints, shape.max(1))
            }
        });
        if class_shape == 0 {
            return (0, 0);
        }
        let shape =
            class_shape.rotate_left(7) ^ fnv1a(name.bytes().map(|b| b.to_ascii_lowercase()));
        (hints, shape.max(1))
    }
}

/// A 64-bit hash of `text` (rustc-hash's, which mixes every byte).
fn hash64(text: &str) -> u64 {
    let mut hasher = FxHasher::default();
    hasher.write(text.as_bytes());
    hasher.finish()
}

/// The shape a class name gives a card: the name without its digits, so
/// that a template's numbered cards (`article article_0`, `article_1`,
/// `item-12`) are one shape, as they look alike on the page.
fn shape_of(name: &str) -> u32 {
    fnv1a(name.bytes().filter(|byte| !byte.is_ascii_digit()))
}

/// FNV-1a's starting value (32 bits).
const FNV_OFFSET: u32 = 0x811c_9dc5;

/// One step of FNV-1a: `value` (a byte, or a name's shape) mixed in.
fn fnv1a_step(hash: u32, value: u32) -> u32 {
    (hash ^ value).wrapping_mul(0x0100_0193)
}

/// FNV-1a over `bytes`; never 0.
fn fnv1a(bytes: impl Iterator<Item = u8>) -> u32 {
    bytes
        .fold(FNV_OFFSET, |hash, byte| fnv1a_step(hash, u32::from(byte)))
        .max(1)
}

/// The word lists and the hint each gives.
const WORD_LISTS: [(&[&str], Hints); 10] = [
    (CONTENT_WORDS, WORD_CONTENT),
    (CONSENT_WORDS, WORD_CONSENT | WORD_BOILERPLATE),
    (BOILERPLATE_WORDS, WORD_BOILERPLATE),
    (FURNITURE_WORDS, WORD_FURNITURE),
    (&["widget"], WORD_FURNITURE | WORD_WIDGET),
    (&["comment", "disqus"], WORD_COMMENT),
    (&["forum"], WORD_FORUM),
    (CART_CONTROLS, SELLS),
    (COLLAPSED_PANEL_WORDS, PANEL_WORD),
    (&["dismiss"], DISMISS),
];

/// The hints of the word lists that `has` finds a word of.
fn list_hints(has: impl Fn(&[&str]) -> bool) -> Hints {
    let mut hints = 0;
    for (list, hint) in WORD_LISTS {
        if has(list) {
            hints |= hint;
        }
    }
    hints
}

/// Every word of [`WORD_LISTS`] in one automaton, with the hint of each:
/// one pass over a class finds all the words inside it.
struct WordFinder {
    automaton: AhoCorasick,
    hints: Vec<Hints>,
}

fn word_finder() -> Option<&'static WordFinder> {
    static FINDER: OnceLock<Option<WordFinder>> = OnceLock::new();
    FINDER
        .get_or_init(|| {
            let (words, hints): (Vec<&str>, Vec<Hints>) = WORD_LISTS
                .iter()
                .flat_map(|&(list, hint)| list.iter().map(move |&word| (word, hint)))
                .unzip();
            // A DFA: the largest to build and hold of the automatons, the
            // quickest to run, and it runs over every class name of a page
            // that the cache has not seen (a few thousand words of table,
            // built once for the process).
            let automaton = AhoCorasick::builder()
                .kind(Some(AhoCorasickKind::DFA))
                .build(words)
                .ok()?;
            Some(WordFinder { automaton, hints })
        })
        .as_ref()
}

/// The hints of the words found inside `class` (lowercase), as
/// `list_hints` with `contains` gives them.
fn words_inside(class: &str) -> Hints {
    match word_finder() {
        Some(finder) => finder
            .automaton
            .find_overlapping_iter(class)
            .fold(0, |hints, found| {
                hints
                    | finder
                        .hints
                        .get(found.pattern().as_usize())
                        .copied()
                        .unwrap_or(0)
            }),
        None => list_hints(|list| list.iter().any(|word| class.contains(word))),
    }
}

/// The hints of one whole token of a `class` or an `id`.
fn token_hints(token: &str) -> Hints {
    let whole = WHOLE_TOKENS
        .iter()
        .filter(|(list, _)| list.contains(&token))
        .fold(0, |hints, (_, hint)| hints | hint);
    whole | ending_hints(token)
}

/// The lists of [`token_hints`] that a token matches whole, and the hint
/// each gives.
const WHOLE_TOKENS: [(&[&str], Hints); 3] = [
    (BOILERPLATE_TOKENS, WORD_BOILERPLATE),
    (REVIEW_TOKENS, WORD_COMMENT),
    (FURNITURE_TOKENS, WORD_FURNITURE),
];

/// The hints of a token's ending: a furniture word that ends it
/// ([`FURNITURE_ENDINGS`], in the singular; not after `sub`).
fn ending_hints(token: &str) -> Hints {
    let singular = token.strip_suffix('s').unwrap_or(token);
    let furniture = FURNITURE_ENDINGS.iter().any(|word| {
        singular
            .strip_suffix(word)
            .is_some_and(|head| !head.ends_with("sub"))
    });
    if furniture { WORD_FURNITURE } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_control_that_puts_a_product_in_the_cart_says_the_page_sells() {
        for (class, id) in [
            ("btn add-to-cart", ""),
            ("product-addtocart-button", ""),
            ("js-add_to_cart", ""),
            ("AddToBag", ""),
            ("", "add-to-cart-button"),
            ("", "addToCart"),
        ] {
            assert_ne!(word_hints(class, id) & SELLS, 0, "{class:?} {id:?}");
        }
        // A cart itself, a bag or a word that only holds the letters: no
        // control that adds to it.
        for (class, id) in [
            ("mini-cart", ""),
            ("cart-count", ""),
            ("shopping-bag", ""),
            ("", "cart"),
            ("add-to-wishlist", ""),
            ("cartoon-strip", ""),
        ] {
            assert_eq!(word_hints(class, id) & SELLS, 0, "{class:?} {id:?}");
        }
    }

    #[test]
    fn the_automaton_finds_what_contains_finds() {
        for class in [
            "post-share-bar",
            "sidebar-widget comments",
            "entry-content forum",
            "elementor-widget-heading",
            "pagination pager nav",
            "xsocialx promo-box trending",
            "",
            "plain",
        ] {
            assert_eq!(
                words_inside(class),
                list_hints(|list| list.iter().any(|word| class.contains(word))),
                "{class}"
            );
        }
    }

    #[test]
    fn a_panel_is_named_by_its_class_or_id() {
        for class in [
            "accordion-body",
            "tab-pane fade",
            "c-Collapsible__content",
            "swiper-slide",
            "slick-slide slick-cloned",
        ] {
            assert_ne!(class_hints(class) & PANEL_WORD, 0, "{class}");
        }
        for id in ["specs-tabpanel", "faq-answer-3", "Accordion"] {
            assert!(is_collapsed_panel(Some(id)), "{id}");
        }
        for name in ["table-responsive", "nav-tabs", "modal-content", "drawer"] {
            assert_eq!(class_hints(name) & PANEL_WORD, 0, "{name}");
            assert!(!is_collapsed_panel(Some(name)), "{name}");
        }
        // An id's panel word is read only on a hidden element.
        assert_eq!(id_hints("faq") & PANEL_WORD, 0);
    }

    #[test]
    fn a_boilerplate_word_qualifies_a_content_word_of_its_own_name() {
        for class in [
            "related-posts",
            "jp-relatedposts",
            "recent-posts-wrapper",
            "article-share",
        ] {
            let hints = class_hints(class);
            assert_ne!(hints & WORD_BOILERPLATE, 0, "{class}");
            assert_eq!(hints & WORD_CONTENT, 0, "{class}");
        }
        // A content word of another name is still heard.
        let hints = class_hints("post-content share-enabled");
        assert_ne!(hints & WORD_BOILERPLATE, 0);
        assert_ne!(hints & WORD_CONTENT, 0);
    }

    #[test]
    fn a_panel_is_named_by_aria_controls() {
        let mut controlled = FxHashSet::default();
        assert!(
            !is_controlled(&controlled, Some("faq-1")),
            "nothing named yet"
        );
        controlled.extend("faq-1 faq-2".split_ascii_whitespace().map(hash64));
        assert!(is_controlled(&controlled, Some("faq-2")));
        assert!(
            is_controlled(&controlled, Some(" faq-1 ")),
            "the id's spaces left out"
        );
        assert!(!is_controlled(&controlled, Some("faq-3")));
        assert!(
            !is_controlled(&controlled, Some("FAQ-1")),
            "ids match exactly"
        );
        assert!(!is_controlled(&controlled, None));
    }

    #[test]
    fn words_of_class_and_id() {
        assert_eq!(word_hints("share-bar", ""), WORD_BOILERPLATE);
        assert_eq!(
            word_hints("", "comments"),
            WORD_COMMENT,
            "boilerplate unless the page is a forum's"
        );
        assert_eq!(word_hints("comment-list", ""), WORD_COMMENT);
        assert_eq!(
            word_hints("elementor-widget elementor-widget-heading", ""),
            WORD_FURNITURE | WORD_WIDGET
        );
        assert_eq!(word_hints("forum-wrap", ""), WORD_FORUM);
        assert_eq!(word_hints("product-reviews", ""), WORD_COMMENT);
        assert_eq!(word_hints("", "reviews"), WORD_COMMENT);
        assert_eq!(
            word_hints("review-body", ""),
            WORD_CONTENT,
            "one review is an article"
        );
        assert_eq!(word_hints("advert slot", ""), WORD_BOILERPLATE);
        assert_eq!(
            word_hints("container--section-more-ads", ""),
            0,
            "an ad slot's wrapper holds the page's entries"
        );
        assert_eq!(word_hints("header", ""), WORD_FURNITURE);
        assert_eq!(
            word_hints("px-4 lg:pt-[var(--banner-height)]", ""),
            0,
            "an arbitrary value names a CSS variable, not the block"
        );
        assert_eq!(word_hints("md:flex site-menu", ""), WORD_FURNITURE);
        assert_eq!(
            word_hints("col no-extra-padding", ""),
            0,
            "a modifier says what the block lacks, not what it is"
        );
        assert_eq!(word_hints("layout has-sidebar", ""), 0);
        assert_eq!(word_hints("grid hide-read-more-ad", ""), 0);
        assert_eq!(word_hints("nothing-extra", ""), WORD_FURNITURE);
        assert_eq!(
            word_hints("nav-links no-print", ""),
            WORD_FURNITURE,
            "a block left out of print is furniture"
        );
        assert_eq!(word_hints("sidebar with-ads", ""), WORD_FURNITURE);
        assert_eq!(word_hints("pagefooter", ""), WORD_FURNITURE);
        assert_eq!(word_hints("headerlink", ""), 0);
        assert_eq!(word_hints("subheaders jumptargets", ""), 0);
        assert_eq!(word_hints("", "subheader"), 0);
        assert_eq!(word_hints("site-nav", ""), WORD_FURNITURE);
        assert_eq!(
            word_hints("canvas shadow", ""),
            0,
            "nav and ad only as tokens"
        );
        assert_eq!(
            word_hints("article-header", ""),
            WORD_FURNITURE | WORD_CONTENT | WORD_PART
        );
        assert_eq!(word_hints("entry-content", "post-12"), WORD_CONTENT);
        assert_eq!(word_hints("", "table-readsharedmemory-fields"), 0);
        assert_eq!(word_hints("", "related"), WORD_BOILERPLATE);
    }

    #[test]
    fn parts_named_after_their_block() {
        for class in [
            "entry-header",
            "post-footer",
            "article__meta",
            "blog-article__breadcrumbs",
        ] {
            assert_ne!(word_hints(class, "") & WORD_PART, 0, "{class}");
        }
        for class in [
            // No content word: furniture as it was.
            "site-header",
            // The last word is content, or no furniture.
            "header-content",
            "post-title",
            // A card's own header and footer, a style of text, more of the
            // content, a page builder's widget.
            "article-card__footer",
            "rf-ccard-content-header",
            "wt-text-caption",
            "story-body-supplemental",
            "entry-content-widget",
        ] {
            assert_eq!(word_hints(class, "") & WORD_PART, 0, "{class}");
        }
        // Only a class name's words: an id is read by whole words.
        assert_eq!(word_hints("", "entry-header") & WORD_PART, 0);
    }

    #[test]
    fn author_boxes() {
        for class in [
            "author-bio",
            "authorBio",
            "cs-entry__author-info",
            "about-the-author",
            "entry-author-profile",
        ] {
            assert_ne!(word_hints(class, "") & WORD_BOILERPLATE, 0, "{class}");
        }
        for class in ["entry-author", "post-author", "authoring-tools"] {
            assert_eq!(word_hints(class, "") & WORD_BOILERPLATE, 0, "{class}");
        }
    }

    #[test]
    fn consent_banners() {
        assert_ne!(word_hints("", "onetrust-consent-sdk") & WORD_CONSENT, 0);
        assert_ne!(word_hints("cookie-notice", "") & WORD_CONSENT, 0);
        assert_ne!(word_hints("cookie-notice", "") & WORD_BOILERPLATE, 0);
    }

    #[test]
    fn ids_made_from_headings() {
        assert!(is_slug_of("sharing-changes", "Sharing changes"));
        assert!(is_slug_of(
            "sharing-with-multiple-developers-code-review",
            " Sharing with multiple developers: code review \u{b6}"
        ));
        assert!(is_slug_of("setting-up-1", "Setting up"));
        assert!(!is_slug_of("sharing-bar", "Sharing changes"));
        assert!(!is_slug_of("share", "Share this"));
        assert!(!is_slug_of("related", ""));
        assert!(is_heading_element("h2") && is_heading_element("H6"));
        assert!(!is_heading_element("h7") && !is_heading_element("hr"));
        assert!(!is_heading_element("header"));
    }

    #[test]
    fn links_to_pages_and_cross_references() {
        assert!(leaves_page("/about"));
        assert!(leaves_page("https://example.com/a?b=c"));
        assert!(leaves_page("#"));
        assert!(!leaves_page("#sec-intro"));
        assert!(!leaves_page("abstract-operations.html#sec-toprimitive"));
        // A place in this page: a fragment alone.
        assert!(is_jump("#sec-intro"));
        assert!(is_jump("  #top"));
        assert!(!is_jump("#"), "a script's handle");
        assert!(!is_jump("# "));
        assert!(!is_jump("guide.html#history"), "most often another page");
        assert!(!is_jump("/about"));
    }

    #[test]
    fn the_cache_gives_what_the_words_give() {
        let mut cache = ClassCache::default();
        let classes = [
            "post-share-bar",
            "flex items-center share-bar",
            "flex items-center px-4",
            "Site-Header has-sidebar",
            "pt-[var(--banner-height)] comments",
            "  ",
            "entry-content forum",
            "post-share-bar",
        ];
        for class in classes {
            let (hints, shape) = cache.hints("div", class);
            assert_eq!(hints, class_hints(class), "{class:?}");
            assert_eq!(shape == 0, class.trim().is_empty(), "{class:?}");
        }
        assert_eq!(cache.hints("div", "comments").0, WORD_COMMENT);
        assert_ne!(cache.hints("div", "a b").1, cache.hints("li", "a b").1);
    }

    #[test]
    fn what_dismisses_and_what_is_dismissed() {
        let mut cache = ClassCache::for_a_page();
        for class in [
            "notice-dismiss js-noticeDismiss",
            "alert alert-dismissible fade show",
            "search_container dismissable",
            "btn btn-dismiss",
        ] {
            assert_ne!(cache.hints("div", class).0 & DISMISS, 0, "{class:?}");
        }
        for class in ["notice", "alert alert-warning", "close", "modal-close"] {
            assert_eq!(cache.hints("div", class).0 & DISMISS, 0, "{class:?}");
        }
        assert_ne!(id_hints("dismiss-button") & DISMISS, 0);
    }

    #[test]
    fn numbered_cards_are_one_shape() {
        let mut cache = ClassCache::for_a_page();
        let mut shape = |class: &str| cache.hints("article", class).1;
        assert_eq!(shape("article article_0 "), shape("article article_12"));
        assert_eq!(shape("item-1 card"), shape("item-2  card"));
        assert_ne!(shape("article article_0"), shape("article"));
        assert_ne!(shape("card-a"), shape("card-b"));
        assert_ne!(shape("ab"), shape("a b"), "words stay apart");
    }

    #[test]
    fn inline_styles_that_hide() {
        assert!(hides("display:none"));
        assert!(hides("color: red; DISPLAY: none !important"));
        assert!(hides("visibility: hidden"));
        assert!(!hides("display: block"));
        assert!(!hides("displaynone"));
        assert!(hides("Visibility: HIDDEN"));
        assert!(hides("display: None !IMPORTANT"));
        assert!(!hides("display: !important"));
        assert_eq!(without_important("é!important"), "é");
        assert!(!hides("display: non"), "a word cut short at the end");
        assert!(!hides("font-family: 'Noto Sans'; overflow: hidde"));
    }

    #[test]
    fn a_look_for_none_or_hidden() {
        assert!(says_none_or_hidden(b"display:NONE"));
        assert!(says_none_or_hidden(b"overflow: Hidden"));
        assert!(!says_none_or_hidden(b"color: #fff"));
        assert!(!says_none_or_hidden(b"n"));
        assert!(!says_none_or_hidden("é: nöne".as_bytes()));
    }

    /// [`id_hints`] as it read the lists before [`id_words`]: each token
    /// compared with the lists of whole tokens, then looked up among the
    /// words as it is and without its `s`; split as bytes.
    fn id_hints_list_by_list(id: &str) -> Hints {
        let id = lowercase(id);
        let mut words: FxHashMap<&str, Hints> = FxHashMap::default();
        for (list, hint) in WORD_LISTS {
            for &word in list {
                *words.entry(word).or_insert(0) |= hint;
            }
        }
        let mut hints = 0;
        let tokens = id
            .as_bytes()
            .split(|b| !b.is_ascii_alphanumeric())
            .filter(|token| !token.is_empty())
            .filter_map(|token| std::str::from_utf8(token).ok());
        for token in tokens.filter(|token| !token.bytes().all(|b| b.is_ascii_digit())) {
            hints |= token_hints(token);
            let singular = token.strip_suffix('s').unwrap_or(token);
            hints |=
                words.get(token).copied().unwrap_or(0) | words.get(singular).copied().unwrap_or(0);
        }
        if names_cart(&id) {
            hints |= SELLS;
        }
        hints & !PANEL_WORD
    }

    /// Every word the lists hold, whole, in the plural, inside a longer
    /// token, between separators, in capitals.
    fn id_samples() -> Vec<String> {
        let mut ids = Vec::new();
        let lists = WORD_LISTS.iter().chain(WHOLE_TOKENS.iter());
        for &(list, _) in lists {
            for &word in list {
                ids.extend([
                    word.to_owned(),
                    format!("{word}s"),
                    format!("{word}ss"),
                    format!("site-{word}"),
                    format!("{word}_2-wrapper"),
                    format!("x{word}"),
                    format!("sub{word}s"),
                    word.to_uppercase(),
                    format!("{}s", &word[..word.len() - 1]),
                ]);
            }
        }
        ids
    }

    #[test]
    fn an_ids_words_in_one_table_are_the_lists_read_one_by_one() {
        for id in id_samples() {
            assert_eq!(id_hints(&id), id_hints_list_by_list(&id), "{id}");
        }
        for id in [
            "subheader",
            "page-headers",
            "nav2",
            "s",
            "",
            "--",
            "é-nav-é",
            "comment-1065466",
        ] {
            assert_eq!(id_hints(id), id_hints_list_by_list(id), "{id}");
        }
        assert_ne!(id_hints("comments"), 0);
        assert_ne!(id_hints("site-nav"), 0);
        assert_eq!(
            id_hints("site-navs"),
            0,
            "a whole token of a short list, not its plural"
        );
    }

    proptest::proptest! {
        /// The same hints for any id, however it is spelled.
        #[test]
        fn an_ids_hints_are_the_lists_hints(id in "[a-zA-Z0-9 _é-]{0,24}") {
            proptest::prop_assert_eq!(id_hints(&id), id_hints_list_by_list(&id));
        }
    }
}
