//! Content selection (SPEC §3.3): `include` and `exclude`, on every backend.

use conformance::split_all;
use html_splitter::{Splitter, SplitterConfig};

fn splitter(chunk_size: usize, configure: impl FnOnce(&mut SplitterConfig)) -> Splitter {
    let mut config = SplitterConfig::new(chunk_size);
    configure(&mut config);
    Splitter::new(config).expect("a valid config")
}

fn texts(splitter: &Splitter, html: &str) -> Vec<String> {
    let all = split_all(splitter, html);
    let (_, first) = &all[0];
    for (backend, chunks) in &all {
        assert_eq!(
            chunks.to_strings(),
            first.to_strings(),
            "[{backend}] {html}"
        );
    }
    first.to_strings()
}

#[test]
fn include_takes_the_outermost_matches_in_document_order_each_a_block() {
    let html = r#"<div class="c">outer <span class="c">nested</span> end</div>
        <p>left out</p><span class="c">second</span><section><b class="c">third</b></section>"#;
    let include = splitter(1000, |config| config.include = vec![".c".into()]);
    assert_eq!(texts(&include, html), ["outer nested end\nsecond\nthird"]);
}

#[test]
fn include_that_matches_nothing_gives_no_chunks_and_no_error() {
    let include = splitter(1000, |config| config.include = vec!["main".into()]);
    for (backend, chunks) in split_all(&include, "<p>Some text.</p>") {
        assert!(chunks.is_empty(), "[{backend}] {:?}", chunks.to_strings());
        assert_eq!(chunks.canonical_text(), "", "[{backend}]");
    }
}

#[test]
fn excluded_content_is_skipped_inside_a_protected_element() {
    let html = r#"<p>Intro.</p><div class="keep">Kept <span class="ad">Buy now</span>together
        <aside>aside</aside>here.</div><p>Outro.</p>"#;
    let keep = splitter(10, |config| {
        config.max_chunk_size = Some(40);
        config.never_break_within = vec![".keep".into()];
        config.exclude = vec![".ad".into(), "aside".into()];
    });
    assert_eq!(
        texts(&keep, html),
        ["Intro.", "Kept together here.", "Outro."]
    );
}

#[test]
fn headings_and_ids_of_left_out_content_are_not_seen() {
    let html = r#"<nav id="menu"><h1>Menu</h1><a>Home</a></nav>
        <main id="content"><h2 id="guide">Guide</h2><p>Body.</p></main>
        <footer id="foot"><h2>Footer</h2><p>(c)</p></footer>"#;
    let exclude = splitter(1000, |config| {
        config.exclude = vec!["nav".into(), "footer".into()];
    });
    for (backend, chunks) in split_all(&exclude, html) {
        let chunk = chunks.get(0).expect("one chunk");
        assert_eq!(chunk.text, "Guide\nBody.", "[{backend}]");
        assert_eq!(
            chunk.provenance.heading_path.to_vec(),
            ["Guide"],
            "[{backend}]"
        );
        assert_eq!(chunk.provenance.anchor, Some("guide"), "[{backend}]");
    }
    // With include, ids outside the included roots (here an ancestor) are
    // not seen either.
    let html = r#"<div id="page"><h1>Site</h1><article><p>Only this.</p></article></div>"#;
    let include = splitter(1000, |config| config.include = vec!["article".into()]);
    for (backend, chunks) in split_all(&include, html) {
        let chunk = chunks.get(0).expect("one chunk");
        assert_eq!(chunk.text, "Only this.", "[{backend}]");
        assert!(
            chunk.provenance.heading_path.is_empty(),
            "[{backend}] {:?}",
            chunk.provenance.heading_path
        );
        assert_eq!(chunk.provenance.anchor, None, "[{backend}]");
    }
}

#[test]
fn exclude_wins_over_include_and_nested_exclusions() {
    let html = r#"<main><p>a</p><div class="x"><main>inner</main></div><p>b</p></main>"#;
    let both = splitter(1000, |config| {
        config.include = vec!["main".into()];
        config.exclude = vec![".x".into()];
    });
    assert_eq!(texts(&both, html), ["a\nb"]);
}

