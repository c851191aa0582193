//! The tree builder: the adapter's node table, built from tl's nodes taken
//! in source order with its own stack of open elements (see the [crate
//! documentation](crate#how-the-tree-is-built)).

use rustc_hash::FxHashMap as HashMap;

use memchr::memchr;
use splitter_core::NodeKind;
use tl::VDom;

use crate::decode::Mode;
use crate::scan::{self, TagScanner, is_space};
use crate::tags::*;
use crate::{Attr, Data, Entry, Implied, Merged, NONE, document_entry};

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
            special: is_one_of(name, SPECIAL),
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
            self.push(0, NodeKind::Doctype, Data::Empty);
        }
    }

    fn comment(&mut self, start: usize) {
        let parent = self.current();
        self.flush_doctype(parent, start);
        self.push(parent, NodeKind::Comment, Data::Empty);
    }

    /// Adds text in normal content.
    fn text(&mut self, start: usize, end: usize) {
        let mut start = start;
        if self.in_head_noscript() {
            // Whitespace stays in the `noscript` (in `<head>`, no content);
            // other text closes it and is read as in `<head>`.
            let bytes = self.src.as_bytes().get(start..end).unwrap_or_default();
            if bytes.iter().all(|&b| is_space(b)) {
                return;
            }
            self.pop();
        }
        if self.in_head_context() {
            // A standard parser drops whitespace here or puts it into
            // `<head>`; the first other character starts the body.
            let bytes = self.src.as_bytes().get(start..end).unwrap_or_default();
            match bytes.iter().position(|&b| !is_space(b)) {
                None => return,
                Some(skip) => start += skip,
            }
            self.start_body(start, None);
        }
        let parent = self.current();
        if !self.in_foreign() && self.foster_text(parent, start, end) {
            return;
        }
        self.flush_doctype(parent, start);
        self.push_text(parent, start, end, Mode::Data);
    }

    /// Text that is not whitespace, right inside a table (not in a cell or a
    /// caption), is moved before the table ("foster parenting"), as the
    /// standard's "in table text" insertion mode does; in a column group,
    /// the whitespace before it stays there and the group is closed.
    /// Returns whether the text was placed.
    fn foster_text(&mut self, parent: u32, start: usize, end: usize) -> bool {
        let name = self.name_of(parent);
        let in_table = is_one_of(name, FOSTERS_TEXT);
        let in_colgroup = name.eq_ignore_ascii_case(b"colgroup");
        if !in_table && !in_colgroup {
            return false;
        }
        let bytes = self.src.as_bytes().get(start..end).unwrap_or_default();
        let Some(text_start) = bytes.iter().position(|&b| !is_space(b)) else {
            return false;
        };
        let mut start = start;
        if in_colgroup {
            self.push_text(parent, start, start + text_start, Mode::Data);
            start += text_start;
            self.pop();
            let name = self.name_of(self.current());
            if !is_one_of(name, FOSTERS_TEXT) {
                self.push_text(self.current(), start, end, Mode::Data);
                return true;
            }
        }
        let Some(table) = self
            .open_by_name
            .get(b"table".as_slice())
            .and_then(|by_name| by_name.depths.last())
            .and_then(|&depth| self.open.get(depth))
            .map(|open| open.id)
        else {
            return false;
        };
        self.insert_text_before(table, start, end)
    }

    /// Inserts character data as the previous sibling of `node`.
    fn insert_text_before(&mut self, node: u32, start: usize, end: usize) -> bool {
        let Some(entry) = self.entries.get(node as usize).copied() else {
            return false;
        };
        let (Ok(id), Ok(start32), Ok(end32)) = (
            u32::try_from(self.entries.len()),
            u32::try_from(start),
            u32::try_from(end),
        ) else {
            return false;
        };
        if entry.parent == NONE || id == NONE {
            return false;
        }
        self.entries.push(Entry {
            parent: entry.parent,
            first_child: NONE,
            last_child: NONE,
            next: node,
            prev: entry.prev,
            kind: NodeKind::Text,
            data: Data::Text {
                start: start32,
                end: end32,
                mode: Mode::Data,
                strip_newline: false,
            },
        });
        if let Some(prev) = self.entries.get_mut(entry.prev as usize) {
            prev.next = id;
        } else if let Some(parent) = self.entries.get_mut(entry.parent as usize) {
            parent.first_child = id;
        }
        if let Some(node) = self.entries.get_mut(node as usize) {
            node.prev = id;
        }
        true
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
                        self.end_tag(lt, name);
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
    fn end_tag(&mut self, position: usize, name: &[u8]) {
        // In a `noscript` in `<head>`, `</noscript>` closes it, `</br>`
        // closes it and is read as in `<head>`, and other end tags are
        // ignored.
        if self.in_head_noscript() {
            if name.eq_ignore_ascii_case(b"noscript") {
                self.pop();
                return;
            }
            if !name.eq_ignore_ascii_case(b"br") {
                return;
            }
            self.pop();
        }
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
                self.start_body(position, None);
            }
            // `</br>` is read as `<br>`, as the standard's "in body" mode
            // does.
            if name.eq_ignore_ascii_case(b"br") {
                self.insert_implied(position, Implied::Br);
            }
            return;
        }
        // `</p>` with no `p` in button scope inserts an empty `p` in the
        // body, as the standard does (`<p><p>a</p></p>` has three); before
        // the body it is ignored.
        if name.eq_ignore_ascii_case(b"p") && self.p_in_button_scope().is_none() {
            if !self.in_head_context() {
                self.insert_implied(position, Implied::P);
            }
            return;
        }
        // A heading's end tag closes the innermost open heading, whatever
        // its rank (`<h1>Title</h2>`), as the standard does.
        if is_one_of(name, HEADINGS) {
            let innermost = HEADINGS
                .iter()
                .filter_map(|heading| self.open_by_name.get(*heading)?.depths.last().copied())
                .max();
            if let Some(depth) = innermost
                && self
                    .boundaries
                    .last()
                    .is_none_or(|&boundary| boundary <= depth)
            {
                while self.open.len() > depth {
                    self.pop();
                }
            }
            return;
        }
        self.scratch.clear();
        self.scratch.extend(name.iter().map(u8::to_ascii_lowercase));
        let Some(by_name) = self.open_by_name.get_mut(self.scratch.as_slice()) else {
            return;
        };
        let depth = by_name.depths.last().copied();
        let special = by_name.special;
        if by_name.formatting
            && let Some(last) = by_name.active.pop()
        {
            // The newest element of this name was closed by another end
            // tag: the standard drops it from the active formatting
            // elements and ignores this end tag.
            let open = depth.and_then(|depth| self.open.get(depth));
            if open.is_none_or(|open| open.id != last) {
                return;
            }
        }
        let Some(depth) = depth else {
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
        // An end tag of a formatting or an ordinary element does not close a
        // special element (a block) opened inside it: the standard's
        // adoption agency keeps the block open and the content flowing into
        // it, and "any other end tag" is ignored.
        if !special && self.specials.last().is_some_and(|&block| block > depth) {
            return;
        }
        while self.open.len() > depth {
            self.pop();
        }
    }

    /// The depth of the innermost open `p`, if it is in button scope: no
    /// scope boundary and no `button` opened after it.
    fn p_in_button_scope(&self) -> Option<usize> {
        let p = *self.open_by_name.get(b"p".as_slice())?.depths.last()?;
        let button = self
            .open_by_name
            .get(b"button".as_slice())
            .and_then(|by_name| by_name.depths.last());
        let in_scope =
            self.boundaries.last().is_none_or(|&b| b <= p) && button.is_none_or(|&b| b <= p);
        in_scope.then_some(p)
    }

    /// An element the standard inserts for a stray end tag (`</p>`,
    /// `</br>`): empty, closed at once, in the current element.
    fn insert_implied(&mut self, position: usize, implied: Implied) {
        if self.in_foreign() {
            return;
        }
        let parent = self.current();
        self.flush_doctype(parent, position);
        self.push(parent, NodeKind::Element, Data::Implied(implied));
    }

    /// A start tag of `name` (an HTML element) closes what the standard's
    /// "in body" insertion mode closes before inserting it: a `p` in button
    /// scope, and a heading when a heading opens right inside it.
    fn implied_end_tags(&mut self, name: &[u8]) {
        self.scratch.clear();
        self.scratch.extend(name.iter().map(u8::to_ascii_lowercase));
        let (closes_p, heading) = match self.open_by_name.get(self.scratch.as_slice()) {
            Some(by_name) => (by_name.closes_p, by_name.heading),
            None => (is_one_of(name, CLOSES_P), is_one_of(name, HEADINGS)),
        };
        if closes_p && let Some(p) = self.p_in_button_scope() {
            while self.open.len() > p {
                self.pop();
            }
        }
        if heading
            && let Some(top) = self.open.last()
            && !top.foreign
            && is_one_of(self.name_of(top.id), HEADINGS)
        {
            self.pop();
        }
    }

    /// Opens element `id`; `html` says it is an HTML element, `foreign`
    /// that its children are foreign content.
    fn push_open(&mut self, id: u32, html: bool, foreign: bool) {
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
        let by_name = match self.open_by_name.get_mut(self.scratch.as_slice()) {
            Some(by_name) => by_name,
            None => self
                .open_by_name
                .entry(self.scratch.clone())
                .or_insert_with(|| ByName::new(name)),
        };
        by_name.depths.push(depth);
        if html && by_name.formatting {
            by_name.active.push(id);
        }
        if html && by_name.special {
            self.specials.push(depth);
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
        if self.specials.last() == Some(&depth) {
            self.specials.pop();
        }
        let name = self.name_of(open.id);
        self.scratch.clear();
        self.scratch.extend(name.iter().map(u8::to_ascii_lowercase));
        if let Some(by_name) = self.open_by_name.get_mut(self.scratch.as_slice()) {
            by_name.depths.pop();
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
        // The attributes are recorded on the way to the tag's end.
        let attrs_from = self.attrs.len();
        let mut scanner = scan::TagScanner::new(src, name_end);
        while let Some((name, value)) = scanner.next_attribute() {
            // Positions fit in `u32`: longer inputs are refused.
            if let (Ok(name_start), Ok(name_end)) =
                (u32::try_from(name.start), u32::try_from(name.end))
            {
                let value = value.and_then(|value| {
                    Some((
                        u32::try_from(value.start).ok()?,
                        u32::try_from(value.end).ok()?,
                    ))
                });
                self.attrs.push(Attr {
                    name: name_start,
                    name_end,
                    value,
                });
            }
        }
        let tag_end = scanner.finish();
        self.cursor = tag_end.end;
        // Never fails: an attribute takes at least one byte of an input of
        // at most `u32::MAX` bytes.
        let (Ok(attrs), Ok(attr_count)) = (
            u32::try_from(attrs_from),
            u32::try_from(self.attrs.len() - attrs_from),
        ) else {
            return;
        };
        if !tag_end.terminated {
            // A tag cut off by the end of the input is dropped.
            self.attrs.truncate(attrs_from);
            return;
        }
        if self.in_foreign() && is_one_of(name, BREAKS_OUT_OF_FOREIGN) {
            while self.in_foreign() {
                self.pop();
            }
        }
        let tag = Data::Element {
            start: start32,
            name_end: name_end32,
            attrs,
            attr_count,
        };
        // A standard parser creates `html`, `head` and `body` once, from
        // their start tags or implied by other content. A later `<html>` or
        // `<body>` adds its attributes to the element (those it does not
        // have yet); a later `<head>` is dropped. Content before a late
        // `<body>` stays in the body.
        if name.eq_ignore_ascii_case(b"html") {
            if self.html == NONE {
                self.flush_doctype(0, start);
                if let Some(id) = self.push(0, NodeKind::Element, tag) {
                    self.html = id;
                    self.push_open(id, true, false);
                }
            } else {
                self.merged.html_tags.push((attrs, attr_count));
            }
            return;
        }
        let html = self.ensure_html(start);
        let mut kind = NodeKind::Element;
        if self.in_head_noscript() {
            // A `noscript` in `<head>` holds a few head elements; `<head>`
            // and `<noscript>` are ignored there, and any other tag closes
            // it and is read as in `<head>` (body content starts the body).
            if name.eq_ignore_ascii_case(b"head") || name.eq_ignore_ascii_case(b"noscript") {
                return;
            }
            if is_one_of(name, HEAD_NOSCRIPT) {
                // A `<title>` stays an element with its text, as in a
                // standard parser's tree: page metadata reads it (SPEC §7.1).
                if is_one_of(name, HEAD_ONLY) && !name.eq_ignore_ascii_case(b"title") {
                    kind = NodeKind::Other;
                }
            } else {
                self.pop();
            }
        }
        if name.eq_ignore_ascii_case(b"head") {
            if self.head == NONE
                && !self.body_started
                && let Some(id) = self.push(html, NodeKind::Element, tag)
            {
                self.head = id;
                self.push_open(id, true, false);
            }
            return;
        }
        if name.eq_ignore_ascii_case(b"body") {
            if self.body != NONE {
                self.merged.body_tags.push((attrs, attr_count));
            } else if !self.body_started {
                self.start_body(start, Some(tag));
            }
            // (After `<frameset>` a `<body>` is dropped.)
            return;
        }

        if self.in_head_context() {
            if is_one_of(name, HEAD_ONLY) || is_one_of(name, HEAD_ALLOWED) {
                self.ensure_head(start);
                // A `<title>` stays an element with its text, as in a
                // standard parser's tree: page metadata reads it (SPEC §7.1).
                if is_one_of(name, HEAD_ONLY) && !name.eq_ignore_ascii_case(b"title") {
                    kind = NodeKind::Other;
                }
            } else if name.eq_ignore_ascii_case(b"frameset") {
                // `<frameset>` takes the body's place: no `body` is created.
                self.ensure_head(start);
                self.body_started = true;
                if let Some(top) = self.open.last()
                    && top.id == self.head
                {
                    self.pop();
                }
            } else {
                self.start_body(start, None);
            }
        }
        if !self.in_foreign() {
            self.implied_end_tags(name);
        }
        let parent = self.current();
        self.flush_doctype(parent, start);
        let foreign = self.in_foreign();
        let Some(id) = self.push(parent, kind, tag) else {
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
        self.push_open(id, !foreign, children_foreign);
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
