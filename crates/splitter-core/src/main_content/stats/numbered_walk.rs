//! The tree read again after the statistics pass: [`NumberedWalk`]
//! numbers the elements as [`Stats::gather`] does, so that a rule can find
//! the elements its numbers name; [`block_hashes`] hashes the own text of
//! chosen blocks with it ([`TextHash`]), for the rule `copies`.

use std::hash::Hasher as _;

use crate::adapter::{DomAdapter, NodeKind};

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
/// wrong. Other nodes (comments) are passed over. No recursion: one stack
/// entry per open element.
pub(in crate::main_content) struct NumberedWalk<'a, A: DomAdapter> {
    dom: &'a A,
    /// Where each element's subtree ends, to pass over one.
    stats: &'a Stats,
    /// Per open element: its next child to visit, and its number.
    open: Vec<(Option<A::Node>, usize)>,
    /// The number the next element gets.
    next_index: usize,
    /// The element last given, whose children come next unless skipped.
    entered: Option<(A::Node, usize)>,
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
            open: vec![(dom.first_child(node), index)],
            next_index: index + 1,
            entered: None,
        }
    }

    /// Passes over the children of the element last given, and their
    /// numbers ([`Stats::subtree_end`]).
    pub(in crate::main_content) fn skip_children(&mut self) {
        if let Some((_, index)) = self.entered.take() {
            self.next_index = self.next_index.max(self.stats.subtree_end(index));
        }
    }
}

impl<A: DomAdapter> Iterator for NumberedWalk<'_, A> {
    type Item = Step<A::Node>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some((node, index)) = self.entered.take() {
            self.open.push((self.dom.first_child(node), index));
        }
        loop {
            let (next, parent) = self.open.last_mut()?;
            let Some(node) = *next else {
                self.open.pop();
                continue;
            };
            *next = self.dom.next_sibling(node);
            let parent = *parent;
            match self.dom.kind(node) {
                NodeKind::Text => return Some(Step::Text(node, parent)),
                NodeKind::Element => {
                    let index = self.next_index;
                    self.next_index += 1;
                    self.entered = Some((node, index));
                    return Some(Step::Element(node, index));
                }
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::TextHash;

    #[test]
    fn a_text_hashes_alike_node_by_node() {
        let hash = |parts: &[&str]| {
            let mut hash = TextHash::default();
            for part in parts {
                hash.add(part);
            }
            hash.finish()
        };
        let whole = hash(&["Keep the mix: ", "rye feeds the yeast."]);
        // The whitespace at a node's ends, and nodes of whitespace, are
        // not its text.
        assert_eq!(
            whole,
            hash(&["\n  Keep the mix:", " ", "rye feeds the yeast.\t"])
        );
        assert_ne!(whole, hash(&["Keep the mix: ", "rye feeds the yeast!"]));
        assert_ne!(whole, hash(&["keep the mix: ", "rye feeds the yeast."]));
        assert_ne!(whole, hash(&["rye feeds the yeast.", "Keep the mix: "]));
        assert_ne!(hash(&["a"]), hash(&["a", "a"]));
        assert_ne!(hash(&[]), hash(&["a"]));
    }
}
