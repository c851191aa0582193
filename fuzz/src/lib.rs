//! Shared code of the fuzz targets: how fuzzer bytes become a splitter
//! configuration (sizer included) and an HTML document, and the SPEC §6 and
//! §7 checks every target runs on the chunks.
//!
//! `crates/conformance/tests/fuzz_regressions.rs` includes this file, so
//! that a crash file replays as a plain `cargo test`.

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::sync::LazyLock;

use html_splitter::{
    Backend, Bytes, Characters, Chunks, Content, DomAdapter, Format, Html5everDom, Links, NodeKind,
    ScraperDom, SizeFn, Sizer, Splitter, SplitterConfig, Tiktoken, TlDom, Utf16, Whitespace,
};

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

/// The sizer a fuzz input picks (bits 1–3 of header byte 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FuzzSizer {
    /// Unicode scalar values (the default; every header written before the
    /// sizer was chosen picks it).
    Characters,
    /// UTF-8 bytes.
    Bytes,
    /// UTF-16 code units.
    Utf16,
    /// `cl100k_base` tokens.
    Tiktoken,
    /// A callback counting whitespace-separated words: not additive, so
    /// estimated like tokens.
    Words,
}

impl FuzzSizer {
    /// Bits 1–3 of header byte 2; values 5–7 repeat tokens, words and
    /// bytes, the sizers with the most to estimate or to cut.
    fn from_bits(bits: u8) -> FuzzSizer {
        match bits & 7 {
            1 | 7 => FuzzSizer::Bytes,
            2 => FuzzSizer::Utf16,
            3 | 5 => FuzzSizer::Tiktoken,
            4 | 6 => FuzzSizer::Words,
            _ => FuzzSizer::Characters,
        }
    }

    /// The smallest cap the sizer can hold on any text: one character is up
    /// to 4 bytes, 2 UTF-16 units, 4 `cl100k_base` tokens or 1 word, and a
    /// character over the cap stands alone.
    fn smallest_cap(self) -> usize {
        match self {
            FuzzSizer::Characters | FuzzSizer::Words => 1,
            FuzzSizer::Utf16 => 2,
            FuzzSizer::Bytes | FuzzSizer::Tiktoken => 4,
        }
    }
}

/// One fuzz input, decoded.
#[derive(Debug, Clone)]
pub struct FuzzCase {
    /// A valid configuration.
    pub config: SplitterConfig,
    /// The sizer.
    pub sizer: FuzzSizer,
    /// Whether a sizer that is not additive is estimated on documents of
    /// any length (`Splitter::estimating_small_documents`), so that short
    /// inputs reach the estimates and their corrections.
    pub estimates: bool,
    /// The document, decoded as a browser would decode the bytes.
    pub html: String,
}

