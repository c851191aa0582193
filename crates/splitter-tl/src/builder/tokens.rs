//! Tokens: start tags, end tags, and what tl read without making nodes.

use memchr::memchr;
use splitter_core::NodeKind;

use super::Builder;
use crate::scan;
use crate::tags::*;
use crate::{Attr, Data, Implied, NONE};

impl<'a> Builder<'a> {
    /// Reads the source from the cursor up to `to`, which tl consumed
    /// without making nodes: end tags (tl keeps none), and what tl could not
    /// parse — start tags with a `/` in an unquoted value, a `<` that is
    /// text, the tail of a long `<!DOCTYPE>`, bogus comments. Tokenized as
    /// the standard does; every step moves the cursor on, so each byte is
    /// read once.
    pub(super) fn catch_up(&mut self, to: usize) {
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

    pub(super) fn element(&mut self, start: usize) {
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
        if self.in_foreign() && breaks_out_of_foreign(name) {
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
