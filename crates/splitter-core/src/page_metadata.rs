//! Page metadata (SPEC §7.1): what a page says about itself — its title,
//! description, language, author, publication date, site and canonical
//! URL — read from the tree already parsed, in one walk.
//!
//! The sources, in the order each fact prefers them:
//!
//! | fact | sources |
//! |---|---|
//! | `title` | the main heading (one that is the page's own title or its headline part first; text for screen readers only, a button's label and soft hyphens left out) when the page's own titles name the same thing (less a prefix of up to three words before the headline those titles give: a thread's label, a date); structured data's `headline` (completed from `og:title` or `<title>` when cut short at 110 characters), `og:title`, `twitter:title`, `<title>`, the main heading (the first `h1` that is not the site's name: a logo is passed over); a site's name appended to the title (`Headline \| Site`, `Topic / Board / Site`) is left out when the site's name is known or the main heading is the other part; an `h1` that begins the title's last part is the site's logo |
//! | `description` | `<meta name=description>`, `og:description`, `twitter:description`, Dublin Core, structured data's `description` |
//! | `language` | `<html lang>`, `Content-Language`, `og:locale`, structured data's `inLanguage` |
//! | `author` | structured data's `author` (text, object or list), `<meta name=author>`, `article:author`, Dublin Core's creator, a scholarly page's first `citation_author`, a preview card's `twitter:dataN` labelled `Written by`, microdata's `itemprop=author` (not one that says `Updated by`: who updated the page), a byline (`rel=author`, a link to an author's page such as `/author/jo`, an element whose class or id says author or byline; a role written after the name in an element of its own is left out), a capitalised name after a `By`/`Written by`/`Thread starter` label near the main heading (or in the label's own text: `Written by Jo`, or after the heading `by` and two to four capitalised words, perhaps followed by a date: `by Jo Park - 2025-09-13`; never a form's `<option>`), the name an author's box begins with, a forum's first poster after the main heading (`class=username`: a handle; on a page without an `h1`, its first poster's link), an author's box at the article's end (a person's name after `Written by`, further down), a link to more of their writing (`All articles by Jo Park`); an author's picture (`author-avatar`) is no byline; an `Organization`, or the site's or publisher's name, only when no other source names someone else |
//! | `published` | structured data's `datePublished`, `article:published_time`, microdata's `datePublished` or `dateCreated` (the first of them: a question's, before its comments'), Dublin Core's date (days also as ordinals: `September 1st, 2023`), other publication `<meta>`s, the first `<time>` (its `datetime`, else its text), a date shown near the main heading (after it, or up to 12 texts above it: a dateline), perhaps labelled (`Published on`, `Last updated:`), perhaps followed by a reading time or a time of day |
//! | `siteName` | `og:site_name`, structured data's `publisher` or `WebSite` name, `application-name` |
//! | `url` | `<link rel=canonical>`, `og:url`, when absolute |
//!
//! Structured data is JSON-LD (`<script type="application/ld+json">`,
//! read with serde_json, `@graph`, arrays and a page's `mainEntity` looked
//! into: malformed, too deep or too large data is ignored, never an error)
//! and microdata (`itemprop`). Dates are read with chrono and written in
//! ISO 8601: `YYYY-MM-DD`, or the full timestamp with its offset when the
//! page gives one.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::adapter::{DomAdapter, NodeKind};
use crate::text::contains_ignore_ascii_case;

/// Which facts about the page each chunk carries (the `pageMetadata` key,
/// SPEC §7.1).
///
/// ```
/// use splitter_core::{PageMetadataMode, SplitterConfig};
///
/// let config = SplitterConfig::from_json(r#"{"chunkSize": 10, "pageMetadata": "full"}"#)?;
/// assert_eq!(config.page_metadata, PageMetadataMode::Full);
/// assert_eq!(SplitterConfig::new(10).page_metadata, PageMetadataMode::Basic);
/// # Ok::<(), splitter_core::ConfigError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PageMetadataMode {
    /// No facts about the page.
    None,
    /// `title`, `description` and `language` (the default), as LangChain's
    /// web loaders give them.
    #[default]
    Basic,
    /// Also `author`, `published`, `siteName` and `url`.
    Full,
}

impl PageMetadataMode {
    pub(crate) fn is_basic(&self) -> bool {
        *self == PageMetadataMode::Basic
    }
}

/// What a page says about itself (SPEC §7.1). A fact the page does not
/// state is `None`, and left out when serialised (camelCase keys).
/// [`PageMetadata::extract`] reads it from any parsed tree; a split's is
/// [`crate::Chunks::page_metadata`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[non_exhaustive]
pub struct PageMetadata {
    /// The title of the page's content (an article's headline, without the site's name), whitespace collapsed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The page's own summary.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The page's language, a BCP 47 tag (`en`, `pt-BR`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// The author or authors as named, several joined by `", "`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// When it was first published: ISO 8601, `YYYY-MM-DD` or a full timestamp with its offset.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub published: Option<String>,
    /// The name of the site or its publisher.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub site_name: Option<String>,
    /// The page's canonical URL, absolute.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

/// The longest text kept of one element (a title, a byline): enough for
/// any real one, and a bound on the work of a hostile page.
const LONGEST_TEXT: usize = 2_000;
/// The largest JSON-LD script read; larger ones are ignored.
const LARGEST_JSON_LD: usize = 4 << 20;
/// How many JSON values of all JSON-LD scripts are looked at, at most.
const MOST_JSON_VALUES: usize = 100_000;

impl PageMetadata {
    /// Every fact the page states (the `full` set), from one walk of the
    /// tree.
    pub fn extract<A: DomAdapter>(dom: &A) -> PageMetadata {
        Facts::gather(dom, true).decide()
    }

    /// The facts of `mode`: [`PageMetadata::extract`] for `full`, only
    /// `title`, `description` and `language` (and a walk that looks at
    /// fewer attributes) for `basic`, nothing for `none`.
    pub fn extract_for<A: DomAdapter>(dom: &A, mode: PageMetadataMode) -> PageMetadata {
        match mode {
            PageMetadataMode::None => PageMetadata::default(),
            PageMetadataMode::Basic => {
                let full = Facts::gather(dom, false).decide();
                PageMetadata {
                    title: full.title,
                    description: full.description,
                    language: full.language,
                    ..PageMetadata::default()
                }
            }
            PageMetadataMode::Full => PageMetadata::extract(dom),
        }
    }

    /// The facts stated, as (camelCase key, value), in the order of SPEC
    /// §7.1's table.
    pub fn entries(&self) -> impl Iterator<Item = (&'static str, &str)> {
        [
            ("title", &self.title),
            ("description", &self.description),
            ("language", &self.language),
            ("author", &self.author),
            ("published", &self.published),
            ("siteName", &self.site_name),
            ("url", &self.url),
        ]
        .into_iter()
        .filter_map(|(key, value)| value.as_deref().map(|value| (key, value)))
    }

    /// Whether the page stated nothing.
    pub fn is_empty(&self) -> bool {
        self.entries().next().is_none()
    }
}

/// What one walk found, before the choices.
#[derive(Debug, Default)]
struct Facts {
    html_lang: Option<String>,
    title_tag: Option<String>,
    /// `<meta>` content by lowercased `name`, `property`, `itemprop` or
    /// `http-equiv`; the first of each wins.
    meta: HashMap<String, String>,
    canonical: Option<String>,
    json_ld: StructuredData,
    /// Microdata (`itemprop` outside `<meta>`), the first of each.
    microdata: HashMap<&'static str, String>,
    first_h1: Option<String>,
    /// The page's first few `h1`s: a site's logo is often the first.
    h1s: Vec<String>,
    byline: Option<String>,
    time: Option<String>,
    /// The first short text after the main heading that is a date
    /// (`February 6, 2026`, `Published on Dec 20, 2025`).
    visible_date: Option<String>,
    /// Text nodes looked at after the main heading, for `visible_date`.
    after_h1: usize,
    /// The last short texts with a digit before the main heading, with the
    /// number of text nodes seen before each: one may be a dateline above
    /// the headline. Read only when the page is decided, so a page without
    /// a heading costs no date parsing.
    texts_before_h1: std::collections::VecDeque<(String, usize)>,
    /// Text nodes seen in the body before the main heading.
    before_h1: usize,
    /// A name written after a label of its own (`Written by`, `By`).
    labelled_name: Option<String>,
    /// Whether the last text was such a label.
    after_by_label: bool,
    /// A name after a byline's label further down than
    /// [`DATE_NEAR_HEADING`] texts after the main heading: an author's box
    /// at the article's end (`Written by` `Jo Park`).
    closing_name: Option<String>,
    /// Whether the last of those texts was such a label.
    after_closing_label: bool,
    /// The person a link to more of their writing names (`All articles by
    /// Jo Park`).
    more_by: Option<String>,
    /// A date in the byline (`by Matt Miller on Dec 16, 2025 at 11:00 AM`).
    byline_date: Option<String>,
    /// On a page without an `h1` so far, the first short text that is a
    /// date among its first [`DATE_NEAR_HEADING`] texts.
    headless_date: Option<String>,
    /// The first poster's handle after the main heading (a forum thread's
    /// first post: `<a class="username">tidewalker</a>`).
    poster: Option<String>,
    /// The first poster's handle before any `h1`: a thread's, when the
    /// page has no main heading (its title in an `h2` or a table).
    headless_poster: Option<String>,
}

/// How long a JSON-LD headline may be before it may have been cut short
/// (at Google's limit of 110 characters).
const CUT_HEADLINE: usize = 100;

/// How many of a page's `h1`s are looked at for its title.
const MOST_H1S: usize = 4;

/// How many text nodes after the main heading may hold its date.
const DATE_NEAR_HEADING: usize = 60;

/// How many text nodes before the main heading may hold its date.
const DATE_ABOVE_HEADING: usize = 12;

/// What JSON-LD says, the first of each (a page's article first).
#[derive(Debug, Default)]
struct StructuredData {
    headline: Option<String>,
    description: Option<String>,
    author: Option<String>,
    /// Whether the author is given as an `Organization`: a publisher, not
    /// a writer.
    author_is_organization: bool,
    published: Option<String>,
    publisher: Option<String>,
    website: Option<String>,
    language: Option<String>,
    url: Option<String>,
    modified: Option<String>,
    /// Values looked at so far, against [`MOST_JSON_VALUES`].
    visited: usize,
}

/// The microdata properties read.
const ITEMPROPS: &[&str] = &[
    "headline",
    "author",
    "datePublished",
    "dateCreated",
    "description",
];

impl Facts {
    fn gather<A: DomAdapter>(dom: &A, full: bool) -> Facts {
        let mut facts = Facts::default();
        let mut stack = vec![dom.first_child(dom.document())];
        while let Some(next) = stack.last_mut() {
            let Some(node) = *next else {
                stack.pop();
                continue;
            };
            *next = dom.next_sibling(node);
            let kind = dom.kind(node);
            if kind == NodeKind::Text {
                if !full {
                    continue;
                }
                let text = dom.text(node);
                // Only what is near the main heading is about the page: a
                // footer's `Website by …` is not its author, a sidebar's
                // date not its date. Further down, only an author's box
                // (`Written by` `Jo Park`) is looked for.
                let near = facts.after_h1 <= DATE_NEAR_HEADING;
                if near {
                    facts.text(&text);
                }
                // After the main heading, until they are found: an
                // author's box further down, a link to more of their
                // writing. Most texts are passed over on their first
                // letter, without trimming them.
                if facts.first_h1.is_some()
                    && (facts.closing_name.is_none() || facts.more_by.is_none())
                    && let Some(first) = first_letter(&text)
                {
                    if !near && facts.closing_name.is_none() {
                        facts.closing_text(&text, first);
                    }
                    if facts.more_by.is_none() {
                        facts.more_by = more_by(&text, first);
                    }
                }
                continue;
            }
            if !matches!(kind, NodeKind::Element | NodeKind::Other) {
                continue;
            }
            let name = dom.element_name(node);
            if name.is_empty() {
                continue;
            }
            let descend = facts.element(dom, node, name, full);
            if descend && kind == NodeKind::Element {
                stack.push(dom.first_child(node));
            }
        }
        facts
    }

