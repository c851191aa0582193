//! What the Markdown form of the canonical text (SPEC §3.2) needs to know
//! about a subtree before the walk writes it: the layout of a table (spans
//! expanded, the header rows), the fence and language of a code block, the
//! backticks of a code span, and the escapes that keep text from being read
//! as structure.
//!
//! These look-aheads read only what they need (a table's rows and cells, a
//! code element's text); the text itself is written once, by the Markdown
//! writer (`markdown_writer`) as the walk in `canonical` reaches it.

use crate::adapter::{DomAdapter, NodeKind};
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
    /// The number of columns of the widest row.
    pub(crate) width: usize,
    /// How many leading rows make the header (at least 1 when there are
    /// rows).
    pub(crate) header_rows: usize,
    /// For each column, the texts of the header rows after the first, each
    /// distinct from those above it, to be joined to the first row's cell
    /// with ` / `.
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

impl<N: Copy + Eq> TableLayout<N> {
    /// Lays out `table`: which column each cell starts in, with the columns
    /// that cells of earlier rows cover (`rowspan`) skipped.
    pub(crate) fn read<A: DomAdapter<Node = N>>(dom: &A, table: N) -> Self {
        let mut rows = Vec::new();
        let mut thead_rows = 0;
        let mut all_th_rows = 0;
        let mut all_th_so_far = true;
        // For each column, how many more rows a cell above still covers.
        let mut covered: Vec<usize> = Vec::new();
        let mut width = 0;
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
            for cell in dom.children(row) {
                if !is_named(dom, cell, &["td", "th"]) {
                    continue;
                }
                all_th &= is_named(dom, cell, &["th"]);
                while covered.get(column).is_some_and(|&rows| rows > 0) {
                    column += 1;
                }
                let colspan = span_attribute(dom, cell, "colspan");
                let rowspan = span_attribute(dom, cell, "rowspan");
                let end = column.saturating_add(colspan);
                if covered.len() < end {
                    covered.resize(end, 0);
                }
                for slot in &mut covered[column..end] {
                    *slot = rowspan;
                }
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
                .rposition(|&rows| rows > 0)
                .map_or(0, |i| i + 1);
            width = width.max(column).max(used);
            for rows in &mut covered {
                *rows = rows.saturating_sub(1);
            }
            if in_thead && thead_rows == rows.len() {
                thead_rows += 1;
            }
            all_th_so_far &= all_th && !cells.is_empty();
            if all_th_so_far {
                all_th_rows += 1;
            }
            rows.push(RowLayout { node: row, cells });
        }
        let header_rows = if rows.is_empty() {
            0
        } else if thead_rows > 0 {
            thead_rows
        } else {
            all_th_rows.max(1)
        };
        let mut layout = TableLayout {
            rows,
            width,
            header_rows,
            header_more: vec![Vec::new(); width],
        };
        layout.join_header(dom);
        layout
    }

    /// The texts the header rows after the first add to each column.
    fn join_header<A: DomAdapter<Node = N>>(&mut self, dom: &A) {
        let mut seen: Vec<Vec<String>> = vec![Vec::new(); self.width];
        for (index, row) in self.rows.iter().take(self.header_rows).enumerate() {
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
                        more.push(text.clone());
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

fn for_each_text<A: DomAdapter>(dom: &A, node: A::Node, mut visit: impl FnMut(&str)) {
    let mut stack = vec![dom.first_child(node)];
    while let Some(next) = stack.last_mut() {
        let Some(current) = *next else {
            stack.pop();
            continue;
        };
        *next = dom.next_sibling(current);
        match dom.kind(current) {
            NodeKind::Text => visit(&dom.text(current)),
            NodeKind::Element if !is_named(dom, current, &["script", "style", "template"]) => {
                stack.push(dom.first_child(current));
            }
            _ => {}
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
    let escape_first = (hashes > 0 && hashes <= 6 && hashes == bytes.len())
        || first == b'>'
        || (matches!(first, b'-' | b'+' | b'*') && bytes.len() == 1)
        || is_rule
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

    fn escaped(word: &str) -> String {
        let mut out = String::new();
        push_line_start_word(&mut out, word);
        out
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
