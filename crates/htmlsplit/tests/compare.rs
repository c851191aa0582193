//! `htmlsplit --compare-backends`: the table, its JSON, the report, the
//! differences it finds and its errors.

use std::path::{Path, PathBuf};
use std::process::Output;

use common::htmlsplit;
use serde_json::Value;

// The shared helpers this file does not use are left unused here.
#[allow(dead_code)]
mod common;

const BACKENDS: &[&str] = &["html5ever", "scraper", "tl"];

/// html5ever closes the `p` with the `dialog`, so `bar` is a block of its
/// own; tl keeps it in the paragraph.
const MISNESTED: &str = "<!doctype html><dialog><p>foo</dialog>bar";

fn pages(dir: &Path, pages: &[(&str, &str)]) -> Vec<PathBuf> {
    pages
        .iter()
        .map(|(name, html)| {
            let path = dir.join(name);
            std::fs::write(&path, html).expect("write page");
            path
        })
        .collect()
}

fn compare(args: &[&str], inputs: &[PathBuf]) -> Output {
    htmlsplit()
        .args(["--compare-backends", "--runs", "1", "--chunk-size", "100"])
        .args(args)
        .args(inputs)
        .output()
        .expect("run htmlsplit")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
#[cfg(all(feature = "html5ever", feature = "scraper", feature = "tl"))]
fn the_table_has_a_row_per_backend_and_the_json_its_figures() {
    let dir = tempfile::tempdir().expect("tempdir");
    let inputs = pages(
        dir.path(),
        &[
            ("a.html", "<h1>Title</h1><p>Some text here.</p>"),
            ("b.htm", "<ul><li>one</li><li>two</li></ul>"),
        ],
    );
    let json = dir.path().join("compare.json");
    let output = compare(&["--compare-json", json.to_str().expect("path")], &inputs);
    assert!(output.status.success(), "{}", stderr(&output));
    let table = String::from_utf8(output.stdout).expect("UTF-8");
    let lines: Vec<&str> = table.lines().collect();
    assert!(lines[0].starts_with("backend"), "{table}");
    for (line, backend) in lines[1..].iter().zip(BACKENDS) {
        let cells: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(cells[0], *backend, "{table}");
        assert_eq!(cells[1], "2", "documents: {table}");
        assert_eq!(cells.last(), Some(&"0"), "differing: {table}");
    }
    assert!(lines[4].starts_with("1 runs each"), "{table}");

    let value: Value =
        serde_json::from_slice(&std::fs::read(&json).expect("JSON written")).expect("JSON");
    assert_eq!(value["runs"], 1);
    let bytes: u64 = inputs
        .iter()
        .map(|path| std::fs::metadata(path).expect("page").len())
        .sum();
    let backends = value["backends"].as_array().expect("backends");
    let names: Vec<&str> = backends
        .iter()
        .map(|backend| backend["name"].as_str().expect("name"))
        .collect();
    assert_eq!(names, BACKENDS);
    for backend in backends {
        assert_eq!(backend["documents"], 2);
        assert_eq!(backend["bytes"], bytes);
        for key in ["parseMBps", "splitMBps"] {
            assert!(backend[key].as_f64().is_some_and(|v| v > 0.0), "{key}");
        }
        for key in ["parseSeconds", "splitSeconds"] {
            let spread = &backend[key];
            let (median, min, max) = (
                spread["median"].as_f64().expect("median"),
                spread["min"].as_f64().expect("min"),
                spread["max"].as_f64().expect("max"),
            );
            assert!(min <= median && median <= max, "{key}: {spread}");
        }
        if cfg!(target_os = "linux") {
            assert!(backend["peakRssBytes"].as_u64().is_some_and(|v| v > 0));
        }
        assert_eq!(backend["differingDocuments"], 0);
        assert!(backend["firstDifference"].is_null());
    }
}

#[test]
#[cfg(all(feature = "html5ever", feature = "tl"))]
fn a_document_on_which_tl_builds_another_tree_is_found() {
    let dir = tempfile::tempdir().expect("tempdir");
    let inputs = pages(
        dir.path(),
        &[("same.html", "<p>alike</p>"), ("misnested.html", MISNESTED)],
    );
    let json = dir.path().join("compare.json");
    let report = dir.path().join("report.html");
    let output = compare(
        &[
            "--compare-json",
            json.to_str().expect("path"),
            "--report",
            report.to_str().expect("path"),
        ],
        &inputs,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    let table = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(
        table.contains("tl: first difference in") && table.contains("misnested.html at chunk 0"),
        "{table}"
    );
    let value: Value =
        serde_json::from_slice(&std::fs::read(&json).expect("JSON written")).expect("JSON");
    let tl = value["backends"]
        .as_array()
        .expect("backends")
        .iter()
        .find(|backend| backend["name"] == "tl")
        .expect("tl");
    assert_eq!(tl["differingDocuments"], 1);
    let difference = &tl["firstDifference"];
    assert!(
        difference["document"]
            .as_str()
            .is_some_and(|source| source.ends_with("misnested.html"))
    );
    assert_eq!(difference["chunk"], 0);
    assert_eq!(difference["reference"], "foo\nbar");
    assert_eq!(difference["this"], "foobar");
    let page = std::fs::read_to_string(&report).expect("report written");
    assert!(page.contains("Backends compared"));
    assert!(page.contains("misnested.html"));
    assert!(page.contains("class=\"bar\""));
}

#[test]
fn a_missing_input_is_named_and_the_rest_compared() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut inputs = pages(dir.path(), &[("a.html", "<p>text</p>")]);
    inputs.push(dir.path().join("absent.html"));
    let output = compare(&[], &inputs);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("absent.html"),
        "{}",
        stderr(&output)
    );
    let table = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(
        table.lines().nth(1).is_some_and(|row| row.contains(" 1 ")),
        "{table}"
    );
}

#[test]
fn usage_errors_exit_2_before_any_measurement() {
    let dir = tempfile::tempdir().expect("tempdir");
    let inputs = pages(dir.path(), &[("a.html", "<p>text</p>")]);
    let cases: [(&[&str], &str); 3] = [
        (
            &["--stats"],
            "--stats cannot be used with --compare-backends",
        ),
        (&["-"], "reads files, not stdin"),
        (&["--chunk-size", "0"], "chunk"),
    ];
    for (args, message) in cases {
        let output = compare(args, &inputs);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains(message),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(output.stdout.is_empty());
    }
    let output = htmlsplit()
        .args(["--compare-backends", "--chunk-size", "10"])
        .output()
        .expect("run");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("needs input files"));
    let output = htmlsplit()
        .args(["--compare-json", "x.json", "--chunk-size", "10"])
        .args(&inputs)
        .output()
        .expect("run");
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--compare-json needs --compare-backends"));
}

#[test]
fn an_unwritable_comparison_file_fails_before_measuring() {
    let dir = tempfile::tempdir().expect("tempdir");
    let inputs = pages(dir.path(), &[("a.html", "<p>text</p>")]);
    let json = dir.path().join("no/such/dir/compare.json");
    let output = compare(&["--compare-json", json.to_str().expect("path")], &inputs);
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert!(
        stderr(&output).contains("cannot create comparison file")
            && stderr(&output).contains("no/such/dir/compare.json"),
        "{}",
        stderr(&output)
    );
}
