//! Test kit shared by the core's tests and every backend's (feature
//! `testing`, off by default; not part of the stable API).
//!
//! - [`ArenaDom`]: a [`DomAdapter`] tree built by hand, to drive the core
//!   without a parser.
//! - [`assert_consistent`]: checks every structural promise of
//!   [`DomAdapter`] over a whole tree; [`assert_attributes`] checks a
//!   node's attributes against a table.
//! - [`on_small_stack`]: runs a test where recursion over a deep tree
//!   overflows instead of passing by luck on a big main stack.
//! - [`nested`], [`misnested`] and [`max_depth`]: deep documents and their
//!   measure.
//! - [`protected_spans`]: where the `neverBreakWithin` elements lie in the
//!   canonical text, to check SPEC §6.4 by span.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt::Write as _;
use std::ops::Range;

use crate::canonical::CanonicalText;
use crate::select::MatchCaches;
use crate::{DomAdapter, NodeKind, Splitter};

/// The byte spans, in the canonical text [`Splitter::split`] gives for
/// `dom`, of the outermost elements that match the splitter's
/// `neverBreakWithin` selectors (those with no matching ancestor), in
/// document order, trimmed of surrounding whitespace; elements without
/// text are left out. SPEC §6.4 says that each one whose text fits the cap
/// lies inside one chunk.
pub fn protected_spans<S, A: DomAdapter>(splitter: &Splitter<S>, dom: &A) -> Vec<Range<usize>> {
    let canonical = CanonicalText::build(dom, &splitter.canonical_options(false));
    let mut caches = MatchCaches::new();
    let mut spans = Vec::new();
    let mut index = 0;
    while let Some(unit) = canonical.units.get(index) {
        if unit.is_element && splitter.protected.matches(dom, unit.node, &mut caches) {
            let text = &canonical.text[unit.start..unit.end];
            let start = unit.start + (text.len() - text.trim_start().len());
            let end = unit.start + text.trim_end().len();
            if start < end {
                spans.push(start..end);
            }
            index = unit.subtree_end;
        } else {
            index += 1;
        }
    }
    spans
}

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

/// Checks every structural promise of [`DomAdapter`] over the whole tree,
/// without recursion, and returns the number of nodes reached.
///
/// The document is the root (no parent, no siblings) and the only
/// document node; every child names its parent; `prev_sibling` and
/// `next_sibling` are inverse; a first child has no previous sibling and a
/// last child no next one; every node is reached once, and indices are
/// distinct.
///
/// # Panics
///
/// On the first broken promise, naming it.
pub fn assert_consistent<D: DomAdapter>(dom: &D) -> usize {
    let root = dom.document();
    assert_eq!(dom.kind(root), NodeKind::Document, "the root's kind");
    assert_eq!(dom.parent(root), None, "the document has no parent");
    assert_eq!(dom.next_sibling(root), None, "the document has no sibling");
    assert_eq!(dom.prev_sibling(root), None, "the document has no sibling");
    let mut indices = HashSet::new();
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        assert!(
            indices.insert(dom.index(node)),
            "{node:?}: index {} reused (or node reached twice)",
            dom.index(node)
        );
        let mut prev = None;
        let mut child = dom.first_child(node);
        while let Some(current) = child {
            assert_eq!(dom.parent(current), Some(node), "{current:?}: parent");
            assert_eq!(
                dom.prev_sibling(current),
                prev,
                "{current:?}: previous sibling"
            );
            assert_ne!(
                dom.kind(current),
                NodeKind::Document,
                "{current:?}: a document below the root"
            );
            stack.push(current);
            prev = Some(current);
            child = dom.next_sibling(current);
        }
    }
    indices.len()
}

/// Checks `node`'s attributes: each `(name, value)` of `expected`, where
/// `None` means the attribute is absent.
///
/// # Panics
///
/// At the first attribute that differs, naming it.
#[track_caller]
pub fn assert_attributes<D: DomAdapter>(dom: &D, node: D::Node, expected: &[(&str, Option<&str>)]) {
    for &(name, value) in expected {
        assert_eq!(
            dom.attribute(node, name).as_deref(),
            value,
            "attribute {name}"
        );
    }
}

