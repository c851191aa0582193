//! Splitter configuration: the JSON form, the table of its keys, and
//! validation.
//!
//! [`CONFIG_KEYS`] is the one list of the keys of SPEC §2: their camelCase
//! and snake_case names, what each value must be and what an error says.
//! Reading a config checks its shape against it ([`SplitterConfig::from_json`],
//! [`SplitterConfig::from_value`]), [`SplitterConfig::set`] sets one key
//! through it (the CLI's flags), and the front ends take their names and
//! choices from it.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::page_metadata::PageMetadataMode;

use crate::error::ConfigError;

/// The settings of SPEC §2, in the shape of a JSON config file.
///
/// JSON keys are camelCase (`chunkSize`, `maxChunkSize`, `separators`,
/// `neverBreakWithin`, `chunkOverlap`, `whitespace`, `format`, `links`,
/// `include`, `exclude`, `content`, `headingContext`, `sizer`); unknown keys are
/// rejected. Sizes are in the unit of the sizer: characters unless
/// `sizer` says otherwise.
/// A `SplitterConfig` is plain data: [`SplitterConfig::validate`] (called by
/// [`crate::Splitter::new`]) checks it.
///
/// ```
/// use splitter_core::SplitterConfig;
///
/// let config = SplitterConfig::from_json(r#"{"chunkSize": 1000, "separators": ["h2"]}"#)?;
/// assert_eq!(config.chunk_size, 1000);
/// assert_eq!(config.max_chunk_size, None);
///
/// let err = SplitterConfig::from_json(r#"{"chunkSize": 10, "chunk_size": 10}"#).unwrap_err();
/// assert!(err.to_string().contains("chunk_size"));
/// # Ok::<(), splitter_core::ConfigError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SplitterConfig {
    /// Soft target size of a chunk. Must be at least 1.
    pub chunk_size: usize,
    /// Hard cap: no chunk is larger. `None` means unbounded. Must be at least
    /// `chunk_size`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_chunk_size: Option<usize>,
    /// CSS selectors of preferred split points.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub separators: Vec<String>,
    /// CSS selectors of subtrees to keep whole while they fit in the cap.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub never_break_within: Vec<String>,
    /// Accepted only as 0: overlapping chunks are not supported.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub chunk_overlap: usize,
    /// How whitespace reaches the canonical text: as a reader sees it (SPEC
    /// §3.1, the default) or as authored (SPEC §3).
    #[serde(default, skip_serializing_if = "Whitespace::is_normalize")]
    pub whitespace: Whitespace,
    /// What the canonical text is: plain text (the default) or Markdown
    /// (SPEC §3.2).
    #[serde(default, skip_serializing_if = "Format::is_text")]
    pub format: Format,
    /// How links and images are written: as their text (the default) or,
    /// in Markdown, inline (SPEC §3.2).
    #[serde(default, skip_serializing_if = "Links::is_text")]
    pub links: Links,
    /// CSS selectors of the content to split: when not empty, only the
    /// outermost matching elements contribute (SPEC §3.3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub include: Vec<String>,
    /// CSS selectors of elements left out with everything inside, as
    /// `script` is (SPEC §3.3).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exclude: Vec<String>,
    /// Which content is split: the whole page (the default) or only its
    /// main content, found in the same walk (see [`Content::Main`]).
    #[serde(default, skip_serializing_if = "Content::is_all")]
    pub content: Content,
    /// Whether each chunk begins with a line naming its heading path, when
    /// it does not begin with those headings itself (SPEC §5.1).
    #[serde(default, skip_serializing_if = "is_false")]
    pub heading_context: bool,
    /// The unit of every size, by name (see [`crate::AnySizer`]):
    /// `characters` (when `None`), `bytes`, `utf16`, `tiktoken:<encoding>`,
    /// `huggingface:<path to tokenizer.json>`. Applied by
    /// [`crate::Splitter::from_config`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sizer: Option<String>,
    /// Which facts about the page each chunk's metadata carries (SPEC
    /// §7.1): `basic` (the default: title, description, language), `full`
    /// (also author, publication date, site name, canonical URL) or `none`.
    #[serde(default, skip_serializing_if = "PageMetadataMode::is_basic")]
    pub page_metadata: PageMetadataMode,
}

