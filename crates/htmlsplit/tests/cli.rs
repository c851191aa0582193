//! The `htmlsplit` command-line contract: output shape, inputs, exit codes.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Output, Stdio};

use common::{htmlsplit, strings};
use serde_json::Value;

mod common;

fn run_with_stdin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = htmlsplit()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn htmlsplit");
    let written = child.stdin.take().expect("stdin is piped").write_all(stdin);
    // A usage error exits before reading stdin.
    if let Err(err) = written {
        assert_eq!(
            err.kind(),
            std::io::ErrorKind::BrokenPipe,
            "write stdin: {err}"
        );
    }
    child.wait_with_output().expect("wait for htmlsplit")
}

fn records(output: &Output) -> Vec<Value> {
    common::records(&output.stdout)
}

fn contents(output: &Output) -> Vec<String> {
    strings(&output.stdout, "/pageContent")
}

fn sources(output: &Output) -> Vec<String> {
    strings(&output.stdout, "/metadata/source")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn write(path: &Path, contents: &[u8]) {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("create dirs");
    }
    std::fs::write(path, contents).expect("write file");
}

#[test]
fn conformance_cases_through_the_cli() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../conformance/cases.json");
    let cases: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(path).expect("read cases")).expect("parse");
    let dir = tempfile::tempdir().expect("tempdir");
    let config_path = dir.path().join("config.json");
    for case in &cases {
        let name = case["name"].as_str().expect("name");
        write(&config_path, case["config"].to_string().as_bytes());
        let html = case["html"].as_str().expect("html");
        let output = run_with_stdin(
            &["--config", config_path.to_str().expect("utf-8 path")],
            html.as_bytes(),
        );
        if let Some(expected) = case.get("expected") {
            assert!(output.status.success(), "{name}: {}", stderr(&output));
            let expected: Vec<String> = serde_json::from_value(expected.clone()).expect("strings");
            assert_eq!(contents(&output), expected, "{name}");
            let records = records(&output);
            for (index, record) in records.iter().enumerate() {
                assert_eq!(record["metadata"]["source"], "-", "{name}");
                assert_eq!(record["metadata"]["partIndex"], index, "{name}");
                assert_eq!(record["metadata"]["totalParts"], records.len(), "{name}");
            }
        } else {
            // `error` is `true` or the text the message must contain.
            let error = case["error"].as_str().unwrap_or_default();
            assert_eq!(output.status.code(), Some(2), "{name}");
            assert!(output.stdout.is_empty(), "{name}: nothing on stdout");
            assert!(
                stderr(&output).contains(error),
                "{name}: {}",
                stderr(&output)
            );
        }
    }
}

#[test]
fn stdin_by_default_and_by_dash() {
    for args in [&["--chunk-size", "100"][..], &["--chunk-size", "100", "-"]] {
        let output = run_with_stdin(args, b"<p>Hello</p><p>World</p>");
        assert!(output.status.success());
        assert_eq!(contents(&output), ["Hello\nWorld"]);
        assert_eq!(sources(&output), ["-"]);
    }
}

#[test]
fn directories_are_walked_in_sorted_path_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path();
    write(&root.join("b.html"), b"<p>b</p>");
    write(&root.join("a/z.htm"), b"<p>a/z</p>");
    write(&root.join("a/c.HTML"), b"<p>a/c</p>");
    write(&root.join("notes.txt"), b"not a page");
    write(&root.join("single.html"), b"<p>single</p>");
    let output = htmlsplit()
        .args(["--chunk-size", "50"])
        .arg(root)
        .arg(root.join("single.html"))
        .output()
        .expect("run");
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(contents(&output), ["a/c", "a/z", "b", "single", "single"]);
    let expected: Vec<String> = [
        "a/c.HTML",
        "a/z.htm",
        "b.html",
        "single.html",
        "single.html",
    ]
    .iter()
    .map(|relative| root.join(relative).display().to_string())
    .collect();
    assert_eq!(sources(&output), expected);
}