    /// Looks at one element; whether to look inside it.
    fn element<A: DomAdapter>(&mut self, dom: &A, node: A::Node, name: &str, full: bool) -> bool {
        let is = |wanted: &str| name.eq_ignore_ascii_case(wanted);
        if is("html") {
            if self.html_lang.is_none() {
                self.html_lang = dom
                    .attribute(node, "lang")
                    .or_else(|| dom.attribute(node, "xml:lang"))
                    .map(|lang| lang.trim().to_owned())
                    .filter(|lang| !lang.is_empty());
            }
            return true;
        }
        if is("meta") {
            let content = dom.attribute(node, "content");
            if let Some(content) = content.map(|content| clean(&content)) {
                for attribute in ["name", "property", "itemprop", "http-equiv"] {
                    if let Some(key) = dom.attribute(node, attribute) {
                        for key in key.split_whitespace() {
                            self.meta
                                .entry(key.to_ascii_lowercase())
                                .or_insert_with(|| content.clone());
                        }
                    }
                }
            }
            return false;
        }
        if is("title") {
            if self.title_tag.is_none() && !in_svg(dom, node) {
                self.title_tag = Some(text_of(dom, node)).filter(|text| !text.is_empty());
            }
            return false;
        }
        if is("link") {
            if self.canonical.is_none()
                && dom.attribute(node, "rel").is_some_and(|rel| {
                    rel.split_whitespace()
                        .any(|word| word.eq_ignore_ascii_case("canonical"))
                })
            {
                self.canonical = dom
                    .attribute(node, "href")
                    .map(|href| href.trim().to_owned());
            }
            return false;
        }
        if is("script") {
            if dom
                .attribute(node, "type")
                .is_some_and(|kind| kind.trim().eq_ignore_ascii_case("application/ld+json"))
            {
                let mut json = String::new();
                let mut child = dom.first_child(node);
                while let Some(text) = child {
                    if dom.kind(text) == NodeKind::Text {
                        json.push_str(&dom.text(text));
                    }
                    child = dom.next_sibling(text);
                }
                self.json_ld.read(&json);
            }
            return false;
        }
        // A form's list of choices (`<option>Author</option>`) says
        // nothing about the page: no byline's label, no date.
        if is("style") || is("template") || (full && is("select")) {
            return false;
        }
        if is("h1") && self.h1s.len() < MOST_H1S {
            // A permalink's sign after the heading (`Middleware ¶`) is not
            // its text, nor a button's label in it (`Chapter reef Copy
            // link`), unless the heading is only a button (an accordion's).
            let shown = Some(text_under(dom, node, Reading::ShownWithoutButtons))
                .filter(|text| !text.is_empty())
                .unwrap_or_else(|| text_under(dom, node, Reading::Shown));
            let text = shown
                .trim_end_matches(['¶', '#', '§'])
                .trim_end()
                .to_owned();
            if !text.is_empty() {
                if self.first_h1.is_none() {
                    self.first_h1 = Some(text.clone());
                }
                self.h1s.push(text);
            }
        }
        if !full {
            return true;
        }
        if is("time") && self.time.is_none() {
            // `<time>` without `datetime` holds its date as text; a
            // `datetime` not in ISO 8601 (`February 24, 2006 02:01am`)
            // holds one all the same.
            let datetime = dom
                .attribute(node, "datetime")
                .map(|value| value.trim().to_owned())
                .filter(|value| !value.is_empty());
            self.time = match datetime {
                Some(value) if iso_date(&value).is_some() => Some(value),
                Some(value) => date_in(&value).or_else(|| date_in(&text_of(dom, node))),
                None => date_in(&text_of(dom, node)),
            };
        }
        if let Some(props) = dom.attribute(node, "itemprop") {
            for prop in props.split_whitespace() {
                let Some(&known) = ITEMPROPS.iter().find(|known| **known == prop) else {
                    continue;
                };
                // When a question or a post was created is when it was
                // published: the page's first date of either kind is its
                // own (later ones are its answers' and comments').
                let known = if known == "dateCreated" {
                    "datePublished"
                } else {
                    known
                };
                if self.microdata.contains_key(known) {
                    continue;
                }
                let value = ["content", "datetime"]
                    .iter()
                    .find_map(|attribute| dom.attribute(node, attribute))
                    .map(|value| collapse(&value))
                    .or_else(|| {
                        // An author given as a Person: its name.
                        let text = if known == "author" {
                            named_descendant(dom, node).unwrap_or_else(|| text_of(dom, node))
                        } else {
                            text_of(dom, node)
                        };
                        Some(text)
                    })
                    .filter(|value| !value.is_empty())
                    // Who updated the page is not its author: the next
                    // `itemprop=author` is read.
                    .filter(|value| known != "author" || !names_an_editor(value));
                if let Some(value) = value {
                    self.microdata.insert(known, value);
                }
            }
        }
        // Before any `h1`, only a link is looked at: a thread without a
        // main heading links its first poster (`<a class=username>`).
        if self.byline.is_none()
            && self.poster.is_none()
            && (self.first_h1.is_some() || (self.headless_poster.is_none() && is("a")))
            && is_poster(dom, node)
        {
            let handle = Some(text_of(dom, node)).filter(|text| is_handle(text));
            if self.first_h1.is_some() {
                self.poster = handle;
            } else {
                self.headless_poster = handle;
            }
        }
        if self.byline.is_none() && is_byline(dom, node, name) {
            let text = text_of(dom, node);
            if self.byline_date.is_none() {
                self.byline_date = date_in(&text);
            }
            if let Some(name) = byline_name(&text) {
                self.byline = Some(name_without_role(dom, node, name));
                return false;
            }
            // An author's box: the name, then a biography.
            if let Some(name) = boxed_name(dom, node) {
                self.byline = Some(name);
                return false;
            }
        }
        true
    }

    /// A text node in the body: after the main heading, the first that is
    /// a date is the page's visible date.
    fn text(&mut self, text: &str) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        if self.first_h1.is_some() {
            self.after_h1 += 1;
        } else {
            self.before_h1 += 1;
        }
        // `Written by` in an element of its own, the name in the next; or
        // both in one text (`Written by Jo Park`).
        if self.labelled_name.is_none() {
            if self.after_by_label
                || begins_with_byline_label(text)
                || (self.first_h1.is_some() && is_bare_byline(text))
            {
                self.labelled_name = byline_name(text).filter(|name| reads_as_name(name));
            }
            self.after_by_label = is_byline_label(text);
        }
        if self.visible_date.is_some() {
            return;
        }
        if text.len() > 60 || !text.bytes().any(|byte| byte.is_ascii_digit()) {
            return;
        }
        if self.first_h1.is_none() {
            if self.headless_date.is_none() && self.before_h1 <= DATE_NEAR_HEADING {
                self.headless_date = shown_date(text);
            }
            while self
                .texts_before_h1
                .front()
                .is_some_and(|(_, at)| self.before_h1 - at > DATE_ABOVE_HEADING)
            {
                self.texts_before_h1.pop_front();
            }
            self.texts_before_h1
                .push_back((text.to_owned(), self.before_h1));
            return;
        }
        self.visible_date = shown_date(text);
    }

    /// A text further down than [`DATE_NEAR_HEADING`] texts after the
    /// main heading: a person's name (two to four capitalised words) after
    /// a label that says who wrote it (`Written by`, `Article by`; not a
    /// bare `By` or `Author`, which lists of other posts and widgets use,
    /// nor `Posted by`, which comments use) is the author's, when nothing
    /// nearer names one. `first` is the text's first byte that is no
    /// whitespace: most texts are passed over on it, without trimming them.
    fn closing_text(&mut self, text: &str, first: u8) {
        if !self.after_closing_label && !matches!(first.to_ascii_lowercase(), b'w' | b'a') {
            return;
        }
        if text.len() > 400 {
            self.after_closing_label = false;
            return;
        }
        let text = text.trim();
        const LABELS: [&str; 4] = ["written by", "article by", "words by", "authored by"];
        let labelled = text.len() <= 80
            && LABELS.iter().any(|label| {
                text.get(..label.len() + 1).is_some_and(|head| {
                    head.ends_with(' ') && head[..label.len()].eq_ignore_ascii_case(label)
                })
            });
        if self.after_closing_label || labelled {
            self.closing_name =
                byline_name(text).filter(|name| is_capitalised_words(name) && reads_as_name(name));
        }
        let label = text.trim_end_matches(':').trim();
        self.after_closing_label = text.len() <= "authored by:".len()
            && LABELS.iter().any(|known| label.eq_ignore_ascii_case(known));
    }

    /// The date shown next to the main heading: the first after it, else
    /// the last shortly before it (a dateline above the headline).
    fn shown_date(&self) -> Option<String> {
        if self.visible_date.is_some() || self.first_h1.is_none() {
            return self.visible_date.clone();
        }
        self.texts_before_h1
            .iter()
            .rev()
            .filter(|(_, at)| self.before_h1 - at <= DATE_ABOVE_HEADING)
            .find_map(|(text, _)| shown_date(text))
    }

    /// The author a link preview card names: the `twitter:dataN` whose
    /// `twitter:labelN` is `Written by` (as SEO plugins write them for
    /// chat apps' previews).
    fn card_author(&self) -> Option<String> {
        (1..=4).find_map(|n| {
            let label = self.meta.get(&format!("twitter:label{n}"))?;
            let label = label.trim_end_matches(':').trim();
            ["written by", "author", "by"]
                .iter()
                .any(|known| label.eq_ignore_ascii_case(known))
                .then(|| self.meta.get(&format!("twitter:data{n}")))
                .flatten()
                .and_then(|name| byline_name(name))
        })
    }

    fn meta(&self, keys: &[&str]) -> Option<String> {
        self.meta_where(keys, |_| true)
    }

    /// The first of the `<meta>`s `keys` (in that order) whose value is
    /// `usable`.
    fn meta_where(&self, keys: &[&str], usable: impl Fn(&str) -> bool) -> Option<String> {
        keys.iter()
            .filter_map(|key| self.meta.get(*key))
            .find(|value| !value.is_empty() && usable(value))
            .cloned()
    }

    fn decide(self) -> PageMetadata {
        let site_name = self
            .meta(&["og:site_name"])
            .or_else(|| self.json_ld.publisher.clone())
            .or_else(|| self.json_ld.website.clone())
            .or_else(|| self.meta(&["application-name"]));
        let title = self.title(site_name.as_deref());
        let description = self
            .meta(&[
                "description",
                "og:description",
                "twitter:description",
                "dc.description",
                "dcterms.description",
            ])
            .or_else(|| self.json_ld.description.clone())
            .or_else(|| self.microdata.get("description").cloned());
        let language = self
            .html_lang
            .clone()
            .or_else(|| self.meta(&["content-language", "language", "dc.language"]))
            .or_else(|| self.meta(&["og:locale"]))
            .or_else(|| self.json_ld.language.clone())
            .and_then(|tag| language_tag(&tag));
        // An organisation given as the author (often the site itself) is
        // the publisher: a person the page names as its author is
        // preferred.
        let publisher = |author: &str| {
            [site_name.as_deref(), self.json_ld.publisher.as_deref()]
                .iter()
                .flatten()
                .any(|site| names_site(author, site) || names_site(site, author))
        };
        let candidates = [
            self.json_ld.author.clone(),
            self.meta_where(
                &[
                    "author",
                    "article:author",
                    "dc.creator",
                    "dcterms.creator",
                    "parsely-author",
                    "sailthru.author",
                    "byl",
                    // Scholarly pages' Highwire Press tags: the first author.
                    "citation_author",
                ],
                |author| !is_link(author),
            )
            .map(|author| byline_name(&author).unwrap_or(author)),
            self.card_author(),
            self.microdata.get("author").cloned(),
            self.byline.clone(),
            self.labelled_name.clone(),
            self.poster.clone().or_else(|| {
                self.headless_poster
                    .clone()
                    .filter(|_| self.first_h1.is_none())
            }),
            self.closing_name.clone(),
            self.more_by.clone(),
        ];
        let mut named = candidates
            .into_iter()
            .enumerate()
            .filter_map(|(at, author)| Some((at, author?)))
            .filter(|(_, author)| !author.starts_with('@') && !is_no_name(author));
        let first = named.next();
        let author = match first {
            Some((at, author))
                if (at == 0 && self.json_ld.author_is_organization) || publisher(&author) =>
            {
                named
                    .find(|(_, other)| !publisher(other))
                    .map_or(Some(author), |(_, other)| Some(other))
            }
            first => first.map(|(_, author)| author),
        };
        let published = self
            .json_ld
            .published
            .as_deref()
            .and_then(iso_date)
            .or_else(|| {
                self.meta(&[
                    "article:published_time",
                    "og:published_time",
                    "datepublished",
                    "dc.date.issued",
                    "dcterms.issued",
                    "dc.date",
                    "dcterms.date",
                    "date",
                    "pubdate",
                    "publishdate",
                    "publish-date",
                    "parsely-pub-date",
                    "sailthru.date",
                    "article.published",
                    "citation_publication_date",
                    "published",
                    "published-date",
                    "publication-date",
                    "publication_date",
                    // Microsoft Learn's articles: the date each shows.
                    "ms.date",
                ])
                .as_deref()
                .and_then(iso_date)
            })
            .or_else(|| {
                self.microdata
                    .get("datePublished")
                    .and_then(|date| iso_date(date))
            })
            .or_else(|| self.time.as_deref().and_then(iso_date))
            .or_else(|| self.shown_date())
            .or_else(|| self.byline_date.clone())
            .or_else(|| {
                self.headless_date
                    .clone()
                    .filter(|_| self.first_h1.is_none())
            })
            // A page that says only when it was changed: that is its date.
            .or_else(|| {
                self.json_ld
                    .modified
                    .as_deref()
                    .and_then(iso_date)
                    .or_else(|| {
                        self.meta(&["article:modified_time", "og:updated_time", "datemodified"])
                            .as_deref()
                            .and_then(iso_date)
                    })
            });
        let url = self
            .canonical
            .clone()
            .filter(|url| is_absolute(url))
            .or_else(|| self.meta(&["og:url"]).filter(|url| is_absolute(url)))
            .or_else(|| self.json_ld.url.clone().filter(|url| is_absolute(url)));
        PageMetadata {
            title,
            description,
            language,
            author,
            published,
            site_name,
            url,
        }
    }

