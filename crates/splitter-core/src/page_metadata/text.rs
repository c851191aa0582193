//! How an element's text is read (scripts and styles left out, and what
//! only screen readers or buttons say when asked) and cleaned: whitespace
//! collapsed, soft hyphens left out, text encoded twice read once,
//! character references decoded once more.

use crate::adapter::{DomAdapter, NodeKind, is_unrendered};

/// The longest text kept of one element (a title, a byline): enough for
/// any real one, and a bound on the work of a hostile page.
const LONGEST_TEXT: usize = 2_000;

/// Whether `text` begins with `prefix`, ignoring ASCII case.
pub(super) fn begins_with(text: &str, prefix: &str) -> bool {
    text.get(..prefix.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
}

/// The text under `node` (scripts and styles left out), whitespace
/// collapsed, at most [`LONGEST_TEXT`] characters read.
pub(super) fn text_of<A: DomAdapter>(dom: &A, node: A::Node) -> String {
    text_under(dom, node, Reading::All)
}

/// What of an element's text [`text_under`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reading {
    /// All of it (scripts and styles left out).
    All,
    /// What is shown: not what only a screen reader reads ([`is_unseen`]).
    Shown,
    /// What is shown, less the labels of buttons (`Copy item path`).
    ShownWithoutButtons,
}

/// Whether an element is there for screen readers only, never shown
/// (`<span class="visually-hidden">Collection: </span>`).
fn is_unseen<A: DomAdapter>(dom: &A, node: A::Node) -> bool {
    dom.attribute(node, "class").is_some_and(|class| {
        class.split_whitespace().any(|word| {
            [
                "visually-hidden",
                "visuallyhidden",
                "sr-only",
                "screen-reader-text",
            ]
            .iter()
            .any(|hidden| word.eq_ignore_ascii_case(hidden))
        })
    })
}

/// The text under `node` as [`text_of`] reads it, less what `reading`
/// leaves out.
pub(super) fn text_under<A: DomAdapter>(dom: &A, node: A::Node, reading: Reading) -> String {
    let mut text = String::new();
    let mut walk = dom.descendants(node);
    while let Some(current) = walk.next() {
        match dom.kind(current) {
            NodeKind::Text => text.push_str(&dom.text(current)),
            NodeKind::Element => {
                let skipped = is_unrendered(dom, current)
                    || (reading != Reading::All && is_unseen(dom, current))
                    || (reading == Reading::ShownWithoutButtons
                        && dom.element_name(current).eq_ignore_ascii_case("button"));
                if skipped {
                    walk.skip_subtree();
                } else {
                    // Block boundaries read as spaces.
                    text.push(' ');
                }
            }
            _ => {}
        }
        // Elements count too: thousands of empty ones nested under a
        // byline are not walked to the bottom once per byline.
        if text.len() > LONGEST_TEXT {
            break;
        }
    }
    collapse(&text)
}

/// `text` with every run of whitespace one space, trimmed, without soft
/// hyphens (U+00AD: where a word may break, not shown otherwise) and with
/// characters encoded twice read once ([`encoded_twice`]).
pub(super) fn collapse(text: &str) -> String {
    let repaired = encoded_twice(text);
    let text = repaired.as_deref().unwrap_or(text);
    let collapsed = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if collapsed.contains('\u{ad}') {
        collapsed.replace('\u{ad}', "")
    } else {
        collapsed
    }
}

