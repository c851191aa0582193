//! The one walk of the tree ([`Facts::gather`]) and what each element
//! (`<html lang>`, `<meta>`, `<title>`, `<link rel=canonical>`, JSON-LD
//! scripts, `h1`s, `<time>`, microdata, posters, bylines) and each text of
//! the body (a byline's label and name, a date near the main heading) adds
//! to the facts.

use super::author::{
    begins_with_byline_label, byline_name, is_bare_byline, is_byline_label, names_an_editor,
    reads_as_name,
};
use super::byline::{
    boxed_name, first_letter, is_byline, is_handle, is_poster, more_by, name_without_role,
};
use super::dates::{date_in, iso_date, shown_date};
use super::head::in_svg;
use super::microdata::{ITEMPROPS, named_descendant};
use super::text::{Reading, clean, collapse, text_of, text_under};
use super::{DATE_ABOVE_HEADING, DATE_NEAR_HEADING, Facts};
use crate::adapter::{DomAdapter, NodeKind};

/// How many of a page's `h1`s are looked at for its title.
const MOST_H1S: usize = 4;

impl Facts {
    pub(super) fn gather<A: DomAdapter>(dom: &A, full: bool) -> Facts {
        let mut facts = Facts::default();
        let mut walk = dom.descendants(dom.document());
        while let Some(node) = walk.next() {
            let kind = dom.kind(node);
            if kind == NodeKind::Text {
                if !full {
                    continue;
                }
                let text = dom.text(node);
                // Only what is near the main heading is about the page: a
                // footer's `Website by …` is not its author, a sidebar's
                // date not its date. Further down, only an author's box
                // (`Written by` `Jo Park`) is looked for.
                let near = facts.after_h1 <= DATE_NEAR_HEADING;
                if near {
                    facts.text(&text);
                }
                // After the main heading, until they are found: an
                // author's box further down, a link to more of their
                // writing. Most texts are passed over on their first
                // letter, without trimming them.
                if facts.first_h1.is_some()
                    && (facts.closing_name.is_none() || facts.more_by.is_none())
                    && let Some(first) = first_letter(&text)
                {
                    if !near && facts.closing_name.is_none() {
                        facts.closing_text(&text, first);
                    }
                    if facts.more_by.is_none() {
                        facts.more_by = more_by(&text, first);
                    }
                }
                continue;
            }
            if !matches!(kind, NodeKind::Element | NodeKind::Other) {
                continue;
            }
            let name = dom.element_name(node);
            if name.is_empty() || !facts.element(dom, node, name, full) {
                walk.skip_subtree();
            }
        }
        facts
    }

