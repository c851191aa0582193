//! Whole corpora through the CLI: `--jobs` does not change a byte, errors are
//! counted as before, stderr stays quiet off a terminal, the progress bar
//! shows on one, and `--stats-json` counts right.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::{htmlsplit, records, strings};
use serde_json::Value;

mod common;

fn repo_corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus")
}

fn run(args: &[&str]) -> Output {
    htmlsplit()
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run htmlsplit")
}

/// Pages of very different sizes, so that workers finish out of order.
fn generated_corpus(dir: &Path, pages: usize) {
    for page in 0..pages {
        let sections = if page % 7 == 0 { 120 } else { 1 + page % 5 };
        let mut html = format!("<title>page {page}</title><h1>Page {page}</h1>");
        for section in 0..sections {
            html.push_str(&format!(
                "<h2>Section {section}</h2><p>{}</p><ul><li>item {page}.{section}</li><li>{}</li></ul>",
                "lorem ipsum dolor sit amet ".repeat(1 + (page * 31 + section * 17) % 40),
                "x".repeat(section % 9),
            ));
        }
        let path = dir.join(format!("d{}/page-{page:03}.html", page % 3));
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, html).expect("write page");
    }
}

#[test]
fn output_is_byte_identical_for_every_jobs_value() {
    let generated = tempfile::tempdir().expect("tempdir");
    generated_corpus(generated.path(), 90);
    let corpora = [
        (repo_corpus(), "small.json"),
        (generated.path().to_path_buf(), "tiny.json"),
    ];
    for (corpus, config) in &corpora {
        let config = repo_corpus().join(config);
        for backend in ["html5ever", "scraper", "tl"] {
            let base = [
                "--backend",
                backend,
                "--config",
                config.to_str().expect("path"),
                corpus.to_str().expect("path"),
            ];
            let one = run(&[&base[..], &["--jobs", "1"]].concat());
            assert!(
                one.status.success(),
                "{}",
                String::from_utf8_lossy(&one.stderr)
            );
            assert!(!one.stdout.is_empty());
            for jobs in ["2", "8"] {
                let many = run(&[&base[..], &["--jobs", jobs]].concat());
                assert!(many.status.success());
                assert!(
                    many.stdout == one.stdout,
                    "{backend} --jobs {jobs} differs from --jobs 1 on {}",
                    corpus.display()
                );
                assert!(
                    many.stderr.is_empty(),
                    "stderr off a terminal: {:?}",
                    many.stderr
                );
            }
        }
    }
}

#[test]
fn documents_come_out_in_input_order() {
    let generated = tempfile::tempdir().expect("tempdir");
    generated_corpus(generated.path(), 40);
    let config = repo_corpus().join("tiny.json");
    let output = run(&[
        "--jobs",
        "4",
        "--config",
        config.to_str().expect("path"),
        generated.path().join("d2").to_str().expect("path"),
        generated.path().join("d0").to_str().expect("path"),
    ]);
    assert!(output.status.success());
    let mut sources: Vec<String> = Vec::new();
    let mut expected_part = 0;
    for record in records(&output.stdout) {
        let source = record["metadata"]["source"]
            .as_str()
            .expect("source")
            .to_owned();
        if sources.last() != Some(&source) {
            assert!(!sources.contains(&source), "{source} split in two runs");
            sources.push(source);
            expected_part = 0;
        }
        assert_eq!(record["metadata"]["partIndex"], expected_part);
        expected_part += 1;
    }
    let mut expected = Vec::new();
    for dir in ["d2", "d0"] {
        let mut pages: Vec<String> = std::fs::read_dir(generated.path().join(dir))
            .expect("list")
            .map(|entry| entry.expect("entry").path().display().to_string())
            .collect();
        pages.sort();
        expected.extend(pages);
    }
    assert_eq!(sources, expected);
}

#[test]
fn failures_are_named_in_order_and_counted_with_any_jobs_value() {
    let dir = tempfile::tempdir().expect("tempdir");
    generated_corpus(dir.path(), 12);
    let missing = dir.path().join("missing.html");
    let config = repo_corpus().join("tiny.json");
    let mut outputs = Vec::new();
    for jobs in ["1", "3"] {
        let output = run(&[
            "--jobs",
            jobs,
            "--config",
            config.to_str().expect("path"),
            dir.path().join("d0").to_str().expect("path"),
            missing.to_str().expect("path"),
            dir.path().join("d1").to_str().expect("path"),
        ]);
        assert_eq!(output.status.code(), Some(1));
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 2, "{stderr}");
        assert!(lines[0].contains("missing.html"), "{stderr}");
        assert_eq!(
            lines[1],
            "htmlsplit: 1 of 9 inputs could not be read or split"
        );
        outputs.push(output.stdout);
    }
    assert!(outputs[0] == outputs[1]);
    let sources: std::collections::BTreeSet<String> = strings(&outputs[0], "/metadata/source")
        .into_iter()
        .collect();
    assert_eq!(sources.len(), 8);
}

