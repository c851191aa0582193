//! [`ArenaDom`]: a [`DomAdapter`] tree built by hand, to drive the core
//! without a parser.
//!
//! The core's own unit tests compile this file too (`splitter-core`'s
//! `src/testing.rs` names it with `#[path]`): they cannot use this crate,
//! which links the core as a library, not as the crate under test. So it
//! reads `DomAdapter` and `NodeKind` from its parent module, which imports
//! them in either crate.

use std::borrow::Cow;

use super::{DomAdapter, NodeKind};

/// A tree built by hand: enough of a DOM to drive the core.
///
/// Node 0 is the document; [`ArenaDom::add`] appends a child and returns its
/// handle. It holds the core to the [`DomAdapter`] contract: asking an
/// element's name or attribute of another node, an attribute by a name with
/// uppercase letters, or the text of a node that is not text panics.
#[derive(Debug)]
pub struct ArenaDom {
    nodes: Vec<ArenaNode>,
}

#[derive(Debug)]
struct ArenaNode {
    kind: NodeKind,
    name: String,
    attributes: Vec<(String, String)>,
    text: String,
    parent: Option<usize>,
    children: Vec<usize>,
    /// This node's position among its parent's children.
    position: usize,
}

impl Default for ArenaDom {
    fn default() -> Self {
        Self::new()
    }
}

impl ArenaDom {
    /// The handle of the document node.
    pub const DOCUMENT: usize = 0;

    /// A tree holding only the document node.
    pub fn new() -> Self {
        ArenaDom {
            nodes: vec![ArenaNode {
                kind: NodeKind::Document,
                name: String::new(),
                attributes: Vec::new(),
                text: String::new(),
                parent: None,
                children: Vec::new(),
                position: 0,
            }],
        }
    }

    /// Appends a node of `kind` as the last child of `parent`; `name` is an
    /// element's name, `text` the data of a text or comment node.
    pub fn add(&mut self, parent: usize, kind: NodeKind, name: &str, text: &str) -> usize {
        let id = self.nodes.len();
        let position = self.nodes[parent].children.len();
        self.nodes[parent].children.push(id);
        self.nodes.push(ArenaNode {
            kind,
            name: name.to_owned(),
            attributes: Vec::new(),
            text: text.to_owned(),
            parent: Some(parent),
            children: Vec::new(),
            position,
        });
        id
    }

    /// Appends an element named `name` to `parent`.
    pub fn element(&mut self, parent: usize, name: &str) -> usize {
        self.add(parent, NodeKind::Element, name, "")
    }

    /// Appends an element named `name` with `attributes` to `parent`.
    pub fn element_with(
        &mut self,
        parent: usize,
        name: &str,
        attributes: &[(&str, &str)],
    ) -> usize {
        let id = self.element(parent, name);
        for &(key, value) in attributes {
            self.set_attribute(id, key, value);
        }
        id
    }

    /// Appends a comment to `parent`.
    pub fn add_comment(&mut self, parent: usize, text: &str) -> usize {
        self.add(parent, NodeKind::Comment, "", text)
    }

    /// Appends a text node to `parent`.
    pub fn add_text(&mut self, parent: usize, text: &str) -> usize {
        self.add(parent, NodeKind::Text, "", text)
    }

    /// Adds the attribute `name="value"` to the element `node`.
    pub fn set_attribute(&mut self, node: usize, name: &str, value: &str) {
        self.nodes[node]
            .attributes
            .push((name.to_owned(), value.to_owned()));
    }

    /// The number of nodes, the document included.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }
}

impl DomAdapter for ArenaDom {
    type Node = usize;

    fn document(&self) -> usize {
        Self::DOCUMENT
    }

    fn kind(&self, node: usize) -> NodeKind {
        self.nodes[node].kind
    }

    fn element_name(&self, node: usize) -> &str {
        assert_eq!(self.nodes[node].kind, NodeKind::Element, "element_name");
        &self.nodes[node].name
    }

    fn attribute(&self, node: usize, name: &str) -> Option<Cow<'_, str>> {
        assert_eq!(self.nodes[node].kind, NodeKind::Element, "attribute");
        assert!(
            !name.bytes().any(|byte| byte.is_ascii_uppercase()),
            "attribute names are asked in lowercase: {name}"
        );
        self.nodes[node]
            .attributes
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| Cow::Borrowed(value.as_str()))
    }

    fn text(&self, node: usize) -> Cow<'_, str> {
        assert_eq!(self.nodes[node].kind, NodeKind::Text, "text");
        Cow::Borrowed(&self.nodes[node].text)
    }

    fn first_child(&self, node: usize) -> Option<usize> {
        self.nodes[node].children.first().copied()
    }

    fn next_sibling(&self, node: usize) -> Option<usize> {
        let parent = self.nodes[node].parent?;
        let position = self.nodes[node].position;
        self.nodes[parent].children.get(position + 1).copied()
    }

    fn prev_sibling(&self, node: usize) -> Option<usize> {
        let parent = self.nodes[node].parent?;
        let position = self.nodes[node].position.checked_sub(1)?;
        self.nodes[parent].children.get(position).copied()
    }

    fn parent(&self, node: usize) -> Option<usize> {
        self.nodes[node].parent
    }

    fn index(&self, node: usize) -> usize {
        node
    }
}
