//! `--report`: the page is self-contained, and in headless Chromium it loads
//! without an error, shows the first document's chunks and switches
//! documents by `#doc=N`.
//!
//! Skips (with a message) when Debian's `chromium` is not installed, unless
//! `HTMLSPLIT_REQUIRE_CHROMIUM=1` (CI sets it; `scripts/install-test-deps`
//! installs it).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

fn repo_corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus")
}

/// The repository's corpus through the CLI: the report file and the chunks
/// of each document, in order.
fn write_report(dir: &Path) -> (PathBuf, Vec<(String, Vec<String>)>) {
    let report = dir.join("report.html");
    let output = Command::new(env!("CARGO_BIN_EXE_htmlsplit"))
        .arg("--config")
        .arg(repo_corpus().join("small.json"))
        .arg("--report")
        .arg(&report)
        .arg(repo_corpus())
        .stdin(Stdio::null())
        .output()
        .expect("run htmlsplit");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut documents: Vec<(String, Vec<String>)> = Vec::new();
    for line in std::str::from_utf8(&output.stdout).expect("UTF-8").lines() {
        let record: Value = serde_json::from_str(line).expect("JSON");
        let source = record["metadata"]["source"].as_str().expect("source");
        let text = record["pageContent"].as_str().expect("text").to_owned();
        match documents.last_mut() {
            Some((last, chunks)) if last == source => chunks.push(text),
            _ => documents.push((source.to_owned(), vec![text])),
        }
    }
    assert!(documents.len() >= 3);
    (report, documents)
}

#[test]
fn the_report_is_one_self_contained_file_holding_each_text_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (report, documents) = write_report(dir.path());
    let page = std::fs::read_to_string(&report).expect("read report");
    for needle in ["<link", " src=", "http://", "https://", "@import", "url("] {
        // The SVG namespace is a name, not a fetch.
        let hits = page.matches(needle).count()
            - page.matches("http://www.w3.org/2000/svg").count() * usize::from(needle == "http://");
        assert_eq!(
            hits, 0,
            "the report refers to something outside it: {needle}"
        );
    }
    assert!(page.contains("Content-Security-Policy"));
    assert_eq!(
        page.matches("<script type=\"application/json\" id=\"doc-")
            .count(),
        documents.len()
    );
    // Every chunk's text is stored once: find the JSON-encoded text of a
    // long chunk, and only once.
    let (_, chunks) = documents
        .iter()
        .max_by_key(|(_, chunks)| chunks.len())
        .expect("documents");
    let longest = chunks.iter().max_by_key(|text| text.len()).expect("chunks");
    let encoded = serde_json::to_string(longest)
        .expect("encode")
        .replace('<', r"\u003c");
    assert_eq!(page.matches(encoded.as_str()).count(), 1);
}

fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
        .find(|candidate| candidate.is_file())
}

/// What Chromium made of `url`: the DOM after the page's scripts ran, and
/// its console log.
fn dump_dom(
    browser: &Path,
    profile: &Path,
    url: &str,
    screenshot: Option<&Path>,
) -> (String, String) {
    let mut command = Command::new(browser);
    command.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--enable-logging=stderr",
        "--v=0",
        "--window-size=1280,900",
    ]);
    command.arg(format!("--user-data-dir={}", profile.display()));
    match screenshot {
        Some(path) => command.arg(format!("--screenshot={}", path.display())),
        None => command.arg("--dump-dom"),
    };
    let output = command
        .arg(url)
        .stdin(Stdio::null())
        .output()
        .expect("run chromium");
    assert!(
        output.status.success(),
        "chromium failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// The `data-chunk` values inside the `#chunks` element of a dumped DOM.
fn shown_chunks(dom: &str) -> Vec<String> {
    let start = dom.find("id=\"chunks\"").expect("#chunks in the DOM");
    dom[start..]
        .split("data-chunk=\"")
        .skip(1)
        .map(|rest| rest[..rest.find('"').expect("closing quote")].to_owned())
        .collect()
}

fn no_errors(dom: &str, log: &str) {
    assert!(
        dom.contains("<pre id=\"errors\" hidden=\"\"></pre>"),
        "the page reported errors: {}",
        &dom[dom.find("id=\"errors\"").unwrap_or(0)..][..300.min(dom.len())]
    );
    for line in log.lines() {
        assert!(
            !(line.contains("CONSOLE") && (line.contains("Error") || line.contains("Uncaught")))
                && !line.contains("Refused to"),
            "console error: {line}"
        );
    }
}

fn html_text(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[test]
fn the_report_renders_and_switches_documents_in_chromium() {
    let Some(browser) = chromium() else {
        if std::env::var_os("HTMLSPLIT_REQUIRE_CHROMIUM").is_some_and(|v| v == "1") {
            panic!(
                "chromium is required (HTMLSPLIT_REQUIRE_CHROMIUM=1) but not installed: run scripts/install-test-deps"
            );
        }
        eprintln!("skipped: chromium is not installed (scripts/install-test-deps installs it)");
        return;
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let (report, documents) = write_report(dir.path());
    let url = format!("file://{}", report.display());
    let profile = dir.path().join("profile");

    let (dom, log) = dump_dom(&browser, &profile, &url, None);
    no_errors(&dom, &log);
    let (first_source, first_chunks) = &documents[0];
    let expected: Vec<String> = (0..first_chunks.len()).map(|n| n.to_string()).collect();
    assert_eq!(
        shown_chunks(&dom),
        expected,
        "the first document's chunks, in order"
    );
    assert!(dom.contains(&html_text(&first_chunks[0])));
    assert!(dom.contains("data-selected=\"0\""));
    for (source, chunks) in &documents {
        let count = format!("{} chunk", chunks.len());
        assert!(dom.contains(&html_text(source)), "{source} in the list");
        assert!(dom.contains(&count));
    }
    assert!(dom.contains(&html_text(first_source)));
    // Both histograms, with the two sizes marked.
    assert_eq!(dom.matches("<svg").count(), 2);
    let config: Value = serde_json::from_str(
        &std::fs::read_to_string(repo_corpus().join("small.json")).expect("read config"),
    )
    .expect("config JSON");
    for key in ["chunkSize", "maxChunkSize"] {
        let label = format!(">{key} {}</text>", config[key]);
        assert_eq!(
            dom.matches(&label).count(),
            2,
            "{label} marked on both histograms"
        );
    }

    let last = documents.len() - 1;
    let (dom, log) = dump_dom(&browser, &profile, &format!("{url}#doc={last}"), None);
    no_errors(&dom, &log);
    let (_, last_chunks) = &documents[last];
    let expected: Vec<String> = (0..last_chunks.len()).map(|n| n.to_string()).collect();
    assert_eq!(
        shown_chunks(&dom),
        expected,
        "the selected document's chunks"
    );
    assert!(dom.contains(&html_text(&last_chunks[0])));
    assert!(dom.contains(&format!("data-selected=\"{last}\"")));

    // A picture for people, out of the repository.
    let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("target dir")
        .to_path_buf();
    let screenshot = target.join("report-test.png");
    let _ = std::fs::remove_file(&screenshot);
    dump_dom(
        &browser,
        &profile,
        &format!("{url}#doc=1"),
        Some(&screenshot),
    );
    let png = std::fs::read(&screenshot).expect("screenshot written");
    assert!(png.starts_with(b"\x89PNG"));
}
