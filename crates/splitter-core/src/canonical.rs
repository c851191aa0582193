//! Canonical text (SPEC §3): one string per document, built in one walk,
//! with the span of every unit; plain text (§3, §3.1) or Markdown (§3.2),
//! of the content that `include` and `exclude` select (§3.3).

use std::ops::Range;

use crate::adapter::{DomAdapter, NodeKind};
use crate::config::{Links, Whitespace};
use crate::markdown::{self, TableLayout};
use crate::select::{MatchCaches, SelectorSet};

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

/// What an element is to the Markdown form (SPEC §3.2); `Other` for the
/// plain text forms and for elements Markdown writes nothing for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mark {
    Other,
    List { ordered: bool },
    Quote,
    Code,
    Strong,
    Emphasis,
    Link,
    Image,
    Rule,
    Break,
    Definitions,
    Term,
    Definition,
    Table,
    Row,
    Cell,
}

fn mark_of(name: &str) -> Mark {
    const MAX: usize = 10;
    if name.len() > MAX {
        return Mark::Other;
    }
    let mut buf = [0u8; MAX];
    let buf = &mut buf[..name.len()];
    buf.copy_from_slice(name.as_bytes());
    buf.make_ascii_lowercase();
    match &*buf {
        b"ul" | b"menu" => Mark::List { ordered: false },
        b"ol" => Mark::List { ordered: true },
        b"blockquote" => Mark::Quote,
        b"code" => Mark::Code,
        b"strong" | b"b" => Mark::Strong,
        b"em" | b"i" => Mark::Emphasis,
        b"a" => Mark::Link,
        b"img" => Mark::Image,
        b"hr" => Mark::Rule,
        b"br" => Mark::Break,
        b"dl" => Mark::Definitions,
        b"dt" => Mark::Term,
        b"dd" => Mark::Definition,
        b"table" => Mark::Table,
        b"tr" => Mark::Row,
        b"td" | b"th" => Mark::Cell,
        _ => Mark::Other,
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

/// Where a chunk that begins (or ends) inside carries context (SPEC §5.1):
/// a chunk whose first character lies in `inside` begins with `prefix`
/// (a table's header and delimiter rows, a code block's opening line); one
/// whose last character lies in it ends with `suffix` (a closing fence).
#[derive(Clone, Debug)]
pub(crate) struct ContextRegion {
    pub(crate) inside: Range<usize>,
    /// The byte range of the prefix in the canonical text, before `inside`.
    pub(crate) prefix: Range<usize>,
    /// The closing fence's byte range, for a code block.
    pub(crate) suffix: Option<Range<usize>>,
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
        let selecting = !options.include.is_empty();
        let mut builder = Builder {
            dom,
            options,
            caches: MatchCaches::new(),
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
                ancestor_ids(dom, root)
            } else {
                Vec::new()
            },
            scope: None,
            included: if selecting { 0 } else { 1 },
            tail: Vec::new(),
            empty: Vec::new(),
            last_text_unit: None,
            md: options.markdown.map(|links| Markdown {
                links,
                containers: Vec::new(),
                lists: Vec::new(),
                one_line: Vec::new(),
                inline: Vec::new(),
                block_break: false,
                low_water: 0,
                code: 0,
                line_fresh: true,
                line_word: None,
                tables: Vec::new(),
                fence: None,
                contexts: Vec::new(),
                heading_words: String::new(),
                heading_word_starts: Vec::new(),
                spaced: false,
            }),
        };
        builder.walk(root);
        let mut contexts = builder
            .md
            .as_mut()
            .map(|md| std::mem::take(&mut md.contexts))
            .unwrap_or_default();
        // Recorded as each table or code block closes; looked up by start.
        contexts.sort_by_key(|region| region.inside.start);
        CanonicalText {
            text: builder.text,
            units: builder.units,
            outline: builder.outline,
            heading_texts: builder.heading_texts,
            heading_words: builder.md.map(|md| md.heading_words).unwrap_or_default(),
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
    md: Option<Markdown<A::Node>>,
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

/// What an open element added to the Markdown state, to undo on close.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Opened {
    Nothing,
    /// A line prefix: a list item, a quote, a definition, a heading.
    Container {
        item: bool,
    },
    List,
    Inline,
    CodeSpan,
    Fence,
    Table,
    Row,
    Cell,
}

/// The Markdown form's state during the walk (SPEC §3.2).
struct Markdown<N> {
    links: Links,
    /// Open elements that prefix lines, outermost first.
    containers: Vec<Container>,
    /// Ordered-list counters of the open lists.
    lists: Vec<Option<u64>>,
    /// Open inline elements with markers, outermost first.
    inline: Vec<InlineMark>,
    /// A block boundary other than `<br>` is pending.
    block_break: bool,
    /// The fewest open elements since the last content: the elements below
    /// this depth enclose both the last content and the next.
    low_water: usize,
    /// How many code spans and code blocks are open: no markers inside.
    code: usize,
    /// Nothing but line prefixes and markers written on this line yet.
    line_fresh: bool,
    /// The first word of the line as written so far, unescaped, and where
    /// the text ended after it, while no escape was written for it: a
    /// piece written right there continues it (`1<span>.</span>`).
    line_word: Option<(String, usize)>,
    /// Depths of the open headings and table cells: their text is one line.
    one_line: Vec<usize>,
    tables: Vec<TableState<N>>,
    fence: Option<Fence>,
    contexts: Vec<ContextRegion>,
    /// The words written inside headings, without markup, for heading
    /// paths (`CanonicalText::heading_words`).
    heading_words: String,
    /// Where each open heading's words start in `heading_words`, innermost
    /// last: a heading in a cell or in another heading is no Markdown
    /// heading line, but its text is still its words.
    heading_word_starts: Vec<usize>,
    /// A space was written since the last word.
    spaced: bool,
}

struct Container {
    /// Written before its first line.
    first: String,
    /// Written before its other lines.
    rest: String,
    started: bool,
    /// A heading: its line is its only one, and its words name it.
    heading: bool,
}

impl Container {
    /// A container that prefixes its first line with `first` and the others
    /// with `rest`.
    fn lines(first: String, rest: String) -> Self {
        Container {
            first,
            rest,
            started: false,
            heading: false,
        }
    }
}

struct InlineMark {
    opener: String,
    closer: String,
    opened: bool,
}

struct Fence {
    fence: String,
    language: Option<String>,
    opened: bool,
    /// The last thing written was a line break and its prefixes.
    at_line_start: bool,
    opening: Range<usize>,
    inside_start: usize,
    /// Whitespace-only text before the first text: written after the
    /// opening fence, as authored.
    held: String,
}

struct TableState<N> {
    layout: TableLayout<N>,
    depth: usize,
    /// The row being written (an index into the layout) and the next cell.
    row: Option<usize>,
    next_row: usize,
    next_cell: usize,
    /// The next column to write in the row.
    column: usize,
    row_started: bool,
    rows_written: usize,
    /// The cell being written: its layout, whether it has begun, and where
    /// its text starts.
    cell: Option<(usize, bool, usize)>,
    /// For each column, the text of a cell above that still covers rows,
    /// and how many.
    covered: Vec<Option<(String, usize)>>,
    header: Option<Range<usize>>,
}

/// How a pending block boundary is written in Markdown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Break {
    /// Inside a heading or a table cell: a space.
    Space,
    /// `"\n"`: a `<br>`, list items, the lines of a `dl`, table rows.
    Line,
    /// A blank line between blocks.
    Blank,
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
                    if self.md.as_ref().is_some_and(|md| md.fence.is_some()) {
                        self.code_text(node, &data);
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
        if self.md.is_some() && self.is_joined_header_row(node) {
            return Treatment::Skip;
        }
        Treatment::Content
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
        let table_part = self.md.is_some() && self.is_table_part(node, mark);
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
            md.heading_word_starts.push(md.heading_words.len());
        }
        let markdown = if self.md.is_some() {
            self.open_markdown(node, role, mark, table_part)
        } else {
            if role == Role::Preformatted {
                self.preformatted += 1;
            }
            Opened::Nothing
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
        self.close_markdown(&open);
        if open.block {
            self.block_boundary(open.line_break);
        }
        if let Some(md) = &mut self.md {
            md.low_water = md.low_water.min(self.open.len());
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
                    let words = self.md.as_mut().and_then(|md| {
                        let from = md.heading_word_starts.pop()?;
                        Some(from..md.heading_words.len())
                    });
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
        if let Some(md) = &mut self.md {
            if !line_break {
                md.block_break = true;
            }
            // Emphasis and links do not span blocks: their markers close
            // here, after the last text, and open again before the next.
            if md.inline.iter().any(|mark| mark.opened) {
                self.close_inline_marks();
            }
        }
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
        if self.md.is_some() {
            self.flush_markdown();
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
                Some(md) => md.line_fresh,
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
            self.push_word(&rest[..word_end]);
            rest = &rest[word_end..];
        }
        if let Some(start) = unit_start {
            self.push_text_unit(node, start);
        }
    }

    fn push_word(&mut self, word: &str) {
        let Some(md) = &mut self.md else {
            self.text.push_str(word);
            return;
        };
        let in_cell = md.tables.last().is_some_and(|table| table.cell.is_some());
        if in_cell && word.contains('|') {
            self.text.push_str(&word.replace('|', "\\|"));
        } else if md.line_fresh && md.code == 0 && md.one_line.is_empty() {
            let old = self.text.len();
            markdown::push_line_start_word(&mut self.text, word);
            md.line_word =
                (self.text.len() - old == word.len()).then(|| (word.to_owned(), self.text.len()));
        } else if let Some((written, _)) = md.line_word.take_if(|(_, end)| *end == self.text.len())
        {
            if !markdown::push_line_start_continuation(&mut self.text, &written, word) {
                md.line_word = Some((written + word, self.text.len()));
            }
        } else {
            self.text.push_str(word);
        }
        if !md.heading_word_starts.is_empty() {
            if md.spaced && !md.heading_words.is_empty() {
                md.heading_words.push(' ');
            }
            md.heading_words.push_str(word);
        }
        md.spaced = false;
        md.line_fresh = false;
        md.low_water = self.open.len();
    }

    /// Writes `markup` after the last text: it joins the units that end
    /// there.
    fn push_trailing(&mut self, markup: &str) {
        let old = self.text.len();
        self.text.push_str(markup);
        self.trailing_since(old);
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

/// The Markdown form (SPEC §3.2): what elements open and close, and what is
/// written before content.
impl<'d, A: DomAdapter> Builder<'d, '_, A>
where
    A::Node: Copy + Eq,
{
    fn markdown(&mut self) -> &mut Markdown<A::Node> {
        self.md
            .as_mut()
            .expect("only called while writing Markdown")
    }

    fn in_one_line(&self) -> bool {
        self.md.as_ref().is_some_and(|md| !md.one_line.is_empty())
    }

    /// Whether `node` is a row of the innermost table, or a cell of its
    /// current row, outside any cell.
    fn is_table_part(&self, node: A::Node, mark: Mark) -> bool {
        let Some(md) = &self.md else { return false };
        let Some(table) = md.tables.last() else {
            return false;
        };
        if md.one_line.last().is_some_and(|&depth| depth > table.depth) {
            return false;
        }
        match mark {
            Mark::Row => table.layout.row_index(node, table.next_row).is_some(),
            Mark::Cell => table.row.is_some_and(|row| {
                table.layout.rows[row].cells
                    [table.next_cell.min(table.layout.rows[row].cells.len())..]
                    .iter()
                    .any(|cell| cell.node == node)
            }),
            _ => false,
        }
    }

    /// A header row after the first: its texts are joined to the first's.
    fn is_joined_header_row(&mut self, node: A::Node) -> bool {
        if mark_of(self.dom.element_name(node)) != Mark::Row || !self.is_table_part(node, Mark::Row)
        {
            return false;
        }
        let md = self.markdown();
        let Some(table) = md.tables.last_mut() else {
            return false;
        };
        let Some(row) = table.layout.row_index(node, table.next_row) else {
            return false;
        };
        if row == 0 || row >= table.layout.header_rows {
            return false;
        }
        table.next_row = row + 1;
        for covered in &mut table.covered {
            if let Some((_, rows)) = covered {
                *rows -= 1;
                if *rows == 0 {
                    *covered = None;
                }
            }
        }
        true
    }

    fn open_markdown(&mut self, node: A::Node, role: Role, mark: Mark, table_part: bool) -> Opened {
        let dom = self.dom;
        let one_line = self.in_one_line();
        let depth = self.open.len();
        let parent_is_list = self
            .open
            .last()
            .is_some_and(|parent| parent.markdown == Opened::List);
        let md = self.markdown();
        match (role, mark) {
            (Role::Heading(rank), _) if !one_line => {
                md.containers.push(Container {
                    first: format!("{} ", "#".repeat(usize::from(rank))),
                    rest: String::new(),
                    started: false,
                    heading: true,
                });
                md.one_line.push(depth);
                Opened::Container { item: false }
            }
            (Role::Preformatted, _)
                if !one_line
                    && md.fence.is_none()
                    && dom.element_name(node).eq_ignore_ascii_case("pre") =>
            {
                let (longest, _, _) = markdown::backticks(dom, node);
                md.fence = Some(Fence {
                    fence: "`".repeat(longest.max(2) + 1),
                    language: markdown::code_language(dom, node),
                    opened: false,
                    at_line_start: false,
                    opening: 0..0,
                    inside_start: 0,
                    held: String::new(),
                });
                md.code += 1;
                Opened::Fence
            }
            (_, Mark::List { ordered }) if !one_line => {
                let start = if ordered {
                    Some(
                        dom.attribute(node, "start")
                            .and_then(|start| start.trim().parse::<u64>().ok())
                            .unwrap_or(1),
                    )
                } else {
                    None
                };
                self.markdown().lists.push(start);
                Opened::List
            }
            _ if parent_is_list
                && !one_line
                && dom.element_name(node).eq_ignore_ascii_case("li") =>
            {
                let marker = match md.lists.last_mut() {
                    Some(Some(number)) => {
                        let marker = format!("{number}. ");
                        *number = number.saturating_add(1);
                        marker
                    }
                    _ => "- ".to_owned(),
                };
                let rest = " ".repeat(marker.len());
                md.containers.push(Container::lines(marker, rest));
                Opened::Container { item: true }
            }
            (_, Mark::Quote) if !one_line => {
                md.containers
                    .push(Container::lines("> ".into(), "> ".into()));
                Opened::Container { item: false }
            }
            (_, Mark::Definition) if !one_line => {
                md.containers
                    .push(Container::lines(": ".into(), "  ".into()));
                Opened::Container { item: false }
            }
            (_, Mark::Code) if md.code == 0 => {
                let (longest, begins, ends) = markdown::backticks(dom, node);
                let ticks = "`".repeat(longest + 1);
                // Padded at both ends when either end is a backtick.
                let padded = begins || ends;
                md.inline.push(InlineMark {
                    opener: if padded {
                        format!("{ticks} ")
                    } else {
                        ticks.clone()
                    },
                    closer: if padded { format!(" {ticks}") } else { ticks },
                    opened: false,
                });
                md.code += 1;
                Opened::CodeSpan
            }
            (_, Mark::Strong | Mark::Emphasis) if md.code == 0 => {
                let marker = if mark == Mark::Strong { "**" } else { "*" };
                md.inline.push(InlineMark {
                    opener: marker.to_owned(),
                    closer: marker.to_owned(),
                    opened: false,
                });
                Opened::Inline
            }
            (_, Mark::Link) if md.code == 0 && md.links == Links::Inline => {
                match dom.attribute(node, "href") {
                    Some(href) => {
                        let closer = format!("]({href})");
                        self.markdown().inline.push(InlineMark {
                            opener: "[".to_owned(),
                            closer,
                            opened: false,
                        });
                        Opened::Inline
                    }
                    None => Opened::Nothing,
                }
            }
            (_, Mark::Image) if md.links == Links::Inline => {
                if let Some(src) = dom.attribute(node, "src") {
                    let alt = dom.attribute(node, "alt").unwrap_or_default();
                    let image = format!("![{}]({src})", collapse_whitespace(&alt));
                    self.push_content(&image);
                }
                Opened::Nothing
            }
            (_, Mark::Rule) if !one_line => {
                self.push_content("---");
                Opened::Nothing
            }
            (_, Mark::Table) if !one_line => {
                let layout = TableLayout::read(dom, node);
                let width = layout.width;
                self.markdown().tables.push(TableState {
                    layout,
                    depth,
                    row: None,
                    next_row: 0,
                    next_cell: 0,
                    column: 0,
                    row_started: false,
                    rows_written: 0,
                    cell: None,
                    covered: vec![None; width],
                    header: None,
                });
                Opened::Table
            }
            (_, Mark::Row) if table_part => {
                if let Some(table) = md.tables.last_mut()
                    && let Some(row) = table.layout.row_index(node, table.next_row)
                {
                    table.row = Some(row);
                    table.next_row = row + 1;
                    table.next_cell = 0;
                    table.column = 0;
                    table.row_started = false;
                }
                Opened::Row
            }
            (_, Mark::Cell) if table_part => {
                if let Some(table) = md.tables.last_mut()
                    && let Some(row) = table.row
                {
                    let cells = &table.layout.rows[row].cells;
                    if let Some(offset) = cells[table.next_cell..]
                        .iter()
                        .position(|cell| cell.node == node)
                    {
                        let index = table.next_cell + offset;
                        table.next_cell = index + 1;
                        table.cell = Some((index, false, 0));
                    }
                }
                md.one_line.push(depth);
                Opened::Cell
            }
            _ => Opened::Nothing,
        }
    }

    /// Undoes what `open` added to the Markdown state and writes its closing
    /// markup.
    fn close_markdown(&mut self, open: &OpenElement<A::Node>) {
        if self.md.is_none() {
            return;
        }
        match open.markdown {
            Opened::Nothing => {}
            Opened::Container { .. } => {
                let md = self.markdown();
                if md
                    .containers
                    .pop()
                    .is_some_and(|container| container.heading)
                {
                    md.one_line.pop();
                }
            }
            Opened::List => {
                self.markdown().lists.pop();
            }
            Opened::Inline | Opened::CodeSpan => {
                let md = self.markdown();
                if open.markdown == Opened::CodeSpan {
                    md.code -= 1;
                }
                if let Some(mark) = md.inline.pop()
                    && mark.opened
                {
                    self.push_trailing(&mark.closer);
                }
            }
            Opened::Fence => {
                let md = self.markdown();
                md.code -= 1;
                let Some(fence) = md.fence.take() else {
                    return;
                };
                if fence.opened {
                    if !fence.at_line_start {
                        let prefixes = self.continuation_prefixes();
                        self.push_trailing(&format!("\n{prefixes}"));
                    }
                    let line_start = self.text.len() - self.continuation_prefixes().len();
                    let inside = fence.inside_start..line_start;
                    self.push_trailing(&fence.fence);
                    let closing = line_start..self.text.len();
                    self.markdown().contexts.push(ContextRegion {
                        inside,
                        prefix: fence.opening,
                        suffix: Some(closing),
                    });
                }
            }
            Opened::Table => {
                let end = self.text.len();
                let md = self.markdown();
                if let Some(table) = md.tables.pop()
                    && let Some(header) = table.header
                    && header.start < header.end
                    && header.end < end
                {
                    md.contexts.push(ContextRegion {
                        inside: header.end..end,
                        prefix: header,
                        suffix: None,
                    });
                }
            }
            Opened::Row => self.finish_row(),
            Opened::Cell => {
                self.finish_cell();
                self.markdown().one_line.pop();
            }
        }
    }

    /// The prefixes of the lines after the first of every open container.
    fn continuation_prefixes(&self) -> String {
        let Some(md) = &self.md else {
            return String::new();
        };
        md.containers
            .iter()
            .filter(|container| container.started)
            .map(|container| container.rest.as_str())
            .collect()
    }

    /// Writes the prefixes of a new line: each open container's marker on
    /// its first line, its indentation or `> ` on the others.
    fn line_start(&mut self) {
        let Some(md) = &mut self.md else { return };
        for container in &mut md.containers {
            if container.started {
                self.text.push_str(&container.rest);
            } else {
                self.text.push_str(&container.first);
                container.started = true;
            }
        }
        md.line_fresh = true;
    }

    fn break_kind(&self) -> Break {
        let Some(md) = &self.md else {
            return Break::Line;
        };
        if md.fence.as_ref().is_some_and(|fence| fence.opened) {
            return Break::Line;
        }
        if md.one_line.iter().any(|&depth| depth < md.low_water) {
            return Break::Space;
        }
        if let Some(table) = md.tables.last()
            && table.cell.is_some_and(|(_, begun, _)| !begun)
        {
            // A block boundary left pending by the row's earlier cells: the
            // cell's own `|` separates them, on the row's one line.
            if table.row_started {
                return Break::Space;
            }
            return if table.rows_written > 0 {
                Break::Line
            } else {
                Break::Blank
            };
        }
        if !md.block_break {
            return Break::Line;
        }
        let Some(enclosing) = md.low_water.checked_sub(1).and_then(|i| self.open.get(i)) else {
            return Break::Blank;
        };
        let first_opened = self.open.get(md.low_water);
        match enclosing.markdown {
            Opened::List => Break::Line,
            Opened::Container { item: true }
                if first_opened.is_some_and(|open| open.markdown == Opened::List) =>
            {
                Break::Line
            }
            _ if self.dom_is_definitions(enclosing) => Break::Line,
            _ => Break::Blank,
        }
    }

    fn dom_is_definitions(&self, open: &OpenElement<A::Node>) -> bool {
        open.unit.is_some_and(|unit| {
            mark_of(self.dom.element_name(self.units[unit].node)) == Mark::Definitions
        })
    }

    /// Before content: the pending break with the next line's prefixes, a
    /// table cell's start, the pending space, the markers of inline elements
    /// not yet opened.
    fn flush_markdown(&mut self) {
        if self.pending_break {
            if self.text.is_empty() {
                self.line_start();
            } else {
                match self.break_kind() {
                    Break::Space => {
                        if self.pending_space.is_empty() {
                            self.pending_space.push(' ');
                        }
                    }
                    kind => {
                        self.text.push('\n');
                        if kind == Break::Blank {
                            let blank = self.continuation_prefixes();
                            self.text.push_str(blank.trim_end());
                            self.text.push('\n');
                        }
                        if let Some(fence) = &mut self.markdown().fence {
                            fence.at_line_start = true;
                        }
                        self.line_start();
                    }
                }
            }
        } else if self.text.is_empty() {
            self.line_start();
        }
        self.pending_break = false;
        let md = self.markdown();
        md.block_break = false;
        self.begin_cell();
        let md = self.md.as_mut().expect("writing Markdown");
        if md.line_fresh {
            self.pending_space.clear();
        }
        md.spaced |= !self.pending_space.is_empty();
        self.text.push_str(&self.pending_space);
        self.pending_space.clear();
        // Code is as written: emphasis around a code block does not mark it.
        if md.fence.is_some() {
            return;
        }
        for mark in &mut md.inline {
            if !mark.opened {
                self.text.push_str(&mark.opener);
                mark.opened = true;
                md.line_fresh = false;
            }
        }
    }

    /// Writes the closers of the opened inline markers at a block boundary;
    /// they open again before the next content.
    fn close_inline_marks(&mut self) {
        let closers: String = self
            .markdown()
            .inline
            .iter_mut()
            .rev()
            .filter(|mark| mark.opened)
            .map(|mark| {
                mark.opened = false;
                mark.closer.clone()
            })
            .collect();
        if !closers.is_empty() {
            self.push_trailing(&closers);
        }
    }

    /// Writes content that is not a text node (a rule, an image).
    fn push_content(&mut self, content: &str) {
        self.flush_pending();
        self.text.push_str(content);
        let depth = self.open.len();
        let md = self.markdown();
        md.line_fresh = false;
        md.low_water = depth;
    }

    /// Starts the current cell if it has not started: the row's `|`, the
    /// cells above that cover columns before it, its opening space.
    fn begin_cell(&mut self) {
        let Some(md) = &mut self.md else { return };
        let Some(table) = md.tables.last_mut() else {
            return;
        };
        let Some((index, false, _)) = table.cell else {
            return;
        };
        let Some(row) = table.row else { return };
        if !table.row_started {
            self.text.push('|');
            table.row_started = true;
            if table.rows_written == 0 {
                let line_start = self.text.rfind('\n').map_or(0, |i| i + 1);
                table.header = Some(line_start..line_start);
            }
        }
        let column = table.layout.rows[row].cells[index].column;
        while table.column < column {
            let text = table.covered[table.column]
                .as_ref()
                .map_or("", |(text, _)| text.as_str());
            if text.is_empty() {
                self.text.push_str(" |");
            } else {
                self.text.push(' ');
                self.text.push_str(text);
                self.text.push_str(" |");
            }
            table.column += 1;
        }
        self.text.push(' ');
        table.cell = Some((index, true, self.text.len()));
        md.line_fresh = true;
    }

    fn finish_cell(&mut self) {
        let Some(table) = self.md.as_ref().and_then(|md| md.tables.last()) else {
            return;
        };
        let Some((index, begun, _)) = table.cell else {
            return;
        };
        if begun {
            // Emphasis open around the table closes in the cell, and opens
            // again before the next text.
            self.close_inline_marks();
        } else {
            // An empty cell starts without the markers of emphasis around
            // it: they would enclose nothing.
            let inline = std::mem::take(&mut self.markdown().inline);
            self.flush_pending();
            self.markdown().inline = inline;
        }
        let Some(md) = self.md.as_mut() else { return };
        let Some(table) = md.tables.last_mut() else {
            return;
        };
        let (Some(row), Some((_, _, content_start))) = (table.row, table.cell) else {
            return;
        };
        table.cell = None;
        let cell = table.layout.rows[row].cells[index];
        let content = self.text[content_start..].to_owned();
        let header_row = row == 0;
        let mut markup = String::new();
        for column in cell.column..(cell.column + cell.colspan).min(table.layout.width) {
            let mut texts: Vec<&str> = Vec::new();
            if !content.is_empty() {
                texts.push(&content);
            }
            if header_row {
                texts.extend(table.layout.header_more[column].iter().map(String::as_str));
            }
            let joined = texts.join(" / ");
            if column == cell.column {
                if !content.is_empty() {
                    markup.push_str(&joined[content.len()..]);
                } else {
                    markup.push_str(&joined);
                }
                markup.push_str(if joined.is_empty() { "|" } else { " |" });
            } else if joined.is_empty() {
                markup.push_str(" |");
            } else {
                markup.push(' ');
                markup.push_str(&joined);
                markup.push_str(" |");
            }
            if cell.rowspan > 1 {
                // The row's end counts this row off.
                table.covered[column] = Some((content.clone(), cell.rowspan));
            }
        }
        table.column = (cell.column + cell.colspan).min(table.layout.width);
        self.push_trailing(&markup);
    }

    /// Writes the columns after the row's last cell, then, after the header
    /// row, the delimiter row.
    fn finish_row(&mut self) {
        let Some(md) = &mut self.md else { return };
        let Some(table) = md.tables.last_mut() else {
            return;
        };
        let Some(row) = table.row.take() else { return };
        let width = table.layout.width;
        let has_covered = table.covered[table.column.min(width)..]
            .iter()
            .any(Option::is_some);
        if !table.row_started && !has_covered {
            return;
        }
        let mut markup = String::new();
        if !table.row_started {
            // A row made only of cells from the rows above.
            table.cell = None;
            self.pending_break = true;
            self.flush_pending();
            let Some(md) = self.md.as_mut() else { return };
            let Some(table) = md.tables.last_mut() else {
                return;
            };
            self.text.push('|');
            table.row_started = true;
        }
        let md = self.markdown();
        let Some(table) = md.tables.last_mut() else {
            return;
        };
        for column in table.column..width {
            let mut texts: Vec<&str> = Vec::new();
            if let Some((text, _)) = &table.covered[column] {
                texts.push(text);
            }
            if row == 0 {
                texts.extend(table.layout.header_more[column].iter().map(String::as_str));
            }
            if texts.is_empty() {
                markup.push_str(" |");
            } else {
                markup.push(' ');
                markup.push_str(&texts.join(" / "));
                markup.push_str(" |");
            }
        }
        for covered in &mut table.covered {
            if let Some((_, rows)) = covered {
                *rows -= 1;
                if *rows == 0 {
                    *covered = None;
                }
            }
        }
        table.row_started = false;
        // The first row written is the header: a table whose first rows are
        // empty still gets its delimiter row.
        let header = table.rows_written == 0;
        table.rows_written += 1;
        if header {
            let prefixes = self.continuation_prefixes();
            markup.push('\n');
            markup.push_str(&prefixes);
            markup.push('|');
            for _ in 0..width {
                markup.push_str(" --- |");
            }
        }
        self.push_trailing(&markup);
        if header {
            let end = self.text.len();
            let md = self.markdown();
            if let Some(table) = md.tables.last_mut()
                && let Some(header) = &mut table.header
            {
                header.end = end;
            }
        }
    }

    /// Text inside a code block: as authored, each line prefixed as its
    /// containers require, the opening fence before the first text.
    fn code_text(&mut self, node: A::Node, data: &str) {
        let whitespace_only = is_whitespace_only(data);
        let opened = self
            .md
            .as_ref()
            .and_then(|md| md.fence.as_ref())
            .is_some_and(|fence| fence.opened);
        if !opened && whitespace_only {
            if let Some(fence) = &mut self.markdown().fence {
                fence.held.push_str(data);
            }
            return;
        }
        let start = self.text.len();
        self.flush_pending();
        if !opened {
            self.open_fence();
        }
        let flushed = start;
        let prefixes = self.continuation_prefixes();
        let mut written = String::with_capacity(data.len());
        for (index, line) in data.split('\n').enumerate() {
            if index > 0 {
                written.push('\n');
                written.push_str(&prefixes);
            }
            written.push_str(line);
        }
        if whitespace_only {
            // After the last text (with the line break before it): it joins
            // the units that end there, as the closing fence will.
            self.text.push_str(&written);
            self.trailing_since(flushed);
        } else {
            self.text.push_str(&written);
        }
        let depth = self.open.len();
        let md = self.markdown();
        md.line_fresh = false;
        md.low_water = depth;
        if let Some(fence) = &mut md.fence {
            fence.at_line_start = data.ends_with('\n');
        }
        if !whitespace_only {
            self.push_text_unit(node, start);
        }
    }

    fn open_fence(&mut self) {
        let line_start = self.text.rfind('\n').map_or(0, |i| i + 1);
        let prefixes = self.continuation_prefixes();
        let Some(fence) = self.md.as_mut().and_then(|md| md.fence.as_mut()) else {
            return;
        };
        fence.opened = true;
        self.text.push_str(&fence.fence);
        if let Some(language) = &fence.language {
            self.text.push_str(language);
        }
        fence.opening = line_start..self.text.len();
        self.text.push('\n');
        // The code's first line begins at its quote markers: a chunk that
        // begins there is inside the code block.
        fence.inside_start = self.text.len();
        self.text.push_str(&prefixes);
        let held = std::mem::take(&mut fence.held);
        for (index, line) in held.split('\n').enumerate() {
            if index > 0 {
                self.text.push('\n');
                self.text.push_str(&prefixes);
            }
            self.text.push_str(line);
        }
    }
}
