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
//!
//! The walk that gathers the facts is in `walk`; each source is read in
//! `head` (`<meta>`, `<title>`), `json_ld`, `microdata`, `byline` (the
//! elements on the page that name the author) and `author` (the name in a
//! byline's text), with `dates` (date parsing) and `text` (an element's
//! text, cleaned); `title` and `decide` choose among the sources.

mod author;
mod byline;
mod dates;
mod decide;
mod head;
mod json_ld;
mod microdata;
#[cfg(test)]
mod tests;
mod text;
mod title;
mod walk;

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::adapter::DomAdapter;
use json_ld::StructuredData;

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

/// How many text nodes after the main heading may hold its date.
const DATE_NEAR_HEADING: usize = 60;

/// How many text nodes before the main heading may hold its date.
const DATE_ABOVE_HEADING: usize = 12;
