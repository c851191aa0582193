//! Bytes to text as a browser would: the HTML encoding sniffing algorithm,
//! reduced to what a file on disk carries. A byte order mark wins, else a
//! `<meta charset>` or `<meta http-equiv="Content-Type" content="…charset=…">`
//! in the first 1024 bytes, else UTF-8. Invalid sequences become U+FFFD.
//!
//! ```
//! use html_splitter::encoding::decode;
//!
//! assert_eq!(decode(b"<meta charset=windows-1252><p>caf\xE9", None), "<meta charset=windows-1252><p>caf\u{e9}");
//! assert_eq!(decode(b"<p>caf\xE9", None), "<p>caf\u{FFFD}");
//! ```

pub use encoding_rs::Encoding;
use encoding_rs::{UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252, X_USER_DEFINED};

/// How far into the input a `<meta>` declaration is looked for.
const PRESCAN_LIMIT: usize = 1024;

/// Decodes `bytes` with `forced` if given, else with the sniffed encoding.
/// A byte order mark wins over both, as in browsers.
pub fn decode(bytes: &[u8], forced: Option<&'static Encoding>) -> String {
    let encoding = forced.unwrap_or_else(|| sniff(bytes));
    // `decode` removes a BOM that matches the encoding and replaces
    // malformed sequences.
    let (text, _, _) = encoding.decode(bytes);
    text.into_owned()
}

/// The encoding a browser would pick for `bytes` without a transport-level
/// charset.
pub fn sniff(bytes: &[u8]) -> &'static Encoding {
    if let Some((encoding, _)) = Encoding::for_bom(bytes) {
        return encoding;
    }
    prescan(&bytes[..bytes.len().min(PRESCAN_LIMIT)]).unwrap_or(UTF_8)
}

/// The spec's "get an encoding" with the prescan's fix-ups: a declared
/// UTF-16 means UTF-8 (the bytes were evidently not UTF-16), and
/// x-user-defined means windows-1252.
fn from_declared_label(label: &[u8]) -> Option<&'static Encoding> {
    let encoding = Encoding::for_label(label)?;
    Some(if encoding == UTF_16BE || encoding == UTF_16LE {
        UTF_8
    } else if encoding == X_USER_DEFINED {
        WINDOWS_1252
    } else {
        encoding
    })
}

/// Looks for `<meta charset=…>` or `<meta http-equiv="content-type"
/// content="…charset=…">`, skipping comments.
fn prescan(bytes: &[u8]) -> Option<&'static Encoding> {
    let mut pos = 0;
    while pos < bytes.len() {
        let rest = &bytes[pos..];
        if rest.starts_with(b"<!--") {
            pos += find(&rest[4..], b"-->").map_or(rest.len(), |end| end + 7);
        } else if starts_with_ignore_case(rest, b"<meta")
            && rest
                .get(5)
                .is_some_and(|&b| b.is_ascii_whitespace() || b == b'/')
        {
            let (encoding, consumed) = meta_encoding(&rest[5..]);
            if encoding.is_some() {
                return encoding;
            }
            pos += 5 + consumed;
        } else {
            pos += 1;
        }
    }
    None
}

/// Reads the attributes of one `<meta` tag; returns its encoding, if it
/// declares one, and the number of bytes read.
fn meta_encoding(bytes: &[u8]) -> (Option<&'static Encoding>, usize) {
    let mut attributes = Attributes { bytes, pos: 0 };
    let mut charset = None;
    let mut content_charset = None;
    let mut http_equiv_content_type = false;
    while let Some((name, value)) = attributes.next_attribute() {
        match name.to_ascii_lowercase().as_slice() {
            b"charset" if charset.is_none() => charset = Some(value),
            b"content" if content_charset.is_none() => content_charset = charset_in_content(value),
            b"http-equiv" => {
                http_equiv_content_type |= value.eq_ignore_ascii_case(b"content-type");
            }
            _ => {}
        }
    }
    let label = charset.or(if http_equiv_content_type {
        content_charset
    } else {
        None
    });
    (label.and_then(from_declared_label), attributes.pos)
}

/// The spec's "extracting a character encoding from a meta element".
fn charset_in_content(content: &[u8]) -> Option<&[u8]> {
    let lower = content.to_ascii_lowercase();
    let mut from = 0;
    loop {
        let at = from + find(&lower[from..], b"charset")?;
        let mut pos = at + 7;
        while lower.get(pos).is_some_and(u8::is_ascii_whitespace) {
            pos += 1;
        }
        if lower.get(pos) != Some(&b'=') {
            from = at + 7;
            continue;
        }
        pos += 1;
        while lower.get(pos).is_some_and(u8::is_ascii_whitespace) {
            pos += 1;
        }
        let rest = &content[pos..];
        return match rest.first() {
            Some(&quote @ (b'"' | b'\'')) => {
                let end = rest[1..].iter().position(|&b| b == quote)?;
                Some(&rest[1..1 + end])
            }
            Some(_) => {
                let end = rest
                    .iter()
                    .position(|&b| b.is_ascii_whitespace() || b == b';')
                    .unwrap_or(rest.len());
                Some(&rest[..end])
            }
            None => None,
        };
    }
}

