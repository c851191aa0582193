//! The public [`Splitter`]: validated settings, compiled selectors and a
//! sizer, and its builder.

use crate::adapter::DomAdapter;
use crate::canonical::{CanonicalText, Options};
use crate::chunks::Chunks;
use crate::config::{Content, Format, Links, SplitterConfig, Whitespace};
use crate::context::Context;
use crate::decompose::{Decomposition, Settings};
use crate::error::ConfigError;
use crate::main_content::Rules;
use crate::merge::{Merged, join_headings, merge};
use crate::named::AnySizer;
use crate::page_metadata::PageMetadata;
use crate::provenance;
use crate::segments::Limits;
use crate::select::SelectorSet;
use crate::size_policy::SAMPLE_BYTES;
use crate::sizer::{Characters, Sizer};

/// A configured HTML text splitter: validated settings, compiled selectors
/// and a sizer. Immutable once built; share it across documents and threads.
///
/// ```
/// use splitter_core::{Splitter, SplitterConfig};
///
/// let splitter = Splitter::builder(1000)
///     .max_chunk_size(1500)
///     .separators(["h2", "h3"])
///     .never_break_within(["pre", "table"])
///     .build()?;
/// assert_eq!(splitter.config().chunk_size, 1000);
///
/// let err = Splitter::new(SplitterConfig {
///     separators: vec!["h2[".into()],
///     ..SplitterConfig::new(100)
/// })
/// .unwrap_err();
/// assert!(err.to_string().contains("h2["));
/// # Ok::<(), splitter_core::ConfigError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Splitter<S = Characters> {
    pub(crate) config: SplitterConfig,
    pub(crate) separators: SelectorSet,
    pub(crate) protected: SelectorSet,
    pub(crate) include: SelectorSet,
    pub(crate) exclude: SelectorSet,
    pub(crate) sizer: S,
    /// A non-additive sizer's size of a span longer than this many bytes
    /// may be estimated before anything of its document has been measured
    /// (see the `size_policy` module); shorter documents are measured.
    pub(crate) estimate_above: usize,
    /// The rules of `content: "main"`: all, except where a measurement
    /// turns one off.
    pub(crate) main_rules: Rules,
}

// Promised in the docs: a splitter (with a `Send + Sync` sizer) can be shared
// across threads. Checked when the crate compiles.
const _: () = {
    const fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Splitter>();
    assert_send_sync::<SplitterBuilder>();
};

impl Splitter<Characters> {
    /// Validates `config` and compiles its selectors, sizing in characters.
    ///
    /// A config whose `sizer` names another unit is rejected: build it with
    /// [`Splitter::from_config`].
    pub fn new(config: SplitterConfig) -> Result<Self, ConfigError> {
        match config.sizer.as_deref() {
            None | Some("characters") => Splitter::with_sizer(config, Characters),
            Some(other) => Err(ConfigError::SizerNotApplied(other.to_owned())),
        }
    }

    /// A builder starting from `chunk_size` and every other setting at its
    /// default.
    pub fn builder(chunk_size: usize) -> SplitterBuilder {
        SplitterBuilder {
            config: SplitterConfig::new(chunk_size),
        }
    }
}

impl Splitter<AnySizer> {
    /// Validates `config`, compiles its selectors and loads the sizer its
    /// `sizer` key names (characters by default).
    ///
    /// ```
    /// use splitter_core::{Sizer, Splitter, SplitterConfig};
    ///
    /// let config = SplitterConfig::from_json(r#"{"chunkSize": 100, "sizer": "utf16"}"#)?;
    /// let splitter = Splitter::from_config(config)?;
    /// assert_eq!(splitter.sizer().size("🦀"), 2);
    /// # Ok::<(), splitter_core::ConfigError>(())
    /// ```
    pub fn from_config(config: SplitterConfig) -> Result<Self, ConfigError> {
        config.validate()?;
        let sizer = match config.sizer.as_deref() {
            None => AnySizer::default(),
            Some(name) => AnySizer::from_name(name)?,
        };
        Splitter::with_sizer(config, sizer)
    }
}

impl<S: Sizer> Splitter<S> {
    /// Validates `config` and compiles its selectors, sizing with `sizer`
    /// (the config's `sizer` key is not read).
    pub fn with_sizer(config: SplitterConfig, sizer: S) -> Result<Self, ConfigError> {
        config.validate()?;
        let separators = SelectorSet::compile("separators", &config.separators)?;
        let protected = SelectorSet::compile("neverBreakWithin", &config.never_break_within)?;
        let include = SelectorSet::compile("include", &config.include)?;
        let exclude = SelectorSet::compile("exclude", &config.exclude)?;
        Ok(Splitter {
            config,
            separators,
            protected,
            include,
            exclude,
            sizer,
            estimate_above: SAMPLE_BYTES,
            main_rules: Rules::ALL,
        })
    }

