//! Structure-aware HTML to plain-text chunks for retrieval-augmented generation.
//!
//! Give it a web page, a specification or a manual; get back plain-text
//! chunks that follow the document's structure (sections, paragraphs, table
//! cells, list items) and never exceed a hard size cap. The document is parsed
//! once; subtrees are broken apart only when their text is too large. CSS
//! selectors say where splitting is preferred (`separators`) and what must stay
//! whole (`never_break_within`).
//!
//! This crate is a facade: the algorithm lives in [`splitter_core`] (re-exported
//! here), and the HTML parser is chosen with a Cargo feature:
//!
//! | feature | backend | notes |
//! |---|---|---|
//! | `html5ever` (default) | [`Backend::Html5ever`] | the spec parser, into a linked arena tree of its own |
//! | `scraper` | `Backend::Scraper` | the same spec parser, in an arena tree |
//! | `tl` | `Backend::Tl` | a fast non-spec parser; see its crate docs for the differences |
//!
//! ```
//! use html_splitter::{split_html, Splitter};
//!
//! let splitter = Splitter::builder(30)
//!     .max_chunk_size(60)
//!     .separators(["h2"])
//!     .build()?;
//! let html = "<h1>Guide</h1><p>Intro.</p><h2>Install</h2><p>Run the installer.</p>\
//!             <h2>Use</h2><p>Open a page and split it.</p>";
//! let chunks = split_html(&splitter, html)?;
//! assert_eq!(
//!     chunks.to_strings(),
//!     ["Guide\nIntro.", "Install\nRun the installer.", "Use\nOpen a page and split it."]
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

#[cfg(not(any(feature = "html5ever", feature = "scraper", feature = "tl")))]
compile_error!("enable at least one backend feature: html5ever, scraper or tl");

pub mod encoding;

use std::fmt;
use std::str::FromStr;

pub use splitter_core::*;

#[cfg(feature = "html5ever")]
pub use splitter_html5ever::{self, Html5everDom};
#[cfg(feature = "scraper")]
pub use splitter_scraper::{self, ScraperDom};
#[cfg(feature = "tl")]
pub use splitter_tl::{self, TlDom};

/// A parser backend compiled into this build.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Backend {
    /// html5ever, into the tree of `splitter-html5ever` (feature `html5ever`).
    #[cfg(feature = "html5ever")]
    Html5ever,
    /// scraper (feature `scraper`).
    #[cfg(feature = "scraper")]
    Scraper,
    /// tl (feature `tl`).
    #[cfg(feature = "tl")]
    Tl,
}

impl Backend {
    /// Every backend compiled into this build, the default first.
    pub const ALL: &'static [Backend] = &[
        #[cfg(feature = "html5ever")]
        Backend::Html5ever,
        #[cfg(feature = "scraper")]
        Backend::Scraper,
        #[cfg(feature = "tl")]
        Backend::Tl,
    ];

    /// The backend's name, as the CLI's `--backend` takes it.
    pub fn name(self) -> &'static str {
        match self {
            #[cfg(feature = "html5ever")]
            Backend::Html5ever => "html5ever",
            #[cfg(feature = "scraper")]
            Backend::Scraper => "scraper",
            #[cfg(feature = "tl")]
            Backend::Tl => "tl",
        }
    }

    /// Parses `html` with this backend and splits it.
    ///
    /// Fails only when the parser cannot read the input at all (see
    /// [`ParseError`]); malformed markup is repaired, never an error.
    pub fn split<S: Sizer>(self, splitter: &Splitter<S>, html: &str) -> Result<Chunks, ParseError> {
        Ok(match self {
            #[cfg(feature = "html5ever")]
            Backend::Html5ever => splitter.split(&Html5everDom::parse(html)?),
            #[cfg(feature = "scraper")]
            Backend::Scraper => splitter.split(&ScraperDom::parse(html)?),
            #[cfg(feature = "tl")]
            Backend::Tl => splitter.split(&TlDom::parse(html)?),
        })
    }
}

