//! What the decomposition (SPEC §4) hands the merge (SPEC §5): the limits
//! both work to, and the document's segments with their sizes as far as the
//! decomposition knows them.

use std::ops::Range;

/// The target and the cap of a split, in the sizer's unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Limits {
    pub(crate) chunk_size: usize,
    pub(crate) max: Option<usize>,
}

/// The size of a segment, as far as the decomposition knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Size {
    /// Measured by the sizer on the segment's text.
    Exact(usize),
    /// Estimated from the document's size per byte; the segment's text fits
    /// the target by the estimate, by a wide margin.
    Estimate(usize),
    /// Not measured (a piece of a forced split, known to fit the cap).
    Unknown,
}

/// Where a segment kept on an estimate came from, so that the
/// decomposition can take it apart again if the merge finds it too large:
/// the run of sibling units it spans (indices into the canonical text's
/// units), the bytes it spans (a sentence may begin or end inside a text
/// node, SPEC §4.1) and whether it lies inside a protected element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Origin {
    pub(crate) first: usize,
    pub(crate) last: usize,
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) in_protected: bool,
}

/// The segments of a document, in document order: trimmed byte spans of the
/// canonical text, each with its size as far as it is known.
#[derive(Debug, Default)]
pub(crate) struct Segments {
    pub(crate) spans: Vec<Range<usize>>,
    pub(crate) sizes: Vec<Size>,
    /// For a segment kept on an estimate: where it came from.
    pub(crate) origins: Vec<Option<Origin>>,
    /// Whether the segment is one heading (`h1`–`h6`, alone or with units
    /// that have no text, or in wrappers that hold only it) that fits the
    /// target: a heading segment, kept with what follows it (SPEC §5). So
    /// is one that ends with a table's header and delimiter rows
    /// (Markdown), which reads as nothing without a row under it.
    pub(crate) headings: Vec<bool>,
}

impl Segments {
    pub(crate) fn push(
        &mut self,
        span: Range<usize>,
        size: Size,
        origin: Option<Origin>,
        heading: bool,
    ) {
        self.spans.push(span);
        self.sizes.push(size);
        self.origins.push(origin);
        self.headings.push(heading);
    }

    pub(crate) fn len(&self) -> usize {
        self.spans.len()
    }
}
