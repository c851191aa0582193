//! `cargo xtask page-metadata --wcxb DIR`: how well page metadata (SPEC
//! §7.1) matches the reviewed title, author and date of the WCXB pages.
//!
//! For each page of `DIR/html/NNNN.html.gz` with `DIR/ground-truth/NNNN.json`:
//! the title matches when the word-bag F1 of ours and the reviewed one
//! (tokens: `\w+` runs, lowercased) is at least 0.9; the author likewise;
//! the date when the day is the same. Rates are over the pages whose
//! reviewed fact exists; "given without truth" counts the pages where we
//! give a fact the reviewed page has none of. The pages are split in two by
//! the hash of their site's host: one fifth held out, never looked at while
//! the rules were written, to check that a gain generalises. Every fact is
//! also checked equal on all three backends. `--floors` fails the run when
//! a development-split rate falls below the given figures.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use html_splitter::{Backend, Html5everDom, PageMetadata, ScraperDom, TlDom};
use rayon::prelude::*;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The WCXB development split (`html/`, `ground-truth/`).
    #[arg(long, value_name = "DIR")]
    wcxb: PathBuf,
    /// Write one line per page (id, split, type, ours and the truth) here.
    #[arg(long, value_name = "FILE")]
    pages: Option<PathBuf>,
    /// Fail when a development-split rate is below these: title, author,
    /// date (e.g. `0.9,0.75,0.85`).
    #[arg(long, value_name = "T,A,D")]
    floors: Option<String>,
}

/// One page's facts, ours and the reviewed ones.
struct Page {
    id: String,
    held_out: bool,
    kind: String,
    ours: PageMetadata,
    title: Option<String>,
    author: Option<String>,
    date: Option<String>,
}

#[derive(Default, Clone, Copy)]
struct Tally {
    pages: usize,
    with: usize,
    matched: usize,
    given_without: usize,
    without: usize,
}

impl Tally {
    fn add(
        &mut self,
        truth: Option<&str>,
        ours: Option<&str>,
        matches: impl Fn(&str, &str) -> bool,
    ) {
        self.pages += 1;
        match truth.filter(|truth| !truth.trim().is_empty()) {
            Some(truth) => {
                self.with += 1;
                if ours.is_some_and(|ours| matches(ours, truth)) {
                    self.matched += 1;
                }
            }
            None => {
                self.without += 1;
                if ours.is_some() {
                    self.given_without += 1;
                }
            }
        }
    }

    fn rate(&self) -> f64 {
        if self.with == 0 {
            0.0
        } else {
            self.matched as f64 / self.with as f64
        }
    }

    fn cell(&self) -> String {
        format!(
            "{:.3} ({}/{}); given without truth {}/{}",
            self.rate(),
            self.matched,
            self.with,
            self.given_without,
            self.without
        )
    }
}

fn words(text: &str) -> HashMap<String, usize> {
    let mut bag = HashMap::new();
    for word in text
        .split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|word| !word.is_empty())
    {
        *bag.entry(word.to_lowercase()).or_insert(0) += 1;
    }
    bag
}

/// The word-bag F1 of two texts.
pub fn f1(ours: &str, truth: &str) -> f64 {
    let (a, b) = (words(ours), words(truth));
    let common: usize = a
        .iter()
        .map(|(word, n)| (*n).min(*b.get(word).unwrap_or(&0)))
        .sum();
    let (na, nb): (usize, usize) = (a.values().sum(), b.values().sum());
    if common == 0 || na == 0 || nb == 0 {
        return 0.0;
    }
    let precision = common as f64 / na as f64;
    let recall = common as f64 / nb as f64;
    2.0 * precision * recall / (precision + recall)
}

fn same_text(ours: &str, truth: &str) -> bool {
    f1(ours, truth) >= 0.9
}

fn same_day(ours: &str, truth: &str) -> bool {
    ours.get(..10)
        .is_some_and(|day| truth.get(..10) == Some(day))
}