impl Backend {
    /// Parses `html` with this backend into its tree and drops it: what
    /// the parse alone costs, for measuring a backend (the CLI's
    /// `--compare-backends`). Returns the number of nodes the tree had.
    ///
    /// ```
    /// use html_splitter::Backend;
    ///
    /// for backend in Backend::ALL {
    ///     assert!(backend.parse_only("<p>Hello</p>")? >= 4);
    /// }
    /// # Ok::<(), html_splitter::ParseError>(())
    /// ```
    pub fn parse_only(self, html: &str) -> Result<usize, ParseError> {
        fn count<A: DomAdapter>(dom: &A) -> usize {
            let mut nodes = 0;
            let mut stack = vec![dom.document()];
            while let Some(node) = stack.pop() {
                nodes += 1;
                stack.extend(dom.children(node));
            }
            nodes
        }
        Ok(match self {
            #[cfg(feature = "html5ever")]
            Backend::Html5ever => count(&Html5everDom::parse(html)?),
            #[cfg(feature = "scraper")]
            Backend::Scraper => count(&ScraperDom::parse(html)?),
            #[cfg(feature = "tl")]
            Backend::Tl => count(&TlDom::parse(html)?),
        })
    }
}

impl Default for Backend {
    fn default() -> Self {
        Backend::ALL[0]
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A backend name that is unknown or not compiled into this build.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown backend {name:?}: this build has {available}")]
pub struct UnknownBackend {
    name: String,
    available: String,
}

impl FromStr for Backend {
    type Err = UnknownBackend;

    fn from_str(name: &str) -> Result<Self, UnknownBackend> {
        Backend::ALL
            .iter()
            .copied()
            .find(|backend| backend.name() == name)
            .ok_or_else(|| UnknownBackend {
                name: name.to_owned(),
                available: Backend::ALL
                    .iter()
                    .map(|backend| backend.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}

/// Parses `html` with the default backend and splits it; see
/// [`Backend::split`].
pub fn split_html<S: Sizer>(splitter: &Splitter<S>, html: &str) -> Result<Chunks, ParseError> {
    Backend::default().split(splitter, html)
}

/// Splits each document's HTML page content with the default backend and
/// returns the chunk documents of all of them, in order (SPEC §7): each keeps
/// its document's metadata and adds `partIndex`, `totalParts` and the
/// chunk's provenance (see [`Chunks::to_documents`]). Stops at the first
/// document that cannot be parsed; for another backend, call
/// [`Backend::split`] and [`Chunks::to_documents`].
///
/// ```
/// use html_splitter::{split_documents, Document, Splitter};
///
/// let splitter = Splitter::builder(12).build()?;
/// let docs = vec![Document::new("<p>first part</p><p id=two>second part</p>").with_metadata("source", "a.html")];
/// let chunks = split_documents(&splitter, docs, Some("A: "))?;
/// assert_eq!(chunks.len(), 2);
/// assert_eq!(chunks[1].page_content, "A: second part");
/// assert_eq!(chunks[1].metadata["source"], "a.html");
/// assert_eq!(chunks[1].metadata["partIndex"], 1);
/// assert_eq!(chunks[1].metadata["totalParts"], 2);
/// assert_eq!(chunks[1].metadata["startIndex"], 11);
/// assert_eq!(chunks[1].metadata["anchor"], "two");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn split_documents<S: Sizer, I: IntoIterator<Item = Document>>(
    splitter: &Splitter<S>,
    documents: I,
    chunk_header: Option<&str>,
) -> Result<Vec<Document>, ParseError> {
    let backend = Backend::default();
    let mut out = Vec::new();
    for document in documents {
        let chunks = backend.split(splitter, &document.page_content)?;
        out.extend(chunks.to_documents(&document.metadata, chunk_header));
    }
    Ok(out)
}

/// The README's examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;

/// The examples of `docs/sizers.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/sizers.md")]
pub struct SizersDoctests;

/// The examples of `docs/provenance.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/provenance.md")]
pub struct ProvenanceDoctests;

/// The examples of `docs/markdown.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/markdown.md")]
pub struct MarkdownDoctests;

/// The examples of `docs/main-content.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/main-content.md")]
pub struct MainContentDoctests;

/// The examples of `docs/page-metadata.md`, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../../../docs/page-metadata.md")]
pub struct PageMetadataDoctests;
