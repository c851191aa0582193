//! Arbitrary bytes → a derived config and HTML, split with `content:
//! "main"` on every backend; asserts SPEC §6 on the chunks and SPEC §3.4's
//! contract (a subsequence of the whole page, never empty when the page is
//! not).

#![no_main]

use html_splitter::Backend;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    for backend in [Backend::Html5ever, Backend::Scraper, Backend::Tl] {
        html_splitter_fuzz::check_main(backend, bytes);
    }
});