/// Attributes every backend must read as the HTML standard says, to put
/// in an element's start tag: names match in any case, a legacy character
/// reference followed by a letter stays as written in a value, an attribute
/// without a value is empty. [`COMMON_ATTRIBUTE_VALUES`] is what they read.
pub const COMMON_ATTRIBUTES: &str = "CLASS=\"k l\" data-X='Y' title=\"&notit;\" hidden";

/// The values of [`COMMON_ATTRIBUTES`], for [`assert_attributes`].
pub const COMMON_ATTRIBUTE_VALUES: &[(&str, Option<&str>)] = &[
    ("class", Some("k l")),
    ("data-x", Some("Y")),
    ("title", Some("&notit;")),
    ("hidden", Some("")),
];

/// The depth of the deepest node (the document is at depth 0), by a walk
/// with an explicit stack.
pub fn max_depth<D: DomAdapter>(dom: &D) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(dom.document(), 0)];
    while let Some((node, depth)) = stack.pop() {
        deepest = deepest.max(depth);
        stack.extend(dom.children(node).map(|child| (child, depth + 1)));
    }
    deepest
}

/// `depth` nested elements, named in turn from `names`, each opened and
/// followed by a word (`w0 `, `w1 `, …), then all closed: the HTML and the
/// words in document order.
pub fn nested(depth: usize, names: &[&str]) -> (String, Vec<String>) {
    let mut html = String::new();
    let mut words = Vec::with_capacity(depth);
    for level in 0..depth {
        let word = format!("w{level}");
        let _ = write!(html, "<{}>{word} ", names[level % names.len()]);
        words.push(word);
    }
    for level in (0..depth).rev() {
        let _ = write!(html, "</{}>", names[level % names.len()]);
    }
    (html, words)
}

/// `prefix`, then `count` copies of `pattern` with each `{}` in it
/// replaced by a fresh word (`w0`, `w1`, …) and a `<div>` opened after
/// every seventh copy: misnested markup around a depth cap. Returns the
/// HTML and the words in document order.
pub fn misnested(prefix: &str, pattern: &str, count: usize) -> (String, Vec<String>) {
    let mut html = prefix.to_owned();
    let mut words = Vec::new();
    for copy in 0..count {
        let mut rest = pattern;
        while let Some((head, tail)) = rest.split_once("{}") {
            let word = format!("w{}", words.len());
            let _ = write!(html, "{head}{word}");
            words.push(word);
            rest = tail;
        }
        html.push_str(rest);
        if copy % 7 == 0 {
            html.push_str("<div>");
        }
    }
    (html, words)
}

/// Patterns for [`misnested`] that every capped backend must get through
/// with every word: end tags that close more, less or other than they open.
pub const MISNESTED_PATTERNS: &[&str] = &[
    "<b>{} <i>{} </b>{} </i>",
    "<div><span>{} </div>{} </span>",
    "<p>{} <div>{} </p>{} </div>",
    "<a>{} <p>{} <a>{} </p>",
    "<table><td>{} <div>{} </table>{} ",
    "<li>{} <ul><li>{} </ul>",
    "</div>{} <div><div>{} ",
];

/// Malformed inputs every backend must parse into a consistent tree
/// without panicking: stray brackets and ampersands, character references
/// out of range, end tags with nothing to close, NULs, unfinished markup,
/// HTML in foreign content.
pub const GARBAGE: &[&str] = &[
    "",
    "<<<>>>&&&#xFFFFFFFF;</a></b>",
    "&#0;&#xD800;&#1114112;&#99999999999999999999;",
    "</p></p><p><table><td><caption>x",
    "<\0>\0&\0",
    "<!--",
    "<!DOCTYPE",
    "<svg><foreignObject><p>x</svg>y",
];

/// The stack size [`on_small_stack`] gives its thread: 1 MiB.
pub const SMALL_STACK: usize = 1 << 20;

