//! The page's bylines: the elements that name the author (`rel=author`, a
//! link to an author's page, a class or id that says author or byline, an
//! author's box, a forum's poster), the role written after a name, an
//! author's box at the article's end and a link to more of their writing.

use super::Facts;
use super::author::{byline_name, is_capitalised_words, reads_as_name};
use super::text::{begins_with, collapse};
use crate::adapter::{DomAdapter, NodeKind, is_unrendered};
use crate::text::contains_ignore_ascii_case;

impl Facts {
    /// A text further down than [`DATE_NEAR_HEADING`](super::DATE_NEAR_HEADING) texts after the
    /// main heading: a person's name (two to four capitalised words) after
    /// a label that says who wrote it (`Written by`, `Article by`; not a
    /// bare `By` or `Author`, which lists of other posts and widgets use,
    /// nor `Posted by`, which comments use) is the author's, when nothing
    /// nearer names one. `first` is the text's first byte that is no
    /// whitespace: most texts are passed over on it, without trimming them.
    pub(super) fn closing_text(&mut self, text: &str, first: u8) {
        if !self.after_closing_label && !matches!(first.to_ascii_lowercase(), b'w' | b'a') {
            return;
        }
        if text.len() > 400 {
            self.after_closing_label = false;
            return;
        }
        let text = text.trim();
        const LABELS: [&str; 4] = ["written by", "article by", "words by", "authored by"];
        let labelled = text.len() <= 80
            && LABELS.iter().any(|label| {
                text.get(..label.len() + 1).is_some_and(|head| {
                    head.ends_with(' ') && head[..label.len()].eq_ignore_ascii_case(label)
                })
            });
        if self.after_closing_label || labelled {
            self.closing_name =
                byline_name(text).filter(|name| is_capitalised_words(name) && reads_as_name(name));
        }
        let label = text.trim_end_matches(':').trim();
        self.after_closing_label = text.len() <= "authored by:".len()
            && LABELS.iter().any(|known| label.eq_ignore_ascii_case(known));
    }
}

/// Whether the element looks like a byline: `rel=author`, or a class or id
/// that mentions the author, the byline or the attribution
/// (`post_author`, `authorName`, `c-byline`, `mntl-attribution__item-name`).
pub(super) fn is_byline<A: DomAdapter>(dom: &A, node: A::Node, name: &str) -> bool {
    if name.eq_ignore_ascii_case("a")
        && (dom.attribute(node, "rel").is_some_and(|rel| {
            rel.split_whitespace()
                .any(|word| word.eq_ignore_ascii_case("author"))
        }) || dom
            .attribute(node, "href")
            .is_some_and(|href| is_author_page(&href)))
    {
        return true;
    }
    ["class", "id"].iter().any(|attribute| {
        dom.attribute(node, attribute).is_some_and(|value| {
            value.split_whitespace().any(|word| {
                mentions_author(word)
                    || contains_ignore_ascii_case(word, "byline")
                    || contains_ignore_ascii_case(word, "attribution__item-name")
            })
        })
    })
    // An author's picture (`class="avatar author-avatar"`) holds no name,
    // at most initials.
    && !dom
        .attribute(node, "class")
        .is_some_and(|class| contains_ignore_ascii_case(&class, "avatar"))
}

/// Whether a class word mentions an author (`post-author`,
/// `authoring-information__author`): `author` not followed by `i`
/// (`authoring`, `authorization` name none).
fn mentions_author(word: &str) -> bool {
    let bytes = word.as_bytes();
    bytes.windows(6).enumerate().any(|(at, window)| {
        window.eq_ignore_ascii_case(b"author")
            && !bytes
                .get(at + 6)
                .is_some_and(|next| next.eq_ignore_ascii_case(&b'i'))
    })
}

/// Whether the element is a forum post's poster: a class that says user
/// name (`username`, `bigusername`, `PostUser-name`).
pub(super) fn is_poster<A: DomAdapter>(dom: &A, node: A::Node) -> bool {
    dom.attribute(node, "class").is_some_and(|value| {
        value.split_whitespace().any(|word| {
            contains_ignore_ascii_case(word, "username")
                || contains_ignore_ascii_case(word, "postuser")
        })
    })
}

/// Whether a text is a forum's handle: one word of letters, digits, `.`,
/// `_` or `-` (`b.scherer`, `tide_walker`), not a field's label (`Email
/// address`) or a masked name (`a***a`).
pub(super) fn is_handle(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 40
        && text.chars().any(char::is_alphabetic)
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '.' | '_' | '-'))
}

