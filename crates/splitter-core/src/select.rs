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
//! `:where()`.
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

use std::borrow::Cow;
use std::fmt;
use std::ptr::NonNull;

use cssparser::{BasicParseErrorKind, ParseError, ParseErrorKind, ToCss};
use precomputed_hash::PrecomputedHash;
use selectors::attr::{AttrSelectorOperation, CaseSensitivity, NamespaceConstraint};
use selectors::bloom::BloomFilter;
use selectors::context::{
    MatchingContext, MatchingForInvalidation, MatchingMode, NeedsSelectorFlags, QuirksMode,
    SelectorCaches,
};
use selectors::matching::{ElementSelectorFlags, matches_selector_list};
use selectors::parser::{
    Component, ParseRelative, SelectorImpl, SelectorList, SelectorParseErrorKind,
};
use selectors::visitor::SelectorVisitor;
use selectors::{Element, OpaqueElement};

use crate::adapter::{DomAdapter, NodeKind};
use crate::error::ConfigError;

/// How deeply brackets and parentheses may nest in one selector.
///
/// Both parsing and matching of `:not()`/`:is()` recurse once per level, so
/// the limit bounds the stack they use; real selectors nest a few levels.
const MAX_NESTED_BLOCKS: u8 = 32;

/// A compiled list of selectors (one field of the config), parsed once.
#[derive(Debug, Clone)]
pub(crate) struct SelectorSet {
    /// One list per configured string; a string may itself hold a
    /// comma-separated list.
    lists: Vec<SelectorList<Simple>>,
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
        Ok(SelectorSet { lists })
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

/// Parses one configured string into a selector list, or says why not.
fn parse_list(selector: &str) -> Result<SelectorList<Simple>, String> {
    let mut parser = cssparser::Parser::new(selector);
    parser.set_nested_block_limit(MAX_NESTED_BLOCKS);
    let list = parser
        .parse_entirely(|parser| SelectorList::parse(&ConfigParser, parser, ParseRelative::No))
        .map_err(|error| describe(&error))?;
    let mut check = RejectNamespaces;
    if list.slice().iter().all(|s| s.visit(&mut check)) {
        Ok(list)
    } else {
        Err("namespaces are not supported".to_owned())
    }
}

/// A lowercase, human-readable description of a parse error.
fn describe(error: &ParseError<SelectorError>) -> String {
    match &error.kind {
        ParseErrorKind::Basic(BasicParseErrorKind::TooManyNestedBlocks) => {
            format!("more than {MAX_NESTED_BLOCKS} nested brackets or parentheses")
        }
        ParseErrorKind::Basic(basic) => basic.to_string(),
        ParseErrorKind::Custom(custom) => custom.to_string(),
    }
}

/// The `selectors` implementation used for configuration selectors: plain
/// strings, no namespaces, no non-structural pseudo-classes, no
/// pseudo-elements.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Simple;

impl SelectorImpl for Simple {
    type ExtraMatchingData<'a> = ();
    type AttrValue = CssString;
    type Identifier = CssIdent;
    type LocalName = CssIdent;
    type NamespaceUrl = CssIdent;
    type NamespacePrefix = CssIdent;
    type BorrowedNamespaceUrl = CssIdent;
    type BorrowedLocalName = CssIdent;
    type NonTSPseudoClass = NoPseudoClass;
    type PseudoElement = NoPseudoElement;
}

/// A name in a selector (element, attribute, class, id); serialized as a CSS
/// identifier.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
struct CssIdent(String);

/// An attribute value in a selector; serialized as a CSS string.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
struct CssString(String);

impl From<&str> for CssIdent {
    fn from(s: &str) -> Self {
        CssIdent(s.to_owned())
    }
}

impl From<&str> for CssString {
    fn from(s: &str) -> Self {
        CssString(s.to_owned())
    }
}

impl AsRef<str> for CssString {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl ToCss for CssIdent {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        cssparser::serialize_identifier(&self.0, dest)
    }
}

impl ToCss for CssString {
    fn to_css<W: fmt::Write>(&self, dest: &mut W) -> fmt::Result {
        cssparser::serialize_string(&self.0, dest)
    }
}

impl PrecomputedHash for CssIdent {
    // Only feeds the ancestor Bloom filter, which is never used here, so a
    // cheap hash computed on demand is enough.
    fn precomputed_hash(&self) -> u32 {
        self.0.bytes().fold(0x811c_9dc5_u32, |hash, byte| {
            (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193)
        })
    }
}

/// No non-tree-structural pseudo-class is supported: every one is a parse
/// error, so this type has no values.
#[derive(Debug, Clone, PartialEq, Eq)]
enum NoPseudoClass {}

impl ToCss for NoPseudoClass {
    fn to_css<W: fmt::Write>(&self, _dest: &mut W) -> fmt::Result {
        match *self {}
    }
}

impl selectors::parser::NonTSPseudoClass for NoPseudoClass {
    fn is_active_or_hover(&self) -> bool {
        match *self {}
    }