#[test]
fn unreadable_inputs_are_named_and_the_rest_is_split() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = dir.path().join("good.html");
    write(&good, b"<p>one</p><p>two</p>");
    let missing = dir.path().join("missing.html");
    let output = htmlsplit()
        .args(["--chunk-size", "3"])
        .arg(&missing)
        .arg(&good)
        .output()
        .expect("run");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(contents(&output), ["one", "two"]);
    let message = stderr(&output);
    assert!(message.contains("missing.html"), "{message}");
    assert!(message.contains("1 of 2 inputs"), "{message}");
}

/// Binary data (a known format's signature, or mostly control characters)
/// is not HTML text: that input fails, named with what gave it away, and the
/// rest is split.
#[test]
fn binary_inputs_are_named_failures_and_the_rest_is_split() {
    let dir = tempfile::tempdir().expect("tempdir");
    let good = dir.path().join("good.html");
    write(&good, b"<p>one</p><p>two</p>");
    let binary = dir.path().join("program");
    write(
        &binary,
        b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0\x03\0>\0<p>x</p>",
    );
    let image = dir.path().join("image.png");
    write(
        &image,
        b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0<p>x</p>",
    );
    let output = htmlsplit()
        .args(["--chunk-size", "3"])
        .arg(&binary)
        .arg(&good)
        .arg(&image)
        .output()
        .expect("run");
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{message}");
    assert_eq!(contents(&output), ["one", "two"]);
    assert!(
        message.contains(&format!(
            "{}: binary data, not text: an ELF executable signature",
            binary.display()
        )),
        "{message}"
    );
    assert!(
        message.contains(&format!(
            "{}: binary data, not text: a PNG image signature",
            image.display()
        )),
        "{message}"
    );
    assert!(message.contains("2 of 3 inputs"), "{message}");

    let output = run_with_stdin(&["--chunk-size", "3"], b"GIF89a\x01\0\x01\0");
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{message}");
    assert!(output.stdout.is_empty());
    assert!(
        message.contains("cannot split -: binary data, not text: a GIF image signature"),
        "{message}"
    );
    assert!(message.contains("1 of 1 input could"), "{message}");

    // No signature, but mostly control characters.
    let output = run_with_stdin(&["--chunk-size", "3"], &[1, 2, 3, 0, 0x1B].repeat(20));
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{message}");
    assert!(
        message.contains(
            "cannot split -: binary data, not text: 100 of the first 100 characters (100%) are control characters"
        ),
        "{message}"
    );

    // UTF-16 has a NUL byte in every ASCII character: it is text.
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain("<p>hi</p>".bytes().flat_map(|byte| [byte, 0]))
        .collect();
    let output = run_with_stdin(&["--chunk-size", "3"], &utf16);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_eq!(contents(&output), ["hi"]);
}

/// A NUL character in a page is a parse error the HTML standard handles
/// (crawled pages carry stray ones), not binary data: the page splits on
/// every backend.
#[test]
fn a_page_with_a_nul_character_splits_on_every_backend() {
    let dir = tempfile::tempdir().expect("tempdir");
    let page = dir.path().join("nul.html");
    write(
        &page,
        b"<p>one\0</p>\0<p>t\0wo</p><!-- \0 --><script>\0</script>",
    );
    for backend in ["html5ever", "scraper", "tl"] {
        let output = htmlsplit()
            .args(["--chunk-size", "3", "--backend", backend])
            .arg(&page)
            .output()
            .expect("run");
        assert!(output.status.success(), "{backend}: {}", stderr(&output));
        let chunks = contents(&output);
        assert!(!chunks.is_empty(), "{backend}");
        let text = chunks.concat();
        assert!(
            text.contains("one") && text.contains("wo"),
            "{backend}: {chunks:?}"
        );
    }
}

/// A directory without a page says so; with no input at all the run fails.
#[test]
fn a_directory_without_pages_is_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let empty = dir.path().join("notes");
    write(&empty.join("readme.txt"), b"not a page");
    let page = dir.path().join("page.html");
    write(&page, b"<p>page</p>");

    let output = htmlsplit()
        .args(["--chunk-size", "10"])
        .arg(&empty)
        .output()
        .expect("run");
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{message}");
    assert!(output.stdout.is_empty());
    assert!(
        message.contains(&format!("no .html or .htm file in {}", empty.display())),
        "{message}"
    );
    assert!(message.contains("no input to split"), "{message}");

    let output = htmlsplit()
        .args(["--chunk-size", "10"])
        .arg(&empty)
        .arg(&page)
        .output()
        .expect("run");
    let message = stderr(&output);
    assert!(output.status.success(), "{message}");
    assert_eq!(contents(&output), ["page"]);
    assert!(message.contains("no .html or .htm file in"), "{message}");
}

