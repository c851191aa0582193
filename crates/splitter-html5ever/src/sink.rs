//! The [`TreeSink`] html5ever's tree builder writes into: a [`Tree`] behind
//! a `RefCell`, with element names in a second one.
//!
//! The tree builder holds a borrowed element name ([`TreeSink::elem_name`])
//! only for a comparison, calling no other sink method meanwhile. Keeping
//! names in their own `RefCell` narrows what could conflict even if it
//! did: only creating an element (which may add a name) borrows the names
//! mutably. Parse errors are not kept.

use std::borrow::Cow;
use std::cell::{Ref, RefCell};
use std::collections::{HashMap, HashSet};

use html5ever::tendril::StrTendril;
use html5ever::tree_builder::{ElementFlags, NodeOrText, QuirksMode, TreeSink};
use html5ever::{Attribute, QualName};

use crate::tree::{Data, NONE, Names, Tree};
use crate::{Html5everDom, NodeId};

/// Builds an [`Html5everDom`].
#[derive(Default)]
pub(crate) struct Sink {
    tree: RefCell<Tree>,
    /// Element names.
    names: RefCell<Names>,
    /// The attribute names of each element that [`add_attrs_if_missing`]
    /// was called for (only `<html>` and `<body>`), kept between calls so
    /// that each call costs the attributes it adds, not all those present:
    /// 40,000 `<html a1>`, `<html a2>`, … tags would otherwise take
    /// quadratic time.
    ///
    /// [`add_attrs_if_missing`]: TreeSink::add_attrs_if_missing
    merged: RefCell<HashMap<u32, HashSet<QualName>>>,
}

impl Sink {
    fn create(&self, data: Data) -> NodeId {
        NodeId(self.tree.borrow_mut().create(data))
    }
}

impl TreeSink for Sink {
    type Handle = NodeId;
    type Output = Html5everDom;
    type ElemName<'a> = Ref<'a, QualName>;

    fn finish(self) -> Html5everDom {
        Html5everDom::from_parts(self.tree.into_inner().finish(), self.names.into_inner())
    }

    fn parse_error(&self, _msg: Cow<'static, str>) {}

    fn get_document(&self) -> NodeId {
        NodeId(0)
    }

    fn elem_name<'a>(&'a self, target: &'a NodeId) -> Ref<'a, QualName> {
        let index = match self.tree.borrow().node(target.0).map(|n| n.data) {
            Some(Data::Element { name, .. }) => name,
            _ => NONE,
        };
        Ref::map(self.names.borrow(), |names| names.get(index))
    }

    fn create_element(&self, name: QualName, attrs: Vec<Attribute>, flags: ElementFlags) -> NodeId {
        let name = self.names.borrow_mut().intern(name);
        NodeId(self.tree.borrow_mut().create_element(
            name,
            attrs,
            flags.template,
            flags.mathml_annotation_xml_integration_point,
        ))
    }

    fn create_comment(&self, _text: StrTendril) -> NodeId {
        self.create(Data::Comment)
    }

    fn create_pi(&self, _target: StrTendril, _data: StrTendril) -> NodeId {
        self.create(Data::Other)
    }

    fn append(&self, parent: &NodeId, child: NodeOrText<NodeId>) {
        let mut tree = self.tree.borrow_mut();
        match child {
            NodeOrText::AppendNode(node) => tree.append(parent.0, node.0),
            NodeOrText::AppendText(text) => tree.append_text(parent.0, text),
        }
    }

    fn append_based_on_parent_node(
        &self,
        element: &NodeId,
        prev_element: &NodeId,
        child: NodeOrText<NodeId>,
    ) {
        let has_parent = self
            .tree
            .borrow()
            .node(element.0)
            .is_some_and(|n| n.parent != NONE);
        if has_parent {
            self.append_before_sibling(element, child);
        } else {
            self.append(prev_element, child);
        }
    }

    fn append_doctype_to_document(
        &self,
        _name: StrTendril,
        _public_id: StrTendril,
        _system_id: StrTendril,
    ) {
        let mut tree = self.tree.borrow_mut();
        let doctype = tree.create(Data::Doctype);
        tree.append(0, doctype);
    }

    fn get_template_contents(&self, target: &NodeId) -> NodeId {
        // Asked only of templates; anything else stands for itself.
        match self.tree.borrow().template_contents(target.0) {
            NONE => *target,
            contents => NodeId(contents),
        }
    }

    fn same_node(&self, x: &NodeId, y: &NodeId) -> bool {
        x == y
    }

    fn set_quirks_mode(&self, _mode: QuirksMode) {}

    fn append_before_sibling(&self, sibling: &NodeId, new_node: NodeOrText<NodeId>) {
        let mut tree = self.tree.borrow_mut();
        match new_node {
            NodeOrText::AppendNode(node) => tree.insert_before(sibling.0, node.0),
            NodeOrText::AppendText(text) => tree.insert_text_before(sibling.0, text),
        }
    }

    fn add_attrs_if_missing(&self, target: &NodeId, attrs: Vec<Attribute>) {
        let mut tree = self.tree.borrow_mut();
        let Some(existing) = tree.attrs_mut(target.0) else {
            return;
        };
        let mut merged = self.merged.borrow_mut();
        let present = merged
            .entry(target.0)
            .or_insert_with(|| existing.iter().map(|a| a.name.clone()).collect());
        existing.extend(attrs.into_iter().filter(|a| present.insert(a.name.clone())));
    }

    fn remove_from_parent(&self, target: &NodeId) {
        self.tree.borrow_mut().detach(target.0);
    }

    fn reparent_children(&self, node: &NodeId, new_parent: &NodeId) {
        self.tree.borrow_mut().move_children(node.0, new_parent.0);
    }

    fn is_mathml_annotation_xml_integration_point(&self, handle: &NodeId) -> bool {
        matches!(
            self.tree.borrow().node(handle.0).map(|n| n.data),
            Some(Data::Element {
                integration_point: true,
                ..
            })
        )
    }
}
