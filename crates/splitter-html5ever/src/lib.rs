//! The [html5ever] parser backend for the HTML text splitter.
//!
//! [`Html5everDom`] parses a document with html5ever into a
//! [`markup5ever_rcdom::RcDom`] and implements [`splitter_core::DomAdapter`]
//! for it. The reference-counted tree cannot hand out [`Copy`] handles, so
//! after parsing the tree is walked once, iteratively, into a flat side
//! table; a node is then named by a [`NodeId`], its position in that table.
//!
//! Node ids are assigned in document order (a pre-order walk), so
//! [`DomAdapter::index`] of a node is also its rank in document order.
//!
//! # Example
//!
//! ```
//! use splitter_core::{DomAdapter, NodeKind};
//! use splitter_html5ever::Html5everDom;
//!
//! let dom = Html5everDom::parse("<p class=intro>Fish &amp; chips</p>");
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
//!   hand-built [`RcDom`] may hold) are [`NodeKind::Other`].
//! - The contents of a `<template>` element, which html5ever keeps in a
//!   separate document fragment, are presented as the children of the
//!   `<template>` element, after any ordinary children. Whether to ignore
//!   them is the splitter's decision, not the parser's.
//! - Element and attribute names are the local names html5ever recorded
//!   (lowercase for HTML; SVG and MathML names such as `viewBox` keep their
//!   adjusted case). Namespaced foreign attributes such as `xlink:href` are
//!   matched by their qualified name, `"xlink:href"`.
//!
//! # Depth cap
//!
//! html5ever's tree builder scans its stack of open elements for most tags,
//! so parsing a document nested `n` deep costs time proportional to `n²`:
//! 100,000 nested `<div>`s take over a minute. Browsers bound the depth
//! their parser builds (Blink at 512) and keep the text;
//! [`Html5everDom::parse`] does the same, through [`parse_with_sink`], which
//! drives html5ever's tokenizer and tree builder itself with a filter
//! between them:
//!
//! - Once the tree builder holds [`MAX_DEPTH`] (512) elements, counted as
//!   below, a start tag that would open another is dropped, and so is the
//!   end tag that closes it. The text inside stays, in order, in the element
//!   at the cap: no text is lost, and a million nested elements parse in
//!   linear time (half a second).
//! - Some start tags are never dropped or only 16 levels past the cap, so
//!   that what follows them is read as without the cap: void elements;
//!   tags that switch the tokenizer (`script`, `style`, `textarea`,
//!   `title`, `xmp`, `iframe`, `noembed`, `noframes`, `noscript`,
//!   `plaintext`), so script text stays script text; `svg`, `math` and
//!   their integration points, and the tags that leave SVG or MathML
//!   content; `template` and the first tag inside one.
//! - Documents that stay below the cap (every page of the project's
//!   corpora: the deepest is 39 levels) parse exactly as with html5ever's
//!   own driver.
//!
//! The count is the tree builder's own: the open elements, the list of
//! active formatting elements and a few pointers. So `<body>` holds at most
//! 508 nested `<div>`s, and nested formatting elements (`<b>`, `<i>`, `<a>`)
//! count twice. Past the cap the tree is no longer the one the HTML standard
//! prescribes; in contrived cases (end tags misnested around SVG or MathML
//! at the cap) text can land in an element the splitter skips, such as an
//! SVG `<style>`.
//!
//! # Snapshot semantics
//!
//! The side table is a snapshot taken when the [`Html5everDom`] is built.
//! [`Html5everDom::rcdom`] gives shared access to the tree, but the tree's
//! interior mutability (its `RefCell`s) makes it possible to change it
//! through that reference; such changes are not seen through the
//! [`DomAdapter`] implementation, which keeps answering from the snapshot.

#![deny(missing_docs)]

pub use html5ever;
pub use markup5ever_rcdom;

mod depth;

pub use depth::{MAX_DEPTH, parse_with_sink};

use std::borrow::Cow;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};

use html5ever::tendril::StrTendril;
use html5ever::{Attribute, QualName};
use markup5ever_rcdom::{Handle, NodeData, RcDom};
use splitter_core::{DomAdapter, NodeKind};

/// The "no node" value in the link fields of the side table.
const NONE: u32 = u32::MAX;

/// A handle to one node of an [`Html5everDom`]: its index in the side table.
///
/// Ids are assigned in document order, starting with `0` for the document.
/// An id is meaningful only for the document that produced it; passing it to
/// another document gives unspecified (but never panicking) answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(u32);

impl NodeId {
    /// The position of the node in document order, as a `usize`.
    pub fn get(self) -> usize {
        self.0 as usize
    }
}

