//! The test kit of the HTML text splitter's workspace: shared by the
//! backends' tests, the conformance tests and the benchmarks. Not
//! published (`publish = false`): nothing here is part of any crate's API.
//!
//! - [`ArenaDom`]: a [`DomAdapter`] tree built by hand, to drive the core
//!   without a parser.
//! - [`assert_consistent`]: checks every structural promise of
//!   [`DomAdapter`] over a whole tree; [`assert_attributes`] checks a
//!   node's attributes against a table.
//! - [`on_small_stack`]: runs a test where recursion over a deep tree
//!   overflows instead of passing by luck on a big main stack.
//! - [`nested`], [`misnested`] and [`max_depth`]: deep documents and their
//!   measure; [`MISNESTED_PATTERNS`] and [`GARBAGE`], inputs every backend
//!   must get through.
//! - [`protected_spans`]: where the `neverBreakWithin` elements lie in the
//!   canonical text, to check SPEC §6.4 by span.
//!
//! What needs the core's internals (the canonical walk, selector matching,
//! estimates on small documents) stays in `splitter-core` behind its
//! feature `testing`, which this crate turns on; this crate holds the rest.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::ops::Range;

use splitter_core::{DomAdapter, NodeKind, Splitter};

mod arena;
mod small_stack;

pub use arena::ArenaDom;
pub use small_stack::{SMALL_STACK, on_small_stack};

/// The byte spans, in the canonical text [`Splitter::split`] gives for
/// `dom`, of the outermost elements that match the splitter's
/// `neverBreakWithin` selectors (those with no matching ancestor), in
/// document order, trimmed of surrounding whitespace; elements without
/// text are left out. SPEC §6.4 says that each one whose text fits the cap
/// lies inside one chunk.
pub fn protected_spans<S, A: DomAdapter>(splitter: &Splitter<S>, dom: &A) -> Vec<Range<usize>> {
    splitter.protected_spans(dom)
}

/// Checks every structural promise of [`DomAdapter`] over the whole tree,
/// without recursion, and returns the number of nodes reached.
///
/// The document is the root (no parent, no siblings) and the only
/// document node; every child names its parent; `prev_sibling` and
/// `next_sibling` are inverse; a first child has no previous sibling and a
/// last child no next one; every node is reached once, and indices are
/// distinct; a node count hint, when given, is not below the nodes reached.
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
    let hint = dom.node_count_hint();
    assert!(
        hint == 0 || hint >= indices.len(),
        "node_count_hint {hint} is below the {} nodes reached",
        indices.len()
    );
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
    // Looked up all at once, twice over (a name asked twice gets the same
    // value), the slots filled before: the same values.
    let names: Vec<&str> = expected
        .iter()
        .chain(expected)
        .map(|&(name, _)| name)
        .collect();
    let mut values = vec![Some(std::borrow::Cow::Borrowed("stale")); names.len()];
    dom.attributes(node, &names, &mut values);
    for ((name, value), &(_, expected)) in names
        .iter()
        .zip(&values)
        .zip(expected.iter().chain(expected))
    {
        assert_eq!(
            value.as_deref(),
            expected,
            "attribute {name}, looked up with others"
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

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

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
