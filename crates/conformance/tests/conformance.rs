//! Every case of the vendored `conformance/cases.json`, and of the
//! project's own `conformance/main-content.json` (`content: "main"`), on
//! every compiled backend, through the library.

use html_splitter::{Backend, Splitter, SplitterConfig};
use serde::Deserialize;

#[derive(Debug, Deserialize)]
struct Case {
    name: String,
    html: String,
    config: serde_json::Value,
    #[serde(default)]
    expected: Option<Vec<String>>,
    /// `true`, or the text the error message must contain.
    #[serde(default)]
    error: Option<serde_json::Value>,
}

fn cases(file: &str) -> Vec<Case> {
    let path = format!("{}/../../conformance/{file}", env!("CARGO_MANIFEST_DIR"));
    let json = std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("read {path}: {err}"));
    serde_json::from_str(&json).unwrap_or_else(|err| panic!("parse {path}: {err}"))
}

fn build(case: &Case) -> Result<Splitter, html_splitter::ConfigError> {
    Splitter::new(SplitterConfig::from_json(&case.config.to_string())?)
}

#[test]
fn every_case_on_every_backend() {
    check("cases.json", 38);
}

#[test]
fn every_main_content_case_on_every_backend() {
    check("main-content.json", 77);
}

/// Runs every case of `file`, which must hold at least `at_least`.
fn check(file: &str, at_least: usize) {
    let cases = cases(file);
    assert!(
        cases.len() >= at_least,
        "expected the full case list of {file}, got {}",
        cases.len()
    );
    let mut failures = Vec::new();
    for case in &cases {
        match (&case.expected, &case.error) {
            (Some(expected), None) => {
                let splitter = build(case).unwrap_or_else(|err| panic!("{}: {err}", case.name));
                for &backend in Backend::ALL {
                    let chunks = backend
                        .split(&splitter, &case.html)
                        .expect("the backend parses this input")
                        .to_strings();
                    if &chunks != expected {
                        failures.push(format!(
                            "[{backend}] {}: expected {expected:?}, got {chunks:?}",
                            case.name
                        ));
                    }
                }
            }
            (None, Some(error)) => match build(case) {
                Ok(_) => failures.push(format!("{}: expected an error ({error})", case.name)),
                Err(err)
                    if error
                        .as_str()
                        .is_some_and(|named| !err.to_string().contains(named)) =>
                {
                    failures.push(format!(
                        "{}: error {:?} does not name {error:?}",
                        case.name,
                        err.to_string()
                    ))
                }
                Err(_) => {}
            },
            _ => failures.push(format!(
                "{}: a case needs exactly one of expected/error",
                case.name
            )),
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
