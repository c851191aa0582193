//! Cross-backend tests of the HTML text splitter (not published).
//!
//! The tests in `tests/` run every case on every backend: this package
//! builds the `html-splitter` facade with all three backend features itself,
//! so `cargo test -p conformance` covers html5ever, scraper and tl whatever
//! else the workspace enables. `tests/backends.rs` asserts that they are all
//! compiled in.

use html_splitter::{Backend, Chunks, Sizer, Splitter};

pub mod markdown;

/// `html` split on every backend, each result checked against SPEC §6
/// invariants 1–3 (`Chunks::check`) before it is returned.
///
/// # Panics
///
/// When a backend cannot parse `html` or an invariant is broken, naming the
/// backend.
pub fn split_all<S: Sizer>(splitter: &Splitter<S>, html: &str) -> Vec<(Backend, Chunks)> {
    Backend::ALL
        .iter()
        .map(|&backend| {
            let chunks = backend
                .split(splitter, html)
                .unwrap_or_else(|err| panic!("[{backend}] cannot parse: {err}"));
            if let Err(violation) = chunks.check(splitter.sizer(), splitter.config().max_chunk_size)
            {
                panic!("[{backend}] {violation} in {:?}", chunks.canonical_text());
            }
            (backend, chunks)
        })
        .collect()
}
