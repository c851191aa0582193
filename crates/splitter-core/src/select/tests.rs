use super::*;
use crate::testing::ArenaDom;

fn set(selectors: &[&str]) -> SelectorSet {
    let owned: Vec<String> = selectors.iter().map(|s| (*s).to_owned()).collect();
    match SelectorSet::compile("separators", &owned) {
        Ok(set) => set,
        Err(error) => panic!("{selectors:?} should parse: {error}"),
    }
}

fn matches(dom: &ArenaDom, selector: &str, node: usize) -> bool {
    set(&[selector]).matches(dom, node, &mut MatchCaches::new())
}

/// The nodes of `candidates` that `selector` matches.
fn matching(dom: &ArenaDom, selector: &str, candidates: &[usize]) -> Vec<usize> {
    let set = set(&[selector]);
    let mut caches = MatchCaches::new();
    candidates
        .iter()
        .copied()
        .filter(|&node| set.matches(dom, node, &mut caches))
        .collect()
}

fn invalid(selector: &str) -> (String, String) {
    match SelectorSet::compile("neverBreakWithin", &[selector.to_owned()]) {
        Ok(_) => panic!("{selector:?} should not parse"),
        Err(
            ref error @ ConfigError::InvalidSelector {
                field,
                selector: ref written,
                ref reason,
            },
        ) => {
            assert_eq!(field, "neverBreakWithin");
            assert_eq!(written, selector);
            assert!(!reason.is_empty());
            assert_eq!(reason, &reason.to_lowercase(), "reason is lowercase");
            (error.to_string(), reason.clone())
        }
        Err(other) => panic!("unexpected error {other:?}"),
    }
}

/// `<html><body>` with a spec-like section, a `.keep` block and a list.
struct Fixture {
    dom: ArenaDom,
    html: usize,
    body: usize,
    clause: usize,
    clause_h1: usize,
    nested_h1: usize,
    keep: usize,
    keep_p: usize,
    deep_p: usize,
    loose_p: usize,
    items: Vec<usize>,
    empty_div: usize,
    blank_div: usize,
}

fn fixture() -> Fixture {
    let mut dom = ArenaDom::new();
    let html = dom.element_with(0, "html", &[("lang", "en-GB")]);
    let body = dom.element_with(html, "body", &[]);
    let clause = dom.element_with(body, "emu-clause", &[("id", "sec-intro")]);
    let clause_h1 = dom.element_with(clause, "h1", &[]);
    let inner = dom.element_with(clause, "div", &[]);
    let nested_h1 = dom.element_with(inner, "h1", &[]);
    let keep = dom.element_with(body, "DIV", &[("class", "note  keep\tbox")]);
    let keep_p = dom.element_with(keep, "p", &[]);
    let section = dom.element_with(keep, "section", &[]);
    let deep_p = dom.element_with(section, "P", &[]);
    let loose_p = dom.element_with(body, "p", &[]);
    let list = dom.element_with(body, "ul", &[]);
    dom.add_text(list, "\n  ");
    let mut items = Vec::new();
    for i in 0..4 {
        dom.add_comment(list, "");
        let li = dom.element_with(list, "li", &[("data-i", &i.to_string())]);
        dom.add_text(list, "\n  ");
        items.push(li);
    }
    let empty_div = dom.element_with(body, "div", &[]);
    dom.add_comment(empty_div, "");
    dom.add_text(empty_div, "");
    let blank_div = dom.element_with(body, "div", &[]);
    dom.add_text(blank_div, " ");
    Fixture {
        dom,
        html,
        body,
        clause,
        clause_h1,
        nested_h1,
        keep,
        keep_p,
        deep_p,
        loose_p,
        items,
        empty_div,
        blank_div,
    }
}

#[test]
fn select_type_and_universal() {
    let f = fixture();
    assert!(matches(&f.dom, "p", f.loose_p));
    assert!(!matches(&f.dom, "p", f.keep));
    assert!(matches(&f.dom, "*", f.keep));
    assert!(matches(&f.dom, "emu-clause", f.clause));
    // Any namespace, with no default namespace, is no constraint at all.
    assert!(matches(&f.dom, "*|p", f.loose_p));
    assert!(matches(&f.dom, "*|*", f.loose_p));
}

