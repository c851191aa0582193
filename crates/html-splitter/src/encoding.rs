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
//! What a user hands in may not be text at all (an image, an executable):
//! splitting it would give chunks of control characters, not an error
//! anyone would see. [`decode_text`] refuses such input for what its bytes
//! are, in two ways:
//!
//! - the bytes begin with the signature of a common binary format (PNG,
//!   JPEG, GIF, WebP, PDF, ZIP, gzip, ELF, PE, …), which no page begins
//!   with; or
//! - control characters are a large share of the first
//!   [`BINARY_CHECK_LIMIT`] bytes of the text (see [`check_text`] for the
//!   threshold and why).
//!
//! A few NUL characters do not make a page binary: the HTML standard reads
//! a NUL as a parse error (and U+FFFD or nothing), crawled pages carry
//! stray ones, and the html5lib parser tests are full of them.
//!
//! ```
//! use html_splitter::encoding::{Evidence, decode_text};
//!
//! assert_eq!(decode_text(b"<p>hi", None).unwrap(), "<p>hi");
//! // A stray NUL is a parse error the parser handles, not binary data.
//! assert_eq!(decode_text(b"<p>a\0b", None).unwrap(), "<p>a\0b");
//! let err = decode_text(b"\x7fELF\x02\x01\x01\0\0", None).unwrap_err();
//! assert_eq!(err.to_string(), "binary data, not text: an ELF executable signature");
//! assert!(matches!(err.evidence(), Evidence::Signature { .. }));
//! let err = decode_text(&[0; 100], None).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "binary data, not text: 100 of the first 100 characters (100%) are control characters"
//! );
//! // UTF-16's NUL bytes are halves of characters, not NUL characters.
//! assert_eq!(decode_text(b"\xFF\xFE<\0p\0>\0", None).unwrap(), "<p>");
//! ```

use std::fmt;

pub use encoding_rs::Encoding;
use encoding_rs::{UTF_8, UTF_16BE, UTF_16LE, WINDOWS_1252, X_USER_DEFINED};

/// How far into the input a `<meta>` declaration is looked for.
const PRESCAN_LIMIT: usize = 1024;

/// How far into a text, in bytes of its UTF-8 form, control characters are
/// counted to tell binary data from text (about 8 KB, as far as ripgrep and
/// git look for a NUL byte). The characters that begin within it are the
/// sample.
pub const BINARY_CHECK_LIMIT: usize = 8 * 1024;

/// A text is binary data when its control characters are more than this
/// percentage of the characters sampled (and at least
/// [`MIN_CONTROL_CHARACTERS`]). See [`check_text`] for why.
pub const CONTROL_SHARE_PERCENT: usize = 5;

/// Fewer control characters than this in the sample never make a text
/// binary data, whatever their share. See [`check_text`] for why.
pub const MIN_CONTROL_CHARACTERS: usize = 16;

/// Input that is binary data, not text; [`NotText::evidence`] says what
/// gave it away, and the message says it too:
/// `binary data, not text: a PNG image signature`, or
/// `binary data, not text: 2540 of the first 8192 characters (31%) are
/// control characters`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("binary data, not text: {evidence}")]
pub struct NotText {
    evidence: Evidence,
}

impl NotText {
    /// What showed the input to be binary data.
    pub fn evidence(&self) -> Evidence {
        self.evidence
    }
}

/// What showed an input to be binary data rather than text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Evidence {
    /// The bytes begin with the signature of a known binary format.
    #[non_exhaustive]
    Signature {
        /// The format, with its article, as the message names it: `"a PNG
        /// image"`, `"an ELF executable"`.
        format: &'static str,
    },
    /// Control characters are too large a share of the sample: more than
    /// [`CONTROL_SHARE_PERCENT`] percent of the characters that begin in
    /// the first [`BINARY_CHECK_LIMIT`] bytes of the text, and at least
    /// [`MIN_CONTROL_CHARACTERS`].
    #[non_exhaustive]
    ControlCharacters {
        /// The control characters in the sample.
        count: usize,
        /// The characters in the sample.
        sampled: usize,
    },
}

