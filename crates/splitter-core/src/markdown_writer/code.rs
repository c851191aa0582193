//! Code blocks in the Markdown writer (SPEC §3.2): their text as
//! authored under the opening fence, and the words of a heading inside one.

use super::{MarkdownWriter, Sink};
use crate::text::is_whitespace_only;

impl<N: Copy + Eq> MarkdownWriter<N> {
    /// A heading inside a code block: its words are the code's, with runs
    /// of whitespace as one space (the canonical text's heading text).
    fn code_heading_words(&mut self, data: &str) {
        let Some(&from) = self.heading_word_starts.last() else {
            return;
        };
        for (index, word) in data.split(|c: char| c.is_ascii_whitespace()).enumerate() {
            if index > 0 {
                self.spaced = true;
            }
            if word.is_empty() {
                continue;
            }
            if self.spaced && self.heading_words.len() > from {
                self.heading_words.push(' ');
            }
            self.heading_words.push_str(word);
            self.spaced = false;
        }
    }

    /// Text inside a code block: as authored, each line prefixed as its
    /// containers require, the opening fence before the first text.
    pub(crate) fn code_text<S: Sink<N>>(&mut self, sink: &mut S, node: N, data: &str) {
        self.code_heading_words(data);
        let whitespace_only = is_whitespace_only(data);
        let opened = self.fence.as_ref().is_some_and(|fence| fence.opened);
        if !opened && whitespace_only {
            if let Some(fence) = &mut self.fence {
                fence.held.push_str(data);
            }
            return;
        }
        let start = sink.text().len();
        self.flush(sink);
        if !opened {
            self.open_fence(sink);
        }
        let flushed = start;
        let prefixes = self.continuation_prefixes();
        let mut written = String::with_capacity(data.len());
        for (index, line) in data.split('\n').enumerate() {
            if index > 0 {
                written.push('\n');
                written.push_str(&prefixes);
            }
            written.push_str(line);
        }
        if whitespace_only {
            // After the last text (with the line break before it): it joins
            // the units that end there, as the closing fence will.
            sink.text().push_str(&written);
            sink.trailing_since(flushed);
        } else {
            sink.text().push_str(&written);
        }
        self.line_fresh = false;
        self.low_water = sink.depth();
        if let Some(fence) = &mut self.fence {
            fence.at_line_start = data.ends_with('\n');
        }
        if !whitespace_only {
            sink.push_text_unit(node, start);
        }
    }

    fn open_fence<S: Sink<N>>(&mut self, sink: &mut S) {
        if self.line_fresh {
            self.break_definition_line(sink);
        }
        let line_start = sink.text().rfind('\n').map_or(0, |i| i + 1);
        let prefixes = self.continuation_prefixes();
        let Some(fence) = self.fence.as_mut() else {
            return;
        };
        fence.opened = true;
        sink.text().push_str(&fence.fence);
        if let Some(language) = &fence.language {
            sink.text().push_str(language);
        }
        fence.opening = line_start..sink.text().len();
        sink.text().push('\n');
        // The code's first line begins at its quote markers: a chunk that
        // begins there is inside the code block.
        fence.inside_start = sink.text().len();
        sink.text().push_str(&prefixes);
        let held = std::mem::take(&mut fence.held);
        for (index, line) in held.split('\n').enumerate() {
            if index > 0 {
                sink.text().push('\n');
                sink.text().push_str(&prefixes);
            }
            sink.text().push_str(line);
        }
    }
}
