//! Small pieces of the HTML tokenizer, run over the source text where tl's own
//! tokenizer strays from the standard: the extent of a start tag and its
//! attributes, the end of a `<!...>`/`<?...>`/`</...>` construct, and the end
//! tag that closes raw text.
//!
//! Every function takes byte positions into one source string and returns
//! positions that are either the source length or next to an ASCII byte, so
//! they are always char boundaries. None of them panics on any input.

use std::ops::Range;

use memchr::{memchr, memmem};

/// Whitespace as the tokenizer sees it (CR is normalised to LF before it).
pub(crate) fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0C | b'\r' | b' ')
}

/// End of a tag name that starts at `from`.
pub(crate) fn name_end(src: &[u8], from: usize) -> usize {
    let mut i = from;
    while let Some(&b) = src.get(i) {
        if is_space(b) || b == b'/' || b == b'>' {
            break;
        }
        i += 1;
    }
    i
}

/// Walks the attributes of a tag, from the end of its name to its `>`.
#[derive(Debug)]
pub(crate) struct TagScanner<'s> {
    src: &'s [u8],
    pos: usize,
    done: bool,
    self_closing: bool,
    terminated: bool,
}

/// Where a tag ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TagEnd {
    /// Position after the `>`, or the source length if the tag runs to the end.
    pub end: usize,
    /// The tag ended with `/>`.
    pub self_closing: bool,
    /// The tag ended with `>` (rather than at the end of the source).
    pub terminated: bool,
}

impl<'s> TagScanner<'s> {
    /// Starts after the tag name, at `name_end`.
    pub(crate) fn new(src: &'s [u8], name_end: usize) -> Self {
        TagScanner {
            src,
            pos: name_end,
            done: false,
            self_closing: false,
            terminated: false,
        }
    }

    fn skip_space(&self, mut i: usize) -> usize {
        while self.src.get(i).copied().is_some_and(is_space) {
            i += 1;
        }
        i
    }

    /// The next attribute: the byte range of its name and, if it has one,
    /// of its raw value. `None` once the tag's `>` (or the end) is reached.
    pub(crate) fn next_attribute(&mut self) -> Option<(Range<usize>, Option<Range<usize>>)> {
        if self.done {
            return None;
        }
        let src = self.src;
        let len = src.len();
        let mut i = self.pos;
        // Before attribute name: whitespace and stray solidi are skipped.
        loop {
            i = self.skip_space(i);
            match src.get(i) {
                None => {
                    self.pos = len;
                    self.done = true;
                    return None;
                }
                Some(b'>') => {
                    self.pos = i + 1;
                    self.done = true;
                    self.terminated = true;
                    return None;
                }
                Some(b'/') => {
                    if src.get(i + 1) == Some(&b'>') {
                        self.self_closing = true;
                        self.pos = i + 2;
                        self.done = true;
                        self.terminated = true;
                        return None;
                    }
                    i += 1;
                }
                Some(_) => break,
            }
        }
        // Attribute name; a leading `=` belongs to the name.
        let name_start = i;
        i += 1;
        while let Some(&b) = src.get(i) {
            if is_space(b) || matches!(b, b'/' | b'>' | b'=') {
                break;
            }
            i += 1;
        }
        let name = name_start..i.min(len);
        // After attribute name: whitespace, then maybe `=`.
        let after_name = self.skip_space(i);
        if src.get(after_name) != Some(&b'=') {
            self.pos = i;
            return Some((name, None));
        }
        let value_start = self.skip_space(after_name + 1);
        match src.get(value_start) {
            Some(&quote @ (b'"' | b'\'')) => {
                let from = value_start + 1;
                let close = src
                    .get(from..)
                    .and_then(|rest| memchr(quote, rest))
                    .map_or(len, |at| from + at);
                self.pos = (close + 1).min(len);
                Some((name, Some(from.min(len)..close)))
            }
            _ => {
                let mut end = value_start;
                while let Some(&b) = src.get(end) {
                    if is_space(b) || b == b'>' {
                        break;
                    }
                    end += 1;
                }
                let end = end.min(len);
                self.pos = end;
                Some((name, Some(value_start.min(end)..end)))
            }
        }
    }

    /// Skips the remaining attributes and reports where the tag ends.
    pub(crate) fn finish(mut self) -> TagEnd {
        while self.next_attribute().is_some() {}
        TagEnd {
            end: self.pos.min(self.src.len()),
            self_closing: self.self_closing,
            terminated: self.terminated,
        }
    }
}

/// Position just after the first `>` at or after `from`, or the end.
fn after_gt(src: &[u8], from: usize) -> usize {
    src.get(from..)
        .and_then(|rest| memchr(b'>', rest))
        .map_or(src.len(), |at| from + at + 1)
}

