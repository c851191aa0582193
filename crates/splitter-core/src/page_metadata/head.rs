//! The head's facts as the walk keeps them: `<meta>` content by key (Open
//! Graph, Twitter cards, Dublin Core, Highwire Press's `citation_*`), a
//! preview card's `Written by`, and which `<title>` is the page's (not an
//! `<svg>`'s).

use super::Facts;
use super::author::byline_name;
use crate::adapter::{DomAdapter, NodeKind};

impl Facts {
    /// The author a link preview card names: the `twitter:dataN` whose
    /// `twitter:labelN` is `Written by` (as SEO plugins write them for
    /// chat apps' previews).
    pub(super) fn card_author(&self) -> Option<String> {
        (1..=4).find_map(|n| {
            let label = self.meta.get(&format!("twitter:label{n}"))?;
            let label = label.trim_end_matches(':').trim();
            ["written by", "author", "by"]
                .iter()
                .any(|known| label.eq_ignore_ascii_case(known))
                .then(|| self.meta.get(&format!("twitter:data{n}")))
                .flatten()
                .and_then(|name| byline_name(name))
        })
    }

    pub(super) fn meta(&self, keys: &[&str]) -> Option<String> {
        self.meta_where(keys, |_| true)
    }

    /// The first of the `<meta>`s `keys` (in that order) whose value is
    /// `usable`.
    pub(super) fn meta_where(
        &self,
        keys: &[&str],
        usable: impl Fn(&str) -> bool,
    ) -> Option<String> {
        keys.iter()
            .filter_map(|key| self.meta.get(*key))
            .find(|value| !value.is_empty() && usable(value))
            .cloned()
    }
}

/// Whether `node` is inside an `<svg>` (whose `<title>` names a drawing).
pub(super) fn in_svg<A: DomAdapter>(dom: &A, node: A::Node) -> bool {
    let mut at = dom.parent(node);
    while let Some(parent) = at {
        if dom.kind(parent) == NodeKind::Element
            && dom.element_name(parent).eq_ignore_ascii_case("svg")
        {
            return true;
        }
        at = dom.parent(parent);
    }
    false
}

#[cfg(test)]
mod tests {
    use crate::page_metadata::tests::{full, page};

    #[test]
    fn a_scholarly_pages_first_author_is_its_author() {
        let dom = page("On tide pools", |dom, body| {
            for name in ["Lima, Ana", "Ode, Ben"] {
                let meta = dom.element(body, "meta");
                dom.set_attribute(meta, "name", "citation_author");
                dom.set_attribute(meta, "content", name);
            }
            let label = dom.element(body, "span");
            dom.add_text(label, "Authors:");
        });
        assert_eq!(full(&dom).author.as_deref(), Some("Lima, Ana"));
    }

    #[test]
    fn a_preview_cards_written_by_label_names_the_author() {
        let card = |label: &str| {
            let dom = page("Tide pools", |dom, body| {
                for (key, value) in [
                    ("twitter:label1", "Est. reading time"),
                    ("twitter:data1", "4 minutes"),
                    ("twitter:label2", label),
                    ("twitter:data2", "Ana Lima"),
                ] {
                    let meta = dom.element(body, "meta");
                    dom.set_attribute(meta, "name", key);
                    dom.set_attribute(meta, "content", value);
                }
                let byline = dom.element(body, "div");
                dom.set_attribute(byline, "class", "byline");
                dom.add_text(byline, "By Ben Ode");
            });
            full(&dom).author
        };
        assert_eq!(card("Written by").as_deref(), Some("Ana Lima"));
        assert_eq!(card("Author:").as_deref(), Some("Ana Lima"));
        // Another label's value is no name.
        assert_eq!(card("Filed under").as_deref(), Some("Ben Ode"));
    }
}
