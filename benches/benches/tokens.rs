//! What sizing in tokens costs (issue 9's target): the ECMA-262 ingest split
//! in characters (`corpus/ecma262-ingest.json`) and in `cl100k_base` tokens
//! (`corpus/ecma262-ingest-tokens.json`), against counting the tokens of
//! every page's canonical text once with tiktoken-rs; and the token split of
//! the largest page ×1 and ×16. html5ever backend, parse included.
//!
//! The same for a Hugging Face tokenizer (groups `tokens_huggingface` and
//! `tokens_huggingface_scaling`): the `tokenizer.json` named by
//! `$HTMLSPLIT_HF_TOKENIZER`, else a byte-level BPE of 30,000 tokens trained
//! on the corpus's canonical text (setup, not timed), so that it runs offline.
//! Which one it used is written beside the results
//! (`target/criterion/tokens_huggingface/tokenizer.txt`).
//!
//! Target: tokens ≤ characters + 1.5 × count, and ×16 input ≤ ×20 time
//! (`cargo xtask bench` prints both).
//!
//! Group `tokens_heading_context`: `corpus/markdown.json` (Markdown, chunkSize
//! 200) in `cl100k_base` tokens with and without `headingContext`, where
//! every span the decomposition and the merge size carries a tokenized part.

use std::hint::black_box;

use benches::{
    HF_TOKENIZER_NOTE, corpus, criterion_dir, ingest_huggingface_splitter, ingest_splitter,
    ingest_tokens_splitter, markdown_tokens_splitter,
};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use html_splitter::{AnySizer, Backend, Sizer, Splitter};

fn split_all<S: Sizer>(splitter: &Splitter<S>, pages: &[String]) -> usize {
    pages
        .iter()
        .map(|page| {
            Backend::Html5ever
                .split(splitter, black_box(page))
                .expect("the backend parses this input")
                .len()
        })
        .sum()
}

fn cost(c: &mut Criterion) {
    let Some(corpus) = corpus("ecma262") else {
        return;
    };
    let characters = ingest_splitter();
    let tokens = ingest_tokens_splitter();
    // Setup, not timed: the canonical texts (the same whatever the sizer)
    // and the encoder the token splitter uses.
    let canonical: Vec<String> = corpus
        .pages
        .iter()
        .map(|page| {
            Backend::Html5ever
                .split(&characters, page)
                .expect("the backend parses this input")
                .canonical_text()
                .to_owned()
        })
        .collect();
    let AnySizer::Tiktoken(tiktoken) = tokens.sizer() else {
        panic!("corpus/ecma262-ingest-tokens.json does not name a tiktoken sizer");
    };
    let bpe = tiktoken.bpe();

    let mut group = c.benchmark_group("tokens");
    group.throughput(Throughput::Bytes(corpus.bytes()));
    group.sample_size(10);
    group.bench_function("characters", |b| {
        b.iter(|| split_all(&characters, &corpus.pages))
    });
    group.bench_function("cl100k_base", |b| {
        b.iter(|| split_all(&tokens, &corpus.pages))
    });
    group.bench_function("count", |b| {
        b.iter(|| {
            canonical
                .iter()
                .map(|text| bpe.encode_ordinary(black_box(text)).len())
                .sum::<usize>()
        })
    });
    group.finish();

    let Some(page) = corpus.pages.iter().max_by_key(|page| page.len()) else {
        return;
    };
    scaling(c, "tokens_scaling", &tokens, page);

    // The same with a Hugging Face tokenizer: split in its tokens against
    // the split in characters (measured above, in the same run) and one
    // count of the canonical text with the same tokenizer.
    let (huggingface, name) = ingest_huggingface_splitter(&canonical);
    let note = criterion_dir().join(HF_TOKENIZER_NOTE);
    if let Some(dir) = note.parent() {
        let written = std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&note, &name));
        if let Err(err) = written {
            eprintln!("cannot write {}: {err}", note.display());
        }
    }
    eprintln!("tokens_huggingface: {name}");
    let tokenizer = huggingface.sizer().tokenizer();
    let mut group = c.benchmark_group("tokens_huggingface");
    group.throughput(Throughput::Bytes(corpus.bytes()));
    group.sample_size(10);
    group.bench_function("split", |b| {
        b.iter(|| split_all(&huggingface, &corpus.pages))
    });
    group.bench_function("count", |b| {
        b.iter(|| {
            canonical
                .iter()
                .map(|text| {
                    tokenizer
                        .encode(black_box(text.as_str()), false)
                        .map_or(0, |encoding| encoding.len())
                })
                .sum::<usize>()
        })
    });
    group.finish();
    scaling(c, "tokens_huggingface_scaling", &huggingface, page);
}

/// The token split of `page` ×1 and ×16.
fn scaling<S: Sizer>(c: &mut Criterion, name: &str, splitter: &Splitter<S>, page: &str) {
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    for factor in [1usize, 16] {
        let html = page.repeat(factor);
        group.throughput(Throughput::Bytes(html.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(factor), &html, |b, html| {
            b.iter(|| {
                Backend::Html5ever
                    .split(splitter, html)
                    .expect("the backend parses this input")
                    .len()
            })
        });
    }
    group.finish();
}

fn heading_context(c: &mut Criterion) {
    let Some(corpus) = corpus("ecma262") else {
        return;
    };
    let without = markdown_tokens_splitter(|config| config.heading_context = false);
    let with = markdown_tokens_splitter(|_| {});
    let mut group = c.benchmark_group("tokens_heading_context");
    group.throughput(Throughput::Bytes(corpus.bytes()));
    group.sample_size(10);
    group.bench_function("markdown", |b| {
        b.iter(|| split_all(&without, &corpus.pages))
    });
    group.bench_function("markdown-heading-context", |b| {
        b.iter(|| split_all(&with, &corpus.pages))
    });
    group.finish();
}

criterion_group!(benches, cost, heading_context);
criterion_main!(benches);
