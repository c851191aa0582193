//! What `content: "main"` costs against `"all"`: the same config (the
//! repo's `corpus/web-main.json`) with each, parse included, on the
//! ECMA-262 and web corpora, per backend.

use benches::{corpora, repo_splitter, split_pages};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use html_splitter::{Backend, Content};

fn content_cost(c: &mut Criterion) {
    let all = repo_splitter("web-main", |config| config.content = Content::All);
    let main = repo_splitter("web-main", |config| config.content = Content::Main);
    for corpus in corpora() {
        for &backend in Backend::ALL {
            let mut group = c.benchmark_group(format!("{backend}/{}/content", corpus.name));
            group.throughput(Throughput::Bytes(corpus.bytes()));
            group.sample_size(10);
            group.bench_function("all", |b| {
                b.iter(|| split_pages(backend, &all, &corpus.pages));
            });
            group.bench_function("main", |b| {
                b.iter(|| split_pages(backend, &main, &corpus.pages));
            });
            group.finish();
        }
    }
}

criterion_group!(benches, content_cost);
criterion_main!(benches);