/// What the tokenizer makes of the `<` at `lt`: `None` if it is a literal
/// `<` in text, otherwise the position just after the construct it opens
/// (tag, end tag, comment, doctype, bogus comment), or the source length if
/// the construct runs to the end.
pub(crate) fn markup_end(src: &[u8], lt: usize) -> Option<usize> {
    match *src.get(lt + 1)? {
        b'!' => {
            if src.get(lt + 2..lt + 4) == Some(b"--") {
                Some(comment_end(src, lt + 4))
            } else {
                Some(after_gt(src, lt + 2))
            }
        }
        b'?' => Some(after_gt(src, lt + 1)),
        b'/' => match *src.get(lt + 2)? {
            b if b.is_ascii_alphabetic() => {
                Some(TagScanner::new(src, name_end(src, lt + 2)).finish().end)
            }
            b'>' => Some(lt + 3),
            _ => Some(after_gt(src, lt + 2)),
        },
        b if b.is_ascii_alphabetic() => {
            Some(TagScanner::new(src, name_end(src, lt + 1)).finish().end)
        }
        _ => None,
    }
}

/// End of a comment whose text starts at `from` (just after `<!--`).
fn comment_end(src: &[u8], from: usize) -> usize {
    let Some(rest) = src.get(from..) else {
        return src.len();
    };
    // `<!-->` and `<!--->` are (abruptly closed) empty comments.
    if rest.starts_with(b">") {
        return from + 1;
    }
    if rest.starts_with(b"->") {
        return from + 2;
    }
    // Look for `--!>` only before the first `-->`: searching the whole rest
    // for it at every comment would be quadratic.
    let plain = memmem::find(rest, b"-->");
    let banged_scope = plain.map_or(rest, |at| &rest[..at + 3]);
    match (memmem::find(banged_scope, b"--!>"), plain) {
        (Some(banged), _) => from + banged + 4,
        (None, Some(plain)) => from + plain + 3,
        (None, None) => src.len(),
    }
}

/// Finds the end tag `</name` (ASCII case-insensitive, followed by
/// whitespace, `/` or `>`) that closes raw text starting at `from`.
/// Returns the position of its `<` and the position after its `>`.
pub(crate) fn raw_text_end(src: &[u8], from: usize, name: &[u8]) -> Option<(usize, usize)> {
    let rest = src.get(from..)?;
    for at in memmem::find_iter(rest, b"</") {
        let lt = from + at;
        let name_start = lt + 2;
        let after_name = name_start + name.len();
        let matches_name = src
            .get(name_start..after_name)
            .is_some_and(|candidate| candidate.eq_ignore_ascii_case(name));
        let delimited = src
            .get(after_name)
            .is_some_and(|&b| is_space(b) || b == b'/' || b == b'>');
        if matches_name && delimited {
            return Some((lt, TagScanner::new(src, after_name).finish().end));
        }
    }
    None
}

