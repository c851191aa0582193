//! The [html5ever] parser backend for the HTML text splitter.
//!
//! [`Html5everDom`] parses a document with html5ever into a tree of its own
//! (see [the tree](#the-tree)) and implements [`splitter_core::DomAdapter`]
//! for it; a node is named by a [`NodeId`], its index in the tree's node
//! table. With the non-default feature `rcdom`, a tree parsed some other
//! way into a `markup5ever_rcdom::RcDom` can be copied in with
//! `Html5everDom::from_rcdom`.
//!
//! # Example
//!
//! ```
//! use splitter_core::{DomAdapter, NodeKind, ParseError};
//! use splitter_html5ever::Html5everDom;
//!
//! let dom = Html5everDom::parse("<p class=intro>Fish &amp; chips</p>").expect("the parser does not fail on this input");
//!
//! // The parser supplies the implied <html>, <head> and <body>.
//! let html = dom.first_child(dom.document()).unwrap();
//! assert_eq!(dom.kind(html), NodeKind::Element);
//! assert_eq!(dom.element_name(html), "html");
//!
//! let body = dom.children(html).nth(1).unwrap();
//! let p = dom.first_child(body).unwrap();
//! assert_eq!(dom.element_name(p), "p");
//! assert_eq!(dom.attribute(p, "class").as_deref(), Some("intro"));
//! assert_eq!(dom.parent(p), Some(body));
//!
//! let text = dom.first_child(p).unwrap();
//! assert_eq!(dom.kind(text), NodeKind::Text);
//! assert_eq!(dom.text(text), "Fish & chips");
//! ```
//!
//! # How the tree is presented
//!
//! - Document, element, text, comment and doctype nodes keep their kinds;
//!   processing instructions (which an HTML parser never produces, but a
//!   hand-built `RcDom` may hold) are [`NodeKind::Other`].
//! - The contents of a `<template>` element, which the HTML standard keeps
//!   in a separate document fragment, are presented as the children of the
//!   `<template>` element, after any ordinary children. Whether to ignore
//!   them is the splitter's decision, not the parser's.
//! - Element and attribute names are the local names html5ever recorded
//!   (lowercase for HTML; SVG and MathML names such as `viewBox` keep their
//!   adjusted case). Namespaced foreign attributes such as `xlink:href` are
//!   matched by their qualified name, `"xlink:href"`.
//!
//! # Depth cap
//!
//! [`Html5everDom::parse`] parses through [`splitter_driver`], which caps
//! the depth of the tree html5ever builds at [`MAX_DEPTH`]: see
//! [its documentation](splitter_driver#depth-cap), the one full description.
//!
//! # The tree
//!
//! [`Html5everDom::parse`] builds its own tree rather than a
//! `markup5ever_rcdom::RcDom`: one vector of nodes linked by index, each
//! node knowing its parent, its neighbours and both ends of its child list.
//! Every edit the tree builder makes then costs constant time per node it
//! places or moves. `RcDom`
//! keeps each node's children in a vector and finds a node's place by
//! scanning its siblings, so content that the parser moves in front of a
//! table (foster parenting, as in `<p>w<table>x</p>` repeated) takes time
//! quadratic in the number of such nodes; here it is linear (benchmark
//! `html5ever/foster`). The tree is also faster and smaller on ordinary and
//! element-heavy pages (figures in the repository's docs/performance.md): a node
//! is a few words, text and attributes are kept beside the nodes, each
//! element name once. The tree also keeps
//! only what the splitter reads: comments and doctypes are present as
//! nodes without their text.
//!
//! Node ids are the order in which the parser created the nodes, which is
//! document order except where the parser moved nodes (foster parenting,
//! repair of misnested formatting elements, template contents). A tree
//! from `Html5everDom::from_rcdom` is numbered in document order.
//!
//! # Known cost: one tag with very many attributes
//!
//! html5ever's tokenizer checks each attribute of a tag against all the
//! attributes before it (to drop duplicates), so a single tag with `n`
//! distinct attributes costs time proportional to `n²` (the repository's
//! docs/performance.md gives a measure). The check is inside the
//! tokenizer, out of reach of the driver; the scraper backend
//! shares it, the tl backend does not have it. Real pages stay far below:
//! it takes tens of thousands of attributes on one tag to notice.

#![deny(missing_docs)]

pub use html5ever;
#[cfg(feature = "rcdom")]
pub use markup5ever_rcdom;
pub use splitter_driver::MAX_DEPTH;