/// The `whitespace` setting: how text nodes' whitespace reaches the
/// canonical text.
///
/// ```
/// use splitter_core::{SplitterConfig, Whitespace};
///
/// let config = SplitterConfig::from_json(r#"{"chunkSize": 10, "whitespace": "normalize"}"#)?;
/// assert_eq!(config.whitespace, Whitespace::Normalize);
/// assert!(SplitterConfig::from_json(r#"{"chunkSize": 10, "whitespace": "tidy"}"#).is_err());
/// # Ok::<(), splitter_core::ConfigError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Whitespace {
    /// Whitespace exactly as authored (SPEC §3); whitespace-only text nodes
    /// are kept only between inline content.
    Preserve,
    /// Text as a reader sees it (SPEC §3.1), the default: every run of
    /// whitespace is one space, no line starts or ends with a space; `pre`,
    /// `textarea`, `listing` and `plaintext` keep their text as authored.
    #[default]
    Normalize,
}

impl Whitespace {
    fn is_normalize(&self) -> bool {
        *self == Whitespace::Normalize
    }
}

/// The `format` setting: what the canonical text is.
///
/// ```
/// use splitter_core::{Format, SplitterConfig};
///
/// let config = SplitterConfig::from_json(r#"{"chunkSize": 10, "format": "markdown"}"#)?;
/// assert_eq!(config.format, Format::Markdown);
/// # Ok::<(), splitter_core::ConfigError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Plain text (SPEC §3, §3.1).
    #[default]
    Text,
    /// Markdown: CommonMark with pipe tables (SPEC §3.2). Needs normalized
    /// whitespace.
    Markdown,
}

impl Format {
    fn is_text(&self) -> bool {
        *self == Format::Text
    }
}

/// The `links` setting: how links and images are written.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Links {
    /// A link is its text, an image nothing.
    #[default]
    Text,
    /// `[text](href)` and `![alt](src)`; only with [`Format::Markdown`].
    Inline,
}

impl Links {
    fn is_text(&self) -> bool {
        *self == Links::Text
    }
}

/// The `content` setting: which content of a page is split.
///
/// ```
/// use splitter_core::{Content, SplitterConfig};
///
/// let config = SplitterConfig::from_json(r#"{"chunkSize": 1000, "content": "main"}"#)?;
/// assert_eq!(config.content, Content::Main);
/// let err = SplitterConfig::from_json(r#"{"chunkSize": 1000, "content": "article"}"#).unwrap_err();
/// assert_eq!(err.to_string(), r#"content: expected "all" or "main", got "article""#);
/// # Ok::<(), splitter_core::ConfigError>(())
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Content {
    /// Everything in the page's `<body>` (less what `exclude` leaves out).
    #[default]
    All,
    /// The page's main content: the article, the post or the manual page,
    /// without the navigation, banners, share buttons, related links,
    /// comments and footers around it and inside it. Found from content
    /// markers (`<main>`, `<article>`, `role="main"`,
    /// `itemprop="articleBody"`), the density of prose and links, and the
    /// words of `class` and `id`; see the `main_content` module of this
    /// crate for every rule and why it exists. With `include`, the
    /// included elements are the main content and only the pruning of
    /// boilerplate inside them applies; `exclude` always applies.
    Main,
}

impl Content {
    fn is_all(&self) -> bool {
        *self == Content::All
    }
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// The error for a value of the wrong type in every selector list.
const SELECTORS: &str = "an array of CSS selector strings";

const fn key(
    name: &'static str,
    snake_name: &'static str,
    kind: ValueKind,
    expected: &'static str,
) -> ConfigKey {
    ConfigKey {
        name,
        snake_name,
        kind,
        expected,
    }
}

/// What the value of a key of SPEC §2 must be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ValueKind {
    /// A non-negative integer (`chunkSize`; `chunkOverlap`, which
    /// validation then holds to 0).
    Size,
    /// A non-negative integer, or null for none (`maxChunkSize`).
    SizeOrNull,
    /// An array of CSS selector strings.
    Selectors,
    /// One of these strings.
    Choice(&'static [&'static str]),
    /// `true` or `false`.
    Bool,
    /// A string, or null for the default (`sizer`).
    NameOrNull,
}