/// Whether a link leads to an author's page (`/author/jo-smith`,
/// `/blog/authors/jo`), as blogs and news sites name them.
pub(super) fn is_author_page(href: &str) -> bool {
    // Most links name no author: a fast scan for the word first.
    if !href.contains("uthor") && !href.contains("UTHOR") {
        return false;
    }
    let path = href.split(['?', '#']).next().unwrap_or_default();
    let mut segments = path.split('/').filter(|segment| !segment.is_empty());
    while let Some(segment) = segments.next() {
        if segment.eq_ignore_ascii_case("author") || segment.eq_ignore_ascii_case("authors") {
            // The author's own page, not the list of all authors.
            return segments.next().is_some();
        }
    }
    false
}

/// The person a link to more of their writing names: `All articles by Jo
/// Park`, `More posts by Jo Park`, `View all posts by Jo Park`; a name of
/// two to four capitalised words (not `This Author`).
pub(super) fn more_by(text: &str, first: u8) -> Option<String> {
    // Most texts are passed over on their first letter (`first`, the first
    // that is no whitespace) or their length, without trimming them.
    if text.len() > 400
        || !matches!(
            first.to_ascii_lowercase(),
            b'v' | b's' | b'r' | b'a' | b'm' | b'p'
        )
    {
        return None;
    }
    let text = text.trim();
    if text.len() > 80 || text.len() < "posts by ".len() {
        return None;
    }
    // `rest` less the first of `words` it begins with, if any.
    let after = |rest: &'_ str, words: &[&str]| -> Option<usize> {
        words
            .iter()
            .find(|word| begins_with(rest, word))
            .map(|word| word.len())
    };
    let mut rest = text;
    for words in [&["view ", "see ", "read "][..], &["all ", "more "]] {
        if let Some(length) = after(rest, words) {
            rest = rest[length..].trim_start();
        }
    }
    let length = after(rest, &["articles by ", "posts by ", "stories by "])?;
    let rest = &rest[length..];
    let name = collapse(rest.trim_end_matches(['.', '→', '›', '»']));
    (is_capitalised_words(&name) && reads_as_name(&name))
        .then(|| byline_name(&name))
        .flatten()
}

/// The first byte of `text` that is no ASCII whitespace; `None` when it is
/// all such whitespace.
pub(super) fn first_letter(text: &str) -> Option<u8> {
    text.bytes().find(|byte| !byte.is_ascii_whitespace())
}

/// A byline's name without the role written after it in an element of its
/// own (`<span>Liz Kenny</span> <span>Former Consultant</span>`): the
/// byline's first text that reads as a name, when the whole name begins
/// with it and goes on with more than a list of names (`, Sam Singleton`,
/// `and …`).
pub(super) fn name_without_role<A: DomAdapter>(dom: &A, node: A::Node, name: String) -> String {
    let mut pieces = Vec::new();
    for current in dom.descendants(node) {
        if dom.kind(current) == NodeKind::Text {
            let text = collapse(&dom.text(current));
            if !text.is_empty() {
                pieces.push(text);
            }
        }
        if pieces.len() >= 8 {
            break;
        }
    }
    let Some(first) = pieces.iter().find_map(|piece| byline_name(piece)) else {
        return name;
    };
    let rest = name.strip_prefix(first.as_str()).map(str::trim_start);
    match rest {
        Some(rest)
            if !rest.is_empty()
                && !rest.starts_with([',', '&', ';'])
                && !rest.to_lowercase().starts_with("and ") =>
        {
            first
        }
        _ => name,
    }
}

