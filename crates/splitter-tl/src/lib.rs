//! The [`tl`] backend of the HTML text splitter.
//!
//! [`TlDom`] parses a document with tl, a fast parser that does not follow
//! the HTML standard, and presents it to the core through [`DomAdapter`].
//! Where tl's tree differs from what a standard parser (html5ever, scraper)
//! builds, the adapter closes the gaps it can close from tl's tree plus the
//! source text, and leaves the rest (listed below) as they are.
//!
//! # Example
//!
//! ```
//! use splitter_core::{DomAdapter, NodeKind, ParseError};
//! use splitter_tl::TlDom;
//!
//! let dom = TlDom::parse("<title>T</title><p class=intro>Fish &amp; chips<br/>to go</p>").expect("the parser does not fail on this input");
//! let mut roots = dom.children(dom.document());
//!
//! // Head content before the first body content is not content.
//! let title = roots.next().expect("title");
//! assert_eq!(dom.kind(title), NodeKind::Other);
//!
//! let p = roots.next().expect("paragraph");
//! assert_eq!(dom.element_name(p), "p");
//! assert_eq!(dom.attribute(p, "class").as_deref(), Some("intro"));
//! let kids: Vec<_> = dom.children(p).collect();
//! assert_eq!(dom.text(kids[0]), "Fish & chips");
//! assert_eq!(dom.element_name(kids[1]), "br");
//! assert_eq!(dom.text(kids[2]), "to go");
//! ```
//!
//! # Ownership
//!
//! tl borrows the input, so [`TlDom<'a>`](TlDom) does too: it keeps the
//! source `&'a str` and its own tree, a side table of `u32` links per node
//! (parent, first and last child, next and previous sibling). Text, names
//! and attribute values are read from the source when asked for, borrowed
//! when there is nothing to decode. tl's `VDom` is dropped once the table is
//! built, which makes `TlDom` `Send + Sync` (a `VDom` is neither) and keeps
//! the memory to the side table. To split an owned `String`, parse it where
//! it lives: `TlDom::parse(&string).expect("the parser does not fail on this input")`.
//!
//! tl addresses its input with `u32`, so inputs longer than
//! [`MAX_INPUT_LEN`] bytes are refused with [`ParseError::InputTooLarge`]:
//! an error the caller sees, never an empty document.
//!
//! # How the tree is built
//!
//! tl's node arena is in source order. The adapter takes tl's nodes in that
//! order as tokens (start tags, text, comments) and builds its own tree with
//! a stack of open elements on the heap, so any nesting depth costs heap,
//! not call stack. tl's own nesting is not used: tl closes an element only
//! on an end tag that exactly matches the innermost open element, so one
//! `<br/>` (which tl keeps open, see below) or one unclosed `<script>`
//! nests the whole rest of the document.
//!
//! The source between two of tl's nodes — what tl consumed without making
//! a node — is read again with the standard's tokenizer rules: end tags
//! (tl keeps none), and what tl could not parse (a start tag with `/` in an
//! unquoted value such as `<a href=/x>`, which tl drops with the text after
//! it up to the next `/`; a `<` that is text; the tail of a long
//! `<!DOCTYPE … PUBLIC …>`; bogus comments). Every byte of the source is
//! read once this way, so the cost stays linear.
//!
//! - An end tag closes the innermost open element with its name (ASCII
//!   case-insensitively), and everything opened inside it, unless a scope
//!   boundary (`table`, `td`, `th`, `caption`, `template`, `object`,
//!   `applet`, `marquee`, `html`) lies in between; end tags of table parts
//!   look through cells. An end tag with no open element is ignored;
//!   `</body>` and `</html>` close nothing.
//!
//! On top of that the adapter closes these gaps to a standard parser:
//!
//! - **Character references** in text and attribute values are decoded as
//!   the standard's tokenizer does (named references with html5ever's own
//!   table, legacy names without `;`, the attribute-value exception for
//!   `&name=` and `&nameX`, numeric references with the 0x80–0x9F
//!   replacement table, NUL, surrogates and out-of-range values → U+FFFD).
//!   CR and CRLF become LF as in the standard's input preprocessing; a NUL
//!   byte is dropped from body text and becomes U+FFFD elsewhere.
//! - **Names and attributes.** tl includes `/` in a tag name, so `<br/>` is
//!   an element named `br/` that tl keeps open. Names are read from the
//!   source up to whitespace, `/` or `>` as the standard does; attributes
//!   are read from the source the same way (the first of duplicated
//!   attributes wins, unquoted values may hold `/`, names may hold any
//!   character). Names keep their source case; the core compares them
//!   case-insensitively.
//! - **Void elements** (`br`, `img`, `meta`, `link`, `input`, … in any
//!   case) never have children, and neither does a self-closing (`<path/>`)
//!   element inside `<svg>` or `<math>`. Elsewhere `/>` does not close an
//!   element (`<div/>` is `<div>`), as in the standard.
//! - **Raw text.** The content of `script`, `style`, `xmp`, `iframe`,
//!   `noembed`, `noframes`, `noscript`, `plaintext` (taken literally) and of
//!   `title` and `textarea` (references decoded) runs, as in the standard,
//!   to the first matching end tag in any case (`</script\t>` too), found in
//!   the source, or to the end of the input (for `script`, following the
//!   standard's escaped states: in `<!-- … <script></script> … -->` the
//!   inner end tag does not end the script). It becomes one text child.
//!   Whatever tl made of that content (it reads `a<b` inside a script as a
//!   tag) is dropped. A newline right after the start tag of `pre`,
//!   `listing` and `textarea` is dropped, as the standard does.
//! - **Head content.** While no body content has appeared and only `html`
//!   and `head` are open, the elements a standard parser puts into `<head>`
//!   — `title`, `meta`, `link`, `base`, `basefont`, `bgsound`, `noframes` —
//!   are reported as [`NodeKind::Other`] and have no children, so they
//!   contribute nothing, exactly as in a tree where they sit in `<head>`.
//!   (`script`, `style`, `template` and `noscript` there stay elements; the
//!   core skips them by name.) Body content is non-whitespace text or any
//!   other element, `body` included; it closes an open `head`, and from then
//!   on these elements are ordinary content, as in the standard. The `head`
//!   element itself stays an element (it holds no content).
//! - **Text, not markup.** A `<` not followed by a letter, `/`, `!` or `?`
//!   is text (`a < b > c`, `<3`), where tl skips whitespace after `<` and
//!   makes an element of it or gives up on it. Text that tl picks up in the
//!   middle of a construct it could not parse (the `PUBLIC "…">` of a long
//!   `<!DOCTYPE>`, `<![CDATA[…]]>`, the rest of `<a href=/x>`) starts where
//!   the construct ends. Adjacent text that is contiguous in the source is
//!   one text node.
//! - **Comments and doctypes.** tl comments are [`NodeKind::Comment`], and
//!   so are `<?…>`, `<!x>` and `</ x>` (bogus comments in HTML). A comment
//!   ends where the standard ends it: tl reads `<!---->` and `<!--->` on to
//!   the next `-->`. tl keeps no node for
//!   `<!DOCTYPE>`; when one opens the document (after whitespace and
//!   comments) the adapter adds a [`NodeKind::Doctype`] node for it.
//!
//! # What remains (measured gaps, not fixed here)
//!
//! - No implied end tags: a start tag never closes an open element, so
//!   `<p>a<p>b`, `<li>a<li>b`, `<td>`, `<tr>`, `<dt>`/`<dd>`, `<option>`,
//!   a heading in a heading, `<a>` in `<a>`, a block in `<p>` nest instead
//!   of becoming siblings (text order is kept; block
//!   boundaries and selector matches such as `>` or `:nth-child` can
//!   differ). No implied `<tbody>`, no foster parenting of content misplaced
//!   in tables, no adoption-agency repair of misnested formatting
//!   (`<b><i>x</b>y</i>` loses the `i` around `y`), no `</p>` → `<p></p>`,
//!   no `</br>` → `<br>`, no `<image>` → `<img>`, no breaking out of
//!   `<svg>`/`<math>` for HTML elements, no CDATA sections in foreign
//!   content.
//! - No `html`/`head`/`body` elements are created: a document without
//!   `<body>` gives its roots as the document's children (head content
//!   hidden as above), which is what the core falls back to.
//! - Later `<html>` and `<body>` tags are dropped without adding their
//!   attributes to the element, so selectors on those attributes can
//!   differ.
//! - Text split by markup that leaves no node (`a</x>b`, `a<!--c-->b` is
//!   fine) stays two adjacent text nodes where a standard parser has one.
#![deny(missing_docs)]

