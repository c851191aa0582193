//! Adding nodes to the table: elements, text (foster-parented where the
//! standard moves it), comments and the doctype.

use splitter_core::NodeKind;

use super::Builder;
use crate::decode::Mode;
use crate::scan::is_space;
use crate::tags::*;
use crate::{Data, Entry, Implied, NONE};

impl<'a> Builder<'a> {
    /// Appends a node to `parent`; `None` if the table is full (more than
    /// `u32::MAX - 1` nodes, which tl's input limit rules out).
    pub(super) fn push(&mut self, parent: u32, kind: NodeKind, data: Data) -> Option<u32> {
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
    pub(super) fn push_text(&mut self, parent: u32, start: usize, end: usize, mode: Mode) {
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
    pub(super) fn flush_doctype(&mut self, parent: u32, position: usize) {
        if parent == 0
            && self
                .pending_doctype
                .is_some_and(|doctype| position > doctype)
        {
            self.pending_doctype = None;
            self.push(0, NodeKind::Doctype, Data::Empty);
        }
    }

    pub(super) fn comment(&mut self, start: usize) {
        let parent = self.current();
        self.flush_doctype(parent, start);
        self.push(parent, NodeKind::Comment, Data::Empty);
    }

    /// Adds text in normal content.
    pub(super) fn text(&mut self, start: usize, end: usize) {
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

    /// An element the standard inserts for a stray end tag (`</p>`,
    /// `</br>`): empty, closed at once, in the current element.
    pub(super) fn insert_implied(&mut self, position: usize, implied: Implied) {
        if self.in_foreign() {
            return;
        }
        let parent = self.current();
        self.flush_doctype(parent, position);
        self.push(parent, NodeKind::Element, Data::Implied(implied));
    }
}
