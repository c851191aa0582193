//! The tree behind [`Html5everDom`](crate::Html5everDom): nodes in one
//! vector, linked by index.
//!
//! Every node knows its parent, both neighbours and both ends of its child
//! list, so every edit the tree builder asks for (append, insert before a
//! sibling, detach, move all children) costs constant time per node moved.
//! `markup5ever_rcdom` keeps children in a vector and finds a node's place
//! by scanning its siblings, which makes foster parenting quadratic: every
//! node foster-parented before a table scans past all those before it.

use html5ever::Attribute;
use html5ever::tendril::StrTendril;

/// The "no node" value of a link.
pub(crate) const NONE: u32 = u32::MAX;

/// One node: its links and its data.
#[derive(Debug)]
pub(crate) struct Node {
    pub(crate) parent: u32,
    pub(crate) first_child: u32,
    pub(crate) last_child: u32,
    pub(crate) prev_sibling: u32,
    pub(crate) next_sibling: u32,
    pub(crate) data: Data,
}

/// What a node is. Comments and doctypes keep no data: the splitter never
/// reads it.
#[derive(Debug)]
pub(crate) enum Data {
    /// The document: the node at index 0, and nothing else.
    Document,
    /// A `<!DOCTYPE>`.
    Doctype,
    /// A comment.
    Comment,
    /// A text node.
    Text(StrTendril),
    /// An element.
    Element {
        /// Its name: an index into the document's names.
        name: u32,
        attrs: Vec<Attribute>,
        /// For a `<template>` while parsing: its contents, a detached
        /// fragment node (moved under the template when parsing ends).
        template: u32,
        /// Whether it is a MathML `annotation-xml` integration point.
        integration_point: bool,
    },
    /// Anything else: a processing instruction, a template's contents
    /// while parsing, a document nested in a hand-built tree.
    Other,
}

/// A tree under construction, and the operations the tree builder needs.
///
/// Operations given an id that is not in the tree do nothing; the tree
/// builder never does that, and the only way to get such an id is to
/// create more than four billion nodes, past which new nodes are dropped.
#[derive(Debug)]
pub(crate) struct Tree {
    pub(crate) nodes: Vec<Node>,
    /// The `<template>` elements, whose contents are moved under them at
    /// the end.
    templates: Vec<u32>,
}

impl Default for Tree {
    fn default() -> Self {
        Tree {
            nodes: vec![Node::new(Data::Document)],
            templates: Vec::new(),
        }
    }
}

impl Node {
    fn new(data: Data) -> Self {
        Node {
            parent: NONE,
            first_child: NONE,
            last_child: NONE,
            prev_sibling: NONE,
            next_sibling: NONE,
            data,
        }
    }
}

impl Tree {
    /// Add a parentless node; returns its id, or [`NONE`] if the tree is
    /// full.
    pub(crate) fn create(&mut self, data: Data) -> u32 {
        let Ok(id) = u32::try_from(self.nodes.len()) else {
            return NONE;
        };
        if id == NONE {
            return NONE;
        }
        self.nodes.push(Node::new(data));
        id
    }

    /// Add a `<template>` element and its (detached) contents fragment.
    pub(crate) fn create_template(&mut self, name: u32, attrs: Vec<Attribute>) -> u32 {
        let contents = self.create(Data::Other);
        let id = self.create(Data::Element {
            name,
            attrs,
            template: contents,
            integration_point: false,
        });
        if id != NONE {
            self.templates.push(id);
        }
        id
    }

    pub(crate) fn node(&self, id: u32) -> Option<&Node> {
        self.nodes.get(id as usize)
    }

    fn node_mut(&mut self, id: u32) -> Option<&mut Node> {
        self.nodes.get_mut(id as usize)
    }

    /// The text of `id`, if it is a text node.
    fn text_mut(&mut self, id: u32) -> Option<&mut StrTendril> {
        match self.node_mut(id).map(|n| &mut n.data) {
            Some(Data::Text(text)) => Some(text),
            _ => None,
        }
    }

    /// Unlink `id` from its parent and siblings (if it has a parent).
    pub(crate) fn detach(&mut self, id: u32) {
        let Some(node) = self.node_mut(id) else {
            return;
        };
        let (parent, prev, next) = (node.parent, node.prev_sibling, node.next_sibling);
        node.parent = NONE;
        node.prev_sibling = NONE;
        node.next_sibling = NONE;
        self.set_next(parent, prev, next);
        self.set_prev(parent, next, prev);
    }

    /// Make `id` what follows `prev` among the children of `parent`: its
    /// next sibling, or the first child if `prev` is [`NONE`].
    fn set_next(&mut self, parent: u32, prev: u32, id: u32) {
        if let Some(prev) = self.node_mut(prev) {
            prev.next_sibling = id;
        } else if let Some(parent) = self.node_mut(parent) {
            parent.first_child = id;
        }
    }

