//! Provenance (SPEC §7: heading path, anchor, offsets) and normalized
//! whitespace (SPEC §3.1), on every compiled backend.

use conformance::split_all;
use html_splitter::{Backend, Splitter, SplitterConfig, Whitespace};

/// Each chunk as (text, heading path, anchor), on every backend, which must
/// agree.
fn provenance(splitter: &Splitter, html: &str) -> Vec<(String, Vec<String>, Option<String>)> {
    let mut reference = None;
    for (backend, chunks) in split_all(splitter, html) {
        let got: Vec<_> = chunks
            .iter()
            .map(|chunk| {
                (
                    chunk.text.to_owned(),
                    chunk.provenance.heading_path.to_vec(),
                    chunk.provenance.anchor.map(str::to_owned),
                )
            })
            .collect();
        match &reference {
            None => reference = Some(got),
            Some(expected) => assert_eq!(expected, &got, "{backend} differs"),
        }
    }
    reference.unwrap_or_default()
}

fn path_of_last(splitter: &Splitter, html: &str) -> Vec<String> {
    provenance(splitter, html)
        .pop()
        .map(|(_, path, _)| path)
        .unwrap_or_default()
}

/// One chunk, whitespace as authored.
fn whole() -> Splitter {
    Splitter::builder(usize::MAX)
        .whitespace(Whitespace::Preserve)
        .build()
        .expect("valid")
}

/// One chunk per heading and paragraph, whitespace as authored.
fn by_paragraph() -> Splitter {
    Splitter::builder(1)
        .whitespace(Whitespace::Preserve)
        .never_break_within(["h1", "h2", "h3", "p"])
        .build()
        .expect("valid")
}

#[test]
fn spec_examples_of_heading_paths() {
    let splitter = by_paragraph();
    assert_eq!(
        path_of_last(
            &splitter,
            "<emu-clause><h1>A</h1><h2>Syntax</h2><p>s</p><emu-clause><h1>B</h1><p>x</p></emu-clause></emu-clause>"
        ),
        ["A", "B"]
    );
    assert_eq!(
        path_of_last(
            &splitter,
            "<h1>Doc</h1><h2>Flat</h2><section><h3>Sub</h3><p>x</p></section>"
        ),
        ["Doc", "Flat", "Sub"]
    );
    assert_eq!(
        path_of_last(
            &splitter,
            "<h3>Navigation</h3><p>n</p><section><h1>T</h1><p>x</p></section>"
        ),
        ["T"]
    );
}

/// Nested ecmarkup clauses, as ECMA-262 writes them: every clause's `h1`,
/// outermost first, then the `h2`s of the innermost clause that precede the
/// chunk; an outer clause's `h2` never leaks into a nested clause.
#[test]
fn nested_ecmarkup_clauses() {
    let html = r#"
      <emu-clause id="sec-indexed-collections">
        <h1><span class="secnum">23</span> Indexed   Collections</h1>
        <p>Intro of 23.</p>
        <emu-clause id="sec-array-objects">
          <h1><span class="secnum">23.1</span> Array Objects</h1>
          <h2>Syntax</h2>
          <p>Array syntax.</p>
          <emu-clause id="sec-array.prototype.map">
            <h1><span class="secnum">23.1.3.21</span> Array.prototype.map ( <var>callbackfn</var> [ , <var>thisArg</var> ] )</h1>
            <p>Map intro.</p>
            <h2>Note</h2>
            <p id="map-note">Map note.</p>
            <p>After the note.</p>
          </emu-clause>
          <p>Back in 23.1.</p>
        </emu-clause>
      </emu-clause>
      <emu-annex id="sec-annex"><h1>A Grammar Summary</h1><p>Annex text.</p></emu-annex>"#;
    let got = provenance(&by_paragraph(), html);
    let find = |text: &str| {
        got.iter()
            .find(|(chunk, _, _)| chunk == text)
            .cloned()
            .unwrap_or_else(|| panic!("no chunk {text:?} in {got:?}"))
    };
    let map = "23.1.3.21 Array.prototype.map ( callbackfn [ , thisArg ] )";
    assert_eq!(
        find("23 Indexed   Collections"),
        (
            "23 Indexed   Collections".to_owned(),
            vec!["23 Indexed Collections".to_owned()],
            Some("sec-indexed-collections".to_owned())
        )
    );
    assert_eq!(
        find("Array syntax.").1,
        ["23 Indexed Collections", "23.1 Array Objects", "Syntax"]
    );
    let (_, path, anchor) = find("Map intro.");
    assert_eq!(path, ["23 Indexed Collections", "23.1 Array Objects", map]);
    assert_eq!(anchor.as_deref(), Some("sec-array.prototype.map"));
    let (_, path, anchor) = find("Map note.");
    assert_eq!(
        path,
        ["23 Indexed Collections", "23.1 Array Objects", map, "Note"]
    );
    assert_eq!(anchor.as_deref(), Some("map-note"));
    // Not inside an element with an id other than the clause.
    assert_eq!(
        find("After the note.").2.as_deref(),
        Some("sec-array.prototype.map")
    );
    let (_, path, anchor) = find("Back in 23.1.");
    assert_eq!(
        path,
        ["23 Indexed Collections", "23.1 Array Objects", "Syntax"]
    );
    assert_eq!(anchor.as_deref(), Some("sec-array-objects"));
    let (_, path, anchor) = find("Annex text.");
    assert_eq!(path, ["A Grammar Summary"]);
    assert_eq!(anchor.as_deref(), Some("sec-annex"));
}