    /// Structured data's `headline`, or the page's title that goes on
    /// where it stops: a headline of [`CUT_HEADLINE`] characters or more
    /// was cut short at Google's limit of 110 (as SEO plugins do).
    fn whole_headline<'a>(&'a self, headline: &'a str) -> &'a str {
        if headline.chars().count() < CUT_HEADLINE {
            return headline;
        }
        let words = words_of(headline);
        [self.meta.get("og:title"), self.title_tag.as_ref()]
            .into_iter()
            .flatten()
            .find(|title| {
                let title = words_of(title);
                title.len() > words.len() && title.starts_with(&words)
            })
            .map_or(headline, String::as_str)
    }

    /// The content's title: the first of structured data's headline,
    /// Open Graph's and Twitter's titles and `<title>`, with a site's name
    /// left out; the main heading when nothing else names the page.
    fn title(&self, site_name: Option<&str>) -> Option<String> {
        // The main heading is the title a reader sees: taken when the
        // page's own title names the same thing (most of the heading's
        // words are in it), so a site's name, a tagline or an SEO title
        // is left out. A heading that is the site's name (a logo in an
        // `h1`, `Headline | Site` with `Site` as the heading) names no
        // content: the next `h1` is looked at.
        let headline = self
            .json_ld
            .headline
            .as_deref()
            .map(|headline| self.whole_headline(headline));
        let titles = [
            headline,
            self.meta.get("og:title").map(String::as_str),
            self.title_tag.as_deref(),
        ];
        let names_the_site = |h1: &str| {
            site_name.is_some_and(|site| same_words(h1, site))
                || titles
                    .iter()
                    .flatten()
                    .any(|title| is_trailing_part(h1, title))
        };
        // A heading that is the page's own title, or its headline part
        // (`Headline | Site`), is the headline, before an earlier one that
        // only shares some words with it (a blog's name above the post's).
        let is_own_title = |h1: &str| {
            titles.iter().flatten().any(|title| {
                same_words(h1, title)
                    || TITLE_SEPARATORS
                        .iter()
                        .find_map(|separator| title.split_once(separator))
                        .is_some_and(|(first, _)| same_words(h1, first))
            })
        };
        let h1 = self
            .h1s
            .iter()
            .map(String::as_str)
            .find(|h1| is_own_title(h1))
            .or_else(|| {
                self.h1s
                    .iter()
                    .map(String::as_str)
                    .find(|h1| !names_the_site(h1))
            });
        if let Some(h1) = h1
            && h1.split_whitespace().count() <= 30
            && titles.iter().flatten().any(|title| mostly_in(h1, title))
        {
            // The heading may put a thread's prefix or its date before the
            // headline the page names itself by (`Tips Kayak or canoe?`,
            // `Dec 18 2025 Tide pools`): that headline is the title.
            let heading = words_of(h1);
            let own = [headline, self.meta.get("og:title").map(String::as_str)]
                .into_iter()
                .flatten()
                .find(|title| {
                    let title = words_of(title);
                    !title.is_empty()
                        && title.len() < heading.len()
                        && heading.len() - title.len() <= 3
                        && heading.ends_with(&title)
                });
            // A heading may end with the site's name as a title does
            // (`Catering Tips | Cookshack`): it is left out.
            let h1 = site_name
                .and_then(|site| {
                    TITLE_SEPARATORS.iter().find_map(|separator| {
                        let (head, last) = h1.rsplit_once(separator)?;
                        (!head.trim().is_empty() && names_site(last.trim(), site))
                            .then(|| head.trim())
                    })
                })
                .unwrap_or(h1);
            return Some(own.map_or_else(|| h1.to_owned(), collapse));
        }
        // A title that is only the site's name names no content, nor one
        // whose headline part is empty (`| Site`: a template's blank).
        let names_content = |title: &str| {
            site_name.is_none_or(|site| !same_words(title, site))
                && !TITLE_SEPARATORS
                    .iter()
                    .any(|separator| title.starts_with(separator.trim_start()))
        };
        let candidate = headline
            .map(str::to_owned)
            .filter(|title| names_content(title))
            .or_else(|| self.meta_where(&["og:title", "twitter:title", "dc.title"], names_content))
            .or_else(|| self.title_tag.clone().filter(|title| names_content(title)))
            .or_else(|| self.microdata.get("headline").cloned())
            .or_else(|| h1.map(str::to_owned))
            .or_else(|| self.title_tag.clone())?;
        Some(without_site(&candidate, site_name, h1))
    }
}

/// Whether `node` is inside an `<svg>` (whose `<title>` names a drawing).
fn in_svg<A: DomAdapter>(dom: &A, node: A::Node) -> bool {
    let mut at = dom.parent(node);
    while let Some(parent) = at {
        if dom.kind(parent) == NodeKind::Element
            && dom.element_name(parent).eq_ignore_ascii_case("svg")
        {
            return true;
        }
        at = dom.parent(parent);
    }
    false
}

/// Whether the element looks like a byline: `rel=author`, or a class or id
/// that mentions the author, the byline or the attribution
/// (`post_author`, `authorName`, `c-byline`, `mntl-attribution__item-name`).
fn is_byline<A: DomAdapter>(dom: &A, node: A::Node, name: &str) -> bool {
    if name.eq_ignore_ascii_case("a")
        && (dom.attribute(node, "rel").is_some_and(|rel| {
            rel.split_whitespace()
                .any(|word| word.eq_ignore_ascii_case("author"))
        }) || dom
            .attribute(node, "href")
            .is_some_and(|href| is_author_page(&href)))
    {
        return true;
    }
    ["class", "id"].iter().any(|attribute| {
        dom.attribute(node, attribute).is_some_and(|value| {
            value.split_whitespace().any(|word| {
                mentions_author(word)
                    || contains_ignore_ascii_case(word, "byline")
                    || contains_ignore_ascii_case(word, "attribution__item-name")
            })
        })
    })
    // An author's picture (`class="avatar author-avatar"`) holds no name,
    // at most initials.
    && !dom
        .attribute(node, "class")
        .is_some_and(|class| contains_ignore_ascii_case(&class, "avatar"))
}

/// Whether a class word mentions an author (`post-author`,
/// `authoring-information__author`): `author` not followed by `i`
/// (`authoring`, `authorization` name none).
fn mentions_author(word: &str) -> bool {
    let bytes = word.as_bytes();
    bytes.windows(6).enumerate().any(|(at, window)| {
        window.eq_ignore_ascii_case(b"author")
            && !bytes
                .get(at + 6)
                .is_some_and(|next| next.eq_ignore_ascii_case(&b'i'))
    })
}

/// Whether the element is a forum post's poster: a class that says user
/// name (`username`, `bigusername`, `PostUser-name`).
fn is_poster<A: DomAdapter>(dom: &A, node: A::Node) -> bool {
    dom.attribute(node, "class").is_some_and(|value| {
        value.split_whitespace().any(|word| {
            contains_ignore_ascii_case(word, "username")
                || contains_ignore_ascii_case(word, "postuser")
        })
    })
}

/// Whether a text is a forum's handle: one word of letters, digits, `.`,
/// `_` or `-` (`b.scherer`, `tide_walker`), not a field's label (`Email
/// address`) or a masked name (`a***a`).
fn is_handle(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 40
        && text.chars().any(char::is_alphabetic)
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '.' | '_' | '-'))
}

/// Whether a text is a label that a byline's name follows (`By`,
/// `Written by`, `Author:`).
fn is_byline_label(text: &str) -> bool {
    if text.len() > "thread starter:".len() {
        return false;
    }
    let label = text.trim_end_matches(':').trim();
    [
        "by",
        "written by",
        "posted by",
        "authored by",
        "author",
        "words by",
        "article by",
        // A forum thread's first poster (`Thread starter`, `Started by`).
        "thread starter",
        "started by",
    ]
    .iter()
    .any(|known| label.eq_ignore_ascii_case(known))
}

/// Whether a short text begins with a byline's label and goes on
/// (`Written by Jo Park`); not a bare `By`, which menus use too (`By
/// Category`).
fn begins_with_byline_label(text: &str) -> bool {
    text.len() <= 80
        && [
            "written by ",
            "posted by ",
            "article by ",
            "words by ",
            "started by ",
        ]
        .iter()
        .any(|label| begins_with(text, label))
}

/// Whether a short text after the main heading is `By` and a person's
/// name: two to four words, each capitalised (`by Jo Park`, perhaps
/// followed by its date: `by Jo Park - 2024-05-02`; not a menu's `By
/// Category`).
fn is_bare_byline(text: &str) -> bool {
    // Most texts are no byline: the cheap tests first.
    if text.len() > 200
        || !begins_with(text, "by")
        || !text.as_bytes().get(2).is_some_and(u8::is_ascii_whitespace)
    {
        return false;
    }
    let text = collapse(text);
    text.len() <= 50 && begins_with(&text, "by ") && {
        let name = [" - ", " | ", " · ", " • ", " — ", " – "]
            .iter()
            .filter_map(|separator| text[3..].split_once(separator))
            .map(|(name, _)| name)
            .min_by_key(|name| name.len())
            .unwrap_or(&text[3..]);
        is_capitalised_words(name)
    }
}

/// Whether `text` begins with `prefix`, ignoring ASCII case.
fn begins_with(text: &str, prefix: &str) -> bool {
    text.get(..prefix.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
}

/// Whether `text` is two to four words, each beginning with a capital
/// letter (`Jo Park`; not `This author`, nor a sentence).
fn is_capitalised_words(text: &str) -> bool {
    (2..=4).contains(&text.split_whitespace().count())
        && text
            .split_whitespace()
            .all(|word| word.chars().next().is_some_and(char::is_uppercase))
}

/// Whether a text after a `By` label reads as a name, not code or a
/// setting (`Sort by` `DEFAULT`, `Group by` `expr`): it begins with a
/// capital letter and is not one word in capitals.
fn reads_as_name(text: &str) -> bool {
    let capitalised = text.chars().next().is_some_and(char::is_uppercase);
    let shouted = !text.contains(' ') && !text.chars().any(char::is_lowercase);
    capitalised
        && !shouted
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || " .,'’&-".contains(c))
}

/// An author field that names no one: a number (a social network's
/// profile id, `262588213843476`), a template's unfilled key
/// (`page.head.author`, `{{ author }}`) or value (`undefined`, `null`).
fn is_no_name(text: &str) -> bool {
    let text = text.trim();
    text.bytes().all(|byte| byte.is_ascii_digit())
        || text.contains("{{")
        || text.eq_ignore_ascii_case("undefined")
        || text.eq_ignore_ascii_case("null")
        || (!text.contains(' ')
            && text.contains('.')
            && text
                .split('.')
                .any(|part| part.eq_ignore_ascii_case("author")))
}

/// Whether a link leads to an author's page (`/author/jo-smith`,
/// `/blog/authors/jo`), as blogs and news sites name them.
fn is_author_page(href: &str) -> bool {
    // Most links name no author: a fast scan for the word first.
    if !href.contains("uthor") && !href.contains("UTHOR") {
        return false;
    }
    let path = href.split(['?', '#']).next().unwrap_or_default();
    let mut segments = path.split('/').filter(|segment| !segment.is_empty());
    while let Some(segment) = segments.next() {
        if segment.eq_ignore_ascii_case("author") || segment.eq_ignore_ascii_case("authors") {
            // The author's own page, not the list of all authors.
            return segments.next().is_some();
        }
    }
    false
}

/// The person a link to more of their writing names: `All articles by Jo
/// Park`, `More posts by Jo Park`, `View all posts by Jo Park`; a name of
/// two to four capitalised words (not `This Author`).
fn more_by(text: &str, first: u8) -> Option<String> {
    // Most texts are passed over on their first letter (`first`, the first
    // that is no whitespace) or their length, without trimming them.
    if text.len() > 400
        || !matches!(
            first.to_ascii_lowercase(),
            b'v' | b's' | b'r' | b'a' | b'm' | b'p'
        )
    {
        return None;
    }
    let text = text.trim();
    if text.len() > 80 || text.len() < "posts by ".len() {
        return None;
    }
    // `rest` less the first of `words` it begins with, if any.
    let after = |rest: &'_ str, words: &[&str]| -> Option<usize> {
        words
            .iter()
            .find(|word| begins_with(rest, word))
            .map(|word| word.len())
    };
    let mut rest = text;
    for words in [&["view ", "see ", "read "][..], &["all ", "more "]] {
        if let Some(length) = after(rest, words) {
            rest = rest[length..].trim_start();
        }
    }
    let length = after(rest, &["articles by ", "posts by ", "stories by "])?;
    let rest = &rest[length..];
    let name = collapse(rest.trim_end_matches(['.', '→', '›', '»']));
    (is_capitalised_words(&name) && reads_as_name(&name))
        .then(|| byline_name(&name))
        .flatten()
}

/// The first byte of `text` that is no ASCII whitespace; `None` when it is
/// all such whitespace.
fn first_letter(text: &str) -> Option<u8> {
    text.bytes().find(|byte| !byte.is_ascii_whitespace())
}

/// Whether a byline names who updated or edited the page, not who wrote
/// it (`Updated by Jo Park`, `Last edited by jo`).
fn names_an_editor(text: &str) -> bool {
    [
        "updated by",
        "last updated by",
        "edited by",
        "last edited by",
    ]
    .iter()
    .any(|label| begins_with(text, label))
}

