//! Canonical text (SPEC §3): one string per document, built in one walk,
//! with the span of every unit; plain text (§3, §3.1) or Markdown (§3.2),
//! of the content that `include` and `exclude` select (§3.3).
//!
//! The walk decides what is content and where units, block boundaries and
//! words are; in Markdown it hands each element, boundary and word to the
//! writer in `markdown_writer`, which writes the markup into the walk
//! through the writer's `Sink` trait.

use std::ops::Range;

use crate::adapter::{DomAdapter, NodeKind};
use crate::config::{Links, Whitespace};
use crate::main_content::{MainContent, Rules, Verdict};
use crate::markdown::Flanks;
use crate::markdown_writer::{ContextRegion, Mark, MarkdownWriter, Opened, Sink, mark_of};
use crate::select::{MatchCaches, SelectorSet};
use crate::text::is_whitespace_only;

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

/// Whether `name` is a block element (SPEC §3).
pub(crate) fn is_block_element(name: &str) -> bool {
    classify(name).0 == ElementClass::Block
}

/// Whether `name` is a heading element, `h1`–`h6` (SPEC §5, §7).
pub(crate) fn is_heading_element(name: &str) -> bool {
    matches!(classify(name).1, Role::Heading(_))
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
        b"script" | b"style" | b"template" => (ElementClass::Skipped, Role::Plain),
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
                |name| {
                    let (class, _) = classify(name);
                    (class == ElementClass::Block, class == ElementClass::Skipped)
                },
            )
        });
        let selecting = match &main {
            Some(main) => !main.whole_root(),
            None => !options.include.is_empty(),
        };
        let mut builder = Builder {
            dom,
            options,
            caches,
            text: String::new(),
            units: Vec::new(),
            open: Vec::new(),
            pending_break: false,
            pending_space: String::new(),
            normalize: options.whitespace == Whitespace::Normalize,
            preformatted: 0,
            outline: Vec::new(),
            heading_texts: Vec::new(),
            heading_starts: Vec::new(),
            ids: if options.provenance && !selecting {
                ancestor_ids(dom, root, included_root)
            } else {
                Vec::new()
            },
            scope: None,
            included: if selecting { 0 } else { 1 },
            main,
            preorder: 1,
            tail: Vec::new(),
            empty: Vec::new(),
            last_text_unit: None,
            md: options
                .markdown
                .map(|links| Box::new(MarkdownWriter::new(links))),
        };
        builder.walk(root);
        let (contexts, heading_words) = builder.md.map(|md| md.finish()).unwrap_or_default();
        CanonicalText {
            text: builder.text,
            units: builder.units,
            outline: builder.outline,
            heading_texts: builder.heading_texts,
            heading_words,
            heading_starts: builder.heading_starts,
            ids: builder.ids,
            contexts,
            markdown: options.markdown.is_some(),
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

struct Builder<'d, 'o, A: DomAdapter> {
    dom: &'d A,
    options: &'o Options<'o>,
    caches: MatchCaches,
    text: String,
    units: Vec<Unit<A::Node>>,
    /// The elements whose children are being walked, outermost first.
    open: Vec<OpenElement<A::Node>>,
    /// SPEC §3.1 instead of §3 outside preformatted elements.
    normalize: bool,
    /// How many preformatted elements are open (plain text forms only).
    preformatted: usize,
    outline: Vec<OutlineMark>,
    heading_texts: Vec<Range<usize>>,
    heading_starts: Vec<usize>,
    ids: Vec<IdMark<A::Node>>,
    /// The innermost open sectioning element (an outline index).
    scope: Option<u32>,
    /// How many open elements match `include` (1 without `include`): text
    /// is content only when this is not 0.
    included: usize,
    /// With `content: "main"`, the verdict on each element, in pre-order.
    main: Option<MainContent>,
    /// The pre-order number of the next element the walk meets (from 1, as
    /// [`MainContent`] numbers them).
    preorder: usize,
    /// A block boundary was passed since the last text; it becomes a line
    /// break if more text follows.
    pending_break: bool,
    /// Whitespace-only text seen after inline content: kept only if more
    /// inline content follows before any block boundary.
    pending_space: String,
    /// The units that end where the text ends, innermost first, each an
    /// ancestor of the one before: markup written after a unit's last text
    /// (a closing fence or marker) is added to their ranges.
    tail: Vec<usize>,
    /// Elements closed empty where the text ends: markup written there
    /// moves them after it, so that no sibling's range ends before an
    /// earlier sibling's.
    empty: Vec<usize>,
    /// The last text unit, to tell whether an element holds text.
    last_text_unit: Option<usize>,
    /// The Markdown writer, for Markdown; boxed, as it is taken out while it
    /// writes into the builder ([`Builder::with_markdown`]).
    md: Option<Box<MarkdownWriter<A::Node>>>,
}

/// An element whose children are being walked.
struct OpenElement<N> {
    /// Its unit; `None` for an element outside the included content.
    unit: Option<usize>,
    block: bool,
    next_child: Option<N>,
    role: Role,
    /// Its index in the outline, if a heading or sectioning element.
    outline: Option<u32>,
    /// Its index among the ids, if it has one.
    id: Option<usize>,
    /// It matched `include` and is one of the roots.
    included: bool,
    /// What it opened in the Markdown state.
    markdown: Opened,
    /// A `<br>`: its boundaries are line breaks, not block gaps.
    line_break: bool,
}

/// What an element is to the walk, decided before its unit is recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Treatment {
    /// Walked as usual.
    Content,
    /// Outside the included content: walked for included descendants only.
    Outside,
    /// Left out with everything inside.
    Skip,
}

