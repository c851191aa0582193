//! Project tasks: `cargo xtask equivalence`, `cargo xtask bench`,
//! `cargo xtask main-content`, `cargo xtask page-metadata`,
//! `cargo xtask retrieval`.

mod bench;
mod corpus;
mod equivalence;
mod main_content;
mod markdown;
mod page_metadata;
mod retrieval;
mod wcxb;

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(name = "cargo xtask", about = "Project tasks")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run every backend over corpora and compare their chunks.
    Equivalence(equivalence::Args),
    /// Run the benchmarks and print the throughput table.
    Bench(bench::Args),
    /// Measure `content: "main"` on hand-labelled pages and documentation.
    MainContent(main_content::Args),
    /// Measure page metadata (title, author, date) on the WCXB pages.
    PageMetadata(page_metadata::Args),
    /// Measure BM25 retrieval over our chunks on pages with questions.
    Retrieval(retrieval::Args),
    /// (internal) Split a corpus once in this fresh process; print the
    /// peak RSS in KiB and the split time in seconds.
    #[command(hide = true)]
    Probe { backend: String, corpus: String },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Equivalence(args) => equivalence::run(args),
        Command::Bench(args) => bench::run(args),
        Command::MainContent(args) => main_content::run(args),
        Command::PageMetadata(args) => page_metadata::run(args),
        Command::Retrieval(args) => retrieval::run(args),
        Command::Probe { backend, corpus } => bench::probe(&backend, &corpus),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("xtask: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root (the parent of this crate's directory).
pub fn workspace_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().map(PathBuf::from).unwrap_or(manifest)
}

/// The config files of the repo's `corpus/`, sorted.
pub fn repo_configs() -> anyhow::Result<Vec<PathBuf>> {
    let dir = workspace_root().join("corpus");
    let mut configs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .with_context(|| format!("listing {}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    configs.sort();
    Ok(configs)
}
