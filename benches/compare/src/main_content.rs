//! `compare main-content`: `content: "main"` beside rs-trafilatura and
//! dom_smoothie on the WCXB pages, in one run: CPU time per page of each
//! system, and each system's text per page written out for
//! `cargo xtask main-content --wcxb DIR --score-texts OUT` to score with the
//! repository's own scorer (this file scores nothing).
//!
//! ```sh
//! cargo run --release --manifest-path benches/compare/Cargo.toml --target-dir target -- \
//!     main-content --wcxb ../shared/corpus/wcxb-dev --out target/main-content-peers
//! ```
//!
//! See README.md beside this file for the measures.

use std::fs;
use std::io::Read;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use html_splitter::{Backend, Content, Splitter, SplitterConfig};

use crate::Result;

/// One WCXB page: the same decoded text for every system.
struct Page {
    id: String,
    html: String,
    /// The page's address from its ground truth (only the `-url` run of
    /// rs-trafilatura reads it).
    url: String,
}

/// What one system gives for one page: its text, or why it gave none.
type Extract<'a> = Box<dyn Fn(&Page) -> std::result::Result<String, String> + 'a>;

/// One system under measurement.
struct System<'a> {
    /// The directory its texts go to, and its row in the table.
    name: String,
    extract: Extract<'a>,
}

/// What the runs of one system give.
struct Measured {
    /// Per page, the CPU seconds of each run.
    seconds: Vec<Vec<f64>>,
    /// Per page, the text of the first run (empty where it failed).
    texts: Vec<String>,
    /// The pages it failed on: id, and the error or "panic".
    failed: Vec<(String, String)>,
}

pub fn run(mut args: impl Iterator<Item = String>) -> Result<()> {
    let mut wcxb = None;
    let mut out = None;
    let mut repeat = 3usize;
    let mut only: Vec<String> = Vec::new();
    while let Some(arg) = args.next() {
        match (arg.as_str(), args.next()) {
            ("--wcxb", Some(dir)) => wcxb = Some(PathBuf::from(dir)),
            ("--only", Some(names)) => {
                only = names.split(',').map(str::to_owned).collect();
            }
            ("--out", Some(dir)) => out = Some(PathBuf::from(dir)),
            ("--repeat", Some(n)) => {
                repeat = n
                    .parse()
                    .map_err(|_| format!("--repeat {n}: not a number"))?
            }
            _ => {
                return Err(format!(
                    "usage: compare main-content --wcxb DIR [--out DIR] [--repeat N] [--only PREFIX,...] (got {arg:?})"
                )
                .into());
            }
        }
    }
    let wcxb = wcxb.ok_or("main-content needs --wcxb DIR")?;
    let pages = load(&wcxb)?;

    // The config `cargo xtask main-content --wcxb` splits with: a whole
    // page in one chunk.
    let whole = |content| SplitterConfig {
        content,
        ..SplitterConfig::new(usize::MAX / 4)
    };
    let main = Splitter::new(whole(Content::Main))?;
    let all = Splitter::new(whole(Content::All))?;
    let mut systems = Vec::new();
    for &backend in Backend::ALL {
        for (content, splitter) in [("main", &main), ("all", &all)] {
            systems.push(System {
                name: format!("htmlsplit-{content}-{}", backend.name()),
                extract: Box::new(move |page: &Page| {
                    let chunks = backend
                        .split(splitter, &page.html)
                        .map_err(|err| err.to_string())?;
                    Ok(chunks.texts().collect::<Vec<_>>().join("\n"))
                }),
            });
        }
    }
    let options = rs_trafilatura::Options::default();
    systems.push(System {
        name: "rs-trafilatura".to_owned(),
        extract: Box::new(move |page: &Page| {
            rs_trafilatura::extract_with_options(&page.html, &options)
                .map(|result| result.content_text)
                .map_err(|err| err.to_string())
        }),
    });
    systems.push(System {
        name: "rs-trafilatura-url".to_owned(),
        extract: Box::new(|page: &Page| {
            let options = rs_trafilatura::Options {
                url: Some(page.url.clone()),
                ..rs_trafilatura::Options::default()
            };
            rs_trafilatura::extract_with_options(&page.html, &options)
                .map(|result| result.content_text)
                .map_err(|err| err.to_string())
        }),
    });
    systems.push(System {
        name: "dom_smoothie".to_owned(),
        extract: Box::new(|page: &Page| {
            let config = dom_smoothie::Config {
                text_mode: dom_smoothie::TextMode::Formatted,
                ..dom_smoothie::Config::default()
            };
            let mut readability =
                dom_smoothie::Readability::new(page.html.as_str(), None, Some(config))
                    .map_err(|err| err.to_string())?;
            readability
                .parse()
                .map(|article| article.text_content.to_string())
                .map_err(|err| err.to_string())
        }),
    });

    // `--only htmlsplit-main-tl,htmlsplit-all-tl`: the systems whose name
    // begins so (a quick look at one ratio, without the peers' minutes).
    if !only.is_empty() {
        systems.retain(|system| {
            only.iter()
                .any(|prefix| system.name.starts_with(prefix.as_str()))
        });
        if systems.is_empty() {
            return Err(format!("--only {}: no system's name begins so", only.join(",")).into());
        }
    }

    // A panic in a system is a failed page, counted below; its message
    // would only interleave with the table.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    eprintln!(
        "main-content: {} systems, {repeat} rounds, each system over all pages in turn",
        systems.len()
    );
    let measured = measure(&systems, &pages, repeat);
    std::panic::set_hook(default_hook);

    if let Some(out) = &out {
        for (system, measured) in systems.iter().zip(&measured) {
            let dir = out.join(&system.name);
            fs::create_dir_all(&dir).map_err(|err| format!("{}: {err}", dir.display()))?;
            for (page, text) in pages.iter().zip(&measured.texts) {
                let path = dir.join(format!("{}.txt", page.id));
                fs::write(&path, text).map_err(|err| format!("{}: {err}", path.display()))?;
            }
        }
    }
    print_table(&systems, &measured, pages.len(), repeat);
    Ok(())
}