/// One row of the side table.
#[derive(Clone, Copy, Debug)]
struct Row {
    parent: u32,
    first_child: u32,
    next_sibling: u32,
    prev_sibling: u32,
    /// For a text node: its index in `texts`. For an element: the start of
    /// its attributes in `attrs`. Otherwise unused.
    data: u32,
    /// For an element: how many attributes it has. Otherwise unused.
    data_len: u32,
    kind: NodeKind,
}

/// A parsed document: the [`RcDom`] plus a flat side table so nodes have
/// [`Copy`] handles ([`NodeId`]).
///
/// Built by [`parse`](Html5everDom::parse) or
/// [`from_rcdom`](Html5everDom::from_rcdom); read through its
/// [`DomAdapter`] implementation.
///
/// Building the table costs one pass over the tree and one reference-count
/// increment per node, attribute value and text node; no text is copied.
/// Nothing in this type recurses on the call stack, neither building nor
/// dropping, so arbitrarily deep trees (such as one built by hand and given
/// to [`from_rcdom`](Html5everDom::from_rcdom)) are fine.
pub struct Html5everDom {
    /// Links and kinds, indexed by [`NodeId`].
    rows: Vec<Row>,
    /// The rcdom node of each row, indexed by [`NodeId`].
    handles: Vec<Handle>,
    /// The data of every text node, in document order. Cloning a tendril
    /// shares its buffer, so these are the parser's own bytes.
    texts: Vec<StrTendril>,
    /// The attributes of every element, in document order.
    attrs: Vec<Attribute>,
    /// The tree itself. Dropping it is iterative: `markup5ever_rcdom::Node`
    /// dismantles its subtree with an explicit stack.
    dom: RcDom,
}

impl Html5everDom {
    /// Parse a whole HTML document, as a browser would, with
    /// [`parse_with_sink`]: html5ever with default options (a leading byte
    /// order mark is dropped) and the [depth cap](crate#depth-cap).
    ///
    /// Never panics. Every input parses to some document; should the
    /// parser or tree panic regardless (which would be a bug in html5ever
    /// or markup5ever_rcdom), the result is an empty document.
    pub fn parse(html: &str) -> Self {
        Self::parse_in_chunks(html, depth::CHUNK)
    }

    /// [`parse`](Self::parse), feeding the parser at most `chunk` bytes
    /// at a time (rounded up to a character boundary).
    fn parse_in_chunks(html: &str, chunk: usize) -> Self {
        let parsed = catch_unwind(AssertUnwindSafe(|| {
            depth::parse_in_chunks(RcDom::default(), html, chunk)
        }));
        Self::from_rcdom(parsed.unwrap_or_default())
    }

    /// Wrap an [`RcDom`] that the caller parsed (or built) themselves.
    ///
    /// The tree must be a tree: a node reachable along two paths (which
    /// html5ever never produces) is presented once per path, and a cycle
    /// would make this function loop until memory runs out.
    pub fn from_rcdom(dom: RcDom) -> Self {
        let mut this = Html5everDom {
            rows: Vec::new(),
            handles: Vec::new(),
            texts: Vec::new(),
            attrs: Vec::new(),
            dom,
        };
        this.build();
        this
    }

    /// The parsed tree.
    ///
    /// Changes made to it through its `RefCell`s are not reflected by the
    /// [`DomAdapter`] implementation; see the crate documentation.
    pub fn rcdom(&self) -> &RcDom {
        &self.dom
    }

    /// The rcdom node behind `node`, or `None` if `node` is not from this
    /// document.
    pub fn handle(&self, node: NodeId) -> Option<&Handle> {
        self.handles.get(node.get())
    }

    /// How many nodes the document has, the document node included.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether the side table is empty. It never is: it always holds at
    /// least the document node.
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Walk the tree once in document order, with an explicit stack, and
    /// fill the side table.
    fn build(&mut self) {
        // The last child linked so far, per row; dropped after the walk.
        let mut last_child: Vec<u32> = Vec::new();
        // Nodes still to visit, with their parent's id; children are pushed
        // in reverse so they pop in document order.
        let mut stack: Vec<(Handle, u32)> = vec![(self.dom.document.clone(), NONE)];

        while let Some((handle, parent)) = stack.pop() {
            let id = match u32::try_from(self.rows.len()) {
                Ok(id) if id != NONE => id,
                // Over four billion nodes: keep the (consistent) tree built
                // so far rather than overflow the ids.
                _ => break,
            };

            let mut prev_sibling = NONE;
            if let Some(slot) = last_child.get_mut(parent as usize) {
                prev_sibling = *slot;
                *slot = id;
                let link = match prev_sibling {
                    NONE => self
                        .rows
                        .get_mut(parent as usize)
                        .map(|r| &mut r.first_child),
                    prev => self
                        .rows
                        .get_mut(prev as usize)
                        .map(|r| &mut r.next_sibling),
                };
                if let Some(link) = link {
                    *link = id;
                }
            }

            let (kind, data, data_len) = self.describe(&handle, parent);
            self.rows.push(Row {
                parent,
                first_child: NONE,
                next_sibling: NONE,
                prev_sibling,
                data,
                data_len,
                kind,
            });
            last_child.push(NONE);

            // Template contents come after the ordinary children, so they
            // are pushed first.
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

            self.handles.push(handle);
        }
    }