    fn is_user_action_state(&self) -> bool {
        match *self {}
    }
}

/// No pseudo-element is supported: every one is a parse error.
#[derive(Debug, Clone, PartialEq, Eq)]
enum NoPseudoElement {}

impl ToCss for NoPseudoElement {
    fn to_css<W: fmt::Write>(&self, _dest: &mut W) -> fmt::Result {
        match *self {}
    }
}

impl selectors::parser::PseudoElement for NoPseudoElement {}

/// Why a selector did not parse.
#[derive(Debug, Clone, PartialEq)]
enum SelectorError {
    /// A syntax error reported by the `selectors` crate.
    Syntax(SelectorParseErrorKind),
    /// A pseudo-class this matcher cannot answer; the name as written.
    PseudoClass(String),
    /// A pseudo-element; the name as written.
    PseudoElement(String),
}

impl From<SelectorParseErrorKind> for SelectorError {
    fn from(kind: SelectorParseErrorKind) -> Self {
        SelectorError::Syntax(kind)
    }
}

impl fmt::Display for SelectorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SelectorParseErrorKind as K;
        let message = match self {
            // Pseudo names are ASCII case-insensitive, so lowercasing them
            // keeps the message lowercase without changing its meaning.
            SelectorError::PseudoClass(name) => {
                return write!(f, "unsupported pseudo-class :{}", name.to_ascii_lowercase());
            }
            SelectorError::PseudoElement(name) => {
                return write!(
                    f,
                    "pseudo-elements are not supported (::{})",
                    name.to_ascii_lowercase()
                );
            }
            SelectorError::Syntax(kind) => match kind {
                K::NoQualifiedNameInAttributeSelector => "expected an attribute name",
                K::EmptySelector => "empty selector",
                K::DanglingCombinator => "combinator not followed by a selector",
                K::NonCompoundSelector => "expected a compound selector",
                K::NonPseudoElementAfterSlotted
                | K::InvalidPseudoElementAfterSlotted
                | K::InvalidPseudoElementInsideWhere => "pseudo-element not allowed here",
                K::InvalidState => "selector not allowed in this position",
                K::UnexpectedTokenInAttributeSelector => "unexpected token in attribute selector",
                K::PseudoElementExpectedColon | K::PseudoElementExpectedIdent => {
                    "expected a pseudo-element name"
                }
                K::NoIdentForPseudo => "expected a pseudo-class name after ':'",
                K::UnsupportedPseudoClassOrElement => "unsupported pseudo-class or pseudo-element",
                K::UnexpectedIdent => "unexpected identifier",
                K::ExpectedNamespace => "namespaces are not supported",
                K::ExpectedBarInAttr => "expected '|' in attribute selector",
                K::BadValueInAttr => "invalid value in attribute selector",
                K::InvalidQualNameInAttr => "invalid attribute name",
                K::ExplicitNamespaceUnexpectedToken => "unexpected token after '|'",
                K::ClassNeedsIdent => "expected a class name after '.'",
            },
        };
        f.write_str(message)
    }
}

/// The parser for configuration selectors; see the module docs for what it
/// accepts.
struct ConfigParser;

impl<'i> selectors::Parser<'i> for ConfigParser {
    type Impl = Simple;
    type Error = SelectorError;

    fn parse_nth_child_of(&self) -> bool {
        true
    }

    fn parse_is_and_where(&self) -> bool {
        true
    }

    fn allow_forgiving_selectors(&self) -> bool {
        false
    }

    fn parse_non_ts_pseudo_class(
        &self,
        name: &str,
    ) -> Result<NoPseudoClass, ParseError<SelectorError>> {
        Err(ParseError::custom(SelectorError::PseudoClass(
            name.to_owned(),
        )))
    }

    fn parse_non_ts_functional_pseudo_class(
        &self,
        name: &str,
        _parser: &mut cssparser::Parser<'i>,
        _after_part: bool,
    ) -> Result<NoPseudoClass, ParseError<SelectorError>> {
        Err(ParseError::custom(SelectorError::PseudoClass(format!(
            "{name}()"
        ))))
    }

