//! The tag tables the tree builder consults: names that belong in
//! `<head>`, void elements, foreign-content rules, scope boundaries and
//! raw-text elements.

use crate::decode::Mode;

/// Elements a standard parser puts into `<head>` that hold no content.
pub(crate) const HEAD_ONLY: &[&[u8]] = &[
    b"base",
    b"basefont",
    b"bgsound",
    b"link",
    b"meta",
    b"title",
    b"noframes",
];

/// Elements allowed in `<head>` that stay elements there: the core skips
/// the first three by name, and a `noscript` there holds only what
/// [`HEAD_NOSCRIPT`] lists (anything else closes it and starts the body).
pub(crate) const HEAD_ALLOWED: &[&[u8]] = &[b"script", b"style", b"template", b"noscript"];

/// What a `noscript` in `<head>` may hold, with scripting off (the
/// standard's "in head noscript" insertion mode); any other tag or text
/// closes it.
pub(crate) const HEAD_NOSCRIPT: &[&[u8]] = &[
    b"basefont",
    b"bgsound",
    b"link",
    b"meta",
    b"noframes",
    b"style",
];

/// Elements that never have children.
pub(crate) const VOID: &[&[u8]] = &[
    b"area",
    b"base",
    b"basefont",
    b"bgsound",
    b"br",
    b"col",
    b"embed",
    b"frame",
    b"hr",
    b"img",
    b"input",
    b"keygen",
    b"link",
    b"meta",
    b"param",
    b"source",
    b"track",
    b"wbr",
];

/// Elements inside `<svg>`/`<math>` whose children are HTML again
/// ("integration points").
pub(crate) const INTEGRATION_POINTS: &[&[u8]] = &[
    b"foreignobject",
    b"desc",
    b"title",
    b"mi",
    b"mo",
    b"mn",
    b"ms",
    b"mtext",
    b"annotation-xml",
];

/// HTML start tags that end foreign content: open SVG/MathML elements are
/// closed first.
pub(crate) fn breaks_out_of_foreign(name: &[u8]) -> bool {
    is_one_of(name, HEADINGS) || is_one_of(name, BREAKS_OUT_OF_FOREIGN)
}

/// The start tags that end foreign content besides the headings.
const BREAKS_OUT_OF_FOREIGN: &[&[u8]] = &[
    b"b",
    b"big",
    b"blockquote",
    b"body",
    b"br",
    b"center",
    b"code",
    b"dd",
    b"div",
    b"dl",
    b"dt",
    b"em",
    b"embed",
    b"head",
    b"hr",
    b"i",
    b"img",
    b"li",
    b"listing",
    b"menu",
    b"meta",
    b"nobr",
    b"ol",
    b"p",
    b"pre",
    b"ruby",
    b"s",
    b"small",
    b"span",
    b"strong",
    b"strike",
    b"sub",
    b"sup",
    b"table",
    b"tt",
    b"u",
    b"ul",
    b"var",
];

/// Elements an end tag does not close across ("has an element in scope").
pub(crate) const SCOPE_BOUNDARIES: &[&[u8]] = &[
    b"applet",
    b"caption",
    b"html",
    b"table",
    b"td",
    b"th",
    b"marquee",
    b"object",
    b"template",
];

/// End tags of table parts, which look through cells ("in table scope").
pub(crate) const TABLE_PARTS: &[&[u8]] = &[
    b"table", b"caption", b"thead", b"tbody", b"tfoot", b"tr", b"td", b"th",
];

/// Elements whose text children are foster-parented ("in table text": the
/// current node is one of these).
pub(crate) const FOSTERS_TEXT: &[&[u8]] = &[b"table", b"tbody", b"tfoot", b"thead", b"tr"];

/// Elements table-part end tags do not close across.
pub(crate) const TABLE_SCOPE_BOUNDARIES: &[&[u8]] = &[b"html", b"table", b"template"];

