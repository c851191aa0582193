//! Deep trees and huge text nodes through every compiled backend.

use html_splitter::{Backend, Splitter};

fn words_of(chunks: &html_splitter::Chunks) -> usize {
    chunks.iter().map(|chunk| chunk.split_whitespace().count()).sum()
}

/// Runs `test` on a thread with a small stack, so that recursion over the
/// tree would overflow here rather than pass by luck on a big main stack.
fn on_small_stack(test: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(1024 * 1024)
        .spawn(test)
        .expect("spawn test thread")
        .join()
        .expect("test thread finished without overflow or panic");
}

#[test]
fn ten_thousand_nested_divs() {
    on_small_stack(|| {
        const DEPTH: usize = 10_000;
        let html = format!(
            "{}innermost words here{}",
            "<div>x ".repeat(DEPTH),
            "</div>".repeat(DEPTH)
        );
        let splitter = Splitter::builder(100)
            .max_chunk_size(200)
            .separators(["div"])
            .build()
            .expect("valid config");
        for &backend in Backend::ALL {
            let chunks = backend.split(&splitter, &html);
            assert_eq!(words_of(&chunks), DEPTH + 3, "{backend}");
            assert!(chunks.iter().all(|chunk| chunk.chars().count() <= 200), "{backend}");
            assert!(chunks.iter().last().is_some_and(|c| c.ends_with("innermost words here")));
        }
    });
}

#[test]
fn fifty_megabyte_text_node() {
    const WORDS: usize = 10 * 1024 * 1024;
    let html = format!("<p>{}</p>", "word ".repeat(WORDS));
    assert!(html.len() > 50 * 1024 * 1024);
    let splitter = Splitter::builder(4000)
        .max_chunk_size(8000)
        .build()
        .expect("valid config");
    for &backend in Backend::ALL {
        let chunks = backend.split(&splitter, &html);
        assert!(chunks.iter().all(|chunk| chunk.chars().count() <= 8000), "{backend}");
        assert_eq!(words_of(&chunks), WORDS, "{backend}");
    }
}
