//! What kind of page this is, read once the elements are counted: a
//! forum's thread (its comments are the content) or a product's page (its
//! customers' reviews are not), from the page's structured data
//! ([`PageData`]) and its class words; and what the page as a whole
//! changes in the hints: a hidden block that holds most of its prose is
//! shown, a template's filler text is hidden unless it is all the page
//! shows.

use crate::adapter::{DomAdapter, NodeKind};

use super::furniture::is_surely_boilerplate;
use super::hints::{
    self, HIDDEN, Hints, MARKER_ARTICLE, MARKER_BODY, MARKER_MAIN, WORD_BOILERPLATE,
};
use super::rules::Rules;
use super::stats::{self, PLACEHOLDER, Stats};

/// What a page says it is: a forum's thread, a product on sale. Read
/// from its JSON-LD scripts and its Open Graph type ([`read_page_data`]),
/// and from its controls (a product's: [`hints::SELLS`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct PageData {
    /// A JSON-LD `DiscussionForumPosting`, as Discourse, XenForo and
    /// vBulletin write it. Not a `QAPage`: a question's comments are
    /// remarks on a post, not its answers.
    pub(super) thread: bool,
    /// A JSON-LD `Product` or `og:type` `product` (Shopify, WooCommerce,
    /// Magento and most shops write one or both), or a control that puts
    /// a product in the cart (Amazon writes no structured data): its
    /// customers' reviews are readers' words about the content, not the
    /// content.
    pub(super) product: bool,
}

/// Adds what the element `node` says of its page to `data`: a JSON-LD
/// script that names a forum's thread (`"DiscussionForumPosting"`) or a
/// product (`"Product"`), or a `<meta property="og:type">` of a product
/// (`product`, `og:product`, `product.item`). The types are looked for
/// as words of the script's text, not parsed: the type is all that is
/// read, and a quoted `"Product"` is one.
pub(super) fn read_page_data<A: DomAdapter>(dom: &A, node: A::Node, data: &mut PageData) {
    if data.thread && data.product {
        return;
    }
    let name = dom.element_name(node);
    if name.eq_ignore_ascii_case("script") {
        let json_ld = dom
            .attribute(node, "type")
            .is_some_and(|kind| kind.trim().eq_ignore_ascii_case("application/ld+json"));
        if !json_ld {
            return;
        }
        if let Some(text) = dom.first_child(node) {
            let text = dom.text(text);
            data.thread |= text.contains("DiscussionForumPosting");
            data.product |= text.contains("\"Product\"");
        }
    } else if name.eq_ignore_ascii_case("meta") {
        let og_type = dom
            .attribute(node, "property")
            .is_some_and(|property| property.trim().eq_ignore_ascii_case("og:type"));
        if og_type {
            data.product |= dom
                .attribute(node, "content")
                .is_some_and(|kind| is_product_type(&kind));
        }
    }
}

/// Whether an Open Graph type is a product's: `product` (Shopify,
/// WooCommerce), `og:product` (Facebook's catalogue), `product.item` or
/// `product.group`; not `productivity.app`, a word that only begins so.
fn is_product_type(kind: &str) -> bool {
    let kind = kind.trim();
    let kind = kind.strip_prefix("og:").unwrap_or(kind);
    kind.get(..7)
        .is_some_and(|head| head.eq_ignore_ascii_case("product"))
        && kind
            .get(7..)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
}

/// Comment words are boilerplate ([`WORD_BOILERPLATE`]) unless the page
/// is a forum's ([`Rules::FORUMS`]): there, the comments are the thread.
/// A page is a forum's when its markup names one (a class or id, or its
/// structured data: [`PageData`]), or when the comments
/// hold prose and what lies outside them holds less than
/// [`THREAD_ALONE`] characters of it: comments with no article to
/// comment on are the thread itself. Returns whether the page is a
/// forum's.
pub(super) fn read_comment_words(stats: &mut Stats, rules: Rules) -> bool {
    let forum = rules.has(Rules::FORUMS)
        && (stats.page_data.thread
            || stats.hints.iter().any(|h| h & hints::WORD_FORUM != 0)
            || (!stats.page_data.product && is_thread_alone(stats)));
    for hints in &mut stats.hints {
        if *hints & hints::WORD_COMMENT != 0 && !forum {
            *hints |= WORD_BOILERPLATE;
        }
    }
    forum
}

