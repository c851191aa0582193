//! The [`DomAdapter`] trait: how the core reads a parser's tree.

use std::borrow::Cow;
use std::fmt::Debug;

/// What a node is, as far as the splitter cares.
///
/// Anything that is not an element, a text node or the document itself is
/// reported as one of the other kinds and contributes nothing to the output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NodeKind {
    /// The root of the tree. Exactly one node, [`DomAdapter::document`], has this kind.
    Document,
    /// An element, with a name and attributes.
    Element,
    /// A text node (character data outside markup).
    Text,
    /// A comment.
    Comment,
    /// A `<!DOCTYPE>`.
    Doctype,
    /// A processing instruction, or any other node the backend wants ignored.
    Other,
}

/// Read access to one parsed HTML document, implemented by each parser backend
/// and called only by the splitter core.
///
/// A backend crate wraps its parser's tree in a type implementing this trait;
/// the core walks the tree through it exactly once per split to build the
/// canonical text, then asks for names, attributes and neighbours only while
/// matching CSS selectors. Nodes are named by an opaque [`Copy`] handle
/// ([`DomAdapter::Node`]): an index into an arena or a side table works, a
/// reference-counted pointer does not.
///
/// # What the core promises
///
/// - It only passes handles that this adapter returned.
/// - It calls [`element_name`](DomAdapter::element_name) and
///   [`attribute`](DomAdapter::attribute) only on nodes of kind
///   [`NodeKind::Element`], and [`text`](DomAdapter::text) only on nodes of
///   kind [`NodeKind::Text`].
/// - It never recurses on the call stack while walking the tree: a document
///   nested a million levels deep costs heap, not stack.
///
/// # What the adapter promises
///
/// - The tree is fixed: the same call returns the same answer for as long as
///   the adapter lives.
/// - [`text`](DomAdapter::text) returns the text as a browser would show it
///   in the DOM, with character references decoded.
/// - [`first_child`](DomAdapter::first_child),
///   [`next_sibling`](DomAdapter::next_sibling),
///   [`prev_sibling`](DomAdapter::prev_sibling) and
///   [`parent`](DomAdapter::parent) describe one consistent tree rooted at
///   [`document`](DomAdapter::document), with children in document order.
/// - [`index`](DomAdapter::index) is distinct for distinct nodes.
pub trait DomAdapter {
    /// An opaque, cheap handle to one node of this document.
    type Node: Copy + Eq + Debug;

    /// The document node, root of the tree.
    fn document(&self) -> Self::Node;

    /// The kind of `node`.
    fn kind(&self, node: Self::Node) -> NodeKind;

    /// The local name of an element, as the parser recorded it.
    ///
    /// The core compares names ASCII case-insensitively, so a backend that
    /// keeps the source's case need not lowercase it.
    fn element_name(&self, node: Self::Node) -> &str;

    /// The value of the attribute `name` (given in ASCII lowercase) of an
    /// element, with character references decoded; `None` when absent.
    ///
    /// Attribute names are matched ASCII case-insensitively.
    fn attribute(&self, node: Self::Node, name: &str) -> Option<Cow<'_, str>>;

    /// The values of several attributes of an element at once:
    /// `values[i]` becomes [`attribute`](DomAdapter::attribute)`(node,
    /// names[i])` (names in ASCII lowercase; `values` as long as `names`,
    /// extra slots untouched). A backend whose lookup reads the element's
    /// source (tl) reads it once here instead of once per name; the
    /// default asks for each name in turn.
    fn attributes<'s>(
        &'s self,
        node: Self::Node,
        names: &[&str],
        values: &mut [Option<Cow<'s, str>>],
    ) {
        for (name, value) in names.iter().zip(values.iter_mut()) {
            *value = self.attribute(node, name);
        }
    }

    /// The data of a text node, with character references decoded and
    /// whitespace exactly as authored.
    fn text(&self, node: Self::Node) -> Cow<'_, str>;

    /// The first child of `node`, if any.
    fn first_child(&self, node: Self::Node) -> Option<Self::Node>;

    /// The next sibling of `node`, if any.
    fn next_sibling(&self, node: Self::Node) -> Option<Self::Node>;

    /// The previous sibling of `node`, if any.
    fn prev_sibling(&self, node: Self::Node) -> Option<Self::Node>;

    /// The parent of `node`; `None` only for the document.
    fn parent(&self, node: Self::Node) -> Option<Self::Node>;

    /// A number identifying `node` within this document: distinct nodes have
    /// distinct indices. Used as a cache key while matching selectors.
    fn index(&self, node: Self::Node) -> usize;

    /// About how many nodes the document holds, for reserving room before
    /// a walk over it (an upper bound is fine); 0, the default, when the
    /// backend cannot tell at once.
    fn node_count_hint(&self) -> usize {
        0
    }

    /// The children of `node`, in document order.
    fn children(&self, node: Self::Node) -> Children<'_, Self>
    where
        Self: Sized,
    {
        Children {
            dom: self,
            next: self.first_child(node),
        }
    }
}

/// Iterator over the children of a node; see [`DomAdapter::children`].
#[derive(Debug)]
pub struct Children<'a, A: DomAdapter> {
    dom: &'a A,
    next: Option<A::Node>,
}

impl<A: DomAdapter> Iterator for Children<'_, A> {
    type Item = A::Node;

    fn next(&mut self) -> Option<A::Node> {
        let node = self.next?;
        self.next = self.dom.next_sibling(node);
        Some(node)
    }
}

impl<A: DomAdapter> Clone for Children<'_, A> {
    fn clone(&self) -> Self {
        Children {
            dom: self.dom,
            next: self.next,
        }
    }
}
