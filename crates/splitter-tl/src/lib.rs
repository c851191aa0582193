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
//! let dom = TlDom::parse("<title>T</title><p class=intro>Fish &amp; chips<br/>to go</p><body id=b>").expect("the parser does not fail on this input");
//!
//! // `html`, `head` and `body` are implied as a standard parser implies
//! // them; the late `<body>` tag adds its `id` to the implied body.
//! let html = dom.first_child(dom.document()).expect("html");
//! let [head, body]: [_; 2] = dom.children(html).collect::<Vec<_>>().try_into().expect("head and body");
//! assert_eq!(dom.element_name(body), "body");
//! assert_eq!(dom.attribute(body, "id").as_deref(), Some("b"));
//!
//! // Head content before the first body content is in `head`, which the
//! // splitter does not read as content; the title keeps its text.
//! let title = dom.first_child(head).expect("title");
//! assert_eq!(dom.kind(title), NodeKind::Element);
//! assert_eq!(dom.text(dom.first_child(title).expect("text")), "T");
//!
//! let p = dom.first_child(body).expect("paragraph");
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
//! (parent, first and last child, next and previous sibling), and a table
//! of where each start tag's attribute names and values are, filled while
//! the tag is read to find its end. Text, names and attribute values are
//! read from the source when asked for, borrowed when there is nothing to
//! decode. tl's `VDom` is dropped once the table is
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
//! - **Implied end tags and misnesting**, the cases that move text
//!   between elements: a block start tag (`div`, `p`, `ul`, `h1`, … as the
//!   standard lists them) closes a `p` in button scope; a heading start tag
//!   closes a heading that is the current element. An end tag of a
//!   formatting element (`b`, `a`, `nobr`, …) or of any non-special
//!   element does not close a block (a "special" element) opened inside
//!   it — the standard's adoption agency and "any other end tag" keep the
//!   block open; and a formatting end tag is ignored when the newest
//!   element of that name was already closed by another end tag.
//! - **Text in tables**: non-whitespace text right inside `table`,
//!   `tbody`, `thead`, `tfoot` or `tr` is inserted before the table
//!   (foster parenting); in a `colgroup`, its leading whitespace stays
//!   there and the group is closed first.
//! - **Void elements** (`br`, `img`, `meta`, `link`, `input`, … in any
//!   case) never have children, and neither does a self-closing (`<path/>`)
//!   element inside `<svg>` or `<math>`. Elsewhere `/>` does not close an
//!   element (`<div/>` is `<div>`), as in the standard.
//! - **Raw text.** The content of `script`, `style`, `xmp`, `iframe`,
//!   `noembed`, `noframes`, `plaintext` (taken literally) and of
//!   `title` and `textarea` (references decoded) runs, as in the standard,
//!   to the first matching end tag in any case (`</script\t>` too), found in
//!   the source, or to the end of the input (for `script`, following the
//!   standard's escaped states: in `<!-- … <script></script> … -->` the
//!   inner end tag does not end the script). It becomes one text child.
//!   Whatever tl made of that content (it reads `a<b` inside a script as a
//!   tag) is dropped. A newline right after the start tag of `pre`,
//!   `listing` and `textarea` is dropped, as the standard does.
//! - **`html`, `head` and `body`** are created once, as in the standard:
//!   from their start tags, or implied — `html` by the first token other
//!   than a comment, a doctype or whitespace, `head` by the first one that
//!   is not `<head>`, `body` by the first body content (or at the end of the
//!   input). A later `<html>` or `<body>` tag adds the attributes the
//!   element does not have yet (so a late `<body id=…>` gives the body its
//!   `id`, as in html5ever); a later `<head>` is dropped. `<frameset>`
//!   before body content takes the body's place.
//! - **Head content.** While no body content has appeared and only `html`
//!   and `head` are open, the elements a standard parser puts into `<head>`
//!   — `title`, `meta`, `link`, `base`, `basefont`, `bgsound`, `noframes` —
//!   go into `head` and, but for `title` (an element with its text, which
//!   page metadata reads, SPEC §7.1), are reported as [`NodeKind::Other`]
//!   (with their name and attributes) and have no children. (`script`, `style`, `template` and `noscript` there stay
//!   elements. Scripting is off, as in the other backends, so `noscript`
//!   content is markup; in `<head>` a `noscript` holds only `link`, `meta`,
//!   `style`, `basefont`, `bgsound` and `noframes`, and any other tag or
//!   text closes it and is read as in `<head>`, as the standard's "in head
//!   noscript" insertion mode does.) Body content is non-whitespace text or any other element;
//!   it closes an open `head` and starts the body, and from then on these
//!   elements are ordinary content, as in the standard.
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
//! - Few implied end tags: only a `p` (closed by a block start tag) and a
//!   heading (by a heading right inside it) are closed by start tags, so
//!   `<li>a<li>b`, `<td>`, `<tr>`, `<dt>`/`<dd>`, `<option>`, `<a>` in
//!   `<a>` nest instead of becoming siblings (text order is kept; block
//!   boundaries and selector matches such as `>` or `:nth-child` can
//!   differ). `<table>` does not close a `p` (quirks mode; the adapter
//!   does not tell the modes apart). No implied `<tbody>`; of content
//!   misplaced in tables only text is foster-parented, not elements. Of
//!   the adoption agency only its effect on blocks is kept (a block opened
//!   inside a formatting element stays open after the formatting end
//!   tag); formatting elements are not reconstructed (`<b><i>x</b>y</i>`
//!   loses the `i` around `y`). No `</p>` → `<p></p>`,
//!   no `</br>` → `<br>`, no `<image>` → `<img>`, no breaking out of
//!   `<svg>`/`<math>` for HTML elements, no CDATA sections in foreign
//!   content.
//! - Head content after `</head>` goes into `html`, not back into `head`;
//!   comments after `</body>`/`</html>` stay in the body. Neither is
//!   content.
//! - Text split by markup that leaves no node (`a</x>b`, `a<!--c-->b` is
//!   fine) stays two adjacent text nodes where a standard parser has one.
#![deny(missing_docs)]

