//! Page metadata (SPEC §7.1): each source and their precedence, malformed
//! and hostile structured data, the same on every backend; and the facts
//! never change the chunks.

use html_splitter::{Backend, PageMetadata, PageMetadataMode, Splitter, SplitterConfig};
use proptest::prelude::*;

fn splitter(mode: PageMetadataMode) -> Splitter {
    Splitter::new(SplitterConfig {
        page_metadata: mode,
        ..SplitterConfig::new(200)
    })
    .expect("valid config")
}

/// The page's facts with `full`, asserted equal on every backend.
fn facts(html: &str) -> PageMetadata {
    let splitter = splitter(PageMetadataMode::Full);
    let mut found: Option<PageMetadata> = None;
    for &backend in Backend::ALL {
        let chunks = backend
            .split(&splitter, html)
            .expect("the backend parses this input");
        let page = chunks.page_metadata().clone();
        if let Some(first) = &found {
            assert_eq!(&page, first, "[{backend}] {html}");
        }
        found = Some(page);
    }
    found.expect("a backend")
}

#[test]
fn the_head_gives_title_description_language_and_url() {
    let page = facts(
        r#"<!doctype html><html lang="pt-BR"><head>
        <title>Tide pools | Field Notes</title>
        <meta name="description" content="What lives between the tides.">
        <meta property="og:site_name" content="Field Notes">
        <link rel="canonical" href="https://example.org/tide-pools">
        </head><body><p>Text.</p></body></html>"#,
    );
    assert_eq!(page.title.as_deref(), Some("Tide pools"));
    assert_eq!(
        page.description.as_deref(),
        Some("What lives between the tides.")
    );
    assert_eq!(page.language.as_deref(), Some("pt-BR"));
    assert_eq!(page.site_name.as_deref(), Some("Field Notes"));
    assert_eq!(page.url.as_deref(), Some("https://example.org/tide-pools"));
    assert_eq!(page.author, None);
    assert_eq!(page.published, None);
}

#[test]
fn open_graph_twitter_and_dublin_core_fill_in() {
    let page = facts(
        r#"<head><meta property="og:title" content="Tide pools">
        <meta name="twitter:description" content="A guide.">
        <meta property="og:locale" content="en_GB">
        <meta name="DC.creator" content="Ana Lima">
        <meta name="DC.date" content="2024-05-02">
        <meta property="og:url" content="https://example.org/a"></head><p>x</p>"#,
    );
    assert_eq!(page.title.as_deref(), Some("Tide pools"));
    assert_eq!(page.description.as_deref(), Some("A guide."));
    assert_eq!(page.language.as_deref(), Some("en-GB"));
    assert_eq!(page.author.as_deref(), Some("Ana Lima"));
    assert_eq!(page.published.as_deref(), Some("2024-05-02"));
    assert_eq!(page.url.as_deref(), Some("https://example.org/a"));
}

