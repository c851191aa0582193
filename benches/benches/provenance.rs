//! What provenance (SPEC §7: heading path, anchor, offsets) costs: the
//! ECMA-262 ingest split with and without it, per backend, parse included.

use std::hint::black_box;

use benches::{corpus, ingest_splitter, split_pages};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use html_splitter::{Backend, DomAdapter, Splitter};

fn spans_without_provenance(backend: Backend, splitter: &Splitter, html: &str) -> usize {
    fn count<A: DomAdapter>(splitter: &Splitter, dom: &A) -> usize {
        splitter.split_spans_without_provenance(dom).len()
    }
    let parsed = "the parser does not fail on this input";
    match backend {
        Backend::Html5ever => count(
            splitter,
            &html_splitter::Html5everDom::parse(html).expect(parsed),
        ),
        Backend::Scraper => count(
            splitter,
            &html_splitter::ScraperDom::parse(html).expect(parsed),
        ),
        Backend::Tl => count(splitter, &html_splitter::TlDom::parse(html).expect(parsed)),
        _ => 0,
    }
}

fn provenance_cost(c: &mut Criterion) {
    let splitter = ingest_splitter();
    let Some(corpus) = corpus("ecma262") else {
        return;
    };
    for &backend in Backend::ALL {
        let mut group = c.benchmark_group(format!("{backend}/{}/provenance", corpus.name));
        group.throughput(Throughput::Bytes(corpus.bytes()));
        group.sample_size(10);
        group.bench_function("without", |b| {
            b.iter(|| {
                corpus
                    .pages
                    .iter()
                    .map(|page| spans_without_provenance(backend, &splitter, black_box(page)))
                    .sum::<usize>()
            });
        });
        group.bench_function("with", |b| {
            b.iter(|| split_pages(backend, &splitter, &corpus.pages));
        });
        group.finish();
    }
}

criterion_group!(benches, provenance_cost);
criterion_main!(benches);
