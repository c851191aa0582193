//! The parser driver of the HTML text splitter's html5ever and scraper
//! backends: html5ever's tokenizer and tree builder, with a depth cap
//! between them.
//!
//! [`parse_with_sink`] parses a whole document into any html5ever
//! [`TreeSink`], as html5ever's own `parse_document` does, except that it
//! bounds how deep the tree builder nests elements ([`MAX_DEPTH`], 512).
//! Both backends parse through it, so they build the same tree from every
//! input. This crate depends on html5ever alone.
//!
//! # Example
//!
//! ```
//! use markup5ever_rcdom::{Handle, RcDom};
//! use splitter_driver::{MAX_DEPTH, parse_with_sink};
//!
//! let html = format!("{}deep{}", "<div>".repeat(100_000), "</div>".repeat(100_000));
//! let dom = parse_with_sink(RcDom::default(), &html);
//! // Follow the last child down: <html>, <body>, 508 <div>s and the text.
//! let mut depth = 0;
//! let mut node: Handle = dom.document.clone();
//! loop {
//!     let Some(child) = node.children.borrow().last().cloned() else { break };
//!     node = child;
//!     depth += 1;
//! }
//! assert_eq!(depth, MAX_DEPTH - 1);
//! // The text of the 99,492 dropped <div>s is kept, innermost.
//! assert!(matches!(&node.data, markup5ever_rcdom::NodeData::Text { contents }
//!     if &**contents.borrow() == "deep"));
//! ```
//!
//! # Depth cap
//!
//! html5ever's tree builder scans its stack of open elements for most tags
//! (scope checks, "close a `p` element", implied end tags), so a document
//! nested `n` deep costs `O(n²)`: 100,000 nested `<div>`s take over a
//! minute. Browsers bound the depth the parser builds (Blink at 512) and
//! keep the text; this driver does the same by filtering the token stream
//! between the tokenizer and the tree builder (`DepthCap`), so a million
//! nested elements parse in linear time (about half a second) with all
//! their text. Documents that stay below the cap (every page of the
//! project's corpora: the deepest is 39 levels) parse exactly as with
//! html5ever's own driver. Past the cap the tree is no longer the one the
//! HTML standard prescribes; in contrived cases (end tags misnested around
//! SVG or MathML at the cap) text can land in an element the splitter
//! skips, such as an SVG `<style>`.
//!
//! - Once the tree builder holds [`MAX_DEPTH`] handles (see below), a start
//!   tag that would open an element is not passed on. Its name is
//!   remembered on a "dropped" stack, and the end tag that closes it is not
//!   passed on either (nor are the end tags of dropped elements opened after
//!   it, which it implicitly closes). Once the depth has fallen below the
//!   cap again, the dropped elements count as closed.
//! - Everything else (text, comments, end tags of elements that were built)
//!   flows as usual, so the text of the dropped elements lands in the
//!   element at the cap, in document order: nothing is lost.
//! - Some start tags are passed on regardless, because dropping them would
//!   change how what follows is read:
//!   - void elements, which open nothing (in HTML content);
//!   - in SVG or MathML content, the tags that break out of it: dropped,
//!     their text would stay in the foreign element;
//!   - up to [`MAX_DEPTH`]` + 16`: the tags whose handling switches the
//!     tokenizer's state (`script`, `style`, `textarea`, `title`, `xmp`,
//!     `iframe`, `noembed`, `noframes`, `plaintext`), so script
//!     text stays script text; `svg`, `math` and their integration points
//!     (`foreignObject`, `desc`, `mi`, `mo`, `mn`, `ms`, `mtext`,
//!     `annotation-xml`), which decide whether `<![CDATA[` is text and which
//!     of those tags switch the tokenizer; `template`, and the first tag in
//!     a template, which decides whether the template ignores text and
//!     most tags (after a `<col>`). Only nesting these very elements
//!     (`<svg><style><style>…`, `<template><template>…`) reaches that hard
//!     limit; their end tags are always passed on, as the tree builder may
//!     be waiting for one to leave raw text.
//! - Once any tag has been dropped, `<frameset>` is dropped too: html5ever
//!   honours it only if no tag of certain kinds came first, and a dropped
//!   one might have been of those kinds. (Honoured, it would discard the
//!   body.)
//!
//! The depth is measured with [`TreeBuilder::trace_handles`], which visits
//! the document, every open element, every entry of the list of active
//! formatting elements and the head and form element pointers: an upper
//! bound on the open elements (formatting elements that are open count
//! twice). Tracing costs one call per handle, so it is done only when a
//! running estimate (the last measurement plus three per start tag
//! passed on) says the cap may have been reached and a tag has been passed
//! on since the last measurement. Ordinary pages are measured every hundred
//! or so start tags; a document at the cap is measured at most once per
//! start tag that follows a passed-on tag, at a cost comparable to what the
//! tree builder spends on a tag at that depth.

