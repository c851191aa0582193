//! The Markdown writer (SPEC §3.2): what the walk's elements and words
//! become in the Markdown form of the canonical text. The walk
//! (`canonical`) tells the writer when an element opens and closes, when a
//! block boundary passes and what words and code text come; the writer
//! writes markers, prefixes, fences and table rows into a [`Sink`], which
//! the walk implements. The writer knows nothing else of the walk.
//!
//! What it needs to know of a subtree before writing it (a table's layout,
//! a code block's fence) comes from the look-aheads in `markdown`.

use std::ops::Range;

use crate::adapter::DomAdapter;
use crate::config::Links;
use crate::elements::Mark;
use crate::markdown::{self, TableLayout};
use crate::text::collapse_whitespace;

mod code;
mod lines;
mod table;

use table::TableState;

/// What the Markdown writer writes into and reads of the walk: implemented
/// by the walk (`canonical::Builder`), which calls the writer.
pub(crate) trait Sink<N> {
    /// The parsed document.
    type Dom: DomAdapter<Node = N>;

    fn dom(&self) -> &Self::Dom;
    /// The canonical text so far.
    fn text(&mut self) -> &mut String;
    /// Whether a block boundary was passed since the last content.
    fn pending_break(&mut self) -> &mut bool;
    /// Whitespace carried until more inline content follows on the line.
    fn pending_space(&mut self) -> &mut String;
    /// Writes the pending space and clears it.
    fn push_pending_space(&mut self);
    /// Makes what was written since byte `old`, after the last text, part
    /// of the units that end there (no markup outside every unit).
    fn trailing_since(&mut self, old: usize);
    /// Records the text node `node`, written from `start` to the end.
    fn push_text_unit(&mut self, node: N, start: usize);
    /// How many elements are open.
    fn depth(&self) -> usize;
    /// What the open element at `depth` (0 is the outermost) opened in the
    /// writer; `None` past the innermost.
    fn opened(&self, depth: usize) -> Option<Opened>;
    /// The open element at `depth`, when it is content (it has a unit).
    fn open_node(&self, depth: usize) -> Option<N>;
    /// What the emphasis markers of `node` stand between, elements that
    /// `exclude` leaves out left out ([`markdown::Flanks::of`]).
    fn flanks(&mut self, node: N) -> Option<markdown::Flanks>;
    /// The character after `node` in its block, elements that `exclude`
    /// leaves out left out ([`markdown::char_after`]).
    fn char_after(&mut self, node: N) -> Option<char>;

    /// Writes `markup` after the last text: it joins the units that end
    /// there.
    fn push_trailing(&mut self, markup: &str) {
        let old = self.text().len();
        self.text().push_str(markup);
        self.trailing_since(old);
    }
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

/// What an open element added to the Markdown state, to undo on close.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Opened {
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

/// The Markdown form's state during the walk (SPEC §3.2): what the open
/// elements write before and after their content.
pub(crate) struct MarkdownWriter<N> {
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
    /// The line so far is prefixes ending with a `dd`'s `: `, written on it.
    definition_line: bool,
}

struct Container {
    /// Written before its first line.
    first: String,
    /// Written before its other lines.
    rest: String,
    started: bool,
    /// A heading: its line is its only one, and its words name it.
    heading: bool,
    /// A `dd`: a block that begins it starts on a line of its own.
    definition: bool,
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
            definition: false,
        }
    }
}

struct InlineMark {
    opener: String,
    closer: String,
    opened: bool,
    /// For emphasis: what its markers stand between, to leave them out
    /// where a reader would not take them for emphasis.
    flanks: Option<markdown::Flanks>,
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

impl<N: Copy + Eq> MarkdownWriter<N> {
    /// A writer for a document, with how links are written.
    pub(crate) fn new(links: Links) -> Self {
        MarkdownWriter {
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
            definition_line: false,
        }
    }

    /// What the writer leaves for the canonical text: the regions in which
    /// a chunk carries context, by start, and the heading words.
    pub(crate) fn finish(self) -> (Vec<ContextRegion>, String) {
        let mut contexts = self.contexts;
        // Recorded as each table or code block closes; looked up by start.
        contexts.sort_by_key(|region| region.inside.start);
        (contexts, self.heading_words)
    }

    /// Nothing but line prefixes and markers written on this line yet.
    pub(crate) fn line_fresh(&self) -> bool {
        self.line_fresh
    }

    /// Inside a code block: text goes to [`MarkdownWriter::code_text`].
    pub(crate) fn in_fence(&self) -> bool {
        self.fence.is_some()
    }

    /// A heading opened: its words start here.
    pub(crate) fn open_heading(&mut self) {
        self.heading_word_starts.push(self.heading_words.len());
    }