mod decode;
mod scan;
#[cfg(test)]
mod tests;

use rustc_hash::FxHashMap as HashMap;
use std::borrow::Cow;
use std::fmt;

pub use tl;

use memchr::memchr;
use splitter_core::{DomAdapter, NodeKind, ParseError};
use tl::VDom;

use decode::{Mode, decode};
use scan::{TagScanner, is_space};

/// "No node" in the side table's `u32` links.
const NONE: u32 = u32::MAX;

/// A handle to one node of a [`TlDom`]: its index in the adapter's table.
///
/// The document is index 0; handles are only meaningful for the document
/// that produced them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct TlNode(u32);

/// What a table entry refers to in the source.
#[derive(Clone, Copy, Debug)]
enum Data {
    /// Document, comment, doctype: nothing to read.
    None,
    /// An element whose start tag begins at `start` (the `<`) and whose name
    /// ends at `name_end`.
    Element { start: u32, name_end: u32 },
    /// Character data `start..end`, read in `mode`; with `strip_newline`,
    /// a leading LF that a reference (`&#10;`) decodes to is dropped (text
    /// right after a `pre`, `listing` or `textarea` start tag; a literal
    /// newline there is left out of the span instead).
    Text {
        start: u32,
        end: u32,
        mode: Mode,
        strip_newline: bool,
    },
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    parent: u32,
    first_child: u32,
    last_child: u32,
    next: u32,
    prev: u32,
    kind: NodeKind,
    data: Data,
}

