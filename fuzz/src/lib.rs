//! Shared code of the fuzz targets: how fuzzer bytes become a splitter
//! configuration and an HTML document, and the SPEC §6 checks every target
//! runs on the chunks.
//!
//! `crates/conformance/tests/fuzz_regressions.rs` includes this file, so
//! that a crash file replays as a plain `cargo test`.

use html_splitter::{Backend, Characters, Chunks, Splitter, SplitterConfig};

/// The selectors a fuzzed config picks from: all valid, covering type,
/// class, attribute, combinator and structural selectors. Bit `i` of a
/// selector mask picks `SELECTORS[i]`.
pub const SELECTORS: [&str; 16] = [
    "p",
    "h2",
    "div",
    "br",
    "li",
    "td",
    ".x",
    "section > p",
    ":nth-child(2)",
    "pre",
    "table",
    "*",
    "ul li",
    "[id]",
    "h1 + p",
    ":not(span)",
];

/// How many leading bytes encode the configuration.
pub const HEADER_LEN: usize = 8;

/// One fuzz input, decoded.
#[derive(Debug, Clone)]
pub struct FuzzCase {
    /// A valid configuration.
    pub config: SplitterConfig,
    /// The document, decoded as a browser would decode the bytes.
    pub html: String,
}

impl FuzzCase {
    /// Decodes fuzzer bytes. Header (missing bytes read as 0):
    ///
    /// | bytes | meaning |
    /// |---|---|
    /// | 0–1 | `chunk_size = 1 + u16_le % 300` |
    /// | 2 | bit 0 set: `max_chunk_size = chunk_size + byte 3` |
    /// | 3 | how far `max_chunk_size` exceeds `chunk_size` |
    /// | 4–5 | `u16_le` mask over [`SELECTORS`]: `separators` |
    /// | 6–7 | `u16_le` mask over [`SELECTORS`]: `never_break_within` |
    ///
    /// The rest is the HTML, through `html_splitter::encoding::decode`.
    pub fn from_bytes(bytes: &[u8]) -> FuzzCase {
        let split = bytes.len().min(HEADER_LEN);
        let mut header = [0u8; HEADER_LEN];
        header[..split].copy_from_slice(&bytes[..split]);
        let chunk_size = 1 + usize::from(u16::from_le_bytes([header[0], header[1]]) % 300);
        let max_chunk_size = (header[2] & 1 == 1).then(|| chunk_size + usize::from(header[3]));
        let config = SplitterConfig {
            max_chunk_size,
            separators: pick(u16::from_le_bytes([header[4], header[5]])),
            never_break_within: pick(u16::from_le_bytes([header[6], header[7]])),
            ..SplitterConfig::new(chunk_size)
        };
        FuzzCase {
            config,
            html: html_splitter::encoding::decode(&bytes[split..], None),
        }
    }
}

fn pick(mask: u16) -> Vec<String> {
    SELECTORS
        .iter()
        .enumerate()
        .filter(|&(bit, _)| mask & (1 << bit) != 0)
        .map(|(_, selector)| (*selector).to_owned())
        .collect()
}

/// Splits the decoded input with `backend`, asserts SPEC §6 on the chunks,
/// and splits again to check determinism.
pub fn check_split(backend: Backend, bytes: &[u8]) {
    let case = FuzzCase::from_bytes(bytes);
    let splitter = Splitter::new(case.config.clone()).expect("derived configs are valid");
    let chunks = backend
        .split(&splitter, &case.html)
        .expect("the backend parses this input");
    assert_invariants(&chunks, case.config.max_chunk_size, backend);
    let again = backend
        .split(&splitter, &case.html)
        .expect("the backend parses this input");
    assert!(
        chunks == again,
        "{backend}: splitting twice gave different chunks"
    );
}

/// SPEC §6 invariants 1–3 on one document's chunks.
pub fn assert_invariants(chunks: &Chunks, max: Option<usize>, backend: Backend) {
    if let Err(violation) = chunks.check(&Characters, max) {
        panic!("{backend}: {violation}");
    }
}
