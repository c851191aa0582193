//! Character data as the HTML tokenizer delivers it: input-stream newline
//! normalisation, NUL handling, and character references decoded with the
//! standard's algorithm over html5ever's own table of named references
//! ([`web_atoms::NAMED_ENTITIES`], every prefix of every name included) and
//! its table for numeric references to U+0080..U+009F
//! ([`web_atoms::C1_REPLACEMENTS`]).

use std::borrow::Cow;

use memchr::{memchr2, memchr3};
use web_atoms::{C1_REPLACEMENTS, NAMED_ENTITIES};

/// Where a run of character data comes from, which decides how it is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Text in normal content: references decoded, NUL dropped (the tree
    /// builder ignores U+0000 in body text).
    Data,
    /// Text of `<title>` or `<textarea>`: references decoded, NUL → U+FFFD.
    Rcdata,
    /// Text of `<script>`, `<style>`, `<xmp>` and the like: taken literally,
    /// NUL → U+FFFD.
    Rawtext,
    /// An attribute value: references decoded with the attribute rule for
    /// legacy names, NUL → U+FFFD.
    Attribute,
}

/// Below this many bytes a plain loop finds the next byte to decode
/// sooner than memchr's vector search, whose setup costs more than the
/// scan of a short run (most attribute values: a class, an id, a link).
const SHORT_RUN: usize = 32;

/// Decodes `raw` as character data in `mode`.
///
/// Borrows `raw` unchanged when it holds nothing to decode (no `&`, CR or
/// NUL), which is the common case.
pub(crate) fn decode(raw: &str, mode: Mode) -> Cow<'_, str> {
    let bytes = raw.as_bytes();
    let next_special = |from: usize| -> Option<usize> {
        let rest = bytes.get(from..)?;
        let found = if rest.len() < SHORT_RUN {
            rest.iter()
                .position(|&b| b == b'\r' || b == 0 || (b == b'&' && mode != Mode::Rawtext))
        } else if mode == Mode::Rawtext {
            memchr2(b'\r', 0, rest)
        } else {
            memchr3(b'&', b'\r', 0, rest)
        };
        found.map(|at| from + at)
    };
    let Some(mut at) = next_special(0) else {
        return Cow::Borrowed(raw);
    };

    let mut out = String::with_capacity(raw.len());
    let mut copied = 0;
    loop {
        // `at` is the position of an ASCII byte, so a char boundary.
        out.push_str(raw.get(copied..at).unwrap_or_default());
        let mut resume = at + 1;
        match bytes.get(at) {
            Some(b'\r') => {
                out.push('\n');
                if bytes.get(resume) == Some(&b'\n') {
                    resume += 1;
                }
            }
            Some(0) => {
                if mode != Mode::Data {
                    out.push(char::REPLACEMENT_CHARACTER);
                }
            }
            _ => {
                let rest = raw.get(resume..).unwrap_or_default();
                match char_ref(rest, mode == Mode::Attribute) {
                    Some(reference) => {
                        out.push(reference.first);
                        if let Some(second) = reference.second {
                            out.push(second);
                        }
                        resume += reference.len;
                    }
                    None => out.push('&'),
                }
            }
        }
        copied = resume;
        match next_special(resume) {
            Some(next) => at = next,
            None => break,
        }
    }
    out.push_str(raw.get(copied..).unwrap_or_default());
    Cow::Owned(out)
}

/// A decoded character reference.
struct CharRef {
    /// Bytes consumed after the `&`.
    len: usize,
    first: char,
    second: Option<char>,
}

/// Reads the character reference whose `&` comes just before `rest`;
/// `None` when the `&` is a literal ampersand.
fn char_ref(rest: &str, in_attribute: bool) -> Option<CharRef> {
    let bytes = rest.as_bytes();
    match bytes.first()? {
        b'#' => numeric_ref(bytes),
        first if first.is_ascii_alphanumeric() => named_ref(rest, in_attribute),
        _ => None,
    }
}

/// `&#...;` and `&#x...;`, with the standard's checks after the number.
fn numeric_ref(bytes: &[u8]) -> Option<CharRef> {
    let (radix, digits_start) = match bytes.get(1) {
        Some(b'x' | b'X') => (16, 2),
        _ => (10, 1),
    };
    let mut len = digits_start;
    let mut value: u32 = 0;
    while let Some(digit) = bytes.get(len).and_then(|&b| char::from(b).to_digit(radix)) {
        // Saturate just past the Unicode range: the value only needs to be
        // known to be too large.
        value = value
            .saturating_mul(radix)
            .saturating_add(digit)
            .min(0x11_0000);
        len += 1;
    }
    if len == digits_start {
        // `&#` or `&#x` without digits is not a reference.
        return None;
    }
    if bytes.get(len) == Some(&b';') {
        len += 1;
    }
    let first = match value {
        0 | 0xD800..=0xDFFF | 0x11_0000.. => char::REPLACEMENT_CHARACTER,
        0x80..=0x9F => C1_REPLACEMENTS
            .get((value - 0x80) as usize)
            .copied()
            .flatten()
            .or_else(|| char::from_u32(value))
            .unwrap_or(char::REPLACEMENT_CHARACTER),
        // Other controls and noncharacters are parse errors that still
        // yield the code point itself.
        _ => char::from_u32(value).unwrap_or(char::REPLACEMENT_CHARACTER),
    };
    Some(CharRef {
        len,
        first,
        second: None,
    })
}

