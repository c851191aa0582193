//! The stack of open elements: opening and closing elements, and the
//! end tags a start tag implies.

use super::{Builder, ByName, Open};
use crate::tags::*;

impl<'a> Builder<'a> {
    /// The node new children go to: the innermost open element.
    pub(super) fn current(&self) -> u32 {
        self.open.last().map_or(0, |open| open.id)
    }

    pub(super) fn in_foreign(&self) -> bool {
        self.open.last().is_some_and(|open| open.foreign)
    }

    /// The depth of the innermost open `p`, if it is in button scope: no
    /// scope boundary and no `button` opened after it.
    pub(super) fn p_in_button_scope(&self) -> Option<usize> {
        let p = *self.open_by_name.get(b"p".as_slice())?.depths.last()?;
        let button = self
            .open_by_name
            .get(b"button".as_slice())
            .and_then(|by_name| by_name.depths.last());
        let in_scope =
            self.boundaries.last().is_none_or(|&b| b <= p) && button.is_none_or(|&b| b <= p);
        in_scope.then_some(p)
    }

    /// A start tag of `name` (an HTML element) closes what the standard's
    /// "in body" insertion mode closes before inserting it: a `p` in button
    /// scope, and a heading when a heading opens right inside it.
    pub(super) fn implied_end_tags(&mut self, name: &[u8]) {
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
    pub(super) fn push_open(&mut self, id: u32, html: bool, foreign: bool) {
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

    pub(super) fn pop(&mut self) {
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
}