#[test]
fn select_tag_names_ignore_ascii_case() {
    let f = fixture();
    // An uppercase selector against a lowercase element...
    assert!(matches(&f.dom, "H1", f.clause_h1));
    assert!(matches(&f.dom, "Emu-Clause", f.clause));
    // ...and a lowercase selector against an element named in uppercase.
    assert!(matches(&f.dom, "div", f.keep));
    assert!(matches(&f.dom, "p", f.deep_p));
    assert!(matches(&f.dom, "DIV > p", f.keep_p));
}

#[test]
fn select_child_and_descendant() {
    let f = fixture();
    assert!(matches(&f.dom, "emu-clause > h1", f.clause_h1));
    assert!(!matches(&f.dom, "emu-clause > h1", f.nested_h1));
    assert!(matches(&f.dom, "emu-clause h1", f.nested_h1));
    assert!(matches(&f.dom, ".keep p", f.keep_p));
    assert!(matches(&f.dom, ".keep p", f.deep_p));
    assert!(!matches(&f.dom, ".keep p", f.loose_p));
    assert!(matches(&f.dom, "html > body > emu-clause", f.clause));
}

#[test]
fn select_sibling_combinators() {
    let f = fixture();
    assert!(matches(&f.dom, "li + li", f.items[1]));
    assert!(!matches(&f.dom, "li + li", f.items[0]));
    // Text and comments between elements do not break adjacency.
    assert!(matches(&f.dom, "[data-i='0'] + [data-i='1']", f.items[1]));
    assert!(matches(&f.dom, "[data-i='0'] ~ li", f.items[3]));
    assert!(!matches(&f.dom, "[data-i='2'] ~ li", f.items[1]));
    assert!(matches(&f.dom, "emu-clause + div", f.keep));
}

#[test]
fn select_class_and_id() {
    let f = fixture();
    assert!(matches(&f.dom, ".keep", f.keep));
    assert!(matches(&f.dom, ".note", f.keep));
    assert!(matches(&f.dom, ".box", f.keep));
    assert!(matches(&f.dom, ".note.box", f.keep));
    assert!(matches(&f.dom, "div.keep", f.keep));
    assert!(!matches(&f.dom, ".kee", f.keep));
    assert!(
        !matches(&f.dom, ".KEEP", f.keep),
        "classes are case-sensitive"
    );
    assert!(!matches(&f.dom, ".keep", f.loose_p));
    assert!(matches(&f.dom, "#sec-intro", f.clause));
    assert!(
        !matches(&f.dom, "#SEC-INTRO", f.clause),
        "ids are case-sensitive"
    );
    assert!(!matches(&f.dom, "#sec-intro", f.keep));
}

#[test]
fn select_attributes() {
    let mut dom = ArenaDom::new();
    let a = dom.element_with(
        0,
        "a",
        &[
            ("href", "https://example.org/spec.PDF"),
            ("rel", "nofollow noopener"),
            ("hreflang", "en-US"),
            ("Data-X", ""),
            ("type", "Text"),
        ],
    );
    let yes = [
        "[href]",
        "[data-x]",
        "[DATA-X]",
        "[data-x='']",
        "[href='https://example.org/spec.PDF']",
        "[rel~=noopener]",
        "[hreflang|=en]",
        "[hreflang|='en-US']",
        "[href^=https]",
        "[href$='.PDF']",
        "[href$='.pdf' i]",
        "[href*=example]",
        "[type=text i]",
        // HTML lists `type` among the attributes whose values compare
        // case-insensitively.
        "[type=text]",
        "a[href][rel]",
        "[|href]",
    ];
    for selector in yes {
        assert!(matches(&dom, selector, a), "{selector}");
    }
    let no = [
        "[title]",
        "[href='https://example.org']",
        "[rel~=no]",
        "[hreflang|=e]",
        "[href^='http:']",
        "[href$='.pdf']",
        "[href*=EXAMPLE]",
        "[href*='']",
        "[type=text s]",
    ];
    for selector in no {
        assert!(!matches(&dom, selector, a), "{selector}");
    }
}

