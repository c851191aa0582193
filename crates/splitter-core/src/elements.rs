//! What the core knows of each element name, in one table: how it takes
//! part in the canonical text ([`ElementClass`], SPEC §3), what else it
//! means there and to provenance ([`Role`], §3.1, §7), and what the
//! Markdown form makes of it ([`Mark`], §3.2), and what its name says of
//! its part in a page ([`PagePart`], §3.4). The walk (`canonical`), the
//! decomposition, the Markdown writer and main-content detection all read
//! it through [`element_info`], which lowercases a name once.

/// How an element takes part in the canonical text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ElementClass {
    /// Contributes nothing and is never a unit (`script`, `style`, …).
    Skipped,
    /// Separated from its neighbours by a line break.
    Block,
    /// Adds nothing of its own.
    Inline,
}

/// What else an element means to the canonical text and its provenance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    Plain,
    /// `h1`–`h6`, with its rank (1 is highest).
    Heading(u8),
    /// A sectioning element: a scope of headings (SPEC §7).
    Sectioning,
    /// Its text stays as authored in normalize mode (SPEC §3.1).
    Preformatted,
}

/// What an element is to the Markdown form (SPEC §3.2); `Other` for
/// elements Markdown writes nothing for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mark {
    Other,
    /// `h1`–`h6`, with its rank.
    Heading(u8),
    /// `pre`: a fenced code block.
    Pre,
    List {
        ordered: bool,
    },
    Quote,
    Code,
    Strong,
    Emphasis,
    Link,
    Image,
    Rule,
    Break,
    Definitions,
    Term,
    Definition,
    Table,
    Row,
    Cell,
}

/// What an element's name says of its part in a page, for main-content
/// detection (SPEC §3.4); `Other` for names that say nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PagePart {
    Other,
    /// `main`: a page's own marker of its main content.
    Main,
    /// `article`: a self-contained composition.
    Article,
    /// `nav`, `aside`, `menu`: navigation and asides around the content.
    Chrome,
    /// `header`: a page's or a section's frame, before its content.
    Header,
    /// `footer`: a page's or a section's frame, after its content.
    Footer,
    /// Forms and their parts, players and embeds: their text is labels,
    /// fallback or controls (`Play Video`), not the page's sentences.
    Control,
    /// A control whose own text is its labels and options (`select`,
    /// `option`, `button`, `textarea`): never prose, wherever it is.
    ControlText,
    /// `time`: a date stamp (of an article, a post, an entry).
    Stamp,
}

/// Everything the table says of one element name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ElementInfo {
    pub(crate) class: ElementClass,
    pub(crate) role: Role,
    pub(crate) mark: Mark,
    pub(crate) part: PagePart,
}

impl ElementInfo {
    const INLINE: ElementInfo = ElementInfo::new(ElementClass::Inline, Role::Plain, Mark::Other);

    const fn new(class: ElementClass, role: Role, mark: Mark) -> Self {
        ElementInfo {
            class,
            role,
            mark,
            part: PagePart::Other,
        }
    }

    /// The same, with what the name says of its part in a page.
    const fn part(self, part: PagePart) -> Self {
        ElementInfo { part, ..self }
    }

    /// A block element with no other role.
    const fn block(mark: Mark) -> Self {
        ElementInfo::new(ElementClass::Block, Role::Plain, mark)
    }

    /// An inline element with no other role.
    const fn inline(mark: Mark) -> Self {
        ElementInfo::new(ElementClass::Inline, Role::Plain, mark)
    }
}

