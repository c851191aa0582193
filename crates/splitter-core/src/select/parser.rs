//! The parser of configuration selectors: what the `selectors` crate may
//! parse, and the errors it reports (see the [module docs](super)).

use std::fmt;

use cssparser::{BasicParseErrorKind, ParseError, ParseErrorKind, ToCss};
use precomputed_hash::PrecomputedHash;
use selectors::parser::{
    Component, ParseRelative, SelectorImpl, SelectorList, SelectorParseErrorKind,
};
use selectors::visitor::SelectorVisitor;

use super::MAX_NESTED_BLOCKS;

/// Parses one configured string into a selector list, or says why not.
pub(super) fn parse_list(selector: &str) -> Result<SelectorList<Simple>, String> {
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
pub(super) struct Simple;

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
pub(super) struct CssIdent(pub(super) String);

/// An attribute value in a selector; serialized as a CSS string.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub(super) struct CssString(pub(super) String);

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
pub(super) enum NoPseudoClass {}

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
pub(super) enum NoPseudoElement {}

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