/// The page `html` of the WCXB directory `dir`, with its reviewed facts.
fn read_page(dir: &Path, html: &Path) -> anyhow::Result<Page> {
    let id = crate::wcxb::page_id(html).to_owned();
    let text = crate::wcxb::read_html(html)?;
    let json = crate::wcxb::read_truth(dir, &id)?;
    let truth_of = |key: &str| {
        json["ground_truth"][key]
            .as_str()
            .map(str::to_owned)
            .filter(|value| !value.trim().is_empty())
    };
    let html5ever = PageMetadata::extract(&Html5everDom::parse(&text)?);
    let scraper = PageMetadata::extract(&ScraperDom::parse(&text)?);
    let tl = PageMetadata::extract(&TlDom::parse(&text)?);
    if scraper != html5ever || tl != html5ever {
        bail!(
            "page {id}: the backends disagree:\n  html5ever {html5ever:?}\n  scraper {scraper:?}\n  tl {tl:?}"
        );
    }
    Ok(Page {
        id,
        held_out: crate::wcxb::held_out(json["url"].as_str().unwrap_or_default()),
        kind: json["_internal"]["page_type"]["primary"]
            .as_str()
            .unwrap_or("unknown")
            .to_owned(),
        ours: html5ever,
        title: truth_of("title"),
        author: truth_of("author"),
        date: truth_of("publish_date"),
    })
}

/// The title, author and date tallies of `pages`.
fn tally<'a>(pages: impl Iterator<Item = &'a Page>) -> [Tally; 3] {
    let mut tallies = [Tally::default(); 3];
    for page in pages {
        let ours = &page.ours;
        tallies[0].add(page.title.as_deref(), ours.title.as_deref(), same_text);
        tallies[1].add(page.author.as_deref(), ours.author.as_deref(), same_text);
        tallies[2].add(page.date.as_deref(), ours.published.as_deref(), same_day);
    }
    tallies
}

pub fn run(args: Args) -> anyhow::Result<()> {
    let files = crate::wcxb::page_files(&args.wcxb)?;
    let started = std::time::Instant::now();
    let pages: Vec<Page> = files
        .par_iter()
        .map(|path| read_page(&args.wcxb, path))
        .collect::<anyhow::Result<_>>()?;
    let elapsed = started.elapsed();
    let mut report = String::new();
    writeln!(
        report,
        "Page metadata on {} WCXB pages (the same on all three backends; {:.1} s for three parses and extractions a page)",
        pages.len(),
        elapsed.as_secs_f64()
    )?;
    writeln!(report, "| split | pages | title | author | date |")?;
    writeln!(report, "|---|---|---|---|---|")?;
    let mut development = [Tally::default(); 3];
    for (name, held) in [("development", false), ("held out", true)] {
        let tallies = tally(pages.iter().filter(|page| page.held_out == held));
        writeln!(
            report,
            "| {name} | {} | {} | {} | {} |",
            tallies[0].pages,
            tallies[0].cell(),
            tallies[1].cell(),
            tallies[2].cell()
        )?;
        if !held {
            development = tallies;
        }
    }
    let mut kinds: Vec<&str> = pages.iter().map(|page| page.kind.as_str()).collect();
    kinds.sort_unstable();
    kinds.dedup();
    writeln!(
        report,
        "\nBy page type (both splits): title / author / date"
    )?;
    for kind in kinds {
        let tallies = tally(pages.iter().filter(|page| page.kind == kind));
        writeln!(
            report,
            "  {kind} ({}): {:.3} / {:.3} ({}) / {:.3} ({})",
            tallies[0].pages,
            tallies[0].rate(),
            tallies[1].rate(),
            tallies[1].with,
            tallies[2].rate(),
            tallies[2].with
        )?;
    }
    print!("{report}");
    if let Some(path) = &args.pages {
        let mut lines = String::new();
        for page in &pages {
            let line = serde_json::json!({
                "id": page.id,
                "heldOut": page.held_out,
                "type": page.kind,
                "ours": page.ours,
                "truth": {"title": page.title, "author": page.author, "date": page.date},
            });
            writeln!(lines, "{line}")?;
        }
        std::fs::write(path, lines).with_context(|| format!("cannot write {}", path.display()))?;
    }
    if let Some(floors) = &args.floors {
        let floors: Vec<f64> = floors
            .split(',')
            .map(|floor| floor.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .context("--floors: three numbers, title,author,date")?;
        let names = ["title", "author", "date"];
        for ((floor, tally), name) in floors.iter().zip(&development).zip(names) {
            if tally.rate() < *floor {
                bail!(
                    "{name} matches {:.3} of the development pages, below {floor}",
                    tally.rate()
                );
            }
        }
    }
    // Keep the backend list honest: this task reads all three.
    debug_assert_eq!(Backend::ALL.len(), 3);
    Ok(())
}
