//! The [`scraper`] backend of the HTML text splitter.
//!
//! [`ScraperDom`] wraps a parsed [`scraper::Html`] and implements the core's
//! [`DomAdapter`] over it. scraper drives html5ever, a parser that follows the
//! HTML standard, so this backend sees the same tree as the html5ever backend:
//! head content lands in `<head>`, end tags are implied where the standard
//! implies them, and character references are decoded by the tokenizer.
//!
//! scraper stores its tree in an arena ([`ego_tree`]), so nodes are named by
//! their [`ego_tree::NodeId`] (wrapped in [`ScraperNode`]) and dropping a
//! deeply nested document does not recurse.
//!
//! # Depth cap
//!
//! [`ScraperDom::parse`] does not call [`Html::parse_document`]: it hands
//! scraper's tree sink to [`splitter_driver::parse_with_sink`], the
//! html5ever backend's driver too, so both backends parse every input the
//! same way, with the driver's cap on the depth of the tree ([`MAX_DEPTH`]):
//! see [its documentation](splitter_driver#depth-cap), the one full
//! description.
//!
//! One more change to scraper's tree sink: the attributes of repeated
//! `<html>` and `<body>` tags, which the parser adds to the existing
//! element, are added once when parsing ends rather than one by one into
//! scraper's sorted attribute list, which took quadratic time. The
//! resulting document is the same.
//!
//! # Example
//!
//! ```
//! use splitter_core::{DomAdapter, NodeKind};
//! use splitter_scraper::ScraperDom;
//!
//! let dom = ScraperDom::parse("<title>T</title><p class=intro>Fish &amp; chips</p>").expect("the parser does not fail on this input");
//! let html = dom.first_child(dom.document()).expect("an html element");
//! let body = dom.children(html).last().expect("a body element");
//! assert_eq!(dom.element_name(body), "body");
//!
//! let p = dom.first_child(body).expect("a paragraph");
//! assert_eq!(dom.kind(p), NodeKind::Element);
//! assert_eq!(dom.attribute(p, "class").as_deref(), Some("intro"));
//! let text = dom.first_child(p).expect("a text node");
//! assert_eq!(dom.text(text), "Fish & chips");
//! ```
#![deny(missing_docs)]

use std::borrow::Cow;
use std::fmt;

pub use scraper;
pub use splitter_driver::MAX_DEPTH;

use ego_tree::{NodeId, NodeRef};
use scraper::{Html, Node};
use splitter_core::{DomAdapter, NodeKind, ParseError};

/// A handle to one node of a [`ScraperDom`]: the node's [`ego_tree::NodeId`].
///
/// Handles are only meaningful for the document that produced them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ScraperNode(NodeId);

impl ScraperNode {
    /// The underlying ego-tree node id, for use with [`ScraperDom::html`].
    pub fn id(self) -> NodeId {
        self.0
    }
}

impl fmt::Debug for ScraperNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ScraperNode({:?})", self.0)
    }
}

/// A document parsed by [`scraper`], readable through [`DomAdapter`].
///
/// Owns the [`scraper::Html`]. Besides it, it keeps one sorted table of node
/// ids (8 bytes per node) that turns a [`NodeId`] into a dense arena index for
/// [`DomAdapter::index`]: ego-tree does not expose that index itself.
pub struct ScraperDom {
    html: Html,
    /// Every node id of the arena, in arena order. ego-tree hands out ids in
    /// allocation order and orders them by arena position, so this vector is
    /// sorted and the position of an id in it is its arena index.
    ids: Vec<NodeId>,
}

impl fmt::Debug for ScraperDom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScraperDom")
            .field("nodes", &self.ids.len())
            .finish_non_exhaustive()
    }
}

impl ScraperDom {
    /// Parses `html` as a whole document, as [`Html::parse_document`] does
    /// but through [`splitter_driver::parse_with_sink`]: the same driver
    /// as the html5ever backend, with the same [depth cap](crate#depth-cap),
    /// byte order mark handling and scripting flag (off: `<noscript>`
    /// content is markup, as a browser without scripting reads it), so both
    /// backends build the same tree.
    ///
    /// Like a browser, the parser recovers from any markup. Never panics:
    /// should html5ever or scraper's tree sink panic (a bug in either), the
    /// panic is caught and returned as [`ParseError::ParserPanicked`], never
    /// as an empty document.
    pub fn parse(html: &str) -> Result<Self, ParseError> {
        ParseError::guard("scraper", || {
            splitter_driver::parse_with_sink(sink::Sink::new(), html)
        })
        .map(Self::from_html)
    }