/// Finds the end of `<script>` content starting at `from`, following the
/// standard's script data states: inside `<!--` a `<script` "double
/// escapes" and its `</script` does not end the script. Returns the
/// position of the ending `</script`'s `<` and the position after its `>`.
pub(crate) fn script_end(src: &[u8], from: usize) -> Option<(usize, usize)> {
    #[derive(PartialEq)]
    enum State {
        Data,
        Escaped,
        DoubleEscaped,
    }
    const NAME: &[u8] = b"script";
    // `<` at `at` followed by `prefix`, `script` and a delimiter.
    let tag_at = |at: usize, prefix: &[u8]| -> bool {
        let name_start = at + 1 + prefix.len();
        src.get(at + 1..name_start) == Some(prefix)
            && src
                .get(name_start..name_start + NAME.len())
                .is_some_and(|name| name.eq_ignore_ascii_case(NAME))
            && src
                .get(name_start + NAME.len())
                .is_some_and(|&b| is_space(b) || b == b'/' || b == b'>')
    };
    let end_tag = |at: usize| -> (usize, usize) {
        let after_name = at + 2 + NAME.len();
        (at, TagScanner::new(src, after_name).finish().end)
    };
    let mut state = State::Data;
    let mut dashes = 0;
    let mut i = from;
    while i < src.len() {
        if state == State::Data {
            let at = i + memchr(b'<', src.get(i..)?)?;
            if tag_at(at, b"/") {
                return Some(end_tag(at));
            }
            if src.get(at + 1..at + 4) == Some(b"!--") {
                state = State::Escaped;
                dashes = 2;
                i = at + 4;
            } else {
                i = at + 1;
            }
            continue;
        }
        match src.get(i) {
            Some(b'-') => {
                dashes += 1;
                i += 1;
                continue;
            }
            Some(b'>') if dashes >= 2 => state = State::Data,
            Some(b'<') if state == State::Escaped => {
                if tag_at(i, b"/") {
                    return Some(end_tag(i));
                }
                if tag_at(i, b"") {
                    state = State::DoubleEscaped;
                }
            }
            Some(b'<') if tag_at(i, b"/") => {
                state = State::Escaped;
                i += 2 + NAME.len();
                dashes = 0;
                continue;
            }
            _ => {}
        }
        dashes = 0;
        i += 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attributes(tag: &str) -> Vec<(String, Option<String>)> {
        let src = tag.as_bytes();
        let mut scanner = TagScanner::new(src, name_end(src, 1));
        let mut out = Vec::new();
        while let Some((name, value)) = scanner.next_attribute() {
            let text = |r: Range<usize>| tag.get(r).unwrap_or("<bad range>").to_owned();
            out.push((text(name), value.map(text)));
        }
        out
    }

    fn tag_end(tag: &str) -> TagEnd {
        let src = tag.as_bytes();
        TagScanner::new(src, name_end(src, 1)).finish()
    }

    #[test]
    fn attributes_as_the_tokenizer_reads_them() {
        assert_eq!(
            attributes("<a href=/x/y title='a>b' data-x = \"1\" hidden\tX=2>"),
            [
                ("href".into(), Some("/x/y".into())),
                ("title".into(), Some("a>b".into())),
                ("data-x".into(), Some("1".into())),
                ("hidden".into(), None),
                ("X".into(), Some("2".into())),
            ]
        );
        assert_eq!(
            attributes("<p =x a/b @click=\"f()\">"),
            [
                ("=x".into(), None),
                ("a".into(), None),
                ("b".into(), None),
                ("@click".into(), Some("f()".into())),
            ]
        );
        assert_eq!(
            attributes("<p a=\"unterminated"),
            [("a".into(), Some("unterminated".into()))]
        );
    }

    #[test]
    fn tag_ends() {
        assert_eq!(
            tag_end("<br/>x"),
            TagEnd {
                end: 5,
                self_closing: true,
                terminated: true
            }
        );
        assert_eq!(
            tag_end("<path d=a/>x"),
            TagEnd {
                end: 11,
                self_closing: false,
                terminated: true
            }
        );
        assert_eq!(
            tag_end("<p title=\"a"),
            TagEnd {
                end: 11,
                self_closing: false,
                terminated: false
            }
        );
    }

    #[test]
    fn markup_constructs() {
        let end = |s: &str| markup_end(s.as_bytes(), 0);
        assert_eq!(end("< b>"), None);
        assert_eq!(end("<3"), None);
        assert_eq!(end("<"), None);
        assert_eq!(end("</"), None);
        assert_eq!(end("<!DOCTYPE html PUBLIC \"x\">rest"), Some(26));
        assert_eq!(end("<!-- a -- b -->rest"), Some(15));
        assert_eq!(end("<!-->rest"), Some(5));
        assert_eq!(end("<!--->rest"), Some(6));
        assert_eq!(end("<!-- a --!>rest"), Some(11));
        assert_eq!(end("<?xml v?>rest"), Some(9));
        assert_eq!(end("</ p>rest"), Some(5));
        assert_eq!(end("</>rest"), Some(3));
        assert_eq!(end("</p class='>'>rest"), Some(14));
        assert_eq!(end("<a href=/x>rest"), Some(11));
    }

    #[test]
    fn script_ends() {
        let end = |s: &str| script_end(s.as_bytes(), 0);
        assert_eq!(end("a</script>"), Some((1, 10)));
        assert_eq!(end("<!-- x </script> -->"), Some((7, 16)));
        // Double escaped: the inner `</script>` does not end it.
        let legacy = "<!-- document.write(\"<script></script>\"); //--></script>b";
        assert_eq!(end(legacy), Some((47, 56)));
        assert_eq!(end("<!--<script></script>x</script>"), Some((22, 31)));
        assert_eq!(end("<!-->a</script>"), Some((6, 15)));
        assert_eq!(end("<!--<script>--></script>"), Some((15, 24)));
        assert_eq!(end("<!--<script></script"), None);
        assert_eq!(end(""), None);
    }

    #[test]
    fn raw_text_ends() {
        let src = b"a</scripty></SCRIPT\t x='>'>b";
        assert_eq!(raw_text_end(src, 0, b"script"), Some((11, 27)));
        assert_eq!(raw_text_end(b"a</script", 0, b"script"), None);
        assert_eq!(raw_text_end(b"", 5, b"script"), None);
    }
}
