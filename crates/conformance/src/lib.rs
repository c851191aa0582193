//! Cross-backend tests of the HTML text splitter (not published).
//!
//! The tests in `tests/` run every case on every backend: this package
//! builds the `html-splitter` facade with all three backend features itself,
//! so `cargo test -p conformance` covers html5ever, scraper and tl whatever
//! else the workspace enables. `tests/backends.rs` asserts that they are all
//! compiled in.