    /// Estimates a non-additive sizer's sizes where SPEC §4 allows it in
    /// documents of any length, instead of from 8 KiB of text on, so that
    /// tests exercise the estimates on small documents. For tests only
    /// (feature `testing`), not part of the stable API.
    #[cfg(any(test, feature = "testing"))]
    #[doc(hidden)]
    #[must_use]
    pub fn estimating_small_documents(mut self) -> Self {
        self.estimate_above = 0;
        self
    }

    /// Finds the main content with only `rules` (all by default), to
    /// measure each rule's effect. For measurements only (feature
    /// `testing`, for `cargo xtask main-content`), not part of the stable
    /// API.
    #[cfg(any(test, feature = "testing"))]
    #[doc(hidden)]
    #[must_use]
    pub fn with_main_content_rules(mut self, rules: crate::MainContentRules) -> Self {
        self.main_rules = rules;
        self
    }

    /// The validated configuration.
    pub fn config(&self) -> &SplitterConfig {
        &self.config
    }

    /// The sizer.
    pub fn sizer(&self) -> &S {
        &self.sizer
    }

    /// Splits one parsed document into chunks, each with its provenance
    /// (SPEC §7), and reads what the page says about itself (SPEC §7.1,
    /// [`Chunks::page_metadata`]) from the same tree.
    pub fn split<A: DomAdapter>(&self, dom: &A) -> Chunks {
        let mut canonical = CanonicalText::build(dom, &self.canonical_options(true));
        let merged = self.segments_merged(dom, &canonical);
        let provenance = provenance::assign(dom, &mut canonical, &merged.spans);
        let page = PageMetadata::extract_for(dom, self.config.page_metadata);
        Chunks::new(
            canonical.text,
            merged.spans,
            merged.sizes,
            provenance,
            merged.carried,
        )
        .with_page_metadata(page)
    }

    /// The byte spans [`Splitter::split`] would give, without recording or
    /// assigning provenance: for benchmarks that measure what provenance
    /// costs. For benchmarks only (feature `testing`), not part of the
    /// stable API.
    #[cfg(any(test, feature = "testing"))]
    #[doc(hidden)]
    pub fn split_spans_without_provenance<A: DomAdapter>(
        &self,
        dom: &A,
    ) -> Vec<std::ops::Range<usize>> {
        let canonical = CanonicalText::build(dom, &self.canonical_options(false));
        self.segments_merged(dom, &canonical).spans
    }

    fn limits(&self) -> Limits {
        Limits {
            chunk_size: self.config.chunk_size,
            max: self.config.max_chunk_size,
        }
    }

    fn decomposition_settings(&self) -> Settings<'_, S> {
        Settings {
            limits: self.limits(),
            sizer: &self.sizer,
            separators: &self.separators,
            protected: &self.protected,
            estimate_above: self.estimate_above,
        }
    }

    /// Decomposition (SPEC §4) and merge (SPEC §5), headings joined with
    /// what follows them first. A segment the decomposition kept on an
    /// estimated size and the merge found over the cap, or more than a
    /// quarter over the target, is decomposed again, measuring every size,
    /// and the segments are joined and merged again: rare, and it ends
    /// because re-decomposed segments are measured.
    fn segments_merged<A: DomAdapter>(
        &self,
        dom: &A,
        canonical: &CanonicalText<A::Node>,
    ) -> Merged {
        let context = Context::new(
            canonical,
            &self.sizer,
            self.config.chunk_size,
            self.config.heading_context,
        );
        let mut decomposition =
            Decomposition::new(self.decomposition_settings(), dom, canonical, &context);
        let mut segments = decomposition.run();
        loop {
            let joined = join_headings(
                &canonical.text,
                &segments,
                &self.sizer,
                self.config.max_chunk_size,
                &context,
            );
            let merged = merge(
                &canonical.text,
                &joined.spans,
                &joined.sizes,
                &joined.breaks,
                &self.sizer,
                self.limits(),
                &context,
            );
            if merged.oversized.is_empty() {
                return merged;
            }
            // Joined segments are measured, so only a segment left as the
            // decomposition gave it can be oversized: its index there.
            let oversized: Vec<usize> = merged
                .oversized
                .iter()
                .filter_map(|&index| joined.firsts.get(index).copied())
                .collect();
            segments = decomposition.refine(segments, &oversized);
        }
    }
}