/// One key of SPEC §2: its names and what its value must be. The table of
/// them, [`CONFIG_KEYS`], is the one list of the keys: reading a config,
/// its errors and the front ends' names (the CLI's choices, Python's
/// keyword arguments) all come from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct ConfigKey {
    /// The key as JSON writes it, camelCase (`maxChunkSize`): the config
    /// file, Node.js and the errors of both.
    pub name: &'static str,
    /// The key in snake_case (`max_chunk_size`): Python's keyword arguments
    /// and their errors.
    pub snake_name: &'static str,
    /// What its value must be.
    pub kind: ValueKind,
    /// What an error says the value must be (`a positive integer`).
    pub expected: &'static str,
}

/// The keys of SPEC §2, in its order.
pub const CONFIG_KEYS: &[ConfigKey] = &[
    key(
        "chunkSize",
        "chunk_size",
        ValueKind::Size,
        "a positive integer",
    ),
    key(
        "maxChunkSize",
        "max_chunk_size",
        ValueKind::SizeOrNull,
        "a positive integer or null",
    ),
    key("separators", "separators", ValueKind::Selectors, SELECTORS),
    key(
        "neverBreakWithin",
        "never_break_within",
        ValueKind::Selectors,
        SELECTORS,
    ),
    key(
        "chunkOverlap",
        "chunk_overlap",
        ValueKind::Size,
        "0 (chunk overlap is not supported)",
    ),
    key(
        "whitespace",
        "whitespace",
        ValueKind::Choice(&["preserve", "normalize"]),
        r#""preserve" or "normalize""#,
    ),
    key(
        "format",
        "format",
        ValueKind::Choice(&["text", "markdown"]),
        r#""text" or "markdown""#,
    ),
    key(
        "links",
        "links",
        ValueKind::Choice(&["text", "inline"]),
        r#""text" or "inline""#,
    ),
    key("include", "include", ValueKind::Selectors, SELECTORS),
    key("exclude", "exclude", ValueKind::Selectors, SELECTORS),
    key(
        "content",
        "content",
        ValueKind::Choice(&["all", "main"]),
        r#""all" or "main""#,
    ),
    key(
        "headingContext",
        "heading_context",
        ValueKind::Bool,
        "true or false",
    ),
    key(
        "sizer",
        "sizer",
        ValueKind::NameOrNull,
        r#"a string such as "characters", "bytes", "utf16", "tiktoken:cl100k_base" or "huggingface:<path to tokenizer.json>""#,
    ),
    key(
        "pageMetadata",
        "page_metadata",
        ValueKind::Choice(&["basic", "full", "none"]),
        r#""basic", "full" or "none""#,
    ),
];

impl ConfigKey {
    /// The key whose camelCase name is `name`.
    ///
    /// ```
    /// use splitter_core::ConfigKey;
    ///
    /// let key = ConfigKey::named("neverBreakWithin").expect("a key of SPEC §2");
    /// assert_eq!(key.snake_name, "never_break_within");
    /// assert!(ConfigKey::named("never_break_within").is_none());
    /// ```
    pub fn named(name: &str) -> Option<&'static ConfigKey> {
        CONFIG_KEYS.iter().find(|key| key.name == name)
    }

    /// The key whose snake_case name is `name`.
    pub fn snake_named(name: &str) -> Option<&'static ConfigKey> {
        CONFIG_KEYS.iter().find(|key| key.snake_name == name)
    }

    /// The strings the key takes when it takes one of a few
    /// ([`ValueKind::Choice`]); empty otherwise.
    ///
    /// ```
    /// use splitter_core::ConfigKey;
    ///
    /// let format = ConfigKey::named("format").expect("a key of SPEC §2");
    /// assert_eq!(format.choices(), ["text", "markdown"]);
    /// ```
    pub fn choices(&self) -> &'static [&'static str] {
        match self.kind {
            ValueKind::Choice(choices) => choices,
            _ => &[],
        }
    }

    /// Why this key does not take `value`, when its type or spelling is
    /// wrong (its value is checked later, by [`SplitterConfig::validate`]).
    fn shape_error(&self, value: &Value) -> Option<ConfigError> {
        let is_size = |value: &Value| value.as_u64().is_some_and(|n| usize::try_from(n).is_ok());
        let fits = match self.kind {
            ValueKind::Size => is_size(value),
            ValueKind::SizeOrNull => value.is_null() || is_size(value),
            ValueKind::Selectors => match value {
                Value::Array(selectors) => {
                    if let Some(index) = selectors.iter().position(|selector| !selector.is_string())
                    {
                        return Some(invalid(
                            &format!("{}[{index}]", self.name),
                            "a CSS selector string",
                            &selectors[index],
                        ));
                    }
                    true
                }
                _ => false,
            },
            ValueKind::Choice(choices) => {
                value.as_str().is_some_and(|value| choices.contains(&value))
            }
            ValueKind::Bool => value.is_boolean(),
            ValueKind::NameOrNull => value.is_string() || value.is_null(),
        };
        (!fits).then(|| invalid(self.name, self.expected, value))
    }
}