#![deny(missing_docs)]

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::marker::PhantomData;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::{
    BufferQueue, EndTag, StartTag, Tag, TagToken, Token, TokenSink, TokenSinkResult, Tokenizer,
    TokenizerOpts,
};
use html5ever::tree_builder::{Tracer, TreeBuilder, TreeBuilderOpts, TreeSink};
use html5ever::{LocalName, TokenizerResult, local_name};

pub use html5ever;

mod tags;

use crate::tags::{breaks_out_of_foreign_content, is_exempt, is_void};

/// How deep the tree builder may nest elements: start tags that would open
/// an element deeper than this are dropped (their text is kept).
///
/// The count is the tree builder's own: the document, the open elements,
/// the list of active formatting elements and the head pointer. For
/// ordinary nesting in `<body>` that is the number of open elements plus
/// two: `<html>`, `<body>` and 508 nested `<div>`s, the innermost of which
/// is 510 levels below the document.
pub const MAX_DEPTH: usize = 512;

/// How far beyond [`MAX_DEPTH`] the start tags that change how what follows
/// is read (`script`, `svg`, `template`, …) are still passed on.
const SLACK: usize = 16;

/// How many elements one start tag passed on may add to the count, at most,
/// apart from formatting elements it reopens: `<td>` directly in a `<table>`
/// implies a `<tbody>` and a `<tr>`.
const GROWTH: usize = 3;

/// The count before any token: the document, and the `<html>`, `<head>` and
/// `<body>` that the first text or tag may imply.
const INITIAL: usize = 4;

/// How much input is handed to the tokenizer at once.
///
/// html5ever stores input in tendrils, whose length is a `u32`; feeding the
/// input in bounded pieces keeps inputs over 4 GiB from overflowing one, and
/// bounds the extra copy of the input the parser holds at any moment.
const CHUNK: usize = 1 << 24;

/// Parse a whole HTML document into `sink`, with the depth cap described in
/// the [crate documentation](crate#depth-cap), and return what the sink's
/// [`TreeSink::finish`] returns.
///
/// The options are html5ever's defaults, except that scripting is disabled
/// ([`tree_builder_opts`]: scripts are not run, so a page is read as a
/// browser without scripting shows it, and `<noscript>` content is markup)
/// and a byte order mark is dropped only at the very start of `html`. The input is fed to the tokenizer in pieces of
/// at most 16 MiB, so inputs of any size work.
///
/// Panics only if html5ever or the sink does; the backends catch that.
///
/// See the [crate documentation](crate#example) for an example.
pub fn parse_with_sink<S: TreeSink>(sink: S, html: &str) -> S::Output {
    parse_in_chunks(sink, html, CHUNK)
}

/// [`parse_with_sink`], feeding the tokenizer at most `chunk` bytes at a
/// time (rounded up to a character boundary; `0` counts as `1`).
///
/// The tree does not depend on `chunk`; this exists so that tests can feed
/// small pieces and check that.
pub fn parse_in_chunks<S: TreeSink>(sink: S, html: &str, chunk: usize) -> S::Output {
    let tree_builder = TreeBuilder::new(sink, tree_builder_opts());
    // html5ever drops a byte order mark at the start of every piece it is
    // fed, not just the first; so drop the one at the start of the document
    // here, and have the tokenizer keep the rest.
    let opts = TokenizerOpts {
        discard_bom: false,
        ..TokenizerOpts::default()
    };
    let tokenizer = Tokenizer::new(DepthCap::new(tree_builder), opts);
    let input = BufferQueue::default();
    let mut rest = html.strip_prefix('\u{feff}').unwrap_or(html);
    while !rest.is_empty() {
        let mut end = chunk.clamp(1, rest.len());
        while !rest.is_char_boundary(end) {
            end += 1;
        }
        let (head, tail) = rest.split_at(end);
        input.push_back(StrTendril::from_slice(head));
        // Scripts and encoding indicators pause the tokenizer; neither is
        // acted on, so carry on until the piece is consumed.
        while !matches!(tokenizer.feed(&input), TokenizerResult::Done) {}
        rest = tail;
    }
    tokenizer.end();
    tokenizer.sink.inner.sink.finish()
}

