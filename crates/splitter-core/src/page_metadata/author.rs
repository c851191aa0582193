//! Whether a text names an author, and the name in it: a byline's labels
//! (`By`, `Written by`, `Thread starter`), what follows the name (a date, a
//! role), and fields that name no one or someone who only updated the page.

use super::text::{begins_with, collapse};

/// Whether a text is a label that a byline's name follows (`By`,
/// `Written by`, `Author:`).
pub(super) fn is_byline_label(text: &str) -> bool {
    if text.len() > "thread starter:".len() {
        return false;
    }
    let label = text.trim_end_matches(':').trim();
    [
        "by",
        "written by",
        "posted by",
        "authored by",
        "author",
        "words by",
        "article by",
        // A forum thread's first poster (`Thread starter`, `Started by`).
        "thread starter",
        "started by",
    ]
    .iter()
    .any(|known| label.eq_ignore_ascii_case(known))
}

/// Whether a short text begins with a byline's label and goes on
/// (`Written by Jo Park`); not a bare `By`, which menus use too (`By
/// Category`).
pub(super) fn begins_with_byline_label(text: &str) -> bool {
    text.len() <= 80
        && [
            "written by ",
            "posted by ",
            "article by ",
            "words by ",
            "started by ",
        ]
        .iter()
        .any(|label| begins_with(text, label))
}

/// Whether a short text after the main heading is `By` and a person's
/// name: two to four words, each capitalised (`by Jo Park`, perhaps
/// followed by its date: `by Jo Park - 2024-05-02`; not a menu's `By
/// Category`).
pub(super) fn is_bare_byline(text: &str) -> bool {
    // Most texts are no byline: the cheap tests first.
    if text.len() > 200
        || !begins_with(text, "by")
        || !text.as_bytes().get(2).is_some_and(u8::is_ascii_whitespace)
    {
        return false;
    }
    let text = collapse(text);
    text.len() <= 50 && begins_with(&text, "by ") && {
        let name = [" - ", " | ", " · ", " • ", " — ", " – "]
            .iter()
            .filter_map(|separator| text[3..].split_once(separator))
            .map(|(name, _)| name)
            .min_by_key(|name| name.len())
            .unwrap_or(&text[3..]);
        is_capitalised_words(name)
    }
}

/// Whether `text` is two to four words, each beginning with a capital
/// letter (`Jo Park`; not `This author`, nor a sentence).
pub(super) fn is_capitalised_words(text: &str) -> bool {
    (2..=4).contains(&text.split_whitespace().count())
        && text
            .split_whitespace()
            .all(|word| word.chars().next().is_some_and(char::is_uppercase))
}

/// Whether a text after a `By` label reads as a name, not code or a
/// setting (`Sort by` `DEFAULT`, `Group by` `expr`): it begins with a
/// capital letter and is not one word in capitals.
pub(super) fn reads_as_name(text: &str) -> bool {
    let capitalised = text.chars().next().is_some_and(char::is_uppercase);
    let shouted = !text.contains(' ') && !text.chars().any(char::is_lowercase);
    capitalised
        && !shouted
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || " .,'’&-".contains(c))
}

/// An author field that names no one: a number (a social network's
/// profile id, `262588213843476`), a template's unfilled key
/// (`page.head.author`, `{{ author }}`) or value (`undefined`, `null`).
pub(super) fn is_no_name(text: &str) -> bool {
    let text = text.trim();
    text.bytes().all(|byte| byte.is_ascii_digit())
        || text.contains("{{")
        || text.eq_ignore_ascii_case("undefined")
        || text.eq_ignore_ascii_case("null")
        || (!text.contains(' ')
            && text.contains('.')
            && text
                .split('.')
                .any(|part| part.eq_ignore_ascii_case("author")))
}