/// The facts of the element named `name`, in any case.
pub(crate) fn element_info(name: &str) -> ElementInfo {
    use ElementClass::{Block, Inline, Skipped};

    // The longest name of interest is "emu-example"/"emu-grammar"/"blockquote"
    // (11 bytes); anything longer is inline. Lowercase into a stack buffer so
    // backends that keep source case (tl) cost no allocation.
    const MAX: usize = 12;
    if name.len() > MAX {
        return ElementInfo::INLINE;
    }
    let mut buf = [0u8; MAX];
    let buf = &mut buf[..name.len()];
    buf.copy_from_slice(name.as_bytes());
    buf.make_ascii_lowercase();
    match &*buf {
        b"script" | b"style" | b"template" => ElementInfo::new(Skipped, Role::Plain, Mark::Other),
        [b'h', rank @ b'1'..=b'6'] => {
            let rank = rank - b'0';
            ElementInfo::new(Block, Role::Heading(rank), Mark::Heading(rank))
        }
        b"article" => {
            ElementInfo::new(Block, Role::Sectioning, Mark::Other).part(PagePart::Article)
        }
        b"aside" | b"nav" => {
            ElementInfo::new(Block, Role::Sectioning, Mark::Other).part(PagePart::Chrome)
        }
        b"section" | b"emu-annex" | b"emu-clause" | b"emu-intro" => {
            ElementInfo::new(Block, Role::Sectioning, Mark::Other)
        }
        b"pre" => ElementInfo::new(Block, Role::Preformatted, Mark::Pre),
        b"textarea" => {
            ElementInfo::new(Inline, Role::Preformatted, Mark::Other).part(PagePart::ControlText)
        }
        b"listing" | b"plaintext" => ElementInfo::new(Inline, Role::Preformatted, Mark::Other),
        b"ul" => ElementInfo::block(Mark::List { ordered: false }),
        b"menu" => ElementInfo::block(Mark::List { ordered: false }).part(PagePart::Chrome),
        b"ol" => ElementInfo::block(Mark::List { ordered: true }),
        b"blockquote" => ElementInfo::block(Mark::Quote),
        b"hr" => ElementInfo::block(Mark::Rule),
        b"br" => ElementInfo::block(Mark::Break),
        b"dl" => ElementInfo::block(Mark::Definitions),
        b"dt" => ElementInfo::block(Mark::Term),
        b"dd" => ElementInfo::block(Mark::Definition),
        b"table" => ElementInfo::block(Mark::Table),
        b"tr" => ElementInfo::block(Mark::Row),
        b"td" | b"th" => ElementInfo::block(Mark::Cell),
        b"main" => ElementInfo::block(Mark::Other).part(PagePart::Main),
        b"header" => ElementInfo::block(Mark::Other).part(PagePart::Header),
        b"footer" => ElementInfo::block(Mark::Other).part(PagePart::Footer),
        b"dialog" | b"fieldset" | b"form" => {
            ElementInfo::block(Mark::Other).part(PagePart::Control)
        }
        b"address" | b"caption" | b"center" | b"details" | b"div" | b"figcaption" | b"figure"
        | b"hgroup" | b"legend" | b"li" | b"p" | b"search" | b"summary" | b"tbody" | b"tfoot"
        | b"thead" | b"emu-alg" | b"emu-example" | b"emu-figure" | b"emu-grammar" | b"emu-note"
        | b"emu-table" => ElementInfo::block(Mark::Other),
        b"input" | b"label" | b"video" | b"audio" | b"iframe" | b"object" | b"embed" | b"svg"
        | b"canvas" => ElementInfo::INLINE.part(PagePart::Control),
        b"button" | b"select" | b"option" => ElementInfo::INLINE.part(PagePart::ControlText),
        b"time" => ElementInfo::INLINE.part(PagePart::Stamp),
        b"code" => ElementInfo::inline(Mark::Code),
        b"strong" | b"b" => ElementInfo::inline(Mark::Strong),
        b"em" | b"i" => ElementInfo::inline(Mark::Emphasis),
        b"a" => ElementInfo::inline(Mark::Link),
        b"img" => ElementInfo::inline(Mark::Image),
        _ => ElementInfo::INLINE,
    }
}

/// What the Markdown form makes of the element named `name`.
pub(crate) fn mark_of(name: &str) -> Mark {
    element_info(name).mark
}

/// Whether `name` is a block element (SPEC §3).
pub(crate) fn is_block_element(name: &str) -> bool {
    element_info(name).class == ElementClass::Block
}

/// Whether `name` is a heading element, `h1`–`h6` (SPEC §5, §7).
pub(crate) fn is_heading_element(name: &str) -> bool {
    matches!(element_info(name).role, Role::Heading(_))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_read_in_any_case() {
        assert_eq!(element_info("H2"), element_info("h2"));
        assert_eq!(element_info("h2").mark, Mark::Heading(2));
        assert_eq!(element_info("EMU-Clause").role, Role::Sectioning);
        assert_eq!(element_info("Script").class, ElementClass::Skipped);
    }

    #[test]
    fn what_the_walk_and_the_writer_each_see() {
        // A block with no Markdown of its own, an inline element with some,
        // and a preformatted element that is inline.
        assert_eq!(element_info("div"), ElementInfo::block(Mark::Other));
        assert_eq!(element_info("strong"), ElementInfo::inline(Mark::Strong));
        assert_eq!(
            element_info("textarea"),
            ElementInfo::new(ElementClass::Inline, Role::Preformatted, Mark::Other)
                .part(PagePart::ControlText)
        );
        assert_eq!(element_info("pre").mark, Mark::Pre);
        assert!(is_block_element("td") && element_info("td").mark == Mark::Cell);
        // What main-content detection reads: the part a name plays in a
        // page, beside what the walk makes of it.
        assert_eq!(element_info("NAV").part, PagePart::Chrome);
        assert_eq!(element_info("nav").role, Role::Sectioning);
        assert_eq!(element_info("menu").mark, Mark::List { ordered: false });
        assert_eq!(element_info("menu").part, PagePart::Chrome);
        assert_eq!(element_info("Footer").part, PagePart::Footer);
        assert_eq!(element_info("header").part, PagePart::Header);
        assert_eq!(element_info("form").part, PagePart::Control);
        assert!(is_block_element("form"));
        assert_eq!(
            element_info("iframe"),
            ElementInfo::INLINE.part(PagePart::Control)
        );
        assert_eq!(element_info("option").part, PagePart::ControlText);
        assert_eq!(element_info("TIME").part, PagePart::Stamp);
        assert_eq!(element_info("textarea").part, PagePart::ControlText);
        assert_eq!(element_info("section").part, PagePart::Other);
        assert!(is_heading_element("h6") && !is_heading_element("h7"));
        assert_eq!(element_info("a-custom-element-name"), ElementInfo::INLINE);
    }
}