/// A document parsed by [`tl`], readable through [`DomAdapter`].
///
/// See the [crate documentation](crate) for the ownership design and for
/// how the tree differs from tl's.
pub struct TlDom<'a> {
    source: &'a str,
    entries: Vec<Entry>,
}

impl fmt::Debug for TlDom<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TlDom")
            .field("source_len", &self.source.len())
            .field("nodes", &self.entries.len())
            .finish_non_exhaustive()
    }
}

/// The longest input this backend accepts, in bytes: tl and the adapter's
/// tree address the input with `u32`.
pub const MAX_INPUT_LEN: usize = u32::MAX as usize;

/// Refuses an input of `len` bytes when it is longer than `limit`.
fn check_len(len: usize, limit: usize) -> Result<(), ParseError> {
    if len > limit {
        return Err(too_large(len, limit));
    }
    Ok(())
}

fn too_large(len: usize, limit: usize) -> ParseError {
    ParseError::InputTooLarge {
        backend: "tl",
        len,
        limit,
    }
}

impl<'a> TlDom<'a> {
    /// Parses `html` with tl's default options.
    ///
    /// Never panics. An input longer than [`MAX_INPUT_LEN`] bytes is
    /// refused with [`ParseError::InputTooLarge`], and a panic inside tl (a
    /// bug in tl) is caught and returned as [`ParseError::ParserPanicked`].
    pub fn parse(html: &'a str) -> Result<Self, ParseError> {
        check_len(html.len(), MAX_INPUT_LEN)?;
        let vdom = ParseError::guard("tl", || tl::parse(html, tl::ParserOptions::default()))?
            .map_err(|_| too_large(html.len(), MAX_INPUT_LEN))?;
        Self::from_vdom(&vdom, html)
    }

    /// Builds the adapter's tree from a tl document parsed from `source`
    /// (for instance with non-default [`tl::ParserOptions`]).
    ///
    /// Nodes of `vdom` whose data is not borrowed from `source` are ignored;
    /// the source around tl's nodes is read by the adapter itself, as
    /// described in the [crate documentation](crate).
    ///
    /// Fails with [`ParseError::InputTooLarge`] when `source` is longer than
    /// [`MAX_INPUT_LEN`] bytes (tl itself refuses those).
    pub fn from_vdom(vdom: &VDom<'a>, source: &'a str) -> Result<Self, ParseError> {
        check_len(source.len(), MAX_INPUT_LEN)?;
        Ok(TlDom {
            source,
            entries: Builder::new(source).build(vdom),
        })
    }

    /// The source text the document was parsed from.
    pub fn source(&self) -> &'a str {
        self.source
    }

    /// The number of nodes in the tree, the document included.
    pub fn node_count(&self) -> usize {
        self.entries.len()
    }

    fn entry(&self, node: TlNode) -> Option<&Entry> {
        self.entries.get(node.0 as usize)
    }

    fn link(&self, node: TlNode, pick: impl FnOnce(&Entry) -> u32) -> Option<TlNode> {
        let target = pick(self.entry(node)?);
        (target != NONE).then_some(TlNode(target))
    }

    /// Reads `start..end` of the source in `mode`.
    fn read(&self, start: usize, end: usize, mode: Mode) -> Cow<'a, str> {
        match self.source.get(start..end) {
            Some(raw) => decode(raw, mode),
            // Spans start and end next to ASCII bytes, so this is not
            // expected; it keeps a bad span from panicking.
            None => {
                let bytes = self.source.as_bytes().get(start..end).unwrap_or_default();
                Cow::Owned(decode(&String::from_utf8_lossy(bytes), mode).into_owned())
            }
        }
    }
}

fn document_entry() -> Entry {
    Entry {
        parent: NONE,
        first_child: NONE,
        last_child: NONE,
        next: NONE,
        prev: NONE,
        kind: NodeKind::Document,
        data: Data::None,
    }
}