#[test]
fn select_nth_child_family_skips_non_elements() {
    let f = fixture();
    let items = &f.items;
    assert_eq!(matching(&f.dom, ":nth-child(2)", items), [items[1]]);
    assert_eq!(
        matching(&f.dom, "li:nth-child(odd)", items),
        [items[0], items[2]]
    );
    assert_eq!(
        matching(&f.dom, ":nth-child(2n+2)", items),
        [items[1], items[3]]
    );
    assert_eq!(matching(&f.dom, ":nth-last-child(1)", items), [items[3]]);
    assert_eq!(matching(&f.dom, ":first-child", items), [items[0]]);
    assert_eq!(matching(&f.dom, ":last-child", items), [items[3]]);
    assert_eq!(
        matching(&f.dom, ":nth-child(2 of [data-i])", items),
        [items[1]]
    );
    assert!(matching(&f.dom, ":only-child", items).is_empty());
    assert!(matches(&f.dom, ":only-child", f.html));
    assert!(matches(
        &f.dom,
        "emu-clause > div > h1:only-child",
        f.nested_h1
    ));
    assert!(matches(&f.dom, ":first-child", f.clause));
}

#[test]
fn select_of_type() {
    let f = fixture();
    // body: emu-clause, DIV, p, ul, div, div.
    assert!(matches(&f.dom, "div:nth-of-type(1)", f.keep));
    assert!(matches(&f.dom, "div:nth-of-type(2)", f.empty_div));
    assert!(matches(&f.dom, "div:last-of-type", f.blank_div));
    assert!(matches(&f.dom, "p:only-of-type", f.loose_p));
    assert!(matches(&f.dom, "div:first-of-type", f.keep));
    assert!(!matches(&f.dom, "div:first-of-type", f.empty_div));
}

#[test]
fn select_logical_combinations() {
    let f = fixture();
    assert!(matches(&f.dom, "p:not(.keep p)", f.loose_p));
    assert!(!matches(&f.dom, "p:not(.keep p)", f.keep_p));
    assert!(matches(&f.dom, ":not(p, h1)", f.keep));
    assert!(matches(
        &f.dom,
        ":is(emu-clause, .keep) > :is(h1, p)",
        f.clause_h1
    ));
    assert!(matches(
        &f.dom,
        ":is(emu-clause, .keep) > :is(h1, p)",
        f.keep_p
    ));
    assert!(!matches(
        &f.dom,
        ":is(emu-clause, .keep) > :is(h1, p)",
        f.deep_p
    ));
    assert!(matches(&f.dom, ":where(section) p", f.deep_p));
}

#[test]
fn select_root_and_empty() {
    let f = fixture();
    assert!(matches(&f.dom, ":root", f.html));
    assert!(!matches(&f.dom, ":root", f.body));
    assert!(matches(&f.dom, ":root > body", f.body));
    // A comment and an empty text node leave an element empty...
    assert!(matches(&f.dom, ":empty", f.empty_div));
    // ...but whitespace does not, nor do children.
    assert!(!matches(&f.dom, ":empty", f.blank_div));
    assert!(!matches(&f.dom, ":empty", f.keep));
    assert!(matches(&f.dom, "h1:empty", f.clause_h1));
}

#[test]
fn select_scope_means_root() {
    // Documented in the module docs: with a whole document and no scoping
    // element, `:scope` is `:root`.
    let f = fixture();
    assert!(matches(&f.dom, ":scope", f.html));
    assert!(!matches(&f.dom, ":scope", f.body));
    assert!(matches(&f.dom, ":scope > body", f.body));
    assert!(!matches(&f.dom, ":scope > p", f.deep_p));
    assert!(matches(&f.dom, ":scope p", f.deep_p));
}

#[test]
fn select_lists() {
    let f = fixture();
    let headings = set(&["h2, h1", "li"]);
    let mut caches = MatchCaches::new();
    assert!(headings.matches(&f.dom, f.clause_h1, &mut caches));
    assert!(headings.matches(&f.dom, f.items[2], &mut caches));
    assert!(!headings.matches(&f.dom, f.keep, &mut caches));
    assert!(!headings.is_empty());
}

#[test]
fn select_empty_set_matches_nothing() {
    let f = fixture();
    let none = match SelectorSet::compile("separators", &[]) {
        Ok(set) => set,
        Err(error) => panic!("{error}"),
    };
    assert!(none.is_empty());
    assert!(!none.matches(&f.dom, f.keep, &mut MatchCaches::new()));
}

#[test]
fn select_non_elements_never_match() {
    let mut dom = ArenaDom::new();
    let div = dom.element_with(0, "div", &[]);
    let text = dom.add_text(div, "hi");
    let all = set(&["*", ":not(p)"]);
    let mut caches = MatchCaches::new();
    assert!(all.matches(&dom, div, &mut caches));
    assert!(!all.matches(&dom, text, &mut caches));
    assert!(!all.matches(&dom, 0, &mut caches));
}