#[test]
fn json_ld_comes_first_and_malformed_json_ld_is_ignored() {
    let page = facts(
        r#"<head><title>Old title - Site</title>
        <meta name="author" content="Meta Author">
        <meta property="article:published_time" content="2020-01-01">
        <script type="application/ld+json">{ not json </script>
        <script type="application/ld+json">{"@context":"https://schema.org","@graph":[
          {"@type":"WebSite","name":"Field Notes"},
          {"@type":"NewsArticle","headline":"Tide pools &amp; you",
           "author":[{"@type":"Person","name":"Ana Lima"},{"name":"Ben Ode"}],
           "datePublished":"2024-05-02T08:00:00+02:00","publisher":{"name":"Notes Inc"}}]}
        </script></head><body><p>x</p></body>"#,
    );
    assert_eq!(page.title.as_deref(), Some("Tide pools & you"));
    assert_eq!(page.author.as_deref(), Some("Ana Lima, Ben Ode"));
    assert_eq!(page.published.as_deref(), Some("2024-05-02T08:00:00+02:00"));
    assert_eq!(page.site_name.as_deref(), Some("Notes Inc"));
}

#[test]
fn microdata_and_the_visible_page_are_read_where_the_head_is_silent() {
    let page = facts(
        r#"<body><article itemscope itemtype="https://schema.org/Article">
        <h1 itemprop="headline">Tide pools</h1>
        <p class="byline">By <a rel="author" href="/ana">Ana Lima</a></p>
        <time datetime="2024-05-02">May 2</time>
        <p>Body text.</p></article></body>"#,
    );
    assert_eq!(page.title.as_deref(), Some("Tide pools"));
    assert_eq!(page.author.as_deref(), Some("Ana Lima"));
    assert_eq!(page.published.as_deref(), Some("2024-05-02"));
    let page = facts(
        r#"<h1>Tide pools</h1><div class="meta"><span>Published on March 3, 2023</span></div>
        <p>Body.</p>"#,
    );
    assert_eq!(page.title.as_deref(), Some("Tide pools"));
    assert_eq!(page.published.as_deref(), Some("2023-03-03"));
}

#[test]
fn the_main_heading_is_the_title_when_the_title_names_the_same_thing() {
    let page = facts(
        "<title>Best Moving Companies in New York (2025) – Top Local Movers</title>\
         <h1>Best Moving Companies in New York (2025)</h1><p>x</p>",
    );
    assert_eq!(
        page.title.as_deref(),
        Some("Best Moving Companies in New York (2025)")
    );
    // A heading that names something else is not the title.
    let page = facts("<title>Tide pools</title><h1>Menu</h1><p>x</p>");
    assert_eq!(page.title.as_deref(), Some("Tide pools"));
}

#[test]
fn a_fact_the_page_does_not_state_is_left_out() {
    let page = facts("<p>Just text.</p>");
    assert!(page.is_empty(), "{page:?}");
    assert_eq!(serde_json::to_string(&page).expect("JSON"), "{}");
    let relative = facts(r#"<link rel="canonical" href="/a"><p>x</p>"#);
    assert_eq!(relative.url, None, "a URL that is not absolute is left out");
}

#[test]
fn basic_gives_title_description_and_language_only() {
    let html = r#"<html lang="en"><head><title>T</title><meta name="description" content="D">
        <meta name="author" content="A"><meta property="og:site_name" content="S"></head><p>x</p>"#;
    for &backend in Backend::ALL {
        let chunks = backend
            .split(&splitter(PageMetadataMode::Basic), html)
            .expect("parses");
        let keys: Vec<&str> = chunks
            .page_metadata()
            .entries()
            .map(|(key, _)| key)
            .collect();
        assert_eq!(keys, ["title", "description", "language"], "[{backend}]");
        let none = backend
            .split(&splitter(PageMetadataMode::None), html)
            .expect("parses");
        assert!(none.page_metadata().is_empty(), "[{backend}]");
    }
}

#[test]
fn hostile_json_ld_is_ignored_without_a_panic() {
    let deep = "[".repeat(200_000);
    let long = "x".repeat(3 << 20);
    let wide = vec!["{\"@type\":\"Thing\"}"; 150_000].join(",");
    for json in [
        deep.as_str(),
        r#"{"@type":"Article","headline":"\ud800\udfff\ud800"}"#,
        r#"{"@type":"Article","headline":"bad \x escape"}"#,
        &format!(r#"{{"@type":"Article","headline":"{long}"}}"#),
        &format!("[{wide}]"),
    ] {
        let html = format!(
            r#"<title>Safe</title><script type="application/ld+json">{json}</script><p>x</p>"#
        );
        let page = facts(&html);
        assert!(
            page.title.as_deref() == Some("Safe") || page.title.as_deref() == Some(long.as_str()),
            "{:?}",
            page.title.as_deref().map(|title| title.len())
        );
    }
}

#[test]
fn the_config_key_is_validated() {
    let err = SplitterConfig::from_json(r#"{"chunkSize": 10, "pageMetadata": "some"}"#)
        .expect_err("an unknown value");
    assert_eq!(
        err.to_string(),
        r#"pageMetadata: expected "basic", "full" or "none", got "some""#
    );
    let config =
        SplitterConfig::from_json(r#"{"chunkSize": 10, "pageMetadata": "none"}"#).expect("valid");
    assert_eq!(config.page_metadata, PageMetadataMode::None);
}

fn page_strategy() -> impl Strategy<Value = String> {
    let head = prop::collection::vec(
        prop_oneof![
            "[a-zA-Z |-]{0,30}".prop_map(|t| format!("<title>{t}</title>")),
            "[a-z ]{0,20}".prop_map(|t| format!(r#"<meta name="description" content="{t}">"#)),
            "[a-z ]{0,20}".prop_map(|t| format!(r#"<meta name="author" content="{t}">"#)),
            "[a-z0-9:{}\\[\\]\",@ -]{0,60}"
                .prop_map(|t| format!(r#"<script type="application/ld+json">{t}</script>"#)),
            Just(r#"<html lang="en">"#.to_owned()),
        ],
        0..5,
    );
    let body = prop::collection::vec(
        prop_oneof![
            "[a-z ]{1,30}".prop_map(|t| format!("<p>{t}</p>")),
            "[a-z ]{1,20}".prop_map(|t| format!("<h1>{t}</h1>")),
            "[a-z ]{1,20}".prop_map(|t| format!(r#"<span class="byline">By {t}</span>"#)),
            Just(r#"<time datetime="2024-05-02">May 2</time>"#.to_owned()),
        ],
        0..6,
    );
    (head, body).prop_map(|(head, body)| format!("{}{}", head.concat(), body.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// SPEC §7.1: the facts are metadata only; the chunks are the same
    /// whatever `pageMetadata` is, on every backend, and the facts are the
    /// same on every backend.
    #[test]
    fn page_metadata_never_changes_the_chunks(html in page_strategy(), chunk_size in 5usize..80) {
        let config = |mode| SplitterConfig {
            page_metadata: mode,
            max_chunk_size: Some(chunk_size * 2),
            ..SplitterConfig::new(chunk_size)
        };
        let none = Splitter::new(config(PageMetadataMode::None)).expect("valid");
        let full = Splitter::new(config(PageMetadataMode::Full)).expect("valid");
        let mut pages = Vec::new();
        for &backend in Backend::ALL {
            let without = backend.split(&none, &html).expect("parses");
            let with = backend.split(&full, &html).expect("parses");
            prop_assert_eq!(without.texts().collect::<Vec<_>>(), with.texts().collect::<Vec<_>>());
            prop_assert_eq!(without.canonical_text(), with.canonical_text());
            prop_assert!(without.page_metadata().is_empty());
            pages.push(with.page_metadata().clone());
        }
        prop_assert!(pages.windows(2).all(|pair| pair[0] == pair[1]), "{:?}", pages);
    }
}

#[test]
fn documents_carry_the_facts_after_the_callers_keys() {
    let html = r#"<html lang="en"><title>Tide pools</title><meta name="description" content="D"><p>Body.</p>"#;
    let docs = vec![
        html_splitter::Document::new(html)
            .with_metadata("source", "a.html")
            .with_metadata("title", "Mine"),
    ];
    let out = html_splitter::split_documents(&splitter(PageMetadataMode::Basic), docs, None)
        .expect("splits");
    let metadata = &out[0].metadata;
    assert_eq!(metadata["title"], "Mine", "the caller's key wins");
    assert_eq!(metadata["description"], "D");
    assert_eq!(metadata["language"], "en");
    assert_eq!(metadata["source"], "a.html");
    assert!(
        !metadata.contains_key("author"),
        "a fact not stated is left out"
    );
    let out = html_splitter::split_documents(
        &splitter(PageMetadataMode::None),
        vec![html_splitter::Document::new(html)],
        None,
    )
    .expect("splits");
    assert!(!out[0].metadata.contains_key("description"));
}