    fn parse_pseudo_element(
        &self,
        name: &str,
    ) -> Result<NoPseudoElement, ParseError<SelectorError>> {
        Err(ParseError::custom(SelectorError::PseudoElement(
            name.to_owned(),
        )))
    }

    fn parse_functional_pseudo_element(
        &self,
        name: &str,
        _arguments: &mut cssparser::Parser<'i>,
    ) -> Result<NoPseudoElement, ParseError<SelectorError>> {
        Err(ParseError::custom(SelectorError::PseudoElement(format!(
            "{name}()"
        ))))
    }
}

/// Finds namespace syntax that the parser accepts without a prefix lookup
/// (`|p`, `[*|a]`). Matching ignores namespaces, so these would silently
/// mean something other than what they say.
struct RejectNamespaces;

impl SelectorVisitor for RejectNamespaces {
    type Impl = Simple;

    fn visit_simple_selector(&mut self, component: &Component<Simple>) -> bool {
        match component {
            Component::ExplicitAnyNamespace
            | Component::ExplicitNoNamespace
            | Component::DefaultNamespace(_)
            | Component::Namespace(..) => false,
            Component::AttributeOther(attribute) => attribute.namespace.is_none(),
            _ => true,
        }
    }
}

/// An element of a [`DomAdapter`] tree, as the `selectors` crate sees it.
///
/// Always an element: every constructor checks the node's kind.
struct ElementRef<'a, A: DomAdapter> {
    dom: &'a A,
    node: A::Node,
}

// Derives would require `A: Clone`/`A: Copy`, which adapters need not be.
impl<A: DomAdapter> Clone for ElementRef<'_, A> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<A: DomAdapter> Copy for ElementRef<'_, A> {}

impl<A: DomAdapter> fmt::Debug for ElementRef<'_, A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("ElementRef").field(&self.node).finish()
    }
}

impl<'a, A: DomAdapter> ElementRef<'a, A> {
    /// `node` as an element, or `None` if it is another kind of node.
    fn element(&self, node: A::Node) -> Option<Self> {
        (self.dom.kind(node) == NodeKind::Element).then_some(ElementRef {
            dom: self.dom,
            node,
        })
    }

    /// The first element among `start` and its following siblings.
    fn element_from(&self, start: Option<A::Node>) -> Option<Self> {
        let mut current = start;
        while let Some(node) = current {
            if let Some(element) = self.element(node) {
                return Some(element);
            }
            current = self.dom.next_sibling(node);
        }
        None
    }

    fn name(&self) -> &'a str {
        self.dom.element_name(self.node)
    }

    fn attribute(&self, name: &str) -> Option<Cow<'a, str>> {
        self.dom.attribute(self.node, name)
    }
}

