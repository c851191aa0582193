//! How each fact is chosen among its sources, in the order of the table in
//! the module's documentation: the site's name, description, language,
//! author (a person before an organisation), publication date and URL; the
//! title is chosen in `title`.

use super::author::{byline_name, is_link, is_no_name};
use super::dates::{iso_date, shown_date};
use super::title::names_site;
use super::{DATE_ABOVE_HEADING, Facts, PageMetadata};

impl Facts {
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

    pub(super) fn decide(self) -> PageMetadata {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page_metadata::tests::{full, page};

    #[test]
    fn language_tags_are_bcp_47() {
        assert_eq!(language_tag("en_US").as_deref(), Some("en-US"));
        assert_eq!(language_tag(" de ").as_deref(), Some("de"));
        assert_eq!(language_tag("en, fr").as_deref(), Some("en"));
        assert_eq!(language_tag("not a tag"), None);
        assert_eq!(language_tag("123"), None);
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
}