pub(crate) fn is_one_of(name: &[u8], list: &[&[u8]]) -> bool {
    list.iter()
        .any(|candidate| name.eq_ignore_ascii_case(candidate))
}

/// How the content of a raw-text element is read, if `name` is one.
pub(crate) fn raw_text_mode(name: &[u8]) -> Option<Mode> {
    const RCDATA: &[&[u8]] = &[b"title", b"textarea"];
    const RAWTEXT: &[&[u8]] = &[
        b"script",
        b"style",
        b"xmp",
        b"iframe",
        b"noembed",
        b"noframes",
        b"plaintext",
    ];
    if is_one_of(name, RCDATA) {
        Some(Mode::Rcdata)
    } else if is_one_of(name, RAWTEXT) {
        Some(Mode::Rawtext)
    } else {
        None
    }
}

/// Formatting elements: an end tag for one runs the standard's adoption
/// agency, which keeps a block opened inside it open.
pub(crate) const FORMATTING: &[&[u8]] = &[
    b"a", b"b", b"big", b"code", b"em", b"font", b"i", b"nobr", b"s", b"small", b"strike",
    b"strong", b"tt", b"u",
];

/// The standard's "special" elements (HTML ones): an end tag for another
/// element does not close across them.
pub(crate) fn is_special(name: &[u8]) -> bool {
    is_one_of(name, HEADINGS) || is_one_of(name, SPECIAL)
}

/// The special elements besides the headings.
const SPECIAL: &[&[u8]] = &[
    b"address",
    b"applet",
    b"area",
    b"article",
    b"aside",
    b"base",
    b"basefont",
    b"bgsound",
    b"blockquote",
    b"body",
    b"br",
    b"button",
    b"caption",
    b"center",
    b"col",
    b"colgroup",
    b"dd",
    b"details",
    b"dir",
    b"div",
    b"dl",
    b"dt",
    b"embed",
    b"fieldset",
    b"figcaption",
    b"figure",
    b"footer",
    b"form",
    b"frame",
    b"frameset",
    b"head",
    b"header",
    b"hgroup",
    b"hr",
    b"html",
    b"iframe",
    b"img",
    b"input",
    b"keygen",
    b"li",
    b"link",
    b"listing",
    b"main",
    b"marquee",
    b"menu",
    b"meta",
    b"nav",
    b"noembed",
    b"noframes",
    b"noscript",
    b"object",
    b"ol",
    b"p",
    b"param",
    b"plaintext",
    b"pre",
    b"script",
    b"search",
    b"section",
    b"select",
    b"source",
    b"style",
    b"summary",
    b"table",
    b"tbody",
    b"td",
    b"template",
    b"textarea",
    b"tfoot",
    b"th",
    b"thead",
    b"title",
    b"tr",
    b"track",
    b"ul",
    b"wbr",
    b"xmp",
];

/// Start tags that close a `p` element in button scope. (`table` does too
/// outside quirks mode; this adapter does not tell the modes apart and
/// leaves it out, as in quirks mode.)
pub(crate) const CLOSES_P: &[&[u8]] = &[
    b"address",
    b"article",
    b"aside",
    b"blockquote",
    b"center",
    b"details",
    b"dialog",
    b"dir",
    b"div",
    b"dl",
    b"fieldset",
    b"figcaption",
    b"figure",
    b"footer",
    b"header",
    b"hgroup",
    b"main",
    b"menu",
    b"nav",
    b"ol",
    b"p",
    b"search",
    b"section",
    b"summary",
    b"ul",
    b"h1",
    b"h2",
    b"h3",
    b"h4",
    b"h5",
    b"h6",
    b"pre",
    b"listing",
    b"form",
    b"plaintext",
    b"hr",
    b"xmp",
    b"li",
    b"dd",
    b"dt",
];

pub(crate) const HEADINGS: &[&[u8]] = &[b"h1", b"h2", b"h3", b"h4", b"h5", b"h6"];
