//! What an element's attributes other than its class words say: a link
//! to another page or to a place in this one (`href`), an inline style
//! that hides it, a panel a reader opens in place (by its id or the
//! `aria-controls` of its button), a part a server streamed, a layer over
//! the page, an id made from the element's own heading.

use rustc_hash::FxHashSet;

use crate::adapter::{DomAdapter, NodeKind};
use crate::elements::is_heading_element;
use crate::text::contains_ignore_ascii_case;

use super::class_cache::hash64;
use super::words::{lowercase, tokens};

/// Whether an element with `hidden` and this id is a part of the page
/// that a server streamed after the rest: React's streaming renderer
/// (Next.js, Remix) sends each finished part as `<div hidden id="S:0">`
/// and a script that moves it into place at once (the number in
/// hexadecimal: `S:1f`). It is content.
pub(super) fn is_streamed(id: Option<&str>) -> bool {
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
pub(super) const COLLAPSED_PANEL_WORDS: &[&str] = &[
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
/// boilerplate word (a site menu's folded submenu): see [`hints`](super::hints). A
/// panel written before its button is not recognised: the walk reads the
/// page once, in order.
pub(super) fn is_controlled(controlled: &FxHashSet<u64>, id: Option<&str>) -> bool {
    !controlled.is_empty() && id.is_some_and(|id| controlled.contains(&hash64(id.trim())))
}

/// Whether a hidden element is a collapsed panel by its `id`
/// ([`COLLAPSED_PANEL_WORDS`], as substrings, in any case; its `class`
/// says so by [`PANEL_WORD`](super::PANEL_WORD), looked up with the other class words): like a tab's
/// panel, its text is part of the page, shown when the reader opens it
/// with the button beside it. Sites hide such panels with an inline
/// `display: none` or `aria-hidden` until then, and the answers of a FAQ
/// are as much the page as its questions. Read only for hidden elements,
/// and not heeded beside a furniture or boilerplate word (see [`hints`](super::hints)).
pub(super) fn is_collapsed_panel(id: Option<&str>) -> bool {
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
pub(super) fn is_layer(name: &str, aria_modal: Option<&str>, open: bool, popover: bool) -> bool {
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
pub(super) fn names_first_heading<A: DomAdapter>(dom: &A, node: A::Node, id: &str) -> bool {
    let Some(heading) = dom
        .children(node)
        .find(|&child| dom.kind(child) == NodeKind::Element)
    else {
        return false;
    };
    if !is_heading_element(dom.element_name(heading)) {
        return false;
    }
    // The heading's text, in document order.
    let mut text = String::new();
    for at in dom.descendants(heading) {
        if dom.kind(at) == NodeKind::Text {
            text.push(' ');
            text.push_str(&dom.text(at));
            if text.len() > HEADING_TEXT_LIMIT {
                return false;
            }
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
pub(super) fn leaves_page(href: &str) -> bool {
    match href.split_once('#') {
        None => true,
        Some((_, fragment)) => fragment.trim().is_empty(),
    }
}

/// Whether a link leads to a place in this page: a fragment alone
/// (`#history`), not one after a path (`guide.html#history`, most often
/// another page).
pub(super) fn is_jump(href: &str) -> bool {
    href.trim_start()
        .strip_prefix('#')
        .is_some_and(|fragment| !fragment.trim().is_empty())
}

/// Whether an inline `style` hides the element.
pub(super) fn hides(style: &str) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::main_content::hints::PANEL_WORD;
    use crate::main_content::hints::words::{class_hints, id_hints};

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
}
