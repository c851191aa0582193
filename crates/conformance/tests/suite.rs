//! The cross-backend tests, one module per file of this folder, built as one
//! test binary (`cargo test -p conformance`; one file's tests with
//! `cargo test -p conformance -- invariants::`).

mod common;

mod backends;
#[path = "conformance.rs"]
mod cases;
mod fuzz_regressions;
mod invariants;
mod markdown;
mod page_metadata;
mod provenance;
mod robustness;
mod selection;
mod snapshots;
mod tokens;