/// The name an author's box begins with (`<div class=author-box>Jo
/// Park <p>Jo Park writes about…`): its first text, when that text is
/// a name: at most four words, each capitalised.
pub(super) fn boxed_name<A: DomAdapter>(dom: &A, node: A::Node) -> Option<String> {
    let mut walk = dom.descendants(node);
    let mut seen = 0;
    while let Some(current) = walk.next() {
        seen += 1;
        if seen > 200 {
            return None;
        }
        match dom.kind(current) {
            NodeKind::Text => {
                let text = collapse(&dom.text(current));
                if text.is_empty() {
                    continue;
                }
                return (is_capitalised_words(&text) && reads_as_name(&text))
                    .then(|| byline_name(&text))
                    .flatten();
            }
            NodeKind::Element
                if is_unrendered(dom, current)
                    || dom.element_name(current).eq_ignore_ascii_case("svg") =>
            {
                walk.skip_subtree();
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page_metadata::DATE_NEAR_HEADING;
    use crate::page_metadata::tests::{full, page};
    use crate::testing::ArenaDom;

    #[test]
    fn a_bylines_role_is_not_part_of_the_name() {
        let byline = |parts: &[&str]| {
            let dom = page("Headline", |dom, body| {
                let author = dom.element(body, "div");
                dom.set_attribute(author, "class", "author-box");
                for part in parts {
                    let span = dom.element(author, "span");
                    dom.add_text(span, part);
                }
            });
            full(&dom).author
        };
        assert_eq!(
            byline(&["Liz Kenny", "Former Consultant"]).as_deref(),
            Some("Liz Kenny")
        );
        assert_eq!(
            byline(&["Jared Newman,", "Sam Singleton"]).as_deref(),
            Some("Jared Newman, Sam Singleton")
        );
        assert_eq!(
            byline(&["Ana Lima and Ben Ode"]).as_deref(),
            Some("Ana Lima and Ben Ode")
        );
        assert_eq!(
            byline_name("Albert Swann (Editor)").as_deref(),
            Some("Albert Swann")
        );
        assert_eq!(
            byline_name("Paramita (Guha) Ghosh").as_deref(),
            Some("Paramita (Guha) Ghosh")
        );
        assert_eq!(
            byline_name("Posted by: Idle Cartulary").as_deref(),
            Some("Idle Cartulary")
        );
        assert_eq!(
            byline_name("Author Posted by\u{a0}Jo Park").as_deref(),
            Some("Jo Park")
        );
        // A label whose name is in the next element is no name.
        assert_eq!(byline_name("Insights from"), None);
        assert_eq!(byline_name("Posted by"), None);
    }

    #[test]
    fn a_threads_starter_is_its_author() {
        let dom = page("Kayak or canoe?", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Kayak or canoe?");
            let item = dom.element(body, "li");
            let label = dom.element(item, "span");
            dom.set_attribute(label, "class", "sr-only");
            dom.add_text(label, "Thread starter");
            let link = dom.element(item, "a");
            dom.add_text(link, "Tide Walker");
            // Who is online, further down.
            let online = dom.element(body, "a");
            dom.set_attribute(online, "class", "username");
            dom.add_text(online, "reef_rider");
        });
        assert_eq!(full(&dom).author.as_deref(), Some("Tide Walker"));
        let dom = page("Kayak or canoe?", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Kayak or canoe?");
            let credit = dom.element(body, "p");
            dom.add_text(credit, "Started by Tide Walker, June 04, 2024, 11:23:55 AM");
        });
        assert_eq!(full(&dom).author.as_deref(), Some("Tide Walker"));
    }

    #[test]
    fn an_authors_box_at_the_articles_end_names_its_author() {
        let closing = |label: &str, name: &str| {
            let dom = page("Tide pools", |dom, body| {
                let h1 = dom.element(body, "h1");
                dom.add_text(h1, "Tide pools");
                for _ in 0..=DATE_NEAR_HEADING {
                    let paragraph = dom.element(body, "p");
                    dom.add_text(paragraph, "The tide went out and the pools stayed.");
                }
                let heading = dom.element(body, "h4");
                dom.add_text(heading, label);
                let link = dom.element(body, "a");
                dom.add_text(link, name);
            });
            full(&dom).author
        };
        assert_eq!(
            closing("Written by", "Ana Lima").as_deref(),
            Some("Ana Lima")
        );
        assert_eq!(
            closing("Article by:", "Ana Lima").as_deref(),
            Some("Ana Lima")
        );
        // A comment's poster, a widget's heading, no person's name.
        assert_eq!(closing("Posted by", "Ana Lima"), None);
        assert_eq!(closing("Author", "Recent Posts"), None);
        assert_eq!(closing("Written by", "Follow"), None);
        assert_eq!(
            closing("Written by Ana Lima", "Share"),
            Some("Ana Lima".to_owned())
        );
    }

    fn more_by_text(text: &str) -> Option<String> {
        more_by(text, first_letter(text)?)
    }

    #[test]
    fn a_link_to_more_of_their_writing_names_the_author() {
        assert_eq!(
            more_by_text("All articles by Ana Lima").as_deref(),
            Some("Ana Lima")
        );
        assert_eq!(
            more_by_text("View all posts by Ana Lima →").as_deref(),
            Some("Ana Lima")
        );
        assert_eq!(
            more_by_text("More stories by  Ana\nLima").as_deref(),
            Some("Ana Lima")
        );
        assert_eq!(more_by_text("Posts by Ana"), None);
        assert_eq!(more_by_text("More posts by This Author"), None);
        assert_eq!(more_by_text("See all posts by us:"), None);
        assert_eq!(more_by_text("All Ana Lima"), None);
        assert_eq!(more_by_text("Articles"), None);
        let dom = page("Tide pools", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Tide pools");
            let button = dom.element(body, "button");
            dom.add_text(button, "All articles by Ana Lima");
        });
        assert_eq!(full(&dom).author.as_deref(), Some("Ana Lima"));
    }

    #[test]
    fn a_forms_choices_are_no_byline() {
        let dom = page("Kayak or canoe?", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Kayak or canoe?");
            let select = dom.element(body, "select");
            for choice in ["Author", "Post time", "Subject"] {
                let option = dom.element(select, "option");
                dom.add_text(option, choice);
            }
        });
        assert_eq!(full(&dom).author, None);
    }

    #[test]
    fn a_class_that_ends_in_author_marks_a_byline() {
        let byline = |class: &str| {
            let dom = page("Tide pools", |dom, body| {
                let element = dom.element(body, "div");
                dom.set_attribute(element, "class", class);
                dom.add_text(element, "By Ana Lima");
            });
            full(&dom).author
        };
        assert_eq!(
            byline("authoring-meta__author").as_deref(),
            Some("Ana Lima")
        );
        assert_eq!(byline("post-Author").as_deref(), Some("Ana Lima"));
        // Authoring and authorization name no author.
        assert_eq!(byline("authoring-tools"), None);
        assert_eq!(byline("authorization"), None);
        // An author's picture holds initials, not the name.
        let dom = page("Tide pools", |dom, body| {
            let avatar = dom.element(body, "span");
            dom.set_attribute(avatar, "class", "avatar author-avatar");
            dom.add_text(avatar, "AL");
            let name = dom.element(body, "span");
            dom.set_attribute(name, "class", "author-name");
            dom.add_text(name, "Ana Lima");
        });
        assert_eq!(full(&dom).author.as_deref(), Some("Ana Lima"));
    }

    #[test]
    fn a_threads_first_poster_is_its_author() {
        let thread = |before_heading: bool, handle: &str| {
            let dom = page("Kayak or canoe? - Paddlers", |dom, body| {
                let poster = |dom: &mut ArenaDom, parent| {
                    let link = dom.element(parent, "a");
                    dom.set_attribute(link, "class", "PostUser-name");
                    dom.add_text(link, handle);
                };
                if before_heading {
                    poster(dom, body);
                }
                let h1 = dom.element(body, "h1");
                dom.add_text(h1, "Kayak or canoe?");
                if !before_heading {
                    poster(dom, body);
                }
            });
            full(&dom).author
        };
        assert_eq!(thread(false, "tide_walker").as_deref(), Some("tide_walker"));
        // The signed-in reader's menu above the thread is not its author.
        assert_eq!(thread(true, "tide_walker"), None);
        // A field's label or a masked name is no handle.
        assert_eq!(thread(false, "Email address"), None);
        assert_eq!(thread(false, "a***a"), None);
        // A thread without an `h1` (its title in an `h2`): the first poster.
        let dom = page("Kayak or canoe? - Paddlers", |dom, body| {
            let h2 = dom.element(body, "h2");
            dom.add_text(h2, "Kayak or canoe?");
            for handle in ["tide_walker", "reef.runner"] {
                let link = dom.element(body, "a");
                dom.set_attribute(link, "class", "bigusername");
                dom.add_text(link, handle);
            }
        });
        assert_eq!(full(&dom).author.as_deref(), Some("tide_walker"));
    }

    #[test]
    fn nested_author_boxes_cost_a_bounded_look_each() {
        // Every box holds the next and no name: each is looked into a
        // bounded number of nodes, not down to the bottom.
        let dom = page("Headline", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Headline");
            let mut parent = body;
            for _ in 0..20_000 {
                parent = dom.element(parent, "div");
                dom.set_attribute(parent, "class", "author-box username");
            }
            dom.add_text(parent, "the end of a very deep page");
        });
        let started = std::time::Instant::now();
        assert_eq!(full(&dom).author, None);
        assert!(started.elapsed().as_secs() < 20);
    }
}
