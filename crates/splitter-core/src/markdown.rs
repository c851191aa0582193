//! What the Markdown form of the canonical text (SPEC §3.2) needs to know
//! about a subtree before the walk writes it: the layout of a table (spans
//! expanded, the header rows), the fence and language of a code block, the
//! backticks of a code span, and the escapes that keep text from being read
//! as structure.
//!
//! These look-aheads read only what they need (a table's rows and cells, a
//! code element's text); the text itself is written once, by the Markdown
//! writer (`markdown_writer`) as the walk in `canonical` reaches it.

use std::ops::Range;

use crate::adapter::{DomAdapter, NodeKind, is_unrendered};
use crate::text::collapse_whitespace;

/// The most columns or rows one cell may span; larger values (and the
/// standard's `rowspan="0"`) are clamped, so a hostile attribute cannot make
/// a table huge.
const MAX_SPAN: usize = 1000;

/// The rows and columns of one table, spans expanded.
#[derive(Debug)]
pub(crate) struct TableLayout<N> {
    /// The table's rows in document order: the `tr` children of the table
    /// and of its `thead`, `tbody` and `tfoot`.
    pub(crate) rows: Vec<RowLayout<N>>,
    /// The number of columns of the widest row, the title rows left out.
    pub(crate) width: usize,
    /// A table of one column (every row one cell once spans are expanded:
    /// its own, or one from a row above, of any `colspan`): layout, not
    /// data. It is no pipe table; each cell is a block, written as a `div`
    /// would be.
    pub(crate) one_column: bool,
    /// How many leading rows are the table's titles: one cell each, a
    /// header row, spanning every column of the rows after them. They are
    /// written as paragraphs before the table, not into every column's
    /// header.
    pub(crate) titles: usize,
    /// The indices of the header rows: the rows of `thead`, else the
    /// leading rows whose cells are all `th`, else the first row, all
    /// counted from the row after the titles. Not empty when there are rows
    /// after the titles.
    pub(crate) header: Range<usize>,
    /// For each column, the texts of the header rows after the first, each
    /// distinct from those above it, to be joined to the first header
    /// row's cell with ` / `.
    pub(crate) header_more: Vec<Vec<String>>,
}

#[derive(Debug)]
pub(crate) struct RowLayout<N> {
    pub(crate) node: N,
    pub(crate) cells: Vec<CellLayout<N>>,
}

#[derive(Debug, Clone, Copy)]
pub(crate) struct CellLayout<N> {
    pub(crate) node: N,
    /// The first column it covers.
    pub(crate) column: usize,
    pub(crate) colspan: usize,
    pub(crate) rowspan: usize,
}

/// What the header rule reads of a row.
#[derive(Clone, Copy)]
struct RowKind {
    /// It is a row of a `thead`.
    in_thead: bool,
    /// It has cells, all `th`.
    all_th: bool,
    /// How many columns it reaches, cells from rows above included.
    extent: usize,
    /// How many cells it holds, cells from rows above included.
    cells: usize,
}

fn is_named<A: DomAdapter>(dom: &A, node: A::Node, names: &[&str]) -> bool {
    dom.kind(node) == NodeKind::Element && {
        let name = dom.element_name(node);
        names.iter().any(|wanted| name.eq_ignore_ascii_case(wanted))
    }
}

fn span_attribute<A: DomAdapter>(dom: &A, node: A::Node, name: &str) -> usize {
    dom.attribute(node, name)
        .and_then(|value| value.trim().parse::<usize>().ok())
        .filter(|&span| span > 0)
        .map_or(1, |span| span.min(MAX_SPAN))
}

/// How many leading rows are titles (SPEC §3.2): the leading rows of the
/// header rows (`header`: `thead`, else the leading all-`th` rows, else the
/// first row) that are one cell each, reaching no row below, each spanning
/// every column of the rows after the last of them.
fn title_rows<N>(rows: &[RowLayout<N>], kinds: &[RowKind], header: Range<usize>) -> usize {
    // The widest of the rows from each row on.
    let mut width_from = vec![0; kinds.len() + 1];
    for (index, kind) in kinds.iter().enumerate().rev() {
        width_from[index] = width_from[index + 1].max(kind.extent);
    }
    let mut titles = 0;
    let mut narrowest = usize::MAX;
    for (index, row) in rows.iter().enumerate().take(header.end) {
        let [cell] = row.cells.as_slice() else {
            break;
        };
        if cell.rowspan > 1 {
            break;
        }
        narrowest = narrowest.min(cell.colspan);
        if narrowest >= width_from[index + 1] {
            titles = index + 1;
        }
    }
    titles
}