/// The pages of `DIR/html/NNNN.html.gz`, sorted, decoded as
/// `cargo xtask main-content` decodes them, with their URL.
fn load(dir: &Path) -> Result<Vec<Page>> {
    let html_dir = dir.join("html");
    let mut paths: Vec<PathBuf> = fs::read_dir(&html_dir)
        .map_err(|err| format!("{}: {err}", html_dir.display()))?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.to_string_lossy().ends_with(".html.gz"))
        .collect();
    paths.sort();
    if paths.is_empty() {
        return Err(format!("no .html.gz pages in {}", html_dir.display()).into());
    }
    let mut pages = Vec::with_capacity(paths.len());
    for path in paths {
        let name = path.file_name().and_then(|name| name.to_str());
        let id = name
            .unwrap_or_default()
            .trim_end_matches(".html.gz")
            .to_owned();
        let mut bytes = Vec::new();
        fs::File::open(&path)
            .and_then(|file| flate2::read::GzDecoder::new(file).read_to_end(&mut bytes))
            .map_err(|err| format!("{}: {err}", path.display()))?;
        let truth = dir.join("ground-truth").join(format!("{id}.json"));
        let json: serde_json::Value = fs::read(&truth)
            .map_err(|err| err.to_string())
            .and_then(|raw| serde_json::from_slice(&raw).map_err(|err| err.to_string()))
            .map_err(|err| format!("{}: {err}", truth.display()))?;
        pages.push(Page {
            html: html_splitter::encoding::decode(&bytes, None),
            url: json["url"].as_str().unwrap_or_default().to_owned(),
            id,
        });
    }
    Ok(pages)
}

/// Runs every system over every page `repeat` times, one thread, timing
/// each call (its output is dropped after the clock is read) in this
/// thread's CPU time. Each round runs every system over all the pages in
/// turn, as a user's loop over a folder would, so each system runs with
/// its own code and tables in the cache; the rounds spread each system's
/// runs over the whole measurement, so that a drift of the machine's speed
/// (another job, the clock) falls on all of them alike instead of on
/// whichever ran then. The order of the systems turns from round to round.
/// (Measured before: with each system's rounds run back to back, `main` /
/// `all` on tl read from 1.21 to 1.35 from one run to the next.)
fn measure(systems: &[System], pages: &[Page], repeat: usize) -> Vec<Measured> {
    let mut measured: Vec<Measured> = systems
        .iter()
        .map(|_| Measured {
            seconds: vec![Vec::with_capacity(repeat); pages.len()],
            texts: vec![String::new(); pages.len()],
            failed: Vec::new(),
        })
        .collect();
    for round in 0..repeat.max(1) {
        for turn in 0..systems.len() {
            let at = (round + turn) % systems.len();
            let (Some(system), Some(measured)) = (systems.get(at), measured.get_mut(at)) else {
                continue;
            };
            for (i, page) in pages.iter().enumerate() {
                let started = thread_cpu_seconds();
                let outcome = catch_unwind(AssertUnwindSafe(|| (system.extract)(page)));
                let text = match outcome {
                    Ok(Ok(text)) => Ok(text),
                    Ok(Err(err)) => Err(err),
                    Err(_) => Err("panic".to_owned()),
                };
                let elapsed = thread_cpu_seconds() - started;
                measured.seconds[i].push(elapsed);
                if round == 0 {
                    match text {
                        Ok(text) => measured.texts[i] = text,
                        Err(why) => measured.failed.push((page.id.clone(), why)),
                    }
                }
            }
        }
        eprintln!("main-content: round {} of {repeat} done", round + 1);
    }
    measured
}

