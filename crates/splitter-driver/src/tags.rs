//! The tag tables of the depth cap: which start tags open nothing, which
//! change how what follows them is read, and which leave foreign content.

use html5ever::tokenizer::Tag;
use html5ever::{LocalName, local_name, ns};

/// Whether a start tag named `name` opens no element in HTML content: the
/// void elements, and `html`, `head` and `body`, whose repeats only add
/// attributes. (In foreign content these names open elements like any other.)
///
/// `col` is one, though in a table it also opens a `<colgroup>` (once), and
/// in a template it switches to the one insertion mode that ignores text
/// and most tags: dropping it instead could let a later `<script>` that
/// html5ever would ignore there turn the rest of the document into script.
pub(crate) fn is_void(name: &LocalName) -> bool {
    matches!(
        *name,
        local_name!("area")
            | local_name!("base")
            | local_name!("basefont")
            | local_name!("bgsound")
            | local_name!("br")
            | local_name!("col")
            | local_name!("embed")
            | local_name!("frame")
            | local_name!("hr")
            | local_name!("image")
            | local_name!("img")
            | local_name!("input")
            | local_name!("keygen")
            | local_name!("link")
            | local_name!("meta")
            | local_name!("param")
            | local_name!("source")
            | local_name!("track")
            | local_name!("wbr")
            | local_name!("html")
            | local_name!("head")
            | local_name!("body")
    )
}

/// Whether a start tag named `name` is passed on up to the hard limit: it
/// switches the tokenizer's state, starts foreign content or an
/// integration point in it (names as the tokenizer gives them, lowercase),
/// or is a template.
pub(crate) fn is_exempt(name: &LocalName) -> bool {
    matches!(
        *name,
        local_name!("script")
            | local_name!("style")
            | local_name!("textarea")
            | local_name!("title")
            | local_name!("xmp")
            | local_name!("iframe")
            | local_name!("noembed")
            | local_name!("noframes")
            | local_name!("plaintext")
            | local_name!("svg")
            | local_name!("math")
            | local_name!("foreignobject")
            | local_name!("desc")
            | local_name!("mi")
            | local_name!("mo")
            | local_name!("mn")
            | local_name!("ms")
            | local_name!("mtext")
            | local_name!("annotation-xml")
            | local_name!("template")
    )
}

/// Whether `tag`, met in foreign content (outside integration points),
/// makes the tree builder close the foreign elements and treat it as HTML:
/// the list of html5ever 0.40's "in foreign content" rules.
pub(crate) fn breaks_out_of_foreign_content(tag: &Tag) -> bool {
    match tag.name {
        local_name!("b")
        | local_name!("big")
        | local_name!("blockquote")
        | local_name!("body")
        | local_name!("br")
        | local_name!("center")
        | local_name!("code")
        | local_name!("dd")
        | local_name!("div")
        | local_name!("dl")
        | local_name!("dt")
        | local_name!("em")
        | local_name!("embed")
        | local_name!("h1")
        | local_name!("h2")
        | local_name!("h3")
        | local_name!("h4")
        | local_name!("h5")
        | local_name!("h6")
        | local_name!("head")
        | local_name!("hr")
        | local_name!("i")
        | local_name!("img")
        | local_name!("li")
        | local_name!("listing")
        | local_name!("menu")
        | local_name!("meta")
        | local_name!("nobr")
        | local_name!("ol")
        | local_name!("p")
        | local_name!("pre")
        | local_name!("ruby")
        | local_name!("s")
        | local_name!("small")
        | local_name!("span")
        | local_name!("strong")
        | local_name!("strike")
        | local_name!("sub")
        | local_name!("sup")
        | local_name!("table")
        | local_name!("tt")
        | local_name!("u")
        | local_name!("ul")
        | local_name!("var") => true,
        local_name!("font") => tag.attrs.iter().any(|attr| {
            attr.name.ns == ns!()
                && matches!(
                    attr.name.local,
                    local_name!("color") | local_name!("face") | local_name!("size")
                )
        }),
        _ => false,
    }
}
