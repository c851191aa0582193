//! Canonical text (SPEC §3): one string per document, built in one walk,
//! with the span of every unit.

use crate::adapter::{DomAdapter, NodeKind};
use crate::config::Whitespace;

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

/// What else an element means to the canonical text and its provenance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    Plain,
    /// `h1`–`h6`, with its rank (1 is highest).
    Heading(u8),
    /// A sectioning element: a scope of headings (SPEC §7).
    Sectioning,
    /// Its text stays as authored in normalize mode (SPEC §3.1).
    Preformatted,
}

fn classify(name: &str) -> (ElementClass, Role) {
    // The longest name of interest is "emu-example"/"emu-grammar"/"blockquote"
    // (11 bytes); anything longer is inline. Lowercase into a stack buffer so
    // backends that keep source case (tl) cost no allocation.
    const MAX: usize = 12;
    if name.len() > MAX {
        return (ElementClass::Inline, Role::Plain);
    }
    let mut buf = [0u8; MAX];
    let buf = &mut buf[..name.len()];
    buf.copy_from_slice(name.as_bytes());
    buf.make_ascii_lowercase();
    let block = (ElementClass::Block, Role::Plain);
    match &*buf {
        b"script" | b"style" | b"template" | b"noscript" => (ElementClass::Skipped, Role::Plain),
        [b'h', rank @ b'1'..=b'6'] => (ElementClass::Block, Role::Heading(rank - b'0')),
        b"article" | b"aside" | b"nav" | b"section" | b"emu-annex" | b"emu-clause"
        | b"emu-intro" => (ElementClass::Block, Role::Sectioning),
        b"pre" => (ElementClass::Block, Role::Preformatted),
        b"textarea" | b"listing" | b"plaintext" => (ElementClass::Inline, Role::Preformatted),
        b"address" | b"blockquote" | b"br" | b"caption" | b"center" | b"dd" | b"details"
        | b"dialog" | b"div" | b"dl" | b"dt" | b"fieldset" | b"figcaption" | b"figure"
        | b"footer" | b"form" | b"header" | b"hgroup" | b"hr" | b"legend" | b"li" | b"main"
        | b"menu" | b"ol" | b"p" | b"search" | b"summary" | b"table" | b"tbody" | b"td"
        | b"tfoot" | b"th" | b"thead" | b"tr" | b"ul" | b"emu-alg" | b"emu-example"
        | b"emu-figure" | b"emu-grammar" | b"emu-note" | b"emu-table" => block,
        _ => (ElementClass::Inline, Role::Plain),
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

/// The canonical text of one document, its units, and what provenance needs
/// (SPEC §7): sectioning scopes, headings and elements with an `id`, with
/// their byte ranges, recorded during the same walk.
#[derive(Debug)]
pub(crate) struct CanonicalText<N> {
    pub(crate) text: String,
    pub(crate) units: Vec<Unit<N>>,
    pub(crate) outline: Vec<OutlineMark>,
    pub(crate) heading_texts: Vec<String>,
    pub(crate) ids: Vec<IdMark<N>>,
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
    /// collapsed text is `heading_texts[text]`; `None` when it has no text.
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

impl<N: Copy> CanonicalText<N> {
    /// Builds the canonical text of `dom` in one walk over the content roots,
    /// recording what provenance needs when `provenance` is set.
    pub(crate) fn build<A: DomAdapter<Node = N>>(
        dom: &A,
        whitespace: Whitespace,
        provenance: bool,
    ) -> Self {
        let root = content_root(dom);
        let mut builder = Builder {
            text: String::new(),
            units: Vec::new(),
            pending_break: false,
            pending_space: String::new(),
            normalize: whitespace == Whitespace::Normalize,
            preformatted: 0,
            outline: Vec::new(),
            heading_texts: Vec::new(),
            ids: if provenance {
                ancestor_ids(dom, root)
            } else {
                Vec::new()
            },
            scope: None,
            provenance,
        };
        builder.walk(dom, root);
        CanonicalText {
            text: builder.text,
            units: builder.units,
            outline: builder.outline,
            heading_texts: builder.heading_texts,
            ids: builder.ids,
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

/// The elements with an `id` that enclose the content root, outermost first:
/// they contain every character.
fn ancestor_ids<A: DomAdapter>(dom: &A, root: A::Node) -> Vec<IdMark<A::Node>> {
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
        node = dom.parent(current);
    }
    ids.reverse();
    ids
}

fn has_id<A: DomAdapter>(dom: &A, node: A::Node) -> bool {
    dom.attribute(node, "id").is_some_and(|id| !id.is_empty())
}

/// `text` trimmed, with every run of whitespace made one space.
pub(crate) fn collapse_whitespace(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

struct Builder<N> {
    text: String,
    units: Vec<Unit<N>>,
    /// SPEC §3.1 instead of §3 outside preformatted elements.
    normalize: bool,
    /// How many preformatted elements are open.
    preformatted: usize,
    outline: Vec<OutlineMark>,
    heading_texts: Vec<String>,
    ids: Vec<IdMark<N>>,
    /// The innermost open sectioning element (an outline index).
    scope: Option<u32>,
    /// Whether to record outline and ids.
    provenance: bool,
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
    role: Role,
    /// Its index in the outline, if a heading or sectioning element.
    outline: Option<u32>,
    /// Its index among the ids, if it has one.
    id: Option<usize>,
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
                NodeKind::Text => {
                    let data = dom.text(node);
                    if self.normalize && self.preformatted == 0 {
                        self.normalized_text_node(node, &data);
                    } else {
                        self.text_node(node, &data);
                    }
                }
                NodeKind::Element => {
                    let (class, role) = classify(dom.element_name(node));
                    if class == ElementClass::Skipped {
                        continue;
                    }
                    let block = class == ElementClass::Block;
                    if block {
                        self.block_boundary();
                    }
                    let start = self.text.len();
                    self.units.push(Unit {
                        node,
                        start,
                        end: start,
                        subtree_end: self.units.len() + 1,
                        is_element: true,
                    });
                    let id = (self.provenance && has_id(dom, node)).then(|| {
                        self.ids.push(IdMark {
                            node,
                            start,
                            end: start,
                        });
                        self.ids.len() - 1
                    });
                    let outline = self.open_outline(role, start);
                    if role == Role::Preformatted {
                        self.preformatted += 1;
                    }
                    stack.push(OpenElement {
                        unit: self.units.len() - 1,
                        block,
                        next_child: dom.first_child(node),
                        role,
                        outline,
                        id,
                    });
                }
                NodeKind::Document | NodeKind::Comment | NodeKind::Doctype | NodeKind::Other => {}
            }
        }
    }

    /// Records a heading or a sectioning element starting at `start`.
    fn open_outline(&mut self, role: Role, start: usize) -> Option<u32> {
        if !self.provenance {
            return None;
        }
        let kind = match role {
            Role::Heading(rank) => OutlineKind::Heading {
                rank,
                scope: self.scope,
                text: None,
            },
            Role::Sectioning => OutlineKind::Scope {
                end: start,
                parent: self.scope,
            },
            Role::Plain | Role::Preformatted => return None,
        };
        let index = u32::try_from(self.outline.len()).ok()?;
        self.outline.push(OutlineMark { start, kind });
        if role == Role::Sectioning {
            self.scope = Some(index);
        }
        Some(index)
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
        let start = unit.start;
        if open.role == Role::Preformatted {
            self.preformatted -= 1;
        }
        if let Some(id) = open.id {
            self.ids[id].end = end;
        }
        if let Some(index) = open.outline {
            match &mut self.outline[index as usize].kind {
                OutlineKind::Scope {
                    end: scope_end,
                    parent,
                } => {
                    *scope_end = end;
                    self.scope = *parent;
                }
                OutlineKind::Heading { text, .. } => {
                    let heading_text = collapse_whitespace(&self.text[start..end]);
                    if !heading_text.is_empty() {
                        *text = u32::try_from(self.heading_texts.len()).ok();
                        self.heading_texts.push(heading_text);
                    }
                }
            }
        }
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
        self.flush_pending();
        self.text.push_str(data);
        self.push_text_unit(node, start);
    }

    /// Writes what is pending before the next text: the line break of a
    /// block boundary (not at the very start), then the carried whitespace.
    fn flush_pending(&mut self) {
        if self.pending_break && !self.text.is_empty() {
            self.text.push('\n');
        }
        self.pending_break = false;
        self.text.push_str(&self.pending_space);
        self.pending_space.clear();
    }

    /// Records the text node `node`, written from `start` to the end of the
    /// text so far.
    fn push_text_unit(&mut self, node: N, start: usize) {
        self.units.push(Unit {
            node,
            start,
            end: self.text.len(),
            subtree_end: self.units.len() + 1,
            is_element: false,
        });
    }

    /// A text node under SPEC §3.1: runs of whitespace become one space,
    /// carried in `pending_space` until non-whitespace follows on the same
    /// line, so no line starts or ends with a space.
    fn normalized_text_node(&mut self, node: N, data: &str) {
        let mut unit_start = None;
        let mut rest = data;
        while !rest.is_empty() {
            let word_start = rest
                .find(|ch: char| !ch.is_whitespace())
                .unwrap_or(rest.len());
            if word_start > 0 {
                let at_line_start =
                    self.pending_break || self.text.is_empty() || self.text.ends_with('\n');
                if !at_line_start && self.pending_space.is_empty() {
                    self.pending_space.push(' ');
                }
            }
            rest = &rest[word_start..];
            if rest.is_empty() {
                break;
            }
            let word_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            if unit_start.is_none() {
                unit_start = Some(self.text.len());
            }
            self.flush_pending();
            self.text.push_str(&rest[..word_end]);
            rest = &rest[word_end..];
        }
        if let Some(start) = unit_start {
            self.push_text_unit(node, start);
        }
    }
}
