//! Benchmarks (work in progress).