/// The tree builder's options [`parse_with_sink`] uses: html5ever's defaults
/// with the scripting flag off, so that `<noscript>` content is parsed as
/// markup (the splitter runs no scripts). Pass them, as
/// `ParseOpts { tree_builder: tree_builder_opts(), ..Default::default() }`,
/// to html5ever's `parse_document` to build the same tree without the depth
/// cap.
pub fn tree_builder_opts() -> TreeBuilderOpts {
    TreeBuilderOpts {
        scripting_enabled: false,
        ..TreeBuilderOpts::default()
    }
}

/// Counts the handles a tree builder traces.
struct Count<H> {
    handles: Cell<usize>,
    _handle: PhantomData<fn(&H)>,
}

impl<H> Tracer for Count<H> {
    type Handle = H;

    fn trace_handle(&self, _: &H) {
        self.handles.set(self.handles.get() + 1);
    }
}

/// The token sink between html5ever's tokenizer and tree builder that
/// enforces [`MAX_DEPTH`]; see the [crate documentation](crate#depth-cap).
struct DepthCap<Handle, Sink> {
    inner: TreeBuilder<Handle, Sink>,
    /// An upper bound on the tree builder's handle count (apart from
    /// reopened formatting elements): the last measurement, plus
    /// [`GROWTH`] per start tag passed on since.
    estimate: Cell<usize>,
    /// Whether a tag that may have closed elements was passed on since the
    /// last measurement; if not, measuring again would find no fewer.
    stale: Cell<bool>,
    /// The names of the dropped start tags whose end tags have not come yet,
    /// innermost last.
    dropped: RefCell<Vec<LocalName>>,
    /// How often each name occurs in `dropped`.
    dropped_names: RefCell<HashMap<LocalName, usize>>,
    /// Whether a start tag has been dropped.
    dropped_any: Cell<bool>,
    /// Whether a `<template>` was passed on and no start tag has set its
    /// insertion mode yet.
    template_mode_unset: Cell<bool>,
}

