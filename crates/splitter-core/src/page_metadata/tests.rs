//! Tests of the public API ([`PageMetadata::extract_for`] and its modes),
//! and the pages the other files' tests build.

use super::*;
use crate::testing::ArenaDom;

#[test]
fn the_head_names_the_page() {
    let mut dom = ArenaDom::new();
    let html = dom.element(dom.document(), "html");
    dom.set_attribute(html, "lang", "en");
    let head = dom.element(html, "head");
    let title = dom.element(head, "title");
    dom.add_text(title, "Tide pools | Field Notes");
    let meta = dom.element(head, "meta");
    dom.set_attribute(meta, "property", "og:site_name");
    dom.set_attribute(meta, "content", "Field Notes");
    let page = PageMetadata::extract(&dom);
    assert_eq!(page.title.as_deref(), Some("Tide pools"));
    assert_eq!(page.language.as_deref(), Some("en"));
    assert_eq!(page.site_name.as_deref(), Some("Field Notes"));
    let basic = PageMetadata::extract_for(&dom, PageMetadataMode::Basic);
    assert_eq!(basic.site_name, None);
    assert_eq!(basic.title.as_deref(), Some("Tide pools"));
    assert!(PageMetadata::extract_for(&dom, PageMetadataMode::None).is_empty());
}

/// A page with `title` in its head and `body` built by `build`.
pub(super) fn page(title: &str, build: impl FnOnce(&mut ArenaDom, usize)) -> ArenaDom {
    let mut dom = ArenaDom::new();
    let html = dom.element(dom.document(), "html");
    let head = dom.element(html, "head");
    let title_element = dom.element(head, "title");
    dom.add_text(title_element, title);
    let body = dom.element(html, "body");
    build(&mut dom, body);
    dom
}

pub(super) fn full(dom: &ArenaDom) -> PageMetadata {
    PageMetadata::extract_for(dom, PageMetadataMode::Full)
}