impl<A: DomAdapter> Element for ElementRef<'_, A> {
    type Impl = Simple;

    fn opaque(&self) -> OpaqueElement {
        // Only identity matters (the nth-index caches are keyed by it), so the
        // "pointer" is the node's index, offset by one to be non-null. It is
        // never dereferenced.
        let address = self.dom.index(self.node).wrapping_add(1);
        let pointer = NonNull::new(std::ptr::without_provenance_mut::<()>(address))
            // Only for index usize::MAX, which no real tree reaches.
            .unwrap_or(NonNull::dangling());
        OpaqueElement::from_ptr(pointer)
    }

    fn parent_element(&self) -> Option<Self> {
        self.dom
            .parent(self.node)
            .and_then(|parent| self.element(parent))
    }

    fn parent_node_is_shadow_root(&self) -> bool {
        false
    }

    fn containing_shadow_host(&self) -> Option<Self> {
        None
    }

    fn is_pseudo_element(&self) -> bool {
        false
    }

    fn prev_sibling_element(&self) -> Option<Self> {
        let mut current = self.dom.prev_sibling(self.node);
        while let Some(node) = current {
            if let Some(element) = self.element(node) {
                return Some(element);
            }
            current = self.dom.prev_sibling(node);
        }
        None
    }

    fn next_sibling_element(&self) -> Option<Self> {
        self.element_from(self.dom.next_sibling(self.node))
    }

    fn first_element_child(&self) -> Option<Self> {
        self.element_from(self.dom.first_child(self.node))
    }

    fn is_html_element_in_html_document(&self) -> bool {
        true
    }

    fn has_local_name(&self, local_name: &CssIdent) -> bool {
        self.name().eq_ignore_ascii_case(&local_name.0)
    }

    fn has_namespace(&self, ns: &CssIdent) -> bool {
        // Every element is taken to be in no namespace.
        ns.0.is_empty()
    }

    fn is_same_type(&self, other: &Self) -> bool {
        self.name().eq_ignore_ascii_case(other.name())
    }

    fn attr_matches(
        &self,
        ns: &NamespaceConstraint<&CssIdent>,
        local_name: &CssIdent,
        operation: &AttrSelectorOperation<&CssString>,
    ) -> bool {
        if let NamespaceConstraint::Specific(url) = ns
            && !url.0.is_empty()
        {
            return false;
        }
        let name = ascii_lowercase(&local_name.0);
        self.attribute(&name)
            .is_some_and(|value| operation.eval_str(&value))
    }

    fn match_non_ts_pseudo_class(
        &self,
        pc: &NoPseudoClass,
        _context: &mut MatchingContext<'_, Simple>,
    ) -> bool {
        match *pc {}
    }

    fn match_pseudo_element(
        &self,
        pe: &NoPseudoElement,
        _context: &mut MatchingContext<'_, Simple>,
    ) -> bool {
        match *pe {}
    }

    fn apply_selector_flags(&self, _flags: ElementSelectorFlags) {}

    fn is_link(&self) -> bool {
        // Only consulted for `:visited` handling and the hover quirk, neither
        // of which applies without state pseudo-classes.
        false
    }

    fn is_html_slot_element(&self) -> bool {
        false
    }

    fn has_id(&self, id: &CssIdent, case_sensitivity: CaseSensitivity) -> bool {
        self.attribute("id")
            .is_some_and(|value| case_sensitivity.eq(value.as_bytes(), id.0.as_bytes()))
    }

    fn has_class(&self, name: &CssIdent, case_sensitivity: CaseSensitivity) -> bool {
        self.attribute("class").is_some_and(|value| {
            value
                .split_ascii_whitespace()
                .any(|class| case_sensitivity.eq(class.as_bytes(), name.0.as_bytes()))
        })
    }

    fn has_custom_state(&self, _name: &CssIdent) -> bool {
        false
    }

    fn imported_part(&self, _name: &CssIdent) -> Option<CssIdent> {
        None
    }

    fn is_part(&self, _name: &CssIdent) -> bool {
        false
    }

    fn is_empty(&self) -> bool {
        let mut current = self.dom.first_child(self.node);
        while let Some(node) = current {
            match self.dom.kind(node) {
                NodeKind::Element => return false,
                NodeKind::Text if !self.dom.text(node).is_empty() => return false,
                _ => {}
            }
            current = self.dom.next_sibling(node);
        }
        true
    }

    fn is_root(&self) -> bool {
        self.dom
            .parent(self.node)
            .is_some_and(|parent| self.dom.kind(parent) == NodeKind::Document)
    }

    fn add_element_unique_hashes(&self, _filter: &mut BloomFilter) -> bool {
        false
    }
}