    /// Make `id` what precedes `next` among the children of `parent`: its
    /// previous sibling, or the last child if `next` is [`NONE`].
    fn set_prev(&mut self, parent: u32, next: u32, id: u32) {
        if let Some(next) = self.node_mut(next) {
            next.prev_sibling = id;
        } else if let Some(parent) = self.node_mut(parent) {
            parent.last_child = id;
        }
    }

    /// Make `child` the last child of `parent`, detaching it first.
    pub(crate) fn append(&mut self, parent: u32, child: u32) {
        if parent == child || self.node(parent).is_none() || self.node(child).is_none() {
            return;
        }
        self.detach(child);
        let last = self.node(parent).map_or(NONE, |p| p.last_child);
        self.link(parent, last, NONE, child);
    }

    /// Make `child` the previous sibling of `sibling`, detaching it first.
    /// Does nothing if `sibling` has no parent.
    pub(crate) fn insert_before(&mut self, sibling: u32, child: u32) {
        if sibling == child || self.node(child).is_none() {
            return;
        }
        self.detach(child);
        let Some(&Node {
            parent,
            prev_sibling: prev,
            ..
        }) = self.node(sibling)
        else {
            return;
        };
        if parent != NONE {
            self.link(parent, prev, sibling, child);
        }
    }

    /// Link the parentless `child` under `parent`, between `prev` and
    /// `next` (either may be [`NONE`] for the ends of the child list).
    fn link(&mut self, parent: u32, prev: u32, next: u32, child: u32) {
        if let Some(node) = self.node_mut(child) {
            node.parent = parent;
            node.prev_sibling = prev;
            node.next_sibling = next;
        }
        self.set_next(parent, prev, child);
        self.set_prev(parent, next, child);
    }

    /// Append `text` to `parent`: to its last child if that is a text node,
    /// else as a new text node.
    pub(crate) fn append_text(&mut self, parent: u32, text: StrTendril) {
        self.insert_text(parent, NONE, text);
    }

    /// Insert `text` just before `sibling`: into its previous sibling if
    /// that is a text node, else as a new text node. Does nothing if
    /// `sibling` has no parent.
    pub(crate) fn insert_text_before(&mut self, sibling: u32, text: StrTendril) {
        if let Some(&Node { parent, .. }) = self.node(sibling) {
            self.insert_text(parent, sibling, text);
        }
    }

    /// Insert `text` among the children of `parent`, before `next` (at the
    /// end if [`NONE`]): into the node before that point if it is a text
    /// node, so text nodes are never adjacent, else as a new text node.
    fn insert_text(&mut self, parent: u32, next: u32, text: StrTendril) {
        if self.node(parent).is_none() {
            return;
        }
        let prev = match self.node(next) {
            Some(next) => next.prev_sibling,
            None => self.node(parent).map_or(NONE, |p| p.last_child),
        };
        if let Some(existing) = self.text_mut(prev) {
            existing.push_tendril(&text);
        } else {
            let id = self.create(Data::Text(text));
            if id != NONE {
                self.link(parent, prev, next, id);
            }
        }
    }

    /// Move every child of `from` to the end of `to`'s children, in order.
    pub(crate) fn move_children(&mut self, from: u32, to: u32) {
        if from == to || self.node(to).is_none() {
            return;
        }
        let Some(source) = self.node_mut(from) else {
            return;
        };
        let first = std::mem::replace(&mut source.first_child, NONE);
        let last = std::mem::replace(&mut source.last_child, NONE);
        if first == NONE {
            return;
        }
        let mut child = first;
        while let Some(node) = self.node_mut(child) {
            node.parent = to;
            child = node.next_sibling;
        }
        let old_last = self.node(to).map_or(NONE, |t| t.last_child);
        self.set_next(to, old_last, first);
        if let Some(first) = self.node_mut(first) {
            first.prev_sibling = old_last;
        }
        self.set_prev(to, NONE, last);
    }

    /// The contents fragment of a `<template>`, or [`NONE`].
    pub(crate) fn template_contents(&self, template: u32) -> u32 {
        match self.node(template).map(|n| &n.data) {
            Some(Data::Element { template, .. }) => *template,
            _ => NONE,
        }
    }

    /// Finish the tree: the contents of each `<template>` become its last
    /// children, after any ordinary ones.
    pub(crate) fn finish(mut self) -> Vec<Node> {
        for template in std::mem::take(&mut self.templates) {
            let contents = self.template_contents(template);
            self.move_children(contents, template);
        }
        self.nodes
    }
}