mod sink;
mod tree;

use std::borrow::Cow;
use std::fmt;

use html5ever::QualName;
#[cfg(feature = "rcdom")]
use markup5ever_rcdom::{Handle, NodeData, RcDom};
use splitter_core::{DomAdapter, NodeKind, ParseError};

use crate::tree::{Data, NONE, Names, Node, Tree};

/// A handle to one node of an [`Html5everDom`]: its index in the document's
/// node table.
///
/// The document is `0`; see [the tree](crate#the-tree) for the order of
/// the others. An id is meaningful only for the document that produced it;
/// passing it to another document gives unspecified (but never panicking)
/// answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(u32);

impl NodeId {
    /// The node's index in the document's node table, as a `usize`.
    pub fn get(self) -> usize {
        self.0 as usize
    }
}

/// A parsed document, read through its [`DomAdapter`] implementation.
///
/// Built by [`parse`](Html5everDom::parse) (or, with the feature `rcdom`,
/// `from_rcdom`). Nothing in this type recurses
/// on the call stack, neither building nor dropping, so arbitrarily deep
/// trees are fine.
pub struct Html5everDom {
    /// Every node the parser created, indexed by [`NodeId`] (the document
    /// is at 0), with the text and attributes they refer to. Nodes the
    /// parser created and later detached stay here, unreachable from the
    /// document.
    tree: Tree,
    /// Element names, indexed by `Data::Element::name`.
    names: Names,
}

impl Html5everDom {
    /// Parse a whole HTML document, as a browser would, with
    /// [`splitter_driver::parse_with_sink`]: html5ever with default options
    /// but scripting off (scripts are not run, so `<noscript>` content is
    /// markup, as a browser without scripting reads it; a leading byte order
    /// mark is dropped) and the [depth cap](crate#depth-cap).
    ///
    /// Every input parses to some document, as in a browser. Never panics:
    /// should the parser panic regardless (a bug in html5ever or in this
    /// crate's tree), the panic is caught and returned as
    /// [`ParseError::ParserPanicked`], never as an empty document.
    pub fn parse(html: &str) -> Result<Self, ParseError> {
        ParseError::guard("html5ever", || {
            splitter_driver::parse_with_sink(sink::Sink::default(), html)
        })
    }

    /// [`parse`](Self::parse), feeding the parser at most `chunk` bytes
    /// at a time (rounded up to a character boundary).
    #[cfg(test)]
    fn parse_in_chunks(html: &str, chunk: usize) -> Result<Self, ParseError> {
        ParseError::guard("html5ever", || {
            splitter_driver::parse_in_chunks(sink::Sink::default(), html, chunk)
        })
    }

    /// The document from a finished tree and its element names.
    fn from_parts(tree: Tree, mut names: Names) -> Self {
        names.freeze();
        Html5everDom { tree, names }
    }

    /// Copy an [`RcDom`] that the caller parsed (or built) themselves.
    ///
    /// Only with the non-default feature `rcdom`.
    ///
    /// The contents of a `<template>` become its last children, as with
    /// [`parse`](Self::parse); adjacent text nodes of a hand-built tree stay
    /// apart. The tree must be a tree: a node reachable along two paths
    /// (which html5ever never produces) is copied once per path, and a
    /// cycle would make this function loop until memory runs out.
    #[cfg(feature = "rcdom")]
    pub fn from_rcdom(dom: RcDom) -> Self {
        let mut tree = Tree::default();
        let mut names = Names::default();
        // Nodes still to copy, with their parent's id; children are pushed
        // in reverse so they pop, and are appended, in document order.
        let mut stack: Vec<(Handle, u32)> = Vec::new();
        push_children(&mut stack, &dom.document, 0);
        while let Some((handle, parent)) = stack.pop() {
            let id = match &handle.data {
                NodeData::Document | NodeData::ProcessingInstruction { .. } => {
                    tree.create(Data::Other)
                }
                NodeData::Doctype { .. } => tree.create(Data::Doctype),
                NodeData::Comment { .. } => tree.create(Data::Comment),
                NodeData::Text { contents } => {
                    tree.create_text(contents.try_borrow().map(|t| t.clone()).unwrap_or_default())
                }
                NodeData::Element { name, attrs, .. } => tree.create_element(
                    names.intern(name.clone()),
                    attrs.try_borrow().map(|a| a.clone()).unwrap_or_default(),
                    false,
                    false,
                ),
            };
            if id == NONE {
                // Over four billion nodes: keep the tree built so far.
                break;
            }
            tree.append(parent, id);
            push_children(&mut stack, &handle, id);
        }
        Self::from_parts(tree.finish(), names)
    }

