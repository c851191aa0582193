//! Line starts and breaks in the Markdown writer (SPEC §3.2): the open
//! containers' prefixes, a pending block boundary written as a space, a
//! line break or a blank line, and the inline markers closed at a
//! boundary and opened again before the next content.

use super::{MarkdownWriter, Opened, Sink};
use crate::adapter::DomAdapter;
use crate::elements::{Mark, mark_of};

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

impl<N: Copy + Eq> MarkdownWriter<N> {
    /// The prefixes of the lines after the first of every open container.
    pub(super) fn continuation_prefixes(&self) -> String {
        self.containers
            .iter()
            .filter(|container| container.started)
            .map(|container| container.rest.as_str())
            .collect()
    }

    /// Writes the prefixes of a new line: each open container's marker on
    /// its first line, its indentation or `> ` on the others.
    fn line_start<S: Sink<N>>(&mut self, sink: &mut S) {
        let md = &mut *self;
        md.definition_line = false;
        for index in 0..md.containers.len() {
            let container = &mut md.containers[index];
            if container.started {
                sink.text().push_str(&container.rest);
                md.definition_line = false;
                continue;
            }
            container.started = true;
            sink.text().push_str(&container.first);
            md.definition_line = container.definition;
            if container.definition && md.containers[index + 1..].iter().any(|c| !c.started) {
                // A list, a quote or a heading that begins a definition.
                md.break_definition_line(sink);
            }
        }
        md.line_fresh = true;
    }

    /// After a `dd`'s `: `, before a block that begins it: a reader takes
    /// `: ` before a fence, a list marker or a table row for a paragraph's
    /// text, so the block starts after a blank line, indented as the
    /// definition's other lines.
    pub(super) fn break_definition_line<S: Sink<N>>(&mut self, sink: &mut S) {
        if !self.definition_line {
            return;
        }
        self.definition_line = false;
        if sink.text().ends_with(' ') {
            sink.text().pop();
        }
        let prefixes = self.continuation_prefixes();
        let text = sink.text();
        text.push('\n');
        text.push_str(prefixes.trim_end());
        text.push('\n');
        text.push_str(&prefixes);
    }

    fn break_kind<S: Sink<N>>(&self, sink: &S) -> Break {
        let md = self;
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
        let Some(enclosing) = md.low_water.checked_sub(1) else {
            return Break::Blank;
        };
        let Some(enclosing_opened) = sink.opened(enclosing) else {
            return Break::Blank;
        };
        let first_opened = sink.opened(md.low_water);
        match enclosing_opened {
            Opened::List => Break::Line,
            Opened::Container { item: true } if first_opened == Some(Opened::List) => Break::Line,
            _ if sink.open_node(enclosing).is_some_and(|node| {
                mark_of(sink.dom().element_name(node)) == Mark::Definitions
            }) =>
            {
                Break::Line
            }
            _ => Break::Blank,
        }
    }

    /// Before content: the pending break with the next line's prefixes, a
    /// table cell's start, the pending space, the markers of inline elements
    /// not yet opened.
    pub(crate) fn flush<S: Sink<N>>(&mut self, sink: &mut S) {
        if *sink.pending_break() {
            if sink.text().is_empty() {
                self.line_start(sink);
            } else {
                match self.break_kind(sink) {
                    Break::Space => {
                        if sink.pending_space().is_empty() {
                            sink.pending_space().push(' ');
                        }
                    }
                    kind => {
                        sink.text().push('\n');
                        if kind == Break::Blank {
                            let blank = self.continuation_prefixes();
                            sink.text().push_str(blank.trim_end());
                            sink.text().push('\n');
                        }
                        if let Some(fence) = &mut self.fence {
                            fence.at_line_start = true;
                        }
                        self.line_start(sink);
                    }
                }
            }
        } else if sink.text().is_empty() {
            self.line_start(sink);
        }
        *sink.pending_break() = false;
        self.block_break = false;
        self.begin_cell(sink);
        let md = &mut *self;
        if md.line_fresh {
            sink.pending_space().clear();
        }
        md.spaced |= !sink.pending_space().is_empty();
        sink.push_pending_space();
        // Code is as written: emphasis around a code block does not mark it.
        if md.fence.is_some() {
            return;
        }
        let before = if md.line_fresh {
            None
        } else {
            sink.text().chars().next_back()
        };
        // A closer just written would make one run with an opener after
        // it (`*a**b*`), which a reader does not read as two.
        let after_closer = before == Some('*') && !sink.text().ends_with("\\*");
        for mark in &mut md.inline {
            if !mark.opened {
                // Nor those it would not open (`Kotaku*.*`): left out for
                // the rest of the element.
                if mark
                    .flanks
                    .is_some_and(|flanks| after_closer || !flanks.opens(before))
                {
                    mark.opener.clear();
                    mark.closer.clear();
                }
                sink.text().push_str(&mark.opener);
                mark.opened = true;
                md.line_fresh &= mark.opener.is_empty();
            }
        }
    }

    /// Writes the closers of the opened inline markers at a block boundary;
    /// they open again before the next content.
    pub(super) fn close_inline_marks<S: Sink<N>>(&mut self, sink: &mut S) {
        let closers: String = self
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
            sink.push_trailing(&closers);
        }
    }
}