    /// Wraps an already parsed document or fragment.
    ///
    /// The root of `html` (a document or a fragment node) becomes
    /// [`DomAdapter::document`].
    pub fn from_html(html: Html) -> Self {
        let ids: Vec<NodeId> = html.tree.nodes().map(|node| node.id()).collect();
        debug_assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
        ScraperDom { html, ids }
    }

    /// The wrapped scraper document.
    pub fn html(&self) -> &Html {
        &self.html
    }

    /// The number of nodes in scraper's arena, the document included.
    pub fn node_count(&self) -> usize {
        self.ids.len()
    }

    /// Unwraps the scraper document.
    pub fn into_html(self) -> Html {
        self.html
    }

    fn node(&self, node: ScraperNode) -> Option<NodeRef<'_, Node>> {
        self.html.tree.get(node.0)
    }

    fn related(
        &self,
        node: ScraperNode,
        step: impl FnOnce(NodeRef<'_, Node>) -> Option<NodeRef<'_, Node>>,
    ) -> Option<ScraperNode> {
        self.node(node)
            .and_then(step)
            .map(|related| ScraperNode(related.id()))
    }
}

impl DomAdapter for ScraperDom {
    type Node = ScraperNode;

    fn document(&self) -> ScraperNode {
        ScraperNode(self.html.tree.root().id())
    }

    fn kind(&self, node: ScraperNode) -> NodeKind {
        let Some(node_ref) = self.node(node) else {
            return NodeKind::Other;
        };
        match node_ref.value() {
            // The root is the document (or the fragment root of a parsed
            // fragment). Any other document-like node, such as the fragment
            // scraper hangs under a `<template>` for its contents, is not
            // part of the document's own tree.
            Node::Document | Node::Fragment if node_ref.parent().is_none() => NodeKind::Document,
            Node::Document | Node::Fragment => NodeKind::Other,
            Node::Element(_) => NodeKind::Element,
            Node::Text(_) => NodeKind::Text,
            Node::Comment(_) => NodeKind::Comment,
            Node::Doctype(_) => NodeKind::Doctype,
            Node::ProcessingInstruction(_) => NodeKind::Other,
        }
    }

    fn element_name(&self, node: ScraperNode) -> &str {
        match self.node(node).map(|node_ref| node_ref.value()) {
            Some(Node::Element(element)) => element.name(),
            _ => "",
        }
    }

    fn attribute(&self, node: ScraperNode, name: &str) -> Option<Cow<'_, str>> {
        let Some(Node::Element(element)) = self.node(node).map(|node_ref| node_ref.value()) else {
            return None;
        };
        // Matched on the qualified name, as `getAttribute` does: a plain
        // attribute by its local name, a prefixed one (`xlink:href`) only by
        // `prefix:local`.
        element
            .attrs
            .iter()
            .find(|(qual, _)| match &qual.prefix {
                None => (*qual.local).eq_ignore_ascii_case(name),
                Some(prefix) => name.split_once(':').is_some_and(|(p, local)| {
                    (**prefix).eq_ignore_ascii_case(p) && (*qual.local).eq_ignore_ascii_case(local)
                }),
            })
            .map(|(_, value)| Cow::Borrowed(&**value))
    }

    fn text(&self, node: ScraperNode) -> Cow<'_, str> {
        match self.node(node).map(|node_ref| node_ref.value()) {
            Some(Node::Text(text)) => Cow::Borrowed(&**text),
            _ => Cow::Borrowed(""),
        }
    }

    fn first_child(&self, node: ScraperNode) -> Option<ScraperNode> {
        self.related(node, |n| n.first_child())
    }

    fn next_sibling(&self, node: ScraperNode) -> Option<ScraperNode> {
        self.related(node, |n| n.next_sibling())
    }

    fn prev_sibling(&self, node: ScraperNode) -> Option<ScraperNode> {
        self.related(node, |n| n.prev_sibling())
    }

    fn parent(&self, node: ScraperNode) -> Option<ScraperNode> {
        self.related(node, |n| n.parent())
    }

    fn index(&self, node: ScraperNode) -> usize {
        // Every handle this adapter hands out is in `ids`. A handle from
        // another document gets its insertion point: no panic, no meaning.
        self.ids
            .binary_search(&node.0)
            .unwrap_or_else(|insert_at| insert_at)
    }

    fn node_count_hint(&self) -> usize {
        self.ids.len()
    }
}

#[cfg(test)]
mod tests;

mod sink;
