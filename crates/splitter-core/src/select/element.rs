//! [`ElementRef`]: a [`DomAdapter`] element as the `selectors` crate sees it.

use std::borrow::Cow;
use std::fmt;
use std::ptr::NonNull;

use selectors::attr::{AttrSelectorOperation, CaseSensitivity, NamespaceConstraint};
use selectors::bloom::BloomFilter;
use selectors::context::MatchingContext;
use selectors::matching::ElementSelectorFlags;
use selectors::{Element, OpaqueElement};

use super::parser::{CssIdent, CssString, NoPseudoClass, NoPseudoElement, Simple};
use crate::adapter::{DomAdapter, NodeKind};

/// An element of a [`DomAdapter`] tree, as the `selectors` crate sees it.
///
/// Always an element: every constructor checks the node's kind.
pub(super) struct ElementRef<'a, A: DomAdapter> {
    pub(super) dom: &'a A,
    pub(super) node: A::Node,
}

// Derives would require `A: Clone`/`A: Copy`, which adapters need not be.
impl<A: DomAdapter> Clone for ElementRef<'_, A> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<A: DomAdapter> Copy for ElementRef<'_, A> {}

impl<A: DomAdapter> fmt::Debug for ElementRef<'_, A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("ElementRef").field(&self.node).finish()
    }
}

impl<'a, A: DomAdapter> ElementRef<'a, A> {
    /// `node` as an element, or `None` if it is another kind of node.
    fn element(&self, node: A::Node) -> Option<Self> {
        (self.dom.kind(node) == NodeKind::Element).then_some(ElementRef {
            dom: self.dom,
            node,
        })
    }

    /// The first element among `start` and its following siblings.
    fn element_from(&self, start: Option<A::Node>) -> Option<Self> {
        let mut current = start;
        while let Some(node) = current {
            if let Some(element) = self.element(node) {
                return Some(element);
            }
            current = self.dom.next_sibling(node);
        }
        None
    }

    fn name(&self) -> &'a str {
        self.dom.element_name(self.node)
    }

    fn attribute(&self, name: &str) -> Option<Cow<'a, str>> {
        self.dom.attribute(self.node, name)
    }
}

impl<A: DomAdapter> Element for ElementRef<'_, A> {
    type Impl = Simple;

    fn opaque(&self) -> OpaqueElement {
        // Only identity matters (the nth-index caches are keyed by it), so the
        // "pointer" is the node's index, offset by one to be non-null. It is
        // never dereferenced.
        let address = self.dom.index(self.node).wrapping_add(1);
        let pointer = NonNull::new(std::ptr::without_provenance_mut::<()>(address))
            // Only for index usize::MAX, which no real tree reaches.
            .unwrap_or(NonNull::dangling());
        OpaqueElement::from_ptr(pointer)
    }

    fn parent_element(&self) -> Option<Self> {
        self.dom
            .parent(self.node)
            .and_then(|parent| self.element(parent))
    }

    fn parent_node_is_shadow_root(&self) -> bool {
        false
    }

    fn containing_shadow_host(&self) -> Option<Self> {
        None
    }

    fn is_pseudo_element(&self) -> bool {
        false
    }

    fn prev_sibling_element(&self) -> Option<Self> {
        let mut current = self.dom.prev_sibling(self.node);
        while let Some(node) = current {
            if let Some(element) = self.element(node) {
                return Some(element);
            }
            current = self.dom.prev_sibling(node);
        }
        None
    }

    fn next_sibling_element(&self) -> Option<Self> {
        self.element_from(self.dom.next_sibling(self.node))
    }

    fn first_element_child(&self) -> Option<Self> {
        self.element_from(self.dom.first_child(self.node))
    }

    fn is_html_element_in_html_document(&self) -> bool {
        true
    }

    fn has_local_name(&self, local_name: &CssIdent) -> bool {
        self.name().eq_ignore_ascii_case(&local_name.0)
    }

    fn has_namespace(&self, ns: &CssIdent) -> bool {
        // Every element is taken to be in no namespace.
        ns.0.is_empty()
    }

    fn is_same_type(&self, other: &Self) -> bool {
        self.name().eq_ignore_ascii_case(other.name())
    }

    fn attr_matches(
        &self,
        ns: &NamespaceConstraint<&CssIdent>,
        local_name: &CssIdent,
        operation: &AttrSelectorOperation<&CssString>,
    ) -> bool {
        if let NamespaceConstraint::Specific(url) = ns
            && !url.0.is_empty()
        {
            return false;
        }
        let name = ascii_lowercase(&local_name.0);
        self.attribute(&name)
            .is_some_and(|value| operation.eval_str(&value))
    }

    fn match_non_ts_pseudo_class(
        &self,
        pc: &NoPseudoClass,
        _context: &mut MatchingContext<'_, Simple>,
    ) -> bool {
        match *pc {}
    }

    fn match_pseudo_element(
        &self,
        pe: &NoPseudoElement,
        _context: &mut MatchingContext<'_, Simple>,
    ) -> bool {
        match *pe {}
    }

    fn apply_selector_flags(&self, _flags: ElementSelectorFlags) {}

    fn is_link(&self) -> bool {
        // Only consulted for `:visited` handling and the hover quirk, neither
        // of which applies without state pseudo-classes.
        false
    }

    fn is_html_slot_element(&self) -> bool {
        false
    }

    fn has_id(&self, id: &CssIdent, case_sensitivity: CaseSensitivity) -> bool {
        self.attribute("id")
            .is_some_and(|value| case_sensitivity.eq(value.as_bytes(), id.0.as_bytes()))
    }

    fn has_class(&self, name: &CssIdent, case_sensitivity: CaseSensitivity) -> bool {
        self.attribute("class").is_some_and(|value| {
            value
                .split_ascii_whitespace()
                .any(|class| case_sensitivity.eq(class.as_bytes(), name.0.as_bytes()))
        })
    }

    fn has_custom_state(&self, _name: &CssIdent) -> bool {
        false
    }

    fn imported_part(&self, _name: &CssIdent) -> Option<CssIdent> {
        None
    }

    fn is_part(&self, _name: &CssIdent) -> bool {
        false
    }

    fn is_empty(&self) -> bool {
        let mut current = self.dom.first_child(self.node);
        while let Some(node) = current {
            match self.dom.kind(node) {
                NodeKind::Element => return false,
                NodeKind::Text if !self.dom.text(node).is_empty() => return false,
                _ => {}
            }
            current = self.dom.next_sibling(node);
        }
        true
    }

    fn is_root(&self) -> bool {
        self.dom
            .parent(self.node)
            .is_some_and(|parent| self.dom.kind(parent) == NodeKind::Document)
    }

    fn add_element_unique_hashes(&self, _filter: &mut BloomFilter) -> bool {
        false
    }
}

/// `s` in ASCII lowercase, borrowed when it already is.
fn ascii_lowercase(s: &str) -> Cow<'_, str> {
    if s.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(s.to_ascii_lowercase())
    } else {
        Cow::Borrowed(s)
    }
}