impl FuzzCase {
    /// Decodes fuzzer bytes. Header (missing bytes read as 0):
    ///
    /// | bytes | meaning |
    /// |---|---|
    /// | 0–1 | `chunk_size = 1 + u16_le % 300` |
    /// | 2 | bit 0 set: `max_chunk_size = chunk_size + byte 3`; bits 1–3: the sizer ([`FuzzSizer::from_bits`]); bit 4: `whitespace: normalize` (with bit 6: `links: inline`); bit 5: estimates on small documents; bit 6: `format: markdown` (whitespace normalized); bit 7: `headingContext` |
    /// | 3 | how far `max_chunk_size` exceeds `chunk_size` |
    /// | 4–5 | `u16_le` mask over [`SELECTORS`]: `separators` |
    /// | 6–7 | `u16_le` mask over [`SELECTORS`]: `never_break_within` |
    ///
    /// A cap below what the sizer can hold is raised to it, and the target
    /// lowered to the cap. A header whose byte 2 is 0 or 1 means what it
    /// meant before the sizer was chosen (characters, whitespace as
    /// authored).
    ///
    /// The rest is the HTML, through `html_splitter::encoding::decode`.
    pub fn from_bytes(bytes: &[u8]) -> FuzzCase {
        let split = bytes.len().min(HEADER_LEN);
        let mut header = [0u8; HEADER_LEN];
        header[..split].copy_from_slice(&bytes[..split]);
        let sizer = FuzzSizer::from_bits(header[2] >> 1);
        let mut chunk_size = 1 + usize::from(u16::from_le_bytes([header[0], header[1]]) % 300);
        let max_chunk_size = (header[2] & 1 == 1)
            .then(|| (chunk_size + usize::from(header[3])).max(sizer.smallest_cap()));
        if let Some(max) = max_chunk_size {
            chunk_size = chunk_size.min(max);
        }
        let markdown = header[2] & 0x40 != 0;
        let whitespace = if header[2] & 0x10 != 0 || markdown {
            Whitespace::Normalize
        } else {
            Whitespace::Preserve
        };
        let (format, links) = match (markdown, header[2] & 0x10 != 0) {
            (false, _) => (Format::Text, Links::Text),
            (true, false) => (Format::Markdown, Links::Text),
            (true, true) => (Format::Markdown, Links::Inline),
        };
        let config = SplitterConfig {
            max_chunk_size,
            separators: pick(u16::from_le_bytes([header[4], header[5]])),
            never_break_within: pick(u16::from_le_bytes([header[6], header[7]])),
            whitespace,
            format,
            links,
            heading_context: header[2] & 0x80 != 0,
            ..SplitterConfig::new(chunk_size)
        };
        FuzzCase {
            config,
            sizer,
            estimates: header[2] & 0x20 != 0,
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

/// `cl100k_base`, loaded once per process: loading it costs far more than
/// a small input's split.
fn cl100k() -> &'static Tiktoken {
    static CL100K: LazyLock<Tiktoken> =
        LazyLock::new(|| Tiktoken::new("cl100k_base").expect("cl100k_base ships with tiktoken-rs"));
    &CL100K
}

fn count_words(text: &str) -> usize {
    text.split_whitespace().count()
}

/// Splits the decoded input with `backend`, asserts SPEC §6 and the
/// provenance of SPEC §7 on the chunks, and splits again to check
/// determinism.
pub fn check_split(backend: Backend, bytes: &[u8]) {
    check_case(backend, &FuzzCase::from_bytes(bytes));
}

/// [`check_split`] on a decoded case, with the sizer its header picks.
fn check_case(backend: Backend, case: &FuzzCase) {
    match case.sizer {
        FuzzSizer::Characters => check_with(backend, case, Characters),
        FuzzSizer::Bytes => check_with(backend, case, Bytes),
        FuzzSizer::Utf16 => check_with(backend, case, Utf16),
        FuzzSizer::Tiktoken => check_with(backend, case, cl100k()),
        FuzzSizer::Words => check_with(backend, case, SizeFn(count_words)),
    }
}

fn check_with<S: Sizer>(backend: Backend, case: &FuzzCase, sizer: S) {
    let mut splitter =
        Splitter::with_sizer(case.config.clone(), sizer).expect("derived configs are valid");
    if case.estimates {
        splitter = splitter.estimating_small_documents();
    }
    let html = case.html.as_str();
    let parsed = "the backend parses this input";
    match backend {
        Backend::Html5ever => check_dom(
            backend,
            &splitter,
            &Html5everDom::parse(html).expect(parsed),
            html,
        ),
        Backend::Scraper => check_dom(
            backend,
            &splitter,
            &ScraperDom::parse(html).expect(parsed),
            html,
        ),
        Backend::Tl => check_dom(backend, &splitter, &TlDom::parse(html).expect(parsed), html),
        other => panic!("{other}: not compiled into the fuzz targets"),
    }
}

fn check_dom<S: Sizer, D: DomAdapter>(
    backend: Backend,
    splitter: &Splitter<S>,
    dom: &D,
    html: &str,
) {
    let chunks = splitter.split(dom);
    assert_invariants_in(
        &chunks,
        splitter.sizer(),
        splitter.config().max_chunk_size,
        backend,
    );
    let main = splitter.config().content == Content::Main;
    assert_provenance(&chunks, &PageFacts::of(dom), backend, main);
    let again = backend
        .split(splitter, html)
        .expect("the backend parses this input");
    assert!(
        chunks == again,
        "{backend}: splitting twice gave different chunks"
    );
}

/// Splits the decoded input with `content: "main"` (the header's config
/// otherwise) on `backend`, and checks SPEC §3.4's contract beside the
/// checks of [`check_split`]:
/// - SPEC §6 and §7 hold for the chunks, and a second split gives equal
///   chunks;
/// - the main content's characters other than whitespace are a subsequence
///   of the whole page's, in text format (nothing added, nothing
///   reordered);
/// - it keeps something whenever the whole page has something to keep.
pub fn check_main(backend: Backend, bytes: &[u8]) {
    let mut case = FuzzCase::from_bytes(bytes);
    case.config.content = Content::Main;
    check_case(backend, &case);
    // The texts of both modes, in text format, whitespace as the header
    // says, with `exclude` and `include` as they are (none).
    let text_of = |content: Content| {
        let config = SplitterConfig {
            content,
            whitespace: case.config.whitespace,
            ..SplitterConfig::new(usize::MAX / 4)
        };
        let splitter = Splitter::new(config).expect("a plain config is valid");
        let chunks = backend
            .split(&splitter, &case.html)
            .expect("the backend parses this input");
        let visible: Vec<char> = chunks
            .canonical_text()
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect();
        visible
    };
    let all = text_of(Content::All);
    let main = text_of(Content::Main);
    let mut rest = all.iter();
    assert!(
        main.iter().all(|c| rest.any(|o| o == c)),
        "{backend}: the main content {:?} is not a subsequence of the page {:?}",
        main.iter().collect::<String>(),
        all.iter().collect::<String>()
    );
    assert!(
        all.is_empty() || !main.is_empty(),
        "{backend}: the main content lost all of {:?}",
        all.iter().collect::<String>()
    );
}

/// SPEC §6 invariants 1–3 on one document's chunks, sized in characters.
pub fn assert_invariants(chunks: &Chunks, max: Option<usize>, backend: Backend) {
    assert_invariants_in(chunks, &Characters, max, backend);
}

/// SPEC §6 invariants 1–3 on one document's chunks, sized by `sizer`.
pub fn assert_invariants_in<S: Sizer>(
    chunks: &Chunks,
    sizer: &S,
    max: Option<usize>,
    backend: Backend,
) {
    if let Err(violation) = chunks.check(sizer, max) {
        panic!("{backend}: {violation}");
    }
}

/// What SPEC §7's provenance may name, read from the parsed page by a walk
/// of its own (not the library's provenance code).
pub struct PageFacts {
    /// Every `id` attribute of the page.
    ids: HashSet<String>,
    /// The text of every element of the page, without whitespace, skipped
    /// elements and everything but text nodes, one after another; each
    /// heading's text is a range of it.
    text: String,
    /// The ranges of [`PageFacts::text`] that are headings (`h1`–`h6`), by
    /// length: nested headings make their texts overlap, so they are
    /// compared, not copied.
    headings: HashMap<usize, Vec<Range<usize>>>,
}

impl PageFacts {
    /// One walk over `dom`, on a heap stack (fuzzed pages nest deeply).
    pub fn of<D: DomAdapter>(dom: &D) -> PageFacts {
        enum Step<N> {
            Enter(N),
            /// The end of a heading whose text began at this offset.
            Leave(usize),
        }
        let mut facts = PageFacts {
            ids: HashSet::new(),
            text: String::new(),
            headings: HashMap::new(),
        };
        let mut stack = vec![Step::Enter(dom.document())];
        while let Some(step) = stack.pop() {
            let node = match step {
                Step::Enter(node) => node,
                Step::Leave(start) => {
                    let end = facts.text.len();
                    facts
                        .headings
                        .entry(end - start)
                        .or_default()
                        .push(start..end);
                    continue;
                }
            };
            match dom.kind(node) {
                NodeKind::Text => facts
                    .text
                    .extend(dom.text(node).chars().filter(|c| !c.is_whitespace())),
                NodeKind::Element | NodeKind::Document => {
                    if dom.kind(node) == NodeKind::Element {
                        let name = dom.element_name(node).to_ascii_lowercase();
                        if let Some(id) = dom.attribute(node, "id") {
                            facts.ids.insert(id.into_owned());
                        }
                        if matches!(name.as_str(), "script" | "style" | "template") {
                            continue;
                        }
                        if matches!(name.as_str(), "h1" | "h2" | "h3" | "h4" | "h5" | "h6") {
                            stack.push(Step::Leave(facts.text.len()));
                        }
                    }
                    let children: Vec<D::Node> = dom.children(node).collect();
                    stack.extend(children.into_iter().rev().map(Step::Enter));
                }
                _ => {}
            }
        }
        facts
    }

    fn is_heading_text(&self, entry: &str) -> bool {
        let entry: String = entry.chars().filter(|c| !c.is_whitespace()).collect();
        self.headings.get(&entry.len()).is_some_and(|ranges| {
            ranges
                .iter()
                .any(|range| self.text.get(range.clone()) == Some(entry.as_str()))
        })
    }

    /// Whether `entry` is a heading's text less some of it: with
    /// `content: "main"` a heading's hidden or boilerplate parts (an
    /// `aria-hidden` permalink `#`, a share button) are pruned, and so
    /// are they from its entry in a heading path. Never an empty entry.
    fn is_part_of_a_heading_text(&self, entry: &str) -> bool {
        let entry: Vec<char> = entry.chars().filter(|c| !c.is_whitespace()).collect();
        !entry.is_empty()
            && self.headings.values().flatten().any(|range| {
                let mut heading = self.text.get(range.clone()).unwrap_or_default().chars();
                entry.iter().all(|c| heading.any(|h| h == *c))
            })
    }
}

/// SPEC §7 on one document's chunks: `startIndex..endIndex` (in Unicode
/// scalar values) of the canonical text is the chunk less what it carries,
/// every anchor is an
/// `id` of the page and every heading path entry the text of one of its
/// headings (compared without whitespace: the path collapses it); with
/// `main` (`content: "main"`), the text of one of its headings less the
/// parts the main content prunes.
pub fn assert_provenance(chunks: &Chunks, page: &PageFacts, backend: Backend, main: bool) {
    let text: Vec<char> = chunks.canonical_text().chars().collect();
    // Heading path entries already found, by address and length: every
    // chunk of a section names the same strings, and a heading that never
    // closes (a mutated end tag) can hold most of the page, so checking each
    // chunk's entries anew is quadratic in the page (SPEC §6 puts no bound
    // on a heading's length).
    let mut checked: HashSet<(usize, usize)> = HashSet::new();
    for (index, chunk) in chunks.iter().enumerate() {
        let slice: Option<String> = text
            .get(chunk.provenance.start_index..chunk.provenance.end_index)
            .map(|chars| chars.iter().collect());
        // What the chunk carries (SPEC §5.1) lies outside the slice.
        let length = chunk.text.chars().count();
        let own: String = chunk
            .text
            .chars()
            .take(length.saturating_sub(chunk.provenance.suffix_length))
            .skip(chunk.provenance.prefix_length)
            .collect();
        assert!(
            slice.as_deref() == Some(own.as_str()),
            "{backend}: chunk {index} is not text[{}..{}]",
            chunk.provenance.start_index,
            chunk.provenance.end_index
        );
        if let Some(anchor) = chunk.provenance.anchor {
            assert!(
                page.ids.contains(anchor),
                "{backend}: chunk {index}: anchor {anchor:?} is no id of the page"
            );
        }
        for entry in chunk.provenance.heading_path.iter() {
            if !checked.insert((entry.as_ptr() as usize, entry.len())) {
                continue;
            }
            assert!(
                page.is_heading_text(entry) || (main && page.is_part_of_a_heading_text(entry)),
                "{backend}: chunk {index}: heading path entry {entry:?} is no heading's text"
            );
        }
    }
}