impl DomAdapter for TlDom<'_> {
    type Node = TlNode;

    fn document(&self) -> TlNode {
        TlNode(0)
    }

    fn kind(&self, node: TlNode) -> NodeKind {
        self.entry(node).map_or(NodeKind::Other, |entry| entry.kind)
    }

    fn element_name(&self, node: TlNode) -> &str {
        match self.entry(node).map(|entry| entry.data) {
            Some(Data::Element { start, name_end }) => self
                .source
                .get(start as usize + 1..name_end as usize)
                .unwrap_or_default(),
            _ => "",
        }
    }

    fn attribute(&self, node: TlNode, name: &str) -> Option<Cow<'_, str>> {
        let Some(Data::Element { name_end, .. }) = self.entry(node).map(|entry| entry.data) else {
            return None;
        };
        let src = self.source.as_bytes();
        let mut scanner = TagScanner::new(src, name_end as usize);
        // The standard keeps the first of duplicated attributes.
        while let Some((attr_name, value)) = scanner.next_attribute() {
            if src
                .get(attr_name)
                .is_some_and(|n| n.eq_ignore_ascii_case(name.as_bytes()))
            {
                return Some(match value {
                    Some(value) => self.read(value.start, value.end, Mode::Attribute),
                    None => Cow::Borrowed(""),
                });
            }
        }
        None
    }

    fn text(&self, node: TlNode) -> Cow<'_, str> {
        let Some(Data::Text {
            start,
            end,
            mode,
            strip_newline,
        }) = self.entry(node).map(|entry| entry.data)
        else {
            return Cow::Borrowed("");
        };
        let text = self.read(start as usize, end as usize, mode);
        if !strip_newline {
            return text;
        }
        match text {
            Cow::Borrowed(s) => Cow::Borrowed(s.strip_prefix('\n').unwrap_or(s)),
            Cow::Owned(s) => match s.strip_prefix('\n') {
                Some(rest) => Cow::Owned(rest.to_owned()),
                None => Cow::Owned(s),
            },
        }
    }

    fn first_child(&self, node: TlNode) -> Option<TlNode> {
        self.link(node, |entry| entry.first_child)
    }

    fn next_sibling(&self, node: TlNode) -> Option<TlNode> {
        self.link(node, |entry| entry.next)
    }

    fn prev_sibling(&self, node: TlNode) -> Option<TlNode> {
        self.link(node, |entry| entry.prev)
    }

    fn parent(&self, node: TlNode) -> Option<TlNode> {
        self.link(node, |entry| entry.parent)
    }

    fn index(&self, node: TlNode) -> usize {
        node.0 as usize
    }
}

// ---------------------------------------------------------------------------
// Building the side table.

/// Elements a standard parser puts into `<head>` that hold no content.
const HEAD_ONLY: &[&[u8]] = &[
    b"base",
    b"basefont",
    b"bgsound",
    b"link",
    b"meta",
    b"title",
    b"noframes",
];

/// Elements allowed in `<head>` that the core skips by name anyway.
const HEAD_ALLOWED: &[&[u8]] = &[b"script", b"style", b"template", b"noscript"];

/// Elements that never have children.
const VOID: &[&[u8]] = &[
    b"area",
    b"base",
    b"basefont",
    b"bgsound",
    b"br",
    b"col",
    b"embed",
    b"frame",
    b"hr",
    b"img",
    b"input",
    b"keygen",
    b"link",
    b"meta",
    b"param",
    b"source",
    b"track",
    b"wbr",
];

/// Elements inside `<svg>`/`<math>` whose children are HTML again
/// ("integration points").
const INTEGRATION_POINTS: &[&[u8]] = &[
    b"foreignobject",
    b"desc",
    b"title",
    b"mi",
    b"mo",
    b"mn",
    b"ms",
    b"mtext",
    b"annotation-xml",
];

/// HTML start tags that end foreign content: open SVG/MathML elements are
/// closed first.
const BREAKS_OUT_OF_FOREIGN: &[&[u8]] = &[
    b"b",
    b"big",
    b"blockquote",
    b"body",
    b"br",
    b"center",
    b"code",
    b"dd",
    b"div",
    b"dl",
    b"dt",
    b"em",
    b"embed",
    b"h1",
    b"h2",
    b"h3",
    b"h4",
    b"h5",
    b"h6",
    b"head",
    b"hr",
    b"i",
    b"img",
    b"li",
    b"listing",
    b"menu",
    b"meta",
    b"nobr",
    b"ol",
    b"p",
    b"pre",
    b"ruby",
    b"s",
    b"small",
    b"span",
    b"strong",
    b"strike",
    b"sub",
    b"sup",
    b"table",
    b"tt",
    b"u",
    b"ul",
    b"var",
];

/// Elements an end tag does not close across ("has an element in scope").
const SCOPE_BOUNDARIES: &[&[u8]] = &[
    b"applet",
    b"caption",
    b"html",
    b"table",
    b"td",
    b"th",
    b"marquee",
    b"object",
    b"template",
];

