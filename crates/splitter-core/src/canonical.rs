//! Canonical text (SPEC §3): one string per document, built in one walk,
//! with the span of every unit.

use crate::adapter::{DomAdapter, NodeKind};

/// How an element takes part in the canonical text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ElementClass {
    /// Contributes nothing and is never a unit (`script`, `style`, …).
    Skipped,
    /// Separated from its neighbours by a line break.
    Block,
    /// Adds nothing of its own.
    Inline,
}

fn classify(name: &str) -> ElementClass {
    // The longest name of interest is "emu-example"/"emu-grammar"/"blockquote"
    // (11 bytes); anything longer is inline. Lowercase into a stack buffer so
    // backends that keep source case (tl) cost no allocation.
    const MAX: usize = 12;
    if name.len() > MAX {
        return ElementClass::Inline;
    }
    let mut buf = [0u8; MAX];
    let buf = &mut buf[..name.len()];
    buf.copy_from_slice(name.as_bytes());
    buf.make_ascii_lowercase();
    match &*buf {
        b"script" | b"style" | b"template" | b"noscript" => ElementClass::Skipped,
        b"address" | b"article" | b"aside" | b"blockquote" | b"br" | b"caption" | b"center"
        | b"dd" | b"details" | b"dialog" | b"div" | b"dl" | b"dt" | b"fieldset" | b"figcaption"
        | b"figure" | b"footer" | b"form" | b"h1" | b"h2" | b"h3" | b"h4" | b"h5" | b"h6"
        | b"header" | b"hgroup" | b"hr" | b"legend" | b"li" | b"main" | b"menu" | b"nav"
        | b"ol" | b"p" | b"pre" | b"search" | b"section" | b"summary" | b"table" | b"tbody"
        | b"td" | b"tfoot" | b"th" | b"thead" | b"tr" | b"ul" | b"emu-alg" | b"emu-annex"
        | b"emu-clause" | b"emu-example" | b"emu-figure" | b"emu-grammar" | b"emu-intro"
        | b"emu-note" | b"emu-table" => ElementClass::Block,
        _ => ElementClass::Inline,
    }
}

fn is_whitespace_only(text: &str) -> bool {
    text.chars().all(char::is_whitespace)
}

/// A non-skipped element or a text node that is not whitespace-only, with the
/// byte range of the canonical text it produced.
///
/// Units are stored in document (pre-)order; a unit's descendants follow it
/// up to `subtree_end`, so its first child unit (if any) is the next unit and
/// each child's `subtree_end` is the index of its next sibling.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Unit<N> {
    pub(crate) node: N,
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) subtree_end: usize,
    pub(crate) is_element: bool,
}

/// The canonical text of one document and its units.
#[derive(Debug)]
pub(crate) struct CanonicalText<N> {
    pub(crate) text: String,
    pub(crate) units: Vec<Unit<N>>,
}

impl<N: Copy> CanonicalText<N> {
    /// Builds the canonical text of `dom` in one walk over the content roots.
    pub(crate) fn build<A: DomAdapter<Node = N>>(dom: &A) -> Self {
        let mut builder = Builder {
            text: String::new(),
            units: Vec::new(),
            pending_break: false,
            pending_space: String::new(),
        };
        builder.walk(dom, content_root(dom));
        CanonicalText {
            text: builder.text,
            units: builder.units,
        }
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

struct Builder<N> {
    text: String,
    units: Vec<Unit<N>>,
    /// A block boundary was passed since the last text; it becomes one `"\n"`
    /// if more text follows.
    pending_break: bool,
    /// Whitespace-only text seen after inline content: kept only if more
    /// inline content follows before any block boundary.
    pending_space: String,
}

/// An element whose children are being walked.
struct OpenElement<N> {
    unit: usize,
    block: bool,
    next_child: Option<N>,
}

impl<N: Copy> Builder<N> {
    fn walk<A: DomAdapter<Node = N>>(&mut self, dom: &A, root: N) {
        // The root's children are walked like an element's, without a unit.
        let mut stack: Vec<OpenElement<N>> = Vec::new();
        let mut root_next = dom.first_child(root);
        loop {
            let next = match stack.last_mut() {
                Some(open) => &mut open.next_child,
                None => &mut root_next,
            };
            let Some(node) = *next else {
                match stack.pop() {
                    Some(open) => self.close(open),
                    None => break,
                }
                continue;
            };
            *next = dom.next_sibling(node);
            match dom.kind(node) {
                NodeKind::Text => self.text_node(node, &dom.text(node)),
                NodeKind::Element => {
                    let class = classify(dom.element_name(node));
                    if class == ElementClass::Skipped {
                        continue;
                    }
                    let block = class == ElementClass::Block;
                    if block {
                        self.block_boundary();
                    }
                    self.units.push(Unit {
                        node,
                        start: self.text.len(),
                        end: self.text.len(),
                        subtree_end: self.units.len() + 1,
                        is_element: true,
                    });
                    stack.push(OpenElement {
                        unit: self.units.len() - 1,
                        block,
                        next_child: dom.first_child(node),
                    });
                }
                NodeKind::Document | NodeKind::Comment | NodeKind::Doctype | NodeKind::Other => {}
            }
        }
    }

    fn close(&mut self, open: OpenElement<N>) {
        if open.block {
            self.block_boundary();
        }
        let end = self.text.len();
        let subtree_end = self.units.len();
        let unit = &mut self.units[open.unit];
        unit.end = end;
        unit.subtree_end = subtree_end;
    }

    fn block_boundary(&mut self) {
        self.pending_break = true;
        self.pending_space.clear();
    }

    fn text_node(&mut self, node: N, data: &str) {
        if is_whitespace_only(data) {
            // Whitespace after a block boundary (or at the very start) is
            // never between inline content.
            if !self.pending_break && !self.text.is_empty() {
                self.pending_space.push_str(data);
            }
            return;
        }
        let start = self.text.len();
        if self.pending_break && !self.text.is_empty() {
            self.text.push('\n');
        }
        self.pending_break = false;
        self.text.push_str(&self.pending_space);
        self.pending_space.clear();
        self.text.push_str(data);
        self.units.push(Unit {
            node,
            start,
            end: self.text.len(),
            subtree_end: self.units.len() + 1,
            is_element: false,
        });
    }
}
