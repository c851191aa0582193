//! The walk that writes the canonical text: the [`Builder`] that
//! [`CanonicalText::build`](super::CanonicalText::build) runs over the
//! content roots, one element, block boundary and word at a time, and what
//! it hands the Markdown writer through [`Sink`].

use std::ops::Range;

use super::{CanonicalText, IdMark, Options, OutlineKind, OutlineMark, Unit, has_id};
use crate::adapter::{DomAdapter, NodeKind};
use crate::config::Whitespace;
use crate::elements::{ElementClass, Mark, Role, element_info};
use crate::main_content::{MainContent, Verdict};
use crate::markdown_writer::{MarkdownWriter, Opened};
use crate::select::MatchCaches;
use crate::text::is_whitespace_only;

mod sink;

pub(super) struct Builder<'d, 'o, A: DomAdapter> {
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

impl<'d, 'o, A: DomAdapter> Builder<'d, 'o, A>
where
    A::Node: Copy + Eq,
{
    /// A walk writing as `options` say: `main` holds the verdicts of
    /// `content: "main"`, `selecting` whether text is content only inside
    /// an included element, `ids` the elements with an `id` around the
    /// content root.
    pub(super) fn new(
        dom: &'d A,
        options: &'o Options<'o>,
        caches: MatchCaches,
        main: Option<MainContent>,
        selecting: bool,
        ids: Vec<IdMark<A::Node>>,
    ) -> Self {
        Builder {
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
            ids,
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
        }
    }

    /// The canonical text the walk wrote.
    pub(super) fn finish(self) -> CanonicalText<A::Node> {
        let (contexts, heading_words) = self.md.map(|md| md.finish()).unwrap_or_default();
        CanonicalText {
            text: self.text,
            units: self.units,
            outline: self.outline,
            heading_texts: self.heading_texts,
            heading_words,
            heading_starts: self.heading_starts,
            ids: self.ids,
            contexts,
            markdown: self.options.markdown.is_some(),
        }
    }
}

impl<'d, A: DomAdapter> Builder<'d, '_, A>
where
    A::Node: Copy + Eq,
{
    pub(super) fn walk(&mut self, root: A::Node) {
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
        let info = element_info(dom.element_name(node));
        let (class, role) = (info.class, info.role);
        let mark = if self.md.is_some() {
            info.mark
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