/// An output path that cannot be written fails the run with status 1 before
/// any chunk is written, naming the path as given, never a temporary file.
#[test]
fn an_unwritable_output_path_fails_before_splitting() {
    let dir = tempfile::tempdir().expect("tempdir");
    let page = dir.path().join("page.html");
    write(&page, b"<p>page</p>");
    let missing = dir.path().join("missing");
    for (flag, name) in [
        ("--report", "r.html"),
        ("--documents", "d.jsonl"),
        ("--stats-json", "s.json"),
    ] {
        let target = missing.join(name);
        let output = htmlsplit()
            .args(["--chunk-size", "10", flag])
            .arg(&target)
            .arg(&page)
            .output()
            .expect("run");
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{flag}: {message}");
        assert!(output.stdout.is_empty(), "{flag}: nothing split");
        assert!(
            message.contains(&target.display().to_string()),
            "{flag}: {message}"
        );
        // The temporary file would be `.r.html.XXXXXX.tmp`.
        assert!(!message.contains(&format!(".{name}.")), "{flag}: {message}");

        let output = htmlsplit()
            .args(["--chunk-size", "10", flag])
            .arg(dir.path())
            .arg(&page)
            .output()
            .expect("run");
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "{flag}: {message}");
        assert!(output.stdout.is_empty(), "{flag}: nothing split");
        assert!(message.contains("is a directory"), "{flag}: {message}");
    }
}

#[test]
fn stats_count_in_the_singular_and_the_plural() {
    let output = run_with_stdin(&["--chunk-size", "100", "--stats"], b"<p>Hello</p>");
    let message = stderr(&output);
    assert!(output.status.success(), "{message}");
    assert!(message.contains(": 1 document, 1 chunk, "), "{message}");
    assert!(message.contains(": 1 chunk under 10% of"), "{message}");
    assert!(message.contains("; 0 failures"), "{message}");
}

/// A bug that panics while one document is split (simulated by the debug
/// build's `HTMLSPLIT_DEBUG_PANIC_ON`) fails that document alone.
#[test]
#[cfg_attr(
    not(debug_assertions),
    ignore = "the simulated panic is in debug builds only"
)]
fn a_panic_while_splitting_one_document_is_that_documents_failure() {
    let dir = tempfile::tempdir().expect("tempdir");
    for name in ["a", "b", "c"] {
        write(
            &dir.path().join(format!("{name}.html")),
            format!("<p>{name} one</p><p>{name} two</p>").as_bytes(),
        );
    }
    for jobs in ["1", "2"] {
        let output = htmlsplit()
            .args(["--chunk-size", "6", "--jobs", jobs])
            .arg(dir.path())
            .env("HTMLSPLIT_DEBUG_PANIC_ON", "b.html")
            .output()
            .expect("run");
        let message = stderr(&output);
        assert_eq!(output.status.code(), Some(1), "--jobs {jobs}: {message}");
        assert_eq!(
            contents(&output),
            ["a one", "a two", "c one", "c two"],
            "--jobs {jobs}"
        );
        assert!(
            message.contains("cannot split") && message.contains("b.html"),
            "--jobs {jobs}: {message}"
        );
        assert!(
            message.contains("1 of 3 inputs"),
            "--jobs {jobs}: {message}"
        );
    }
}