/// Adds what the `head` beside the content root says of the page
/// ([`read_page_data`]) to `data`; the statistics pass reads the
/// scripts inside the root.
pub(super) fn read_head_data<A: DomAdapter>(dom: &A, root: A::Node, data: &mut PageData) {
    let is_element = |node: A::Node| dom.kind(node) == NodeKind::Element;
    let Some(html) = dom.parent(root) else {
        return;
    };
    for head in dom
        .children(html)
        .filter(|&node| is_element(node) && dom.element_name(node).eq_ignore_ascii_case("head"))
    {
        // tl reports `meta` in `head` as `Other`, with its name and
        // attributes.
        for node in dom
            .children(head)
            .filter(|&node| matches!(dom.kind(node), NodeKind::Element | NodeKind::Other))
        {
            read_page_data(dom, node, data);
        }
    }
}

/// Whether an element with these hints holds a product's customer
/// reviews ([`Rules::FORUMS`]): a comment word (`reviews`,
/// `product-reviews`) without a content word or marker, on a page whose
/// structured data says it sells a product ([`PageData`]).
/// Nothing inside is a candidate for the container: readers' words about
/// the product, however many, are not the page's account of it (a
/// guitar's page whose specifications are a list, and whose reviews are
/// paragraphs). On other pages a comment word may be wrong (old
/// Reddit's `commentarea` holds the thread that is the page).
pub(super) fn is_customer_reviews(stats: &Stats, hints: Hints, rules: Rules) -> bool {
    rules.has(Rules::FORUMS)
        && stats.page_data.product
        && hints & hints::WORD_COMMENT != 0
        && hints & (MARKER_ARTICLE | MARKER_MAIN | MARKER_BODY) == 0
        && is_surely_boilerplate(hints, rules)
}

/// Less prose than this outside the comments (four short paragraphs) is
/// no article: the comments are the page's content.
const THREAD_ALONE: u32 = 4 * stats::PROSE_CHARS;

/// Whether the page's comments hold prose and the rest of it holds less
/// than [`THREAD_ALONE`] (see [`read_comment_words`]).
fn is_thread_alone(stats: &Stats) -> bool {
    let mut in_comments = 0u32;
    let mut i = 1;
    while i < stats.len() {
        if stats.hints[i] & hints::WORD_COMMENT != 0 {
            in_comments = in_comments.saturating_add(stats.prose[i]);
            i = stats.end[i] as usize;
        } else {
            i += 1;
        }
    }
    in_comments > 0 && stats.prose[0].saturating_sub(in_comments) < THREAD_ALONE
}

/// A hidden element that holds more than half the page's prose is not
/// hidden from the reader: a script shows it once the page has loaded (a
/// React stream's `<div hidden id="S:0">` waiting to be moved into place,
/// a shop's gate around the whole product, a fade-in). Left hidden, the
/// page's content would be lost and a stray block chosen instead.
pub(super) fn read_hidden_bulk(stats: &mut Stats) {
    let page = stats.prose[0];
    for i in 1..stats.len() {
        if stats.hints[i] & HIDDEN != 0 && stats.prose[i] * 2 > page {
            stats.hints[i] &= !HIDDEN;
        }
    }
}

/// Marks [`PLACEHOLDER`] the elements whose text is mostly placeholder
/// and whose other text holds no prose paragraph: a `main` around both
/// the filler's section and the article is not one
/// ([`Rules::PLACEHOLDERS`]). Nothing is marked when the page's other
/// prose is less than [`THREAD_ALONE`], four short paragraphs: a
/// template's preview shows nothing but its filler.
pub(super) fn read_placeholders(stats: &mut Stats) {
    let filler = stats.placeholder[0];
    if filler == 0 || stats.prose[0].saturating_sub(filler) < THREAD_ALONE {
        return;
    }
    for i in 1..stats.len() {
        let filler = stats.placeholder[i];
        if filler.saturating_mul(2) > stats.text[i]
            && stats.prose[i].saturating_sub(filler) < stats::PROSE_CHARS
        {
            stats.hints[i] |= PLACEHOLDER;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::is_product_type;

    #[test]
    fn open_graph_types_of_products() {
        for kind in [
            "product",
            " Product ",
            "og:product",
            "product.item",
            "product.group",
        ] {
            assert!(is_product_type(kind), "{kind}");
        }
        for kind in [
            "article",
            "website",
            "products",
            "productivity.app",
            "prod",
            "",
            "og:",
        ] {
            assert!(!is_product_type(kind), "{kind}");
        }
    }
}
