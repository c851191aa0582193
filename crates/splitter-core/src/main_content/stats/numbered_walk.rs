//! The tree read again after the statistics pass: [`NumberedWalk`]
//! numbers the elements as [`Stats::gather`] does, so that a rule can find
//! the elements its numbers name; [`block_hashes`] hashes the own text of
//! chosen blocks with it ([`TextHash`]), for the rule `copies`.

use std::hash::Hasher as _;

use crate::adapter::{Descendants, DomAdapter, NodeKind};

use super::{OMITTED, Stats};

/// A block's own text, hashed text node by text node (each without the
/// whitespace at its ends): the same text, marked up and spaced the same
/// way, gives the same hash. Each node is hashed eight bytes at a time.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct TextHash(u64);

impl TextHash {
    const MIX: u64 = 0x9e37_79b9_7f4a_7c15;

    pub(super) fn add(&mut self, text: &str) {
        let text = text.trim_ascii();
        if text.is_empty() {
            return;
        }
        let mut node = rustc_hash::FxHasher::default();
        node.write(text.as_bytes());
        self.0 = (self.0 ^ node.finish())
            .wrapping_mul(Self::MIX)
            .rotate_left(29);
    }

    pub(super) fn finish(self) -> u64 {
        self.0
    }
}

/// The own text of each element numbered in `wanted` (in pre-order,
/// ascending), hashed as [`TextHash`] hashes it, read again from the tree:
/// only the subtrees that hold a wanted element are walked, numbered as
/// [`Stats::gather`] numbers them. A wanted element is a block whose text
/// is all its own (`own == text`), so all its text nodes are hashed, but
/// not those of an element the walk leaves out (`script`, `exclude`).
/// Each element found gives its number and hash; one not found (a number
/// past the tree's end) gives none, and is no copy of anything.
pub(in crate::main_content) fn block_hashes<A: DomAdapter>(
    dom: &A,
    root: A::Node,
    stats: &Stats,
    wanted: &[usize],
) -> Vec<(usize, u64)> {
    let mut hashes = Vec::with_capacity(wanted.len());
    let mut next = wanted.iter().copied().peekable();
    let mut walk = NumberedWalk::new(dom, stats, root, 0);
    while let Some(step) = walk.next() {
        let Step::Element(node, index) = step else {
            continue;
        };
        let Some(&want) = next.peek() else { break };
        let end = stats.subtree_end(index);
        if want == index {
            hashes.push((index, subtree_hash(dom, node, stats, index)));
            next.next();
        }
        if next.peek().is_none_or(|&want| want >= end) {
            // Nothing wanted inside: its elements are numbered, not walked.
            walk.skip_children();
        }
    }
    hashes
}

/// The text nodes below the element numbered `at`, hashed in order,
/// leaving out the elements the statistics pass left out.
fn subtree_hash<A: DomAdapter>(dom: &A, node: A::Node, stats: &Stats, at: usize) -> u64 {
    let mut hash = TextHash::default();
    let mut walk = NumberedWalk::new(dom, stats, node, at);
    while let Some(step) = walk.next() {
        match step {
            Step::Text(text, _) => hash.add(&dom.text(text)),
            Step::Element(_, index) => {
                if stats
                    .hints
                    .get(index)
                    .is_none_or(|&hints| hints & OMITTED != 0)
                {
                    walk.skip_children();
                }
            }
        }
    }
    hash.finish()
}

/// One node of a [`NumberedWalk`].
#[derive(Clone, Copy, Debug)]
pub(in crate::main_content) enum Step<N> {
    /// An element, and its number.
    Element(N, usize),
    /// A text node, and the number of the element it is in.
    Text(N, usize),
}

/// The nodes below an element in document order, each element numbered as
/// [`Stats::gather`] numbers it (the walk's first element is one past the
/// element it starts from): the walk of the rules that read the tree again
/// after the statistics, to find the elements their numbers name. A walk
/// over elements that the statistics did not walk into (those they left
/// out, `OMITTED`) passes over their children with
/// [`skip_children`](NumberedWalk::skip_children), or the numbers go
/// wrong. Other nodes (comments) are passed over. The walk is the core's
/// one subtree walk ([`DomAdapter::descendants`]), with the numbers kept
/// beside it: no recursion.
pub(in crate::main_content) struct NumberedWalk<'a, A: DomAdapter> {
    dom: &'a A,
    /// Where each element's subtree ends, to pass over one.
    stats: &'a Stats,
    /// The nodes below the starting element.
    nodes: Descendants<'a, A>,
    /// The numbers of the starting element and of the open elements below
    /// it, the deepest last: a node at depth `d` is in `parents[d - 1]`.
    parents: Vec<usize>,
    /// The number the next element gets.
    next_index: usize,
    /// The number of the element last given, whose children come next
    /// unless skipped.
    entered: Option<usize>,
}

impl<'a, A: DomAdapter> NumberedWalk<'a, A> {
    /// The walk of the nodes below `node`, which is numbered `index`.
    pub(in crate::main_content) fn new(
        dom: &'a A,
        stats: &'a Stats,
        node: A::Node,
        index: usize,
    ) -> Self {
        NumberedWalk {
            dom,
            stats,
            nodes: dom.descendants(node),
            parents: vec![index],
            next_index: index + 1,
            entered: None,
        }
    }

    /// Passes over the children of the element last given, and their
    /// numbers ([`Stats::subtree_end`]).
    pub(in crate::main_content) fn skip_children(&mut self) {
        if let Some(index) = self.entered.take() {
            self.nodes.skip_subtree();
            self.next_index = self.next_index.max(self.stats.subtree_end(index));
        }
    }
}

impl<A: DomAdapter> Iterator for NumberedWalk<'_, A> {
    type Item = Step<A::Node>;

    fn next(&mut self) -> Option<Self::Item> {
        self.entered = None;
        loop {
            let node = self.nodes.next()?;
            let depth = self.nodes.depth();
            self.parents.truncate(depth);
            match self.dom.kind(node) {
                NodeKind::Text => return Some(Step::Text(node, self.parents[depth - 1])),
                NodeKind::Element => {
                    let index = self.next_index;
                    self.next_index += 1;
                    self.parents.push(index);
                    self.entered = Some(index);
                    return Some(Step::Element(node, index));
                }
                _ => {}
            }
        }
    }
}
