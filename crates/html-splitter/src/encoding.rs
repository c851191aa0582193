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
//!
//! What a user hands in may not be text at all (an image, an executable).
//! [`decode_text`] and [`check_text`] refuse it as ripgrep and git do: a NUL
//! character within the first [`BINARY_CHECK_LIMIT`] bytes of the text
//! marks binary data. Markup never needs one, and splitting an executable
//! gives chunks of control characters, not an error anyone would see.
//!
//! ```
//! use html_splitter::encoding::decode_text;
//!
//! assert_eq!(decode_text(b"<p>hi", None).unwrap(), "<p>hi");
//! let err = decode_text(b"\x7fELF\x02\x01\x01\0\0", None).unwrap_err();
//! assert_eq!(err.to_string(), "binary data, not text: a NUL character at character 7");
//! // UTF-16's NUL bytes are halves of characters, not NUL characters.
//! assert_eq!(decode_text(b"\xFF\xFE<\0p\0>\0", None).unwrap(), "<p>");
//! ```

pub use encoding_rs::Encoding;
use encoding_rs::{UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252, X_USER_DEFINED};

/// How far into the input a `<meta>` declaration is looked for.
const PRESCAN_LIMIT: usize = 1024;

/// How far into a text, in bytes of its UTF-8 form, a NUL character marks
/// it as binary data (as ripgrep and git look, about 8 KB in).
pub const BINARY_CHECK_LIMIT: usize = 8 * 1024;

/// Input that is binary data, not text: it has a NUL character within its
/// first [`BINARY_CHECK_LIMIT`] bytes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("binary data, not text: a NUL character at character {position}")]
pub struct NotText {
    position: usize,
}

impl NotText {
    /// Where the first NUL character is, counted in characters from the
    /// start of the decoded text.
    pub fn position(&self) -> usize {
        self.position
    }
}

/// Checks that `text` is text rather than binary data: no NUL character in
/// its first [`BINARY_CHECK_LIMIT`] bytes.
pub fn check_text(text: &str) -> Result<(), NotText> {
    let head = &text.as_bytes()[..text.len().min(BINARY_CHECK_LIMIT)];
    match head.iter().position(|&byte| byte == 0) {
        // A NUL byte in UTF-8 is always a whole character, so `at` is a
        // character boundary.
        Some(at) => Err(NotText {
            position: text[..at].chars().count(),
        }),
        None => Ok(()),
    }
}

/// [`decode`], then [`check_text`]: the text of `bytes`, or why they are
/// not text. The check reads the decoded text, so that UTF-16, whose
/// ASCII characters carry a NUL byte each, is text.
pub fn decode_text(bytes: &[u8], forced: Option<&'static Encoding>) -> Result<String, NotText> {
    let text = decode(bytes, forced);
    check_text(&text)?;
    Ok(text)
}

/// Decodes `bytes` with `forced` if given, else with the sniffed encoding.
/// A byte order mark wins over both, as in browsers. Binary data decodes
/// too; [`decode_text`] refuses it.
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

    #[test]
    fn a_nul_character_early_on_is_binary_data() {
        assert_eq!(check_text(""), Ok(()));
        assert_eq!(check_text("<p>é\0"), Err(NotText { position: 4 }));
        let late = format!("{}\0", " ".repeat(BINARY_CHECK_LIMIT));
        assert_eq!(check_text(&late), Ok(()));
        let last = format!("{}\0", " ".repeat(BINARY_CHECK_LIMIT - 1));
        assert!(check_text(&last).is_err());
        assert!(decode_text(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", None).is_err());
        assert!(decode_text(b"\xFE\xFF\0<\0p\0>", None).is_ok());
        assert!(decode_text(b"\xFE\xFF\0\0", None).is_err());
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