/// `s` in ASCII lowercase, borrowed when it already is.
fn ascii_lowercase(s: &str) -> Cow<'_, str> {
    if s.bytes().any(|b| b.is_ascii_uppercase()) {
        Cow::Owned(s.to_ascii_lowercase())
    } else {
        Cow::Borrowed(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One node of the test arena.
    #[derive(Debug)]
    struct TestNode {
        kind: NodeKind,
        name: String,
        attributes: Vec<(String, String)>,
        text: String,
        parent: Option<usize>,
        first_child: Option<usize>,
        last_child: Option<usize>,
        next: Option<usize>,
        prev: Option<usize>,
    }

    /// A minimal arena-backed tree implementing `DomAdapter`.
    #[derive(Debug)]
    struct TestDom {
        nodes: Vec<TestNode>,
    }

    impl TestDom {
        fn new() -> Self {
            TestDom {
                nodes: vec![TestNode {
                    kind: NodeKind::Document,
                    name: String::new(),
                    attributes: Vec::new(),
                    text: String::new(),
                    parent: None,
                    first_child: None,
                    last_child: None,
                    next: None,
                    prev: None,
                }],
            }
        }

        fn push(&mut self, parent: usize, kind: NodeKind, name: &str, text: &str) -> usize {
            let id = self.nodes.len();
            let prev = self.nodes[parent].last_child;
            self.nodes.push(TestNode {
                kind,
                name: name.to_owned(),
                attributes: Vec::new(),
                text: text.to_owned(),
                parent: Some(parent),
                first_child: None,
                last_child: None,
                next: None,
                prev,
            });
            match prev {
                Some(prev) => self.nodes[prev].next = Some(id),
                None => self.nodes[parent].first_child = Some(id),
            }
            self.nodes[parent].last_child = Some(id);
            id
        }

        fn add_el(&mut self, parent: usize, name: &str, attributes: &[(&str, &str)]) -> usize {
            let id = self.push(parent, NodeKind::Element, name, "");
            self.nodes[id].attributes = attributes
                .iter()
                .map(|&(k, v)| (k.to_owned(), v.to_owned()))
                .collect();
            id
        }

        fn add_text(&mut self, parent: usize, text: &str) -> usize {
            self.push(parent, NodeKind::Text, "", text)
        }

        fn add_comment(&mut self, parent: usize) -> usize {
            self.push(parent, NodeKind::Comment, "", "")
        }
    }

    impl DomAdapter for TestDom {
        type Node = usize;

        fn document(&self) -> usize {
            0
        }

        fn kind(&self, node: usize) -> NodeKind {
            self.nodes[node].kind
        }

        fn element_name(&self, node: usize) -> &str {
            assert_eq!(self.nodes[node].kind, NodeKind::Element);
            &self.nodes[node].name
        }

        fn attribute(&self, node: usize, name: &str) -> Option<Cow<'_, str>> {
            assert_eq!(self.nodes[node].kind, NodeKind::Element);
            assert!(!name.bytes().any(|b| b.is_ascii_uppercase()), "{name}");
            self.nodes[node]
                .attributes
                .iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .map(|(_, v)| Cow::Borrowed(v.as_str()))
        }

        fn text(&self, node: usize) -> Cow<'_, str> {
            assert_eq!(self.nodes[node].kind, NodeKind::Text);
            Cow::Borrowed(&self.nodes[node].text)
        }

        fn first_child(&self, node: usize) -> Option<usize> {
            self.nodes[node].first_child
        }

        fn next_sibling(&self, node: usize) -> Option<usize> {
            self.nodes[node].next
        }

        fn prev_sibling(&self, node: usize) -> Option<usize> {
            self.nodes[node].prev
        }

        fn parent(&self, node: usize) -> Option<usize> {
            self.nodes[node].parent
        }

        fn index(&self, node: usize) -> usize {
            node
        }
    }

    fn set(selectors: &[&str]) -> SelectorSet {
        let owned: Vec<String> = selectors.iter().map(|s| (*s).to_owned()).collect();
        match SelectorSet::compile("separators", &owned) {
            Ok(set) => set,
            Err(error) => panic!("{selectors:?} should parse: {error}"),
        }
    }

    fn matches(dom: &TestDom, selector: &str, node: usize) -> bool {
        set(&[selector]).matches(dom, node, &mut MatchCaches::new())
    }

    /// The nodes of `candidates` that `selector` matches.
    fn matching(dom: &TestDom, selector: &str, candidates: &[usize]) -> Vec<usize> {
        let set = set(&[selector]);
        let mut caches = MatchCaches::new();
        candidates
            .iter()
            .copied()
            .filter(|&node| set.matches(dom, node, &mut caches))
            .collect()
    }

    fn invalid(selector: &str) -> (String, String) {
        match SelectorSet::compile("neverBreakWithin", &[selector.to_owned()]) {
            Ok(_) => panic!("{selector:?} should not parse"),
            Err(
                ref error @ ConfigError::InvalidSelector {
                    field,
                    selector: ref written,
                    ref reason,
                },
            ) => {
                assert_eq!(field, "neverBreakWithin");
                assert_eq!(written, selector);
                assert!(!reason.is_empty());
                assert_eq!(reason, &reason.to_lowercase(), "reason is lowercase");
                (error.to_string(), reason.clone())
            }
            Err(other) => panic!("unexpected error {other:?}"),
        }
    }

    /// `<html><body>` with a spec-like section, a `.keep` block and a list.
    struct Fixture {
        dom: TestDom,
        html: usize,
        body: usize,
        clause: usize,
        clause_h1: usize,
        nested_h1: usize,
        keep: usize,
        keep_p: usize,
        deep_p: usize,
        loose_p: usize,
        items: Vec<usize>,
        empty_div: usize,
        blank_div: usize,
    }

    fn fixture() -> Fixture {
        let mut dom = TestDom::new();
        let html = dom.add_el(0, "html", &[("lang", "en-GB")]);
        let body = dom.add_el(html, "body", &[]);
        let clause = dom.add_el(body, "emu-clause", &[("id", "sec-intro")]);
        let clause_h1 = dom.add_el(clause, "h1", &[]);
        let inner = dom.add_el(clause, "div", &[]);
        let nested_h1 = dom.add_el(inner, "h1", &[]);
        let keep = dom.add_el(body, "DIV", &[("class", "note  keep\tbox")]);
        let keep_p = dom.add_el(keep, "p", &[]);
        let section = dom.add_el(keep, "section", &[]);
        let deep_p = dom.add_el(section, "P", &[]);
        let loose_p = dom.add_el(body, "p", &[]);
        let list = dom.add_el(body, "ul", &[]);
        dom.add_text(list, "\n  ");
        let mut items = Vec::new();
        for i in 0..4 {
            dom.add_comment(list);
            let li = dom.add_el(list, "li", &[("data-i", &i.to_string())]);
            dom.add_text(list, "\n  ");
            items.push(li);
        }
        let empty_div = dom.add_el(body, "div", &[]);
        dom.add_comment(empty_div);
        dom.add_text(empty_div, "");
        let blank_div = dom.add_el(body, "div", &[]);
        dom.add_text(blank_div, " ");
        Fixture {
            dom,
            html,
            body,
            clause,
            clause_h1,
            nested_h1,
            keep,
            keep_p,
            deep_p,
            loose_p,
            items,
            empty_div,
            blank_div,
        }
    }

    #[test]
    fn select_type_and_universal() {
        let f = fixture();
        assert!(matches(&f.dom, "p", f.loose_p));
        assert!(!matches(&f.dom, "p", f.keep));
        assert!(matches(&f.dom, "*", f.keep));
        assert!(matches(&f.dom, "emu-clause", f.clause));
        // Any namespace, with no default namespace, is no constraint at all.
        assert!(matches(&f.dom, "*|p", f.loose_p));
        assert!(matches(&f.dom, "*|*", f.loose_p));
    }

    #[test]
    fn select_tag_names_ignore_ascii_case() {
        let f = fixture();
        // An uppercase selector against a lowercase element...
        assert!(matches(&f.dom, "H1", f.clause_h1));
        assert!(matches(&f.dom, "Emu-Clause", f.clause));
        // ...and a lowercase selector against an element named in uppercase.
        assert!(matches(&f.dom, "div", f.keep));
        assert!(matches(&f.dom, "p", f.deep_p));
        assert!(matches(&f.dom, "DIV > p", f.keep_p));
    }

    #[test]
    fn select_child_and_descendant() {
        let f = fixture();
        assert!(matches(&f.dom, "emu-clause > h1", f.clause_h1));
        assert!(!matches(&f.dom, "emu-clause > h1", f.nested_h1));
        assert!(matches(&f.dom, "emu-clause h1", f.nested_h1));
        assert!(matches(&f.dom, ".keep p", f.keep_p));
        assert!(matches(&f.dom, ".keep p", f.deep_p));
        assert!(!matches(&f.dom, ".keep p", f.loose_p));
        assert!(matches(&f.dom, "html > body > emu-clause", f.clause));
    }

    #[test]
    fn select_sibling_combinators() {
        let f = fixture();
        assert!(matches(&f.dom, "li + li", f.items[1]));
        assert!(!matches(&f.dom, "li + li", f.items[0]));
        // Text and comments between elements do not break adjacency.
        assert!(matches(&f.dom, "[data-i='0'] + [data-i='1']", f.items[1]));
        assert!(matches(&f.dom, "[data-i='0'] ~ li", f.items[3]));
        assert!(!matches(&f.dom, "[data-i='2'] ~ li", f.items[1]));
        assert!(matches(&f.dom, "emu-clause + div", f.keep));
    }

    #[test]
    fn select_class_and_id() {
        let f = fixture();
        assert!(matches(&f.dom, ".keep", f.keep));
        assert!(matches(&f.dom, ".note", f.keep));
        assert!(matches(&f.dom, ".box", f.keep));
        assert!(matches(&f.dom, ".note.box", f.keep));
        assert!(matches(&f.dom, "div.keep", f.keep));
        assert!(!matches(&f.dom, ".kee", f.keep));
        assert!(
            !matches(&f.dom, ".KEEP", f.keep),
            "classes are case-sensitive"
        );
        assert!(!matches(&f.dom, ".keep", f.loose_p));
        assert!(matches(&f.dom, "#sec-intro", f.clause));
        assert!(
            !matches(&f.dom, "#SEC-INTRO", f.clause),
            "ids are case-sensitive"
        );
        assert!(!matches(&f.dom, "#sec-intro", f.keep));
    }

    #[test]
    fn select_attributes() {
        let mut dom = TestDom::new();
        let a = dom.add_el(
            0,
            "a",
            &[
                ("href", "https://example.org/spec.PDF"),
                ("rel", "nofollow noopener"),
                ("hreflang", "en-US"),
                ("Data-X", ""),
                ("type", "Text"),
            ],
        );
        let yes = [
            "[href]",
            "[data-x]",
            "[DATA-X]",
            "[data-x='']",
            "[href='https://example.org/spec.PDF']",
            "[rel~=noopener]",
            "[hreflang|=en]",
            "[hreflang|='en-US']",
            "[href^=https]",
            "[href$='.PDF']",
            "[href$='.pdf' i]",
            "[href*=example]",
            "[type=text i]",
            // HTML lists `type` among the attributes whose values compare
            // case-insensitively.
            "[type=text]",
            "a[href][rel]",
            "[|href]",
        ];
        for selector in yes {
            assert!(matches(&dom, selector, a), "{selector}");
        }
        let no = [
            "[title]",
            "[href='https://example.org']",
            "[rel~=no]",
            "[hreflang|=e]",
            "[href^='http:']",
            "[href$='.pdf']",
            "[href*=EXAMPLE]",
            "[href*='']",
            "[type=text s]",
        ];
        for selector in no {
            assert!(!matches(&dom, selector, a), "{selector}");
        }
    }

    #[test]
    fn select_nth_child_family_skips_non_elements() {
        let f = fixture();
        let items = &f.items;
        assert_eq!(matching(&f.dom, ":nth-child(2)", items), [items[1]]);
        assert_eq!(
            matching(&f.dom, "li:nth-child(odd)", items),
            [items[0], items[2]]
        );
        assert_eq!(
            matching(&f.dom, ":nth-child(2n+2)", items),
            [items[1], items[3]]
        );
        assert_eq!(matching(&f.dom, ":nth-last-child(1)", items), [items[3]]);
        assert_eq!(matching(&f.dom, ":first-child", items), [items[0]]);
        assert_eq!(matching(&f.dom, ":last-child", items), [items[3]]);
        assert_eq!(
            matching(&f.dom, ":nth-child(2 of [data-i])", items),
            [items[1]]
        );
        assert!(matching(&f.dom, ":only-child", items).is_empty());
        assert!(matches(&f.dom, ":only-child", f.html));
        assert!(matches(
            &f.dom,
            "emu-clause > div > h1:only-child",
            f.nested_h1
        ));
        assert!(matches(&f.dom, ":first-child", f.clause));
    }

    #[test]
    fn select_of_type() {
        let f = fixture();
        // body: emu-clause, DIV, p, ul, div, div.
        assert!(matches(&f.dom, "div:nth-of-type(1)", f.keep));
        assert!(matches(&f.dom, "div:nth-of-type(2)", f.empty_div));
        assert!(matches(&f.dom, "div:last-of-type", f.blank_div));
        assert!(matches(&f.dom, "p:only-of-type", f.loose_p));
        assert!(matches(&f.dom, "div:first-of-type", f.keep));
        assert!(!matches(&f.dom, "div:first-of-type", f.empty_div));
    }

    #[test]
    fn select_logical_combinations() {
        let f = fixture();
        assert!(matches(&f.dom, "p:not(.keep p)", f.loose_p));
        assert!(!matches(&f.dom, "p:not(.keep p)", f.keep_p));
        assert!(matches(&f.dom, ":not(p, h1)", f.keep));
        assert!(matches(
            &f.dom,
            ":is(emu-clause, .keep) > :is(h1, p)",
            f.clause_h1
        ));
        assert!(matches(
            &f.dom,
            ":is(emu-clause, .keep) > :is(h1, p)",
            f.keep_p
        ));
        assert!(!matches(
            &f.dom,
            ":is(emu-clause, .keep) > :is(h1, p)",
            f.deep_p
        ));
        assert!(matches(&f.dom, ":where(section) p", f.deep_p));
    }

    #[test]
    fn select_root_and_empty() {
        let f = fixture();
        assert!(matches(&f.dom, ":root", f.html));
        assert!(!matches(&f.dom, ":root", f.body));
        assert!(matches(&f.dom, ":root > body", f.body));
        // A comment and an empty text node leave an element empty...
        assert!(matches(&f.dom, ":empty", f.empty_div));
        // ...but whitespace does not, nor do children.
        assert!(!matches(&f.dom, ":empty", f.blank_div));
        assert!(!matches(&f.dom, ":empty", f.keep));
        assert!(matches(&f.dom, "h1:empty", f.clause_h1));
    }

    #[test]
    fn select_lists() {
        let f = fixture();
        let headings = set(&["h2, h1", "li"]);
        let mut caches = MatchCaches::new();
        assert!(headings.matches(&f.dom, f.clause_h1, &mut caches));
        assert!(headings.matches(&f.dom, f.items[2], &mut caches));
        assert!(!headings.matches(&f.dom, f.keep, &mut caches));
        assert!(!headings.is_empty());
    }

    #[test]
    fn select_empty_set_matches_nothing() {
        let f = fixture();
        let none = match SelectorSet::compile("separators", &[]) {
            Ok(set) => set,
            Err(error) => panic!("{error}"),
        };
        assert!(none.is_empty());
        assert!(!none.matches(&f.dom, f.keep, &mut MatchCaches::new()));
    }

    #[test]
    fn select_non_elements_never_match() {
        let mut dom = TestDom::new();
        let div = dom.add_el(0, "div", &[]);
        let text = dom.add_text(div, "hi");
        let all = set(&["*", ":not(p)"]);
        let mut caches = MatchCaches::new();
        assert!(all.matches(&dom, div, &mut caches));
        assert!(!all.matches(&dom, text, &mut caches));
        assert!(!all.matches(&dom, 0, &mut caches));
    }

    #[test]
    fn select_invalid_selectors() {
        let cases = [
            ("h2[", "unexpected end of input"),
            ("", "empty selector"),
            ("   ", "empty selector"),
            ("p::before", "pseudo-elements are not supported (::before)"),
            ("p::slotted(a)", "pseudo-elements are not supported"),
            (":hover", "unsupported pseudo-class :hover"),
            ("a:Visited", "unsupported pseudo-class :visited"),
            ("p::BEFORE", "pseudo-elements are not supported (::before)"),
            ("p:before", "pseudo-elements are not supported (::before)"),
            ("p:lang(en)", "unsupported pseudo-class :lang()"),
            ("div:has(p)", "unsupported pseudo-class :has()"),
            (":is(p, :hover)", "unsupported pseudo-class :hover"),
            ("svg|rect", "namespaces are not supported"),
            ("|rect", "namespaces are not supported"),
            ("[xlink|href]", "namespaces are not supported"),
            ("[*|href]", "namespaces are not supported"),
            (":not(|p)", "namespaces are not supported"),
            ("h2 >", ""),
            ("> h2", ""),
            ("h2,", ""),
            ("h2 {}", ""),
            (".", "unexpected end of input"),
            ("p.5", ""),
            ("#", ""),
            ("p)", ""),
            ("[a=]", ""),
        ];
        for (selector, expected) in cases {
            let (display, reason) = invalid(selector);
            assert!(reason.contains(expected), "{selector:?}: {reason:?}");
            assert!(display.contains(&format!("{selector:?}")), "{display}");
            assert!(display.contains("neverBreakWithin"), "{display}");
        }
    }

    #[test]
    fn select_first_invalid_selector_is_reported() {
        let strings = ["h2".to_owned(), "p::after".to_owned(), "h3[".to_owned()];
        match SelectorSet::compile("separators", &strings) {
            Err(ConfigError::InvalidSelector {
                field, selector, ..
            }) => {
                assert_eq!(field, "separators");
                assert_eq!(selector, "p::after");
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn select_deep_nesting_is_an_error_not_a_crash() {
        let depth = 10_000;
        let selector = format!("{}p{}", ":not(".repeat(depth), ")".repeat(depth));
        let (_, reason) = invalid(&selector);
        assert!(reason.contains("nested"), "{reason}");
        // The limit still leaves room for realistic nesting.
        let ok = format!("{}p{}", ":is(".repeat(20), ")".repeat(20));
        let f = fixture();
        assert!(matches(&f.dom, &ok, f.loose_p));
    }

    #[test]
    fn select_deep_trees_do_not_overflow() {
        let mut dom = TestDom::new();
        let root = dom.add_el(0, "div", &[("class", "keep")]);
        let mut parent = root;
        for _ in 0..200_000 {
            parent = dom.add_el(parent, "div", &[]);
        }
        let leaf = dom.add_el(parent, "p", &[]);
        assert!(matches(&dom, ".keep p", leaf));
        assert!(!matches(&dom, ".nope p", leaf));
        assert!(matches(&dom, ":root p:empty", leaf));
    }

    #[test]
    fn select_sets_are_shareable() {
        fn assert_send_sync<T: Send + Sync>() {}
        assert_send_sync::<SelectorSet>();
    }
}
