//! Merge (SPEC §5): consecutive segments share a chunk while they fit the
//! target size.

use std::ops::Range;

use crate::sizer::Sizer;

/// Greedy merge (SPEC §5): consecutive segments share a chunk while the text
/// from the chunk's start to the segment's end fits `chunk_size`.
pub(crate) fn merge<S: Sizer>(
    text: &str,
    segments: &[Range<usize>],
    sizer: &S,
    chunk_size: usize,
) -> Vec<Range<usize>> {
    let mut chunks = Vec::new();
    let mut current: Option<Range<usize>> = None;
    for segment in segments {
        current = Some(match current {
            Some(chunk) if sizer.fits(&text[chunk.start..segment.end], chunk_size) => {
                chunk.start..segment.end
            }
            Some(chunk) => {
                chunks.push(chunk);
                segment.clone()
            }
            None => segment.clone(),
        });
    }
    chunks.extend(current);
    chunks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sizer::Characters;

    #[test]
    fn merge_is_greedy_and_keeps_document_boundaries() {
        let text = "aa\nbb\ncccccccccc";
        let segments = [0..2, 3..5, 6..16];
        assert_eq!(merge(text, &segments, &Characters, 8), [0..5, 6..16]);
    }
}
