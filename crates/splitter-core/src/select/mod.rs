//! CSS selector matching through [`DomAdapter`], with the `selectors` crate.
//!
//! The configuration names elements with CSS selectors (`separators`,
//! `neverBreakWithin`). They are parsed once into a [`SelectorSet`] and then
//! matched against elements of any backend's tree through an [`ElementRef`],
//! which implements [`selectors::Element`] on top of a [`DomAdapter`].
//!
//! # What is supported
//!
//! Everything the `selectors` crate parses on its own: type and universal
//! selectors, `.class`, `#id`, attribute selectors (`[a]`, `=`, `~=`, `|=`,
//! `^=`, `$=`, `*=`, with the `i`/`s` flags), the four combinators, the
//! tree-structural pseudo-classes (`:root`, `:empty`, `:first-child`,
//! `:last-child`, `:only-child`, `:nth-child()` including `of S`,
//! `:nth-last-child()`, the `-of-type` family), `:not()`, `:is()` and
//! `:where()`. `:scope` is accepted too and means `:root`: a whole
//! document is split, so there is no other scoping element (the
//! `selectors` crate's rule).
//!
//! # What is rejected at parse time
//!
//! - Every other pseudo-class (`:hover`, `:checked`, `:lang()`, `:has()`, …):
//!   a static document has no user-interaction state, and `:has()` would
//!   match by walking whole subtrees.
//! - Every pseudo-element (`::before`, `::first-line`, …): they are not nodes.
//! - Namespace syntax (`svg|rect`, `|p`, `[xlink|href]`, `[*|href]`):
//!   elements and attributes are matched by local name only. The exceptions
//!   are `*|p` and `[|a]`, which the parser reduces to `p` and `[a]` (there
//!   is no default namespace), so they mean exactly what they say.
//! - Selector lists inside `:is()`/`:where()` are not forgiving: one invalid
//!   member makes the whole selector invalid, so that typos are reported
//!   instead of silently matching nothing.
//! - More than [`MAX_NESTED_BLOCKS`] nested brackets or parentheses.

mod element;
mod parser;

use std::fmt;

use selectors::context::{
    MatchingContext, MatchingForInvalidation, MatchingMode, NeedsSelectorFlags, QuirksMode,
    SelectorCaches,
};
use selectors::matching::matches_selector_list;
use selectors::parser::{Component, SelectorList};

use crate::adapter::{DomAdapter, NodeKind};
use crate::error::ConfigError;

use self::element::ElementRef;
use self::parser::{Simple, parse_list};

/// How deeply brackets and parentheses may nest in one selector.
///
/// Both parsing and matching of `:not()`/`:is()` recurse once per level, so
/// the limit bounds the stack they use; real selectors nest a few levels.
pub(crate) const MAX_NESTED_BLOCKS: u8 = 32;

/// A compiled list of selectors (one field of the config), parsed once.
#[derive(Debug, Clone, Default)]
pub(crate) struct SelectorSet {
    /// One list per configured string; a string may itself hold a
    /// comma-separated list.
    lists: Vec<SelectorList<Simple>>,
    /// When every selector names its subject's element type (`emu-note`,
    /// `div.x`, `nav a`), those names, lowercase: an element of another type
    /// matches none, without running the matcher. `exclude` is asked about
    /// every element of the document.
    subject_names: Option<Vec<String>>,
}

// The set is shared by every split a configured splitter performs, possibly
// across threads.
const _: fn() = || {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<SelectorSet>();
};

impl SelectorSet {
    /// Parses each selector string.
    ///
    /// `field` names the configuration key (`separators` or
    /// `neverBreakWithin`) in the error. An empty slice gives an empty set.
    pub(crate) fn compile(field: &'static str, selectors: &[String]) -> Result<Self, ConfigError> {
        let lists = selectors
            .iter()
            .map(|selector| {
                parse_list(selector).map_err(|reason| ConfigError::InvalidSelector {
                    field,
                    selector: selector.clone(),
                    reason,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let subject_names = subject_names(&lists);
        Ok(SelectorSet {
            lists,
            subject_names,
        })
    }

    /// Whether the set has no selector at all (and so matches nothing).
    pub(crate) fn is_empty(&self) -> bool {
        self.lists.is_empty()
    }

    /// Whether the element `node` matches any selector of the set, in the
    /// context of the whole document.
    ///
    /// Nodes that are not elements never match.
    pub(crate) fn matches<A: DomAdapter>(
        &self,
        dom: &A,
        node: A::Node,
        caches: &mut MatchCaches,
    ) -> bool {
        if self.lists.is_empty() || dom.kind(node) != NodeKind::Element {
            return false;
        }
        if let Some(names) = &self.subject_names {
            let name = dom.element_name(node);
            if !names.iter().any(|wanted| name.eq_ignore_ascii_case(wanted)) {
                return false;
            }
        }
        let element = ElementRef { dom, node };
        let mut context = MatchingContext::new(
            MatchingMode::Normal,
            None,
            &mut caches.inner,
            QuirksMode::NoQuirks,
            NeedsSelectorFlags::No,
            MatchingForInvalidation::No,
        );
        self.lists
            .iter()
            .any(|list| matches_selector_list(list, element, &mut context))
    }
}

/// The element types the selectors' subjects name, if every one names one.
fn subject_names(lists: &[SelectorList<Simple>]) -> Option<Vec<String>> {
    let mut names = Vec::new();
    for selector in lists.iter().flat_map(|list| list.slice().iter()) {
        let name = selector.iter().find_map(|component| match component {
            Component::LocalName(local) => Some(local.lower_name.0.clone()),
            _ => None,
        })?;
        if !names.contains(&name) {
            names.push(name);
        }
    }
    Some(names)
}

/// Per-document matching state (the `nth-child` family's index caches).
///
/// The caches are keyed by element identity within one document, so create
/// one per document split and never share it between documents.
pub(crate) struct MatchCaches {
    inner: SelectorCaches,
}

impl MatchCaches {
    /// Empty caches, for one document.
    pub(crate) fn new() -> Self {
        MatchCaches {
            inner: SelectorCaches::default(),
        }
    }
}

impl Default for MatchCaches {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Debug for MatchCaches {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MatchCaches").finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests;
