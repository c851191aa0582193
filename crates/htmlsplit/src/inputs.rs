//! Command-line inputs: files, directories of pages, stdin.

use std::path::{Path, PathBuf};

use anyhow::Context;

/// One document to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Input {
    Stdin,
    File(PathBuf),
}

impl Input {
    /// How the output names the input: the path as given, `-` for stdin.
    pub fn source(&self) -> String {
        match self {
            Input::Stdin => "-".to_owned(),
            Input::File(path) => path.display().to_string(),
        }
    }
}

/// The command line's inputs, expanded.
#[derive(Debug)]
pub struct Expanded {
    /// The documents to split, in order; an error stands for one that
    /// cannot be listed.
    pub inputs: Vec<anyhow::Result<Input>>,
    /// The directories given that hold no `*.html` / `*.htm` file.
    pub empty_dirs: Vec<PathBuf>,
}

/// Expands the command-line inputs in order: `-` is stdin, a directory
/// becomes every `*.html` / `*.htm` file below it in sorted path order, any
/// other path is a file. A directory that cannot be listed yields an error in
/// its place, and the rest goes on.
pub fn expand(paths: &[PathBuf]) -> Expanded {
    let mut inputs = Vec::new();
    let mut empty_dirs = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            inputs.push(Ok(Input::Stdin));
        } else if path.is_dir() {
            let pages = pages_below(path);
            if pages.is_empty() {
                empty_dirs.push(path.clone());
            }
            inputs.extend(pages);
        } else {
            inputs.push(Ok(Input::File(path.clone())));
        }
    }
    Expanded { inputs, empty_dirs }
}

fn is_page(path: &Path) -> bool {
    path.extension()
        .and_then(|ext| ext.to_str())
        .is_some_and(|ext| ext.eq_ignore_ascii_case("html") || ext.eq_ignore_ascii_case("htm"))
}

fn pages_below(dir: &Path) -> Vec<anyhow::Result<Input>> {
    let mut pages = Vec::new();
    let mut errors = Vec::new();
    for entry in walkdir::WalkDir::new(dir).follow_links(true) {
        match entry {
            Ok(entry) if entry.file_type().is_file() && is_page(entry.path()) => {
                pages.push(entry.into_path());
            }
            Ok(_) => {}
            Err(err) => {
                let place = err.path().unwrap_or(dir).display().to_string();
                errors.push(
                    Err(anyhow::Error::new(err)).with_context(|| format!("cannot list {place}")),
                );
            }
        }
    }
    pages.sort();
    pages
        .into_iter()
        .map(|path| Ok(Input::File(path)))
        .chain(errors)
        .collect()
}