/// Sphinx and DocBook manuals: headings in plain `div`s nest by rank alone.
#[test]
fn flat_headings_nest_by_rank() {
    let html = "<div><h1>Manual</h1><p>a</p><div><h2>Install</h2><p>b</p>\
                <div><h3>Linux</h3><p>c</p></div><div><h3>Mac</h3><p>d</p></div></div>\
                <div><h2>Use</h2><p>e</p></div><h1>Appendix</h1><h3>Deep</h3><p>f</p></div>";
    let paths: Vec<(String, Vec<String>)> = provenance(&by_paragraph(), html)
        .into_iter()
        .map(|(text, path, _)| (text, path))
        .collect();
    let path_of = |text: &str| {
        paths
            .iter()
            .find(|(chunk, _)| chunk == text)
            .map(|(_, path)| path.clone())
            .unwrap_or_else(|| panic!("no chunk {text:?}"))
    };
    assert_eq!(path_of("a"), ["Manual"]);
    assert_eq!(path_of("c"), ["Manual", "Install", "Linux"]);
    assert_eq!(path_of("d"), ["Manual", "Install", "Mac"]);
    assert_eq!(path_of("e"), ["Manual", "Use"]);
    assert_eq!(path_of("f"), ["Appendix", "Deep"]);
}

#[test]
fn chunks_starting_in_a_heading_before_any_heading_and_before_any_id() {
    let html = "<p>Preface.</p><h2 id=\"one\">One</h2><p>Body.</p>";
    let got = provenance(&by_paragraph(), html);
    assert_eq!(
        got,
        [
            ("Preface.".to_owned(), vec![], None),
            (
                "One".to_owned(),
                vec!["One".to_owned()],
                Some("one".to_owned())
            ),
            (
                "Body.".to_owned(),
                vec!["One".to_owned()],
                Some("one".to_owned())
            ),
        ]
    );
    // One chunk that begins with a heading is inside its section.
    let merged = provenance(&whole(), html);
    assert_eq!(merged[0].1, Vec::<String>::new());
    let merged = provenance(&whole(), "<h2>One</h2><p>Body.</p>");
    assert_eq!(merged[0].1, ["One"]);
}

#[test]
fn anchors() {
    let splitter = by_paragraph();
    let anchors = |html: &str| -> Vec<Option<String>> {
        provenance(&splitter, html)
            .into_iter()
            .map(|(_, _, anchor)| anchor)
            .collect()
    };
    // Innermost containing element with an id.
    assert_eq!(
        anchors("<div id=outer><p>a</p><p id=inner>b <span id=deep>c</span></p></div>"),
        [Some("outer".to_owned()), Some("inner".to_owned())]
    );
    // Else the last element with an id that starts before: an empty named
    // anchor lands the reader right before the text.
    assert_eq!(
        anchors("<p>a</p><a id=mark></a><p>b</p><p>c<span id=later>d</span></p>"),
        [None, Some("mark".to_owned()), Some("mark".to_owned())]
    );
    // An id on <body> or <html> contains every chunk; an empty id is none.
    assert_eq!(
        anchors("<html id=top><body><p id=\"\">a</p></body></html>"),
        [Some("top".to_owned())]
    );
}