    /// The innermost open heading closed: the range of its words.
    pub(crate) fn close_heading(&mut self) -> Option<Range<usize>> {
        let from = self.heading_word_starts.pop()?;
        Some(from..self.heading_words.len())
    }

    /// An element closed with `depth` elements still open.
    pub(crate) fn closed(&mut self, depth: usize) {
        self.low_water = self.low_water.min(depth);
    }

    fn in_one_line(&self) -> bool {
        !self.one_line.is_empty()
    }

    /// Writes `word` (a word of the text node `node` outside code blocks,
    /// after [`MarkdownWriter::flush`]; `ends_node` when it ends the node's
    /// text): inline markup escaped, `|` in a cell, a line's first word
    /// where it would read as structure.
    pub(crate) fn push_word<S: Sink<N>>(
        &mut self,
        sink: &mut S,
        word: &str,
        node: N,
        ends_node: bool,
    ) {
        // What follows a word's last `<` decides whether it begins an
        // autolink or a tag (`&lt;<a>https://…</a>&gt;`).
        let next = if !word.ends_with('<') {
            None
        } else if ends_node {
            sink.char_after(node)
        } else {
            Some(' ')
        };
        let md = &mut *self;
        let text = sink.text();
        let in_cell = md.tables.last().is_some_and(|table| table.cell.is_some());
        let escaped = if md.code == 0 {
            markdown::escape_inline(word, in_cell, next)
        } else if in_cell && word.contains('|') {
            // A code span's text is as written, but for a cell's `|`.
            std::borrow::Cow::Owned(word.replace('|', "\\|"))
        } else {
            std::borrow::Cow::Borrowed(word)
        };
        // A heading's last word of `#`s would be read as its closing
        // sequence.
        let in_heading = md.containers.iter().any(|container| container.heading);
        let escaped = if in_heading && word.bytes().all(|b| b == b'#') {
            std::borrow::Cow::Owned(format!("\\{word}"))
        } else {
            escaped
        };
        if md.line_fresh && md.code == 0 && md.one_line.is_empty() {
            let old = text.len();
            markdown::push_line_start_word(text, &escaped);
            md.line_word = (text.len() - old == word.len()).then(|| (word.to_owned(), text.len()));
        } else if let Some((written, _)) = md.line_word.take_if(|(_, end)| *end == text.len()) {
            if escaped != word {
                text.push_str(&escaped);
            } else if !markdown::push_line_start_continuation(text, &written, word) {
                md.line_word = Some((written + word, text.len()));
            }
        } else {
            text.push_str(&escaped);
        }
        if !md.heading_word_starts.is_empty() {
            if md.spaced && !md.heading_words.is_empty() {
                md.heading_words.push(' ');
            }
            md.heading_words.push_str(word);
        }
        md.spaced = false;
        md.line_fresh = false;
        md.definition_line = false;
        md.low_water = sink.depth();
    }

    /// A block boundary passed (a `<br>` when `line_break`): emphasis and
    /// links do not span blocks, so their markers close here, after the
    /// last text, and open again before the next.
    pub(crate) fn block_boundary<S: Sink<N>>(&mut self, sink: &mut S, line_break: bool) {
        if !line_break {
            self.block_break = true;
        }
        if self.inline.iter().any(|mark| mark.opened) {
            self.close_inline_marks(sink);
        }
    }

