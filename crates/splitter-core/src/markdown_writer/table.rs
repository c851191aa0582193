//! Pipe tables in the Markdown writer (SPEC §3.2): which elements are the
//! rows and cells of the table being written, and the cells, padding,
//! covered columns and delimiter row written around their text.

use std::ops::Range;

use super::{MarkdownWriter, Sink};
use crate::adapter::DomAdapter;
use crate::elements::{Mark, mark_of};
use crate::markdown::TableLayout;

/// A table being written: its layout, and how far its rows and cells are.
pub(super) struct TableState<N> {
    pub(super) layout: TableLayout<N>,
    pub(super) depth: usize,
    /// The row being written (an index into the layout) and the next cell.
    pub(super) row: Option<usize>,
    pub(super) next_row: usize,
    pub(super) next_cell: usize,
    /// The next column to write in the row.
    pub(super) column: usize,
    pub(super) row_started: bool,
    pub(super) rows_written: usize,
    /// The cell being written: its layout, whether it has begun, and where
    /// its text starts.
    pub(super) cell: Option<(usize, bool, usize)>,
    /// For each column, the text of a cell above that still covers rows,
    /// and how many.
    pub(super) covered: Vec<Option<(String, usize)>>,
    pub(super) header: Option<Range<usize>>,
}

impl<N: Copy + Eq> MarkdownWriter<N> {
    /// Whether `node` is a row of the innermost table, or a cell of its
    /// current row, outside any cell.
    pub(crate) fn is_table_part(&self, node: N, mark: Mark) -> bool {
        let md = self;
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
    pub(crate) fn is_joined_header_row<A: DomAdapter<Node = N>>(
        &mut self,
        dom: &A,
        node: N,
    ) -> bool {
        if mark_of(dom.element_name(node)) != Mark::Row || !self.is_table_part(node, Mark::Row) {
            return false;
        }
        let md = &mut *self;
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

    /// Starts the current cell if it has not started: the row's `|`, the
    /// cells above that cover columns before it, its opening space.
    pub(super) fn begin_cell<S: Sink<N>>(&mut self, sink: &mut S) {
        let md = &mut *self;
        let Some(table) = md.tables.last_mut() else {
            return;
        };
        let Some((index, false, _)) = table.cell else {
            return;
        };
        let Some(row) = table.row else { return };
        if !table.row_started {
            md.break_definition_line(sink);
        }
        let Some(table) = md.tables.last_mut() else {
            return;
        };
        if !table.row_started {
            sink.text().push('|');
            table.row_started = true;
            if table.rows_written == 0 {
                let line_start = sink.text().rfind('\n').map_or(0, |i| i + 1);
                table.header = Some(line_start..line_start);
            }
        }
        let column = table.layout.rows[row].cells[index].column;
        while table.column < column {
            let text = table.covered[table.column]
                .as_ref()
                .map_or("", |(text, _)| text.as_str());
            if text.is_empty() {
                sink.text().push_str(" |");
            } else {
                sink.text().push(' ');
                sink.text().push_str(text);
                sink.text().push_str(" |");
            }
            table.column += 1;
        }
        sink.text().push(' ');
        table.cell = Some((index, true, sink.text().len()));
        md.line_fresh = true;
    }

    pub(super) fn finish_cell<S: Sink<N>>(&mut self, sink: &mut S) {
        let Some(table) = self.tables.last() else {
            return;
        };
        let Some((index, begun, _)) = table.cell else {
            return;
        };
        if begun {
            // Emphasis open around the table closes in the cell, and opens
            // again before the next text.
            self.close_inline_marks(sink);
        } else {
            // An empty cell starts without the markers of emphasis around
            // it: they would enclose nothing.
            let inline = std::mem::take(&mut self.inline);
            self.flush(sink);
            self.inline = inline;
        }
        let Some(table) = self.tables.last_mut() else {
            return;
        };
        let (Some(row), Some((_, _, content_start))) = (table.row, table.cell) else {
            return;
        };
        table.cell = None;
        let cell = table.layout.rows[row].cells[index];
        let content = sink.text()[content_start..].to_owned();
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
        sink.push_trailing(&markup);
    }

    /// Writes the columns after the row's last cell, then, after the header
    /// row, the delimiter row.
    pub(super) fn finish_row<S: Sink<N>>(&mut self, sink: &mut S) {
        let Some(table) = self.tables.last_mut() else {
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
            *sink.pending_break() = true;
            self.flush(sink);
            let Some(table) = self.tables.last_mut() else {
                return;
            };
            sink.text().push('|');
            table.row_started = true;
        }
        let md = &mut *self;
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
        sink.push_trailing(&markup);
        if header {
            let end = sink.text().len();
            let md = &mut *self;
            if let Some(table) = md.tables.last_mut()
                && let Some(header) = &mut table.header
            {
                header.end = end;
            }
        }
    }
}