/// A `<body>` or `<html>` tag that comes after the element was created
/// (implied by earlier content, or from an earlier tag) adds its attributes
/// to it, as the HTML standard says: every backend gives the same chunks
/// with the same offsets, heading paths and anchors, and the late `id` is
/// the anchor.
#[test]
fn late_body_and_html_tags_give_their_ids() {
    let splitter = by_paragraph();
    let cases: [(&str, &[Option<&str>]); 5] = [
        // Content before `<head>` implies the body (as on some news sites);
        // the late `<head>` is dropped and its title is body content.
        (
            "<html id=page><div>banner</div><head id=h><title>T</title></head>\
             <body id=late class=x><h1>Title</h1><p>x</p></body></html>",
            &[Some("late"), Some("late"), Some("late"), Some("late")],
        ),
        // A conditional comment hides the first `<body>`; body content
        // before the real one implies the body.
        (
            "<html id=page><head><title>T</title></head><!--[if IE]><body id=ie><![endif]-->\
             <p>early</p><body id=late><p>x</p>",
            &[Some("late"), Some("late")],
        ),
        // An explicit body without an id, and a later tag that has one.
        (
            "<body><p>a</p><body id=b class=c><p>b</p>",
            &[Some("b"), Some("b")],
        ),
        // Text before `<html>`: the html element is implied, its tag's id
        // still lands on it.
        ("x<html id=h><p>y</p>", &[Some("h"), Some("h")]),
        // An element's own attribute wins over a later tag's.
        ("<body id=first><p>a</p><body id=second>", &[Some("first")]),
    ];
    for (html, expected) in cases {
        let mut reference = None;
        for (backend, chunks) in split_all(&splitter, html) {
            let got: Vec<_> = chunks
                .iter()
                .map(|chunk| {
                    (
                        chunk.text.to_owned(),
                        chunk.provenance.start_index,
                        chunk.provenance.end_index,
                        chunk.provenance.heading_path.to_vec(),
                        chunk.provenance.anchor.map(str::to_owned),
                    )
                })
                .collect();
            let anchors: Vec<Option<&str>> = got.iter().map(|c| c.4.as_deref()).collect();
            assert_eq!(anchors, expected, "{backend} on {html}");
            match &reference {
                None => reference = Some(got),
                Some(first) => assert_eq!(first, &got, "{backend} differs on {html}"),
            }
        }
    }
}

#[test]
fn offsets_are_in_unicode_scalar_values() {
    let html = "<p>héllo 🦀</p><p>日本語</p><p>e\u{301}nd</p>";
    for (backend, chunks) in split_all(&by_paragraph(), html) {
        let text: Vec<char> = chunks.canonical_text().chars().collect();
        let spans: Vec<(usize, usize)> = chunks
            .iter()
            .map(|chunk| (chunk.provenance.start_index, chunk.provenance.end_index))
            .collect();
        assert_eq!(spans, [(0, 7), (8, 11), (12, 16)], "{backend}");
        for chunk in &chunks {
            let slice: String = text[chunk.provenance.start_index..chunk.provenance.end_index]
                .iter()
                .collect();
            assert_eq!(slice, chunk.text, "{backend}");
        }
    }
}

#[test]
fn documents_carry_provenance_and_parts() {
    let splitter = by_paragraph();
    let docs = vec![
        html_splitter::Document::new("<section id=s><h1>Title</h1><p>Body</p></section>")
            .with_metadata("source", "page.html"),
    ];
    let out = html_splitter::split_documents(&splitter, docs, Some("page: "))
        .expect("the default backend parses this input");
    let json: Vec<serde_json::Value> = out
        .iter()
        .map(|doc| serde_json::to_value(doc).expect("a document serialises"))
        .collect();
    assert_eq!(
        json[1],
        serde_json::json!({
            "pageContent": "page: Body",
            "metadata": {
                "source": "page.html",
                "partIndex": 1,
                "totalParts": 2,
                "startIndex": 6,
                "endIndex": 10,
                "headingPath": ["Title"],
                "anchor": "s",
                "size": 4,
                "prefixLength": 0,
                "suffixLength": 0,
                // The page's main heading is its title (SPEC §7.1, `basic`).
                "title": "Title"
            }
        })
    );
}