/// A byline's name: its text without a leading "By" and without what
/// follows the name (` - Mar 27, 2024`, ` | 5 min read`), when it reads as
/// a name: at most 6 words, no digits, not a label alone (`Author`).
fn byline_name(text: &str) -> Option<String> {
    // `By&nbsp;Jo` reads as `By Jo`.
    let collapsed = collapse(text);
    if names_an_editor(&collapsed) {
        return None;
    }
    let mut text = collapsed.as_str();
    // Labels may follow one another (`Author Posted by Jo`, a screen
    // reader's label before the visible one): each is taken off.
    while let Some(prefix) = [
        "written by ",
        "posted by:",
        "posted by ",
        "started by ",
        "authored by:",
        "authored by ",
        "reviewed by ",
        "author ",
        "by:",
        "by ",
        "author:",
        "authors:",
        "von ",
        "par ",
        "por ",
    ]
    .into_iter()
    .find(|prefix| begins_with(text, prefix))
    {
        text = text[prefix.len()..].trim();
    }
    let labelled = text.len() < collapsed.len();
    for separator in [" - ", " | ", " · ", " • ", " — ", " – ", " on "] {
        if let Some(at) = text.find(separator) {
            text = &text[..at];
        }
    }
    // After a label, a date after a comma (`Started by Jo Park, June 04,
    // 2024, 11:23 AM`); not a list of names (`Jo Park, Sam Lee`). Without
    // a label, what comes before a comma need be no name (`Sat, 20 Dec`).
    let mut end = 0;
    for part in text.split(", ") {
        if part.chars().any(|c| c.is_ascii_digit()) {
            break;
        }
        end += part.len() + ", ".len();
    }
    if labelled && end > 0 {
        text = text.get(..end - ", ".len()).unwrap_or(text);
    }
    // A role in brackets after the name (`Albert Swann (Editor)`), not a
    // name's own (`Paramita (Guha) Ghosh`).
    if text.ends_with(')')
        && let Some(at) = text.find(" (")
    {
        text = &text[..at];
    }
    // A form's required field is marked `*` (`Name *`).
    let text =
        text.trim_matches(|c: char| matches!(c, '|' | '·' | ',' | ':' | '*') || c.is_whitespace());
    let words = text.split_whitespace().count();
    let label = [
        "author",
        "authors",
        "by",
        "written by",
        "about the author",
        "admin",
        "full bio",
        "the author",
        // A comment form's field (`<label for=author>Name *</label>`).
        "name",
        "your name",
    ]
    .iter()
    .any(|label| text.eq_ignore_ascii_case(label))
        // A label whose name is in the next element (`Posted by`,
        // `Insights from`, `Topic Author`, `Follow the author`).
        || ["by", "from", "author", "authors"].iter().any(|word| {
            text.rsplit(' ')
                .next()
                .is_some_and(|last| last.eq_ignore_ascii_case(word))
        })
        // A link's call to action (`Visit the Tide Store`, `Shop All`,
        // `Get in touch`, `Read her articles`).
        || [
            "visit", "shop", "get", "read", "follow", "contact", "learn", "view", "browse",
            "subscribe", "sign", "join", "click", "share", "explore", "discover", "download",
        ]
        .iter()
        .any(|verb| {
            text.split_whitespace()
                .next()
                .is_some_and(|first| first.eq_ignore_ascii_case(verb))
        });
    (words > 0
        && words <= 6
        && !label
        && !text.chars().any(|c| c.is_ascii_digit())
        && text.chars().count() <= 80)
        .then(|| text.to_owned())
}

/// A byline's name without the role written after it in an element of its
/// own (`<span>Liz Kenny</span> <span>Former Consultant</span>`): the
/// byline's first text that reads as a name, when the whole name begins
/// with it and goes on with more than a list of names (`, Sam Singleton`,
/// `and …`).
fn name_without_role<A: DomAdapter>(dom: &A, node: A::Node, name: String) -> String {
    let mut pieces = Vec::new();
    let mut stack = vec![dom.first_child(node)];
    while let Some(next) = stack.last_mut() {
        let Some(current) = *next else {
            stack.pop();
            continue;
        };
        *next = dom.next_sibling(current);
        match dom.kind(current) {
            NodeKind::Text => {
                let text = collapse(&dom.text(current));
                if !text.is_empty() {
                    pieces.push(text);
                }
            }
            NodeKind::Element if pieces.len() < 8 => stack.push(dom.first_child(current)),
            _ => {}
        }
        if pieces.len() >= 8 {
            break;
        }
    }
    let Some(first) = pieces.iter().find_map(|piece| byline_name(piece)) else {
        return name;
    };
    let rest = name.strip_prefix(first.as_str()).map(str::trim_start);
    match rest {
        Some(rest)
            if !rest.is_empty()
                && !rest.starts_with([',', '&', ';'])
                && !rest.to_lowercase().starts_with("and ") =>
        {
            first
        }
        _ => name,
    }
}

/// The name an author's box begins with (`<div class=author-box>Jo
/// Park <p>Jo Park writes about…`): its first text, when that text is
/// a name: at most four words, each capitalised.
fn boxed_name<A: DomAdapter>(dom: &A, node: A::Node) -> Option<String> {
    let mut stack = vec![dom.first_child(node)];
    let mut seen = 0;
    while let Some(next) = stack.last_mut() {
        let Some(current) = *next else {
            stack.pop();
            continue;
        };
        *next = dom.next_sibling(current);
        seen += 1;
        if seen > 200 {
            return None;
        }
        match dom.kind(current) {
            NodeKind::Text => {
                let text = collapse(&dom.text(current));
                if text.is_empty() {
                    continue;
                }
                return (is_capitalised_words(&text) && reads_as_name(&text))
                    .then(|| byline_name(&text))
                    .flatten();
            }
            NodeKind::Element => {
                let name = dom.element_name(current);
                if !["script", "style", "template", "svg"]
                    .iter()
                    .any(|skip| name.eq_ignore_ascii_case(skip))
                {
                    stack.push(dom.first_child(current));
                }
            }
            _ => {}
        }
    }
    None
}

/// The text of the first descendant with `itemprop=name`.
fn named_descendant<A: DomAdapter>(dom: &A, node: A::Node) -> Option<String> {
    let mut stack = vec![dom.first_child(node)];
    let mut seen = 0;
    while let Some(next) = stack.last_mut() {
        let Some(current) = *next else {
            stack.pop();
            continue;
        };
        *next = dom.next_sibling(current);
        seen += 1;
        if seen > 1_000 {
            return None;
        }
        if dom.kind(current) != NodeKind::Element {
            continue;
        }
        if dom
            .attribute(current, "itemprop")
            .is_some_and(|prop| prop.split_whitespace().any(|word| word == "name"))
        {
            let value = dom
                .attribute(current, "content")
                .map(|value| collapse(&value))
                .unwrap_or_else(|| text_of(dom, current));
            return Some(value).filter(|value| !value.is_empty());
        }
        stack.push(dom.first_child(current));
    }
    None
}

/// The text under `node` (scripts and styles left out), whitespace
/// collapsed, at most [`LONGEST_TEXT`] characters read.
fn text_of<A: DomAdapter>(dom: &A, node: A::Node) -> String {
    text_under(dom, node, Reading::All)
}

