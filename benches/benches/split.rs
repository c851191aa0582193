//! Criterion benchmarks, grouped by backend: parse only, parse + text walk
//! (the baseline), parse + split, over the ECMA-262 and web corpora (the
//! repo's `corpus/` when `../shared` is absent); scaling with input size; and
//! nesting depth.

use benches::{
    corpora, ingest_splitter, nested, parse_and_walk, parse_only, repo_splitter, split_count,
    split_pages,
};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use html_splitter::Backend;

fn corpus_benches(c: &mut Criterion) {
    let splitter = ingest_splitter();
    for corpus in corpora() {
        for &backend in Backend::ALL {
            let mut group = c.benchmark_group(format!("{backend}/{}", corpus.name));
            group.throughput(Throughput::Bytes(corpus.bytes()));
            group.sample_size(10);
            group.bench_function("parse", |b| {
                b.iter(|| {
                    corpus
                        .pages
                        .iter()
                        .for_each(|page| parse_only(backend, page))
                });
            });
            group.bench_function("walk", |b| {
                b.iter(|| {
                    corpus
                        .pages
                        .iter()
                        .map(|page| parse_and_walk(backend, page))
                        .sum::<usize>()
                });
            });
            group.bench_function("split", |b| {
                b.iter(|| split_pages(backend, &splitter, &corpus.pages));
            });
            group.finish();
        }
    }
}

/// The text forms on the ECMA-262 ingest config, html5ever, one group per
/// corpus (`forms/{corpus}`): normalized text (the baseline), Markdown,
/// Markdown with heading context, and normalized text with `emu-note` and
/// `emu-example` excluded (SPEC §3.2, §3.3, §5.1).
fn forms(c: &mut Criterion) {
    use html_splitter::{Format, Whitespace};
    let normalize = repo_splitter("ecma262-ingest", |config| {
        config.whitespace = Whitespace::Normalize;
    });
    let markdown = repo_splitter("ecma262-ingest", |config| {
        config.whitespace = Whitespace::Normalize;
        config.format = Format::Markdown;
    });
    let markdown_context = repo_splitter("ecma262-ingest-markdown", |_| {});
    let excluding = repo_splitter("ecma262-ingest", |config| {
        config.whitespace = Whitespace::Normalize;
        config.exclude = vec!["emu-note".into(), "emu-example".into()];
    });
    let backend = Backend::Html5ever;
    for corpus in corpora() {
        let mut group = c.benchmark_group(format!("forms/{}", corpus.name));
        group.throughput(Throughput::Bytes(corpus.bytes()));
        group.sample_size(10);
        for (name, splitter) in [
            ("normalize", &normalize),
            ("markdown", &markdown),
            ("markdown-heading-context", &markdown_context),
            ("exclude-notes", &excluding),
        ] {
            group.bench_function(name, |b| {
                b.iter(|| split_pages(backend, splitter, &corpus.pages));
            });
        }
        group.finish();
    }
}

/// One group per backend, `{backend}/{name}`: parse + split of each input,
/// named by its parameter.
fn split_groups(c: &mut Criterion, name: &str, inputs: &[(usize, String)]) {
    let splitter = ingest_splitter();
    for &backend in Backend::ALL {
        let mut group = c.benchmark_group(format!("{backend}/{name}"));
        group.sample_size(10);
        for (parameter, html) in inputs {
            group.throughput(Throughput::Bytes(html.len() as u64));
            group.bench_with_input(BenchmarkId::from_parameter(parameter), html, |b, html| {
                b.iter(|| split_count(backend, &splitter, html));
            });
        }
        group.finish();
    }
}

fn scaling(c: &mut Criterion) {
    let Some(page) = corpora()
        .into_iter()
        .flat_map(|corpus| corpus.pages)
        .max_by_key(String::len)
    else {
        return;
    };
    let inputs: Vec<(usize, String)> = [1usize, 4, 16, 64]
        .into_iter()
        .map(|factor| (factor, page.repeat(factor)))
        .collect();
    split_groups(c, "scaling", &inputs);
}

fn depth(c: &mut Criterion) {
    // html5ever's tree builder is quadratic in nesting depth; the html5ever
    // and scraper backends cap the depth it builds (see splitter-driver's
    // crate doc), so all backends are linear.
    let inputs: Vec<(usize, String)> = [1_000, 10_000, 100_000]
        .into_iter()
        .map(|depth| (depth, nested(depth)))
        .collect();
    split_groups(c, "depth", &inputs);
}

/// Markup the tree builder rearranges, repeated `count` times; every
/// backend should take time linear in `count`.
///
/// - `foster`: content misplaced in a table is moved in front of it
///   ("foster parenting"): `<p>w<table>x</p>` puts every `x` before a
///   table. A tree that finds a node among its siblings by scanning (as
///   `markup5ever_rcdom` does) makes this quadratic.
/// - `merge_attrs`: every `<html aN=N>` tag after the first adds its
///   attribute to the `<html>` element. Inserting each into a sorted list
///   (as scraper's own tree sink does) makes this quadratic.
fn rearranged(c: &mut Criterion) {
    type Input = fn(usize) -> String;
    let inputs: [(&str, Input); 2] = [
        ("foster", |count| "<p>w<table>x</p>".repeat(count)),
        ("merge_attrs", |count| {
            (0..count).map(|i| format!("<html a{i}={i}>w")).collect()
        }),
    ];
    for (name, input) in inputs {
        let inputs: Vec<(usize, String)> = [1_000usize, 10_000, 40_000]
            .into_iter()
            .map(|count| (count, input(count)))
            .collect();
        split_groups(c, name, &inputs);
    }
}

/// Headings nested in headings (`<h1>t <span><h1>…`, which HTML parsers
/// keep: a heading is only closed when it is the current node), 250 levels
/// around 2 MB of text, beside the same headings one after the other
/// (`flat`) and the same nesting of `div`s (`nested_divs`). The
/// heading texts are collapsed in one pass over the text, so headings add
/// little to what the nesting costs
/// (issue 21, item 1: before, every heading's whole text was collapsed on
/// its own, inner headings' text included).
fn nested_headings(c: &mut Criterion) {
    let paragraph = "word ".repeat(1600);
    let nested: String = (0..250)
        .map(|level| format!("<h1>Level {level} <span>{paragraph}"))
        .collect();
    let flat: String = (0..250)
        .map(|level| format!("<h1>Level {level} <span>{paragraph}</span></h1>"))
        .collect();
    // The same nesting without headings.
    let divs: String = (0..250)
        .map(|level| format!("<div>Level {level} <span>{paragraph}"))
        .collect();
    let splitter = ingest_splitter();
    for &backend in Backend::ALL {
        let mut group = c.benchmark_group(format!("{backend}/headings"));
        group.sample_size(10);
        for (name, html) in [("flat", &flat), ("nested_divs", &divs), ("nested", &nested)] {
            group.throughput(Throughput::Bytes(html.len() as u64));
            group.bench_function(name, |b| b.iter(|| split_count(backend, &splitter, html)));
        }
        group.finish();
    }
}

criterion_group!(
    benches,
    corpus_benches,
    forms,
    scaling,
    depth,
    rearranged,
    nested_headings
);
criterion_main!(benches);
