//! The tests of [`super`]: class and id words.

use super::*;

#[test]
fn a_control_that_puts_a_product_in_the_cart_says_the_page_sells() {
    for (class, id) in [
        ("btn add-to-cart", ""),
        ("product-addtocart-button", ""),
        ("js-add_to_cart", ""),
        ("AddToBag", ""),
        ("", "add-to-cart-button"),
        ("", "addToCart"),
    ] {
        assert_ne!(word_hints(class, id) & SELLS, 0, "{class:?} {id:?}");
    }
    // A cart itself, a bag or a word that only holds the letters: no
    // control that adds to it.
    for (class, id) in [
        ("mini-cart", ""),
        ("cart-count", ""),
        ("shopping-bag", ""),
        ("", "cart"),
        ("add-to-wishlist", ""),
        ("cartoon-strip", ""),
    ] {
        assert_eq!(word_hints(class, id) & SELLS, 0, "{class:?} {id:?}");
    }
}

#[test]
fn the_automaton_finds_what_contains_finds() {
    for class in [
        "post-share-bar",
        "sidebar-widget comments",
        "entry-content forum",
        "elementor-widget-heading",
        "pagination pager nav",
        "xsocialx promo-box trending",
        "",
        "plain",
    ] {
        assert_eq!(
            words_inside(class),
            list_hints(|list| list.iter().any(|word| class.contains(word))),
            "{class}"
        );
    }
}

#[test]
fn a_boilerplate_word_qualifies_a_content_word_of_its_own_name() {
    for class in [
        "related-posts",
        "jp-relatedposts",
        "recent-posts-wrapper",
        "article-share",
    ] {
        let hints = class_hints(class);
        assert_ne!(hints & WORD_BOILERPLATE, 0, "{class}");
        assert_eq!(hints & WORD_CONTENT, 0, "{class}");
    }
    // A content word of another name is still heard.
    let hints = class_hints("post-content share-enabled");
    assert_ne!(hints & WORD_BOILERPLATE, 0);
    assert_ne!(hints & WORD_CONTENT, 0);
}

#[test]
fn words_of_class_and_id() {
    assert_eq!(word_hints("share-bar", ""), WORD_BOILERPLATE);
    assert_eq!(
        word_hints("", "comments"),
        WORD_COMMENT,
        "boilerplate unless the page is a forum's"
    );
    assert_eq!(word_hints("comment-list", ""), WORD_COMMENT);
    assert_eq!(
        word_hints("elementor-widget elementor-widget-heading", ""),
        WORD_FURNITURE | WORD_WIDGET
    );
    assert_eq!(word_hints("forum-wrap", ""), WORD_FORUM);
    assert_eq!(word_hints("product-reviews", ""), WORD_COMMENT);
    assert_eq!(word_hints("", "reviews"), WORD_COMMENT);
    assert_eq!(
        word_hints("review-body", ""),
        WORD_CONTENT,
        "one review is an article"
    );
    assert_eq!(word_hints("advert slot", ""), WORD_BOILERPLATE);
    assert_eq!(
        word_hints("container--section-more-ads", ""),
        0,
        "an ad slot's wrapper holds the page's entries"
    );
    assert_eq!(word_hints("header", ""), WORD_FURNITURE);
    assert_eq!(
        word_hints("px-4 lg:pt-[var(--banner-height)]", ""),
        0,
        "an arbitrary value names a CSS variable, not the block"
    );
    assert_eq!(word_hints("md:flex site-menu", ""), WORD_FURNITURE);
    assert_eq!(
        word_hints("col no-extra-padding", ""),
        0,
        "a modifier says what the block lacks, not what it is"
    );
    assert_eq!(word_hints("layout has-sidebar", ""), 0);
    assert_eq!(word_hints("grid hide-read-more-ad", ""), 0);
    assert_eq!(word_hints("nothing-extra", ""), WORD_FURNITURE);
    assert_eq!(
        word_hints("nav-links no-print", ""),
        WORD_FURNITURE,
        "a block left out of print is furniture"
    );
    assert_eq!(word_hints("sidebar with-ads", ""), WORD_FURNITURE);
    assert_eq!(word_hints("pagefooter", ""), WORD_FURNITURE);
    assert_eq!(word_hints("headerlink", ""), 0);
    assert_eq!(word_hints("subheaders jumptargets", ""), 0);
    assert_eq!(word_hints("", "subheader"), 0);
    assert_eq!(word_hints("site-nav", ""), WORD_FURNITURE);
    assert_eq!(
        word_hints("canvas shadow", ""),
        0,
        "nav and ad only as tokens"
    );
    assert_eq!(
        word_hints("article-header", ""),
        WORD_FURNITURE | WORD_CONTENT | WORD_PART
    );
    assert_eq!(word_hints("entry-content", "post-12"), WORD_CONTENT);
    assert_eq!(word_hints("", "table-readsharedmemory-fields"), 0);
    assert_eq!(word_hints("", "related"), WORD_BOILERPLATE);
}