/// `text` read again where its UTF-8 was read as Latin-1 or Windows-1252
/// (`â€”` or `â\u{80}\u{94}` for `—`, `Â¶` for `¶`), as pages saved
/// through two encodings show it; `None` when nothing is. A sequence is
/// read again only when all its characters stand for the bytes of one
/// UTF-8 character, so text that only has such letters (`SÃO`, `café`)
/// is left alone.
fn encoded_twice(text: &str) -> Option<String> {
    // The first byte of a sequence reads as `Â` to `ô` (U+00C2–U+00F4),
    // which UTF-8 writes from the byte 0xC3: most text has none.
    if !text.as_bytes().contains(&0xC3) {
        return None;
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut changed = false;
    let mut at = 0;
    while let Some(&c) = chars.get(at) {
        let length = match u32::from(c) {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => 0,
        };
        let mut bytes = [0u8; 4];
        let sequence = chars
            .get(at..at + length)
            .filter(|_| length > 0)
            .and_then(|run| {
                for (slot, &c) in bytes.iter_mut().zip(run) {
                    *slot = byte_of(c)?;
                }
                std::str::from_utf8(&bytes[..length]).ok()
            });
        match sequence {
            Some(decoded) => {
                out.push_str(decoded);
                at += length;
                changed = true;
            }
            None => {
                out.push(c);
                at += 1;
            }
        }
    }
    changed.then_some(out)
}

/// The byte a character stands for when UTF-8 was read as Latin-1 or
/// Windows-1252 (`€` for 0x80, `”` for 0x94), for the bytes a sequence is
/// made of (0x80 to 0xF4).
fn byte_of(c: char) -> Option<u8> {
    const WINDOWS_1252: &[(char, u8)] = &[
        ('€', 0x80),
        ('‚', 0x82),
        ('ƒ', 0x83),
        ('„', 0x84),
        ('…', 0x85),
        ('†', 0x86),
        ('‡', 0x87),
        ('ˆ', 0x88),
        ('‰', 0x89),
        ('Š', 0x8A),
        ('‹', 0x8B),
        ('Œ', 0x8C),
        ('Ž', 0x8E),
        ('‘', 0x91),
        ('’', 0x92),
        ('“', 0x93),
        ('”', 0x94),
        ('•', 0x95),
        ('–', 0x96),
        ('—', 0x97),
        ('˜', 0x98),
        ('™', 0x99),
        ('š', 0x9A),
        ('›', 0x9B),
        ('œ', 0x9C),
        ('ž', 0x9E),
        ('Ÿ', 0x9F),
    ];
    match u32::from(c) {
        code @ 0x80..=0xF4 => u8::try_from(code).ok(),
        _ => WINDOWS_1252
            .iter()
            .find(|(known, _)| *known == c)
            .map(|(_, byte)| *byte),
    }
}

/// A value of an attribute or of structured data, whitespace collapsed and
/// character references decoded once more: pages often encode them twice
/// (`content="Tips &amp;amp; tricks"`, `&#8217;` in JSON-LD).
pub(super) fn clean(text: &str) -> String {
    collapse(&decode_references(text))
}

/// Decodes numeric character references and the named ones pages put in
/// titles; anything else stays as it is.
pub(super) fn decode_references(text: &str) -> String {
    if !text.contains('&') {
        return text.to_owned();
    }
    const NAMED: &[(&str, char)] = &[
        ("amp", '&'),
        ("quot", '"'),
        ("apos", '\''),
        ("lt", '<'),
        ("gt", '>'),
        ("nbsp", '\u{a0}'),
        ("rsquo", '\u{2019}'),
        ("lsquo", '\u{2018}'),
        ("rdquo", '\u{201d}'),
        ("ldquo", '\u{201c}'),
        ("ndash", '\u{2013}'),
        ("mdash", '\u{2014}'),
        ("hellip", '\u{2026}'),
        ("copy", '\u{a9}'),
        ("reg", '\u{ae}'),
        ("trade", '\u{2122}'),
    ];
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let end = rest.find(';').filter(|&end| end <= 10);
        let decoded = end.and_then(|end| {
            let name = &rest[1..end];
            let code =
                if let Some(hex) = name.strip_prefix("#x").or_else(|| name.strip_prefix("#X")) {
                    u32::from_str_radix(hex, 16).ok().and_then(char::from_u32)
                } else if let Some(decimal) = name.strip_prefix('#') {
                    decimal.parse::<u32>().ok().and_then(char::from_u32)
                } else {
                    NAMED
                        .iter()
                        .find(|(known, _)| *known == name)
                        .map(|(_, c)| *c)
                };
            code.filter(|c| *c != '\0').map(|c| (c, end))
        });
        match decoded {
            Some((c, end)) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page_metadata::tests::{full, page};

    #[test]
    fn text_encoded_twice_is_read_once() {
        let cases = [
            (
                "Tide pools \u{e2}\u{80}\u{94} a guide\u{c2}\u{b6}",
                "Tide pools — a guide¶",
            ),
            ("It\u{e2}\u{20ac}\u{2122}s low tide", "It’s low tide"),
            ("Caf\u{c3}\u{a9} — S\u{c3}\u{a3}o Paulo", "Café — São Paulo"),
            // Letters that stand for no sequence are left as they are.
            ("SÃO PAULO café", "SÃO PAULO café"),
            ("Â", "Â"),
            ("â\u{80}", "â\u{80}"),
            ("ô\u{bf}\u{bf}\u{bf}", "ô\u{bf}\u{bf}\u{bf}"),
        ];
        for (text, read) in cases {
            assert_eq!(collapse(text), read, "{text:?}");
        }
        let dom = page("Tide pools | Field Notes", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Tide pools \u{e2}\u{80}\u{94} a guide\u{c2}\u{b6}");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Tide pools — a guide"));
    }
}
