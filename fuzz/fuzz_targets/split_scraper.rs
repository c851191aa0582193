//! Arbitrary bytes → a derived config and HTML, split with the scraper backend;
//! asserts SPEC §6 on the result.

#![no_main]

use html_splitter::Backend;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    html_splitter_fuzz::check_split(Backend::Scraper, bytes);
});
