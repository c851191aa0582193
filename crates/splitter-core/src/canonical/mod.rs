//! Canonical text (SPEC §3): one string per document, built in one walk,
//! with the span of every unit; plain text (§3, §3.1) or Markdown (§3.2),
//! of the content that `include` and `exclude` select (§3.3).
//!
//! The walk decides what is content and where units, block boundaries and
//! words are; in Markdown it hands each element, boundary and word to the
//! writer in `markdown_writer`, which writes the markup into the walk
//! through the writer's `Sink` trait. What each element name is comes from
//! the one table in `elements`.
//!
//! This module holds what the walk produces and where it starts; the walk
//! is `walk`, and its side of the writer's `Sink` is `walk::sink`.

use std::ops::Range;

use crate::adapter::{DomAdapter, NodeKind};
use crate::config::{Links, Whitespace};
use crate::main_content::{MainContent, Rules};
use crate::markdown_writer::ContextRegion;
use crate::select::{MatchCaches, SelectorSet};

mod walk;

use walk::Builder;

/// A non-skipped element or a text node that is not whitespace-only, with the
/// byte range of the canonical text it produced.
///
/// Units are stored in document (pre-)order; a unit's descendants follow it
/// up to `subtree_end`, so its first child unit (if any) is the next unit and
/// each child's `subtree_end` is the index of its next sibling.
///
/// In Markdown, what is written before a unit's text (a separator, a list
/// marker, `> `, an opening fence) lies in the unit's range, and what is
/// written after the last text of a unit (a closing fence, a cell's ` |`,
/// the delimiter row) is added to the range of the units that end there: no
/// markup lies outside every unit (SPEC §3.2).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Unit<N> {
    pub(crate) node: N,
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) subtree_end: usize,
    pub(crate) is_element: bool,
}

/// How the canonical text is written.
#[derive(Debug)]
pub(crate) struct Options<'a> {
    pub(crate) whitespace: Whitespace,
    /// `Some` for Markdown, with how links are written.
    pub(crate) markdown: Option<Links>,
    pub(crate) include: &'a SelectorSet,
    pub(crate) exclude: &'a SelectorSet,
    /// `Some` for `content: "main"`, with the rules that find it.
    pub(crate) main: Option<Rules>,
    /// Whether to record the outline and the ids (SPEC §7).
    pub(crate) provenance: bool,
}

/// The canonical text of one document, its units, and what provenance needs
/// (SPEC §7): sectioning scopes, headings and elements with an `id`, with
/// their byte ranges, recorded during the same walk; and, in Markdown, the
/// regions in which a chunk carries context (SPEC §5.1).
#[derive(Debug)]
pub(crate) struct CanonicalText<N> {
    pub(crate) text: String,
    pub(crate) units: Vec<Unit<N>>,
    pub(crate) outline: Vec<OutlineMark>,
    /// Each heading's text: a byte range of [`CanonicalText::heading_source`],
    /// collapsed by [`crate::heading_texts::HeadingTexts`].
    pub(crate) heading_texts: Vec<Range<usize>>,
    /// In Markdown, the words written inside headings, one after another,
    /// without markup: what `heading_texts` index there (a heading's text is
    /// its words, not its Markdown). Empty in plain text.
    pub(crate) heading_words: String,
    /// Where each heading's unit starts, trimmed: a chunk starting there
    /// begins with the heading.
    pub(crate) heading_starts: Vec<usize>,
    pub(crate) ids: Vec<IdMark<N>>,
    /// Tables and code blocks, in document order.
    pub(crate) contexts: Vec<ContextRegion>,
    pub(crate) markdown: bool,
}

/// A sectioning element or a heading, in document order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OutlineMark {
    /// Where its text starts in the canonical text (bytes).
    pub(crate) start: usize,
    pub(crate) kind: OutlineKind,
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum OutlineKind {
    /// A sectioning element ending at byte `end`, inside the scope `parent`
    /// (an index into the outline; `None` is the document).
    Scope { end: usize, parent: Option<u32> },
    /// A heading of rank `rank` in the scope `scope` (as for `parent`), whose
    /// text is `heading_texts[text]`; `None` when it has no text.
    Heading {
        rank: u8,
        scope: Option<u32>,
        text: Option<u32>,
    },
}