#[test]
fn jobs_zero_is_a_usage_error() {
    let output = run(&["--jobs", "0", "--chunk-size", "10"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
}

/// The nearest-rank percentile, written out again for the test.
fn nearest_rank(sorted: &[usize], percent: f64) -> usize {
    let rank = ((percent / 100.0) * sorted.len() as f64).ceil().max(1.0) as usize;
    sorted[rank - 1]
}

#[test]
fn stats_json_counts_what_was_written() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pages = [
        "<p>alpha beta gamma</p><p>delta</p>",
        "<h1>Ünïcödé</h1><p>é and ü and ß are one character each</p><p>and so is 漢</p>",
        "<div><p>one</p><p>two</p><p>three</p><p>four</p></div>",
        "",
        "<b>a</b>",
    ];
    let mut files = Vec::new();
    for (n, page) in pages.iter().enumerate() {
        let path = dir.path().join(format!("{n}.html"));
        std::fs::write(&path, page).expect("write");
        files.push(path.display().to_string());
    }
    files.push(dir.path().join("absent.html").display().to_string());
    let stats_path = dir.path().join("stats.json");
    let mut args = vec![
        "--chunk-size".to_owned(),
        "20".to_owned(),
        "--max-chunk-size".to_owned(),
        "40".to_owned(),
        "--separator".to_owned(),
        "p".to_owned(),
        "--stats".to_owned(),
        "--stats-json".to_owned(),
        stats_path.display().to_string(),
    ];
    args.extend(files);
    let output = htmlsplit().args(&args).output().expect("run");
    assert_eq!(output.status.code(), Some(1));

    let records = records(&output.stdout);
    let mut sizes: Vec<usize> = records
        .iter()
        .map(|record| {
            record["pageContent"]
                .as_str()
                .expect("text")
                .chars()
                .count()
        })
        .collect();
    sizes.sort_unstable();
    assert!(sizes.len() >= 7, "the pages give several chunks: {sizes:?}");
    let small = sizes.iter().filter(|&&size| size * 10 < 20).count();
    assert!(small >= 1, "{sizes:?}");
    let input_bytes: usize = pages.iter().map(|page| page.len()).sum();

    let stats: Value =
        serde_json::from_str(&std::fs::read_to_string(&stats_path).expect("stats written"))
            .expect("stats JSON");
    assert_eq!(stats["documents"], 5);
    assert_eq!(stats["failures"], 1);
    assert_eq!(stats["chunks"], records.len());
    assert_eq!(stats["inputBytes"], input_bytes);
    assert!(stats["seconds"].as_f64().expect("seconds") > 0.0);
    assert_eq!(stats["sizes"]["unit"], "characters");
    assert_eq!(stats["sizes"]["min"], sizes[0]);
    assert_eq!(stats["sizes"]["p10"], nearest_rank(&sizes, 10.0));
    assert_eq!(stats["sizes"]["median"], nearest_rank(&sizes, 50.0));
    assert_eq!(stats["sizes"]["p90"], nearest_rank(&sizes, 90.0));
    assert_eq!(stats["sizes"]["max"], sizes[sizes.len() - 1]);
    assert_eq!(stats["smallChunks"], small);

    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!("5 documents, {} chunks", records.len())),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!(
            "min {}, p10 {}",
            sizes[0],
            nearest_rank(&sizes, 10.0)
        )),
        "{stderr}"
    );
}

#[test]
fn quiet_off_a_terminal_even_with_many_documents() {
    let dir = tempfile::tempdir().expect("tempdir");
    generated_corpus(dir.path(), 30);
    let config = repo_corpus().join("tiny.json");
    let output = run(&[
        "--config",
        config.to_str().expect("path"),
        dir.path().to_str().expect("path"),
    ]);
    assert!(output.status.success());
    assert!(!output.stdout.is_empty());
    assert!(
        output.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Runs the CLI with stderr on a pseudo-terminal (through util-linux
/// `script`, which CI's Debian has: it is essential) and returns what the terminal received; `None` when `script` is
/// missing.
fn on_a_terminal(args: &[&str]) -> Option<String> {
    let quoted: Vec<String> = std::iter::once(env!("CARGO_BIN_EXE_htmlsplit"))
        .chain(args.iter().copied())
        .map(|arg| format!("'{}'", arg.replace('\'', r"'\''")))
        .collect();
    let command = format!("{} > /dev/null", quoted.join(" "));
    // indicatif draws nothing on a dumb terminal (or without TERM, as in
    // CI): this terminal is a capable one.
    let output = Command::new("script")
        .args(["-q", "-e", "-c", &command, "/dev/null"])
        .env("TERM", "xterm")
        .stdin(Stdio::null())
        .output();
    match output {
        Ok(output) => {
            assert!(
                output.status.success(),
                "{}",
                String::from_utf8_lossy(&output.stderr)
            );
            Some(String::from_utf8_lossy(&output.stdout).into_owned())
        }
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => None,
        Err(err) => panic!("run script: {err}"),
    }
}

#[test]
fn progress_bar_on_a_terminal_and_not_with_quiet() {
    let dir = tempfile::tempdir().expect("tempdir");
    generated_corpus(dir.path(), 30);
    let config = repo_corpus().join("tiny.json");
    let config = config.to_str().expect("path");
    let corpus = dir.path().to_str().expect("path");
    let Some(shown) = on_a_terminal(&["--jobs", "2", "--config", config, corpus]) else {
        eprintln!("skipped: util-linux `script` is not installed");
        return;
    };
    assert!(shown.contains("/30 documents"), "{shown:?}");
    // Cleared at the end: the last thing drawn erases the line.
    assert!(
        shown.trim_end_matches(['\r', '\n']).ends_with("\x1b[2K") || shown.ends_with("\r"),
        "{shown:?}"
    );
    let quiet = on_a_terminal(&["--quiet", "--config", config, corpus]).expect("script ran before");
    assert_eq!(quiet.trim(), "", "{quiet:?}");
}

/// An output that cannot be written is status 1 (docs/cli.md), found
/// before any input is split.
#[test]
fn an_uncreatable_report_fails_before_any_output() {
    let dir = tempfile::tempdir().expect("tempdir");
    let report = dir.path().join("no/such/dir/report.html");
    let config = repo_corpus().join("small.json");
    let output = run(&[
        "--config",
        config.to_str().expect("path"),
        "--report",
        report.to_str().expect("path"),
        repo_corpus().to_str().expect("path"),
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(output.stdout.is_empty());
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot create report file"));
}
