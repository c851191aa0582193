//! Inputs and baselines shared by the benchmarks and `cargo xtask bench`.

use std::path::{Path, PathBuf};

use html_splitter::{AnySizer, Backend, DomAdapter, NodeKind, Splitter, SplitterConfig};

/// The workspace root.
pub fn workspace_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

/// The shared corpora: `$SHARED_CORPUS` when set (a git worktree is not
/// beside `../shared`), else `../shared/corpus` beside the checkout.
fn shared_corpus() -> PathBuf {
    std::env::var_os("SHARED_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("../shared/corpus"))
}

/// A named set of pages.
#[derive(Debug)]
pub struct Corpus {
    /// `ecma262`, `web` or `repo`.
    pub name: &'static str,
    /// The decoded pages.
    pub pages: Vec<String>,
}

impl Corpus {
    /// Total size of the pages in bytes.
    pub fn bytes(&self) -> u64 {
        self.pages.iter().map(|page| page.len() as u64).sum()
    }
}

fn html_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "html"))
        .collect();
    files.sort();
    files
}

fn load(name: &'static str, dir: &Path) -> Option<Corpus> {
    let pages: Vec<String> = html_files(dir)
        .iter()
        .filter_map(|path| std::fs::read(path).ok())
        .map(|bytes| html_splitter::encoding::decode(&bytes, None))
        .collect();
    (!pages.is_empty()).then_some(Corpus { name, pages })
}

/// The shared corpora when `../shared` is beside the checkout, else the
/// repo's own `corpus/` pages.
pub fn corpora() -> Vec<Corpus> {
    let shared = shared_corpus();
    let found: Vec<Corpus> = [("ecma262", "ecma262"), ("web", "web")]
        .into_iter()
        .filter_map(|(name, dir)| load(name, &shared.join(dir)))
        .collect();
    if found.is_empty() {
        load("repo", &workspace_root().join("corpus"))
            .into_iter()
            .collect()
    } else {
        found
    }
}

/// Only the corpus called `name` (as [`corpora`] names them), without
/// loading the others.
pub fn corpus(name: &str) -> Option<Corpus> {
    let shared = shared_corpus();
    match name {
        "ecma262" => load("ecma262", &shared.join("ecma262")),
        "web" => load("web", &shared.join("web")),
        "repo" => load("repo", &workspace_root().join("corpus")),
        _ => None,
    }
}

/// The ECMA-262 ingest config (`corpus/ecma262-ingest.json`), in characters.
pub fn ingest_splitter() -> Splitter {
    let path = workspace_root().join("corpus/ecma262-ingest.json");
    Splitter::new(read_config(&path)).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// The ECMA-262 ingest config in tokens (`corpus/ecma262-ingest-tokens.json`:
/// chunkSize 2048, maxChunkSize 3072, `tiktoken:cl100k_base`), with the
/// sizer its `sizer` key names, as the CLI loads it.
pub fn ingest_tokens_splitter() -> Splitter<AnySizer> {
    let path = workspace_root().join("corpus/ecma262-ingest-tokens.json");
    Splitter::from_config(read_config(&path))
        .unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

fn read_config(path: &Path) -> SplitterConfig {
    let json =
        std::fs::read_to_string(path).unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    SplitterConfig::from_json(&json).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// The baseline a splitter is compared with: visit every node once and add
/// up the text lengths, with an explicit stack.
pub fn text_walk<A: DomAdapter>(dom: &A) -> usize {
    let mut total = 0;
    let mut stack = vec![dom.document()];
    while let Some(node) = stack.pop() {
        if dom.kind(node) == NodeKind::Text {
            total += dom.text(node).len();
        }
        stack.extend(dom.children(node));
    }
    total
}

/// Parses `html` with `backend` and runs [`text_walk`] over it.
pub fn parse_and_walk(backend: Backend, html: &str) -> usize {
    match backend {
        Backend::Html5ever => text_walk(
            &html_splitter::Html5everDom::parse(html)
                .expect("the parser does not fail on this input"),
        ),
        Backend::Scraper => text_walk(
            &html_splitter::ScraperDom::parse(html)
                .expect("the parser does not fail on this input"),
        ),
        Backend::Tl => text_walk(
            &html_splitter::TlDom::parse(html).expect("the parser does not fail on this input"),
        ),
        _ => 0,
    }
}

/// Parses `html` with `backend` and drops the tree.
pub fn parse_only(backend: Backend, html: &str) {
    match backend {
        Backend::Html5ever => drop(std::hint::black_box(
            html_splitter::Html5everDom::parse(html)
                .expect("the parser does not fail on this input"),
        )),
        Backend::Scraper => drop(std::hint::black_box(
            html_splitter::ScraperDom::parse(html).expect("the parser does not fail on this input"),
        )),
        Backend::Tl => drop(std::hint::black_box(
            html_splitter::TlDom::parse(html).expect("the parser does not fail on this input"),
        )),
        _ => {}
    }
}

/// Parses and splits `html` with `backend`: the number of chunks.
pub fn split_count(backend: Backend, splitter: &Splitter, html: &str) -> usize {
    backend
        .split(splitter, std::hint::black_box(html))
        .expect("the backend parses this input")
        .len()
}

/// [`split_count`] summed over `pages`.
pub fn split_pages(backend: Backend, splitter: &Splitter, pages: &[String]) -> usize {
    pages
        .iter()
        .map(|page| split_count(backend, splitter, page))
        .sum()
}

/// `depth` nested `<div>`s with a word in each.
pub fn nested(depth: usize) -> String {
    format!("{}deep{}", "<div>w ".repeat(depth), "</div>".repeat(depth))
}
