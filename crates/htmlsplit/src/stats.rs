//! Run statistics: `--stats` (a summary on stderr) and `--stats-json FILE`.

use std::fmt;
use std::time::Duration;

use serde::Serialize;

use crate::render::Rendered;

/// Counts gathered while documents are written, in input order.
#[derive(Debug)]
pub struct Tally {
    chunk_size: usize,
    unit: String,
    documents: usize,
    failures: usize,
    input_bytes: u64,
    sizes: Vec<usize>,
}

impl Tally {
    /// Counts for a run whose sizes are in `unit` (the sizer's name).
    pub fn new(chunk_size: usize, unit: &str) -> Self {
        Tally {
            chunk_size,
            unit: unit.to_owned(),
            documents: 0,
            failures: 0,
            input_bytes: 0,
            sizes: Vec::new(),
        }
    }

    pub fn add(&mut self, document: &Rendered) {
        self.documents += 1;
        self.input_bytes += document.input_bytes;
        self.sizes.extend_from_slice(&document.sizes);
    }

    pub fn add_failure(&mut self) {
        self.failures += 1;
    }

    pub fn documents(&self) -> usize {
        self.documents
    }

    pub fn failures(&self) -> usize {
        self.failures
    }

    pub fn summary(mut self, elapsed: Duration) -> Summary {
        self.sizes.sort_unstable();
        let sizes = &self.sizes;
        let small = sizes
            .iter()
            .take_while(|&&size| is_small(size, self.chunk_size))
            .count();
        Summary {
            documents: self.documents,
            chunks: sizes.len(),
            input_bytes: self.input_bytes,
            seconds: elapsed.as_secs_f64(),
            sizes: SizeSummary {
                unit: self.unit,
                min: percentile(sizes, 0),
                p10: percentile(sizes, 10),
                median: percentile(sizes, 50),
                p90: percentile(sizes, 90),
                max: percentile(sizes, 100),
            },
            failures: self.failures,
            small_chunks: small,
            chunk_size: self.chunk_size,
        }
    }
}

/// A chunk under 10% of `chunkSize`.
fn is_small(size: usize, chunk_size: usize) -> bool {
    size.saturating_mul(10) < chunk_size
}

/// The nearest-rank percentile of sorted values: the smallest value with at
/// least `percent`% of the values at or below it (`0` is the minimum).
fn percentile(sorted: &[usize], percent: usize) -> Option<usize> {
    let rank = (sorted.len() * percent).div_ceil(100).max(1);
    sorted.get(rank - 1).copied()
}

/// What `--stats-json` writes.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub documents: usize,
    pub chunks: usize,
    /// Bytes of the documents split, before decoding.
    pub input_bytes: u64,
    pub seconds: f64,
    pub sizes: SizeSummary,
    pub failures: usize,
    /// Chunks under 10% of `chunkSize`.
    pub small_chunks: usize,
    pub chunk_size: usize,
}

#[derive(Debug, Serialize)]
pub struct SizeSummary {
    pub unit: String,
    pub min: Option<usize>,
    pub p10: Option<usize>,
    pub median: Option<usize>,
    pub p90: Option<usize>,
    pub max: Option<usize>,
}

impl fmt::Display for Summary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let megabytes = self.input_bytes as f64 / 1e6;
        let rate = if self.seconds > 0.0 {
            megabytes / self.seconds
        } else {
            0.0
        };
        writeln!(
            f,
            "{}, {}, {megabytes:.2} MB in {:.2} s ({rate:.1} MB/s)",
            counted(self.documents, "document"),
            counted(self.chunks, "chunk"),
            self.seconds
        )?;
        let show = |value: Option<usize>| value.map_or_else(|| "-".to_owned(), |v| v.to_string());
        writeln!(
            f,
            "chunk sizes in {}: min {}, p10 {}, median {}, p90 {}, max {}",
            self.sizes.unit,
            show(self.sizes.min),
            show(self.sizes.p10),
            show(self.sizes.median),
            show(self.sizes.p90),
            show(self.sizes.max),
        )?;
        writeln!(
            f,
            "{} under 10% of chunkSize {}; {}",
            counted(self.small_chunks, "chunk"),
            self.chunk_size,
            counted(self.failures, "failure")
        )
    }
}

/// `count` and `noun`, in the plural unless `count` is 1.
pub fn counted(count: usize, noun: &str) -> String {
    if count == 1 {
        format!("1 {noun}")
    } else {
        format!("{count} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nearest_rank_percentiles() {
        let values: Vec<usize> = (1..=10).collect();
        assert_eq!(percentile(&values, 0), Some(1));
        assert_eq!(percentile(&values, 10), Some(1));
        assert_eq!(percentile(&values, 50), Some(5));
        assert_eq!(percentile(&values, 90), Some(9));
        assert_eq!(percentile(&values, 100), Some(10));
        assert_eq!(percentile(&[7], 90), Some(7));
        assert_eq!(percentile(&[], 50), None);
    }

    #[test]
    fn the_summary_names_the_unit_it_was_given() {
        let units = ["bytes", "huggingface:tokenizer.json"];
        let summaries: Vec<Summary> = units
            .iter()
            .map(|unit| Tally::new(10, unit).summary(Duration::ZERO))
            .collect();
        for (summary, unit) in summaries.iter().zip(units) {
            assert_eq!(summary.sizes.unit, unit);
            assert!(
                summary
                    .to_string()
                    .contains(&format!("chunk sizes in {unit}:"))
            );
        }
    }

    #[test]
    fn small_means_under_a_tenth() {
        assert!(is_small(9, 100));
        assert!(!is_small(10, 100));
        assert!(!is_small(0, 0));
    }
}
