//! Every heading's text with its whitespace collapsed (SPEC §7), in one
//! buffer, in time linear in the text.
//!
//! HTML lets a heading hold another (`<h1>t <span><h1>…`: a parser only
//! closes a heading when it is the current node), so heading spans nest,
//! and collapsing each heading's span on its own would read the inner text
//! once per enclosing heading: quadratic in the depth. Collapsing is local
//! (a word never depends on what lies beyond the whitespace around it), so
//! the collapsed text of a span is a slice of the collapsed text of any span
//! that holds it. The spans are therefore merged into disjoint regions, each
//! region is collapsed once, and each heading is a range of the result.
//!
//! The spans index [`CanonicalText::heading_source`]: the canonical text, or
//! in Markdown the headings' words without their markup.

use std::ops::Range;

use crate::canonical::CanonicalText;

/// The collapsed texts of a document's headings, by heading index.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct HeadingTexts {
    buffer: String,
    ranges: Vec<Range<usize>>,
}

#[cfg(test)]
thread_local! {
    /// The bytes of canonical text collapsed for heading texts on this
    /// thread: a test counts the work with it.
    pub(crate) static COLLAPSED_BYTES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

impl HeadingTexts {
    /// The heading texts of `canonical`.
    pub(crate) fn of<N>(canonical: &CanonicalText<N>) -> Self {
        let text = canonical.heading_source();
        let headings = &canonical.heading_texts;
        let mut ranges = vec![0..0; headings.len()];
        let mut buffer = String::new();
        // Where each heading starts and ends, in order of position.
        let mut queries: Vec<(usize, usize, bool)> = Vec::new();
        for (index, span) in headings.iter().enumerate() {
            queries.push((span.start, index, true));
            queries.push((span.end, index, false));
        }
        queries.sort_unstable_by_key(|&(at, _, _)| at);
        let mut spans: Vec<&Range<usize>> = headings.iter().collect();
        spans.sort_unstable_by_key(|span| span.start);
        let mut next = queries.iter().peekable();
        let mut spans = spans.into_iter().peekable();
        while let Some(first) = spans.next() {
            let mut region = first.clone();
            while let Some(span) = spans.next_if(|span| span.start <= region.end) {
                region.end = region.end.max(span.end);
            }
            if text.get(region.clone()).is_none() {
                continue;
            }
            #[cfg(test)]
            COLLAPSED_BYTES.with(|bytes| bytes.set(bytes.get() + region.len()));
            // Each region starts a fresh run: no space before its first word.
            // The region is read in pieces between the positions where
            // headings start or end, word by word.
            let base = buffer.len();
            let mut pending_space = false;
            let mut at = region.start;
            while at < region.end {
                answer(&mut next, at, buffer.len(), &mut ranges);
                // Queries up to `at` are answered: the next is past it.
                let until = next
                    .peek()
                    .map_or(region.end, |&&(position, _, _)| position.min(region.end));
                let mut first = true;
                for word in text[at..until].split(char::is_whitespace) {
                    if !first {
                        pending_space |= buffer.len() > base;
                    }
                    first = false;
                    if !word.is_empty() {
                        if pending_space {
                            buffer.push(' ');
                            pending_space = false;
                        }
                        buffer.push_str(word);
                    }
                }
                at = until;
            }
            answer(&mut next, region.end, buffer.len(), &mut ranges);
        }
        // A space written before a heading's first word belongs to the
        // text before it; one after its last word is never written (spaces
        // are written with the word that follows them).
        for range in &mut ranges {
            range.end = range.end.max(range.start);
            if buffer.as_bytes().get(range.start) == Some(&b' ') && range.start < range.end {
                range.start += 1;
            }
        }
        HeadingTexts { buffer, ranges }
    }

    /// Heading `index`'s text; empty for an index out of range.
    pub(crate) fn get(&self, index: usize) -> &str {
        self.ranges
            .get(index)
            .and_then(|range| self.buffer.get(range.clone()))
            .unwrap_or("")
    }
}

/// Records `written` as where each heading starting or ending at or before
/// `at` starts or ends in the buffer.
fn answer(
    queries: &mut std::iter::Peekable<std::slice::Iter<'_, (usize, usize, bool)>>,
    at: usize,
    written: usize,
    ranges: &mut [Range<usize>],
) {
    while let Some(&(_, index, start)) = queries.next_if(|&&(position, _, _)| position <= at) {
        if start {
            ranges[index].start = written;
        } else {
            ranges[index].end = written;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::collapse_whitespace;

    fn texts(text: &str, spans: &[Range<usize>]) -> Vec<String> {
        let mut canonical = CanonicalText::<u32>::empty_for_tests(text);
        canonical.heading_texts = spans.to_vec();
        let collapsed = HeadingTexts::of(&canonical);
        (0..spans.len())
            .map(|index| collapsed.get(index).to_owned())
            .collect()
    }

    /// Every span between character boundaries of a text with runs of
    /// whitespace of every kind and multi-byte characters: nested,
    /// overlapping, empty and disjoint spans at once.
    #[test]
    fn each_text_is_its_span_collapsed() {
        let text = "  Été \n à\u{a0} l’eau\t—\u{3000}\n\n  x  y ";
        let boundaries: Vec<usize> = text
            .char_indices()
            .map(|(at, _)| at)
            .chain([text.len()])
            .collect();
        let mut spans = Vec::new();
        for (i, &start) in boundaries.iter().enumerate() {
            for &end in &boundaries[i..] {
                spans.push(start..end);
            }
        }
        let expected: Vec<String> = spans
            .iter()
            .map(|span| collapse_whitespace(&text[span.clone()]))
            .collect();
        assert_eq!(texts(text, &spans), expected);
    }
}