mod builder;
mod decode;
mod scan;
mod tags;
#[cfg(test)]
mod tests;

use std::borrow::Cow;
use std::fmt;
use std::ops::Range;

pub use tl;

use splitter_core::{DomAdapter, NodeKind, ParseError};
use tl::VDom;

use crate::builder::Builder;
use crate::decode::{Mode, decode};

/// "No node" in the side table's `u32` links.
pub(crate) const NONE: u32 = u32::MAX;

/// A handle to one node of a [`TlDom`]: its index in the adapter's table.
///
/// The document is index 0; handles are only meaningful for the document
/// that produced them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct TlNode(u32);

/// What a table entry refers to in the source.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Data {
    /// Document, comment, doctype: nothing to read.
    Empty,
    /// An element whose start tag begins at `start` (the `<`) and whose name
    /// ends at `name_end`; its attributes are `attrs..attrs + attr_count` of
    /// the adapter's attribute table, read once while the tree is built.
    Element {
        start: u32,
        name_end: u32,
        attrs: u32,
        attr_count: u32,
    },
    /// An element a standard parser implies, with no start tag of its own.
    Implied(Implied),
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

/// The elements a standard parser creates without a start tag: `html`,
/// `head` and `body`, and the empty `p` and the `br` that a stray `</p>`
/// and `</br>` insert.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Implied {
    Html,
    Head,
    Body,
    P,
    Br,
}

impl Implied {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Implied::Html => "html",
            Implied::Head => "head",
            Implied::Body => "body",
            Implied::P => "p",
            Implied::Br => "br",
        }
    }
}

/// One node of the adapter's table: its links, kind and source span.
///
/// Not shared with splitter-html5ever's tree, which has the same links: this
/// table is only appended to, in source order (a foster-parented text node
/// is linked in before its table, the one edit), and reads spans of the
/// source; that one takes html5ever's edits (detach, insert before, move
/// children) and owns its text, attributes and names.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub(crate) parent: u32,
    pub(crate) first_child: u32,
    pub(crate) last_child: u32,
    pub(crate) next: u32,
    pub(crate) prev: u32,
    pub(crate) kind: NodeKind,
    pub(crate) data: Data,
}

/// One attribute of a start tag: where its name and its raw value are in
/// the source. Recorded while the tree is built, where the tag is read to
/// find its end anyway, so that reading an attribute does not scan the tag
/// again.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Attr {
    pub(crate) name: u32,
    pub(crate) name_end: u32,
    /// `value..value_end`, or no value at all (`<input disabled>`).
    pub(crate) value: Option<(u32, u32)>,
}