fn invalid(key: &str, expected: &'static str, value: &Value) -> ConfigError {
    ConfigError::InvalidValue {
        key: key.to_owned(),
        expected,
        got: shown(value),
    }
}

/// The keys of SPEC §2, as [`ConfigError::UnknownKey`] lists them.
fn known_keys() -> &'static str {
    static KNOWN: LazyLock<String> = LazyLock::new(|| {
        let names: Vec<&str> = CONFIG_KEYS.iter().map(|key| key.name).collect();
        names.join(", ")
    });
    &KNOWN
}

/// The first key of the config object `map` (in key order) whose value the
/// config does not take, an unknown key, or a missing `chunkSize`; `None`
/// when the shape is right.
fn shape_error(map: &serde_json::Map<String, Value>) -> Option<ConfigError> {
    map.iter()
        .find_map(|(name, value)| match ConfigKey::named(name) {
            Some(key) => key.shape_error(value),
            None => Some(ConfigError::UnknownKey {
                key: name.clone(),
                known: known_keys(),
            }),
        })
        .or_else(|| {
            (!map.contains_key("chunkSize")).then_some(ConfigError::MissingKey("chunkSize"))
        })
}

/// `value` as JSON, shortened to about 60 characters.
fn shown(value: &Value) -> String {
    const LONGEST: usize = 60;
    let json = value.to_string();
    match json.char_indices().nth(LONGEST) {
        Some((end, _)) => format!("{}…", &json[..end]),
        None => json,
    }
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl SplitterConfig {
    /// A configuration with the given `chunk_size` and every other setting at
    /// its default.
    pub fn new(chunk_size: usize) -> Self {
        SplitterConfig {
            chunk_size,
            max_chunk_size: None,
            separators: Vec::new(),
            never_break_within: Vec::new(),
            chunk_overlap: 0,
            whitespace: Whitespace::Normalize,
            format: Format::Text,
            links: Links::Text,
            include: Vec::new(),
            exclude: Vec::new(),
            content: Content::All,
            heading_context: false,
            sizer: None,
            page_metadata: PageMetadataMode::Basic,
        }
    }

    /// Reads a JSON object with the camelCase keys of SPEC §2.
    ///
    /// Only the shape is checked here (types, unknown and missing keys);
    /// values are checked by [`SplitterConfig::validate`]. A value of the
    /// wrong type is a [`ConfigError::InvalidValue`] naming the key and the
    /// value:
    ///
    /// ```
    /// use splitter_core::SplitterConfig;
    ///
    /// let err = SplitterConfig::from_json(r#"{"chunkSize": -5}"#).unwrap_err();
    /// assert_eq!(err.to_string(), "chunkSize: expected a positive integer, got -5");
    /// ```
    pub fn from_json(json: &str) -> Result<Self, ConfigError> {
        let document: Value =
            serde_json::from_str(json).map_err(|err| ConfigError::Json(err.to_string()))?;
        // Not an object: serde would read an array as the fields in order.
        let Value::Object(map) = &document else {
            return Err(ConfigError::NotAnObject(shown(&document)));
        };
        // Read from the text, not the document, so that a duplicate key is
        // an error. serde's message for a value of the wrong type names
        // neither the key nor the value: find them in the document.
        serde_json::from_str(json)
            .map_err(|err| shape_error(map).unwrap_or_else(|| ConfigError::Json(err.to_string())))
    }

    /// Reads a JSON object with the camelCase keys of SPEC §2 given as a
    /// value, not as text: how the bindings pass what their language's
    /// caller wrote. The same checks and errors as
    /// [`SplitterConfig::from_json`] (an object has no duplicate keys).
    ///
    /// ```
    /// use serde_json::json;
    /// use splitter_core::SplitterConfig;
    ///
    /// let config = SplitterConfig::from_value(&json!({"chunkSize": 100, "format": "markdown"}))?;
    /// assert_eq!(config.chunk_size, 100);
    /// let err = SplitterConfig::from_value(&json!({"chunkSize": 100, "format": "html"})).unwrap_err();
    /// assert_eq!(err.to_string(), r#"format: expected "text" or "markdown", got "html""#);
    /// # Ok::<(), splitter_core::ConfigError>(())
    /// ```
    pub fn from_value(value: &Value) -> Result<Self, ConfigError> {
        let Value::Object(map) = value else {
            return Err(ConfigError::NotAnObject(shown(value)));
        };
        SplitterConfig::deserialize(value)
            .map_err(|err| shape_error(map).unwrap_or_else(|| ConfigError::Json(err.to_string())))
    }

    /// Sets the key `name` (camelCase, SPEC §2) to `value`, checked as
    /// [`SplitterConfig::from_json`] checks it: how the CLI's flags
    /// override its config file. The result is checked by
    /// [`SplitterConfig::validate`] later, as a config read whole is.
    ///
    /// ```
    /// use serde_json::json;
    /// use splitter_core::{Format, SplitterConfig};
    ///
    /// let mut config = SplitterConfig::new(100);
    /// config.set("format", json!("markdown"))?;
    /// assert_eq!(config.format, Format::Markdown);
    /// assert!(config.set("chunkSzie", json!(10)).is_err());
    /// # Ok::<(), splitter_core::ConfigError>(())
    /// ```
    pub fn set(&mut self, name: &str, value: Value) -> Result<(), ConfigError> {
        let mut map = match serde_json::to_value(&*self) {
            Ok(Value::Object(map)) => map,
            Ok(other) => return Err(ConfigError::NotAnObject(shown(&other))),
            Err(err) => return Err(ConfigError::Json(err.to_string())),
        };
        map.insert(name.to_owned(), value);
        *self = SplitterConfig::from_value(&Value::Object(map))?;
        Ok(())
    }

    /// Checks the sizes, the overlap and the combinations of `format`,
    /// `whitespace` and `links`. Selectors are checked when they are
    /// compiled, by [`crate::Splitter::new`].
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.chunk_size == 0 {
            return Err(ConfigError::ZeroChunkSize);
        }
        if let Some(max) = self.max_chunk_size
            && max < self.chunk_size
        {
            return Err(ConfigError::MaxBelowChunkSize {
                max,
                chunk_size: self.chunk_size,
            });
        }
        if self.chunk_overlap != 0 {
            return Err(ConfigError::ChunkOverlap(self.chunk_overlap));
        }
        if self.format == Format::Markdown && self.whitespace == Whitespace::Preserve {
            return Err(ConfigError::Conflict {
                key: "format",
                value: "markdown",
                needs: r#"whitespace "normalize""#,
            });
        }
        if self.links == Links::Inline && self.format != Format::Markdown {
            return Err(ConfigError::Conflict {
                key: "links",
                value: "inline",
                needs: r#"format "markdown""#,
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(json: &str) -> String {
        SplitterConfig::from_json(json)
            .expect_err("the config is rejected")
            .to_string()
    }

    #[test]
    fn a_bad_chunk_size_names_the_key_and_the_value() {
        for (value, got) in [
            ("-5", "-5"),
            (r#""big""#, r#""big""#),
            ("1.5", "1.5"),
            ("true", "true"),
            ("null", "null"),
            ("[10]", "[10]"),
            ("18446744073709551616", "1.8446744073709552e+19"),
        ] {
            let err = SplitterConfig::from_json(&format!(r#"{{"chunkSize": {value}}}"#))
                .expect_err("the config is rejected");
            assert_eq!(
                err,
                ConfigError::InvalidValue {
                    key: "chunkSize".to_owned(),
                    expected: "a positive integer",
                    got: got.to_owned(),
                }
            );
            assert_eq!(
                err.to_string(),
                format!("chunkSize: expected a positive integer, got {got}")
            );
        }
    }

    #[test]
    fn a_bad_max_chunk_size_names_the_key_and_the_value() {
        assert_eq!(
            message(r#"{"chunkSize": 10, "maxChunkSize": -1}"#),
            "maxChunkSize: expected a positive integer or null, got -1"
        );
        assert_eq!(
            message(r#"{"chunkSize": 10, "maxChunkSize": "20"}"#),
            r#"maxChunkSize: expected a positive integer or null, got "20""#
        );
        let config = SplitterConfig::from_json(r#"{"chunkSize": 10, "maxChunkSize": null}"#)
            .expect("null is no cap");
        assert_eq!(config.max_chunk_size, None);
    }

    #[test]
    fn bad_selector_lists_name_the_key_or_the_element() {
        for key in ["separators", "neverBreakWithin"] {
            assert_eq!(
                message(&format!(r#"{{"chunkSize": 10, "{key}": "h2"}}"#)),
                format!(r#"{key}: expected an array of CSS selector strings, got "h2""#)
            );
            assert_eq!(
                message(&format!(r#"{{"chunkSize": 10, "{key}": null}}"#)),
                format!("{key}: expected an array of CSS selector strings, got null")
            );
            assert_eq!(
                message(&format!(r#"{{"chunkSize": 10, "{key}": ["h2", 3, "p"]}}"#)),
                format!("{key}[1]: expected a CSS selector string, got 3")
            );
        }
    }

    #[test]
    fn a_bad_chunk_overlap_names_the_key_and_the_value() {
        assert_eq!(
            message(r#"{"chunkSize": 10, "chunkOverlap": -2}"#),
            "chunkOverlap: expected 0 (chunk overlap is not supported), got -2"
        );
        // A non-negative integer is read; validation refuses it.
        let config = SplitterConfig::from_json(r#"{"chunkSize": 10, "chunkOverlap": 2}"#)
            .expect("the shape is right");
        assert_eq!(
            config.validate(),
            Err(ConfigError::ChunkOverlap(2)),
            "validation names the overlap"
        );
    }

    #[test]
    fn a_bad_whitespace_names_the_key_and_the_value() {
        assert_eq!(
            message(r#"{"chunkSize": 10, "whitespace": "tidy"}"#),
            r#"whitespace: expected "preserve" or "normalize", got "tidy""#
        );
        assert_eq!(
            message(r#"{"chunkSize": 10, "whitespace": 1}"#),
            r#"whitespace: expected "preserve" or "normalize", got 1"#
        );
    }

    #[test]
    fn a_sizer_that_is_not_a_string_names_the_key_and_the_value() {
        let err = message(r#"{"chunkSize": 10, "sizer": {"tiktoken": "cl100k_base"}}"#);
        assert!(
            err.starts_with("sizer: expected a string such as \"characters\""),
            "{err}"
        );
        assert!(err.ends_with(r#"got {"tiktoken":"cl100k_base"}"#), "{err}");
        let config = SplitterConfig::from_json(r#"{"chunkSize": 10, "sizer": null}"#)
            .expect("null is the default sizer");
        assert_eq!(config.sizer, None);
    }

    #[test]
    fn unknown_and_missing_keys_and_non_objects_are_named() {
        assert_eq!(
            SplitterConfig::from_json(r#"{"chunkSize": 10, "chunkSzie": 4}"#),
            Err(ConfigError::UnknownKey {
                key: "chunkSzie".to_owned(),
                known: "chunkSize, maxChunkSize, separators, neverBreakWithin, chunkOverlap, whitespace, format, links, include, exclude, content, headingContext, sizer, pageMetadata",
            })
        );
        assert_eq!(message(r#"{"maxChunkSize": 10}"#), "chunkSize is required");
        assert_eq!(
            message("[1, 2]"),
            "the configuration must be a JSON object with the keys of SPEC §2, got [1,2]"
        );
    }

    #[test]
    fn every_field_has_its_key_and_every_choice_its_message() {
        // Every key of a config with no field at its default is in the
        // table, in the struct's order, and no other.
        let mut config = SplitterConfig::new(10);
        config.max_chunk_size = Some(20);
        config.separators = vec!["h2".into()];
        config.never_break_within = vec!["pre".into()];
        config.chunk_overlap = 1;
        config.whitespace = Whitespace::Preserve;
        config.format = Format::Markdown;
        config.links = Links::Inline;
        config.include = vec!["main".into()];
        config.exclude = vec!["nav".into()];
        config.content = Content::Main;
        config.heading_context = true;
        config.sizer = Some("bytes".into());
        config.page_metadata = PageMetadataMode::Full;
        let Ok(Value::Object(map)) = serde_json::to_value(&config) else {
            panic!("a config serialises as an object");
        };
        let names: Vec<&str> = CONFIG_KEYS.iter().map(|key| key.name).collect();
        assert_eq!(
            map.keys().map(String::as_str).collect::<Vec<_>>().len(),
            names.len()
        );
        for name in map.keys() {
            assert!(names.contains(&name.as_str()), "{name} is in the table");
        }
        for key in CONFIG_KEYS {
            let snake: String = key
                .name
                .chars()
                .flat_map(|c| match c.is_ascii_uppercase() {
                    true => vec!['_', c.to_ascii_lowercase()],
                    false => vec![c],
                })
                .collect();
            assert_eq!(key.snake_name, snake);
            let quoted: Vec<String> = key.choices().iter().map(|c| format!("{c:?}")).collect();
            if let Some((last, rest)) = quoted.split_last() {
                assert_eq!(key.expected, format!("{} or {last}", rest.join(", ")));
                // Each choice reads back as the value it names.
                for choice in key.choices() {
                    let mut config = SplitterConfig::new(10);
                    config
                        .set(key.name, Value::from(*choice))
                        .expect("a choice of the key");
                    let Ok(Value::Object(map)) = serde_json::to_value(&config) else {
                        panic!("a config serialises as an object");
                    };
                    let written = map.get(key.name).and_then(Value::as_str);
                    assert!(written.is_none_or(|written| written == *choice), "{choice}");
                }
            }
        }
    }

    #[test]
    fn set_checks_the_key_and_the_value_as_reading_does() {
        let mut config = SplitterConfig::from_json(r#"{"chunkSize": 10, "separators": ["h2"]}"#)
            .expect("a good config");
        config.set("maxChunkSize", Value::from(20)).expect("a size");
        config
            .set("headingContext", Value::Bool(true))
            .expect("a bool");
        assert_eq!(config.max_chunk_size, Some(20));
        assert!(config.heading_context);
        assert_eq!(config.separators, ["h2"]);
        assert_eq!(
            config
                .set("links", Value::from("footnote"))
                .map_err(|err| err.to_string()),
            Err(r#"links: expected "text" or "inline", got "footnote""#.to_owned())
        );
        assert_eq!(
            config.set("chunkSzie", Value::from(4)),
            Err(ConfigError::UnknownKey {
                key: "chunkSzie".to_owned(),
                known: known_keys(),
            })
        );
        assert_eq!(
            config.max_chunk_size,
            Some(20),
            "a refused value changes nothing"
        );
    }

    #[test]
    fn a_value_reads_as_its_text_does() {
        for json in [
            r#"{"chunkSize": 10, "format": "markdown", "links": "inline", "exclude": ["nav"]}"#,
            r#"{"chunkSize": 10, "chunkSzie": 4}"#,
            r#"{"chunkSize": -1}"#,
            r#"{"maxChunkSize": 10}"#,
            r#"{"chunkSize": 10, "include": ["a", 1]}"#,
            "[1, 2]",
        ] {
            let value: Value = serde_json::from_str(json).expect("JSON");
            assert_eq!(
                SplitterConfig::from_value(&value),
                SplitterConfig::from_json(json),
                "{json}"
            );
        }
    }

    #[test]
    fn malformed_json_and_duplicate_keys_keep_serdes_message() {
        let err = message(r#"{"chunkSize": "#);
        assert!(err.starts_with("invalid configuration: EOF"), "{err}");
        let err = message(r#"{"chunkSize": 10, "chunkSize": 20}"#);
        assert!(err.contains("duplicate field `chunkSize`"), "{err}");
    }

    #[test]
    fn long_values_are_shortened() {
        let long = "x".repeat(500);
        let err = message(&format!(r#"{{"chunkSize": "{long}"}}"#));
        assert!(err.ends_with('…'), "{err}");
        assert!(err.chars().count() < 120, "{err}");
    }

    #[test]
    fn every_key_of_a_good_config_is_read() {
        let config = SplitterConfig::from_json(
            r#"{"chunkSize": 10, "maxChunkSize": 20, "separators": ["h2"], "neverBreakWithin": ["pre"], "chunkOverlap": 0, "whitespace": "preserve", "sizer": "bytes", "include": ["main"], "exclude": ["nav"], "headingContext": true}"#,
        )
        .expect("a good config");
        assert_eq!(config.max_chunk_size, Some(20));
        assert_eq!(config.whitespace, Whitespace::Preserve);
        assert_eq!(config.sizer.as_deref(), Some("bytes"));
        assert_eq!(config.include, ["main"]);
        assert_eq!(config.exclude, ["nav"]);
        assert!(config.heading_context);
        let config = SplitterConfig::from_json(
            r#"{"chunkSize": 10, "format": "markdown", "links": "inline"}"#,
        )
        .expect("a good config");
        assert_eq!(
            (config.format, config.links),
            (Format::Markdown, Links::Inline)
        );
        assert_eq!(config.validate(), Ok(()));
    }

    #[test]
    fn defaults_are_normalized_plain_text() {
        let config = SplitterConfig::from_json(r#"{"chunkSize": 10}"#).expect("a good config");
        assert_eq!(config, SplitterConfig::new(10));
        assert_eq!(config.whitespace, Whitespace::Normalize);
        assert_eq!(config.format, Format::Text);
        assert_eq!(config.links, Links::Text);
        assert!(!config.heading_context);
    }

    #[test]
    fn bad_new_keys_name_the_key_and_the_value() {
        assert_eq!(
            message(r#"{"chunkSize": 10, "format": "html"}"#),
            r#"format: expected "text" or "markdown", got "html""#
        );
        assert_eq!(
            message(r#"{"chunkSize": 10, "links": "footnote"}"#),
            r#"links: expected "text" or "inline", got "footnote""#
        );
        assert_eq!(
            message(r#"{"chunkSize": 10, "headingContext": "yes"}"#),
            r#"headingContext: expected true or false, got "yes""#
        );
        assert_eq!(
            message(r#"{"chunkSize": 10, "include": "main"}"#),
            r#"include: expected an array of CSS selector strings, got "main""#
        );
        assert_eq!(
            message(r#"{"chunkSize": 10, "exclude": [1]}"#),
            "exclude[0]: expected a CSS selector string, got 1"
        );
    }

    #[test]
    fn conflicting_settings_name_both_keys() {
        let config = SplitterConfig::from_json(
            r#"{"chunkSize": 10, "format": "markdown", "whitespace": "preserve"}"#,
        )
        .expect("the shape is right");
        let err = config
            .validate()
            .expect_err("markdown needs normalized whitespace");
        assert_eq!(
            err.to_string(),
            r#"format "markdown" needs whitespace "normalize""#
        );
        let config = SplitterConfig::from_json(r#"{"chunkSize": 10, "links": "inline"}"#)
            .expect("the shape is right");
        let err = config.validate().expect_err("inline links need markdown");
        assert_eq!(err.to_string(), r#"links "inline" needs format "markdown""#);
    }
}