impl fmt::Display for Evidence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Evidence::Signature { format } => write!(f, "{format} signature"),
            Evidence::ControlCharacters { count, sampled } => {
                // Rounded to the nearest percent; `sampled` is at least
                // `count`, which is at least MIN_CONTROL_CHARACTERS.
                let percent = (count * 100 + sampled / 2) / sampled.max(1);
                write!(
                    f,
                    "{count} of the first {sampled} characters ({percent}%) are control characters"
                )
            }
        }
    }
}

/// A test of the first bytes of an input.
type Test = fn(&[u8]) -> bool;

/// Common binary formats by their signatures, the bytes each begins with
/// (its "magic number"). Each is one no page begins with: most start with,
/// or run on into, a control character or a byte that is not ASCII
/// (`"OggS\0"`); the few all in ASCII are odd words (`GIF89a`, `%PDF-`,
/// `wOFF`, `!<arch>\n`, bzip2's `BZh91AY&SY`); where a short prefix could begin a
/// text, more of the header is checked (`MZ` and its PE header, `RIFF` and
/// its type at byte 8, `BM` and its reserved zeros). None begins with a
/// byte order mark (`EF BB BF`, `FF FE`, `FE FF`), so UTF-8 and UTF-16 text
/// with one passes on to the count of control characters.
const SIGNATURES: &[(&str, Test)] = &[
    // Images.
    ("a PNG image", |b| b.starts_with(b"\x89PNG\r\n\x1a\n")),
    ("a JPEG image", |b| b.starts_with(b"\xFF\xD8\xFF")),
    ("a GIF image", |b| {
        starts_with_any(b, &[b"GIF87a", b"GIF89a"])
    }),
    ("a WebP image", |b| riff(b, b"WEBP")),
    ("a TIFF image", |b| {
        starts_with_any(b, &[b"II*\0", b"MM\0*"])
    }),
    // "BM", the file's size, then four reserved zero bytes.
    ("a BMP image", |b| {
        b.starts_with(b"BM") && at(b, 6, b"\0\0\0\0")
    }),
    ("an ICO icon", |b| b.starts_with(b"\0\0\x01\0")),
    ("a Photoshop image", |b| b.starts_with(b"8BPS\0\x01")),
    // Documents.
    ("a PDF document", |b| b.starts_with(b"%PDF-")),
    // Word, Excel and PowerPoint files before 2007 (.doc, .xls, .ppt).
    ("an OLE compound document", |b| {
        b.starts_with(b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1")
    }),
    ("an SQLite database", |b| {
        b.starts_with(b"SQLite format 3\0")
    }),
    // Archives and compressed data. ZIP is also .docx, .xlsx, .epub, .jar.
    ("a ZIP archive", |b| {
        starts_with_any(b, &[b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08"])
    }),
    ("gzip data", |b| b.starts_with(b"\x1F\x8B")),
    // "BZh", the block size digit, then the first block's magic (pi).
    ("bzip2 data", |b| {
        b.starts_with(b"BZh") && at(b, 4, b"1AY&SY")
    }),
    ("xz data", |b| b.starts_with(b"\xFD7zXZ\0")),
    ("zstd data", |b| b.starts_with(b"\x28\xB5\x2F\xFD")),
    ("LZ4 data", |b| b.starts_with(b"\x04\x22\x4D\x18")),
    ("a 7z archive", |b| b.starts_with(b"7z\xBC\xAF\x27\x1C")),
    ("a RAR archive", |b| b.starts_with(b"Rar!\x1A\x07")),
    // Debian packages and static libraries.
    ("an ar archive", |b| b.starts_with(b"!<arch>\n")),
    // Executables and code.
    ("an ELF executable", |b| b.starts_with(b"\x7FELF")),
    ("a Mach-O executable", |b| {
        starts_with_any(
            b,
            &[
                b"\xFE\xED\xFA\xCE",
                b"\xFE\xED\xFA\xCF",
                b"\xCE\xFA\xED\xFE",
                b"\xCF\xFA\xED\xFE",
            ],
        )
    }),
    // A class file and a universal Mach-O binary share CAFEBABE. Next comes
    // a class file's version (its major version, at least 45, in the low
    // half) or the Mach-O's count of architectures (a handful).
    ("a Java class file", |b| {
        cafebabe(b).is_some_and(|next| next >= 45)
    }),
    ("a Mach-O universal binary", |b| {
        cafebabe(b).is_some_and(|next| next < 45)
    }),
    // "MZ" alone could begin a text; the PE header it points to could not.
    // A DOS executable without one is left to the count of control
    // characters, as its header is mostly zero bytes.
    ("a Windows executable", is_pe),
    ("a WebAssembly module", |b| b.starts_with(b"\0asm")),
    // Fonts.
    ("a TrueType font", |b| b.starts_with(b"\0\x01\0\0")),
    ("an OpenType font", |b| b.starts_with(b"OTTO\0")),
    ("a WOFF font", |b| starts_with_any(b, &[b"wOFF", b"wOF2"])),
    // Audio and video.
    ("a WAV audio file", |b| riff(b, b"WAVE")),
    ("an AVI video", |b| riff(b, b"AVI ")),
    ("an Ogg stream", |b| b.starts_with(b"OggS\0")),
    // An ID3v2 tag (version 2 to 4), or an MPEG audio frame header
    // (MPEG-1 or 2, layer III).
    ("an MP3 audio file", |b| {
        (b.starts_with(b"ID3") && matches!(b.get(3), Some(2..=4)))
            || starts_with_any(b, &[b"\xFF\xFB", b"\xFF\xFA", b"\xFF\xF3", b"\xFF\xF2"])
    }),
    // MP4, QuickTime, 3GP, HEIF and AVIF: a box whose type is `ftyp`.
    ("an MP4 or other ISO media file", |b| at(b, 4, b"ftyp")),
    ("a Matroska or WebM video", |b| {
        b.starts_with(b"\x1A\x45\xDF\xA3")
    }),
];

/// Whether `bytes` begins with one of `prefixes`.
fn starts_with_any(bytes: &[u8], prefixes: &[&[u8]]) -> bool {
    prefixes.iter().any(|prefix| bytes.starts_with(prefix))
}

/// Whether `bytes` has `pattern` at `offset`.
fn at(bytes: &[u8], offset: usize, pattern: &[u8]) -> bool {
    bytes
        .get(offset..)
        .is_some_and(|rest| rest.starts_with(pattern))
}

/// A RIFF container of the given type (`WEBP`, `WAVE`, `AVI `).
fn riff(bytes: &[u8], kind: &[u8; 4]) -> bool {
    bytes.starts_with(b"RIFF") && at(bytes, 8, kind)
}

/// The big-endian number after a leading `CAFEBABE`.
fn cafebabe(bytes: &[u8]) -> Option<u32> {
    let next = bytes.strip_prefix(b"\xCA\xFE\xBA\xBE")?.get(..4)?;
    Some(u32::from_be_bytes(next.try_into().ok()?))
}

/// A Windows (PE) executable or DLL: a DOS header (`MZ`) whose field at
/// 0x3C gives the offset of the `PE\0\0` signature.
fn is_pe(bytes: &[u8]) -> bool {
    if !bytes.starts_with(b"MZ") {
        return false;
    }
    let Some(offset) = bytes.get(0x3C..0x40) else {
        return false;
    };
    let Ok(offset) = <[u8; 4]>::try_from(offset) else {
        return false;
    };
    usize::try_from(u32::from_le_bytes(offset)).is_ok_and(|offset| at(bytes, offset, b"PE\0\0"))
}

/// The format whose signature `bytes` begins with, if any.
fn signature(bytes: &[u8]) -> Option<&'static str> {
    SIGNATURES
        .iter()
        .find(|(_, test)| test(bytes))
        .map(|&(format, _)| format)
}

/// Whether `c` is a control character that text does not carry: a C0
/// control (U+0000 to U+001F, NUL included) other than the whitespace of
/// HTML and plain text (tab, line feed, form feed, carriage return).
fn is_binary_control(c: char) -> bool {
    c < ' ' && !matches!(c, '\t' | '\n' | '\x0C' | '\r')
}

/// Checks that `text` is text rather than binary data, by the share of
/// control characters in its first [`BINARY_CHECK_LIMIT`] bytes: it is
/// binary data when more than [`CONTROL_SHARE_PERCENT`] (5) percent of the
/// characters there are C0 controls other than tab, line feed, form feed
/// and carriage return (NUL included), and there are at least
/// [`MIN_CONTROL_CHARACTERS`] (16) of them.
///
/// Why these numbers:
///
/// - Text carries such controls only by accident. The HTML standard makes
///   each a parse error and reads on; a page that has any has a stray few
///   (the html5lib parser tests at most 3 in an input), far below
///   5 percent of 8 KiB (410).
/// - Binary data carries them everywhere. Executables, databases and
///   tables of numbers are full of zero bytes: half or more of their
///   characters (an ELF executable past its signature, about 73 percent).
///   Data that looks random (compressed or encrypted, or a format without
///   a signature known here) has them at the rate of 28 of the 256 byte
///   values, about 11 percent of its characters once decoded as UTF-8.
///   5 percent is half that, so that even a short sample of random data,
///   whose share strays furthest from 11 percent, stays above it: random
///   files are refused from a few hundred bytes on.
/// - A share of a handful of characters says nothing: an input of one NUL
///   is 100 percent control characters (html5lib has such inputs), and is
///   a parse error, not a file format. So an input needs at least 16
///   control characters to be binary data, five times the most an
///   html5lib input has.
///
/// This is the only check for a string handed in as text (a Python or
/// JavaScript string): a signature is a prefix of bytes, and text that
/// came from a binary file by way of some decoding carries its control
/// characters all the same. [`decode_text`] checks the signatures on the
/// bytes first.
///
/// ```
/// use html_splitter::encoding::check_text;
///
/// assert!(check_text("<p>one\0two</p>").is_ok());
/// assert!(check_text(&"\x01\x02\x03<p>".repeat(20)).is_err());
/// ```
pub fn check_text(text: &str) -> Result<(), NotText> {
    let mut sampled = 0;
    let mut count = 0;
    for (at, c) in text.char_indices() {
        if at >= BINARY_CHECK_LIMIT {
            break;
        }
        sampled += 1;
        count += usize::from(is_binary_control(c));
    }
    if count >= MIN_CONTROL_CHARACTERS && count * 100 > sampled * CONTROL_SHARE_PERCENT {
        Err(NotText {
            evidence: Evidence::ControlCharacters { count, sampled },
        })
    } else {
        Ok(())
    }
}

/// The text of `bytes` as [`decode`] gives it, or why they are not text:
/// they begin with the signature of a known binary format (read on the
/// bytes, before decoding), or the decoded text fails [`check_text`]. The
/// count reads the decoded text, so that UTF-16, whose ASCII characters
/// carry a NUL byte each, is text.
pub fn decode_text(bytes: &[u8], forced: Option<&'static Encoding>) -> Result<String, NotText> {
    if let Some(format) = signature(bytes) {
        return Err(NotText {
            evidence: Evidence::Signature { format },
        });
    }
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

    fn format_of(bytes: &[u8]) -> Option<&'static str> {
        match decode_text(bytes, None) {
            Err(err) => match err.evidence() {
                Evidence::Signature { format } => Some(format),
                other => panic!("refused for {other}, not a signature"),
            },
            Ok(_) => None,
        }
    }

    /// Stray NUL characters are parse errors the HTML standard handles, not
    /// binary data: the page decodes and splits on every backend.
    #[test]
    fn a_page_with_a_few_nuls_is_text() {
        let page = b"\0<!DOCTYPE html><title>T\0</title><p>one\0two</p>\0<p>three</p>\0";
        let text = decode_text(page, None).expect("a page with NULs is text");
        assert_eq!(text.matches('\0').count(), 5);
        assert_eq!(check_text(&text), Ok(()));
        let splitter = crate::Splitter::builder(100).build().expect("splitter");
        for &backend in crate::Backend::ALL {
            let chunks = backend.split(&splitter, &text).expect("splits");
            let joined = chunks.to_strings().join("\n");
            assert!(joined.contains("three"), "{backend:?}: {joined:?}");
        }
        // The html5lib tests' inputs: a lone NUL, or one in a short input.
        for input in ["\0", "a\0", "<p>\0</p>", "\0\0\0<b>x</b>"] {
            assert_eq!(check_text(input), Ok(()), "{input:?}");
        }
        // Fifteen control characters never make an input binary data, even
        // one of nothing else.
        assert_eq!(check_text(&"\0".repeat(15)), Ok(()));
        let spread = format!("{}{}", "\0".repeat(40), "<p>x</p>".repeat(1000));
        assert_eq!(check_text(&spread), Ok(()));
    }

    #[test]
    fn signatures_of_binary_formats_are_refused_naming_the_format() {
        let mut pe = b"MZ\x90\0\x03\0\0\0".to_vec();
        pe.resize(0x80, 0);
        pe[0x3C] = 0x80;
        pe.extend_from_slice(b"PE\0\0\x64\x86");
        let cases: &[(&[u8], &str)] = &[
            (b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "a PNG image"),
            (b"\xFF\xD8\xFF\xE0\0\x10JFIF\0", "a JPEG image"),
            (b"GIF89a\x01\0\x01\0", "a GIF image"),
            (b"GIF87a", "a GIF image"),
            (b"RIFF\x24\0\0\0WEBPVP8 ", "a WebP image"),
            (b"%PDF-1.7\n%\xE2\xE3\xCF\xD3\n", "a PDF document"),
            (b"PK\x03\x04\x14\0\0\0\x08\0", "a ZIP archive"),
            (b"\x1F\x8B\x08\0\0\0\0\0\0\x03", "gzip data"),
            (b"\x7FELF\x02\x01\x01\0", "an ELF executable"),
            (b"BZh91AY&SY", "bzip2 data"),
            (b"\xFD7zXZ\0\0", "xz data"),
            (b"\x28\xB5\x2F\xFD\x24", "zstd data"),
            (b"7z\xBC\xAF\x27\x1C\0\x04", "a 7z archive"),
            (b"\xCF\xFA\xED\xFE\x0C\0\0\x01", "a Mach-O executable"),
            (b"\xCA\xFE\xBA\xBE\0\0\0\x02", "a Mach-O universal binary"),
            (b"\xCA\xFE\xBA\xBE\0\0\0\x41", "a Java class file"),
            (&pe, "a Windows executable"),
            (b"\0asm\x01\0\0\0", "a WebAssembly module"),
            (b"SQLite format 3\0\x10\0", "an SQLite database"),
            (b"OggS\0\x02\0\0", "an Ogg stream"),
            (b"ID3\x04\0\0\0\0", "an MP3 audio file"),
            (
                b"\0\0\0\x20ftypisom\0\0\x02\0",
                "an MP4 or other ISO media file",
            ),
            (
                b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1\0\0",
                "an OLE compound document",
            ),
        ];
        for &(bytes, format) in cases {
            assert_eq!(format_of(bytes), Some(format), "{bytes:?}");
        }
        let err = decode_text(b"\x89PNG\r\n\x1a\n", None).expect_err("a PNG image");
        assert_eq!(
            err.to_string(),
            "binary data, not text: a PNG image signature"
        );
        // A forced encoding reads the same bytes.
        assert!(decode_text(b"%PDF-1.4", Some(WINDOWS_1252)).is_err());
    }

    /// Text that merely begins like a signature's first bytes is text.
    #[test]
    fn text_resembling_a_signature_is_text() {
        for page in [
            &b"MZ is a town"[..],
            b"BM <p>x",
            b"RIFF <p>x</p>",
            b"ID3 tags",
            b"OggS are",
            b"<p>PK\x03\x04</p>",
            b"PDF-1.7",
        ] {
            assert!(decode_text(page, None).is_ok(), "{page:?}");
        }
        // An MZ header whose PE offset points past the end is no PE; the
        // count of control characters still refuses a DOS header.
        let mut dos = b"MZ".to_vec();
        dos.resize(64, 0);
        dos[0x3C] = 0xFF;
        assert_eq!(signature(&dos), None);
        assert!(decode_text(&dos, None).is_err());
    }

    /// A byte order mark is never a signature, so UTF-16 with one is read as
    /// text, its NUL bytes halves of characters.
    #[test]
    fn utf16_with_a_bom_is_text() {
        for bom in [&b"\xFF\xFE"[..], b"\xFE\xFF", b"\xEF\xBB\xBF"] {
            for next in 0..=255u8 {
                let mut bytes = bom.to_vec();
                bytes.extend_from_slice(&[next, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
                assert_eq!(signature(&bytes), None, "{bytes:?}");
            }
        }
        let utf16le: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(
                "<p>hello, world</p>"
                    .repeat(50)
                    .bytes()
                    .flat_map(|b| [b, 0]),
            )
            .collect();
        assert!(decode_text(&utf16le, None).is_ok());
        let utf16be: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain("<p>a\0b</p>".bytes().flat_map(|b| [0, b]))
            .collect();
        assert_eq!(
            decode_text(&utf16be, None).expect("UTF-16 with NULs is text"),
            "<p>a\0b</p>"
        );
        // UTF-16 of nothing but NUL characters is binary data all the same.
        let mut nuls = b"\xFE\xFF".to_vec();
        nuls.resize(2 + 2 * 64, 0);
        assert!(decode_text(&nuls, None).is_err());
    }

    #[test]
    fn a_large_share_of_control_characters_is_binary_data() {
        assert_eq!(check_text(""), Ok(()));
        // 16 in 320 characters is 5 percent exactly: text. 17 is more.
        let at_threshold = format!("{}{}", "\x01".repeat(16), "a".repeat(304));
        assert_eq!(check_text(&at_threshold), Ok(()));
        let over = format!("{}{}", "\x01".repeat(17), "a".repeat(303));
        assert_eq!(
            check_text(&over),
            Err(NotText {
                evidence: Evidence::ControlCharacters {
                    count: 17,
                    sampled: 320
                }
            })
        );
        assert_eq!(
            NotText {
                evidence: Evidence::ControlCharacters {
                    count: 2540,
                    sampled: 8192
                }
            }
            .to_string(),
            "binary data, not text: 2540 of the first 8192 characters (31%) are control characters"
        );
        // Whitespace controls are text.
        assert_eq!(check_text(&"\t\n\r\x0C".repeat(100)), Ok(()));
        // Only the first BINARY_CHECK_LIMIT bytes are sampled.
        let late = format!("{}{}", " ".repeat(BINARY_CHECK_LIMIT), "\0".repeat(1000));
        assert_eq!(check_text(&late), Ok(()));
        let last = format!(
            "{}{}",
            " ".repeat(BINARY_CHECK_LIMIT - 1),
            "\0".repeat(1000)
        );
        assert_eq!(check_text(&last), Ok(()));
        let half = format!(
            "{}{}",
            "a".repeat(BINARY_CHECK_LIMIT / 2),
            "\0".repeat(1000)
        );
        let Err(err) = check_text(&half) else {
            panic!("1000 NULs in 5096 characters are binary data");
        };
        assert_eq!(
            err.evidence(),
            Evidence::ControlCharacters {
                count: 1000,
                sampled: 5096
            }
        );

        // Random bytes, with no signature: about 11 percent of their
        // characters are control characters once decoded.
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        let mut random = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state.to_le_bytes()[0]
        };
        for len in [512, 4096, 100_000] {
            let mut bytes: Vec<u8> = (0..len).map(|_| random()).collect();
            bytes[0] = b'x';
            assert_eq!(signature(&bytes), None);
            let err = decode_text(&bytes, None).expect_err("random bytes");
            assert!(matches!(err.evidence(), Evidence::ControlCharacters { .. }));
        }
        let controls: Vec<u8> = (0..1000).map(|i| [1, 2, 0x1B, 0x7, 0][i % 5]).collect();
        assert!(decode_text(&controls, None).is_err());
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