/// A document parsed by [`tl`], readable through [`DomAdapter`].
///
/// See the [crate documentation](crate) for the ownership design and for
/// how the tree differs from tl's.
pub struct TlDom<'a> {
    source: &'a str,
    entries: Vec<Entry>,
    /// The attributes of every start tag, in source order.
    attrs: Vec<Attr>,
    /// Later `<html>`/`<body>` start tags: their attributes are the
    /// element's too, after its own.
    merged: Merged,
}

/// The later `<html>` and `<body>` start tags, by their attributes: where
/// those begin in the attribute table, and how many there are.
#[derive(Debug, Default)]
pub(crate) struct Merged {
    pub(crate) html: u32,
    pub(crate) body: u32,
    pub(crate) html_tags: Vec<(u32, u32)>,
    pub(crate) body_tags: Vec<(u32, u32)>,
}

impl Merged {
    /// The later start tags of element `node` (none for most elements).
    fn tags_of(&self, node: u32) -> &[(u32, u32)] {
        if node == self.html {
            &self.html_tags
        } else if node == self.body {
            &self.body_tags
        } else {
            &[]
        }
    }
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
        let (entries, attrs, merged) = Builder::new(source).build(vdom);
        Ok(TlDom {
            source,
            entries,
            attrs,
            merged,
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

    /// Calls `each` with the name and raw value of every attribute of
    /// `node`: its own start tag's, then those of the later `<html>`/`<body>`
    /// tags merged into it, in that order (the standard keeps the first of
    /// duplicated attributes, and a later tag adds only the attributes the
    /// element lacks), until `each` returns `true`: all read from the
    /// attribute table.
    fn scan_attributes(
        &self,
        node: TlNode,
        mut each: impl FnMut(&[u8], Option<Range<usize>>) -> bool,
    ) {
        let own = match self.entry(node).map(|entry| entry.data) {
            Some(Data::Element {
                attrs, attr_count, ..
            }) => Some((attrs, attr_count)),
            Some(Data::Implied(_)) => None,
            _ => return,
        };
        let src = self.source.as_bytes();
        for &(from, count) in own.iter().chain(self.merged.tags_of(node.0)) {
            let from = from as usize;
            let tag = self
                .attrs
                .get(from..from.saturating_add(count as usize))
                .unwrap_or_default();
            for attr in tag {
                let value = attr.value.map(|(start, end)| start as usize..end as usize);
                if let Some(attr_name) = src.get(attr.name as usize..attr.name_end as usize)
                    && each(attr_name, value)
                {
                    return;
                }
            }
        }
    }

    /// An attribute's value, decoded; empty for an attribute without one.
    fn attribute_value(&self, value: Option<Range<usize>>) -> Cow<'a, str> {
        match value {
            Some(value) => self.read(value.start, value.end, Mode::Attribute),
            None => Cow::Borrowed(""),
        }
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

pub(crate) fn document_entry() -> Entry {
    Entry {
        parent: NONE,
        first_child: NONE,
        last_child: NONE,
        next: NONE,
        prev: NONE,
        kind: NodeKind::Document,
        data: Data::Empty,
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
            Some(Data::Element {
                start, name_end, ..
            }) => self
                .source
                .get(start as usize + 1..name_end as usize)
                .unwrap_or_default(),
            Some(Data::Implied(implied)) => implied.name(),
            _ => "",
        }
    }

    fn attribute(&self, node: TlNode, name: &str) -> Option<Cow<'_, str>> {
        let mut found = None;
        self.scan_attributes(node, |attr_name, value| {
            let matched = attr_name.eq_ignore_ascii_case(name.as_bytes());
            if matched {
                found = Some(self.attribute_value(value));
            }
            matched
        });
        found
    }

    fn attributes<'s>(&'s self, node: TlNode, names: &[&str], values: &mut [Option<Cow<'s, str>>]) {
        let names = &names[..names.len().min(values.len())];
        let values = &mut values[..names.len()];
        values.iter_mut().for_each(|value| *value = None);
        let mut missing = names.len();
        self.scan_attributes(node, |attr_name, value| {
            for (name, slot) in names.iter().zip(values.iter_mut()) {
                if name.len() == attr_name.len()
                    && slot.is_none()
                    && attr_name.eq_ignore_ascii_case(name.as_bytes())
                {
                    *slot = Some(self.attribute_value(value.clone()));
                    missing -= 1;
                }
            }
            missing == 0
        });
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

    fn node_count_hint(&self) -> usize {
        self.entries.len()
    }
}