/// An element with a non-empty `id` and its byte range; ancestors of the
/// content root span everything.
#[derive(Clone, Copy, Debug)]
pub(crate) struct IdMark<N> {
    pub(crate) node: N,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

impl<N> CanonicalText<N> {
    /// A canonical text of `text` with no units, marks or headings.
    #[cfg(test)]
    pub(crate) fn empty_for_tests(text: &str) -> Self {
        CanonicalText {
            text: text.to_owned(),
            units: Vec::new(),
            outline: Vec::new(),
            heading_texts: Vec::new(),
            heading_words: String::new(),
            heading_starts: Vec::new(),
            ids: Vec::new(),
            contexts: Vec::new(),
            markdown: false,
        }
    }
}

impl<N> CanonicalText<N> {
    /// The text that `heading_texts` index: the heading words in Markdown,
    /// the canonical text otherwise.
    pub(crate) fn heading_source(&self) -> &str {
        if self.markdown {
            &self.heading_words
        } else {
            &self.text
        }
    }
}

impl<N: Copy + Eq> CanonicalText<N> {
    /// Builds the canonical text of `dom` in one walk over the content roots.
    pub(crate) fn build<A: DomAdapter<Node = N>>(dom: &A, options: &Options<'_>) -> Self {
        let root = content_root(dom);
        // `include` matching the content root (`body`) or an element around
        // it includes everything (SPEC §3.3: it is the outermost match).
        let mut caches = MatchCaches::new();
        let included_root = included_ancestor(dom, root, options.include, &mut caches);
        let nothing = SelectorSet::default();
        let adjusted;
        let options = if included_root.is_some() {
            adjusted = Options {
                include: &nothing,
                ..*options
            };
            &adjusted
        } else {
            options
        };
        let main = options.main.map(|rules| {
            MainContent::find(
                dom,
                root,
                options.include,
                options.exclude,
                rules,
                included_root.is_some(),
            )
        });
        let selecting = match &main {
            Some(main) => !main.whole_root(),
            None => !options.include.is_empty(),
        };
        let ids = if options.provenance && !selecting {
            ancestor_ids(dom, root, included_root)
        } else {
            Vec::new()
        };
        let mut builder = Builder::new(dom, options, caches, main, selecting, ids);
        builder.walk(root);
        builder.finish()
    }

    /// The top-level units, in document order.
    pub(crate) fn roots(&self) -> Siblings<'_, N> {
        Siblings {
            units: &self.units,
            next: 0,
            end: self.units.len(),
        }
    }

    /// The units from `first` to `last`, siblings in document order.
    pub(crate) fn siblings(&self, first: usize, last: usize) -> Siblings<'_, N> {
        Siblings {
            units: &self.units,
            next: first,
            end: self.units[last].subtree_end,
        }
    }

    /// The child units of unit `index`, in document order.
    pub(crate) fn children(&self, index: usize) -> Siblings<'_, N> {
        Siblings {
            units: &self.units,
            next: index + 1,
            end: self.units[index].subtree_end,
        }
    }
}

/// Iterator over sibling units (indices into the unit table).
#[derive(Debug, Clone)]
pub(crate) struct Siblings<'a, N> {
    units: &'a [Unit<N>],
    next: usize,
    end: usize,
}

impl<N> Iterator for Siblings<'_, N> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.next >= self.end {
            return None;
        }
        let index = self.next;
        self.next = self.units[index].subtree_end;
        Some(index)
    }
}

/// The node whose children are the roots: `<body>` when the document has one
/// (as a child of the document or of its `<html>`), else the document.
fn content_root<A: DomAdapter>(dom: &A) -> A::Node {
    let document = dom.document();
    let is_element_named = |node: A::Node, name: &str| {
        dom.kind(node) == NodeKind::Element && dom.element_name(node).eq_ignore_ascii_case(name)
    };
    for child in dom.children(document) {
        if is_element_named(child, "body") {
            return child;
        }
        if is_element_named(child, "html")
            && let Some(body) = dom.children(child).find(|&n| is_element_named(n, "body"))
        {
            return body;
        }
    }
    document
}

/// The outermost element among the content root and its ancestors that
/// matches `include`, if any.
fn included_ancestor<A: DomAdapter>(
    dom: &A,
    root: A::Node,
    include: &SelectorSet,
    caches: &mut MatchCaches,
) -> Option<A::Node> {
    if include.is_empty() {
        return None;
    }
    let mut outermost = None;
    let mut node = Some(root);
    while let Some(current) = node {
        if include.matches(dom, current, caches) {
            outermost = Some(current);
        }
        node = dom.parent(current);
    }
    outermost
}

/// The elements with an `id` that enclose the content root, outermost
/// first, up to `top` when given: they contain every character.
fn ancestor_ids<A: DomAdapter>(
    dom: &A,
    root: A::Node,
    top: Option<A::Node>,
) -> Vec<IdMark<A::Node>> {
    let mut ids = Vec::new();
    let mut node = Some(root);
    while let Some(current) = node {
        if dom.kind(current) == NodeKind::Element && has_id(dom, current) {
            ids.push(IdMark {
                node: current,
                start: 0,
                end: usize::MAX,
            });
        }
        if Some(current) == top {
            break;
        }
        node = dom.parent(current);
    }
    ids.reverse();
    ids
}

fn has_id<A: DomAdapter>(dom: &A, node: A::Node) -> bool {
    dom.attribute(node, "id").is_some_and(|id| !id.is_empty())
}
