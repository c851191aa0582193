//! JSON-LD (`<script type="application/ld+json">`): what structured data
//! says, the first of each (a page's article first), read with serde_json;
//! `@graph`, arrays and a page's `mainEntity` looked into, an author given
//! by `@id` found; malformed, too deep or too large data is ignored.

use std::collections::HashMap;

use serde_json::Value;

use super::author::is_link;
use super::text::clean;

/// The largest JSON-LD script read; larger ones are ignored.
const LARGEST_JSON_LD: usize = 4 << 20;

/// How many JSON values of all JSON-LD scripts are looked at, at most.
const MOST_JSON_VALUES: usize = 100_000;

/// What JSON-LD says, the first of each (a page's article first).
#[derive(Debug, Default)]
pub(super) struct StructuredData {
    pub(super) headline: Option<String>,
    pub(super) description: Option<String>,
    pub(super) author: Option<String>,
    /// Whether the author is given as an `Organization`: a publisher, not
    /// a writer.
    pub(super) author_is_organization: bool,
    pub(super) published: Option<String>,
    pub(super) publisher: Option<String>,
    pub(super) website: Option<String>,
    pub(super) language: Option<String>,
    pub(super) url: Option<String>,
    pub(super) modified: Option<String>,
    /// Values looked at so far, against [`MOST_JSON_VALUES`].
    pub(super) visited: usize,
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
    pub(super) fn read(&mut self, json: &str) {
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
    use crate::page_metadata::byline::is_author_page;

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
}