impl<Handle, Sink> DepthCap<Handle, Sink>
where
    Handle: Clone,
    Sink: TreeSink<Handle = Handle>,
{
    fn new(inner: TreeBuilder<Handle, Sink>) -> Self {
        DepthCap {
            inner,
            estimate: Cell::new(INITIAL),
            stale: Cell::new(true),
            dropped: RefCell::new(Vec::new()),
            dropped_names: RefCell::new(HashMap::new()),
            dropped_any: Cell::new(false),
            template_mode_unset: Cell::new(false),
        }
    }

    /// Whether the tree builder's handle count is below `limit`, measuring
    /// it if the estimate is not and the last measurement may be out of date.
    fn below(&self, limit: usize) -> bool {
        if self.estimate.get() < limit {
            return true;
        }
        if self.stale.replace(false) {
            let count = Count {
                handles: Cell::new(0),
                _handle: PhantomData,
            };
            self.inner.trace_handles(&count);
            self.estimate.set(count.handles.get());
        }
        self.estimate.get() < limit
    }

    /// Account for a start tag about to be passed on.
    fn admit(&self, closes: bool) {
        self.estimate
            .set(self.estimate.get().saturating_add(GROWTH));
        if closes {
            self.stale.set(true);
        }
    }

    /// Whether the tree builder's adjusted current node is a foreign
    /// (SVG or MathML) element.
    fn in_foreign_content(&self) -> bool {
        self.inner
            .adjusted_current_node_present_but_not_in_html_namespace()
    }

    /// Whether to pass `tag`, a start tag, on to the tree builder.
    #[inline(always)]
    fn admit_start(&self, tag: &Tag) -> bool {
        // Below the cap (on ordinary pages, always), everything passes. If
        // tags were dropped, the depth has fallen below the cap since, so
        // an element that was open when they were dropped has closed, and
        // the dropped ones with it. (But see `decide_start` on frameset.)
        let admit = if self.estimate.get() < MAX_DEPTH && !self.dropped_any.get() {
            self.admit(true);
            true
        } else {
            self.decide_start(tag)
        };
        if !admit {
            self.dropped_any.set(true);
        } else if tag.name == local_name!("template") {
            self.template_mode_unset.set(true);
        } else if self.template_mode_unset.get() {
            // The first start tag in a template sets the template's
            // insertion mode, unless the tree builder handles it as it
            // would in the head.
            let in_head = matches!(
                tag.name,
                local_name!("base")
                    | local_name!("basefont")
                    | local_name!("bgsound")
                    | local_name!("link")
                    | local_name!("meta")
                    | local_name!("noframes")
                    | local_name!("script")
                    | local_name!("style")
                    | local_name!("title")
            );
            self.template_mode_unset.set(in_head);
        }
        admit
    }

    /// [`admit_start`](Self::admit_start) at or near the cap, or once a
    /// tag has been dropped.
    #[inline(never)]
    fn decide_start(&self, tag: &Tag) -> bool {
        // html5ever honours a <frameset> only while nothing but a few kinds
        // of tags came before; a dropped tag might have been one of the
        // others. Dropping the <frameset> instead keeps the body's text.
        if tag.name == local_name!("frameset") && self.dropped_any.get() {
            return false;
        }
        if self.estimate.get() < MAX_DEPTH {
            self.forget_dropped();
            self.admit(true);
            return true;
        }
        let void = is_void(&tag.name);
        let breaks_out = breaks_out_of_foreign_content(tag);
        if void || breaks_out {
            let foreign = self.in_foreign_content();
            // A void element opens nothing. A tag that breaks out of
            // foreign content closes foreign elements and lands where the
            // HTML around them would put it: dropping it would leave its
            // text in the foreign element (an SVG `<style>`, say, which the
            // splitter skips). At an integration point it opens one HTML
            // element, and the next such tag is in HTML content again.
            if (void && !foreign) || (breaks_out && foreign) {
                self.admit(foreign);
                return true;
            }
        }
        // The first start tag in a template decides which tags the
        // template's contents will honour (a `<col>` first makes it ignore
        // text and most tags), so it is passed on like the exempt ones.
        if is_exempt(&tag.name) || self.template_mode_unset.get() {
            if self.below(MAX_DEPTH + SLACK) {
                self.admit(true);
                return true;
            }
            // Dropped past the hard limit, but not remembered: its end tag
            // is passed on, as the tree builder may be waiting for one to
            // leave raw text.
            return false;
        }
        if self.below(MAX_DEPTH) {
            self.forget_dropped();
            self.admit(true);
            return true;
        }
        // No end tag is to be expected for a self-closing tag in foreign
        // content (in HTML content the slash means nothing).
        if !(tag.self_closing && self.in_foreign_content()) {
            self.remember_dropped(tag.name.clone());
        }
        false
    }

    fn remember_dropped(&self, name: LocalName) {
        *self
            .dropped_names
            .borrow_mut()
            .entry(name.clone())
            .or_insert(0) += 1;
        self.dropped.borrow_mut().push(name);
    }

    fn forget_dropped(&self) {
        let mut dropped = self.dropped.borrow_mut();
        if !dropped.is_empty() {
            dropped.clear();
            self.dropped_names.borrow_mut().clear();
        }
    }

    /// Whether to drop the end tag `name`: it closes a dropped element (and
    /// the dropped elements opened after it, as the tree builder closes the
    /// elements above one that an end tag matches).
    ///
    /// In foreign content the end tag is passed on all the same: the
    /// foreign element open there was built after the dropped one, and the
    /// tree builder closes it on its way to the HTML elements.
    #[inline(always)]
    fn swallow_end(&self, name: &LocalName) -> bool {
        if !self.dropped_any.get() {
            return false;
        }
        self.swallow_dropped_end(name)
    }

    #[inline(never)]
    fn swallow_dropped_end(&self, name: &LocalName) -> bool {
        let mut dropped = self.dropped.borrow_mut();
        let mut names = self.dropped_names.borrow_mut();
        if dropped.is_empty() || !names.contains_key(name) {
            return false;
        }
        while let Some(top) = dropped.pop() {
            if let Some(n) = names.get_mut(&top) {
                *n -= 1;
                if *n == 0 {
                    names.remove(&top);
                }
            }
            if top == *name {
                break;
            }
        }
        !self.in_foreign_content()
    }
}

impl<Handle, Sink> TokenSink for DepthCap<Handle, Sink>
where
    Handle: Clone,
    Sink: TreeSink<Handle = Handle>,
{
    type Handle = Handle;

    #[inline(always)]
    fn process_token(&self, token: Token, line_number: u64) -> TokenSinkResult<Handle> {
        if let TagToken(tag) = &token {
            match tag.kind {
                StartTag if !self.admit_start(tag) => return TokenSinkResult::Continue,
                EndTag if self.swallow_end(&tag.name) => return TokenSinkResult::Continue,
                EndTag => self.stale.set(true),
                StartTag => {}
            }
        }
        self.inner.process_token(token, line_number)
    }

    fn end(&self) {
        self.inner.end();
    }

    fn adjusted_current_node_present_but_not_in_html_namespace(&self) -> bool {
        self.inner
            .adjusted_current_node_present_but_not_in_html_namespace()
    }
}

#[cfg(test)]
mod tests;
