//! The options object of `new HtmlSplitter(options)`: SPEC §2's keys go to
//! the core as a JSON value (not text), so that the core's table of keys
//! alone decides which keys exist and what their errors say; `backend` and
//! a function `sizer` are the binding's.

use std::collections::HashMap;
use std::str::FromStr;

use html_splitter::{Backend, ConfigError, SplitterConfig};
use napi::bindgen_prelude::*;
use serde_json::{Map, Value};

use crate::function_sizer::SizeFunction;

/// The options as JavaScript gave them.
pub type SplitterOptions<'env> = HashMap<String, Unknown<'env>>;

/// What the options say.
pub struct Read {
    pub config: SplitterConfig,
    pub backend: Backend,
    /// A `sizer` given as a function instead of a name.
    pub function: Option<SizeFunction>,
}

/// A config error as the JS `Error` thrown: the core's message, which names
/// the key and the value.
pub fn config_error(err: ConfigError) -> Error {
    Error::new(Status::InvalidArg, err.to_string())
}

fn invalid(key: &str, expected: &str, got: impl std::fmt::Display) -> Error {
    Error::new(
        Status::InvalidArg,
        format!("{key}: expected {expected}, got {got}"),
    )
}

/// Reads the options. A key whose value is `undefined` is left out, as
/// `JSON.stringify` would.
pub fn read(options: SplitterOptions<'_>) -> Result<Read> {
    let mut json = Map::new();
    let mut backend = Backend::default();
    let mut function = None;
    for (key, value) in options {
        let kind = value.get_type()?;
        match (key.as_str(), kind) {
            (_, ValueType::Undefined) => {}
            ("backend", ValueType::String) => {
                let name = String::from_unknown(value)?;
                backend = Backend::from_str(&name)
                    .map_err(|err| Error::new(Status::InvalidArg, format!("backend: {err}")))?;
            }
            ("backend", _) => {
                return Err(invalid(
                    "backend",
                    r#""html5ever", "scraper" or "tl""#,
                    kind,
                ));
            }
            ("sizer", ValueType::Function) => {
                function = Some(SizeFunction::new(Function::from_unknown(value)?)?);
            }
            _ => {
                let value = Value::from_unknown(value)
                    .map_err(|err| invalid(&key, "a JSON value", err.reason))?;
                json.insert(key, value);
            }
        }
    }
    let config = SplitterConfig::from_value(&Value::Object(json)).map_err(config_error)?;
    Ok(Read {
        config,
        backend,
        function,
    })
}