/// What of an element's text [`text_under`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reading {
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
fn text_under<A: DomAdapter>(dom: &A, node: A::Node, reading: Reading) -> String {
    let mut text = String::new();
    let mut stack = vec![dom.first_child(node)];
    while let Some(next) = stack.last_mut() {
        let Some(current) = *next else {
            stack.pop();
            continue;
        };
        *next = dom.next_sibling(current);
        match dom.kind(current) {
            NodeKind::Text => text.push_str(&dom.text(current)),
            NodeKind::Element => {
                let name = dom.element_name(current);
                let skipped = ["script", "style", "template"]
                    .iter()
                    .any(|skip| name.eq_ignore_ascii_case(skip))
                    || (reading != Reading::All && is_unseen(dom, current))
                    || (reading == Reading::ShownWithoutButtons
                        && name.eq_ignore_ascii_case("button"));
                if !skipped {
                    // Block boundaries read as spaces.
                    text.push(' ');
                    stack.push(dom.first_child(current));
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
fn collapse(text: &str) -> String {
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
fn clean(text: &str) -> String {
    collapse(&decode_references(text))
}

/// Decodes numeric character references and the named ones pages put in
/// titles; anything else stays as it is.
fn decode_references(text: &str) -> String {
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

/// What separates a title's headline from its site's or section's name.
const TITLE_SEPARATORS: &[&str] = &[
    " | ", " - ", " – ", " — ", " · ", " :: ", " » ", " • ", " / ",
];

/// `title` without a site's name: of the parts around a separator (`|`,
/// `-`, `–`, `—`, `·`, `::`, `»`), the one the main heading equals, else
/// the parts left when those naming the site are taken off.
fn without_site(title: &str, site_name: Option<&str>, h1: Option<&str>) -> String {
    let title = collapse(title);
    let Some(separator) = TITLE_SEPARATORS
        .iter()
        .find(|separator| title.contains(**separator))
    else {
        return title;
    };
    let parts: Vec<&str> = title.split(separator).map(str::trim).collect();
    if let Some(h1) = h1
        && let Some(part) = parts.iter().find(|part| same_words(part, h1))
    {
        return (*part).to_owned();
    }
    // The main heading may hold the headline with a separator of its own.
    if let Some(h1) = h1
        && title.starts_with(h1)
        && h1.len() > title.len() / 3
    {
        return h1.to_owned();
    }
    if let Some(site) = site_name {
        let kept: Vec<&str> = parts
            .iter()
            .copied()
            .filter(|part| !names_site(part, site))
            .collect();
        if !kept.is_empty() && kept.len() < parts.len() {
            return kept.join(separator);
        }
    }
    // Nothing says which part is the site's: a title is written headline
    // first, then what it belongs to (`Headline | Section | Site`).
    match parts.first() {
        Some(first) if first.split_whitespace().count() >= 2 => (*first).to_owned(),
        _ => title,
    }
}

/// Whether `heading` begins the last part of `title` (`Headline | Site`,
/// `Topic / Board / Site Forums`), where titles name what the page belongs
/// to. A middle part (`tag - Headline - Site`) is the headline as often
/// as not.
fn is_trailing_part(heading: &str, title: &str) -> bool {
    let title = collapse(title);
    let heading = words_of(heading);
    TITLE_SEPARATORS.iter().any(|separator| {
        title
            .rsplit_once(separator)
            .is_some_and(|(_, last)| !heading.is_empty() && words_of(last).starts_with(&heading))
    })
}

/// The words of `text`, lowercased, punctuation left out.
fn words_of(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Whether `part` of a title names the site: equal to its name, or one
/// holds the other (`Example` and `Example.com`), ignoring case.
fn names_site(part: &str, site: &str) -> bool {
    let (part, site) = (part.to_lowercase(), site.to_lowercase());
    let bare = |text: &str| {
        text.trim_start_matches("www.")
            .trim_end_matches(".com")
            .trim_end_matches(".org")
            .trim_end_matches(".net")
            .to_owned()
    };
    part == site || bare(&part) == bare(&site) || (site.len() > 3 && part.contains(&site))
}

/// Whether most (at least half) of the words of `part` are in `whole`,
/// ignoring case and punctuation.
fn mostly_in(part: &str, whole: &str) -> bool {
    let (part, whole) = (words_of(part), words_of(whole));
    let found = part.iter().filter(|word| whole.contains(word)).count();
    !part.is_empty() && found * 2 >= part.len()
}

/// Whether two texts have the same words, ignoring case and punctuation.
fn same_words(a: &str, b: &str) -> bool {
    let (a, b) = (words_of(a), words_of(b));
    !a.is_empty() && a == b
}

fn is_link(text: &str) -> bool {
    text.starts_with("http://") || text.starts_with("https://") || text.starts_with("//")
}

fn is_absolute(url: &str) -> bool {
    url.starts_with("http://") || url.starts_with("https://")
}

/// A BCP 47 tag from a page's language: `en_US` is `en-US`; not a tag
/// (spaces, other characters, too long): `None`.
fn language_tag(tag: &str) -> Option<String> {
    let tag = tag.trim().replace('_', "-");
    // `Content-Language` may list several: the first.
    let tag = tag.split(',').next().unwrap_or_default().trim();
    let valid = !tag.is_empty()
        && tag.len() <= 35
        && tag.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        && tag
            .split('-')
            .all(|part| !part.is_empty() && part.len() <= 8)
        && tag
            .split('-')
            .next()
            .is_some_and(|first| first.chars().all(|c| c.is_ascii_alphabetic()));
    valid.then(|| tag.to_owned())
}

/// `text` less a date's label that begins it (`Published: `).
fn unlabelled(text: &str) -> &str {
    const LABELS: &[&str] = &[
        "published on ",
        "published: ",
        "published ",
        "posted on ",
        "posted: ",
        "posted ",
        "last updated on ",
        "last updated: ",
        "last updated ",
        "updated on ",
        "updated: ",
        "updated ",
        "last modified on ",
        "last modified: ",
        "submitted on ",
        "on ",
        "date: ",
    ];
    LABELS
        .iter()
        .find(|label| begins_with(text, label))
        .map_or(text, |label| text[label.len()..].trim())
}

/// A short text that is a date, perhaps with a label (`Published on Dec
/// 20, 2025`, `Last updated: November 13, 2025`, `[Submitted on 18 Dec
/// 2025]`).
fn shown_date(text: &str) -> Option<String> {
    // `Last Updated : 20 January 2025`, as French typography spaces it.
    let spaced = text.replace(" :", ":");
    let date = unlabelled(
        spaced.trim_matches(|c: char| c.is_whitespace() || matches!(c, '[' | ']' | '(' | ')')),
    );
    iso_date(date)
        .or_else(|| {
            // What follows a date on its line: a reading time (`Jun 8, 2023 •
            // 11 min read`), a time of day (`20 Dec 2025, 11:59`).
            let date = [" • ", " | ", " · ", " - "]
                .iter()
                .filter_map(|separator| date.split_once(separator))
                .map(|(head, _)| head)
                .min_by_key(|head| head.len())
                .unwrap_or(date);
            let date = [", ", " at ", " "]
                .iter()
                .filter_map(|separator| date.rsplit_once(separator))
                .find(|(_, time)| time.contains(':'))
                .map_or(date, |(head, _)| head);
            iso_date(date)
        })
        .or_else(|| {
            // A labelled date after what comes first on its line (`Essay -
            // Published: 2025.12.17 |`): a later part that is a date.
            date.split(['•', '|', '·'])
                .flat_map(|part| part.split(" - "))
                .skip(1)
                .map(|part| part.trim())
                .find_map(|part| iso_date(unlabelled(part)))
        })
}

/// The first date written in a longer text (` on Dec 16, 2025 at …`): the
/// longest run of up to five words that [`iso_date`] reads.
fn date_in(text: &str) -> Option<String> {
    let words: Vec<&str> = text.split_whitespace().take(40).collect();
    for start in 0..words.len() {
        for length in (1..=5).rev() {
            let Some(run) = words.get(start..start + length) else {
                continue;
            };
            let run = run.join(" ");
            let run = run.trim_matches(|c: char| matches!(c, ',' | '|' | '·' | '(' | ')'));
            if run.chars().any(|c| c.is_ascii_digit())
                && let Some(date) = iso_date(run)
            {
                return Some(date);
            }
        }
    }
    None
}

/// A date as ISO 8601: the full timestamp with its offset when the page
/// gives one, else `YYYY-MM-DD`; `None` when it is no date read here, or a
/// year no web page was published in (`7/3/24` read as the year 7).
fn iso_date(text: &str) -> Option<String> {
    iso_date_of_any_year(text).filter(|date| {
        date.get(..4)
            .and_then(|year| year.parse::<u16>().ok())
            .is_some_and(|year| (1990..=2100).contains(&year))
    })
}

fn iso_date_of_any_year(text: &str) -> Option<String> {
    use chrono::{DateTime, NaiveDate, NaiveDateTime};

    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    if let Ok(stamp) = DateTime::parse_from_rfc3339(text) {
        return Some(stamp.to_rfc3339());
    }
    // ISO 8601 variants chrono's RFC 3339 reader does not take: an offset
    // without a colon, no seconds, fractions.
    for format in [
        "%Y-%m-%dT%H:%M:%S%.f%z",
        "%Y-%m-%dT%H:%M%z",
        "%Y-%m-%d %H:%M:%S%.f%z",
    ] {
        if let Ok(stamp) = DateTime::parse_from_str(text, format) {
            return Some(stamp.to_rfc3339());
        }
    }
    if let Ok(stamp) = DateTime::parse_from_rfc2822(text) {
        return Some(stamp.to_rfc3339());
    }
    // A local time: the day is what it says.
    for format in [
        "%Y-%m-%dT%H:%M:%S%.f",
        "%Y-%m-%dT%H:%M",
        "%Y-%m-%d %H:%M:%S%.f",
        "%Y-%m-%d %H:%M",
    ] {
        if let Ok(stamp) = NaiveDateTime::parse_from_str(text, format) {
            return Some(stamp.date().format("%Y-%m-%d").to_string());
        }
    }
    let formats = [
        "%Y-%m-%d",
        "%Y/%m/%d",
        "%Y.%m.%d",
        "%Y%m%d",
        "%B %d, %Y",
        "%b %d, %Y",
        "%b. %d, %Y",
        "%d %B %Y",
        "%d %b %Y",
        "%d %B, %Y",
        "%d %b, %Y",
        "%B %d %Y",
        "%A, %B %d, %Y",
        "%a, %b %d, %Y",
        "%d.%m.%Y",
    ];
    for format in formats {
        if let Ok(date) = NaiveDate::parse_from_str(text, format) {
            return Some(date.format("%Y-%m-%d").to_string());
        }
    }
    // `2/24/2026` or `24/2/2026`: read only when one of the two readings
    // is possible (a day after the 12th says which is the month).
    if let Some(date) = slashed_date(text) {
        return Some(date);
    }
    // A day written as an ordinal (`September 1st, 2023`, `30th March
    // 2025`): the same date without its suffix.
    if let Some(plain) = without_ordinal(text) {
        return iso_date_of_any_year(&plain);
    }
    // A date that begins a longer text (`2024-05-02T…` in an odd form).
    let head: String = text.chars().take(10).collect();
    if head.len() == 10
        && let Ok(date) = NaiveDate::parse_from_str(&head, "%Y-%m-%d")
    {
        return Some(date.format("%Y-%m-%d").to_string());
    }
    None
}

/// `text` with the suffix of its day's ordinal taken off (`1st,` →
/// `1,`, `30th` → `30`): a number of one or two digits followed by `st`,
/// `nd`, `rd` or `th`, as a word of its own; `None` when there is none.
fn without_ordinal(text: &str) -> Option<String> {
    let mut changed = false;
    let words: Vec<String> = text
        .split(' ')
        .map(|word| {
            let bare = word.trim_end_matches([',', '.']);
            let digits = bare.bytes().take_while(u8::is_ascii_digit).count();
            let suffix = &bare[digits..];
            if !changed
                && (1..=2).contains(&digits)
                && ["st", "nd", "rd", "th"]
                    .iter()
                    .any(|known| suffix.eq_ignore_ascii_case(known))
            {
                changed = true;
                format!("{}{}", &bare[..digits], &word[bare.len()..])
            } else {
                word.to_owned()
            }
        })
        .collect();
    changed.then(|| words.join(" "))
}

/// A day written `M/D/YYYY` or `D/M/YYYY` when only one reading is a date
/// (`2/24/2026`, `24/2/2026`); `3/10/2023` says nothing sure.
fn slashed_date(text: &str) -> Option<String> {
    let mut parts = text.split('/');
    let (first, second, year) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some()
        || year.len() != 4
        || ![first, second]
            .iter()
            .all(|part| (1..=2).contains(&part.len()))
    {
        return None;
    }
    let number = |part: &str| part.parse::<u32>().ok();
    let (first, second, year) = (number(first)?, number(second)?, year.parse::<i32>().ok()?);
    let (month, day) = match (first > 12, second > 12) {
        (true, false) => (second, first),
        (false, true) => (first, second),
        _ => return None,
    };
    chrono::NaiveDate::from_ymd_opt(year, month, day)
        .map(|date| date.format("%Y-%m-%d").to_string())
}

/// The schema.org types whose headline, author and date are the page's.
const CREATIVE_WORKS: &[&str] = &[
    "article",
    "newsarticle",
    "blogposting",
    "reportagenewsarticle",
    "analysisnewsarticle",
    "opinionnewsarticle",
    "techarticle",
    "scholarlyarticle",
    "socialmediaposting",
    "discussionforumposting",
    "liveblogposting",
    "webpage",
    "itempage",
    "aboutpage",
    "faqpage",
    "qapage",
    "collectionpage",
    "product",
    "recipe",
    "review",
    "howto",
    "event",
    "course",
    "videoobject",
    "podcastepisode",
    "creativework",
    "question",
];

impl StructuredData {
    /// Reads one JSON-LD script; malformed or oversized data is ignored.
    fn read(&mut self, json: &str) {
        if json.len() > LARGEST_JSON_LD || self.visited >= MOST_JSON_VALUES {
            return;
        }
        // serde_json refuses nesting deeper than 128: an error, ignored.
        let Some(value) = serde_json::from_str::<Value>(json.trim()).ok().or_else(|| {
            // Line breaks written raw inside strings (invalid JSON, as
            // some templates write a post's body): read as spaces,
            // which they already are outside strings.
            json.bytes().any(|byte| byte < b' ').then(|| {
                let spaced: String = json
                    .chars()
                    .map(|c| if c < ' ' { ' ' } else { c })
                    .collect();
                serde_json::from_str::<Value>(spaced.trim()).ok()
            })?
        }) else {
            return;
        };
        // Objects in document order: arrays and `@graph` are flattened.
        let mut stack = vec![&value];
        let mut objects = Vec::new();
        while let Some(value) = stack.pop() {
            self.visited += 1;
            if self.visited > MOST_JSON_VALUES {
                break;
            }
            match value {
                Value::Array(items) => stack.extend(items.iter().rev()),
                Value::Object(map) => {
                    objects.push(map);
                    if let Some(graph) = map.get("@graph") {
                        stack.push(graph);
                    }
                    // A `WebPage` often holds the page's article or forum
                    // thread as its main entity, not beside it.
                    if let Some(main) = map.get("mainEntity") {
                        stack.push(main);
                    }
                }
                _ => {}
            }
        }
        // Articles before pages: a page's `WebPage` often wraps its article.
        let rank = |map: &serde_json::Map<String, Value>| {
            let types = types_of(map);
            if types
                .iter()
                .any(|t| t.ends_with("article") || t == "blogposting" || t.ends_with("posting"))
            {
                0
            } else if types.iter().any(|t| CREATIVE_WORKS.contains(&t.as_str())) {
                1
            } else {
                2
            }
        };
        // Objects by `@id`: an article's author is often a reference to a
        // `Person` elsewhere in the graph (`"author": {"@id": "#jo"}`).
        let by_id: HashMap<&str, &serde_json::Map<String, Value>> = objects
            .iter()
            .filter_map(|map| Some((map.get("@id")?.as_str()?, *map)))
            .collect();
        let names = |value: &Value| names(value, &by_id);
        let mut works: Vec<_> = objects.iter().filter(|map| rank(map) < 2).collect();
        works.sort_by_key(|map| rank(map));
        for map in works {
            let string = |key: &str| map.get(key).and_then(text_value);
            if self.headline.is_none() && rank(map) == 0 {
                self.headline = string("headline").or_else(|| string("name"));
            }
            if self.headline.is_none() {
                self.headline = string("headline");
            }
            if self.description.is_none() {
                self.description = string("description");
            }
            if self.author.is_none() {
                self.author = map.get("author").and_then(names);
                self.author_is_organization = map.get("author").is_some_and(|author| {
                    let first = match author {
                        Value::Array(items) => items.first(),
                        other => Some(other),
                    };
                    first
                        .and_then(Value::as_object)
                        .is_some_and(is_organization)
                });
            }
            if self.published.is_none() {
                self.published = string("datePublished").or_else(|| string("uploadDate"));
            }
            if self.publisher.is_none() {
                self.publisher = map.get("publisher").and_then(names);
            }
            if self.language.is_none() {
                self.language = string("inLanguage");
            }
            if self.modified.is_none() {
                self.modified = string("dateModified");
            }
            if self.url.is_none() && rank(map) == 0 {
                self.url = string("url");
            }
        }
        for map in &objects {
            let types = types_of(map);
            if self.website.is_none() && types.iter().any(|t| t == "website") {
                self.website = map.get("name").and_then(text_value);
            }
            if self.publisher.is_none()
                && types
                    .iter()
                    .any(|t| t == "organization" || t == "newsmediaorganization")
            {
                // A page's only organisation is its publisher.
                self.publisher = map.get("name").and_then(text_value);
            }
        }
    }
}

/// Whether a JSON-LD object is an organisation (`Organization`,
/// `NewsMediaOrganization`, `Corporation`, …).
fn is_organization(map: &serde_json::Map<String, Value>) -> bool {
    types_of(map)
        .iter()
        .any(|t| t.ends_with("organization") || t == "corporation")
}

/// The `@type`s of a JSON-LD object, lowercased.
fn types_of(map: &serde_json::Map<String, Value>) -> Vec<String> {
    match map.get("@type") {
        Some(Value::String(name)) => vec![name.to_ascii_lowercase()],
        Some(Value::Array(names)) => names
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_ascii_lowercase)
            .collect(),
        _ => Vec::new(),
    }
}

/// A JSON-LD text: a string, or the first string of an array, or an
/// object's `@value`; collapsed; `None` when empty.
fn text_value(value: &Value) -> Option<String> {
    let text = match value {
        Value::String(text) => clean(text),
        Value::Array(items) => return items.iter().find_map(text_value),
        Value::Object(map) => return map.get("@value").and_then(text_value),
        _ => return None,
    };
    (!text.is_empty()).then_some(text)
}

/// The names of an author or publisher: a string, an object with a `name`
/// (or a reference by `@id` to one in `by_id`), or a list of them, joined
/// by `", "`.
fn names(value: &Value, by_id: &HashMap<&str, &serde_json::Map<String, Value>>) -> Option<String> {
    let name = |value: &Value| -> Option<String> {
        match value {
            Value::String(text) => Some(clean(text)).filter(|text| !is_link(text)),
            Value::Object(map) => map.get("name").and_then(text_value).or_else(|| {
                let referred = by_id.get(map.get("@id")?.as_str()?)?;
                referred.get("name").and_then(text_value)
            }),
            _ => None,
        }
    };
    let found: Vec<String> = match value {
        Value::Array(items) => items.iter().take(20).filter_map(name).collect(),
        other => name(other).into_iter().collect(),
    };
    let mut unique: Vec<String> = Vec::new();
    for name in found {
        if !name.is_empty() && !unique.contains(&name) {
            unique.push(name);
        }
    }
    (!unique.is_empty()).then(|| unique.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::ArenaDom;

    #[test]
    fn the_head_names_the_page() {
        let mut dom = ArenaDom::new();
        let html = dom.element(dom.document(), "html");
        dom.set_attribute(html, "lang", "en");
        let head = dom.element(html, "head");
        let title = dom.element(head, "title");
        dom.add_text(title, "Tide pools | Field Notes");
        let meta = dom.element(head, "meta");
        dom.set_attribute(meta, "property", "og:site_name");
        dom.set_attribute(meta, "content", "Field Notes");
        let page = PageMetadata::extract(&dom);
        assert_eq!(page.title.as_deref(), Some("Tide pools"));
        assert_eq!(page.language.as_deref(), Some("en"));
        assert_eq!(page.site_name.as_deref(), Some("Field Notes"));
        let basic = PageMetadata::extract_for(&dom, PageMetadataMode::Basic);
        assert_eq!(basic.site_name, None);
        assert_eq!(basic.title.as_deref(), Some("Tide pools"));
        assert!(PageMetadata::extract_for(&dom, PageMetadataMode::None).is_empty());
    }

    #[test]
    fn dates_are_read_in_the_forms_pages_give() {
        let cases = [
            ("2024-05-02", "2024-05-02"),
            ("2024-05-02T10:30:00Z", "2024-05-02T10:30:00+00:00"),
            ("2024-05-02T10:30:00+0200", "2024-05-02T10:30:00+02:00"),
            ("2024-05-02T10:30:00", "2024-05-02"),
            ("2024-05-02 10:30", "2024-05-02"),
            ("May 2, 2024", "2024-05-02"),
            ("2 May 2024", "2024-05-02"),
            ("Thu, 02 May 2024 10:30:00 GMT", "2024-05-02T10:30:00+00:00"),
            ("2024/05/02", "2024-05-02"),
            // A day as an ordinal.
            ("September 1st, 2023", "2023-09-01"),
            ("30th March 2025", "2025-03-30"),
            ("Aug 22nd 2024", "2024-08-22"),
            ("3rd Jan, 2024", "2024-01-03"),
        ];
        for (text, iso) in cases {
            assert_eq!(iso_date(text).as_deref(), Some(iso), "{text}");
        }
        for text in [
            "",
            "yesterday",
            "2024-13-45",
            "\u{0}",
            "1st",
            "May 32nd, 2024",
        ] {
            assert_eq!(iso_date(text), None, "{text:?}");
        }
    }

    #[test]
    fn a_shown_date_may_be_followed_by_more() {
        let cases = [
            ("Jun 08, 2023 • 11 Minute Read", Some("2023-06-08")),
            ("20 Dec 2025, 11:59", Some("2025-12-20")),
            ("19 Dec, 2025", Some("2025-12-19")),
            ("Last Updated : 20 January 2025", Some("2025-01-20")),
            ("Updated: 10/31/2024", Some("2024-10-31")),
            ("24/2/2026", Some("2026-02-24")),
            // Either the 3rd of October or the 10th of March.
            ("03/10/2023", None),
            ("13/13/2023", None),
            ("1/1/1/2023", None),
            ("//", None),
            ("é/2/2024", None),
            ("31/2/2024", None),
            ("Jun 8, 2023 • ", None),
            // A labelled date after what comes first on its line.
            ("Field note - Published: 2024.05.02 | ", Some("2024-05-02")),
            ("Tide pools · Posted 2 May 2024", Some("2024-05-02")),
            ("Part 3 - Step 12", None),
        ];
        for (text, date) in cases {
            assert_eq!(shown_date(text).as_deref(), date, "{text}");
        }
        // Microsoft Learn's date `<meta>`.
        let dom = page("Headline", |dom, body| {
            let meta = dom.element(body, "meta");
            dom.set_attribute(meta, "name", "ms.date");
            dom.set_attribute(meta, "content", "03/06/2025");
            let meta = dom.element(body, "meta");
            dom.set_attribute(meta, "name", "ms.date");
            dom.set_attribute(meta, "content", "ignored: the first wins");
        });
        assert_eq!(full(&dom).published, None);
        let dom = page("Headline", |dom, body| {
            let meta = dom.element(body, "meta");
            dom.set_attribute(meta, "name", "ms.date");
            dom.set_attribute(meta, "content", "2025-03-06T00:00:00Z");
        });
        assert_eq!(
            full(&dom).published.as_deref(),
            Some("2025-03-06T00:00:00+00:00")
        );
        // A `datetime` not in ISO 8601.
        let dom = page("Headline", |dom, body| {
            let time = dom.element(body, "time");
            dom.set_attribute(time, "datetime", "February 24, 2006 02:01am");
            dom.add_text(time, "a while ago");
        });
        assert_eq!(full(&dom).published.as_deref(), Some("2006-02-24"));
    }

    #[test]
    fn a_questions_creation_date_comes_before_its_comments() {
        let dom = page("Why do tides turn?", |dom, body| {
            let question = dom.element(body, "div");
            dom.set_attribute(question, "itemtype", "https://schema.org/Question");
            let created = dom.element(question, "time");
            dom.set_attribute(created, "itemprop", "dateCreated");
            dom.set_attribute(created, "datetime", "2019-04-02T08:15:00Z");
            let comment = dom.element(question, "span");
            dom.set_attribute(comment, "itemprop", "datePublished");
            dom.add_text(comment, "2021-07-30T10:00:00Z");
        });
        assert_eq!(
            full(&dom).published.as_deref(),
            Some("2019-04-02T08:15:00+00:00")
        );
    }

    #[test]
    fn a_date_is_found_in_a_byline() {
        assert_eq!(
            date_in("by Matt Miller on Dec 16, 2025 at 11:00 AM").as_deref(),
            Some("2025-12-16")
        );
        assert_eq!(
            date_in("Updated 2024-05-02 · 5 min read").as_deref(),
            Some("2024-05-02")
        );
        assert_eq!(date_in("by Matt Miller"), None);
    }

    #[test]
    fn a_sites_name_is_left_out_of_the_title() {
        assert_eq!(
            without_site("Tide pools | Field Notes", Some("Field Notes"), None),
            "Tide pools"
        );
        assert_eq!(
            without_site("Field Notes - Tide pools", Some("field notes"), None),
            "Tide pools"
        );
        assert_eq!(
            without_site(
                "Tide pools — a guide | Example",
                None,
                Some("Tide pools — a guide")
            ),
            "Tide pools — a guide"
        );
        assert_eq!(
            without_site("Tide pools - Example.com", Some("Example"), None),
            "Tide pools"
        );
        // Nothing says which part is the site's: the headline comes first.
        assert_eq!(
            without_site("Tide pools - a guide", None, None),
            "Tide pools"
        );
        assert_eq!(without_site("Home | Example", None, None), "Home | Example");
    }

    #[test]
    fn language_tags_are_bcp_47() {
        assert_eq!(language_tag("en_US").as_deref(), Some("en-US"));
        assert_eq!(language_tag(" de ").as_deref(), Some("de"));
        assert_eq!(language_tag("en, fr").as_deref(), Some("en"));
        assert_eq!(language_tag("not a tag"), None);
        assert_eq!(language_tag("123"), None);
    }

    #[test]
    fn json_ld_authors_are_text_objects_or_lists() {
        let mut data = StructuredData::default();
        data.read(
            r#"{"@context":"https://schema.org","@graph":[
                {"@type":"WebSite","name":"Field Notes"},
                {"@type":["NewsArticle"],"headline":"Tide pools","datePublished":"2024-05-02",
                 "author":[{"@type":"Person","name":"Ana"},"Ben",{"name":"Ana"}],
                 "publisher":{"@type":"Organization","name":"Notes Inc"}}]}"#,
        );
        assert_eq!(data.headline.as_deref(), Some("Tide pools"));
        assert_eq!(data.author.as_deref(), Some("Ana, Ben"));
        assert_eq!(data.published.as_deref(), Some("2024-05-02"));
        assert_eq!(data.publisher.as_deref(), Some("Notes Inc"));
        assert_eq!(data.website.as_deref(), Some("Field Notes"));
        // An author given by reference to a `Person` of the graph.
        let mut data = StructuredData::default();
        data.read(
            r#"{"@graph":[{"@type":"Article","author":{"@id":"https://x.test/#jo"}},
                {"@type":"Person","@id":"https://x.test/#jo","name":"Jo Park"}]}"#,
        );
        assert_eq!(data.author.as_deref(), Some("Jo Park"));
        // A thread held as a page's main entity.
        let mut data = StructuredData::default();
        data.read(
            r#"{"@type":"WebPage","mainEntity":{"@type":"DiscussionForumPosting",
                "headline":"Kayak or canoe?","datePublished":"2024-05-02",
                "author":{"@type":"Person","name":"tidewalker"}}}"#,
        );
        assert_eq!(data.author.as_deref(), Some("tidewalker"));
        assert_eq!(data.headline.as_deref(), Some("Kayak or canoe?"));
        assert_eq!(data.published.as_deref(), Some("2024-05-02"));
        assert!(is_author_page("https://x.test/blog/authors/jo-park/"));
        assert!(!is_author_page("/authors/"));
        assert!(!is_author_page("/authorization/jo"));
    }

    #[test]
    fn hostile_json_ld_is_ignored_without_a_panic() {
        let mut data = StructuredData::default();
        let deep = "[".repeat(100_000) + &"]".repeat(100_000);
        data.read(&deep);
        data.read(r#"{"@type":"Article","headline":"\ud800 lone"}"#);
        data.read(r#"{"@type":"Article","headline":"#);
        let huge = format!(
            r#"{{"@type":"Article","headline":"{}"}}"#,
            "a".repeat(1 << 20)
        );
        data.read(&huge);
        assert!(
            data.headline
                .as_ref()
                .is_none_or(|headline| headline.len() == 1 << 20)
        );
        let wide = format!("[{}]", vec!["{}"; 200_000].join(","));
        data.read(&wide);
        assert!(data.visited <= MOST_JSON_VALUES + 1);
    }

    /// A page with `title` in its head and `body` built by `build`.
    fn page(title: &str, build: impl FnOnce(&mut ArenaDom, usize)) -> ArenaDom {
        let mut dom = ArenaDom::new();
        let html = dom.element(dom.document(), "html");
        let head = dom.element(html, "head");
        let title_element = dom.element(head, "title");
        dom.add_text(title_element, title);
        let body = dom.element(html, "body");
        build(&mut dom, body);
        dom
    }

    fn full(dom: &ArenaDom) -> PageMetadata {
        PageMetadata::extract_for(dom, PageMetadataMode::Full)
    }

    #[test]
    fn a_logo_in_an_h1_is_not_the_title() {
        let dom = page("Tide pools at dawn | Field Notes", |dom, body| {
            let logo = dom.element(body, "h1");
            dom.add_text(logo, "Field Notes");
            let headline = dom.element(body, "h1");
            dom.add_text(headline, "Tide pools at dawn");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Tide pools at dawn"));
        // The only `h1` is the logo: the title tag, less the site's part.
        let dom = page("Tide pools at dawn | Field Notes", |dom, body| {
            let logo = dom.element(body, "h1");
            dom.add_text(logo, "Field Notes");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Tide pools at dawn"));
    }

    #[test]
    fn a_site_is_named_at_the_end_of_a_title() {
        // A forum's logo begins the title's last part.
        let dom = page("Kayak or canoe? / Boats / Paddlers Forums", |dom, body| {
            let logo = dom.element(body, "h1");
            dom.add_text(logo, "Paddlers");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Kayak or canoe?"));
        // A title whose headline part a template left blank.
        let dom = page("| Paddlers Monthly", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "River kayaks");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("River kayaks"));
        // A middle part is the headline, not the site.
        let dom = page("kayaks - Kayak or canoe? - Paddlers", |dom, body| {
            let headline = dom.element(body, "h1");
            dom.add_text(headline, "Kayak or canoe?");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Kayak or canoe?"));
    }

    #[test]
    fn a_headings_prefix_is_not_part_of_the_title() {
        let titled = |title: &str, heading: &str| {
            let dom = page(title, |dom, body| {
                let meta = dom.element(body, "meta");
                dom.set_attribute(meta, "property", "og:title");
                dom.set_attribute(meta, "content", "Kayak or canoe?");
                let h1 = dom.element(body, "h1");
                dom.add_text(h1, heading);
            });
            full(&dom).title
        };
        // A thread's prefix label, a date before the headline.
        let title = "Kayak or canoe? | Paddlers";
        assert_eq!(
            titled(title, "Boats Kayak or canoe?").as_deref(),
            Some("Kayak or canoe?")
        );
        assert_eq!(
            titled(title, "Dec 18 2025 Kayak or canoe?").as_deref(),
            Some("Kayak or canoe?")
        );
        // More than a prefix: the heading says more than the title.
        let heading = "A question for the club: kayak or canoe?";
        assert_eq!(
            titled(&format!("{heading} | Paddlers"), heading).as_deref(),
            Some(heading)
        );
    }

    #[test]
    fn a_headline_cut_short_is_completed_from_the_title() {
        let whole = "Tide pools at dawn: what we found in the rocks below the lighthouse, \
                     and why the anemones close when the water leaves them";
        let cut: String = whole.chars().take(105).collect();
        let cut = cut.trim_end();
        let dom = page(&format!("{whole} - Field Notes"), |dom, body| {
            let script = dom.element(body, "script");
            dom.set_attribute(script, "type", "application/ld+json");
            dom.add_text(
                script,
                &format!(r#"{{"@type":"BlogPosting","headline":"{cut}"}}"#),
            );
            let site = dom.element(body, "meta");
            dom.set_attribute(site, "property", "og:site_name");
            dom.set_attribute(site, "content", "Field Notes");
        });
        assert_eq!(full(&dom).title.as_deref(), Some(whole));
        // A permalink's sign is not part of the heading.
        let dom = page("Middleware | Docs", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Middleware");
            let link = dom.element(h1, "a");
            dom.add_text(link, "¶");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Middleware"));
    }

    #[test]
    fn a_date_shown_above_the_headline_is_read() {
        let dom = page("Headline", |dom, body| {
            let dateline = dom.element(body, "p");
            dom.add_text(dateline, "[Submitted on 18 Dec 2025]");
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Headline");
        });
        assert_eq!(full(&dom).published.as_deref(), Some("2025-12-18"));
        // Far above the headline (a calendar in the menu): not its date.
        let dom = page("Headline", |dom, body| {
            let calendar = dom.element(body, "p");
            dom.add_text(calendar, "Last updated: November 13, 2025");
            for item in 0..=DATE_ABOVE_HEADING {
                let link = dom.element(body, "a");
                dom.add_text(link, &format!("Menu item {item}"));
            }
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Headline");
        });
        assert_eq!(full(&dom).published, None);
    }

    #[test]
    fn a_time_element_may_hold_its_date_as_text() {
        let dom = page("Headline", |dom, body| {
            let time = dom.element(body, "time");
            dom.add_text(time, "Published on June 04, 2025");
        });
        assert_eq!(full(&dom).published.as_deref(), Some("2025-06-04"));
        // `7/3/24` is no year-7 date.
        assert_eq!(iso_date("7/3/24"), None);
        assert_eq!(
            shown_date("Last updated: November 13, 2025").as_deref(),
            Some("2025-11-13")
        );
    }

    #[test]
    fn a_bylines_role_is_not_part_of_the_name() {
        let byline = |parts: &[&str]| {
            let dom = page("Headline", |dom, body| {
                let author = dom.element(body, "div");
                dom.set_attribute(author, "class", "author-box");
                for part in parts {
                    let span = dom.element(author, "span");
                    dom.add_text(span, part);
                }
            });
            full(&dom).author
        };
        assert_eq!(
            byline(&["Liz Kenny", "Former Consultant"]).as_deref(),
            Some("Liz Kenny")
        );
        assert_eq!(
            byline(&["Jared Newman,", "Sam Singleton"]).as_deref(),
            Some("Jared Newman, Sam Singleton")
        );
        assert_eq!(
            byline(&["Ana Lima and Ben Ode"]).as_deref(),
            Some("Ana Lima and Ben Ode")
        );
        assert_eq!(
            byline_name("Albert Swann (Editor)").as_deref(),
            Some("Albert Swann")
        );
        assert_eq!(
            byline_name("Paramita (Guha) Ghosh").as_deref(),
            Some("Paramita (Guha) Ghosh")
        );
        assert_eq!(
            byline_name("Posted by: Idle Cartulary").as_deref(),
            Some("Idle Cartulary")
        );
        assert_eq!(
            byline_name("Author Posted by\u{a0}Jo Park").as_deref(),
            Some("Jo Park")
        );
        // A label whose name is in the next element is no name.
        assert_eq!(byline_name("Insights from"), None);
        assert_eq!(byline_name("Posted by"), None);
    }

    #[test]
    fn a_name_after_a_by_label_near_the_heading_is_the_author() {
        let labelled = |label: &str, name: &str, far: bool| {
            let dom = page("Headline", |dom, body| {
                let h1 = dom.element(body, "h1");
                dom.add_text(h1, "Headline");
                if far {
                    for paragraph in 0..=DATE_NEAR_HEADING {
                        let p = dom.element(body, "p");
                        dom.add_text(p, &format!("Paragraph {paragraph}."));
                    }
                }
                let label_element = dom.element(body, "p");
                dom.add_text(label_element, label);
                let name_element = dom.element(body, "p");
                dom.add_text(name_element, name);
            });
            full(&dom).author
        };
        assert_eq!(
            labelled("Written by", "Edzel Tabing", false).as_deref(),
            Some("Edzel Tabing")
        );
        assert_eq!(
            labelled("By", "Daniel Renfrow", false).as_deref(),
            Some("Daniel Renfrow")
        );
        // A footer's credit, far below the heading; a setting, not a name.
        assert_eq!(labelled("By", "Social Ink", true), None);
        assert_eq!(labelled("Sort by", "DEFAULT", false), None);
        assert_eq!(labelled("By", "DEFAULT", false), None);
        assert_eq!(labelled("By", "expr", false), None);
    }

    #[test]
    fn an_organisation_as_author_gives_way_to_a_persons_byline() {
        let with_byline = |author: &str, byline: Option<&str>| {
            let dom = page("Tide pools | Field Notes", |dom, body| {
                let script = dom.element(body, "script");
                dom.set_attribute(script, "type", "application/ld+json");
                dom.add_text(
                    script,
                    &format!(r#"{{"@type":"Article","headline":"Tide pools","author":{author}}}"#),
                );
                let site = dom.element(body, "meta");
                dom.set_attribute(site, "property", "og:site_name");
                dom.set_attribute(site, "content", "Field Notes");
                if let Some(byline) = byline {
                    let element = dom.element(body, "div");
                    dom.set_attribute(element, "class", "post-author");
                    dom.add_text(element, byline);
                }
            });
            full(&dom).author
        };
        let organisation = r#"{"@type":"Organization","name":"Tidal Press"}"#;
        assert_eq!(
            with_byline(organisation, Some("By Ana Lima")).as_deref(),
            Some("Ana Lima")
        );
        // The site's own name as a `Person`: its publisher all the same.
        let site = r#"{"@type":"Person","name":"Field Notes"}"#;
        assert_eq!(
            with_byline(site, Some("By Ana Lima")).as_deref(),
            Some("Ana Lima")
        );
        // No person named: the organisation is all the page says.
        assert_eq!(
            with_byline(organisation, None).as_deref(),
            Some("Tidal Press")
        );
        let person = r#"{"@type":"Person","name":"Ben Ode"}"#;
        assert_eq!(
            with_byline(person, Some("By Ana Lima")).as_deref(),
            Some("Ben Ode")
        );
    }

    #[test]
    fn a_heading_that_is_the_pages_own_title_is_the_headline() {
        let dom = page(
            "Tide pools at dawn - Coastal Walking Guides",
            |dom, body| {
                // A blog's name, sharing a word with the title.
                let blog = dom.element(body, "h1");
                dom.add_text(blog, "Coastal Notes");
                let headline = dom.element(body, "h1");
                dom.add_text(headline, "Tide pools at dawn");
            },
        );
        assert_eq!(full(&dom).title.as_deref(), Some("Tide pools at dawn"));
        // The title's last part is no headline.
        let dom = page("Tide pools at dawn | Coastal Notes", |dom, body| {
            let headline = dom.element(body, "h1");
            dom.add_text(headline, "Tide pools at dawn, in pictures");
            let blog = dom.element(body, "h1");
            dom.add_text(blog, "Coastal Notes");
        });
        assert_eq!(
            full(&dom).title.as_deref(),
            Some("Tide pools at dawn, in pictures")
        );
    }

    #[test]
    fn a_sites_name_after_the_heading_is_left_out() {
        let dom = page("Rock pools | Field Notes", |dom, body| {
            let site = dom.element(body, "meta");
            dom.set_attribute(site, "property", "og:site_name");
            dom.set_attribute(site, "content", "Field Notes");
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Rock pools at low tide – Field Notes");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Rock pools at low tide"));
        // Only the site's name: a part that names something else stays.
        let dom = page("Rock pools | Field Notes", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Rock pools – a field guide");
        });
        assert_eq!(
            full(&dom).title.as_deref(),
            Some("Rock pools – a field guide")
        );
    }

    #[test]
    fn a_headings_text_for_screen_readers_only_is_not_its_title() {
        let dom = page("Rock pools | Field Notes", |dom, body| {
            let logo = dom.element(body, "h1");
            let link = dom.element(logo, "a");
            let hidden = dom.element(link, "span");
            dom.set_attribute(hidden, "class", "sr-only");
            dom.add_text(hidden, "Field Notes home");
            let h1 = dom.element(body, "h1");
            let hidden = dom.element(h1, "span");
            dom.set_attribute(hidden, "class", "badge visually-hidden");
            dom.add_text(hidden, "Topic: ");
            dom.add_text(h1, "Rock pools");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Rock pools"));
    }

    #[test]
    fn a_buttons_label_in_a_heading_is_not_its_title() {
        let dom = page("reef - Field Guide", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Chapter ");
            let name = dom.element(h1, "span");
            dom.add_text(name, "reef");
            let button = dom.element(h1, "button");
            dom.add_text(button, "Copy link");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Chapter reef"));
        // A heading that is only a button (an accordion's) keeps its text.
        let dom = page("Shore birds and tide pools", |dom, body| {
            let h1 = dom.element(body, "h1");
            let button = dom.element(h1, "button");
            dom.add_text(button, "Shore birds");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Shore birds"));
    }

    #[test]
    fn who_updated_the_page_is_not_its_author() {
        let dom = page("Tide pools", |dom, body| {
            for credit in ["Updated by Ben Ode", "Ana Lima"] {
                let span = dom.element(body, "span");
                dom.set_attribute(span, "itemprop", "author");
                dom.add_text(span, credit);
            }
        });
        assert_eq!(full(&dom).author.as_deref(), Some("Ana Lima"));
    }

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

    #[test]
    fn a_threads_starter_is_its_author() {
        let dom = page("Kayak or canoe?", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Kayak or canoe?");
            let item = dom.element(body, "li");
            let label = dom.element(item, "span");
            dom.set_attribute(label, "class", "sr-only");
            dom.add_text(label, "Thread starter");
            let link = dom.element(item, "a");
            dom.add_text(link, "Tide Walker");
            // Who is online, further down.
            let online = dom.element(body, "a");
            dom.set_attribute(online, "class", "username");
            dom.add_text(online, "reef_rider");
        });
        assert_eq!(full(&dom).author.as_deref(), Some("Tide Walker"));
        let dom = page("Kayak or canoe?", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Kayak or canoe?");
            let credit = dom.element(body, "p");
            dom.add_text(credit, "Started by Tide Walker, June 04, 2024, 11:23:55 AM");
        });
        assert_eq!(full(&dom).author.as_deref(), Some("Tide Walker"));
    }

    #[test]
    fn an_authors_box_at_the_articles_end_names_its_author() {
        let closing = |label: &str, name: &str| {
            let dom = page("Tide pools", |dom, body| {
                let h1 = dom.element(body, "h1");
                dom.add_text(h1, "Tide pools");
                for _ in 0..=DATE_NEAR_HEADING {
                    let paragraph = dom.element(body, "p");
                    dom.add_text(paragraph, "The tide went out and the pools stayed.");
                }
                let heading = dom.element(body, "h4");
                dom.add_text(heading, label);
                let link = dom.element(body, "a");
                dom.add_text(link, name);
            });
            full(&dom).author
        };
        assert_eq!(
            closing("Written by", "Ana Lima").as_deref(),
            Some("Ana Lima")
        );
        assert_eq!(
            closing("Article by:", "Ana Lima").as_deref(),
            Some("Ana Lima")
        );
        // A comment's poster, a widget's heading, no person's name.
        assert_eq!(closing("Posted by", "Ana Lima"), None);
        assert_eq!(closing("Author", "Recent Posts"), None);
        assert_eq!(closing("Written by", "Follow"), None);
        assert_eq!(
            closing("Written by Ana Lima", "Share"),
            Some("Ana Lima".to_owned())
        );
    }

    fn more_by_text(text: &str) -> Option<String> {
        more_by(text, first_letter(text)?)
    }

    #[test]
    fn a_link_to_more_of_their_writing_names_the_author() {
        assert_eq!(
            more_by_text("All articles by Ana Lima").as_deref(),
            Some("Ana Lima")
        );
        assert_eq!(
            more_by_text("View all posts by Ana Lima →").as_deref(),
            Some("Ana Lima")
        );
        assert_eq!(
            more_by_text("More stories by  Ana\nLima").as_deref(),
            Some("Ana Lima")
        );
        assert_eq!(more_by_text("Posts by Ana"), None);
        assert_eq!(more_by_text("More posts by This Author"), None);
        assert_eq!(more_by_text("See all posts by us:"), None);
        assert_eq!(more_by_text("All Ana Lima"), None);
        assert_eq!(more_by_text("Articles"), None);
        let dom = page("Tide pools", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Tide pools");
            let button = dom.element(body, "button");
            dom.add_text(button, "All articles by Ana Lima");
        });
        assert_eq!(full(&dom).author.as_deref(), Some("Ana Lima"));
    }

    #[test]
    fn a_soft_hyphen_is_not_part_of_the_title() {
        let dom = page("Rock pool guide - Field Notes", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Rock pool gui\u{ad}de");
        });
        assert_eq!(full(&dom).title.as_deref(), Some("Rock pool guide"));
    }

    #[test]
    fn a_forms_choices_are_no_byline() {
        let dom = page("Kayak or canoe?", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Kayak or canoe?");
            let select = dom.element(body, "select");
            for choice in ["Author", "Post time", "Subject"] {
                let option = dom.element(select, "option");
                dom.add_text(option, choice);
            }
        });
        assert_eq!(full(&dom).author, None);
    }

    #[test]
    fn a_class_that_ends_in_author_marks_a_byline() {
        let byline = |class: &str| {
            let dom = page("Tide pools", |dom, body| {
                let element = dom.element(body, "div");
                dom.set_attribute(element, "class", class);
                dom.add_text(element, "By Ana Lima");
            });
            full(&dom).author
        };
        assert_eq!(
            byline("authoring-meta__author").as_deref(),
            Some("Ana Lima")
        );
        assert_eq!(byline("post-Author").as_deref(), Some("Ana Lima"));
        // Authoring and authorization name no author.
        assert_eq!(byline("authoring-tools"), None);
        assert_eq!(byline("authorization"), None);
        // An author's picture holds initials, not the name.
        let dom = page("Tide pools", |dom, body| {
            let avatar = dom.element(body, "span");
            dom.set_attribute(avatar, "class", "avatar author-avatar");
            dom.add_text(avatar, "AL");
            let name = dom.element(body, "span");
            dom.set_attribute(name, "class", "author-name");
            dom.add_text(name, "Ana Lima");
        });
        assert_eq!(full(&dom).author.as_deref(), Some("Ana Lima"));
    }

    #[test]
    fn a_scholarly_pages_first_author_is_its_author() {
        let dom = page("On tide pools", |dom, body| {
            for name in ["Lima, Ana", "Ode, Ben"] {
                let meta = dom.element(body, "meta");
                dom.set_attribute(meta, "name", "citation_author");
                dom.set_attribute(meta, "content", name);
            }
            let label = dom.element(body, "span");
            dom.add_text(label, "Authors:");
        });
        assert_eq!(full(&dom).author.as_deref(), Some("Lima, Ana"));
    }

    #[test]
    fn a_preview_cards_written_by_label_names_the_author() {
        let card = |label: &str| {
            let dom = page("Tide pools", |dom, body| {
                for (key, value) in [
                    ("twitter:label1", "Est. reading time"),
                    ("twitter:data1", "4 minutes"),
                    ("twitter:label2", label),
                    ("twitter:data2", "Ana Lima"),
                ] {
                    let meta = dom.element(body, "meta");
                    dom.set_attribute(meta, "name", key);
                    dom.set_attribute(meta, "content", value);
                }
                let byline = dom.element(body, "div");
                dom.set_attribute(byline, "class", "byline");
                dom.add_text(byline, "By Ben Ode");
            });
            full(&dom).author
        };
        assert_eq!(card("Written by").as_deref(), Some("Ana Lima"));
        assert_eq!(card("Author:").as_deref(), Some("Ana Lima"));
        // Another label's value is no name.
        assert_eq!(card("Filed under").as_deref(), Some("Ben Ode"));
    }

    #[test]
    fn an_author_box_begins_with_the_name() {
        let boxed = |first: &str| {
            let dom = page("Headline", |dom, body| {
                let author = dom.element(body, "div");
                dom.set_attribute(author, "class", "post_author-box");
                let name = dom.element(author, "div");
                dom.add_text(name, first);
                let bio = dom.element(author, "p");
                dom.add_text(bio, "Ana Lima writes about the shore and what lives on it.");
            });
            full(&dom).author
        };
        assert_eq!(boxed("Ana Lima").as_deref(), Some("Ana Lima"));
        // A menu's word, not a name.
        assert_eq!(boxed("Guide"), None);
        assert_eq!(boxed("about our writers"), None);
        // The label and the name in one text, near the heading.
        let dom = page("Headline", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Headline");
            let credit = dom.element(body, "p");
            dom.add_text(credit, "Written by Ben Ode");
        });
        assert_eq!(full(&dom).author.as_deref(), Some("Ben Ode"));
        // A bare `By` is a menu's as often as a byline's.
        let dom = page("Headline", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Headline");
            let menu = dom.element(body, "a");
            dom.add_text(menu, "By Category");
        });
        assert_eq!(full(&dom).author, None);
        // `By` and a name of two to four capitalised words after the
        // heading: a byline in text alone.
        let bare = |credit: &str| {
            let dom = page("Headline", |dom, body| {
                let h1 = dom.element(body, "h1");
                dom.add_text(h1, "Headline");
                let span = dom.element(body, "span");
                dom.add_text(span, credit);
            });
            full(&dom).author
        };
        assert_eq!(bare("by Ana Lima").as_deref(), Some("Ana Lima"));
        // Perhaps followed by its date.
        assert_eq!(
            bare("by Ana Lima - 2024-05-02").as_deref(),
            Some("Ana Lima")
        );
        assert_eq!(
            bare("by Ana Lima | May 2, 2024").as_deref(),
            Some("Ana Lima")
        );
        assert_eq!(
            bare("by Ana Lima\n    -\n    2024-05-02").as_deref(),
            Some("Ana Lima")
        );
        assert_eq!(bare("By\n  Ana Lima").as_deref(), Some("Ana Lima"));
        assert_eq!(bare("By Price - Low to High"), None);
        assert_eq!(bare("By Price and size"), None);
        assert_eq!(bare("By Ana"), None);
    }

    #[test]
    fn a_threads_first_poster_is_its_author() {
        let thread = |before_heading: bool, handle: &str| {
            let dom = page("Kayak or canoe? - Paddlers", |dom, body| {
                let poster = |dom: &mut ArenaDom, parent| {
                    let link = dom.element(parent, "a");
                    dom.set_attribute(link, "class", "PostUser-name");
                    dom.add_text(link, handle);
                };
                if before_heading {
                    poster(dom, body);
                }
                let h1 = dom.element(body, "h1");
                dom.add_text(h1, "Kayak or canoe?");
                if !before_heading {
                    poster(dom, body);
                }
            });
            full(&dom).author
        };
        assert_eq!(thread(false, "tide_walker").as_deref(), Some("tide_walker"));
        // The signed-in reader's menu above the thread is not its author.
        assert_eq!(thread(true, "tide_walker"), None);
        // A field's label or a masked name is no handle.
        assert_eq!(thread(false, "Email address"), None);
        assert_eq!(thread(false, "a***a"), None);
        // A thread without an `h1` (its title in an `h2`): the first poster.
        let dom = page("Kayak or canoe? - Paddlers", |dom, body| {
            let h2 = dom.element(body, "h2");
            dom.add_text(h2, "Kayak or canoe?");
            for handle in ["tide_walker", "reef.runner"] {
                let link = dom.element(body, "a");
                dom.set_attribute(link, "class", "bigusername");
                dom.add_text(link, handle);
            }
        });
        assert_eq!(full(&dom).author.as_deref(), Some("tide_walker"));
    }

    #[test]
    fn nested_author_boxes_cost_a_bounded_look_each() {
        // Every box holds the next and no name: each is looked into a
        // bounded number of nodes, not down to the bottom.
        let dom = page("Headline", |dom, body| {
            let h1 = dom.element(body, "h1");
            dom.add_text(h1, "Headline");
            let mut parent = body;
            for _ in 0..20_000 {
                parent = dom.element(parent, "div");
                dom.set_attribute(parent, "class", "author-box username");
            }
            dom.add_text(parent, "the end of a very deep page");
        });
        let started = std::time::Instant::now();
        assert_eq!(full(&dom).author, None);
        assert!(started.elapsed().as_secs() < 20);
    }

    #[test]
    fn bylines_are_names_not_sentences() {
        assert_eq!(byline_name("By Ana Lima").as_deref(), Some("Ana Lima"));
        assert_eq!(byline_name("  by:  Ben  ").as_deref(), Some("Ben"));
        assert_eq!(
            byline_name("This is a long sentence about many other things."),
            None
        );
        assert_eq!(
            byline_name("By Dr. Vahid Osman - Mar 27, 2024").as_deref(),
            Some("Dr. Vahid Osman")
        );
        assert_eq!(
            byline_name("Written By Reyan Perumal").as_deref(),
            Some("Reyan Perumal")
        );
        assert_eq!(byline_name("Author"), None);
        // A link's call to action.
        assert_eq!(byline_name("Visit the Tide Store"), None);
        assert_eq!(byline_name("Shop All"), None);
        assert_eq!(byline_name("Get in touch"), None);
        assert_eq!(byline_name("Reading Jo").as_deref(), Some("Reading Jo"));
        // A thread's first poster, and a date after a comma.
        assert_eq!(
            byline_name("Started by Tide Walker, June 04, 2024, 11:23:55 AM").as_deref(),
            Some("Tide Walker")
        );
        assert_eq!(
            byline_name("Ana Lima, Ben Ode").as_deref(),
            Some("Ana Lima, Ben Ode")
        );
        assert_eq!(byline_name("June 04, 2024"), None);
        assert_eq!(byline_name("Sat, 20 Dec, 2025 - 06:36"), None);
        // A comment form's field is no byline.
        assert_eq!(byline_name("Name *"), None);
        assert_eq!(byline_name("Your name"), None);
        assert_eq!(byline_name("Ana Lima *").as_deref(), Some("Ana Lima"));
        // Who updated the page did not write it.
        assert_eq!(byline_name("Updated by Ana Lima"), None);
        assert_eq!(byline_name("Last edited by ana_l"), None);
        // A label that ends with `author`: the name is in the next element.
        assert_eq!(byline_name("Thread Author"), None);
        assert_eq!(byline_name("Meet the authors"), None);
        assert_eq!(byline_name(""), None);
        // A prefix's length can fall inside a character.
        assert_eq!(byline_name("Уховит").as_deref(), Some("Уховит"));
        assert_eq!(byline_name("Minoa » Tue").as_deref(), Some("Minoa » Tue"));
        assert_eq!(
            decode_references("Tips &amp;amp; it&#8217;s &#x2014; &bogus; &"),
            "Tips &amp; it\u{2019}s \u{2014} &bogus; &"
        );
    }

    #[test]
    fn json_ld_with_raw_line_breaks_in_its_strings_is_read() {
        let mut data = StructuredData::default();
        data.read(
            "{\"@type\":\"DiscussionForumPosting\",\n\t\"headline\":\"Kayak or canoe?\",\
             \"articleBody\":\"First line.\n\nSecond\tline.\",\
             \"author\":{\"@type\":\"Person\",\"name\":\"tidewalker\"},\
             \"datePublished\":\"2024-05-02 09:15:00\"}",
        );
        assert_eq!(data.author.as_deref(), Some("tidewalker"));
        assert_eq!(data.headline.as_deref(), Some("Kayak or canoe?"));
        assert_eq!(data.published.as_deref(), Some("2024-05-02 09:15:00"));
    }

    #[test]
    fn an_author_field_that_names_no_one_is_passed_over() {
        let with_meta = |key: &str, value: &str| {
            let dom = page("Tide pools", |dom, body| {
                let meta = dom.element(body, "meta");
                dom.set_attribute(meta, "name", key);
                dom.set_attribute(meta, "property", key);
                dom.set_attribute(meta, "content", value);
                let byline = dom.element(body, "span");
                dom.set_attribute(byline, "class", "post-author");
                dom.add_text(byline, "By Ana Lima");
            });
            full(&dom).author
        };
        for value in [
            "site.meta.author",
            "{{ post.author }}",
            "100200300400",
            " 42 ",
            "undefined",
            "NULL",
        ] {
            assert_eq!(
                with_meta("author", value).as_deref(),
                Some("Ana Lima"),
                "{value}"
            );
        }
        assert_eq!(
            with_meta("article:author", "31337").as_deref(),
            Some("Ana Lima")
        );
        // A login with dots is someone.
        assert_eq!(
            with_meta("author", "ana.r.lima").as_deref(),
            Some("ana.r.lima")
        );
        assert!(is_no_name(""));
        assert!(!is_no_name("Jo Park"));
        assert!(!is_no_name("Authority.org"));
    }

    #[test]
    fn a_page_without_an_h1_shows_its_date_near_its_top() {
        let with_texts = |before: usize, h1: bool| {
            let dom = page("Tide pools", |dom, body| {
                for n in 0..before {
                    let item = dom.element(body, "li");
                    dom.add_text(item, &format!("Menu item {n}"));
                }
                let date = dom.element(body, "p");
                dom.add_text(date, "2 May, 2024");
                if h1 {
                    for n in 0..=DATE_ABOVE_HEADING {
                        let filler = dom.element(body, "p");
                        dom.add_text(filler, &format!("Teaser {n}"));
                    }
                    let heading = dom.element(body, "h1");
                    dom.add_text(heading, "Tide pools");
                }
                let footer = dom.element(body, "footer");
                dom.add_text(footer, "Copyright 2019");
            });
            full(&dom).published
        };
        assert_eq!(with_texts(3, false).as_deref(), Some("2024-05-02"));
        // Too far down the page: a list's or a review's date.
        assert_eq!(with_texts(DATE_NEAR_HEADING + 1, false), None);
        // A page with a main heading dates it near the heading only.
        assert_eq!(with_texts(3, true), None);
    }
}
