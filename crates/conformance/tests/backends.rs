//! This package tests every backend: all three are compiled in, whatever
//! features the rest of the workspace turns on.

use html_splitter::Backend;

#[test]
fn all_three_backends_are_compiled_in() {
    let names: Vec<&str> = Backend::ALL.iter().map(|backend| backend.name()).collect();
    assert_eq!(names, ["html5ever", "scraper", "tl"]);
    for name in ["html5ever", "scraper", "tl"] {
        let backend: Backend = name.parse().expect("the backend is compiled in");
        assert_eq!(backend.name(), name);
    }
}
