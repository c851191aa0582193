//! The walk as the Markdown writer's [`Sink`]: what the writer reads of
//! the walk and where it writes.

use super::Builder;
use crate::adapter::DomAdapter;
use crate::markdown::Flanks;
use crate::markdown_writer::{Opened, Sink};

/// The walk is what the Markdown writer writes into.
impl<'d, A: DomAdapter> Sink<A::Node> for Builder<'d, '_, A>
where
    A::Node: Copy + Eq,
{
    type Dom = A;

    fn dom(&self) -> &A {
        self.dom
    }

    fn text(&mut self) -> &mut String {
        &mut self.text
    }

    fn pending_break(&mut self) -> &mut bool {
        &mut self.pending_break
    }

    fn pending_space(&mut self) -> &mut String {
        &mut self.pending_space
    }

    fn push_pending_space(&mut self) {
        self.text.push_str(&self.pending_space);
        self.pending_space.clear();
    }

    fn trailing_since(&mut self, old: usize) {
        Builder::trailing_since(self, old);
    }

    fn push_text_unit(&mut self, node: A::Node, start: usize) {
        Builder::push_text_unit(self, node, start);
    }

    fn depth(&self) -> usize {
        self.open.len()
    }

    fn opened(&self, depth: usize) -> Option<Opened> {
        self.open.get(depth).map(|open| open.markdown)
    }

    fn open_node(&self, depth: usize) -> Option<A::Node> {
        let unit = self.open.get(depth)?.unit?;
        Some(self.units[unit].node)
    }

    fn flanks(&mut self, node: A::Node) -> Option<Flanks> {
        let dom = self.dom;
        let exclude = self.options.exclude;
        let caches = &mut self.caches;
        Flanks::of(dom, node, |element| exclude.matches(dom, element, caches))
    }

    fn char_after(&mut self, node: A::Node) -> Option<char> {
        let dom = self.dom;
        let exclude = self.options.exclude;
        let caches = &mut self.caches;
        crate::markdown::char_after(dom, node, &mut |element| {
            exclude.matches(dom, element, caches)
        })
    }
}
