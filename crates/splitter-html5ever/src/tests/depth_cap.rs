//! Tests of the depth cap of [`splitter_driver::parse_with_sink`], through
//! this crate's tree.

use super::*;
use crate::sink::Sink;
use html5ever::parse_document;
use html5ever::tendril::TendrilSink;
use proptest::prelude::*;
use splitter_driver::tree_builder_opts;

/// The words of every text node, in document order.
fn words(dom: &Html5everDom) -> Vec<String> {
    preorder(dom)
        .into_iter()
        .filter(|&n| dom.kind(n) == NodeKind::Text)
        .flat_map(|n| {
            dom.text(n)
                .split_whitespace()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// html5ever's own driver's options, with scripting off as the backend's.
fn parse_opts() -> html5ever::ParseOpts {
    html5ever::ParseOpts {
        tree_builder: tree_builder_opts(),
        ..Default::default()
    }
}

/// The words the splitter sees: those of every text node outside the
/// elements it skips (`script`, `style`, `template`, in any namespace), in
/// document order.
fn visible_words(dom: &Html5everDom) -> Vec<String> {
    words_outside(dom, &["script", "style", "template"])
}

/// The words of every text node outside elements named in `skip`.
fn words_outside(dom: &Html5everDom, skip: &[&str]) -> Vec<String> {
    let mut words = Vec::new();
    let mut stack = vec![dom.document()];
    while let Some(node) = stack.pop() {
        match dom.kind(node) {
            NodeKind::Text => words.extend(dom.text(node).split_whitespace().map(str::to_owned)),
            NodeKind::Element if skip.contains(&dom.element_name(node)) => {}
            _ => {
                let mut children: Vec<NodeId> = dom.children(node).collect();
                children.reverse();
                stack.extend(children);
            }
        }
    }
    words
}

/// The text of the only child of the first `name` element.
fn text_of(dom: &Html5everDom, name: &str) -> String {
    let element = find_element(dom, name);
    let text = dom.first_child(element).expect("element has a child");
    assert_eq!(dom.next_sibling(text), None, "<{name}> has one child");
    dom.text(text).into_owned()
}

#[test]
fn shallow_documents_are_not_capped() {
    // One level below the cap: built exactly as html5ever builds it.
    let depth = MAX_DEPTH - 4;
    let html = format!("{}x{}", "<div>".repeat(depth), "</div>".repeat(depth));
    let dom = Html5everDom::parse(&html).expect("the parser does not fail on this input");
    walk_chain(&dom, depth);
    let plain = parse_document(Sink::default(), parse_opts()).one(html.as_str());
    assert_eq!(dump(&dom), dump(&plain));
    // One more level is dropped; its text stays.
    let html = format!(
        "{}x{}",
        "<div>".repeat(depth + 1),
        "</div>".repeat(depth + 1)
    );
    walk_chain(
        &Html5everDom::parse(&html).expect("the parser does not fail on this input"),
        depth,
    );
}

#[test]
fn raw_text_elements_beyond_the_cap_stay_raw() {
    on_small_stack(|| {
        let html = format!(
            "{}before <script>if (a < b) {{ hidden(); }}</script> \
             <style>p {{ hidden: 1 }}</style> \
             <textarea><b>not bold</b></textarea> \
             <noscript><i>not italic</i></noscript> \
             <title><u>not underlined</u></title> after{}",
            "<div>".repeat(600),
            "</div>".repeat(600)
        );
        let dom = Html5everDom::parse(&html).expect("the parser does not fail on this input");
        assert!(max_depth(&dom) <= MAX_DEPTH);
        assert_eq!(text_of(&dom, "script"), "if (a < b) { hidden(); }");
        assert_eq!(text_of(&dom, "style"), "p { hidden: 1 }");
        assert_eq!(text_of(&dom, "textarea"), "<b>not bold</b>");
        assert_eq!(text_of(&dom, "title"), "<u>not underlined</u>");
        // Scripting is off, so noscript content is markup (SPEC §3): beyond
        // the cap its tags are dropped like any others and its text stays.
        let words = visible_words(&dom);
        assert!(
            words.windows(2).any(|pair| pair == ["not", "italic"]),
            "{words:?}"
        );
        for name in ["b", "u"] {
            let found = preorder(&dom)
                .into_iter()
                .any(|n| dom.kind(n) == NodeKind::Element && dom.element_name(n) == name);
            assert!(!found, "<{name}> was parsed as markup");
        }
        // The script element sits inside the innermost div.
        let script = find_element(&dom, "script");
        let parent = dom.parent(script).expect("script has a parent");
        assert_eq!(dom.element_name(parent), "div");
        assert!(dom.children(parent).all(|n| dom.element_name(n) != "div"));
    });
}

#[test]
fn plaintext_beyond_the_cap_takes_the_rest() {
    let html = format!(
        "{}<plaintext><p>{}",
        "<div>".repeat(600),
        "</div>".repeat(3)
    );
    let dom = Html5everDom::parse(&html).expect("the parser does not fail on this input");
    assert_eq!(text_of(&dom, "plaintext"), "<p></div></div></div>");
}

#[test]
fn cdata_in_svg_beyond_the_cap_stays_text() {
    let html = format!(
        "{}<svg><g><![CDATA[<cdata> text]]></g></svg>{}",
        "<div>".repeat(600),
        "</div>".repeat(600)
    );
    let dom = Html5everDom::parse(&html).expect("the parser does not fail on this input");
    assert_eq!(text_of(&dom, "svg"), "<cdata> text");
    assert!(max_depth(&dom) <= MAX_DEPTH);
}

#[test]
fn foreign_nesting_of_exempt_elements_is_capped_too() {
    on_small_stack(|| {
        const DEPTH: usize = 100_000;
        for open in ["<svg>", "<svg><style>", "<math><script>", "<svg><textarea>"] {
            let html = format!("{}x", open.repeat(DEPTH));
            let dom = Html5everDom::parse(&html).expect("the parser does not fail on this input");
            assert!(
                max_depth(&dom) <= MAX_DEPTH + 17,
                "{open}: {}",
                max_depth(&dom)
            );
            assert_eq!(words(&dom), ["x"], "{open}");
        }
    });
}

#[test]
fn misnested_end_tags_around_the_cap_keep_every_word() {
    on_small_stack(|| {
        let own = [
            "<select><option>{} <div>{} </select>{} ",
            "<div/>{} <span/>{} ",
        ];
        for &pattern in MISNESTED_PATTERNS.iter().chain(&own) {
            let (html, mut expected) = misnested("", pattern, 2_000);
            let dom = Html5everDom::parse(&html).expect("the parser does not fail on this input");
            let mut found = words(&dom);
            found.sort();
            expected.sort();
            assert_eq!(found, expected, "{pattern}");
            assert!(
                max_depth(&dom) <= MAX_DEPTH + 17,
                "{pattern}: {}",
                max_depth(&dom)
            );
        }
    });
}

/// Tags for the properties below: a mix of everything the tree builder
/// treats specially in HTML content.
pub(super) const HTML_TAGS: &[&str] = &[
    "<div>",
    "</div>",
    "<span>",
    "</span>",
    "<p>",
    "</p>",
    "<b>",
    "</b>",
    "<i>",
    "</i>",
    "<a>",
    "</a>",
    "<li>",
    "<ul>",
    "</ul>",
    "<table>",
    "<td>",
    "</tr>",
    "</table>",
    "<select>",
    "<option>",
    "</select>",
    "<br>",
    "<hr>",
    "<img>",
    "<script>",
    "</script>",
    "<textarea>",
    "</textarea>",
    "<template>",
    "</template>",
    "<div/>",
    "<p/>",
    "</body>",
    "</html>",
    "<title>",
    "</title>",
    "<pre>",
    "<h1>",
    "</h2>",
    "<button>",
    "<nobr>",
    "<form>",
    "</form>",
    "<dd>",
    "<caption>",
    "<colgroup>",
    "<col>",
    "<frameset>",
];

/// More tags, for SVG and MathML.
pub(super) const FOREIGN_TAGS: &[&str] = &[
    "<svg>",
    "</svg>",
    "<math>",
    "</math>",
    "<mi>",
    "<foreignObject>",
    "<desc>",
    "<g>",
    "</g>",
    "<style>",
    "</style>",
    "<path/>",
];

/// `start`, `depth` nested `<div>`s, then `tags` (indices into
/// `HTML_TAGS` and then `FOREIGN_TAGS`), each followed by a word `wN`.
fn deep_soup(depth: usize, tags: &[usize]) -> String {
    let tags: Vec<&str> = tags
        .iter()
        .map(|&tag| {
            HTML_TAGS
                .get(tag)
                .or_else(|| FOREIGN_TAGS.get(tag - HTML_TAGS.len()))
                .expect("tag index in range")
        })
        .copied()
        .collect();
    deep_soup_of(depth, &tags)
}

/// `start`, `depth` nested `<div>`s, then `tags`, each followed by a
/// word `wN`.
fn deep_soup_of(depth: usize, tags: &[&str]) -> String {
    let mut html = format!("start {}", "<div>".repeat(depth));
    for (i, tag) in tags.iter().enumerate() {
        let _ = write!(html, "{tag} w{i} ");
    }
    html
}

/// Every numbered word the splitter would see in `html` without the cap,
/// it sees with it; and no word is there twice.
fn assert_hides_no_word(html: &str) -> Result<(), TestCaseError> {
    let (capped, plain) = capped_and_plain(html, visible_words);
    prop_assert!(
        capped.windows(2).all(|pair| pair[0] != pair[1]),
        "no duplicates"
    );
    for word in plain {
        prop_assert!(capped.binary_search(&word).is_ok(), "{} hidden", word);
    }
    Ok(())
}

#[test]
fn cases_found_by_the_properties() {
    for (depth, tags) in [
        // A tag that breaks out of foreign content is passed on.
        (508, &["<math>", "<template>", "<p>"][..]),
        // The first tag in a template is passed on: it decides whether
        // a later <col> makes the template ignore text and tags.
        (507, &["<template>", "<i>", "<col>"]),
        (
            506,
            &["<b>", "<template>", "<col>", "<script>", "</template>"],
        ),
        (
            507,
            &[
                "<template>",
                "<button>",
                "<col>",
                "<title>",
                "<template>",
                "</title>",
                "</template>",
            ],
        ),
        // Integration points are passed on, so <title> stays HTML.
        (508, &["<svg>", "<foreignObject>", "<title>", "<script>"]),
    ] {
        let html = deep_soup_of(depth, tags);
        if let Err(error) = assert_hides_no_word(&html) {
            panic!("{tags:?} at depth {depth}: {error}");
        }
    }
}

/// The numbered words (and `start`) among `words`, sorted.
fn numbered(words: Vec<String>) -> Vec<String> {
    let mut words: Vec<String> = words
        .into_iter()
        .filter(|w| w.starts_with('w') || w == "start")
        .collect();
    words.sort();
    words
}

/// Parse `html` with and without the cap; check the capped tree, and
/// return the words of both (through `pick`), numbered and sorted.
fn capped_and_plain(
    html: &str,
    pick: fn(&Html5everDom) -> Vec<String>,
) -> (Vec<String>, Vec<String>) {
    let dom = Html5everDom::parse(html).expect("the parser does not fail on this input");
    assert_consistent(&dom);
    assert!(max_depth(&dom) <= MAX_DEPTH + 17, "{}", max_depth(&dom));
    let plain = parse_document(Sink::default(), parse_opts()).one(html);
    (numbered(pick(&dom)), numbered(pick(&plain)))
}

// 256 cases each by default; set PROPTEST_CASES for more.
proptest! {
    /// In HTML content, every word the splitter would see without the
    /// cap, it sees with it. Only the numbered words count: markup
    /// inside raw-text elements is text, and which elements are raw may
    /// differ. The cap may keep more: text html5ever ignores, as in
    /// `<template><col> w1`, is kept when the `<template>` was dropped.
    #[test]
    fn capping_hides_no_word_of_html(
        depth in (MAX_DEPTH - 24)..(MAX_DEPTH + 8),
        tags in proptest::collection::vec(0..HTML_TAGS.len(), 0..60),
    ) {
        assert_hides_no_word(&deep_soup(depth, &tags))?;
    }

    /// With SVG and MathML too, every word that html5ever puts outside
    /// templates is still in the tree. Not always where the splitter
    /// sees it: where tags dropped at the cap would have closed foreign
    /// elements (a breakout tag at an integration point in a table, an
    /// end tag of a dropped element), a word can stay inside an SVG
    /// `<style>` or `<template>`, which the splitter skips. (Inside a
    /// template, a tag dropped at the cap can leave a later `<col>` to
    /// switch it to the insertion mode that ignores text.)
    #[test]
    fn capping_loses_no_word(
        depth in (MAX_DEPTH - 24)..(MAX_DEPTH + 8),
        tags in proptest::collection::vec(0..HTML_TAGS.len() + FOREIGN_TAGS.len(), 0..60),
    ) {
        let html = deep_soup(depth, &tags);
        let (capped, _) = capped_and_plain(&html, words);
        let plain = parse_document(Sink::default(), parse_opts()).one(html.as_str());
        let plain = numbered(words_outside(&plain, &["template"]));
        prop_assert!(capped.windows(2).all(|pair| pair[0] != pair[1]), "no duplicates");
        for word in plain {
            prop_assert!(capped.binary_search(&word).is_ok(), "{} lost", word);
        }
    }
}