/// The header rows among `kinds[from..]` (SPEC §3.2): the leading rows of
/// `thead`, else the leading rows whose cells are all `th`, else the first.
fn header_rows(kinds: &[RowKind], from: usize) -> Range<usize> {
    let rest = kinds.get(from..).unwrap_or_default();
    if rest.is_empty() {
        return from..from;
    }
    let thead = rest.iter().take_while(|kind| kind.in_thead).count();
    let all_th = rest.iter().take_while(|kind| kind.all_th).count();
    let count = if thead > 0 { thead } else { all_th.max(1) };
    from..from + count
}

impl<N: Copy + Eq> TableLayout<N> {
    /// Lays out `table`: which column each cell starts in, with the columns
    /// that cells of earlier rows cover (`rowspan`) skipped; whether it is
    /// one column, which leading rows are titles, its header rows.
    pub(crate) fn read<A: DomAdapter<Node = N>>(dom: &A, table: N) -> Self {
        let mut rows = Vec::new();
        let mut kinds = Vec::new();
        // For each column, how many more rows a cell above still covers,
        // and which cell (numbered in document order).
        let mut covered: Vec<(usize, usize)> = Vec::new();
        let mut cell_count = 0;
        let mut row_nodes = Vec::new();
        for child in dom.children(table) {
            if is_named(dom, child, &["tr"]) {
                row_nodes.push((child, false));
            } else if is_named(dom, child, &["thead", "tbody", "tfoot"]) {
                let head = is_named(dom, child, &["thead"]);
                row_nodes.extend(
                    dom.children(child)
                        .filter(|&row| is_named(dom, row, &["tr"]))
                        .map(|row| (row, head)),
                );
            }
        }
        for (row, in_thead) in row_nodes {
            let mut cells = Vec::new();
            let mut column = 0;
            let mut all_th = true;
            // The cells of rows above that reach into this one.
            let mut from_above = 0;
            let mut last_above = None;
            for &(rows, cell) in &covered {
                if rows > 0 && last_above != Some(cell) {
                    from_above += 1;
                    last_above = Some(cell);
                }
            }
            for cell in dom.children(row) {
                if !is_named(dom, cell, &["td", "th"]) {
                    continue;
                }
                all_th &= is_named(dom, cell, &["th"]);
                while covered.get(column).is_some_and(|&(rows, _)| rows > 0) {
                    column += 1;
                }
                let colspan = span_attribute(dom, cell, "colspan");
                let rowspan = span_attribute(dom, cell, "rowspan");
                let end = column.saturating_add(colspan);
                if covered.len() < end {
                    covered.resize(end, (0, 0));
                }
                for slot in &mut covered[column..end] {
                    *slot = (rowspan, cell_count);
                }
                cell_count += 1;
                cells.push(CellLayout {
                    node: cell,
                    column,
                    colspan,
                    rowspan,
                });
                column = end;
            }
            let used = covered
                .iter()
                .rposition(|&(rows, _)| rows > 0)
                .map_or(0, |i| i + 1);
            for (rows, _) in &mut covered {
                *rows = rows.saturating_sub(1);
            }
            kinds.push(RowKind {
                in_thead,
                all_th: all_th && !cells.is_empty(),
                extent: column.max(used),
                cells: cells.len() + from_above,
            });
            rows.push(RowLayout { node: row, cells });
        }
        // One column: every row holds one cell at most, its own or one
        // from above, however many columns it spans (a navigation box's
        // rows are each one cell of `colspan="2"`).
        let one_column = kinds.iter().all(|kind| kind.cells <= 1);
        let header = header_rows(&kinds, 0);
        let titles = if one_column {
            0
        } else {
            title_rows(&rows, &kinds, header.clone())
        };
        let width = kinds
            .get(titles..)
            .unwrap_or_default()
            .iter()
            .map(|kind| kind.extent)
            .max()
            .unwrap_or(0);
        // The header rows after the titles; when every header row is a
        // title, the rows after them are read as a table without a title
        // (the first of them the header when none is in `thead` or `th`).
        let header = if titles < header.end {
            titles..header.end
        } else {
            header_rows(&kinds, titles)
        };
        let mut layout = TableLayout {
            rows,
            width,
            one_column,
            titles,
            header,
            header_more: vec![Vec::new(); width],
        };
        if !layout.one_column {
            layout.join_header(dom);
        }
        layout
    }

