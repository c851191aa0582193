//! The tree behind [`Html5everDom`](crate::Html5everDom): nodes in one
//! vector, linked by index, with their text and attributes in vectors
//! beside it.
//!
//! Every node knows its parent, both neighbours and both ends of its child
//! list, so every edit the tree builder asks for (append, insert before a
//! sibling, detach, move all children) costs constant time per node moved.
//! `markup5ever_rcdom` keeps children in a vector and finds a node's place
//! by scanning its siblings, which makes foster parenting quadratic: every
//! node foster-parented before a table scans past all those before it.

use html5ever::tendril::StrTendril;
use html5ever::{Attribute, QualName, local_name, ns};
use rustc_hash::FxHashMap;

/// The "no node" value of a link.
pub(crate) const NONE: u32 = u32::MAX;

/// One node: its links and its data.
///
/// Not shared with splitter-tl's node table, which has the same links: that
/// one is only ever appended to, in source order, and its data are spans of
/// the source; this one takes the tree builder's edits (detach, insert
/// before, move children) and owns text, attributes and interned names.
#[derive(Debug)]
pub(crate) struct Node {
    pub(crate) parent: u32,
    pub(crate) first_child: u32,
    pub(crate) last_child: u32,
    pub(crate) prev_sibling: u32,
    pub(crate) next_sibling: u32,
    pub(crate) data: Data,
}

/// What a node is: 16 bytes, so a node is 36. Text and attributes live in
/// side tables of the [`Tree`]; comments and doctypes keep no data (the
/// splitter never reads it).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Data {
    /// The document: the node at index 0, and nothing else.
    Document,
    /// A `<!DOCTYPE>`.
    Doctype,
    /// A comment.
    Comment,
    /// A text node: the index of its text in [`Tree::texts`].
    Text(u32),
    /// An element.
    Element {
        /// Its name: an index into the document's (interned) names.
        name: u32,
        /// Its attributes: an index into [`Tree::attrs`]; 0 for none.
        attrs: u32,
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

/// Element names, each stored once: a page has thousands of elements but
/// a few dozen names.
#[derive(Debug)]
pub(crate) struct Names {
    list: Vec<QualName>,
    index: FxHashMap<QualName, u32>,
    /// Answered for an index not in the list.
    placeholder: QualName,
}

impl Default for Names {
    fn default() -> Self {
        Names {
            list: Vec::new(),
            index: FxHashMap::default(),
            placeholder: QualName::new(None, ns!(), local_name!("")),
        }
    }
}

impl Names {
    /// The index of `name`, adding it if new.
    pub(crate) fn intern(&mut self, name: QualName) -> u32 {
        if let Some(&index) = self.index.get(&name) {
            return index;
        }
        // Four billion distinct names cannot fit in memory; should they,
        // later ones read as the placeholder.
        let index = u32::try_from(self.list.len()).unwrap_or(NONE);
        self.list.push(name.clone());
        self.index.insert(name, index);
        index
    }

    /// The name at `index` (the empty placeholder if there is none).
    pub(crate) fn get(&self, index: u32) -> &QualName {
        self.list.get(index as usize).unwrap_or(&self.placeholder)
    }

    /// Drop the lookup table, once no more names will be added.
    pub(crate) fn freeze(&mut self) {
        self.index = FxHashMap::default();
    }
}

/// A tree under construction, and the operations the tree builder needs.
///
/// Operations given an id that is not in the tree do nothing; the tree
/// builder never does that, and the only way to get such an id is to
/// create more than four billion nodes, past which new nodes are dropped.
#[derive(Debug)]
pub(crate) struct Tree {
    pub(crate) nodes: Vec<Node>,
    /// The data of the text nodes.
    pub(crate) texts: Vec<StrTendril>,
    /// The attribute lists of the elements that have attributes; the
    /// empty list at 0 stands for every element without any.
    pub(crate) attrs: Vec<Vec<Attribute>>,
    /// The `<template>` elements, whose contents are moved under them at
    /// the end.
    templates: Vec<u32>,
}

impl Default for Tree {
    fn default() -> Self {
        Tree {
            nodes: vec![Node::new(Data::Document)],
            texts: Vec::new(),
            attrs: vec![Vec::new()],
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

    /// Add a parentless element called `name` (an index into the
    /// document's names); a `<template>` gets its (detached) contents
    /// fragment.
    pub(crate) fn create_element(
        &mut self,
        name: u32,
        attrs: Vec<Attribute>,
        template: bool,
        integration_point: bool,
    ) -> u32 {
        let contents = if template {
            self.create(Data::Other)
        } else {
            NONE
        };
        let attrs = self.store_attrs(attrs);
        let id = self.create(Data::Element {
            name,
            attrs,
            template: contents,
            integration_point,
        });
        if template && id != NONE {
            self.templates.push(id);
        }
        id
    }

    /// Keep an element's attributes; returns their index in
    /// [`attrs`](Self::attrs), 0 if there are none (or no room).
    fn store_attrs(&mut self, attrs: Vec<Attribute>) -> u32 {
        if attrs.is_empty() {
            return 0;
        }
        self.push_attrs(attrs).unwrap_or(0)
    }

    /// Add an attribute list; its index, or `None` if there is no room.
    fn push_attrs(&mut self, attrs: Vec<Attribute>) -> Option<u32> {
        let index = u32::try_from(self.attrs.len())
            .ok()
            .filter(|&index| index != NONE)?;
        self.attrs.push(attrs);
        Some(index)
    }

    /// Add a parentless text node.
    pub(crate) fn create_text(&mut self, text: StrTendril) -> u32 {
        match u32::try_from(self.texts.len()) {
            Ok(index) if index != NONE => {
                let id = self.create(Data::Text(index));
                if id != NONE {
                    self.texts.push(text);
                }
                id
            }
            _ => NONE,
        }
    }

    /// The attributes of element `id`, for adding to; gives the element a
    /// list of its own if it had none.
    pub(crate) fn attrs_mut(&mut self, id: u32) -> Option<&mut Vec<Attribute>> {
        let Some(Data::Element { attrs, .. }) = self.node(id).map(|n| n.data) else {
            return None;
        };
        let index = if attrs == 0 {
            let index = self.push_attrs(Vec::new())?;
            if let Some(Data::Element { attrs, .. }) = self.node_mut(id).map(|n| &mut n.data) {
                *attrs = index;
            }
            index
        } else {
            attrs
        };
        self.attrs.get_mut(index as usize)
    }

    pub(crate) fn node(&self, id: u32) -> Option<&Node> {
        self.nodes.get(id as usize)
    }

    fn node_mut(&mut self, id: u32) -> Option<&mut Node> {
        self.nodes.get_mut(id as usize)
    }

    /// The text of `id`, if it is a text node.
    fn text_mut(&mut self, id: u32) -> Option<&mut StrTendril> {
        match self.node(id).map(|n| n.data) {
            Some(Data::Text(index)) => self.texts.get_mut(index as usize),
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
            let id = self.create_text(text);
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
        match self.node(template).map(|n| n.data) {
            Some(Data::Element { template, .. }) => template,
            _ => NONE,
        }
    }

    /// Finish the tree: the contents of each `<template>` become its last
    /// children, after any ordinary ones.
    pub(crate) fn finish(mut self) -> Self {
        for template in std::mem::take(&mut self.templates) {
            let contents = self.template_contents(template);
            self.move_children(contents, template);
        }
        self
    }
}

// The layout the memory figures in the crate documentation rely on.
const _: () = assert!(std::mem::size_of::<Node>() == 36);