#[test]
fn parts_named_after_their_block() {
    for class in [
        "entry-header",
        "post-footer",
        "article__meta",
        "blog-article__breadcrumbs",
    ] {
        assert_ne!(word_hints(class, "") & WORD_PART, 0, "{class}");
    }
    for class in [
        // No content word: furniture as it was.
        "site-header",
        // The last word is content, or no furniture.
        "header-content",
        "post-title",
        // A card's own header and footer, a style of text, more of the
        // content, a page builder's widget.
        "article-card__footer",
        "rf-ccard-content-header",
        "wt-text-caption",
        "story-body-supplemental",
        "entry-content-widget",
    ] {
        assert_eq!(word_hints(class, "") & WORD_PART, 0, "{class}");
    }
    // Only a class name's words: an id is read by whole words.
    assert_eq!(word_hints("", "entry-header") & WORD_PART, 0);
}

#[test]
fn author_boxes() {
    for class in [
        "author-bio",
        "authorBio",
        "cs-entry__author-info",
        "about-the-author",
        "entry-author-profile",
    ] {
        assert_ne!(word_hints(class, "") & WORD_BOILERPLATE, 0, "{class}");
    }
    for class in ["entry-author", "post-author", "authoring-tools"] {
        assert_eq!(word_hints(class, "") & WORD_BOILERPLATE, 0, "{class}");
    }
}

#[test]
fn consent_banners() {
    assert_ne!(word_hints("", "onetrust-consent-sdk") & WORD_CONSENT, 0);
    assert_ne!(word_hints("cookie-notice", "") & WORD_CONSENT, 0);
    assert_ne!(word_hints("cookie-notice", "") & WORD_BOILERPLATE, 0);
}

/// [`id_hints`] as it read the lists before [`id_words`]: each token
/// compared with the lists of whole tokens, then looked up among the
/// words as it is and without its `s`; split as bytes.
fn id_hints_list_by_list(id: &str) -> Hints {
    let id = lowercase(id);
    let mut words: FxHashMap<&str, Hints> = FxHashMap::default();
    for (list, hint) in WORD_LISTS {
        for &word in list {
            *words.entry(word).or_insert(0) |= hint;
        }
    }
    let mut hints = 0;
    let tokens = id
        .as_bytes()
        .split(|b| !b.is_ascii_alphanumeric())
        .filter(|token| !token.is_empty())
        .filter_map(|token| std::str::from_utf8(token).ok());
    for token in tokens.filter(|token| !token.bytes().all(|b| b.is_ascii_digit())) {
        hints |= token_hints(token);
        let singular = token.strip_suffix('s').unwrap_or(token);
        hints |= words.get(token).copied().unwrap_or(0) | words.get(singular).copied().unwrap_or(0);
    }
    if names_cart(&id) {
        hints |= SELLS;
    }
    hints & !PANEL_WORD
}

/// Every word the lists hold, whole, in the plural, inside a longer
/// token, between separators, in capitals.
fn id_samples() -> Vec<String> {
    let mut ids = Vec::new();
    let lists = WORD_LISTS.iter().chain(WHOLE_TOKENS.iter());
    for &(list, _) in lists {
        for &word in list {
            ids.extend([
                word.to_owned(),
                format!("{word}s"),
                format!("{word}ss"),
                format!("site-{word}"),
                format!("{word}_2-wrapper"),
                format!("x{word}"),
                format!("sub{word}s"),
                word.to_uppercase(),
                format!("{}s", &word[..word.len() - 1]),
            ]);
        }
    }
    ids
}

#[test]
fn an_ids_words_in_one_table_are_the_lists_read_one_by_one() {
    for id in id_samples() {
        assert_eq!(id_hints(&id), id_hints_list_by_list(&id), "{id}");
    }
    for id in [
        "subheader",
        "page-headers",
        "nav2",
        "s",
        "",
        "--",
        "é-nav-é",
        "comment-1065466",
    ] {
        assert_eq!(id_hints(id), id_hints_list_by_list(id), "{id}");
    }
    assert_ne!(id_hints("comments"), 0);
    assert_ne!(id_hints("site-nav"), 0);
    assert_eq!(
        id_hints("site-navs"),
        0,
        "a whole token of a short list, not its plural"
    );
}

proptest::proptest! {
    /// The same hints for any id, however it is spelled.
    #[test]
    fn an_ids_hints_are_the_lists_hints(id in "[a-zA-Z0-9 _é-]{0,24}") {
        proptest::prop_assert_eq!(id_hints(&id), id_hints_list_by_list(&id));
    }
}