    /// How many nodes the node table holds, the document included. For a
    /// parsed document that counts every node the parser created, also
    /// any it detached again.
    pub fn node_count(&self) -> usize {
        self.tree.nodes.len()
    }

    fn node(&self, node: NodeId) -> Option<&Node> {
        self.tree.node(node.0)
    }

    fn link(&self, node: NodeId, link: impl Fn(&Node) -> u32) -> Option<NodeId> {
        match self.node(node).map(link) {
            Some(NONE) | None => None,
            Some(id) => Some(NodeId(id)),
        }
    }
}

#[cfg(feature = "rcdom")]
/// Push the children of `handle` onto `stack` to be copied under `id`:
/// template contents (which come last) first, then the ordinary children,
/// each in reverse.
fn push_children(stack: &mut Vec<(Handle, u32)>, handle: &Handle, id: u32) {
    if let NodeData::Element {
        template_contents, ..
    } = &handle.data
        && let Ok(contents) = template_contents.try_borrow()
        && let Some(fragment) = contents.as_ref()
        && let Ok(children) = fragment.children.try_borrow()
    {
        stack.extend(children.iter().rev().map(|c| (c.clone(), id)));
    }
    if let Ok(children) = handle.children.try_borrow() {
        stack.extend(children.iter().rev().map(|c| (c.clone(), id)));
    }
}

/// Whether the attribute called `qual` is the one asked for as `name`.
fn attribute_name_matches(qual: &QualName, name: &str) -> bool {
    match &qual.prefix {
        None => (*qual.local).eq_ignore_ascii_case(name),
        Some(prefix) => name.split_once(':').is_some_and(|(p, l)| {
            (**prefix).eq_ignore_ascii_case(p) && (*qual.local).eq_ignore_ascii_case(l)
        }),
    }
}

impl DomAdapter for Html5everDom {
    type Node = NodeId;

    fn document(&self) -> NodeId {
        NodeId(0)
    }

    fn kind(&self, node: NodeId) -> NodeKind {
        match self.node(node).map(|n| &n.data) {
            Some(Data::Document) => NodeKind::Document,
            Some(Data::Element { .. }) => NodeKind::Element,
            Some(Data::Text(_)) => NodeKind::Text,
            Some(Data::Comment) => NodeKind::Comment,
            Some(Data::Doctype) => NodeKind::Doctype,
            Some(Data::Other) | None => NodeKind::Other,
        }
    }

    fn element_name(&self, node: NodeId) -> &str {
        match self.node(node).map(|n| n.data) {
            Some(Data::Element { name, .. }) => &self.names.get(name).local,
            _ => "",
        }
    }

    fn attribute(&self, node: NodeId, name: &str) -> Option<Cow<'_, str>> {
        let Some(Data::Element { attrs, .. }) = self.node(node).map(|n| n.data) else {
            return None;
        };
        self.tree
            .attrs
            .get(attrs as usize)?
            .iter()
            .find(|a| attribute_name_matches(&a.name, name))
            .map(|a| Cow::Borrowed(&*a.value))
    }

    fn text(&self, node: NodeId) -> Cow<'_, str> {
        let text = match self.node(node).map(|n| n.data) {
            Some(Data::Text(index)) => self.tree.texts.get(index as usize),
            _ => None,
        };
        Cow::Borrowed(text.map_or("", |t| &**t))
    }

    fn first_child(&self, node: NodeId) -> Option<NodeId> {
        self.link(node, |n| n.first_child)
    }

    fn next_sibling(&self, node: NodeId) -> Option<NodeId> {
        self.link(node, |n| n.next_sibling)
    }

    fn prev_sibling(&self, node: NodeId) -> Option<NodeId> {
        self.link(node, |n| n.prev_sibling)
    }

    fn parent(&self, node: NodeId) -> Option<NodeId> {
        self.link(node, |n| n.parent)
    }

    fn index(&self, node: NodeId) -> usize {
        node.get()
    }

    fn node_count_hint(&self) -> usize {
        self.tree.nodes.len()
    }
}

impl fmt::Debug for Html5everDom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Html5everDom")
            .field("nodes", &self.tree.nodes.len())
            .field("text_nodes", &self.tree.texts.len())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests;
