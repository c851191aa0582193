//! A passage said twice is kept once ([`Rules::COPIES`](super::Rules::COPIES)): after pruning,
//! the blocks and wrappers of the content whose text an earlier one holds
//! under the same heading are left out ([`drop_copies`]).

use rustc_hash::{FxHashMap, FxHashSet};

use crate::adapter::DomAdapter;

use super::Verdict;
use super::hints;
use super::stats::{self, Stats};

/// A block shorter than this (a heading, a label, a name, a date) is no
/// copy for [`Rules::COPIES`](super::Rules::COPIES), nor does it end a run of copies.
const COPY_CHARS: u32 = 30;
/// A run of two or more copies is left out when it holds at least this
/// many characters: three short sentences.
pub(super) const COPY_RUN_CHARS: u32 = 150;
/// A copy alone is left out when it holds at least this many characters,
/// four times the shortest prose paragraph: a passage rather than a note.
pub(super) const COPY_ALONE_CHARS: u32 = 4 * stats::PROSE_CHARS;

/// [`Rules::COPIES`](super::Rules::COPIES): leaves out the runs of blocks of the content whose
/// own text, under the same heading, an earlier block of it holds. A
/// block is one whose text is all its own (no block inside it), so a
/// wrapper is never left out for one of its paragraphs; a wrapper whose
/// whole text (200 characters or more, less than half of it in lists,
/// tables and `pre`) an earlier wrapper holds under the same heading,
/// and not around it, goes whole (a quoted post with a list in it; not
/// an algorithm said twice, whose steps are a list). Only blocks that
/// share their section and their length with another are read again
/// and hashed ([`stats::block_hashes`]): on about three pages in five
/// none do, and the rule costs one pass over the content's blocks.
pub(super) fn drop_copies<A: DomAdapter>(
    dom: &A,
    root: A::Node,
    stats: &Stats,
    verdicts: &mut [Verdict],
) {
    let n = stats.len().min(verdicts.len());
    // The content's blocks of COPY_CHARS or more, in order, and whether
    // each can be a copy.
    let mut blocks: Vec<(usize, bool)> = Vec::new();
    // Blocks that hold other blocks and COPY_ALONE_CHARS or more of text,
    // less than half of it in lists, tables and `pre`.
    let mut wrappers: Vec<usize> = Vec::new();
    let mut i = 1;
    while i < n {
        if verdicts[i] == Verdict::Skip {
            i = (stats.end[i] as usize).max(i + 1);
            continue;
        }
        if verdicts[i] == Verdict::Inside
            && stats.section_of[i] != 0
            && stats.own[i] < stats.text[i]
            && stats.text[i] >= COPY_ALONE_CHARS
            && stats.hints[i] & hints::BLOCK != 0
            && stats.placeholder[i] == 0
            && u64::from(stats.designed[i]) * 2 < u64::from(stats.text[i])
            && stats.end[i] as usize > i + 1
        {
            wrappers.push(i);
        }
        if verdicts[i] == Verdict::Inside && stats.own[i] >= COPY_CHARS {
            let can = stats.section_of[i] != 0
                && stats.own[i] == stats.text[i]
                && stats.placeholder[i] == 0;
            blocks.push((i, can));
        }
        i += 1;
    }
    // A leaf's shape is its section and own text; a wrapper's, its
    // section and whole text (tagged apart).
    let shape = |i: usize| (stats.section_of[i], stats.own[i]);
    let wrapper_shape = |i: usize| (stats.section_of[i] ^ 2, stats.text[i]);
    let mut shapes: FxHashMap<(u64, u32), u32> = FxHashMap::default();
    for &(i, can) in &blocks {
        if can {
            *shapes.entry(shape(i)).or_default() += 1;
        }
    }
    // A wrapper inside one of the same text and section adds nothing to
    // it (`div > div` around the same paragraphs): only the outer one of
    // such a chain counts, is read again, or can be a copy.
    // Where the last wrapper kept of each shape ends.
    let mut outer: FxHashMap<(u64, u32), usize> = FxHashMap::default();
    wrappers.retain(|&i| match outer.get(&wrapper_shape(i)) {
        Some(&outer_end) if i < outer_end => false,
        _ => {
            outer.insert(wrapper_shape(i), stats.end[i] as usize);
            true
        }
    });
    for &i in &wrappers {
        *shapes.entry(wrapper_shape(i)).or_default() += 1;
    }
    let mut wanted: Vec<usize> = blocks
        .iter()
        .filter(|&&(i, can)| can && shapes.get(&shape(i)).is_some_and(|&count| count > 1))
        .map(|&(i, _)| i)
        .chain(wrappers.iter().copied().filter(|&i| {
            shapes
                .get(&wrapper_shape(i))
                .is_some_and(|&count| count > 1)
        }))
        .collect();
    if wanted.is_empty() {
        return;
    }
    wanted.sort_unstable();
    wanted.dedup();
    let hashes: FxHashMap<usize, u64> = stats::block_hashes(dom, root, stats, &wanted)
        .into_iter()
        .collect();
    // Wrappers first: a copy of an earlier one goes whole. No wrapper
    // left stands inside another of its shape (the chains are gone), so
    // an earlier wrapper of the same text is never the one around it.
    let mut first: FxHashSet<(u64, u32, u64)> = FxHashSet::default();
    let mut dropped_until = 0;
    // The wrappers left out, as (start, end) in pre-order, in order.
    let mut dropped: Vec<(usize, usize)> = Vec::new();
    for &i in &wrappers {
        if i < dropped_until {
            continue;
        }
        if let Some(&hash) = hashes.get(&i) {
            let (section, text) = wrapper_shape(i);
            if !first.insert((section, text, hash)) {
                let end = stats.end[i] as usize;
                verdicts[i] = Verdict::Skip;
                dropped_until = end;
                dropped.push((i, end));
            }
        }
    }
    let mut seen: FxHashSet<(u64, u32, u64)> = FxHashSet::default();
    // Blocks come in pre-order, as the wrappers left out do.
    let mut next_dropped = 0;
    let copies: Vec<(usize, bool)> = blocks
        .iter()
        .filter(|&&(i, _)| {
            while dropped.get(next_dropped).is_some_and(|&(_, end)| end <= i) {
                next_dropped += 1;
            }
            !dropped
                .get(next_dropped)
                .is_some_and(|&(start, end)| start <= i && i < end)
        })
        .map(|&(i, _)| {
            let copy = hashes.get(&i).is_some_and(|&hash| {
                let (section, own) = shape(i);
                !seen.insert((section, own, hash))
            });
            (i, copy)
        })
        .collect();
    for run in copies.chunk_by(|a, b| a.1 == b.1) {
        if !run[0].1 {
            continue;
        }
        let chars = run
            .iter()
            .fold(0u32, |chars, &(i, _)| chars.saturating_add(stats.own[i]));
        if (run.len() >= 2 && chars >= COPY_RUN_CHARS) || chars >= COPY_ALONE_CHARS {
            for &(i, _) in run {
                verdicts[i] = Verdict::Skip;
            }
        }
    }
}
