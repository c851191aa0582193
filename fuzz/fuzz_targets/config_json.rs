//! Configuration from untrusted JSON must give a value or an error, never a
//! panic (SPEC §6.6).
//!
//! Each input is used twice: as raw JSON text, and through `arbitrary` as a
//! near-valid config object (right keys, extreme numbers, hostile selector
//! strings) that raw mutation would rarely reach. A config that builds is
//! then used to split a small page on every backend.

#![no_main]

use arbitrary::{Arbitrary, Unstructured};
use html_splitter::{Backend, Splitter, SplitterConfig};
use html_splitter_fuzz::{SELECTORS, assert_invariants};
use libfuzzer_sys::fuzz_target;

const PAGE: &str = "<h1>Title</h1><section><p>One two three.</p><p class=x>Four \
    five six seven eight nine ten.</p></section><ul><li>a</li><li>b <b>c</b></li></ul>\
    <table><tr><td>1</td><td>2</td></tr></table><pre>x  y\n z</pre>";

#[derive(Debug, Arbitrary)]
struct ConfigObject<'a> {
    chunk_size: Option<Number>,
    max_chunk_size: Option<Number>,
    separators: Option<Vec<Selector<'a>>>,
    never_break_within: Option<Vec<Selector<'a>>>,
    chunk_overlap: Option<Number>,
    extra_key: Option<&'a str>,
}

#[derive(Debug, Arbitrary)]
enum Number {
    Small(u16),
    Huge(u64),
    Max,
    Negative(i64),
    Fraction(f64),
    Text(u8),
    Null,
}

#[derive(Debug, Arbitrary)]
enum Selector<'a> {
    Known(u8),
    Combined(u8, char, u8),
    Raw(&'a str),
    Nested(u8, u16),
}

impl Number {
    fn json(&self) -> String {
        match self {
            Number::Small(n) => n.to_string(),
            Number::Huge(n) => n.to_string(),
            Number::Max => u128::MAX.to_string(),
            Number::Negative(n) => (-(n.unsigned_abs() as i128) - 1).to_string(),
            Number::Fraction(f) if f.is_finite() => format!("{f:?}"),
            Number::Fraction(_) => "1e999".to_owned(),
            Number::Text(n) => format!("\"{n}\""),
            Number::Null => "null".to_owned(),
        }
    }
}

impl Selector<'_> {
    fn text(&self) -> String {
        let known = |i: &u8| SELECTORS[usize::from(*i) % SELECTORS.len()];
        match self {
            Selector::Known(i) => known(i).to_owned(),
            Selector::Combined(a, combinator, b) => format!("{}{combinator}{}", known(a), known(b)),
            Selector::Raw(text) => (*text).to_owned(),
            // Deep `:not(:is(…))` nesting: the selector parser must not overflow.
            Selector::Nested(i, depth) => {
                let depth = usize::from(*depth % 2048);
                format!(
                    "{}{}{}",
                    ":not(:is(".repeat(depth),
                    known(i),
                    "))".repeat(depth)
                )
            }
        }
    }
}

fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

impl ConfigObject<'_> {
    fn json(&self) -> String {
        let mut fields = Vec::new();
        let mut number = |key: &str, value: &Option<Number>| {
            if let Some(value) = value {
                fields.push(format!("\"{key}\":{}", value.json()));
            }
        };
        number("chunkSize", &self.chunk_size);
        number("maxChunkSize", &self.max_chunk_size);
        number("chunkOverlap", &self.chunk_overlap);
        for (key, list) in [
            ("separators", &self.separators),
            ("neverBreakWithin", &self.never_break_within),
        ] {
            if let Some(list) = list {
                let items: Vec<String> = list.iter().map(|s| json_string(&s.text())).collect();
                fields.push(format!("\"{key}\":[{}]", items.join(",")));
            }
        }
        if let Some(key) = self.extra_key {
            fields.push(format!("{}:1", json_string(key)));
        }
        format!("{{{}}}", fields.join(","))
    }
}

fn build_and_use(json: &str) {
    let Ok(config) = SplitterConfig::from_json(json) else {
        return;
    };
    let max = config.max_chunk_size;
    let Ok(splitter) = Splitter::new(config) else {
        return;
    };
    for &backend in Backend::ALL {
        let chunks = backend
            .split(&splitter, PAGE)
            .expect("every backend parses the fixed page");
        assert_invariants(&chunks, max, backend);
    }
}

fuzz_target!(|bytes: &[u8]| {
    build_and_use(&String::from_utf8_lossy(bytes));
    if let Ok(object) = ConfigObject::arbitrary_take_rest(Unstructured::new(bytes)) {
        build_and_use(&object.json());
    }
});
