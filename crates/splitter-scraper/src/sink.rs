//! scraper's [`HtmlTreeSink`], with one change: attributes that the parser
//! merges into `<html>` and `<body>` are merged once, when parsing ends.
//!
//! For every `<html>` or `<body>` start tag after the first, the tree builder
//! adds the tag's new attributes to the existing element
//! ([`TreeSink::add_attrs_if_missing`]). scraper keeps an element's
//! attributes in a sorted vector and inserts each one in place, so a page
//! of many `<html aN=1>` tags took time quadratic in the number of
//! attributes. The tree builder never reads attributes back while parsing,
//! so this sink records the additions and applies them in
//! [`finish`](TreeSink::finish), sorting each element's attributes once.
//! Everything else is passed straight to scraper's sink.

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use ego_tree::NodeId;
use scraper::node::Attributes;
use scraper::{Html, HtmlTreeSink, Node};
use splitter_driver::html5ever::tendril::StrTendril;
use splitter_driver::html5ever::tree_builder::{ElementFlags, NodeOrText, QuirksMode, TreeSink};
use splitter_driver::html5ever::{Attribute, QualName};

/// scraper's tree sink with attribute merges deferred to the end.
pub(crate) struct Sink {
    inner: HtmlTreeSink,
    /// Each `add_attrs_if_missing` call, in order.
    merges: RefCell<Vec<(NodeId, Vec<Attribute>)>>,
}

impl Sink {
    pub(crate) fn new() -> Self {
        Sink {
            inner: HtmlTreeSink::new(Html::new_document()),
            merges: RefCell::default(),
        }
    }
}

/// Apply the recorded merges: each attribute whose name the element does
/// not have yet (from its own tag or an earlier merge) is added.
fn merge(html: &mut Html, merges: Vec<(NodeId, Vec<Attribute>)>) {
    let mut by_node: HashMap<NodeId, Vec<Attribute>> = HashMap::new();
    for (node, attrs) in merges {
        by_node.entry(node).or_default().extend(attrs);
    }
    for (node, added) in by_node {
        let Some(mut node) = html.tree.get_mut(node) else {
            continue;
        };
        let Node::Element(element) = node.value() else {
            continue;
        };
        let mut attrs: Vec<_> = std::mem::take(&mut element.attrs).into_iter().collect();
        let mut present: HashSet<QualName> = attrs.iter().map(|(name, _)| name.clone()).collect();
        for attr in added {
            if present.insert(attr.name.clone()) {
                // `into_send().into()` gives scraper's tendril type whether
                // or not its `atomic` feature is on.
                attrs.push((attr.name, attr.value.into_send().into()));
            }
        }
        // scraper looks attributes up by binary search (unless its
        // `deterministic` feature keeps them in a map, where order is only
        // the order of iteration).
        attrs.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        element.attrs = attrs.into_iter().collect::<Attributes>();
    }
}

impl TreeSink for Sink {
    type Handle = NodeId;
    type Output = Html;
    type ElemName<'a> = <HtmlTreeSink as TreeSink>::ElemName<'a>;

    fn finish(self) -> Html {
        let mut html = self.inner.finish();
        merge(&mut html, self.merges.into_inner());
        html
    }

    fn add_attrs_if_missing(&self, target: &NodeId, attrs: Vec<Attribute>) {
        if !attrs.is_empty() {
            self.merges.borrow_mut().push((*target, attrs));
        }
    }

    // Everything below is scraper's own.

    fn parse_error(&self, msg: Cow<'static, str>) {
        self.inner.parse_error(msg);
    }

    fn get_document(&self) -> NodeId {
        self.inner.get_document()
    }

    fn elem_name<'a>(&'a self, target: &'a NodeId) -> Self::ElemName<'a> {
        self.inner.elem_name(target)
    }

    fn create_element(&self, name: QualName, attrs: Vec<Attribute>, flags: ElementFlags) -> NodeId {
        self.inner.create_element(name, attrs, flags)
    }

    fn create_comment(&self, text: StrTendril) -> NodeId {
        self.inner.create_comment(text)
    }

    fn create_pi(&self, target: StrTendril, data: StrTendril) -> NodeId {
        self.inner.create_pi(target, data)
    }

    fn append(&self, parent: &NodeId, child: NodeOrText<NodeId>) {
        self.inner.append(parent, child);
    }

    fn append_based_on_parent_node(
        &self,
        element: &NodeId,
        prev_element: &NodeId,
        child: NodeOrText<NodeId>,
    ) {
        self.inner
            .append_based_on_parent_node(element, prev_element, child);
    }

    fn append_doctype_to_document(
        &self,
        name: StrTendril,
        public_id: StrTendril,
        system_id: StrTendril,
    ) {
        self.inner
            .append_doctype_to_document(name, public_id, system_id);
    }

    fn mark_script_already_started(&self, node: &NodeId) {
        self.inner.mark_script_already_started(node);
    }

    fn pop(&self, node: &NodeId) {
        self.inner.pop(node);
    }

    fn get_template_contents(&self, target: &NodeId) -> NodeId {
        self.inner.get_template_contents(target)
    }

    fn same_node(&self, x: &NodeId, y: &NodeId) -> bool {
        self.inner.same_node(x, y)
    }

    fn set_quirks_mode(&self, mode: QuirksMode) {
        self.inner.set_quirks_mode(mode);
    }

    fn append_before_sibling(&self, sibling: &NodeId, new_node: NodeOrText<NodeId>) {
        self.inner.append_before_sibling(sibling, new_node);
    }

    fn associate_with_form(
        &self,
        target: &NodeId,
        form: &NodeId,
        nodes: (&NodeId, Option<&NodeId>),
    ) {
        self.inner.associate_with_form(target, form, nodes);
    }

    fn remove_from_parent(&self, target: &NodeId) {
        self.inner.remove_from_parent(target);
    }

    fn reparent_children(&self, node: &NodeId, new_parent: &NodeId) {
        self.inner.reparent_children(node, new_parent);
    }

    fn is_mathml_annotation_xml_integration_point(&self, handle: &NodeId) -> bool {
        self.inner
            .is_mathml_annotation_xml_integration_point(handle)
    }

    fn set_current_line(&self, line_number: u64) {
        self.inner.set_current_line(line_number);
    }

    fn allow_declarative_shadow_roots(&self, intended_parent: &NodeId) -> bool {
        self.inner.allow_declarative_shadow_roots(intended_parent)
    }

    fn attach_declarative_shadow(
        &self,
        location: &NodeId,
        template: &NodeId,
        attrs: &[Attribute],
    ) -> bool {
        self.inner
            .attach_declarative_shadow(location, template, attrs)
    }

    fn maybe_clone_an_option_into_selectedcontent(&self, option: &NodeId) {
        self.inner
            .maybe_clone_an_option_into_selectedcontent(option);
    }
}