    /// The texts the header rows after the first add to each column.
    fn join_header<A: DomAdapter<Node = N>>(&mut self, dom: &A) {
        let mut seen: Vec<Vec<String>> = vec![Vec::new(); self.width];
        let header_rows = self.rows.get(self.header.clone()).unwrap_or_default();
        for (index, row) in header_rows.iter().enumerate() {
            for cell in &row.cells {
                let text = collapse_whitespace(&plain_text(dom, cell.node));
                let columns = cell.column..(cell.column + cell.colspan).min(self.width);
                for (texts, more) in seen[columns.clone()]
                    .iter_mut()
                    .zip(&mut self.header_more[columns])
                {
                    if text.is_empty() || texts.contains(&text) {
                        continue;
                    }
                    texts.push(text.clone());
                    if index > 0 {
                        more.push(escape_inline(&text, true, None).into_owned());
                    }
                }
            }
        }
    }

    /// The index of `row` among the rows, looked for from `from` on.
    pub(crate) fn row_index(&self, row: N, from: usize) -> Option<usize> {
        self.rows
            .get(from..)?
            .iter()
            .position(|layout| layout.node == row)
            .map(|offset| from + offset)
    }
}

/// The text of the text nodes under `node`, as authored, in document order
/// (skipped elements left out). Iterative: a deep subtree is fine.
pub(crate) fn plain_text<A: DomAdapter>(dom: &A, node: A::Node) -> String {
    let mut text = String::new();
    for_each_text(dom, node, |data| text.push_str(data));
    text
}

fn for_each_text<A: DomAdapter>(dom: &A, node: A::Node, visit: impl FnMut(&str)) {
    for_each_text_where(dom, node, |_| false, visit);
}

/// [`for_each_text`], elements for which `left_out` is true skipped.
fn for_each_text_where<A: DomAdapter>(
    dom: &A,
    node: A::Node,
    mut left_out: impl FnMut(A::Node) -> bool,
    mut visit: impl FnMut(&str),
) {
    let mut walk = dom.descendants(node);
    while let Some(current) = walk.next() {
        match dom.kind(current) {
            NodeKind::Text => visit(&dom.text(current)),
            NodeKind::Element if is_unrendered(dom, current) || left_out(current) => {
                walk.skip_subtree();
            }
            _ => {}
        }
    }
}

/// The first character of the text under `node` (skipped elements left
/// out); `None` when there is none.
fn first_char<A: DomAdapter>(
    dom: &A,
    node: A::Node,
    left_out: &mut impl FnMut(A::Node) -> bool,
) -> Option<char> {
    let mut walk = dom.descendants(node);
    while let Some(current) = walk.next() {
        match dom.kind(current) {
            NodeKind::Text => {
                if let Some(first) = dom.text(current).chars().next() {
                    return Some(first);
                }
            }
            NodeKind::Element if is_unrendered(dom, current) || left_out(current) => {
                walk.skip_subtree();
            }
            NodeKind::Element if is_block(dom, current) => return Some('\n'),
            _ => {}
        }
    }
    None
}

fn is_block<A: DomAdapter>(dom: &A, node: A::Node) -> bool {
    crate::elements::is_block_element(dom.element_name(node))
}

/// What the emphasis markers of `node` (`strong`, `em`…) stand between,
/// for whether a reader takes them for emphasis (CommonMark's flanking
/// rules): the first and the last non-whitespace characters of its text,
/// and the character after it in its block (`None` at the block's end).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Flanks {
    pub(crate) first: char,
    pub(crate) last: char,
    pub(crate) after: Option<char>,
}