#[test]
fn a_selector_that_does_not_parse_is_named() {
    for key in ["include", "exclude"] {
        let json = format!(r#"{{"chunkSize": 10, "{key}": ["main", "p::before"]}}"#);
        let config = SplitterConfig::from_json(&json).expect("the shape is right");
        let err = Splitter::new(config).expect_err("the selector is rejected");
        let message = err.to_string();
        assert!(
            message.contains("p::before") && message.contains(key),
            "{message}"
        );
    }
}

/// SPEC §3.3 skips an excluded element "as `script` is": the page splits as
/// it would with that element inside a `template` (skipped by §3) and no
/// `exclude`, whatever the element is: an excluded block is no block
/// boundary and no empty block between its neighbours (`d <nav>x</nav> e`
/// is `d e`, as `d <script>x</script> e` is). This is the reading checked
/// on the web corpus's qq.html, whose excluded `div[role=navigation]`,
/// `form` and `div[role=contentinfo]` give the same 3 chunks as that page
/// with the three inside `template`s.
#[test]
fn an_excluded_element_splits_as_if_it_were_a_template() {
    let pages = [
        (
            "<div>d <nav>x</nav> e</div><div>a<span>b</span><aside>x</aside>c</div>",
            "<div>d <template><nav>x</nav></template> e</div>\
             <div>a<span>b</span><template><aside>x</aside></template>c</div>",
        ),
        (
            r#"<ul><li>one</li><li role="navigation">menu</li><li>two</li></ul>
               <p>before</p><form><p>field</p></form><p>after</p>"#,
            r#"<ul><li>one</li><template><li role="navigation">menu</li></template><li>two</li></ul>
               <p>before</p><template><form><p>field</p></form></template><p>after</p>"#,
        ),
    ];
    let exclude = splitter(12, |config| {
        config.separators = vec!["li".into(), "p".into()];
        config.exclude = vec![
            "nav".into(),
            "aside".into(),
            "form".into(),
            "[role=navigation]".into(),
        ];
    });
    let plain = splitter(12, |config| {
        config.separators = vec!["li".into(), "p".into()]
    });
    for (excluded, templated) in pages {
        assert_eq!(
            texts(&exclude, excluded),
            texts(&plain, templated),
            "{excluded}"
        );
    }
    assert_eq!(texts(&exclude, pages[0].0), ["d e\nabc"]);
}

/// Python 3.11's Sphinx `library/nntplib.html` (issue 35, item 4) nests a
/// `p` in a `p`: the inner one closes the outer, and the stray `</p>` after
/// it inserts an empty `p`. That empty `p` is a separator, so it starts a
/// group: tl built no element for the stray end tag and gave one chunk
/// fewer.
#[test]
fn a_stray_end_tag_is_read_as_the_standard_reads_it_on_every_backend() {
    let html = r#"<div class="body"><dl><dd>
        <p class="audit-hook"><p>All commands raise an auditing event.</p>
        </p>
        <div class="versionchanged"><p>Changed in version 3.2: usenetrc is False.</p></div>
        <div class="versionchanged"><p>Changed in version 3.3: with statement.</p></div>
        </dd></dl><a class="headerlink">¶</a></div>
        <div class="sphinxsidebar">Sidebar</div>"#;
    let sphinx = splitter(60, |config| {
        config.max_chunk_size = Some(90);
        config.separators = vec!["p".into(), "li".into()];
        config.include = vec!["div.body".into()];
        config.exclude = vec!["a.headerlink".into(), "div.sphinxsidebar".into()];
    });
    assert_eq!(
        texts(&sphinx, html),
        [
            "All commands raise an auditing event.",
            "Changed in version 3.2: usenetrc is False.\nChanged in version 3.3: with statement."
        ]
    );
    // `</br>` is a line break.
    let plain = splitter(100, |_| {});
    assert_eq!(texts(&plain, "<p>one</br>two</p>"), ["one\ntwo"]);
}
