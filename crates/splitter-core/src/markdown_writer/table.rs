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
            // Title rows are written before the table, as paragraphs.
            Mark::Row => table
                .layout
                .row_index(node, table.next_row)
                .is_some_and(|row| row >= table.layout.titles),
            Mark::Cell => table.row.is_some_and(|row| {
                table.layout.rows[row].cells
                    [table.next_cell.min(table.layout.rows[row].cells.len())..]
                    .iter()
                    .any(|cell| cell.node == node)
            }),
            _ => false,
        }
    }

    /// A header row after the first: its texts are joined to the first's
    /// (a title row is none: it is written before the table).
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
        let header = &table.layout.header;
        if row <= header.start || row >= header.end {
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
        let header_row = row == table.layout.header.start;
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
            if row == table.layout.header.start {
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

#[cfg(test)]
mod tests {
    use crate::testing::tree;
    use crate::{Chunks, Format, Splitter, SplitterConfig};

    fn split(markup: &str, chunk_size: usize, format: Format) -> Chunks {
        let config = SplitterConfig {
            format,
            ..SplitterConfig::new(chunk_size)
        };
        Splitter::new(config)
            .expect("a valid config")
            .split(&tree(markup))
    }

    /// The whole Markdown of `markup`, in one chunk.
    fn markdown(markup: &str) -> String {
        let chunks = split(markup, 100_000, Format::Markdown);
        assert_eq!(chunks.len(), 1, "{:?}", chunks.to_strings());
        chunks.to_strings().concat()
    }

    #[test]
    fn a_one_column_table_is_written_as_blocks() {
        assert_eq!(
            markdown(
                "<table><tr><td><p>Para one.</p><ul><li>a</li><li>b</li></ul></td></tr></table>\
                 <table><tr><th>Name</th></tr><tr><td>alpha</td></tr></table><p>After.</p>"
            ),
            "Para one.\n\n- a\n- b\n\nName\n\nalpha\n\nAfter."
        );
        // Spans expanded, still one column.
        assert_eq!(
            markdown("<table><tr><td rowspan=2>a</td></tr><tr></tr><tr><td>b</td></tr></table>"),
            "a\n\nb"
        );
        // A heading in the cell is a heading.
        assert_eq!(
            markdown("<table><tr><td><h2>News</h2>Powered by <b>x</b></td></tr></table>"),
            "## News\n\nPowered by **x**"
        );
    }

    /// Wikipedia's navigation boxes: rows of one cell spanning two columns,
    /// lists in them, navigation boxes nested in a cell.
    #[test]
    fn a_navigation_box_is_written_as_blocks() {
        let inner = "<table><tr><th colspan=2>Champions</th></tr><tr><td colspan=2></td></tr>\
                     <tr><td colspan=2><ul><li>1968 Hunt</li><li>1969 Sawamatsu</li></ul></td></tr>\
                     </table>";
        assert_eq!(
            markdown(&format!(
                "<table><tr><td><table><tr><th colspan=2>Anne Smith</th></tr>\
                 <tr><td colspan=2>{inner}</td></tr></table></td></tr></table>"
            )),
            "Anne Smith\n\nChampions\n\n- 1968 Hunt\n- 1969 Sawamatsu"
        );
        // With a group name beside a list, two columns: a title, then rows.
        assert_eq!(
            markdown(
                "<table><tr><th colspan=2>Champions</th></tr>\
                 <tr><th>Singles</th><td><ul><li>Hunt</li><li>Court</li></ul></td></tr></table>"
            ),
            "Champions\n\n| Singles | Hunt Court |\n| --- | --- |"
        );
    }

    #[test]
    fn a_one_column_tables_caption_is_a_paragraph_before_it() {
        assert_eq!(
            markdown(
                "<table><caption>Menu</caption><tr><td>Home</td></tr><tr><td>About</td></tr></table>"
            ),
            "Menu\n\nHome\n\nAbout"
        );
    }

    #[test]
    fn a_table_in_a_one_column_cell_keeps_its_markdown() {
        assert_eq!(
            markdown(
                "<table><tr><td><p>Intro</p><table><tr><th>K</th><th>V</th></tr>\
                 <tr><td>a</td><td>b</td></tr></table></td></tr></table>"
            ),
            "Intro\n\n| K | V |\n| --- | --- |\n| a | b |"
        );
    }

    #[test]
    fn a_one_column_table_in_a_cell_is_the_cells_text() {
        assert_eq!(
            markdown(
                "<table><tr><td>x</td><td><table><tr><td><p>in</p><p>ner</p></td></tr>\
                 </table></td></tr></table>"
            ),
            "| x | in ner |\n| --- | --- |"
        );
    }

    #[test]
    fn a_full_width_header_row_is_a_title_before_the_table() {
        let rows = "<tr><th>Year</th><th>Venue</th></tr><tr><td>2007</td><td>Bangkok</td></tr>";
        assert_eq!(
            markdown(&format!(
                "<table><tr><th colspan=2>Representing Poland</th></tr>{rows}</table>"
            )),
            "Representing Poland\n\n| Year | Venue |\n| --- | --- |\n| 2007 | Bangkok |"
        );
        // After the caption; a colspan wider than the table spans it too.
        assert_eq!(
            markdown(&format!(
                "<table><caption>Medals</caption><thead><tr><th colspan=3>Poland</th></tr>\
                 </thead>{rows}</table>"
            )),
            "Medals\n\nPoland\n\n| Year | Venue |\n| --- | --- |\n| 2007 | Bangkok |"
        );
    }

    /// Several leading header rows of one cell over every column are each a
    /// title; a `td` over every column after them (an infobox's image, a
    /// navigation box's spacer) is the header, not a title.
    #[test]
    fn leading_full_width_rows_are_titles_one_after_another() {
        let rows = "<tr><th></th><th>First party</th><th>Second party</th></tr>\
                    <tr><td>Leader</td><td>Persson</td><td>Bildt</td></tr>";
        assert_eq!(
            markdown(&format!(
                "<table><tr><th colspan=3>Election, 1998</th></tr>\
                 <tr><th colspan=3>All 349 seats</th></tr>{rows}</table>"
            )),
            "Election, 1998\n\nAll 349 seats\n\n| | First party | Second party |\n\
             | --- | --- | --- |\n| Leader | Persson | Bildt |"
        );
        assert_eq!(
            markdown(&format!(
                "<table><tr><th colspan=3>Election, 1998</th></tr>\
                 <tr><td colspan=3><img src=x.png></td></tr>{rows}</table>"
            )),
            "Election, 1998\n\n| | | |\n| --- | --- | --- |\n| | First party | Second party |\n\
             | Leader | Persson | Bildt |"
        );
    }

    #[test]
    fn the_header_is_read_from_the_rows_after_the_title() {
        // The title is the only header row: the first row after it is the
        // header, as in a table without `th`.
        assert_eq!(
            markdown(
                "<table><tr><th colspan=2>T</th></tr><tr><td>a</td><td>b</td></tr>\
                 <tr><td>c</td><td>d</td></tr></table>"
            ),
            "T\n\n| a | b |\n| --- | --- |\n| c | d |"
        );
        // Several header rows after the title are joined, without it.
        assert_eq!(
            markdown(
                "<table><thead><tr><th colspan=2>T</th></tr><tr><th>A</th><th>B</th></tr>\
                 <tr><th>x</th><th>y</th></tr></thead><tr><td>1</td><td>2</td></tr></table>"
            ),
            "T\n\n| A / x | B / y |\n| --- | --- |\n| 1 | 2 |"
        );
        // A first row of `td` is the header (no row is all `th`): a title.
        assert_eq!(
            markdown(
                "<table><tr><td colspan=2>Results</td></tr><tr><td>a</td><td>b</td></tr></table>"
            ),
            "Results\n\n| a | b |\n| --- | --- |"
        );
    }

    #[test]
    fn a_title_over_one_column_leaves_a_one_column_table() {
        assert_eq!(
            markdown(
                "<table><tr><th colspan=2>T</th></tr><tr><td>a</td></tr><tr><td>b</td></tr></table>"
            ),
            "T\n\na\n\nb"
        );
        // A title alone.
        assert_eq!(
            markdown("<table><tr><th colspan=2>T</th></tr></table>"),
            "T"
        );
    }

    #[test]
    fn rows_that_are_no_title_stay_rows() {
        // Not spanning every column.
        assert_eq!(
            markdown("<table><tr><th>T</th></tr><tr><td>a</td><td>b</td></tr></table>"),
            "| T | |\n| --- | --- |\n| a | b |"
        );
        // Not leading.
        assert_eq!(
            markdown(
                "<table><tr><th>A</th><th>B</th></tr><tr><th colspan=2>Group</th></tr>\
                 <tr><td>a</td><td>b</td></tr></table>"
            ),
            "| A / Group | B / Group |\n| --- | --- |\n| a | b |"
        );
    }

    /// A chunk inside a titled table carries its header rows, not the title;
    /// one inside a one-column table carries nothing and begins with no `|`.
    #[test]
    fn what_chunks_inside_the_tables_carry() {
        let rows: String = (0..12)
            .map(|i| format!("<tr><td>row {i}</td><td>value {i}</td></tr>"))
            .collect();
        let titled = format!(
            "<table><tr><th colspan=2>Representing Poland</th></tr>\
             <tr><th>Key</th><th>Value</th></tr>{rows}</table>"
        );
        let chunks = split(&titled, 80, Format::Markdown);
        assert!(chunks.len() > 2, "{:?}", chunks.to_strings());
        let header = "| Key | Value |\n| --- | --- |\n";
        for (index, chunk) in chunks.iter().enumerate() {
            assert_eq!(
                chunk.text.contains("Representing Poland"),
                index == 0,
                "{:?}",
                chunk.text
            );
            if index > 0 {
                assert!(chunk.text.starts_with(header), "{:?}", chunk.text);
                assert_eq!(chunk.provenance.prefix_length, header.len());
            }
        }

        let cells: String = (0..12)
            .map(|i| format!("<tr><td><p>paragraph {i}</p><ul><li>item {i}</li></ul></td></tr>"))
            .collect();
        let chunks = split(
            &format!("<table><tr><th>Menu</th></tr>{cells}</table>"),
            60,
            Format::Markdown,
        );
        assert!(chunks.len() > 2, "{:?}", chunks.to_strings());
        for chunk in &chunks {
            assert!(!chunk.text.contains('|'), "{:?}", chunk.text);
            assert_eq!(chunk.provenance.prefix_length, 0, "{:?}", chunk.text);
        }
    }

    /// The plain text forms know no tables: each cell is a block there.
    #[test]
    fn plain_text_is_unchanged() {
        let html = "<table><tr><th colspan=2>Title</th></tr><tr><th>A</th><th>B</th></tr>\
                    <tr><td>a</td><td>b</td></tr></table>\
                    <table><tr><td><p>one</p><p>two</p></td></tr></table>";
        let chunks = split(html, 100_000, Format::Text);
        assert_eq!(chunks.to_strings(), ["Title\nA\nB\na\nb\none\ntwo"]);
    }
}