/// Whether a byline names who updated or edited the page, not who wrote
/// it (`Updated by Jo Park`, `Last edited by jo`).
pub(super) fn names_an_editor(text: &str) -> bool {
    [
        "updated by",
        "last updated by",
        "edited by",
        "last edited by",
    ]
    .iter()
    .any(|label| begins_with(text, label))
}

/// A byline's name: its text without a leading "By" and without what
/// follows the name (` - Mar 27, 2024`, ` | 5 min read`), when it reads as
/// a name: at most 6 words, no digits, not a label alone (`Author`).
pub(super) fn byline_name(text: &str) -> Option<String> {
    // `By&nbsp;Jo` reads as `By Jo`.
    let collapsed = collapse(text);
    if names_an_editor(&collapsed) {
        return None;
    }
    let mut text = collapsed.as_str();
    // Labels may follow one another (`Author Posted by Jo`, a screen
    // reader's label before the visible one): each is taken off.
    while let Some(prefix) = [
        "written by ",
        "posted by:",
        "posted by ",
        "started by ",
        "authored by:",
        "authored by ",
        "reviewed by ",
        "author ",
        "by:",
        "by ",
        "author:",
        "authors:",
        "von ",
        "par ",
        "por ",
    ]
    .into_iter()
    .find(|prefix| begins_with(text, prefix))
    {
        text = text[prefix.len()..].trim();
    }
    let labelled = text.len() < collapsed.len();
    for separator in [" - ", " | ", " · ", " • ", " — ", " – ", " on "] {
        if let Some(at) = text.find(separator) {
            text = &text[..at];
        }
    }
    // After a label, a date after a comma (`Started by Jo Park, June 04,
    // 2024, 11:23 AM`); not a list of names (`Jo Park, Sam Lee`). Without
    // a label, what comes before a comma need be no name (`Sat, 20 Dec`).
    let mut end = 0;
    for part in text.split(", ") {
        if part.chars().any(|c| c.is_ascii_digit()) {
            break;
        }
        end += part.len() + ", ".len();
    }
    if labelled && end > 0 {
        text = text.get(..end - ", ".len()).unwrap_or(text);
    }
    // A role in brackets after the name (`Albert Swann (Editor)`), not a
    // name's own (`Paramita (Guha) Ghosh`).
    if text.ends_with(')')
        && let Some(at) = text.find(" (")
    {
        text = &text[..at];
    }
    // A form's required field is marked `*` (`Name *`).
    let text =
        text.trim_matches(|c: char| matches!(c, '|' | '·' | ',' | ':' | '*') || c.is_whitespace());
    let words = text.split_whitespace().count();
    let label = [
        "author",
        "authors",
        "by",
        "written by",
        "about the author",
        "admin",
        "full bio",
        "the author",
        // A comment form's field (`<label for=author>Name *</label>`).
        "name",
        "your name",
    ]
    .iter()
    .any(|label| text.eq_ignore_ascii_case(label))
        // A label whose name is in the next element (`Posted by`,
        // `Insights from`, `Topic Author`, `Follow the author`).
        || ["by", "from", "author", "authors"].iter().any(|word| {
            text.rsplit(' ')
                .next()
                .is_some_and(|last| last.eq_ignore_ascii_case(word))
        })
        // A link's call to action (`Visit the Tide Store`, `Shop All`,
        // `Get in touch`, `Read her articles`).
        || [
            "visit", "shop", "get", "read", "follow", "contact", "learn", "view", "browse",
            "subscribe", "sign", "join", "click", "share", "explore", "discover", "download",
        ]
        .iter()
        .any(|verb| {
            text.split_whitespace()
                .next()
                .is_some_and(|first| first.eq_ignore_ascii_case(verb))
        });
    (words > 0
        && words <= 6
        && !label
        && !text.chars().any(|c| c.is_ascii_digit())
        && text.chars().count() <= 80)
        .then(|| text.to_owned())
}

