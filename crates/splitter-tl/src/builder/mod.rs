//! The tree builder: the adapter's node table, built from tl's nodes taken
//! in source order with its own stack of open elements (see the [crate
//! documentation](crate#how-the-tree-is-built)).

use rustc_hash::FxHashMap as HashMap;

use splitter_core::NodeKind;
use tl::VDom;

use crate::scan::{self, TagScanner, is_space};
use crate::tags::*;
use crate::{Attr, Data, Entry, Implied, Merged, NONE, document_entry};

mod nodes;
mod stack;
mod tokens;

/// An element on the stack of open elements.
#[derive(Clone, Copy, Debug)]
struct Open {
    id: u32,
    /// Its children are in foreign (SVG/MathML) content.
    foreign: bool,
}

/// What the tree builder keeps per element name (ASCII-lowercased).
#[derive(Debug)]
struct ByName {
    /// Stack depths of the open elements of this name.
    depths: Vec<usize>,
    /// Formatting elements of this name on the standard's list of active
    /// formatting elements (opened, not yet ended by their own end tag),
    /// oldest first.
    active: Vec<u32>,
    formatting: bool,
    special: bool,
    closes_p: bool,
    heading: bool,
}

impl ByName {
    fn new(name: &[u8]) -> Self {
        ByName {
            depths: Vec::new(),
            active: Vec::new(),
            formatting: is_one_of(name, FORMATTING),
            special: is_special(name),
            closes_p: is_one_of(name, CLOSES_P),
            heading: is_one_of(name, HEADINGS),
        }
    }
}

/// Builds the side table from tl's nodes taken in source order, with its own
/// stack of open elements: tl serves as the tokenizer, its nesting is not
/// used.
pub(crate) struct Builder<'a> {
    src: &'a str,
    entries: Vec<Entry>,
    /// Open elements, innermost last; the document is below them all.
    open: Vec<Open>,
    /// Open elements and active formatting elements, by ASCII-lowercased
    /// name.
    open_by_name: HashMap<Vec<u8>, ByName>,
    /// Stack depths of the open special elements.
    specials: Vec<usize>,
    /// Stack depths of open elements that end tags do not close across.
    boundaries: Vec<usize>,
    /// The same for end tags of table parts.
    table_boundaries: Vec<usize>,
    /// Source up to here is accounted for: tl nodes starting before it are
    /// its reading of raw text or of a construct it could not parse.
    cursor: usize,
    /// Body content appeared (or `<frameset>`, which takes the body's place).
    body_started: bool,
    /// The `html`, `head` and `body` elements once created (`NONE` before):
    /// from their start tags, or implied where a standard parser implies them.
    html: u32,
    head: u32,
    body: u32,
    /// The attributes of later `<html>` and `<body>` start tags: a
    /// standard parser adds their attributes to the element.
    merged: Merged,
    /// The attributes of the start tags read so far.
    attrs: Vec<Attr>,
    /// Position of a `<!DOCTYPE` that opens the document, until its node is added.
    pending_doctype: Option<usize>,
    scratch: Vec<u8>,
}

impl<'a> Builder<'a> {
    pub(crate) fn new(src: &'a str) -> Self {
        Builder {
            src,
            entries: vec![document_entry()],
            open: Vec::new(),
            open_by_name: HashMap::default(),
            specials: Vec::new(),
            boundaries: Vec::new(),
            table_boundaries: Vec::new(),
            cursor: 0,
            body_started: false,
            html: NONE,
            head: NONE,
            body: NONE,
            merged: Merged::default(),
            attrs: Vec::new(),
            pending_doctype: leading_doctype(src.as_bytes()),
            scratch: Vec::new(),
        }
    }

    /// The node table, the attributes of its elements, and the later
    /// `<html>`/`<body>` tags whose attributes belong to those elements.
    pub(crate) fn build(mut self, vdom: &VDom<'a>) -> (Vec<Entry>, Vec<Attr>, Merged) {
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
        // A standard parser creates `html`, `head` and `body` at the end of
        // the input if no token did.
        if !self.body_started {
            self.start_body(self.src.len(), None);
        }
        if self.pending_doctype.take().is_some() {
            self.push(0, NodeKind::Doctype, Data::Empty);
        }
        self.merged.html = self.html;
        self.merged.body = self.body;
        (self.entries, self.attrs, self.merged)
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
            Some(Data::Element {
                start, name_end, ..
            }) => self
                .src
                .as_bytes()
                .get(start as usize + 1..name_end as usize)
                .unwrap_or_default(),
            Some(Data::Implied(implied)) => implied.name().as_bytes(),
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

    /// A `noscript` opened in `<head>` is the current element: the
    /// standard's "in head noscript" insertion mode (scripting is off).
    fn in_head_noscript(&self) -> bool {
        !self.body_started
            && self.open.len() == 3
            && self.open.get(1).is_some_and(|open| open.id == self.head)
            && self
                .open
                .last()
                .is_some_and(|open| self.name_of(open.id).eq_ignore_ascii_case(b"noscript"))
    }

    /// The `html` element, created (implied) at `position` if no token has
    /// created it yet, as the standard's "before html" insertion mode does.
    fn ensure_html(&mut self, position: usize) -> u32 {
        if self.html == NONE {
            self.flush_doctype(0, position);
            if let Some(id) = self.push(0, NodeKind::Element, Data::Implied(Implied::Html)) {
                self.html = id;
                self.push_open(id, true, false);
            }
        }
        self.html
    }

    /// Something other than head content appeared before any `<head>`: the
    /// standard's "before head" insertion mode implies the `head` element.
    fn ensure_head(&mut self, position: usize) {
        let html = self.ensure_html(position);
        if self.head == NONE
            && !self.body_started
            && let Some(id) = self.push(html, NodeKind::Element, Data::Implied(Implied::Head))
        {
            self.head = id;
            self.push_open(id, true, false);
        }
    }

    /// Body content (or a `<body>` start tag, `tag`) appeared at `position`:
    /// an open `head` is closed and the `body` element is created, from the
    /// tag or implied, as the standard's "in head" and "after head"
    /// insertion modes do.
    fn start_body(&mut self, position: usize, tag: Option<Data>) {
        self.ensure_head(position);
        self.body_started = true;
        if let Some(top) = self.open.last()
            && top.id == self.head
        {
            self.pop();
        }
        let data = tag.unwrap_or(Data::Implied(Implied::Body));
        if self.body == NONE
            && let Some(id) = self.push(self.html, NodeKind::Element, data)
        {
            self.body = id;
            self.push_open(id, true, false);
        }
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