/// End tags of table parts, which look through cells ("in table scope").
const TABLE_PARTS: &[&[u8]] = &[
    b"table", b"caption", b"thead", b"tbody", b"tfoot", b"tr", b"td", b"th",
];

/// Elements table-part end tags do not close across.
const TABLE_SCOPE_BOUNDARIES: &[&[u8]] = &[b"html", b"table", b"template"];

fn is_one_of(name: &[u8], list: &[&[u8]]) -> bool {
    list.iter()
        .any(|candidate| name.eq_ignore_ascii_case(candidate))
}

/// How the content of a raw-text element is read, if `name` is one.
fn raw_text_mode(name: &[u8]) -> Option<Mode> {
    const RCDATA: &[&[u8]] = &[b"title", b"textarea"];
    const RAWTEXT: &[&[u8]] = &[
        b"script",
        b"style",
        b"xmp",
        b"iframe",
        b"noembed",
        b"noframes",
        b"noscript",
        b"plaintext",
    ];
    if is_one_of(name, RCDATA) {
        Some(Mode::Rcdata)
    } else if is_one_of(name, RAWTEXT) {
        Some(Mode::Rawtext)
    } else {
        None
    }
}

/// An element on the stack of open elements.
#[derive(Clone, Copy, Debug)]
struct Open {
    id: u32,
    /// Its children are in foreign (SVG/MathML) content.
    foreign: bool,
}

/// Builds the side table from tl's nodes taken in source order, with its own
/// stack of open elements: tl serves as the tokenizer, its nesting is not
/// used.
struct Builder<'a> {
    src: &'a str,
    entries: Vec<Entry>,
    /// Open elements, innermost last; the document is below them all.
    open: Vec<Open>,
    /// Stack depths of the open elements, by ASCII-lowercased name.
    open_by_name: HashMap<Vec<u8>, Vec<usize>>,
    /// Stack depths of open elements that end tags do not close across.
    boundaries: Vec<usize>,
    /// The same for end tags of table parts.
    table_boundaries: Vec<usize>,
    /// Source up to here is accounted for: tl nodes starting before it are
    /// its reading of raw text or of a construct it could not parse.
    cursor: usize,
    body_started: bool,
    seen_html: bool,
    seen_head: bool,
    /// Position of a `<!DOCTYPE` that opens the document, until its node is added.
    pending_doctype: Option<usize>,
    scratch: Vec<u8>,
}

impl<'a> Builder<'a> {
    fn new(src: &'a str) -> Self {
        Builder {
            src,
            entries: vec![document_entry()],
            open: Vec::new(),
            open_by_name: HashMap::default(),
            boundaries: Vec::new(),
            table_boundaries: Vec::new(),
            cursor: 0,
            body_started: false,
            seen_html: false,
            seen_head: false,
            pending_doctype: leading_doctype(src.as_bytes()),
            scratch: Vec::new(),
        }
    }

    fn build(mut self, vdom: &VDom<'a>) -> Vec<Entry> {
        let src = self.src.as_bytes();
        for node in vdom.nodes() {
            match node {
                tl::Node::Tag(tag) => {
                    let Some(start) = tag
                        .raw()
                        .as_bytes_borrowed()
                        .and_then(|raw| self.offset_of(raw))
                    else {
                        continue;
                    };
                    // Only a `<` and a letter opens a start tag. tl also
                    // reads `< b >`, `<3>` and `<?x>` as tags: those are left
                    // to `catch_up`, which reads them as the standard does.
                    if src.get(start + 1).is_some_and(u8::is_ascii_alphabetic) {
                        self.catch_up(start);
                        if start >= self.cursor {
                            self.element(start);
                        }
                    }
                }
                tl::Node::Raw(bytes) => {
                    let Some(bytes) = bytes.as_bytes_borrowed() else {
                        continue;
                    };
                    let Some(start) = self.offset_of(bytes) else {
                        continue;
                    };
                    let end = start + bytes.len();
                    self.catch_up(start);
                    // What came before may have run into this text (raw
                    // text, or a construct tl gave up on).
                    let start = start.max(self.cursor);
                    if start < end {
                        self.text(start, end);
                        self.cursor = end;
                    }
                }
                tl::Node::Comment(bytes) => {
                    // tl keeps an unterminated comment as an empty one that
                    // is not a slice of the source: `catch_up` reads it.
                    let Some(bytes) = bytes.as_bytes_borrowed() else {
                        continue;
                    };
                    let Some(start) = self.offset_of(bytes) else {
                        continue;
                    };
                    self.catch_up(start);
                    if start >= self.cursor {
                        self.comment(start);
                        // tl misses the end of `<!---->` and `<!--->` and
                        // reads on to the next `-->`: the standard's end
                        // counts, `catch_up` reads the rest.
                        self.cursor = scan::markup_end(src, start).unwrap_or(start + bytes.len());
                    }
                }
            }
        }
        self.catch_up(self.src.len());
        if self.pending_doctype.take().is_some() {
            self.push(0, NodeKind::Doctype, Data::None);
        }
        self.entries
    }

