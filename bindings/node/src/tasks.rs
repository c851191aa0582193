//! The asynchronous methods: napi `Task`s whose `compute` splits on the
//! libuv thread pool and whose `resolve` builds the JS values.

use std::sync::Arc;

use html_splitter::{AnySizer, Backend, Chunks, ParseError, Splitter};
use napi::bindgen_prelude::*;
use rayon::prelude::*;

use crate::chunk::{Chunk, convert};
use crate::html::Html;

/// One document, split off the JS thread; `convert` makes the result.
pub struct SplitTask<T> {
    splitter: Arc<Splitter<AnySizer>>,
    backend: Backend,
    html: Html,
    convert: fn(&Chunks) -> Result<T>,
}

impl<T> SplitTask<T> {
    pub fn new(
        splitter: Arc<Splitter<AnySizer>>,
        backend: Backend,
        html: Html,
        convert: fn(&Chunks) -> Result<T>,
    ) -> Self {
        SplitTask {
            splitter,
            backend,
            html,
            convert,
        }
    }
}

impl<T: ToNapiValue + TypeName + Send + 'static> Task for SplitTask<T> {
    type Output = T;
    type JsValue = T;

    fn compute(&mut self) -> Result<T> {
        let chunks = self
            .backend
            .split(&self.splitter, &self.html.text())
            .map_err(crate::parse_error)?;
        (self.convert)(&chunks)
    }

    fn resolve(&mut self, _env: Env, output: T) -> Result<T> {
        Ok(output)
    }
}

/// Many documents, split in parallel off the JS thread.
pub struct SplitManyTask {
    splitter: Arc<Splitter<AnySizer>>,
    backend: Backend,
    htmls: Vec<Html>,
    concurrency: usize,
}

impl SplitManyTask {
    pub fn new(
        splitter: Arc<Splitter<AnySizer>>,
        backend: Backend,
        htmls: Vec<Html>,
        concurrency: usize,
    ) -> Self {
        SplitManyTask {
            splitter,
            backend,
            htmls,
            concurrency,
        }
    }

    /// One document's chunks, or why there are none (a `String`: the
    /// errors cross threads).
    fn split_one(&self, html: &Html) -> std::result::Result<Vec<Chunk>, String> {
        let chunks = self
            .backend
            .split(&self.splitter, &html.text())
            .map_err(|err: ParseError| err.to_string())?;
        convert(&chunks).map_err(|err| err.reason)
    }
}

impl Task for SplitManyTask {
    type Output = Vec<Vec<Chunk>>;
    type JsValue = Vec<Vec<Chunk>>;

    fn compute(&mut self) -> Result<Self::Output> {
        let run = || -> Vec<std::result::Result<Vec<Chunk>, String>> {
            if self.concurrency == 1 || self.htmls.len() < 2 {
                self.htmls.iter().map(|html| self.split_one(html)).collect()
            } else {
                self.htmls
                    .par_iter()
                    .map(|html| self.split_one(html))
                    .collect()
            }
        };
        let results = if self.concurrency > 1 {
            rayon::ThreadPoolBuilder::new()
                .num_threads(self.concurrency)
                .build()
                .map(|pool| pool.install(run))
                .map_err(|err| {
                    Error::new(
                        Status::GenericFailure,
                        format!("cannot start {} threads: {err}", self.concurrency),
                    )
                })?
        } else {
            run()
        };
        results
            .into_iter()
            .enumerate()
            .map(|(index, result)| {
                result.map_err(|err| {
                    Error::new(
                        Status::GenericFailure,
                        format!("cannot split document {index}: {err}"),
                    )
                })
            })
            .collect()
    }

    fn resolve(&mut self, _env: Env, output: Self::Output) -> Result<Self::Output> {
        Ok(output)
    }
}