#[test]
fn select_invalid_selectors() {
    let cases = [
        ("h2[", "unexpected end of input"),
        ("", "empty selector"),
        ("   ", "empty selector"),
        ("p::before", "pseudo-elements are not supported (::before)"),
        ("p::slotted(a)", "pseudo-elements are not supported"),
        (":hover", "unsupported pseudo-class :hover"),
        ("a:Visited", "unsupported pseudo-class :visited"),
        ("p::BEFORE", "pseudo-elements are not supported (::before)"),
        ("p:before", "pseudo-elements are not supported (::before)"),
        ("p:lang(en)", "unsupported pseudo-class :lang()"),
        ("div:has(p)", "unsupported pseudo-class :has()"),
        (":is(p, :hover)", "unsupported pseudo-class :hover"),
        ("svg|rect", "namespaces are not supported"),
        ("|rect", "namespaces are not supported"),
        ("[xlink|href]", "namespaces are not supported"),
        ("[*|href]", "namespaces are not supported"),
        (":not(|p)", "namespaces are not supported"),
        ("h2 >", ""),
        ("> h2", ""),
        ("h2,", ""),
        ("h2 {}", ""),
        (".", "unexpected end of input"),
        ("p.5", ""),
        ("#", ""),
        ("p)", ""),
        ("[a=]", ""),
    ];
    for (selector, expected) in cases {
        let (display, reason) = invalid(selector);
        assert!(reason.contains(expected), "{selector:?}: {reason:?}");
        assert!(display.contains(&format!("{selector:?}")), "{display}");
        assert!(display.contains("neverBreakWithin"), "{display}");
    }
}

#[test]
fn select_first_invalid_selector_is_reported() {
    let strings = ["h2".to_owned(), "p::after".to_owned(), "h3[".to_owned()];
    match SelectorSet::compile("separators", &strings) {
        Err(ConfigError::InvalidSelector {
            field, selector, ..
        }) => {
            assert_eq!(field, "separators");
            assert_eq!(selector, "p::after");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn select_deep_nesting_is_an_error_not_a_crash() {
    let depth = 10_000;
    let selector = format!("{}p{}", ":not(".repeat(depth), ")".repeat(depth));
    let (_, reason) = invalid(&selector);
    assert!(reason.contains("nested"), "{reason}");
    // The limit still leaves room for realistic nesting.
    let ok = format!("{}p{}", ":is(".repeat(20), ")".repeat(20));
    let f = fixture();
    assert!(matches(&f.dom, &ok, f.loose_p));
}

#[test]
fn select_deep_trees_do_not_overflow() {
    let mut dom = ArenaDom::new();
    let root = dom.element_with(0, "div", &[("class", "keep")]);
    let mut parent = root;
    for _ in 0..200_000 {
        parent = dom.element_with(parent, "div", &[]);
    }
    let leaf = dom.element_with(parent, "p", &[]);
    assert!(matches(&dom, ".keep p", leaf));
    assert!(!matches(&dom, ".nope p", leaf));
    assert!(matches(&dom, ":root p:empty", leaf));
}

#[test]
fn subject_types_are_known_only_when_every_selector_names_one() {
    assert_eq!(
        set(&["emu-note", "DIV.x", "nav a, p"]).subject_names,
        Some(vec![
            "emu-note".into(),
            "div".into(),
            "a".into(),
            "p".into()
        ])
    );
    for without in [&["p", ".x"][..], &["*"], &[":is(p, div)"], &["p > *"]] {
        assert_eq!(set(without).subject_names, None, "{without:?}");
    }
}

#[test]
fn the_subject_type_filter_changes_no_answer() {
    let mut dom = ArenaDom::new();
    let nav = dom.element(0, "NAV");
    let link = dom.element(nav, "a");
    let para = dom.element(0, "p");
    dom.set_attribute(para, "class", "x");
    let span = dom.element(para, "span");
    dom.set_attribute(span, "class", "x");
    let all = [nav, link, para, span];
    assert_eq!(matching(&dom, "nav a", &all), [link]);
    assert_eq!(matching(&dom, "p.x", &all), [para]);
    assert_eq!(matching(&dom, "nav", &all), [nav]);
    assert_eq!(matching(&dom, ".x", &all), [para, span]);
}