/// The CPU time this thread has used, in seconds: what the page cost, not
/// what the other jobs on a shared machine cost.
fn thread_cpu_seconds() -> f64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec for the call to write into.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    if status != 0 {
        return f64::NAN;
    }
    now.tv_sec as f64 + now.tv_nsec as f64 * 1e-9
}

/// Per page, the median of its runs, in milliseconds, sorted.
fn page_medians(measured: &Measured) -> Vec<f64> {
    let mut medians: Vec<f64> = measured
        .seconds
        .iter()
        .map(|runs| {
            let mut runs = runs.clone();
            runs.sort_by(f64::total_cmp);
            percentile(&runs, 0.5) * 1000.0
        })
        .collect();
    medians.sort_by(f64::total_cmp);
    medians
}

/// The value at `share` of a sorted list (nearest rank).
fn percentile(sorted: &[f64], share: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((sorted.len() as f64 * share).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn print_table(systems: &[System], measured: &[Measured], pages: usize, repeat: usize) {
    let medians: Vec<Vec<f64>> = measured.iter().map(page_medians).collect();
    let means: Vec<f64> = medians
        .iter()
        .map(|m| m.iter().sum::<f64>() / m.len().max(1) as f64)
        .collect();
    let mean_of = |name: &str| {
        systems
            .iter()
            .position(|system| system.name == name)
            .map_or(f64::NAN, |i| means[i])
    };
    let reference = mean_of("htmlsplit-main-html5ever");
    println!(
        "{pages} WCXB pages, CPU time of one thread per page (median of {repeat} runs per page), parse included\n"
    );
    println!(
        "| system | mean ms/page | median ms/page | p90 ms/page | × htmlsplit main (html5ever) | failed pages |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    for ((system, measured), (medians, mean)) in
        systems.iter().zip(measured).zip(medians.iter().zip(&means))
    {
        println!(
            "| {} | {mean:.2} | {:.2} | {:.2} | {:.2} | {} |",
            system.name,
            percentile(medians, 0.5),
            percentile(medians, 0.9),
            mean / reference,
            measured.failed.len()
        );
    }
    println!("\n| backend | main / all (mean CPU per page) |");
    println!("|---|---:|");
    for backend in Backend::ALL {
        let name = backend.name();
        println!(
            "| {name} | {:.2} |",
            mean_of(&format!("htmlsplit-main-{name}")) / mean_of(&format!("htmlsplit-all-{name}"))
        );
    }
    let ours = |name: &str| mean_of(&format!("htmlsplit-main-{name}"));
    let slowest = Backend::ALL
        .iter()
        .map(|backend| ours(backend.name()))
        .fold(f64::NAN, f64::max);
    let worst_ratio = Backend::ALL
        .iter()
        .map(|backend| ours(backend.name()) / mean_of(&format!("htmlsplit-all-{}", backend.name())))
        .fold(f64::NAN, f64::max);
    println!(
        "\nmain, slowest backend: {:.2}× dom_smoothie's mean CPU per page (at most 1), {:.1}× faster than rs-trafilatura (at least 5); main / all at most {worst_ratio:.2} (at most 1.3)",
        slowest / mean_of("dom_smoothie"),
        mean_of("rs-trafilatura") / slowest,
    );
    for (system, measured) in systems.iter().zip(measured) {
        let mut reasons: Vec<(&str, Vec<&str>)> = Vec::new();
        for (id, why) in &measured.failed {
            match reasons.iter_mut().find(|(reason, _)| reason == why) {
                Some((_, ids)) => ids.push(id),
                None => reasons.push((why, vec![id])),
            }
        }
        for (why, ids) in reasons {
            let shown = ids[..ids.len().min(8)].join(", ");
            let more = if ids.len() > 8 { ", …" } else { "" };
            println!(
                "\n{} failed on {} pages (empty text), {why:?}: {shown}{more}",
                system.name,
                ids.len(),
            );
        }
    }
}