/// A forgiving reader of `name=value` pairs up to the closing `>`.
struct Attributes<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Attributes<'a> {
    fn next_attribute(&mut self) -> Option<(&'a [u8], &'a [u8])> {
        let bytes = self.bytes;
        while bytes
            .get(self.pos)
            .is_some_and(|&b| b.is_ascii_whitespace() || b == b'/')
        {
            self.pos += 1;
        }
        match bytes.get(self.pos) {
            None | Some(b'>') => return None,
            _ => {}
        }
        let name_start = self.pos;
        while bytes
            .get(self.pos)
            .is_some_and(|&b| !b.is_ascii_whitespace() && !matches!(b, b'=' | b'>' | b'/'))
        {
            self.pos += 1;
        }
        let name = &bytes[name_start..self.pos];
        while bytes.get(self.pos).is_some_and(u8::is_ascii_whitespace) {
            self.pos += 1;
        }
        if bytes.get(self.pos) != Some(&b'=') {
            if name.is_empty() {
                // A stray '/' or similar: step over it so the loop advances.
                self.pos += 1;
            }
            return Some((name, &[]));
        }
        self.pos += 1;
        while bytes.get(self.pos).is_some_and(u8::is_ascii_whitespace) {
            self.pos += 1;
        }
        let value = match bytes.get(self.pos) {
            Some(&quote @ (b'"' | b'\'')) => {
                let start = self.pos + 1;
                let end = bytes[start..]
                    .iter()
                    .position(|&b| b == quote)
                    .map_or(bytes.len(), |len| start + len);
                self.pos = (end + 1).min(bytes.len());
                &bytes[start..end]
            }
            _ => {
                let start = self.pos;
                while bytes
                    .get(self.pos)
                    .is_some_and(|&b| !b.is_ascii_whitespace() && b != b'>')
                {
                    self.pos += 1;
                }
                &bytes[start..self.pos]
            }
        };
        Some((name, value))
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

fn starts_with_ignore_case(bytes: &[u8], prefix: &[u8]) -> bool {
    bytes.len() >= prefix.len() && bytes[..prefix.len()].eq_ignore_ascii_case(prefix)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bom_wins() {
        assert_eq!(sniff(b"\xEF\xBB\xBF<meta charset=latin1>"), UTF_8);
        assert_eq!(sniff(b"\xFF\xFEa\0"), UTF_16LE);
        assert_eq!(sniff(b"\xFE\xFF\0a"), UTF_16BE);
        assert_eq!(decode(b"\xFF\xFEh\0i\0", None), "hi");
    }

    #[test]
    fn meta_charset() {
        assert_eq!(
            sniff(b"<html><head><meta charset=\"ISO-8859-1\">"),
            WINDOWS_1252
        );
        assert_eq!(sniff(b"<META CHARSET=shift_jis>"), encoding_rs::SHIFT_JIS);
        assert_eq!(
            sniff(b"<meta http-equiv=\"Content-Type\" content=\"text/html; charset=koi8-r\">"),
            encoding_rs::KOI8_R
        );
        assert_eq!(
            sniff(b"<meta content='text/html; charset=koi8-r' http-equiv=content-type>"),
            encoding_rs::KOI8_R
        );
        // content without http-equiv declares nothing
        assert_eq!(
            sniff(b"<meta content=\"text/html; charset=koi8-r\">"),
            UTF_8
        );
        assert_eq!(sniff(b"<meta charset=utf-16le>"), UTF_8);
        assert_eq!(sniff(b"<!-- <meta charset=koi8-r> --><p>x"), UTF_8);
        assert_eq!(
            sniff(b"<meta name=viewport><meta charset=windows-1251>"),
            encoding_rs::WINDOWS_1251
        );
    }

    #[test]
    fn meta_beyond_1024_bytes_is_ignored() {
        let mut page = vec![b' '; 1100];
        page.extend_from_slice(b"<meta charset=koi8-r>");
        assert_eq!(sniff(&page), UTF_8);
    }

    #[test]
    fn invalid_utf8_becomes_replacement() {
        assert_eq!(decode(b"a\xFFb", None), "a\u{FFFD}b");
        assert_eq!(decode(b"caf\xE9", Some(WINDOWS_1252)), "café");
    }

    /// Truncated or malformed declarations declare nothing: the page is
    /// UTF-8 and decodes to itself.
    #[test]
    fn truncated_declarations_fall_back_to_utf8() {
        for input in [
            &b"<meta"[..],
            b"<meta ",
            b"<meta charset",
            b"<meta charset=",
            b"<meta content='charset=",
            b"<!--",
            b"<meta / / =>",
            b"<meta charset=\"",
            b"<meta http-equiv=content-type content=\"text/html; charset",
        ] {
            let page = String::from_utf8_lossy(input);
            assert_eq!(sniff(input), UTF_8, "{page}");
            assert_eq!(decode(input, None), page, "{page}");
        }
    }
}