#[test]
fn documents_and_chunks_carry_the_size_in_the_sizers_unit() {
    let splitter = Splitter::builder(100)
        .build_with_sizer(html_splitter::Utf16)
        .expect("valid");
    let html = "<p>crab 🦀</p>";
    for backend in Backend::ALL {
        let chunks = backend.split(&splitter, html).expect("parses");
        let chunk = chunks.get(0).expect("one chunk");
        assert_eq!(
            (chunk.provenance.size, chunk.metadata().size),
            (7, 7),
            "{backend}"
        );
        let docs = chunks.to_documents(&serde_json::Map::new(), Some("header: "));
        assert_eq!(
            docs[0].metadata["size"], 7,
            "{backend}: the chunk's size, not its header's"
        );
    }
}

#[test]
fn a_chunk_serialises_with_camel_case_keys() {
    let chunks = html_splitter::split_html(&whole(), "<h1 id=t>T</h1><p>x</p>")
        .expect("the default backend parses this input");
    let chunk = chunks.get(0).expect("one chunk");
    assert_eq!(
        serde_json::to_value(&chunk).expect("a chunk serialises"),
        serde_json::json!({"text": "T\nx", "startIndex": 0, "endIndex": 3, "headingPath": ["T"], "anchor": "t", "size": 3, "prefixLength": 0, "suffixLength": 0})
    );
    assert_eq!(
        serde_json::to_value(chunk.metadata()).expect("metadata serialises"),
        serde_json::json!({"startIndex": 0, "endIndex": 3, "headingPath": ["T"], "anchor": "t", "size": 3, "prefixLength": 0, "suffixLength": 0})
    );
}

fn normalize(chunk_size: usize) -> Splitter {
    Splitter::builder(chunk_size)
        .whitespace(Whitespace::Normalize)
        .build()
        .expect("valid")
}

fn canonical(splitter: &Splitter, html: &str) -> String {
    let mut reference = None;
    for (backend, chunks) in split_all(splitter, html) {
        let text = chunks.canonical_text().to_owned();
        match &reference {
            None => reference = Some(text),
            Some(expected) => assert_eq!(expected, &text, "{backend} differs"),
        }
    }
    reference.unwrap_or_default()
}

#[test]
fn normalize_spec_examples() {
    let splitter = normalize(usize::MAX);
    assert_eq!(canonical(&splitter, "a <b> b</b>c"), "a bc");
    assert_eq!(canonical(&splitter, "<p>  a   b </p>  <p> c</p>"), "a b\nc");
    assert_eq!(
        canonical(
            &splitter,
            "<div>one\n   two<br>\n  three  <span> </span> four</div>"
        ),
        "one two\nthree four"
    );
    // Preserve mode keeps the authored whitespace inside a text node.
    assert_eq!(
        canonical(&whole(), "<p>  a   b </p>  <p> c</p>"),
        "  a   b \n c"
    );
}

#[test]
fn normalize_keeps_preformatted_text() {
    let splitter = normalize(usize::MAX);
    assert_eq!(
        canonical(
            &splitter,
            "<p>x   y</p><pre>  keep\n    this  </pre><p>a <textarea>t  \n t</textarea>  b</p>"
        ),
        "x y\n  keep\n    this  \na t  \n t b"
    );
}

#[test]
fn normalize_is_a_config_key() {
    let config = SplitterConfig::from_json(r#"{"chunkSize": 5, "whitespace": "normalize"}"#)
        .expect("valid config");
    assert_eq!(config.whitespace, Whitespace::Normalize);
    let err = SplitterConfig::from_json(r#"{"chunkSize": 5, "whitespace": "squash"}"#)
        .expect_err("an unknown mode is rejected");
    assert!(err.to_string().contains("squash"), "{err}");
}
