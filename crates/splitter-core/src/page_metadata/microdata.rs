//! Microdata (`itemprop` outside `<meta>`): the properties read, and the
//! name of an author given as a `Person` (`itemprop=name`).

use super::text::{collapse, text_of};
use crate::adapter::{DomAdapter, NodeKind};

/// The microdata properties read.
pub(super) const ITEMPROPS: &[&str] = &[
    "headline",
    "author",
    "datePublished",
    "dateCreated",
    "description",
];

/// The text of the first descendant with `itemprop=name`.
pub(super) fn named_descendant<A: DomAdapter>(dom: &A, node: A::Node) -> Option<String> {
    let mut seen = 0;
    for current in dom.descendants(node) {
        seen += 1;
        if seen > 1_000 {
            return None;
        }
        if dom.kind(current) == NodeKind::Element
            && dom
                .attribute(current, "itemprop")
                .is_some_and(|prop| prop.split_whitespace().any(|word| word == "name"))
        {
            let value = dom
                .attribute(current, "content")
                .map(|value| collapse(&value))
                .unwrap_or_else(|| text_of(dom, current));
            return Some(value).filter(|value| !value.is_empty());
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::page_metadata::tests::{full, page};

    #[test]
    fn a_questions_creation_date_comes_before_its_comments() {
        let dom = page("Why do tides turn?", |dom, body| {
            let question = dom.element(body, "div");
            dom.set_attribute(question, "itemtype", "https://schema.org/Question");
            let created = dom.element(question, "time");
            dom.set_attribute(created, "itemprop", "dateCreated");
            dom.set_attribute(created, "datetime", "2019-04-02T08:15:00Z");
            let comment = dom.element(question, "span");
            dom.set_attribute(comment, "itemprop", "datePublished");
            dom.add_text(comment, "2021-07-30T10:00:00Z");
        });
        assert_eq!(
            full(&dom).published.as_deref(),
            Some("2019-04-02T08:15:00+00:00")
        );
    }

    #[test]
    fn who_updated_the_page_is_not_its_author() {
        let dom = page("Tide pools", |dom, body| {
            for credit in ["Updated by Ben Ode", "Ana Lima"] {
                let span = dom.element(body, "span");
                dom.set_attribute(span, "itemprop", "author");
                dom.add_text(span, credit);
            }
        });
        assert_eq!(full(&dom).author.as_deref(), Some("Ana Lima"));
    }
}
