//! The words of `class` and `id`: the lists of boilerplate, furniture,
//! content, comment and other words and the hint each gives, and how a
//! class (words found inside its names) and an id (whole tokens only) are
//! read against them.

use std::borrow::Cow;
use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, AhoCorasickKind};
use rustc_hash::FxHashMap;

use crate::text::contains_ignore_ascii_case;

use super::attributes::COLLAPSED_PANEL_WORDS;
use super::{
    DISMISS, Hints, PANEL_WORD, SELLS, WORD_BOILERPLATE, WORD_COMMENT, WORD_CONSENT, WORD_CONTENT,
    WORD_FORUM, WORD_FURNITURE, WORD_PART, WORD_WIDGET,
};

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
/// `main-content-sidebar-layout`…) vetoes them: see [`hints`](super::hints).
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

/// The words of a `class` or an `id`: what lies between characters that
/// are not ASCII letters or digits.
pub(super) fn tokens(text: &str) -> impl Iterator<Item = &str> {
    // Split as the `str` it is: a separator is any character other than
    // an ASCII letter or digit, so a token is ASCII and never checked
    // again as UTF-8 (which, token by token, cost more than the split).
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|token| !token.is_empty())
}

/// `text` in ASCII lowercase, borrowed when it already is (the common case).
pub(super) fn lowercase(text: &str) -> Cow<'_, str> {
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

/// The hints of a `class` as [`ClassCache`](super::ClassCache) gives them, without the cache.
#[cfg(test)]
pub(super) fn class_hints(class: &str) -> Hints {
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
pub(super) fn class_name_hints(name: &str) -> Hints {
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
pub(super) fn id_hints(id: &str) -> Hints {
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
mod tests;
