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
    let mut stack = vec![dom.first_child(node)];
    while let Some(next) = stack.last_mut() {
        let Some(current) = *next else {
            stack.pop();
            continue;
        };
        *next = dom.next_sibling(current);
        match dom.kind(current) {
            NodeKind::Text => visit(&dom.text(current)),
            NodeKind::Element
                if !is_named(dom, current, &["script", "style", "template"])
                    && !left_out(current) =>
            {
                stack.push(dom.first_child(current));
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
    let mut stack = vec![dom.first_child(node)];
    while let Some(next) = stack.last_mut() {
        let Some(current) = *next else {
            stack.pop();
            continue;
        };
        *next = dom.next_sibling(current);
        match dom.kind(current) {
            NodeKind::Text => {
                if let Some(first) = dom.text(current).chars().next() {
                    return Some(first);
                }
            }
            NodeKind::Element
                if !is_named(dom, current, &["script", "style", "template"])
                    && !left_out(current) =>
            {
                if is_block(dom, current) {
                    return Some('\n');
                }
                stack.push(dom.first_child(current));
            }
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
                NodeKind::Element
                    if !is_named(dom, next, &["script", "style", "template"])
                        && !left_out(next) =>
                {
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