    /// Offset of `part` in the source, if it is a non-empty slice of it.
    fn offset_of(&self, part: &[u8]) -> Option<usize> {
        if part.is_empty() {
            return None;
        }
        let base = self.src.as_ptr() as usize;
        let offset = (part.as_ptr() as usize).checked_sub(base)?;
        (offset.checked_add(part.len())? <= self.src.len()).then_some(offset)
    }

    fn name_of(&self, id: u32) -> &'a [u8] {
        match self.entries.get(id as usize).map(|entry| entry.data) {
            Some(Data::Element { start, name_end }) => self
                .src
                .as_bytes()
                .get(start as usize + 1..name_end as usize)
                .unwrap_or_default(),
            _ => &[],
        }
    }

    /// Where the start tag of element `id` ends.
    fn start_tag_end(&self, id: u32) -> Option<usize> {
        match self.entries.get(id as usize)?.data {
            Data::Element { name_end, .. } => Some(
                TagScanner::new(self.src.as_bytes(), name_end as usize)
                    .finish()
                    .end,
            ),
            _ => None,
        }
    }

    /// The node new children go to: the innermost open element.
    fn current(&self) -> u32 {
        self.open.last().map_or(0, |open| open.id)
    }

    fn in_foreign(&self) -> bool {
        self.open.last().is_some_and(|open| open.foreign)
    }

    /// Still where a standard parser puts nodes into `<head>`: no body
    /// content yet, and only `html`/`head` open.
    fn in_head_context(&self) -> bool {
        !self.body_started
            && self.open.len() <= 2
            && self.open.iter().all(|open| {
                let name = self.name_of(open.id);
                name.eq_ignore_ascii_case(b"html") || name.eq_ignore_ascii_case(b"head")
            })
    }

    /// Body content appeared: an open `head` is closed, as the standard's
    /// "in head" insertion mode does.
    fn start_body(&mut self) {
        self.body_started = true;
        if let Some(top) = self.open.last()
            && self.name_of(top.id).eq_ignore_ascii_case(b"head")
        {
            self.pop();
        }
    }

    /// Appends a node to `parent`; `None` if the table is full (more than
    /// `u32::MAX - 1` nodes, which tl's input limit rules out).
    fn push(&mut self, parent: u32, kind: NodeKind, data: Data) -> Option<u32> {
        let id = u32::try_from(self.entries.len())
            .ok()
            .filter(|&id| id != NONE)?;
        let prev = self.entries.get(parent as usize)?.last_child;
        self.entries.push(Entry {
            parent,
            first_child: NONE,
            last_child: NONE,
            next: NONE,
            prev,
            kind,
            data,
        });
        if let Some(parent) = self.entries.get_mut(parent as usize) {
            if parent.first_child == NONE {
                parent.first_child = id;
            }
            parent.last_child = id;
        }
        if let Some(prev) = self.entries.get_mut(prev as usize) {
            prev.next = id;
        }
        Some(id)
    }

    /// Appends character data, extending the previous text node when the
    /// two are contiguous in the source.
    fn push_text(&mut self, parent: u32, start: usize, end: usize, mode: Mode) {
        let Some(parent_entry) = self.entries.get(parent as usize).copied() else {
            return;
        };
        let mut start = start;
        let mut strip_newline = false;
        if parent_entry.first_child == NONE
            && !self.in_foreign()
            && is_one_of(self.name_of(parent), &[b"pre", b"listing", b"textarea"])
            && self.start_tag_end(parent) == Some(start)
        {
            // The standard drops a newline right after these start tags.
            let src = self.src.as_bytes();
            match src.get(start..end) {
                Some([b'\r', b'\n', ..]) => start += 2,
                Some([b'\r' | b'\n', ..]) => start += 1,
                // Only a reference (`&#10;`) can still decode to one.
                _ => strip_newline = true,
            }
        }
        if start >= end {
            return;
        }
        let (Ok(start32), Ok(end32)) = (u32::try_from(start), u32::try_from(end)) else {
            return;
        };
        if let Some(Entry {
            data:
                Data::Text {
                    end: last_end,
                    mode: last_mode,
                    ..
                },
            ..
        }) = self.entries.get_mut(parent_entry.last_child as usize)
            && *last_end == start32
            && *last_mode == mode
        {
            *last_end = end32;
            return;
        }
        self.push(
            parent,
            NodeKind::Text,
            Data::Text {
                start: start32,
                end: end32,
                mode,
                strip_newline,
            },
        );
    }

    /// Adds the pending doctype node before the first document-level node
    /// that follows it in the source.
    fn flush_doctype(&mut self, parent: u32, position: usize) {
        if parent == 0
            && self
                .pending_doctype
                .is_some_and(|doctype| position > doctype)
        {
            self.pending_doctype = None;
            self.push(0, NodeKind::Doctype, Data::None);
        }
    }

    fn comment(&mut self, start: usize) {
        let parent = self.current();
        self.flush_doctype(parent, start);
        self.push(parent, NodeKind::Comment, Data::None);
    }

    /// Adds text in normal content.
    fn text(&mut self, start: usize, end: usize) {
        let mut start = start;
        if self.in_head_context() {
            // A standard parser drops whitespace here or puts it into
            // `<head>`; the first other character starts the body.
            let bytes = self.src.as_bytes().get(start..end).unwrap_or_default();
            match bytes.iter().position(|&b| !is_space(b)) {
                None => return,
                Some(skip) => start += skip,
            }
            self.start_body();
        }
        let parent = self.current();
        self.flush_doctype(parent, start);
        self.push_text(parent, start, end, Mode::Data);
    }

    /// Reads the source from the cursor up to `to`, which tl consumed
    /// without making nodes: end tags (tl keeps none), and what tl could not
    /// parse — start tags with a `/` in an unquoted value, a `<` that is
    /// text, the tail of a long `<!DOCTYPE>`, bogus comments. Tokenized as
    /// the standard does; every step moves the cursor on, so each byte is
    /// read once.
    fn catch_up(&mut self, to: usize) {
        let src = self.src.as_bytes();
        while self.cursor < to {
            let pos = self.cursor;
            let Some(lt) = src
                .get(pos..to)
                .and_then(|gap| memchr(b'<', gap))
                .map(|at| pos + at)
            else {
                self.text(pos, to);
                self.cursor = to;
                break;
            };
            if lt > pos {
                self.text(pos, lt);
                self.cursor = lt;
            }
            let Some(end) = scan::markup_end(src, lt) else {
                // A literal `<`.
                self.text(lt, lt + 1);
                self.cursor = lt + 1;
                continue;
            };
            match (src.get(lt + 1), src.get(lt + 2)) {
                (Some(b), _) if b.is_ascii_alphabetic() => self.element(lt),
                (Some(b'/'), Some(b)) if b.is_ascii_alphabetic() => {
                    let name_end = scan::name_end(src, lt + 2);
                    if let Some(name) = src.get(lt + 2..name_end) {
                        self.end_tag(name);
                    }
                }
                // `</>` is dropped. A doctype opening the document has its
                // node already; anywhere else a standard parser ignores it.
                (Some(b'/'), Some(b'>')) => {}
                _ if src
                    .get(lt..lt + 9)
                    .is_some_and(|head| head.eq_ignore_ascii_case(b"<!doctype")) => {}
                _ => self.comment(lt),
            }
            self.cursor = self.cursor.max(end).max(lt + 1);
        }
    }

    /// An end tag: closes the innermost open element of that name, with
    /// everything opened inside it, unless a scope boundary is in between.
    fn end_tag(&mut self, name: &[u8]) {
        // `</p>` and `</br>` end foreign content, like HTML start tags.
        if name.eq_ignore_ascii_case(b"p") || name.eq_ignore_ascii_case(b"br") {
            while self.in_foreign() {
                self.pop();
            }
        }
        // `</html>`, `</body>` close nothing: content after them still goes
        // into the body. Before any content they (and `</br>`) start it.
        let starts_body = ["html", "body", "br"]
            .iter()
            .any(|n| name.eq_ignore_ascii_case(n.as_bytes()));
        if starts_body {
            if self.in_head_context() {
                self.start_body();
            }
            return;
        }
        self.scratch.clear();
        self.scratch.extend(name.iter().map(u8::to_ascii_lowercase));
        let Some(&depth) = self
            .open_by_name
            .get(self.scratch.as_slice())
            .and_then(|depths| depths.last())
        else {
            return;
        };
        let boundaries = if is_one_of(name, TABLE_PARTS) {
            &self.table_boundaries
        } else {
            &self.boundaries
        };
        if boundaries.last().is_some_and(|&boundary| boundary > depth) {
            return;
        }
        while self.open.len() > depth {
            self.pop();
        }
    }

    fn push_open(&mut self, id: u32, foreign: bool) {
        let depth = self.open.len();
        let name = self.name_of(id);
        if is_one_of(name, SCOPE_BOUNDARIES) {
            self.boundaries.push(depth);
        }
        if is_one_of(name, TABLE_SCOPE_BOUNDARIES) {
            self.table_boundaries.push(depth);
        }
        self.scratch.clear();
        self.scratch.extend(name.iter().map(u8::to_ascii_lowercase));
        match self.open_by_name.get_mut(self.scratch.as_slice()) {
            Some(depths) => depths.push(depth),
            None => {
                self.open_by_name.insert(self.scratch.clone(), vec![depth]);
            }
        }
        self.open.push(Open { id, foreign });
    }

    fn pop(&mut self) {
        let Some(open) = self.open.pop() else {
            return;
        };
        let depth = self.open.len();
        if self.boundaries.last() == Some(&depth) {
            self.boundaries.pop();
        }
        if self.table_boundaries.last() == Some(&depth) {
            self.table_boundaries.pop();
        }
        let name = self.name_of(open.id);
        self.scratch.clear();
        self.scratch.extend(name.iter().map(u8::to_ascii_lowercase));
        if let Some(depths) = self.open_by_name.get_mut(self.scratch.as_slice()) {
            depths.pop();
        }
    }

    fn element(&mut self, start: usize) {
        let src = self.src.as_bytes();
        let name_end = scan::name_end(src, start + 1);
        let Some(name) = src.get(start + 1..name_end) else {
            return;
        };
        let (Ok(start32), Ok(name_end32)) = (u32::try_from(start), u32::try_from(name_end)) else {
            return;
        };
        let tag_end = scan::TagScanner::new(src, name_end).finish();
        self.cursor = tag_end.end;
        if !tag_end.terminated {
            // A tag cut off by the end of the input is dropped.
            return;
        }
        if self.in_foreign() && is_one_of(name, BREAKS_OUT_OF_FOREIGN) {
            while self.in_foreign() {
                self.pop();
            }
        }
        // A standard parser creates `html`, `head` and `body` once, before
        // any content; later start tags for them are dropped, so content
        // before a late `<body>` stays in the body. (A standard parser also
        // adds their new attributes to the element; this adapter does not.)
        if name.eq_ignore_ascii_case(b"html") {
            if self.seen_html || self.body_started || !self.open.is_empty() {
                return;
            }
            self.seen_html = true;
        } else if name.eq_ignore_ascii_case(b"head") {
            if self.seen_head || self.body_started {
                return;
            }
            self.seen_head = true;
        } else if name.eq_ignore_ascii_case(b"body") && self.body_started {
            return;
        }

        let mut kind = NodeKind::Element;
        if self.in_head_context()
            && !name.eq_ignore_ascii_case(b"html")
            && !name.eq_ignore_ascii_case(b"head")
        {
            if is_one_of(name, HEAD_ONLY) {
                kind = NodeKind::Other;
            } else if !is_one_of(name, HEAD_ALLOWED) {
                self.start_body();
            }
        }
        let parent = self.current();
        self.flush_doctype(parent, start);
        let foreign = self.in_foreign();
        let Some(id) = self.push(
            parent,
            kind,
            Data::Element {
                start: start32,
                name_end: name_end32,
            },
        ) else {
            return;
        };

        if is_one_of(name, VOID) || (foreign && tag_end.self_closing) {
            return;
        }
        if !foreign && let Some(mode) = raw_text_mode(name) {
            let len = src.len();
            let content_start = tag_end.end;
            let (content_end, after) = if name.eq_ignore_ascii_case(b"plaintext") {
                (len, len)
            } else if name.eq_ignore_ascii_case(b"script") {
                scan::script_end(src, content_start).unwrap_or((len, len))
            } else {
                scan::raw_text_end(src, content_start, name).unwrap_or((len, len))
            };
            if kind == NodeKind::Element {
                self.push_text(id, content_start, content_end, mode);
            }
            self.cursor = after;
            return;
        }
        if kind != NodeKind::Element {
            return;
        }
        let children_foreign = if foreign {
            !is_one_of(name, INTEGRATION_POINTS)
        } else {
            name.eq_ignore_ascii_case(b"svg") || name.eq_ignore_ascii_case(b"math")
        };
        self.push_open(id, children_foreign);
    }
}

/// Position of a `<!DOCTYPE` that opens the document (after whitespace and
/// comments), where a standard parser would make a doctype node.
fn leading_doctype(src: &[u8]) -> Option<usize> {
    let mut i = 0;
    loop {
        while src.get(i).copied().is_some_and(is_space) {
            i += 1;
        }
        let rest = src.get(i..)?;
        if rest.starts_with(b"<!--") {
            i = scan::markup_end(src, i)?.max(i + 1);
            continue;
        }
        let opens = rest
            .get(..9)
            .is_some_and(|head| head.eq_ignore_ascii_case(b"<!doctype"));
        return opens.then_some(i);
    }
}
