//! Inputs and baselines shared by the benchmarks and `cargo xtask bench`.

use std::path::{Path, PathBuf};

use html_splitter::{
    AnySizer, Backend, DomAdapter, HuggingFace, NodeKind, Splitter, SplitterConfig,
};

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
///
/// With `HTMLSPLIT_BENCH_CORPUS=DIR` set, only the pages of `DIR` (every
/// `*.html` in it), named `user`: `HTMLSPLIT_BENCH_CORPUS=~/pages cargo
/// bench -p benches --bench split` measures every backend on a user's own
/// pages.
pub fn corpora() -> Vec<Corpus> {
    if let Some(dir) = std::env::var_os("HTMLSPLIT_BENCH_CORPUS") {
        let dir = PathBuf::from(dir);
        return match load("user", &dir) {
            Some(corpus) => vec![corpus],
            None => panic!(
                "HTMLSPLIT_BENCH_CORPUS={}: no .html page there",
                dir.display()
            ),
        };
    }
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

/// The splitter of `corpus/<name>.json`, with `configure` applied: the
/// Markdown and content-selection benchmarks compare text forms on one
/// config.
pub fn repo_splitter(name: &str, configure: impl FnOnce(&mut SplitterConfig)) -> Splitter {
    let path = workspace_root().join(format!("corpus/{name}.json"));
    let mut config = read_config(&path);
    configure(&mut config);
    Splitter::new(config).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// The Markdown config of `corpus/markdown.json` (chunkSize 200, heading
/// context) in `cl100k_base` tokens, with `configure` applied: what carried
/// context costs when every part it carries is tokenized.
pub fn markdown_tokens_splitter(configure: impl FnOnce(&mut SplitterConfig)) -> Splitter<AnySizer> {
    let path = workspace_root().join("corpus/markdown.json");
    let mut config = read_config(&path);
    config.sizer = Some("tiktoken:cl100k_base".to_owned());
    configure(&mut config);
    Splitter::from_config(config).unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// The ECMA-262 ingest config in tokens (`corpus/ecma262-ingest-tokens.json`:
/// chunkSize 2048, maxChunkSize 3072, `tiktoken:cl100k_base`), with the
/// sizer its `sizer` key names, as the CLI loads it.
pub fn ingest_tokens_splitter() -> Splitter<AnySizer> {
    let path = workspace_root().join("corpus/ecma262-ingest-tokens.json");
    Splitter::from_config(read_config(&path))
        .unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

/// Where `cargo bench` leaves criterion's results: `$CARGO_TARGET_DIR` or
/// the workspace's `target/`, then `criterion/` (what `cargo xtask bench`
/// reads).
pub fn criterion_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target"))
        .join("criterion")
}

/// Which tokenizer the `tokens_huggingface` benchmarks used, one line,
/// relative to [`criterion_dir`].
pub const HF_TOKENIZER_NOTE: &str = "tokens_huggingface/tokenizer.txt";

/// The environment variable naming the `tokenizer.json` of the Hugging Face
/// token benchmarks; without it they train one ([`trained_tokenizer`]).
pub const HF_TOKENIZER_VAR: &str = "HTMLSPLIT_HF_TOKENIZER";

/// The vocabulary size of [`trained_tokenizer`].
pub const TRAINED_VOCAB_SIZE: usize = 30_000;

/// The ECMA-262 ingest config in tokens of a Hugging Face tokenizer: the
/// tokenizer.json named by `$HTMLSPLIT_HF_TOKENIZER` when set, else a
/// byte-level BPE trained on `texts` ([`trained_tokenizer`]), so that the
/// benchmark runs offline on a fresh clone. Also returns what the tokenizer
/// is, for the report.
pub fn ingest_huggingface_splitter(texts: &[String]) -> (Splitter<HuggingFace>, String) {
    let (sizer, name) = match std::env::var_os(HF_TOKENIZER_VAR) {
        Some(path) => {
            let path = PathBuf::from(path);
            let sizer = HuggingFace::from_file(&path)
                .unwrap_or_else(|err| panic!("${HF_TOKENIZER_VAR}: {err}"));
            let file = path.file_name().unwrap_or(path.as_os_str());
            (sizer, format!("huggingface:{}", file.to_string_lossy()))
        }
        None => {
            let sizer = HuggingFace::from_tokenizer(trained_tokenizer(texts, TRAINED_VOCAB_SIZE))
                .unwrap_or_else(|err| panic!("the trained tokenizer: {err}"));
            let name = format!(
                "huggingface: byte-level BPE, {} tokens, trained on the corpus",
                sizer.tokenizer().get_vocab_size(true)
            );
            (sizer, name)
        }
    };
    let path = workspace_root().join("corpus/ecma262-ingest-tokens.json");
    let mut config = read_config(&path);
    config.sizer = None;
    let splitter = Splitter::with_sizer(config, sizer)
        .unwrap_or_else(|err| panic!("{}: {err}", path.display()));
    (splitter, name)
}

/// A byte-level BPE (the GPT-2 / RoBERTa scheme: byte-level pre-tokenizer,
/// no normalizer) with at most `vocab_size` tokens, trained with
/// `tokenizers`' `BpeTrainer` on `texts`. Deterministic for the same texts.
pub fn trained_tokenizer(texts: &[String], vocab_size: usize) -> tokenizers::Tokenizer {
    use tokenizers::models::bpe::{BPE, BpeTrainerBuilder};
    use tokenizers::pre_tokenizers::byte_level::ByteLevel;
    use tokenizers::{
        DecoderWrapper, NormalizerWrapper, PostProcessorWrapper, PreTokenizerWrapper,
        TokenizerBuilder, TokenizerImpl,
    };

    let mut trainer = BpeTrainerBuilder::new()
        .show_progress(false)
        .vocab_size(vocab_size)
        .min_frequency(2)
        .initial_alphabet(ByteLevel::alphabet().into_iter().collect())
        .build();
    let mut tokenizer: TokenizerImpl<
        BPE,
        NormalizerWrapper,
        PreTokenizerWrapper,
        PostProcessorWrapper,
        DecoderWrapper,
    > = TokenizerBuilder::new()
        .with_model(BPE::default())
        .with_normalizer(None)
        .with_pre_tokenizer(Some(ByteLevel::new(false, true, true).into()))
        .with_post_processor(None)
        .with_decoder(Some(ByteLevel::default().into()))
        .build()
        .unwrap_or_else(|err| panic!("building the tokenizer: {err}"));
    tokenizer
        .train(&mut trainer, texts.iter())
        .unwrap_or_else(|err| panic!("training the tokenizer: {err}"));
    tokenizer.into()
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