    /// An element opened (`node`, with its Markdown meaning `mark`; a row
    /// or a cell of the table being written when `table_part`): what it adds
    /// to the state, to undo when it closes ([`MarkdownWriter::close`]).
    pub(crate) fn open<S: Sink<N>>(
        &mut self,
        sink: &mut S,
        node: N,
        mark: Mark,
        table_part: bool,
    ) -> Opened {
        let one_line = self.in_one_line();
        let depth = sink.depth();
        let parent_is_list = depth
            .checked_sub(1)
            .and_then(|parent| sink.opened(parent))
            .is_some_and(|parent| parent == Opened::List);
        let dom = sink.dom();
        let md = &mut *self;
        match mark {
            // Inside a code block a heading is code: no heading line (its
            // `#`s would be code's text), its words still its name.
            Mark::Heading(rank) if !one_line && md.fence.is_none() => {
                md.containers.push(Container {
                    first: format!("{} ", "#".repeat(usize::from(rank))),
                    rest: String::new(),
                    started: false,
                    heading: true,
                    definition: false,
                });
                md.one_line.push(depth);
                Opened::Container { item: false }
            }
            Mark::Pre if !one_line && md.fence.is_none() => {
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
            Mark::List { ordered } if !one_line => {
                let start = if ordered {
                    Some(
                        dom.attribute(node, "start")
                            .and_then(|start| start.trim().parse::<u64>().ok())
                            .unwrap_or(1),
                    )
                } else {
                    None
                };
                self.lists.push(start);
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
            Mark::Quote if !one_line => {
                md.containers
                    .push(Container::lines("> ".into(), "> ".into()));
                Opened::Container { item: false }
            }
            Mark::Definition if !one_line => {
                md.containers.push(Container {
                    definition: true,
                    ..Container::lines(": ".into(), "  ".into())
                });
                Opened::Container { item: false }
            }
            Mark::Code if md.code == 0 => {
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
                    flanks: None,
                });
                md.code += 1;
                Opened::CodeSpan
            }
            Mark::Strong | Mark::Emphasis if md.code == 0 => {
                // Markers a reader would not close (`<b>69°</b>65°` as
                // `**69°**65°`) are left out: they would read as text.
                let Some(flanks) = sink.flanks(node).filter(|f| f.closes()) else {
                    return Opened::Nothing;
                };
                let marker = if mark == Mark::Strong { "**" } else { "*" };
                md.inline.push(InlineMark {
                    opener: marker.to_owned(),
                    closer: marker.to_owned(),
                    opened: false,
                    flanks: Some(flanks),
                });
                Opened::Inline
            }
            Mark::Link if md.code == 0 && md.links == Links::Inline => {
                match dom.attribute(node, "href") {
                    Some(href) => {
                        let closer = format!("]({href})");
                        self.inline.push(InlineMark {
                            opener: "[".to_owned(),
                            closer,
                            opened: false,
                            flanks: None,
                        });
                        Opened::Inline
                    }
                    None => Opened::Nothing,
                }
            }
            Mark::Image if md.links == Links::Inline => {
                if let Some(src) = dom.attribute(node, "src") {
                    let alt = dom.attribute(node, "alt").unwrap_or_default();
                    let image = format!("![{}]({src})", collapse_whitespace(&alt));
                    self.push_content(sink, &image);
                }
                Opened::Nothing
            }
            Mark::Rule if !one_line => {
                self.push_content(sink, "---");
                Opened::Nothing
            }
            Mark::Table if !one_line => {
                let layout = TableLayout::read(dom, node);
                if layout.one_column {
                    // Layout, not data: its rows and cells are blocks, as
                    // `div`s are, and it carries no header.
                    return Opened::Nothing;
                }
                let width = layout.width;
                self.tables.push(TableState {
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
            Mark::Row if table_part => {
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
            Mark::Cell if table_part => {
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

    /// Undoes what an element added to the state when it opened (`opened`,
    /// from [`MarkdownWriter::open`]) and writes its closing markup.
    pub(crate) fn close<S: Sink<N>>(&mut self, sink: &mut S, opened: Opened) {
        match opened {
            Opened::Nothing => {}
            Opened::Container { .. } => {
                let md = &mut *self;
                if md
                    .containers
                    .pop()
                    .is_some_and(|container| container.heading)
                {
                    md.one_line.pop();
                }
            }
            Opened::List => {
                self.lists.pop();
            }
            Opened::Inline | Opened::CodeSpan => {
                let md = &mut *self;
                if opened == Opened::CodeSpan {
                    md.code -= 1;
                }
                if let Some(mark) = md.inline.pop()
                    && mark.opened
                {
                    sink.push_trailing(&mark.closer);
                }
            }
            Opened::Fence => {
                let md = &mut *self;
                md.code -= 1;
                let Some(fence) = md.fence.take() else {
                    return;
                };
                if fence.opened {
                    if !fence.at_line_start {
                        let prefixes = self.continuation_prefixes();
                        sink.push_trailing(&format!("\n{prefixes}"));
                    }
                    let line_start = sink.text().len() - self.continuation_prefixes().len();
                    let inside = fence.inside_start..line_start;
                    sink.push_trailing(&fence.fence);
                    let closing = line_start..sink.text().len();
                    self.contexts.push(ContextRegion {
                        inside,
                        prefix: fence.opening,
                        suffix: Some(closing),
                    });
                }
            }
            Opened::Table => {
                let end = sink.text().len();
                let md = &mut *self;
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
            Opened::Row => self.finish_row(sink),
            Opened::Cell => {
                self.finish_cell(sink);
                self.one_line.pop();
            }
        }
    }

    /// Writes content that is not a text node (a rule, an image).
    fn push_content<S: Sink<N>>(&mut self, sink: &mut S, content: &str) {
        self.flush(sink);
        sink.text().push_str(content);
        self.line_fresh = false;
        self.definition_line = false;
        self.low_water = sink.depth();
    }
}