    /// Looks at one element; whether to look inside it.
    fn element<A: DomAdapter>(&mut self, dom: &A, node: A::Node, name: &str, full: bool) -> bool {
        let is = |wanted: &str| name.eq_ignore_ascii_case(wanted);
        if is("html") {
            if self.html_lang.is_none() {
                self.html_lang = dom
                    .attribute(node, "lang")
                    .or_else(|| dom.attribute(node, "xml:lang"))
                    .map(|lang| lang.trim().to_owned())
                    .filter(|lang| !lang.is_empty());
            }
            return true;
        }
        if is("meta") {
            let content = dom.attribute(node, "content");
            if let Some(content) = content.map(|content| clean(&content)) {
                for attribute in ["name", "property", "itemprop", "http-equiv"] {
                    if let Some(key) = dom.attribute(node, attribute) {
                        for key in key.split_whitespace() {
                            self.meta
                                .entry(key.to_ascii_lowercase())
                                .or_insert_with(|| content.clone());
                        }
                    }
                }
            }
            return false;
        }
        if is("title") {
            if self.title_tag.is_none() && !in_svg(dom, node) {
                self.title_tag = Some(text_of(dom, node)).filter(|text| !text.is_empty());
            }
            return false;
        }
        if is("link") {
            if self.canonical.is_none()
                && dom.attribute(node, "rel").is_some_and(|rel| {
                    rel.split_whitespace()
                        .any(|word| word.eq_ignore_ascii_case("canonical"))
                })
            {
                self.canonical = dom
                    .attribute(node, "href")
                    .map(|href| href.trim().to_owned());
            }
            return false;
        }
        if is("script") {
            if dom
                .attribute(node, "type")
                .is_some_and(|kind| kind.trim().eq_ignore_ascii_case("application/ld+json"))
            {
                let mut json = String::new();
                let mut child = dom.first_child(node);
                while let Some(text) = child {
                    if dom.kind(text) == NodeKind::Text {
                        json.push_str(&dom.text(text));
                    }
                    child = dom.next_sibling(text);
                }
                self.json_ld.read(&json);
            }
            return false;
        }
        // A form's list of choices (`<option>Author</option>`) says
        // nothing about the page: no byline's label, no date.
        if is("style") || is("template") || (full && is("select")) {
            return false;
        }
        if is("h1") && self.h1s.len() < MOST_H1S {
            // A permalink's sign after the heading (`Middleware ¶`) is not
            // its text, nor a button's label in it (`Chapter reef Copy
            // link`), unless the heading is only a button (an accordion's).
            let shown = Some(text_under(dom, node, Reading::ShownWithoutButtons))
                .filter(|text| !text.is_empty())
                .unwrap_or_else(|| text_under(dom, node, Reading::Shown));
            let text = shown
                .trim_end_matches(['¶', '#', '§'])
                .trim_end()
                .to_owned();
            if !text.is_empty() {
                if self.first_h1.is_none() {
                    self.first_h1 = Some(text.clone());
                }
                self.h1s.push(text);
            }
        }
        if !full {
            return true;
        }
        if is("time") && self.time.is_none() {
            // `<time>` without `datetime` holds its date as text; a
            // `datetime` not in ISO 8601 (`February 24, 2006 02:01am`)
            // holds one all the same.
            let datetime = dom
                .attribute(node, "datetime")
                .map(|value| value.trim().to_owned())
                .filter(|value| !value.is_empty());
            self.time = match datetime {
                Some(value) if iso_date(&value).is_some() => Some(value),
                Some(value) => date_in(&value).or_else(|| date_in(&text_of(dom, node))),
                None => date_in(&text_of(dom, node)),
            };
        }
        if let Some(props) = dom.attribute(node, "itemprop") {
            for prop in props.split_whitespace() {
                let Some(&known) = ITEMPROPS.iter().find(|known| **known == prop) else {
                    continue;
                };
                // When a question or a post was created is when it was
                // published: the page's first date of either kind is its
                // own (later ones are its answers' and comments').
                let known = if known == "dateCreated" {
                    "datePublished"
                } else {
                    known
                };
                if self.microdata.contains_key(known) {
                    continue;
                }
                let value = ["content", "datetime"]
                    .iter()
                    .find_map(|attribute| dom.attribute(node, attribute))
                    .map(|value| collapse(&value))
                    .or_else(|| {
                        // An author given as a Person: its name.
                        let text = if known == "author" {
                            named_descendant(dom, node).unwrap_or_else(|| text_of(dom, node))
                        } else {
                            text_of(dom, node)
                        };
                        Some(text)
                    })
                    .filter(|value| !value.is_empty())
                    // Who updated the page is not its author: the next
                    // `itemprop=author` is read.
                    .filter(|value| known != "author" || !names_an_editor(value));
                if let Some(value) = value {
                    self.microdata.insert(known, value);
                }
            }
        }
        // Before any `h1`, only a link is looked at: a thread without a
        // main heading links its first poster (`<a class=username>`).
        if self.byline.is_none()
            && self.poster.is_none()
            && (self.first_h1.is_some() || (self.headless_poster.is_none() && is("a")))
            && is_poster(dom, node)
        {
            let handle = Some(text_of(dom, node)).filter(|text| is_handle(text));
            if self.first_h1.is_some() {
                self.poster = handle;
            } else {
                self.headless_poster = handle;
            }
        }
        if self.byline.is_none() && is_byline(dom, node, name) {
            let text = text_of(dom, node);
            if self.byline_date.is_none() {
                self.byline_date = date_in(&text);
            }
            if let Some(name) = byline_name(&text) {
                self.byline = Some(name_without_role(dom, node, name));
                return false;
            }
            // An author's box: the name, then a biography.
            if let Some(name) = boxed_name(dom, node) {
                self.byline = Some(name);
                return false;
            }
        }
        true
    }

    /// A text node in the body: after the main heading, the first that is
    /// a date is the page's visible date.
    fn text(&mut self, text: &str) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        if self.first_h1.is_some() {
            self.after_h1 += 1;
        } else {
            self.before_h1 += 1;
        }
        // `Written by` in an element of its own, the name in the next; or
        // both in one text (`Written by Jo Park`).
        if self.labelled_name.is_none() {
            if self.after_by_label
                || begins_with_byline_label(text)
                || (self.first_h1.is_some() && is_bare_byline(text))
            {
                self.labelled_name = byline_name(text).filter(|name| reads_as_name(name));
            }
            self.after_by_label = is_byline_label(text);
        }
        if self.visible_date.is_some() {
            return;
        }
        if text.len() > 60 || !text.bytes().any(|byte| byte.is_ascii_digit()) {
            return;
        }
        if self.first_h1.is_none() {
            if self.headless_date.is_none() && self.before_h1 <= DATE_NEAR_HEADING {
                self.headless_date = shown_date(text);
            }
            while self
                .texts_before_h1
                .front()
                .is_some_and(|(_, at)| self.before_h1 - at > DATE_ABOVE_HEADING)
            {
                self.texts_before_h1.pop_front();
            }
            self.texts_before_h1
                .push_back((text.to_owned(), self.before_h1));
            return;
        }
        self.visible_date = shown_date(text);
    }
}
