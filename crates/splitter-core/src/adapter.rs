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

    /// The nodes below `node`, in document order (pre-order): every
    /// element, text node and comment of its subtree, `node` itself left
    /// out. A walk can pass over the subtree of the element it last gave
    /// ([`Descendants::skip_subtree`]).
    ///
    /// Iterative: the walk keeps one entry per open element on the heap, so
    /// a document nested a million levels deep costs no stack.
    fn descendants(&self, node: Self::Node) -> Descendants<'_, Self>
    where
        Self: Sized,
    {
        Descendants {
            dom: self,
            open: vec![self.first_child(node)],
            entered: None,
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

/// The elements whose content is never text a reader sees: the walks that
/// read the text under a node pass over their subtrees.
pub(crate) const UNRENDERED: [&str; 3] = ["script", "style", "template"];

/// Whether `node` is one of the [`UNRENDERED`] elements (names compared
/// ASCII case-insensitively).
pub(crate) fn is_unrendered<A: DomAdapter>(dom: &A, node: A::Node) -> bool {
    dom.kind(node) == NodeKind::Element && {
        let name = dom.element_name(node);
        UNRENDERED
            .iter()
            .any(|unrendered| name.eq_ignore_ascii_case(unrendered))
    }
}

/// Pre-order iterator over the nodes below a node; see
/// [`DomAdapter::descendants`].
///
/// After an element is given, the next call goes down into its children
/// unless [`skip_subtree`](Descendants::skip_subtree) is called first.
/// Only elements are gone into: the children of other nodes are never
/// asked for.
///
/// ```
/// # use splitter_core::{DomAdapter, NodeKind};
/// # fn visible_text<A: DomAdapter>(dom: &A, node: A::Node) -> String {
/// let mut text = String::new();
/// let mut walk = dom.descendants(node);
/// while let Some(current) = walk.next() {
///     match dom.kind(current) {
///         NodeKind::Text => text.push_str(&dom.text(current)),
///         // Neither scripts nor a figure's caption are read.
///         NodeKind::Element
///             if matches!(dom.element_name(current), "script" | "figcaption") =>
///         {
///             walk.skip_subtree();
///         }
///         _ => {}
///     }
/// }
/// # text
/// # }
/// ```
#[derive(Debug)]
pub struct Descendants<'a, A: DomAdapter> {
    dom: &'a A,
    /// Per open element (the starting node first): its next child to give.
    open: Vec<Option<A::Node>>,
    /// The element last given, whose children come next unless skipped.
    entered: Option<A::Node>,
}

impl<A: DomAdapter> Descendants<'_, A> {
    /// Passes over the subtree of the element last given: the next node
    /// is its next sibling, or what follows its parent. Does nothing when
    /// the node last given is not an element.
    pub fn skip_subtree(&mut self) {
        self.entered = None;
    }

    /// How deep the node last given is below the starting node: 1 for its
    /// children, 2 for theirs.
    pub fn depth(&self) -> usize {
        self.open.len()
    }
}

impl<A: DomAdapter> Iterator for Descendants<'_, A> {
    type Item = A::Node;

    fn next(&mut self) -> Option<A::Node> {
        if let Some(element) = self.entered.take() {
            self.open.push(self.dom.first_child(element));
        }
        loop {
            let next = self.open.last_mut()?;
            let Some(node) = *next else {
                self.open.pop();
                continue;
            };
            *next = self.dom.next_sibling(node);
            if self.dom.kind(node) == NodeKind::Element {
                self.entered = Some(node);
            }
            return Some(node);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{ArenaDom, on_small_stack, tree};

    /// A node as the tests name it: an element's name, or a text's data.
    fn label(dom: &ArenaDom, node: usize) -> String {
        match dom.kind(node) {
            NodeKind::Element => dom.element_name(node).to_owned(),
            NodeKind::Text => format!("'{}'", dom.text(node)),
            _ => "?".to_owned(),
        }
    }

    /// The nodes below `node` in pre-order, each with its depth, by
    /// recursion: what the walk must give.
    fn by_recursion(dom: &ArenaDom, node: usize, depth: usize, out: &mut Vec<(String, usize)>) {
        for child in dom.children(node) {
            out.push((label(dom, child), depth));
            by_recursion(dom, child, depth + 1, out);
        }
    }

    #[test]
    fn descendants_are_given_in_document_order_with_their_depth() {
        let dom = tree("<div>a<p>b<i>c</i></p><ul><li>d</li><li></li></ul>e</div><hr>f");
        let mut expected = Vec::new();
        by_recursion(&dom, ArenaDom::DOCUMENT, 1, &mut expected);
        let mut walk = dom.descendants(ArenaDom::DOCUMENT);
        let mut given = Vec::new();
        while let Some(node) = walk.next() {
            given.push((label(&dom, node), walk.depth()));
        }
        assert_eq!(given, expected);
        assert_eq!(given.len(), 13);
        // The starting node is left out; a node without children gives none.
        let p = dom.descendants(ArenaDom::DOCUMENT).nth(2).expect("the p");
        let below_p: Vec<_> = dom.descendants(p).map(|n| label(&dom, n)).collect();
        assert_eq!(below_p, ["'b'", "i", "'c'"]);
        let hr = dom.descendants(ArenaDom::DOCUMENT).nth(11).expect("the hr");
        assert_eq!(dom.descendants(hr).count(), 0);
    }

    #[test]
    fn a_skipped_subtree_is_passed_over_and_the_walk_goes_on_after_it() {
        let dom = tree("<div>a<script>x<b>y</b></script>b</div><script>z</script>c");
        let mut walk = dom.descendants(ArenaDom::DOCUMENT);
        let mut given = Vec::new();
        while let Some(node) = walk.next() {
            if is_unrendered(&dom, node) {
                walk.skip_subtree();
            }
            given.push(label(&dom, node));
        }
        assert_eq!(given, ["div", "'a'", "script", "'b'", "script", "'c'"]);
        // Skipping after a text node changes nothing.
        let mut walk = dom.descendants(ArenaDom::DOCUMENT);
        let mut count = 0;
        while let Some(node) = walk.next() {
            if dom.kind(node) == NodeKind::Text {
                walk.skip_subtree();
            }
            count += 1;
        }
        assert_eq!(count, 10);
    }

    #[test]
    fn unrendered_names_are_matched_in_any_case() {
        let dom =
            tree("<SCRIPT></SCRIPT><Style></Style><template></template><noscript></noscript>");
        let unrendered: Vec<_> = dom
            .children(ArenaDom::DOCUMENT)
            .map(|node| is_unrendered(&dom, node))
            .collect();
        assert_eq!(unrendered, [true, true, true, false]);
    }

    #[test]
    fn a_million_levels_cost_no_stack() {
        on_small_stack(|| {
            let mut dom = ArenaDom::new();
            let mut parent = ArenaDom::DOCUMENT;
            for _ in 0..1_000_000 {
                parent = dom.element(parent, "div");
            }
            dom.add_text(parent, "deep");
            let mut walk = dom.descendants(ArenaDom::DOCUMENT);
            let mut deepest = 0;
            let mut count = 0;
            while walk.next().is_some() {
                deepest = deepest.max(walk.depth());
                count += 1;
            }
            assert_eq!((count, deepest), (1_000_001, 1_000_001));
        });
    }
}
