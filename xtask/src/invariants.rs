//! The SPEC §6 invariants that can be checked from the output alone.

use html_splitter::{Chunks, Sizer, Splitter};

/// Checks invariants 1–3 on one document's chunks; returns the first
/// violation found.
pub fn check(splitter: &Splitter, chunks: &Chunks) -> Result<(), String> {
    let canonical = chunks.canonical_text();
    let mut covered = 0;
    for (index, (span, text)) in chunks.spans().iter().zip(chunks.iter()).enumerate() {
        if text.is_empty() {
            return Err(format!("chunk {index} is empty"));
        }
        if text.trim() != text {
            return Err(format!("chunk {index} is not trimmed"));
        }
        if let Some(max) = splitter.config().max_chunk_size {
            let size = splitter.sizer().size(text);
            if size > max {
                return Err(format!("chunk {index} has size {size} > maxChunkSize {max}"));
            }
        }
        if span.start < covered {
            return Err(format!("chunk {index} overlaps the previous one"));
        }
        if !canonical[covered..span.start].trim().is_empty() {
            return Err(format!("text lost before chunk {index}"));
        }
        covered = span.end;
    }
    if !canonical[covered..].trim().is_empty() {
        return Err("text lost after the last chunk".to_owned());
    }
    Ok(())
}
