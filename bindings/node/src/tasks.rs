//! The asynchronous methods: napi `Task`s whose `compute` splits on the
//! libuv thread pool and whose `resolve` builds the JS values.

use std::sync::Arc;

use crate::html::Html;
use crate::largest_first::map_largest_first;
use html_splitter::{AnySizer, Backend, Chunks, ParseError, Splitter};
use napi::bindgen_prelude::*;

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
        let text = self.html.text().map_err(crate::not_text)?;
        let chunks = self
            .backend
            .split(&self.splitter, &text)
            .map_err(crate::parse_error)?;
        (self.convert)(&chunks)
    }

    fn resolve(&mut self, _env: Env, output: T) -> Result<T> {
        Ok(output)
    }
}

/// Many documents, split in parallel off the JS thread, the largest first;
/// `convert` makes each one's result.
pub struct SplitManyTask<T> {
    splitter: Arc<Splitter<AnySizer>>,
    backend: Backend,
    htmls: Vec<Html>,
    concurrency: usize,
    convert: fn(&Chunks) -> Result<T>,
}

impl<T> SplitManyTask<T> {
    pub fn new(
        splitter: Arc<Splitter<AnySizer>>,
        backend: Backend,
        htmls: Vec<Html>,
        concurrency: usize,
        convert: fn(&Chunks) -> Result<T>,
    ) -> Self {
        SplitManyTask {
            splitter,
            backend,
            htmls,
            concurrency,
            convert,
        }
    }

    /// One document's result, or why there is none (a `String`: the errors
    /// cross threads).
    fn split_one(&self, html: &Html) -> std::result::Result<T, String> {
        let text = html.text().map_err(|err| err.to_string())?;
        let chunks = self
            .backend
            .split(&self.splitter, &text)
            .map_err(|err: ParseError| err.to_string())?;
        (self.convert)(&chunks).map_err(|err| err.reason)
    }
}

impl<T: ToNapiValue + TypeName + Send + 'static> Task for SplitManyTask<T> {
    type Output = Vec<T>;
    type JsValue = Vec<T>;

    fn compute(&mut self) -> Result<Self::Output> {
        let costs: Vec<usize> = self.htmls.iter().map(Html::len).collect();
        let results = map_largest_first(&costs, self.concurrency, |index| {
            self.split_one(&self.htmls[index])
        });
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