pub(super) fn is_link(text: &str) -> bool {
    text.starts_with("http://") || text.starts_with("https://") || text.starts_with("//")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page_metadata::DATE_NEAR_HEADING;
    use crate::page_metadata::tests::{full, page};
    use crate::page_metadata::text::decode_references;

    #[test]
    fn a_name_after_a_by_label_near_the_heading_is_the_author() {
        let labelled = |label: &str, name: &str, far: bool| {
            let dom = page("Headline", |dom, body| {
                let h1 = dom.element(body, "h1");
                dom.add_text(h1, "Headline");
                if far {
                    for paragraph in 0..=DATE_NEAR_HEADING {
                        let p = dom.element(body, "p");
                        dom.add_text(p, &format!("Paragraph {paragraph}."));
                    }
                }
                let label_element = dom.element(body, "p");
                dom.add_text(label_element, label);
                let name_element = dom.element(body, "p");
                dom.add_text(name_element, name);
            });
            full(&dom).author
        };
        assert_eq!(
            labelled("Written by", "Edzel Tabing", false).as_deref(),
            Some("Edzel Tabing")
        );
        assert_eq!(
            labelled("By", "Daniel Renfrow", false).as_deref(),
            Some("Daniel Renfrow")
        );
        // A footer's credit, far below the heading; a setting, not a name.
        assert_eq!(labelled("By", "Social Ink", true), None);
        assert_eq!(labelled("Sort by", "DEFAULT", false), None);
        assert_eq!(labelled("By", "DEFAULT", false), None);
        assert_eq!(labelled("By", "expr", false), None);
    }

    #[test]
    fn an_author_box_begins_with_the_name() {
        let boxed = |first: &str| {
            let dom = page("Headline", |dom, body| {
                let author = dom.element(body, "div");
                dom.set_attribute(author, "class", "post_author-box");
                let name = dom.element(author, "div");
                dom.add_text(name, first);
                let bio = dom.element(author, "p");
                dom.add_text(bio, "Ana Lima writes about the shore and what lives on it.");
            });
            full(&dom).author
        };
        assert_eq!(boxed("Ana Lima").as_deref(), Some("Ana Lima"));
        // A menu's word, not a name.
        assert_eq!(boxed("Guide"), None);
        assert_eq!(boxed("about our writers"), None);
        // The label and the name in one text, near the heading.
        let dom = page("Headline", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Headline");
            let credit = dom.element(body, "p");
            dom.add_text(credit, "Written by Ben Ode");
        });
        assert_eq!(full(&dom).author.as_deref(), Some("Ben Ode"));
        // A bare `By` is a menu's as often as a byline's.
        let dom = page("Headline", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Headline");
            let menu = dom.element(body, "a");
            dom.add_text(menu, "By Category");
        });
        assert_eq!(full(&dom).author, None);
        // `By` and a name of two to four capitalised words after the
        // heading: a byline in text alone.
        let bare = |credit: &str| {
            let dom = page("Headline", |dom, body| {
                let h1 = dom.element(body, "h1");
                dom.add_text(h1, "Headline");
                let span = dom.element(body, "span");
                dom.add_text(span, credit);
            });
            full(&dom).author
        };
        assert_eq!(bare("by Ana Lima").as_deref(), Some("Ana Lima"));
        // Perhaps followed by its date.
        assert_eq!(
            bare("by Ana Lima - 2024-05-02").as_deref(),
            Some("Ana Lima")
        );
        assert_eq!(
            bare("by Ana Lima | May 2, 2024").as_deref(),
            Some("Ana Lima")
        );
        assert_eq!(
            bare("by Ana Lima\n    -\n    2024-05-02").as_deref(),
            Some("Ana Lima")
        );
        assert_eq!(bare("By\n  Ana Lima").as_deref(), Some("Ana Lima"));
        assert_eq!(bare("By Price - Low to High"), None);
        assert_eq!(bare("By Price and size"), None);
        assert_eq!(bare("By Ana"), None);
    }

    #[test]
    fn bylines_are_names_not_sentences() {
        assert_eq!(byline_name("By Ana Lima").as_deref(), Some("Ana Lima"));
        assert_eq!(byline_name("  by:  Ben  ").as_deref(), Some("Ben"));
        assert_eq!(
            byline_name("This is a long sentence about many other things."),
            None
        );
        assert_eq!(
            byline_name("By Dr. Vahid Osman - Mar 27, 2024").as_deref(),
            Some("Dr. Vahid Osman")
        );
        assert_eq!(
            byline_name("Written By Reyan Perumal").as_deref(),
            Some("Reyan Perumal")
        );
        assert_eq!(byline_name("Author"), None);
        // A link's call to action.
        assert_eq!(byline_name("Visit the Tide Store"), None);
        assert_eq!(byline_name("Shop All"), None);
        assert_eq!(byline_name("Get in touch"), None);
        assert_eq!(byline_name("Reading Jo").as_deref(), Some("Reading Jo"));
        // A thread's first poster, and a date after a comma.
        assert_eq!(
            byline_name("Started by Tide Walker, June 04, 2024, 11:23:55 AM").as_deref(),
            Some("Tide Walker")
        );
        assert_eq!(
            byline_name("Ana Lima, Ben Ode").as_deref(),
            Some("Ana Lima, Ben Ode")
        );
        assert_eq!(byline_name("June 04, 2024"), None);
        assert_eq!(byline_name("Sat, 20 Dec, 2025 - 06:36"), None);
        // A comment form's field is no byline.
        assert_eq!(byline_name("Name *"), None);
        assert_eq!(byline_name("Your name"), None);
        assert_eq!(byline_name("Ana Lima *").as_deref(), Some("Ana Lima"));
        // Who updated the page did not write it.
        assert_eq!(byline_name("Updated by Ana Lima"), None);
        assert_eq!(byline_name("Last edited by ana_l"), None);
        // A label that ends with `author`: the name is in the next element.
        assert_eq!(byline_name("Thread Author"), None);
        assert_eq!(byline_name("Meet the authors"), None);
        assert_eq!(byline_name(""), None);
        // A prefix's length can fall inside a character.
        assert_eq!(byline_name("Уховит").as_deref(), Some("Уховит"));
        assert_eq!(byline_name("Minoa » Tue").as_deref(), Some("Minoa » Tue"));
        assert_eq!(
            decode_references("Tips &amp;amp; it&#8217;s &#x2014; &bogus; &"),
            "Tips &amp; it\u{2019}s \u{2014} &bogus; &"
        );
    }

    #[test]
    fn an_author_field_that_names_no_one_is_passed_over() {
        let with_meta = |key: &str, value: &str| {
            let dom = page("Tide pools", |dom, body| {
                let meta = dom.element(body, "meta");
                dom.set_attribute(meta, "name", key);
                dom.set_attribute(meta, "property", key);
                dom.set_attribute(meta, "content", value);
                let byline = dom.element(body, "span");
                dom.set_attribute(byline, "class", "post-author");
                dom.add_text(byline, "By Ana Lima");
            });
            full(&dom).author
        };
        for value in [
            "site.meta.author",
            "{{ post.author }}",
            "100200300400",
            " 42 ",
            "undefined",
            "NULL",
        ] {
            assert_eq!(
                with_meta("author", value).as_deref(),
                Some("Ana Lima"),
                "{value}"
            );
        }
        assert_eq!(
            with_meta("article:author", "31337").as_deref(),
            Some("Ana Lima")
        );
        // A login with dots is someone.
        assert_eq!(
            with_meta("author", "ana.r.lima").as_deref(),
            Some("ana.r.lima")
        );
        assert!(is_no_name(""));
        assert!(!is_no_name("Jo Park"));
        assert!(!is_no_name("Authority.org"));
    }
}