impl<'d, A: DomAdapter> Builder<'d, '_, A>
where
    A::Node: Copy + Eq,
{
    fn walk(&mut self, root: A::Node) {
        let dom = self.dom;
        // The root's children are walked like an element's, without a unit.
        let mut root_next = dom.first_child(root);
        loop {
            let next = match self.open.last_mut() {
                Some(open) => &mut open.next_child,
                None => &mut root_next,
            };
            let Some(node) = *next else {
                match self.open.pop() {
                    Some(open) => self.close(open),
                    None => break,
                }
                continue;
            };
            *next = dom.next_sibling(node);
            match dom.kind(node) {
                NodeKind::Text if self.included > 0 => {
                    let data = dom.text(node);
                    if self.md.as_ref().is_some_and(|md| md.in_fence()) {
                        self.with_markdown(|md, sink| md.code_text(sink, node, &data));
                    } else if self.normalize && self.preformatted == 0 {
                        self.normalized_text_node(node, &data);
                    } else {
                        self.text_node(node, &data);
                    }
                }
                NodeKind::Element => self.open_element(node),
                _ => {}
            }
        }
    }

    fn treatment(&mut self, node: A::Node, class: ElementClass) -> Treatment {
        if let Some(main) = &self.main {
            return self.main_treatment(node, main.verdict(self.preorder), main.end(self.preorder));
        }
        if class == ElementClass::Skipped
            || self
                .options
                .exclude
                .matches(self.dom, node, &mut self.caches)
        {
            return Treatment::Skip;
        }
        if self.included == 0 {
            return if self
                .options
                .include
                .matches(self.dom, node, &mut self.caches)
            {
                Treatment::Content
            } else {
                Treatment::Outside
            };
        }
        if self
            .md
            .as_mut()
            .is_some_and(|md| md.is_joined_header_row(self.dom, node))
        {
            return Treatment::Skip;
        }
        Treatment::Content
    }

    /// [`Builder::treatment`] with `content: "main"`: the verdict decides,
    /// for the element numbered `self.preorder` whose subtree ends at `end`.
    fn main_treatment(&mut self, node: A::Node, verdict: Verdict, end: usize) -> Treatment {
        self.preorder += 1;
        let treatment = match verdict {
            Verdict::Skip => Treatment::Skip,
            Verdict::Outside => Treatment::Outside,
            Verdict::Root | Verdict::Inside => {
                let dom = self.dom;
                if self.included > 0
                    && self
                        .md
                        .as_mut()
                        .is_some_and(|md| md.is_joined_header_row(dom, node))
                {
                    Treatment::Skip
                } else {
                    Treatment::Content
                }
            }
        };
        if treatment == Treatment::Skip {
            self.preorder = end;
        }
        treatment
    }

    fn open_element(&mut self, node: A::Node) {
        let dom = self.dom;
        let name = dom.element_name(node);
        let (class, role) = classify(name);
        let mark = if self.md.is_some() {
            mark_of(name)
        } else {
            Mark::Other
        };
        let included = self.included == 0;
        match self.treatment(node, class) {
            Treatment::Skip => return,
            Treatment::Outside => {
                self.open.push(OpenElement {
                    unit: None,
                    block: false,
                    next_child: dom.first_child(node),
                    role: Role::Plain,
                    outline: None,
                    id: None,
                    included: false,
                    markdown: Opened::Nothing,
                    line_break: false,
                });
                return;
            }
            Treatment::Content => {}
        }
        if included {
            self.included += 1;
        }
        // An included root is a block; in a Markdown table, cells are
        // written on their row's line.
        let table_part = self
            .md
            .as_ref()
            .is_some_and(|md| md.is_table_part(node, mark));
        let block =
            (class == ElementClass::Block || included) && !(table_part && mark == Mark::Cell);
        if block {
            self.block_boundary(mark == Mark::Break);
        }
        let start = self.text.len();
        self.units.push(Unit {
            node,
            start,
            end: start,
            subtree_end: self.units.len() + 1,
            is_element: true,
        });
        let id = (self.options.provenance && has_id(dom, node)).then(|| {
            self.ids.push(IdMark {
                node,
                start,
                end: start,
            });
            self.ids.len() - 1
        });
        let outline = self.open_outline(role, start);
        if let (Some(md), Some(_), Role::Heading(_)) = (&mut self.md, outline, role) {
            md.open_heading();
        }
        let markdown = match self.with_markdown(|md, sink| md.open(sink, node, mark, table_part)) {
            Some(opened) => opened,
            None => {
                if role == Role::Preformatted {
                    self.preformatted += 1;
                }
                Opened::Nothing
            }
        };
        self.open.push(OpenElement {
            unit: Some(self.units.len() - 1),
            block,
            next_child: dom.first_child(node),
            role,
            outline,
            id,
            included,
            markdown,
            line_break: mark == Mark::Break,
        });
    }

    /// Records a heading or a sectioning element starting at `start`.
    fn open_outline(&mut self, role: Role, start: usize) -> Option<u32> {
        if !self.options.provenance {
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

    fn close(&mut self, open: OpenElement<A::Node>) {
        let Some(unit_index) = open.unit else {
            return;
        };
        self.with_markdown(|md, sink| md.close(sink, open.markdown));
        if open.block {
            self.block_boundary(open.line_break);
        }
        let depth = self.open.len();
        if let Some(md) = &mut self.md {
            md.closed(depth);
        }
        if open.included {
            self.included -= 1;
        }
        let end = self.text.len();
        let subtree_end = self.units.len();
        let unit = &mut self.units[unit_index];
        unit.end = end;
        unit.subtree_end = subtree_end;
        let start = unit.start;
        if start == end {
            if self
                .empty
                .last()
                .is_some_and(|&last| self.units[last].end != end)
            {
                self.empty.clear();
            }
            self.empty.push(unit_index);
        } else {
            match self.tail.last() {
                Some(&inner) if inner > unit_index && self.units[inner].end == end => {
                    self.tail.push(unit_index);
                }
                _ => {
                    self.tail.clear();
                    self.tail.push(unit_index);
                }
            }
        }
        if open.role == Role::Preformatted && self.md.is_none() {
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
                    // In Markdown, the heading's words (opened with it).
                    let words = self.md.as_mut().and_then(|md| md.close_heading());
                    let has_text = self.last_text_unit.is_some_and(|last| last > unit_index);
                    if has_text {
                        *text = u32::try_from(self.heading_texts.len()).ok();
                        self.heading_texts.push(words.unwrap_or(start..end));
                        let span = &self.text[start..end];
                        self.heading_starts
                            .push(start + span.len() - span.trim_start().len());
                    }
                }
            }
        }
    }

    fn block_boundary(&mut self, line_break: bool) {
        self.pending_break = true;
        self.pending_space.clear();
        self.with_markdown(|md, sink| md.block_boundary(sink, line_break));
    }

    fn text_node(&mut self, node: A::Node, data: &str) {
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

    /// Writes what is pending before the next content: the line break of a
    /// block boundary (not at the very start), then the carried whitespace;
    /// in Markdown, line prefixes and markers too.
    fn flush_pending(&mut self) {
        if self.with_markdown(|md, sink| md.flush(sink)).is_some() {
            return;
        }
        if self.pending_break && !self.text.is_empty() {
            self.text.push('\n');
        }
        self.pending_break = false;
        self.text.push_str(&self.pending_space);
        self.pending_space.clear();
    }

    /// Records the text node `node`, written from `start` to the end of the
    /// text so far.
    fn push_text_unit(&mut self, node: A::Node, start: usize) {
        let index = self.units.len();
        self.units.push(Unit {
            node,
            start,
            end: self.text.len(),
            subtree_end: index + 1,
            is_element: false,
        });
        self.last_text_unit = Some(index);
        self.tail.clear();
        self.tail.push(index);
        self.empty.clear();
    }

    fn at_line_start(&self) -> bool {
        self.pending_break
            || match &self.md {
                Some(md) => md.line_fresh(),
                None => self.text.is_empty() || self.text.ends_with('\n'),
            }
    }

    /// A text node under SPEC §3.1: runs of whitespace become one space,
    /// carried in `pending_space` until non-whitespace follows on the same
    /// line, so no line starts or ends with a space.
    fn normalized_text_node(&mut self, node: A::Node, data: &str) {
        let mut unit_start = None;
        let mut rest = data;
        while !rest.is_empty() {
            let word_start = rest
                .find(|ch: char| !ch.is_whitespace())
                .unwrap_or(rest.len());
            if word_start > 0 && !self.at_line_start() && self.pending_space.is_empty() {
                self.pending_space.push(' ');
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
            self.push_word(node, &rest[..word_end], word_end == rest.len());
            rest = &rest[word_end..];
        }
        if let Some(start) = unit_start {
            self.push_text_unit(node, start);
        }
    }

    /// Writes `word` of the text node `node`; `ends_node` when nothing of
    /// the node follows it.
    fn push_word(&mut self, node: A::Node, word: &str, ends_node: bool) {
        if self
            .with_markdown(|md, sink| md.push_word(sink, word, node, ends_node))
            .is_none()
        {
            self.text.push_str(word);
        }
    }

    /// Runs `write` with the Markdown writer and the builder as what it
    /// writes into; `None`, without running it, for the plain text forms.
    fn with_markdown<R>(
        &mut self,
        write: impl FnOnce(&mut MarkdownWriter<A::Node>, &mut Self) -> R,
    ) -> Option<R> {
        let mut md = self.md.take()?;
        let result = write(&mut md, self);
        self.md = Some(md);
        Some(result)
    }

    /// Makes what was written since `old`, after the last text, part of
    /// the units that end there.
    fn trailing_since(&mut self, old: usize) {
        let new = self.text.len();
        for &unit in &self.tail {
            let unit = &mut self.units[unit];
            if unit.end == old {
                unit.end = new;
            }
        }
        for &unit in &self.empty {
            let unit = &mut self.units[unit];
            if unit.end == old {
                unit.start = new;
                unit.end = new;
            }
        }
        // Elements opened since, still empty, start after it.
        for open in self.open.iter().rev() {
            let Some(unit) = open.unit else { continue };
            let unit = &mut self.units[unit];
            if unit.start != old {
                break;
            }
            unit.start = new;
            if let Some(id) = open.id {
                self.ids[id].start = new;
            }
        }
    }
}

/// The walk is what the Markdown writer writes into.
impl<'d, A: DomAdapter> Sink<A::Node> for Builder<'d, '_, A>
where
    A::Node: Copy + Eq,
{
    type Dom = A;

    fn dom(&self) -> &A {
        self.dom
    }

    fn text(&mut self) -> &mut String {
        &mut self.text
    }

    fn pending_break(&mut self) -> &mut bool {
        &mut self.pending_break
    }

    fn pending_space(&mut self) -> &mut String {
        &mut self.pending_space
    }

    fn push_pending_space(&mut self) {
        self.text.push_str(&self.pending_space);
        self.pending_space.clear();
    }

    fn trailing_since(&mut self, old: usize) {
        Builder::trailing_since(self, old);
    }

    fn push_text_unit(&mut self, node: A::Node, start: usize) {
        Builder::push_text_unit(self, node, start);
    }

    fn depth(&self) -> usize {
        self.open.len()
    }

    fn opened(&self, depth: usize) -> Option<Opened> {
        self.open.get(depth).map(|open| open.markdown)
    }

    fn open_node(&self, depth: usize) -> Option<A::Node> {
        let unit = self.open.get(depth)?.unit?;
        Some(self.units[unit].node)
    }

    fn flanks(&mut self, node: A::Node) -> Option<Flanks> {
        let dom = self.dom;
        let exclude = self.options.exclude;
        let caches = &mut self.caches;
        Flanks::of(dom, node, |element| exclude.matches(dom, element, caches))
    }

    fn char_after(&mut self, node: A::Node) -> Option<char> {
        let dom = self.dom;
        let exclude = self.options.exclude;
        let caches = &mut self.caches;
        crate::markdown::char_after(dom, node, &mut |element| {
            exclude.matches(dom, element, caches)
        })
    }
}