impl Flanks {
    /// `None` when `node` has no text.
    ///
    /// Elements for which `left_out` is true are read as absent.
    pub(crate) fn of<A: DomAdapter>(
        dom: &A,
        node: A::Node,
        mut left_out: impl FnMut(A::Node) -> bool,
    ) -> Option<Self> {
        let mut text = String::new();
        for_each_text_where(dom, node, &mut left_out, |data| text.push_str(data));
        let first = text.chars().find(|ch| !ch.is_whitespace())?;
        let last = text.chars().rev().find(|ch| !ch.is_whitespace())?;
        Some(Flanks {
            first,
            last,
            after: char_after(dom, node, &mut left_out),
        })
    }

    /// Whether an opening marker after `before` (`None` at a line's start)
    /// opens emphasis: it is left-flanking.
    pub(crate) fn opens(&self, before: Option<char>) -> bool {
        !is_punctuation(self.first) || before.is_none_or(|ch| !ch.is_alphanumeric())
    }

    /// Whether the closing marker closes it: it is right-flanking.
    pub(crate) fn closes(&self) -> bool {
        !is_punctuation(self.last) || self.after.is_none_or(|ch| !ch.is_alphanumeric())
    }
}

/// Punctuation to CommonMark's flanking rules (Unicode punctuation and
/// symbols), taken broadly: anything neither alphanumeric nor whitespace.
fn is_punctuation(ch: char) -> bool {
    !ch.is_alphanumeric() && !ch.is_whitespace()
}

/// The character after `node` in its block: the first of the text that
/// follows it, a line break at a block element; `None` at the block's end.
pub(crate) fn char_after<A: DomAdapter>(
    dom: &A,
    node: A::Node,
    left_out: &mut impl FnMut(A::Node) -> bool,
) -> Option<char> {
    let mut current = node;
    loop {
        let mut sibling = dom.next_sibling(current);
        while let Some(next) = sibling {
            match dom.kind(next) {
                NodeKind::Text => {
                    if let Some(first) = dom.text(next).chars().next() {
                        return Some(first);
                    }
                }
                NodeKind::Element if !is_unrendered(dom, next) && !left_out(next) => {
                    if is_block(dom, next) {
                        return None;
                    }
                    if let Some(first) = first_char(dom, next, left_out) {
                        return Some(first);
                    }
                }
                _ => {}
            }
            sibling = dom.next_sibling(next);
        }
        current = dom.parent(current)?;
        if dom.kind(current) != NodeKind::Element || is_block(dom, current) {
            return None;
        }
    }
}