impl<S> Splitter<S> {
    /// The byte spans, in the canonical text [`Splitter::split`] gives for
    /// `dom`, of the outermost elements that match the splitter's
    /// `neverBreakWithin` selectors (those with no matching ancestor), in
    /// document order, trimmed of surrounding whitespace; elements without
    /// text are left out. SPEC §6.4 says that each one whose text fits the
    /// cap lies inside one chunk. For tests only (feature `testing`, used
    /// by `splitter_testkit::protected_spans`), not part of the stable API.
    #[cfg(any(test, feature = "testing"))]
    #[doc(hidden)]
    pub fn protected_spans<A: DomAdapter>(&self, dom: &A) -> Vec<std::ops::Range<usize>> {
        let canonical = CanonicalText::build(dom, &self.canonical_options(false));
        let mut caches = crate::select::MatchCaches::new();
        let mut spans = Vec::new();
        let mut index = 0;
        while let Some(unit) = canonical.units.get(index) {
            if unit.is_element && self.protected.matches(dom, unit.node, &mut caches) {
                let text = &canonical.text[unit.start..unit.end];
                let start = unit.start + (text.len() - text.trim_start().len());
                let end = unit.start + text.trim_end().len();
                if start < end {
                    spans.push(start..end);
                }
                index = unit.subtree_end;
            } else {
                index += 1;
            }
        }
        spans
    }

    /// How the canonical text of a document is written.
    pub(crate) fn canonical_options(&self, provenance: bool) -> Options<'_> {
        Options {
            whitespace: self.config.whitespace,
            markdown: (self.config.format == Format::Markdown).then_some(self.config.links),
            include: &self.include,
            exclude: &self.exclude,
            main: (self.config.content == Content::Main).then_some(self.main_rules),
            provenance,
        }
    }
}

/// Builds a [`Splitter`] from Rust; see [`Splitter::builder`].
#[derive(Debug, Clone)]
#[must_use]
pub struct SplitterBuilder {
    config: SplitterConfig,
}

impl SplitterBuilder {
    /// Sets the hard cap on chunk size.
    pub fn max_chunk_size(mut self, max: usize) -> Self {
        self.config.max_chunk_size = Some(max);
        self
    }

    /// Sets the separator selectors (preferred split points).
    pub fn separators<I: IntoIterator<Item = T>, T: Into<String>>(mut self, selectors: I) -> Self {
        self.config.separators = selectors.into_iter().map(Into::into).collect();
        self
    }

    /// Sets the selectors of subtrees to keep whole while they fit the cap.
    pub fn never_break_within<I: IntoIterator<Item = T>, T: Into<String>>(
        mut self,
        selectors: I,
    ) -> Self {
        self.config.never_break_within = selectors.into_iter().map(Into::into).collect();
        self
    }

    /// Sets how whitespace reaches the canonical text (default:
    /// [`Whitespace::Normalize`]).
    pub fn whitespace(mut self, whitespace: Whitespace) -> Self {
        self.config.whitespace = whitespace;
        self
    }

    /// Sets what the canonical text is: plain text (the default) or
    /// Markdown (SPEC §3.2).
    pub fn format(mut self, format: Format) -> Self {
        self.config.format = format;
        self
    }

    /// Sets how links and images are written in Markdown.
    pub fn links(mut self, links: Links) -> Self {
        self.config.links = links;
        self
    }

    /// Sets the selectors of the content to split (SPEC §3.3).
    pub fn include<I: IntoIterator<Item = T>, T: Into<String>>(mut self, selectors: I) -> Self {
        self.config.include = selectors.into_iter().map(Into::into).collect();
        self
    }

    /// Sets the selectors of the elements to leave out (SPEC §3.3).
    pub fn exclude<I: IntoIterator<Item = T>, T: Into<String>>(mut self, selectors: I) -> Self {
        self.config.exclude = selectors.into_iter().map(Into::into).collect();
        self
    }

    /// Sets which content is split: the whole page or its main content.
    ///
    /// ```
    /// use splitter_core::{Content, Splitter};
    ///
    /// let splitter = Splitter::builder(1000).content(Content::Main).build()?;
    /// assert_eq!(splitter.config().content, Content::Main);
    /// # Ok::<(), splitter_core::ConfigError>(())
    /// ```
    pub fn content(mut self, content: Content) -> Self {
        self.config.content = content;
        self
    }

    /// Sets whether each chunk begins with its heading path (SPEC §5.1).
    pub fn heading_context(mut self, heading_context: bool) -> Self {
        self.config.heading_context = heading_context;
        self
    }

    /// Validates the settings and builds a splitter that sizes in characters.
    pub fn build(self) -> Result<Splitter, ConfigError> {
        Splitter::new(self.config)
    }

    /// Validates the settings and builds a splitter with a custom sizer.
    pub fn build_with_sizer<S: Sizer>(self, sizer: S) -> Result<Splitter<S>, ConfigError> {
        Splitter::with_sizer(self.config, sizer)
    }
}