    /// The kind of a node about to get a row, after storing its text or
    /// attributes; returns the row's `kind`, `data` and `data_len`.
    fn describe(&mut self, handle: &Handle, parent: u32) -> (NodeKind, u32, u32) {
        match &handle.data {
            NodeData::Document if parent == NONE => (NodeKind::Document, 0, 0),
            // Only the root may be the document; a nested one can only come
            // from a hand-built tree.
            NodeData::Document => (NodeKind::Other, 0, 0),
            NodeData::Doctype { .. } => (NodeKind::Doctype, 0, 0),
            NodeData::Comment { .. } => (NodeKind::Comment, 0, 0),
            NodeData::ProcessingInstruction { .. } => (NodeKind::Other, 0, 0),
            NodeData::Text { contents } => {
                let index = u32::try_from(self.texts.len()).unwrap_or(NONE);
                if let (Ok(contents), true) = (contents.try_borrow(), index != NONE) {
                    self.texts.push(contents.clone());
                    (NodeKind::Text, index, 0)
                } else {
                    (NodeKind::Text, NONE, 0)
                }
            }
            NodeData::Element { attrs, .. } => {
                let start = self.attrs.len();
                if let Ok(attrs) = attrs.try_borrow() {
                    self.attrs.extend(attrs.iter().cloned());
                }
                match (
                    u32::try_from(start),
                    u32::try_from(self.attrs.len() - start),
                ) {
                    (Ok(start), Ok(len)) => (NodeKind::Element, start, len),
                    _ => {
                        self.attrs.truncate(start);
                        (NodeKind::Element, 0, 0)
                    }
                }
            }
        }
    }

    fn row(&self, node: NodeId) -> Option<&Row> {
        self.rows.get(node.get())
    }

    fn link(&self, link: Option<u32>) -> Option<NodeId> {
        match link {
            Some(NONE) | None => None,
            Some(id) => Some(NodeId(id)),
        }
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
        self.row(node).map_or(NodeKind::Other, |r| r.kind)
    }

    fn element_name(&self, node: NodeId) -> &str {
        // The name is not behind a RefCell, so it is borrowed straight from
        // the node, which the side table keeps alive.
        match self.handles.get(node.get()).map(|h| &h.data) {
            Some(NodeData::Element { name, .. }) => &name.local,
            _ => "",
        }
    }

    fn attribute(&self, node: NodeId, name: &str) -> Option<Cow<'_, str>> {
        let row = self.row(node).filter(|r| r.kind == NodeKind::Element)?;
        let start = row.data as usize;
        let end = start.checked_add(row.data_len as usize)?;
        self.attrs
            .get(start..end)?
            .iter()
            .find(|a| attribute_name_matches(&a.name, name))
            .map(|a| Cow::Borrowed(&*a.value))
    }

    fn text(&self, node: NodeId) -> Cow<'_, str> {
        let text = self
            .row(node)
            .filter(|r| r.kind == NodeKind::Text)
            .and_then(|r| self.texts.get(r.data as usize));
        Cow::Borrowed(text.map_or("", |t| &**t))
    }

    fn first_child(&self, node: NodeId) -> Option<NodeId> {
        self.link(self.row(node).map(|r| r.first_child))
    }

    fn next_sibling(&self, node: NodeId) -> Option<NodeId> {
        self.link(self.row(node).map(|r| r.next_sibling))
    }

    fn prev_sibling(&self, node: NodeId) -> Option<NodeId> {
        self.link(self.row(node).map(|r| r.prev_sibling))
    }

    fn parent(&self, node: NodeId) -> Option<NodeId> {
        self.link(self.row(node).map(|r| r.parent))
    }

    fn index(&self, node: NodeId) -> usize {
        node.get()
    }
}

impl fmt::Debug for Html5everDom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Deliberately not the tree: rcdom's own Debug recurses.
        f.debug_struct("Html5everDom")
            .field("nodes", &self.rows.len())
            .field("text_nodes", &self.texts.len())
            .field("attributes", &self.attrs.len())
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests;
