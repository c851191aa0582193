//! The WCXB pages (`DIR/html/NNNN.html.gz`, `DIR/ground-truth/NNNN.json`)
//! as the xtask commands that measure against them read them, and the
//! split into development and held-out pages they share.

use std::hash::{Hash, Hasher};
use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::Context;

/// Whether a page's site is held out: one host in five, by hash. The held
/// out pages are never looked at while rules are written; they check that
/// a gain measured on the others generalises.
pub fn held_out(url: &str) -> bool {
    let host = url
        .split("://")
        .nth(1)
        .unwrap_or(url)
        .split('/')
        .next()
        .unwrap_or_default()
        .trim_start_matches("www.");
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    host.hash(&mut hasher);
    hasher.finish().is_multiple_of(5)
}

/// The pages of `DIR/html/`, sorted by name.
pub fn page_files(dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let html_dir = dir.join("html");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&html_dir)
        .with_context(|| format!("cannot list {}", html_dir.display()))?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.to_string_lossy().ends_with(".html.gz"))
        .collect();
    files.sort();
    Ok(files)
}

/// The page's id: its file name without `.html.gz`.
pub fn page_id(path: &Path) -> &str {
    path.file_name()
        .and_then(|name| name.to_str())
        .unwrap_or_default()
        .trim_end_matches(".html.gz")
}

/// The page's HTML, decoded.
pub fn read_html(path: &Path) -> anyhow::Result<String> {
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(
        std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?,
    )
    .read_to_end(&mut bytes)
    .with_context(|| format!("cannot read {}", path.display()))?;
    Ok(html_splitter::encoding::decode(&bytes, None))
}

/// The ground truth of the page `id` of `dir`.
pub fn read_truth(dir: &Path, id: &str) -> anyhow::Result<serde_json::Value> {
    let path = dir.join("ground-truth").join(format!("{id}.json"));
    serde_json::from_slice(
        &std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?,
    )
    .with_context(|| format!("cannot parse {}", path.display()))
}