/// `&name;` and the legacy names allowed without `;`: the longest name in
/// the table that the input starts with.
fn named_ref(rest: &str, in_attribute: bool) -> Option<CharRef> {
    let bytes = rest.as_bytes();
    // (length, first code point, second code point or 0)
    let mut best: Option<(usize, u32, u32)> = None;
    let mut len = 0;
    // The table holds every prefix of every name (prefixes that are not
    // names themselves map to (0, 0)), so the walk can stop as soon as the
    // input leaves it. All names are ASCII, so every slice taken here ends
    // on a char boundary.
    while bytes.get(len).is_some_and(u8::is_ascii) {
        len += 1;
        match NAMED_ENTITIES.get(rest.get(..len).unwrap_or_default()) {
            None => break,
            Some(&(0, _)) => {}
            Some(&(first, second)) => best = Some((len, first, second)),
        }
    }
    let (len, first, second) = best?;
    let ends_with_semicolon = bytes.get(len - 1) == Some(&b';');
    if in_attribute
        && !ends_with_semicolon
        && bytes
            .get(len)
            .is_some_and(|&next| next == b'=' || next.is_ascii_alphanumeric())
    {
        // `href="?a=1&not=2"`: historical URLs keep their ampersands.
        return None;
    }
    Some(CharRef {
        len,
        first: char::from_u32(first).unwrap_or(char::REPLACEMENT_CHARACTER),
        second: (second != 0)
            .then(|| char::from_u32(second).unwrap_or(char::REPLACEMENT_CHARACTER)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(s: &str) -> String {
        decode(s, Mode::Data).into_owned()
    }

    fn attr(s: &str) -> String {
        decode(s, Mode::Attribute).into_owned()
    }

    #[test]
    fn borrows_when_nothing_to_do() {
        assert!(matches!(
            decode("plain text <>", Mode::Data),
            Cow::Borrowed(_)
        ));
        assert!(matches!(decode("a & b", Mode::Rawtext), Cow::Borrowed(_)));
        assert!(matches!(decode("a &amp; b", Mode::Data), Cow::Owned(_)));
    }

    #[test]
    fn named_references() {
        assert_eq!(data("a&amp;b&nbsp;c&lt;&GT;"), "a&b\u{a0}c<>");
        // Legacy names without `;`, longest match first.
        assert_eq!(
            data("&notit; &notin; &noti &amp &ampx"),
            "\u{ac}it; \u{2209} \u{ac}i & &x"
        );
        // Two code points.
        assert_eq!(data("&NotEqualTilde;"), "\u{2242}\u{338}");
        // Not references.
        assert_eq!(
            data("&; &foo; & &#; &#x; &#xg; AT&T"),
            "&; &foo; & &#; &#x; &#xg; AT&T"
        );
        // A name that needs `;` does not match without it.
        assert_eq!(data("&hellip &hellip;"), "&hellip \u{2026}");
    }

    #[test]
    fn numeric_references() {
        assert_eq!(data("&#x41;&#65;&#X41&#0065x"), "AAAAx");
        // The replacement table for 0x80..0x9F; holes keep the code point.
        assert_eq!(
            data("&#x80;&#x9F;&#x81;&#150;"),
            "\u{20ac}\u{178}\u{81}\u{2013}"
        );
        // NUL, surrogates and out of range become U+FFFD.
        assert_eq!(
            data("&#0;&#xD800;&#xDFFF;&#x110000;&#xFFFFFFFF;&#99999999999999999999;"),
            "\u{fffd}".repeat(6)
        );
        // Controls and noncharacters pass through; a CR reference stays CR.
        assert_eq!(data("&#1;&#xFFFF;&#13;"), "\u{1}\u{ffff}\r");
    }

    #[test]
    fn attribute_rule_for_legacy_names() {
        assert_eq!(attr("?a=1&not=2&copy3&notit;"), "?a=1&not=2&copy3&notit;");
        assert_eq!(
            attr("&not;&not &not-x &amp=&amp;="),
            "\u{ac}\u{ac} \u{ac}-x &amp=&="
        );
        assert_eq!(data("&not=2&copy3"), "\u{ac}=2\u{a9}3");
    }

    #[test]
    fn newlines_and_nul() {
        assert_eq!(data("a\r\nb\rc\n\r\rd"), "a\nb\nc\n\n\nd");
        assert_eq!(data("a\0b"), "ab");
        assert_eq!(decode("a\0b\r", Mode::Rcdata), "a\u{fffd}b\n");
        assert_eq!(decode("&amp;\0\r\n", Mode::Rawtext), "&amp;\u{fffd}\n");
        assert_eq!(attr("x\0y"), "x\u{fffd}y");
    }

    #[test]
    fn short_and_long_runs_decode_alike() {
        // Below SHORT_RUN bytes a plain loop looks for the bytes to decode,
        // from it memchr: the same text either side of the line.
        let filler = "x".repeat(SHORT_RUN);
        for (text, want) in [
            ("a&amp;b\r\nc\0d", "a&b\ncd"),
            ("&lt;\r", "<\n"),
            ("no special bytes", "no special bytes"),
        ] {
            assert_eq!(data(text), want, "{text:?}");
            assert_eq!(
                data(&format!("{filler}{text}{filler}")),
                format!("{filler}{want}{filler}"),
                "{text:?} between runs of {SHORT_RUN} bytes"
            );
        }
        assert_eq!(decode("a&amp;\r", Mode::Rawtext), "a&amp;\n");
        assert_eq!(
            decode(&format!("{filler}a&amp;\r"), Mode::Rawtext),
            format!("{filler}a&amp;\n")
        );
    }

    #[test]
    fn multibyte_text_around_references() {
        assert_eq!(data("é&amp;ü&é&#x1F600;"), "é&ü&é\u{1f600}");
    }
}
