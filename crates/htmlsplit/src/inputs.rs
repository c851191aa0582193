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

/// Expands the command-line inputs in order: `-` is stdin, a directory
/// becomes every `*.html` / `*.htm` file below it in sorted path order, any
/// other path is a file. A directory that cannot be listed yields an error in
/// its place, and the rest goes on.
pub fn expand(inputs: &[PathBuf]) -> impl Iterator<Item = anyhow::Result<Input>> + '_ {
    inputs
        .iter()
        .flat_map(|path| -> Vec<anyhow::Result<Input>> {
            if path.as_os_str() == "-" {
                vec![Ok(Input::Stdin)]
            } else if path.is_dir() {
                pages_below(path)
            } else {
                vec![Ok(Input::File(path.clone()))]
            }
        })
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
