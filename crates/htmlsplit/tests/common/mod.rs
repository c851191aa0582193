//! Helpers shared by the CLI's integration tests (`mod common;` in each).

use std::process::Command;

use serde_json::Value;

/// The `htmlsplit` binary under test.
pub fn htmlsplit() -> Command {
    Command::new(env!("CARGO_BIN_EXE_htmlsplit"))
}

/// The JSON Lines records of an `htmlsplit` stdout.
pub fn records(stdout: &[u8]) -> Vec<Value> {
    std::str::from_utf8(stdout)
        .expect("stdout is UTF-8")
        .lines()
        .map(|line| serde_json::from_str(line).expect("each line is one JSON object"))
        .collect()
}

/// The string at the JSON `pointer` (`/metadata/source`) of each record of
/// an `htmlsplit` stdout, in order.
pub fn strings(stdout: &[u8], pointer: &str) -> Vec<String> {
    records(stdout)
        .iter()
        .map(|record| {
            record
                .pointer(pointer)
                .and_then(Value::as_str)
                .unwrap_or_else(|| panic!("{pointer} is a string in {record}"))
                .to_owned()
        })
        .collect()
}