/// An error that stops the run (here: stdout is full) leaves neither a
/// half-written report nor documents or statistics file, nor a temporary
/// file beside them.
#[cfg(target_os = "linux")]
#[test]
fn a_run_stopped_by_an_error_leaves_no_half_written_files() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pages = dir.path().join("pages");
    let page: String = (0..200).map(|i| format!("<p>paragraph {i}</p>")).collect();
    for i in 0..3 {
        write(&pages.join(format!("{i}.html")), page.as_bytes());
    }
    let out = dir.path().join("out");
    std::fs::create_dir(&out).expect("mkdir");
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("open /dev/full");
    let output = htmlsplit()
        .args(["--chunk-size", "10", "--jobs", "1"])
        .arg("--report")
        .arg(out.join("report.html"))
        .arg("--documents")
        .arg(out.join("documents.jsonl"))
        .arg("--stats-json")
        .arg(out.join("stats.json"))
        .arg(&pages)
        .stdout(full)
        .output()
        .expect("run");
    let message = stderr(&output);
    assert_eq!(output.status.code(), Some(1), "{message}");
    assert!(message.contains("cannot write output"), "{message}");
    let left: Vec<_> = std::fs::read_dir(&out)
        .expect("list")
        .map(|entry| entry.expect("entry").file_name())
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn usage_and_config_errors_exit_2_with_nothing_on_stdout() {
    let dir = tempfile::tempdir().expect("tempdir");
    let unknown_key = dir.path().join("unknown.json");
    write(&unknown_key, br#"{"chunkSize": 10, "chunkSzie": 4}"#);
    let bad_json = dir.path().join("bad.json");
    write(&bad_json, br#"{"chunkSize": "#);
    let bad_tokenizer = dir.path().join("tokenizer.json");
    write(&bad_tokenizer, br#"{"model": "not a tokenizer"}"#);
    let sizer = |value: String| vec!["--chunk-size".into(), "10".into(), "--sizer".into(), value];
    let sizer_config = dir.path().join("sizer.json");
    write(&sizer_config, br#"{"chunkSize": 10, "sizer": "tokens"}"#);
    let cases: Vec<(Vec<String>, &str)> = vec![
        (vec![], "chunkSize"),
        (sizer("words".into()), "\"words\""),
        (sizer("tiktoken:cl99k_base".into()), "cl99k_base"),
        (
            sizer("huggingface:/nonexistent/tok.json".into()),
            "/nonexistent/tok.json",
        ),
        (
            sizer(format!("huggingface:{}", bad_tokenizer.display())),
            "tokenizer.json",
        ),
        (
            vec!["--config".into(), sizer_config.display().to_string()],
            "\"tokens\"",
        ),
        (vec!["--chunk-size".into(), "0".into()], "chunkSize"),
        (
            vec![
                "--chunk-size".into(),
                "10".into(),
                "--max-chunk-size".into(),
                "5".into(),
            ],
            "maxChunkSize 5",
        ),
        (
            vec![
                "--chunk-size".into(),
                "10".into(),
                "--chunk-overlap".into(),
                "2".into(),
            ],
            "chunk overlap is not supported",
        ),
        (
            vec![
                "--chunk-size".into(),
                "10".into(),
                "--separator".into(),
                "h2[".into(),
            ],
            "h2[",
        ),
        (
            vec![
                "--chunk-size".into(),
                "10".into(),
                "--never-break-within".into(),
                "::nope".into(),
            ],
            "::nope",
        ),
        (vec!["--chunk-size".into(), "ten".into()], "ten"),
        (
            vec![
                "--chunk-size".into(),
                "10".into(),
                "--backend".into(),
                "lol".into(),
            ],
            "lol",
        ),
        (
            vec![
                "--chunk-size".into(),
                "10".into(),
                "--encoding".into(),
                "klingon".into(),
            ],
            "klingon",
        ),
        (
            vec!["--config".into(), unknown_key.display().to_string()],
            "chunkSzie",
        ),
        (
            vec!["--config".into(), bad_json.display().to_string()],
            "bad.json",
        ),
        (
            vec![
                "--config".into(),
                dir.path().join("absent.json").display().to_string(),
            ],
            "absent.json",
        ),
    ];
    for (args, needle) in cases {
        let output = run_with_stdin(
            &args.iter().map(String::as_str).collect::<Vec<_>>(),
            b"<p>x</p>",
        );
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(
            stderr(&output).contains(needle),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn a_bad_value_in_the_config_file_or_a_size_flag_names_the_key_and_the_value() {
    let dir = tempfile::tempdir().expect("tempdir");
    let cases: [(&str, &[u8], &str); 4] = [
        (
            "negative.json",
            br#"{"chunkSize": -5}"#,
            "chunkSize: expected a positive integer, got -5",
        ),
        (
            "word.json",
            br#"{"chunkSize": "big"}"#,
            r#"chunkSize: expected a positive integer, got "big""#,
        ),
        (
            "cap.json",
            br#"{"chunkSize": 10, "maxChunkSize": 1.5}"#,
            "maxChunkSize: expected a positive integer or null, got 1.5",
        ),
        (
            "selector.json",
            br#"{"chunkSize": 10, "separators": ["h2", 7]}"#,
            "separators[1]: expected a CSS selector string, got 7",
        ),
    ];
    for (name, json, needle) in cases {
        let path = dir.path().join(name);
        write(&path, json);
        let output = run_with_stdin(&["--config", &path.display().to_string()], b"<p>x</p>");
        assert_eq!(output.status.code(), Some(2), "{name}: {}", stderr(&output));
        assert!(output.stdout.is_empty(), "{name}");
        let message = stderr(&output);
        assert!(message.contains(name), "{message}");
        assert!(message.contains(needle), "{message}");
    }
    for (args, needles) in [
        (["--chunk-size=-5"], ["--chunk-size", "-5"]),
        (["--chunk-size=big"], ["--chunk-size", "big"]),
        (["--max-chunk-size=-1"], ["--max-chunk-size", "-1"]),
    ] {
        let output = run_with_stdin(&args, b"<p>x</p>");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        let message = stderr(&output);
        for needle in needles {
            assert!(message.contains(needle), "{args:?}: {message}");
        }
    }
}

#[test]
fn flags_override_the_config_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let config = dir.path().join("config.json");
    write(&config, br#"{"chunkSize": 1000, "separators": ["h2"]}"#);
    let html = b"<p>alpha</p><p>beta</p>";
    let from_file = run_with_stdin(&["--config", config.to_str().expect("utf-8")], html);
    assert_eq!(contents(&from_file), ["alpha\nbeta"]);
    let overridden = run_with_stdin(
        &[
            "--config",
            config.to_str().expect("utf-8"),
            "--chunk-size",
            "5",
        ],
        html,
    );
    assert_eq!(contents(&overridden), ["alpha", "beta"]);
}

#[test]
fn bytes_are_decoded_as_a_browser_would() {
    // invalid UTF-8 becomes U+FFFD
    let output = run_with_stdin(&["--chunk-size", "100"], b"<p>caf\xE9</p>");
    assert_eq!(contents(&output), ["caf\u{FFFD}"]);
    // a meta charset in the first 1024 bytes is honoured
    let output = run_with_stdin(
        &["--chunk-size", "100"],
        b"<meta charset=\"windows-1252\"><p>caf\xE9</p>",
    );
    assert_eq!(contents(&output), ["caf\u{e9}"]);
    // a BOM wins over the meta
    let output = run_with_stdin(
        &["--chunk-size", "100"],
        b"\xEF\xBB\xBF<meta charset=\"windows-1252\"><p>caf\xC3\xA9</p>",
    );
    assert_eq!(contents(&output), ["caf\u{e9}"]);
    // --encoding forces one
    let output = run_with_stdin(
        &["--chunk-size", "100", "--encoding", "latin1"],
        b"<p>caf\xE9</p>",
    );
    assert_eq!(contents(&output), ["caf\u{e9}"]);
}

#[test]
fn help_lists_the_compiled_backends() {
    let output = htmlsplit().arg("--help").output().expect("run");
    assert!(output.status.success());
    let help = String::from_utf8_lossy(&output.stdout);
    for backend in html_splitter::Backend::ALL {
        assert!(help.contains(backend.name()), "{help}");
    }
}

#[test]
fn closed_stdout_ends_quietly() {
    let dir = tempfile::tempdir().expect("tempdir");
    let page: String = (0..2000)
        .map(|i| format!("<p>paragraph number {i}</p>"))
        .collect();
    for i in 0..20 {
        write(&dir.path().join(format!("{i:02}.html")), page.as_bytes());
    }
    let mut child = htmlsplit()
        .args(["--chunk-size", "10"])
        .arg(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("piped"))
        .read_line(&mut first)
        .expect("read one line");
    assert!(first.contains("paragraph number 0"));
    let output = child.wait_with_output().expect("wait");
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(output.stderr.is_empty(), "{}", stderr(&output));
}

/// The default build serves every backend (`cargo install` gives all three).
#[test]
#[cfg(all(feature = "html5ever", feature = "scraper", feature = "tl"))]
fn the_default_build_serves_every_backend() {
    let html = b"<h1>A &amp; B</h1><p>one</p><p>two</p>";
    let mut outputs = Vec::new();
    for backend in ["html5ever", "scraper", "tl"] {
        let args = [
            "--backend",
            backend,
            "--chunk-size",
            "5",
            "--max-chunk-size",
            "5",
        ];
        let output = run_with_stdin(&args, html);
        assert!(output.status.success(), "{backend}: {}", stderr(&output));
        outputs.push(contents(&output));
    }
    assert_eq!(outputs[0], ["A & B", "one", "two"]);
    assert_eq!(outputs[1], outputs[0]);
    assert_eq!(outputs[2], outputs[0]);
}

#[test]
fn chunks_carry_provenance_and_documents_hold_the_canonical_text() {
    let dir = tempfile::tempdir().expect("temp dir");
    let page = dir.path().join("page.html");
    write(
        &page,
        "<emu-clause id=\"sec-a\"><h1>1 A</h1><p>Alpha   text.</p>\
         <emu-clause id=\"sec-b\"><h1>1.1 B</h1><p>Béta 🦀 text.</p></emu-clause></emu-clause>"
            .as_bytes(),
    );
    let documents = dir.path().join("docs.jsonl");
    let page_arg = page.to_str().expect("UTF-8 path");
    let documents_arg = documents.to_str().expect("UTF-8 path");
    for (mode, alpha) in [("preserve", "Alpha   text."), ("normalize", "Alpha text.")] {
        let output = run_with_stdin(
            &[
                "--chunk-size",
                "1",
                "--whitespace",
                mode,
                "--documents",
                documents_arg,
                page_arg,
            ],
            b"",
        );
        assert!(output.status.success(), "{}", stderr(&output));
        let records = records(&output);
        assert_eq!(contents(&output)[1], alpha);
        let last = &records[3]["metadata"];
        assert_eq!(last["headingPath"], serde_json::json!(["1 A", "1.1 B"]));
        assert_eq!(last["anchor"], "sec-b");
        assert_eq!(last["partIndex"], 3);
        assert_eq!(last["totalParts"], 4);
        let lines = std::fs::read_to_string(&documents).expect("documents file");
        let docs: Vec<Value> = lines
            .lines()
            .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
            .collect();
        assert_eq!(docs.len(), 1);
        assert_eq!(docs[0]["source"], page_arg);
        let text: Vec<char> = docs[0]["text"].as_str().expect("text").chars().collect();
        for record in &records {
            let start = record["metadata"]["startIndex"]
                .as_u64()
                .expect("startIndex") as usize;
            let end = record["metadata"]["endIndex"].as_u64().expect("endIndex") as usize;
            let slice: String = text[start..end].iter().collect();
            assert_eq!(slice, record["pageContent"].as_str().expect("pageContent"));
        }
    }
    let output = run_with_stdin(&["--chunk-size", "5", "--whitespace", "tidy"], b"");
    assert_eq!(output.status.code(), Some(2));
}

/// `metadata.size` is each chunk's size in the configured unit, measured on
/// its text, and `--sizer` overrides the config's sizer.
#[test]
fn metadata_size_is_in_the_configured_unit() {
    let html = "<h2>Café 🦀</h2><p>naïve text, with some words</p><p>more words</p>".repeat(20);
    let dir = tempfile::tempdir().expect("tempdir");
    let config = dir.path().join("config.json");
    write(
        &config,
        br#"{"chunkSize": 60, "maxChunkSize": 80, "sizer": "bytes"}"#,
    );
    let config = config.display().to_string();
    type Measure = fn(&str) -> usize;
    let units: [(&[&str], Measure); 3] = [
        (&["--config", &config], str::len),
        (&["--config", &config, "--sizer", "utf16"], |text| {
            text.encode_utf16().count()
        }),
        (&["--config", &config, "--sizer", "characters"], |text| {
            text.chars().count()
        }),
    ];
    for (args, measure) in units {
        let output = run_with_stdin(args, html.as_bytes());
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        let records = records(&output);
        assert!(records.len() > 5, "{args:?}");
        for record in &records {
            let text = record["pageContent"].as_str().expect("pageContent");
            let size = record["metadata"]["size"].as_u64().expect("metadata.size");
            assert_eq!(size as usize, measure(text), "{args:?}: {text:?}");
            assert!(size <= 80, "{args:?}: {text:?}");
        }
    }
}

/// A token sizer through the CLI: every chunk is within the cap, and the
/// text is the character-sized run's (both keep every word, in order).
#[test]
fn tiktoken_sizer_through_the_cli() {
    let html = "<h2>Section</h2><p>The quick brown fox jumps over the lazy dog.</p>".repeat(50);
    let args = [
        "--chunk-size",
        "40",
        "--max-chunk-size",
        "60",
        "--sizer",
        "tiktoken:cl100k_base",
    ];
    let output = run_with_stdin(&args, html.as_bytes());
    assert_eq!(output.status.code(), Some(0));
    let tokens = records(&output);
    assert!(tokens.len() > 5);
    for record in &tokens {
        let size = record["metadata"]["size"].as_u64().expect("metadata.size");
        assert!((1..=60).contains(&size), "{record}");
    }
    let characters = run_with_stdin(&["--chunk-size", "100"], html.as_bytes());
    let words = |chunks: Vec<String>| -> Vec<String> {
        chunks
            .iter()
            .flat_map(|chunk| chunk.split_whitespace().map(str::to_owned))
            .collect()
    };
    assert_eq!(words(contents(&output)), words(contents(&characters)));
}

/// SPEC §7.1: each line carries the page's facts, `basic` by default;
/// `--documents` records carry every fact.
#[test]
fn lines_carry_the_pages_facts() {
    let html = br#"<html lang="en"><head><title>Tide pools | Notes</title>
        <meta name="description" content="Between the tides.">
        <meta property="og:site_name" content="Notes">
        <meta name="author" content="Ana Lima"></head><body><p>Body text.</p></body></html>"#;
    let basic = records(&run_with_stdin(&["--chunk-size", "100"], html));
    let metadata = &basic[0]["metadata"];
    assert_eq!(metadata["title"], "Tide pools");
    assert_eq!(metadata["description"], "Between the tides.");
    assert_eq!(metadata["language"], "en");
    assert!(metadata.get("author").is_none(), "{metadata}");
    let full = records(&run_with_stdin(
        &["--chunk-size", "100", "--page-metadata", "full"],
        html,
    ));
    assert_eq!(full[0]["metadata"]["author"], "Ana Lima");
    assert_eq!(full[0]["metadata"]["siteName"], "Notes");
    let none = records(&run_with_stdin(
        &["--chunk-size", "100", "--page-metadata", "none"],
        html,
    ));
    assert!(none[0]["metadata"].get("title").is_none());

    let dir = tempfile::tempdir().expect("tempdir");
    let documents = dir.path().join("documents.jsonl");
    let output = run_with_stdin(
        &[
            "--chunk-size",
            "100",
            "--documents",
            documents.to_str().expect("path"),
        ],
        html,
    );
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(records(&output)[0]["metadata"].get("author").is_none());
    let record: Value = serde_json::from_str(
        std::fs::read_to_string(&documents)
            .expect("documents written")
            .trim(),
    )
    .expect("JSON");
    assert_eq!(record["author"], "Ana Lima");
    assert_eq!(record["title"], "Tide pools");

    let output = run_with_stdin(&["--chunk-size", "100", "--page-metadata", "most"], html);
    assert_eq!(output.status.code(), Some(2));
}