/// The longest run of backticks in the text under `node`, and whether that
/// text (trimmed) begins and ends with a backtick.
pub(crate) fn backticks<A: DomAdapter>(dom: &A, node: A::Node) -> (usize, bool, bool) {
    let text = plain_text(dom, node);
    let mut longest = 0;
    let mut run = 0;
    for ch in text.chars() {
        if ch == '`' {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    let trimmed = text.trim();
    (longest, trimmed.starts_with('`'), trimmed.ends_with('`'))
}

/// The language of a code block: a `language-X` or `lang-X` class on the
/// `pre`, or on its only child element when that is a `code` with nothing
/// but whitespace beside it.
pub(crate) fn code_language<A: DomAdapter>(dom: &A, pre: A::Node) -> Option<String> {
    if let Some(language) = language_class(dom, pre) {
        return Some(language);
    }
    let mut only = None;
    for child in dom.children(pre) {
        match dom.kind(child) {
            NodeKind::Element if only.is_none() => only = Some(child),
            NodeKind::Element => return None,
            NodeKind::Text if !dom.text(child).trim().is_empty() => return None,
            _ => {}
        }
    }
    only.filter(|&code| is_named(dom, code, &["code"]))
        .and_then(|code| language_class(dom, code))
}

fn language_class<A: DomAdapter>(dom: &A, node: A::Node) -> Option<String> {
    let classes = dom.attribute(node, "class")?;
    classes.split_whitespace().find_map(|class| {
        let language = class
            .strip_prefix("language-")
            .or_else(|| class.strip_prefix("lang-"))?;
        // A fence's info string ends at a backtick or a line break.
        (!language.is_empty() && !language.contains('`')).then(|| language.to_owned())
    })
}

/// `word`, a word of text, with a backslash before each character a
/// CommonMark reader would otherwise take for inline markup rather than
/// for the character: every `*` and backtick, a `_` not between two
/// alphanumerics of the word (`snake_case` stays), a `[` (no link forms),
/// a `\` before punctuation or at the word's end, an `&` that would begin
/// a character reference (`&quot;`), a `<` that would begin raw HTML or an
/// autolink (text such as `<img src=…>` is text), and in a table cell a
/// `|`.
///
/// `next` is the character after the word when it is known (a word that
/// ends a text node can be followed by the next node's text).
pub(crate) fn escape_inline(
    word: &str,
    in_cell: bool,
    next: Option<char>,
) -> std::borrow::Cow<'_, str> {
    let special = |b: u8| matches!(b, b'*' | b'`' | b'[' | b'|' | b'_' | b'\\' | b'&' | b'<');
    if !word.bytes().any(special) {
        return std::borrow::Cow::Borrowed(word);
    }
    let chars: Vec<(usize, char)> = word.char_indices().collect();
    let needs = |index: usize| -> bool {
        let (at, ch) = chars[index];
        let before = index.checked_sub(1).map(|i| chars[i].1);
        let after = chars.get(index + 1).map(|&(_, ch)| ch);
        match ch {
            '*' | '`' | '[' => true,
            '|' => in_cell,
            '_' => {
                !(before.is_some_and(char::is_alphanumeric)
                    && after.is_some_and(char::is_alphanumeric))
            }
            '\\' => after.is_none_or(|ch| ch.is_ascii_punctuation()),
            '&' => begins_character_reference(&word[at + 1..]),
            '<' => after
                .or(next)
                .is_some_and(|ch| ch.is_ascii_alphabetic() || "/!?".contains(ch)),
            _ => false,
        }
    };
    let Some(first) = (0..chars.len()).find(|&index| needs(index)) else {
        return std::borrow::Cow::Borrowed(word);
    };
    let mut out = String::with_capacity(word.len() + 4);
    out.push_str(&word[..chars[first].0]);
    for (index, &(_, ch)) in chars.iter().enumerate().skip(first) {
        if needs(index) {
            out.push('\\');
        }
        out.push(ch);
    }
    std::borrow::Cow::Owned(out)
}

/// Whether `rest`, the text after an `&`, makes it a character reference
/// to a reader: a name or a decimal or hexadecimal number, then `;`.
fn begins_character_reference(rest: &str) -> bool {
    let (digits, body): (fn(&char) -> bool, &str) = match rest.strip_prefix('#') {
        Some(number) => match number.strip_prefix(['x', 'X']) {
            Some(hex) => (char::is_ascii_hexdigit, hex),
            None => (char::is_ascii_digit, number),
        },
        None => (char::is_ascii_alphanumeric, rest),
    };
    let length = body.chars().take_while(digits).count();
    length > 0 && body[length..].starts_with(';')
}

/// Writes `word`, the first word of a line, with a backslash where it would
/// otherwise begin a heading, a block quote, a list item, a fence or a
/// rule: `\# x`, `\> x`, `\- x`, `1\. x`.
pub(crate) fn push_line_start_word(out: &mut String, word: &str) {
    match line_start_escape(word) {
        Some(at) => {
            out.push_str(&word[..at]);
            out.push('\\');
            out.push_str(&word[at..]);
        }
        None => out.push_str(word),
    }
}

/// Writes `piece`, which continues the first word of a line (`written`,
/// as it was before escaping, written with no escape) with no space
/// between (`1<span>.</span>`): with a backslash where the whole word
/// needs one and the piece can hold it. Returns whether it wrote one.
///
/// Where the escape would go before the piece (a rule or a fence made
/// whole by the piece: `-<span>--</span>`), it goes at the piece's start:
/// a backslash anywhere in a run of `-` or backticks breaks the rule or
/// the fence just as well.
pub(crate) fn push_line_start_continuation(out: &mut String, written: &str, piece: &str) -> bool {
    let word = format!("{written}{piece}");
    match line_start_escape(&word) {
        Some(at) => {
            let at = at.saturating_sub(written.len());
            out.push_str(&piece[..at]);
            out.push('\\');
            out.push_str(&piece[at..]);
            true
        }
        None => {
            out.push_str(piece);
            false
        }
    }
}

/// Where the first word of a line, `word`, needs a backslash for a reader
/// to take it as text: before its first character, or before the `.` or
/// `)` after its digits; `None` when it reads as text already.
fn line_start_escape(word: &str) -> Option<usize> {
    let bytes = word.as_bytes();
    let &first = bytes.first()?;
    let hashes = bytes.iter().take_while(|&&b| b == b'#').count();
    let is_rule = bytes.len() >= 3
        && matches!(first, b'-' | b'*' | b'_')
        && bytes.iter().all(|&b| b == first);
    // A line of `=` or `-` under a paragraph's line makes it a heading.
    let is_underline = matches!(first, b'=' | b'-') && bytes.iter().all(|&b| b == first);
    let escape_first = (hashes > 0 && hashes <= 6 && hashes == bytes.len())
        || first == b'>'
        || (matches!(first, b'-' | b'+' | b'*') && bytes.len() == 1)
        || is_rule
        || is_underline
        || word.starts_with("```")
        || word.starts_with("~~~");
    if escape_first {
        return Some(0);
    }
    let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
    ((1..=9).contains(&digits) && bytes.len() == digits + 1 && matches!(bytes[digits], b'.' | b')'))
        .then_some(digits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{ArenaDom, tree};

    /// The layout of the first element of `markup`, a table.
    fn layout(markup: &str) -> TableLayout<usize> {
        let dom: ArenaDom = tree(markup);
        let table = dom.first_child(ArenaDom::DOCUMENT).expect("a table");
        TableLayout::read(&dom, table)
    }

    #[test]
    fn a_table_whose_rows_have_one_cell_is_one_column() {
        let one = layout("<table><tr><th>a</th></tr><tr><td>b</td></tr></table>");
        assert!(one.one_column && one.titles == 0);
        let spans = layout("<table><tr><td rowspan=3>a</td></tr><tr></tr><tr></tr></table>");
        assert!(spans.one_column);
        // A navigation box: every row one cell over both columns.
        let navbox = layout(
            "<table><tr><th colspan=2>T</th></tr><tr><td colspan=2></td></tr>\
             <tr><td colspan=2>list</td></tr></table>",
        );
        assert!(navbox.one_column && navbox.titles == 0);
        // A cell from the row above makes two.
        let above =
            layout("<table><tr><td rowspan=2>a</td><td>b</td></tr><tr><td>c</td></tr></table>");
        assert!(!above.one_column);
        let two = layout("<table><tr><td>a</td></tr><tr><td>b</td><td>c</td></tr></table>");
        assert!(!two.one_column && two.titles == 0);
        assert_eq!((two.width, two.header.clone()), (2, 0..1));
        assert!(layout("<table></table>").one_column);
    }

    #[test]
    fn a_leading_row_of_one_cell_over_every_column_is_the_title() {
        let titled = layout(
            "<table><thead><tr><th colspan=3>T</th></tr><tr><th>a</th><th>b</th></tr></thead>\
             <tbody><tr><td>1</td><td>2</td></tr></tbody></table>",
        );
        assert!(titled.titles == 1 && !titled.one_column);
        assert_eq!((titled.width, titled.header.clone()), (2, 1..2));
        // The title is the only header row: the rows after it are read as a
        // table of their own (their first row the header).
        let alone = layout(
            "<table><thead><tr><th colspan=2>T</th></tr></thead>\
             <tbody><tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></tbody></table>",
        );
        assert_eq!(alone.titles, 1);
        assert_eq!(alone.header, 1..2);
        // Over one column the table is one column, its title a cell.
        let over_one = layout("<table><tr><th colspan=2>T</th></tr><tr><td>1</td></tr></table>");
        assert!(over_one.one_column && over_one.titles == 0);
        // Not every column, or more than one row: no title.
        let short = layout("<table><tr><th>T</th></tr><tr><td>1</td><td>2</td></tr></table>");
        assert_eq!(short.titles, 0);
        let tall = layout(
            "<table><tr><th colspan=2 rowspan=2>T</th></tr><tr></tr>\
             <tr><td>1</td><td>2</td></tr></table>",
        );
        assert_eq!(tall.titles, 0);
        assert_eq!(tall.header, 0..1);
        // Several leading rows, each over every column: several titles.
        let two_titles = layout(
            "<table><tr><th colspan=4>Election</th></tr><tr><th colspan=4>Seats</th></tr>\
             <tr><th></th><th>First</th><th>Second</th><th>Third</th></tr>\
             <tr><td>Leader</td><td>a</td><td>b</td><td>c</td></tr></table>",
        );
        assert_eq!(two_titles.titles, 2);
        assert_eq!((two_titles.width, two_titles.header.clone()), (4, 2..3));
        // A row that does not span every column ends the titles.
        let narrow = layout(
            "<table><tr><th colspan=2>T</th></tr><tr><th>U</th></tr>\
             <tr><th colspan=2>V</th></tr><tr><td>a</td><td>b</td></tr></table>",
        );
        assert_eq!(narrow.titles, 1);
        assert_eq!(narrow.header, 1..3);
        // A first row of `td` is a header row (no row is all `th`), so a
        // title; the rows after are read again, their first the header.
        let image =
            layout("<table><tr><td colspan=2></td></tr><tr><th>a</th><td>b</td></tr></table>");
        assert_eq!((image.titles, image.header.clone()), (1, 1..2));
        let standings = layout(
            "<table><tr><td colspan=99>Standings</td></tr><tr><th></th><th colspan=2>Conf</th></tr>\
             <tr><th>Team</th><th>W</th><th>L</th></tr><tr><td>a</td><td>1</td><td>2</td></tr></table>",
        );
        assert_eq!(standings.titles, 1);
        assert_eq!((standings.width, standings.header.clone()), (3, 1..3));
        // A row after the header rows is no title: a navigation box's
        // spacer under its title is its header.
        let spacer = layout(
            "<table><tr><th colspan=2>T</th></tr><tr><td colspan=2></td></tr>\
             <tr><th>a</th><td>b</td></tr></table>",
        );
        assert_eq!((spacer.titles, spacer.header.clone()), (1, 1..2));
    }

    fn escaped(word: &str) -> String {
        let mut out = String::new();
        push_line_start_word(&mut out, word);
        out
    }

    #[test]
    fn inline_markup_in_text_is_escaped() {
        let escaped = |word| escape_inline(word, false, None).into_owned();
        assert_eq!(escaped("2*2*44100"), "2\\*2\\*44100");
        assert_eq!(escaped("O.[[Delete]](P)"), "O.\\[\\[Delete]](P)");
        assert_eq!(escaped("&quot;"), "\\&quot;");
        assert_eq!(escaped("&#169;&#x41;"), "\\&#169;\\&#x41;");
        assert_eq!(escaped("AT&T"), "AT&T");
        assert_eq!(escaped("__proto__"), "\\_\\_proto\\_\\_");
        assert_eq!(escaped("snake_case"), "snake_case");
        assert_eq!(escaped("can\\'t"), "can\\\\'t");
        assert_eq!(escaped("C:\\dir"), "C:\\dir");
        assert_eq!(escaped("<https://x.org>"), "\\<https://x.org>");
        assert_eq!(escaped("a<5"), "a<5");
        assert_eq!(escape_inline("<", false, Some('h')), "\\<");
        assert_eq!(escape_inline("<", false, Some(' ')), "<");
        assert_eq!(escape_inline("a|b", true, None), "a\\|b");
        assert_eq!(escaped("plain"), "plain");
    }

    #[test]
    fn only_what_would_change_the_structure_is_escaped() {
        assert_eq!(escaped("#"), "\\#");
        assert_eq!(escaped("###"), "\\###");
        assert_eq!(escaped("#hashtag"), "#hashtag");
        assert_eq!(escaped(">"), "\\>");
        assert_eq!(escaped(">quoted"), "\\>quoted");
        assert_eq!(escaped("-"), "\\-");
        assert_eq!(escaped("-x"), "-x");
        assert_eq!(escaped("---"), "\\---");
        assert_eq!(escaped("***"), "\\***");
        assert_eq!(escaped("```rust"), "\\```rust");
        assert_eq!(escaped("1."), "1\\.");
        assert_eq!(escaped("12)"), "12\\)");
        assert_eq!(escaped("1.5"), "1.5");
        assert_eq!(escaped("*emphasis*"), "*emphasis*");
    }
}