/// Runs `test` on a thread with a [`SMALL_STACK`], so that recursion
/// proportional to a tree's depth overflows here rather than pass by luck
/// on a big main stack.
///
/// # Panics
///
/// When `test` panics (its message is passed on) or the thread cannot be
/// spawned. A stack overflow aborts the test process.
pub fn on_small_stack(test: impl FnOnce() + Send + 'static) {
    let result = std::thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(test)
        .expect("spawn a test thread")
        .join();
    if let Err(payload) = result {
        std::panic::resume_unwind(payload);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn misnested_numbers_every_word_and_opens_a_div_every_seventh_copy() {
        let (html, words) = misnested("<p>", "<b>{} </b>{} ", 8);
        assert_eq!(words.len(), 16);
        assert_eq!(words.first().map(String::as_str), Some("w0"));
        assert_eq!(words.last().map(String::as_str), Some("w15"));
        assert!(html.starts_with("<p><b>w0 </b>w1 <div><b>w2 </b>w3 <b>"));
        assert_eq!(html.matches("<div>").count(), 2);
    }

    #[test]
    fn assert_attributes_passes_on_a_match_and_fails_on_a_difference() {
        let mut dom = ArenaDom::new();
        let a = dom.element(ArenaDom::DOCUMENT, "a");
        dom.set_attribute(a, "href", "/x");
        assert_attributes(&dom, a, &[("href", Some("/x")), ("id", None)]);
        let wrong = std::panic::catch_unwind(|| {
            assert_attributes(&dom, a, &[("href", Some("/y"))]);
        });
        assert!(wrong.is_err());
    }

    #[test]
    fn a_consistent_tree_counts_its_nodes() {
        let mut dom = ArenaDom::new();
        let div = dom.element(ArenaDom::DOCUMENT, "div");
        dom.add_text(div, "a");
        dom.element(div, "br");
        assert_eq!(assert_consistent(&dom), 4);
    }

    /// An adapter whose `prev_sibling` lies: the checker must catch it.
    struct Broken(ArenaDom);

    impl DomAdapter for Broken {
        type Node = usize;
        fn document(&self) -> usize {
            self.0.document()
        }
        fn kind(&self, node: usize) -> NodeKind {
            self.0.kind(node)
        }
        fn element_name(&self, node: usize) -> &str {
            self.0.element_name(node)
        }
        fn attribute(&self, node: usize, name: &str) -> Option<Cow<'_, str>> {
            self.0.attribute(node, name)
        }
        fn text(&self, node: usize) -> Cow<'_, str> {
            self.0.text(node)
        }
        fn first_child(&self, node: usize) -> Option<usize> {
            self.0.first_child(node)
        }
        fn next_sibling(&self, node: usize) -> Option<usize> {
            self.0.next_sibling(node)
        }
        fn prev_sibling(&self, _: usize) -> Option<usize> {
            None
        }
        fn parent(&self, node: usize) -> Option<usize> {
            self.0.parent(node)
        }
        fn index(&self, node: usize) -> usize {
            self.0.index(node)
        }
    }

    #[test]
    #[should_panic(expected = "previous sibling")]
    fn a_broken_sibling_link_is_caught() {
        let mut dom = ArenaDom::new();
        dom.element(ArenaDom::DOCUMENT, "p");
        dom.element(ArenaDom::DOCUMENT, "p");
        assert_consistent(&Broken(dom));
    }

    #[test]
    fn nested_documents_and_their_depth() {
        let (html, words) = nested(3, &["div", "span"]);
        assert_eq!(html, "<div>w0 <span>w1 <div>w2 </div></span></div>");
        assert_eq!(words, ["w0", "w1", "w2"]);
        let mut dom = ArenaDom::new();
        let mut parent = ArenaDom::DOCUMENT;
        for _ in 0..5 {
            parent = dom.element(parent, "div");
        }
        assert_eq!(max_depth(&dom), 5);
    }

    #[test]
    #[should_panic(expected = "inside the thread")]
    fn a_panic_on_the_small_stack_reaches_the_test() {
        on_small_stack(|| panic!("inside the thread"));
    }
}
