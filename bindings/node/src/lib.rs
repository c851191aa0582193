//! Node.js bindings of `html-splitter`: the native addon of the `htmlsplit`
//! npm package.
//!
//! Thin by design: it reads the options object into the core's
//! `SplitterConfig` (through `SplitterConfig::from_value`, so every key the
//! core accepts works here and its errors name the key and the value), turns
//! the input into text as the CLI does, calls the facade, and converts the
//! chunks (offsets in UTF-16 code units, as JavaScript indexes strings). The
//! asynchronous methods are napi `Task`s: they split on the libuv thread
//! pool, so the event loop keeps turning. The LangChain.js splitter is plain
//! JavaScript beside this crate (`langchain.js`).

mod chunk;
mod function_sizer;
mod html;
mod largest_first;
mod options;
mod tasks;

use std::sync::Arc;

use html_splitter::encoding::NotText;
use html_splitter::{AnySizer, Backend, Chunks, ParseError, Splitter, SplitterConfig};
use napi::bindgen_prelude::*;
use napi_derive::napi;

use crate::chunk::{Chunk, ChunkDocument, convert, documents};
use crate::function_sizer::{FunctionSizer, SizeFunction};
use crate::html::Html;
use crate::options::SplitterOptions;
use crate::tasks::{SplitManyTask, SplitTask};

/// Options of `splitMany`.
#[napi(object)]
pub struct SplitManyOptions {
    /// How many documents are split at once (default: the number of cores).
    pub concurrency: Option<u32>,
}

/// A configured splitter and parser backend. Immutable; reuse one for many
/// documents.
#[napi]
pub struct HtmlSplitter {
    backend: Backend,
    sizer: SizerKind,
}

/// The splitter, by the kind of sizer it measures with.
enum SizerKind {
    /// A sizer the config names (characters, bytes, utf16, tokens): splits on
    /// any thread.
    Named(Arc<Splitter<AnySizer>>),
    /// A JavaScript function: called on the JS thread, so every split is
    /// synchronous. The splitter is built for each call around the function.
    Function {
        config: SplitterConfig,
        function: SizeFunction,
    },
}

/// The JS error of a document the parser could not read.
fn parse_error(err: ParseError) -> Error {
    Error::new(
        Status::GenericFailure,
        format!("cannot split the document: {err}"),
    )
}

/// The JS error of a page that is binary data, not text.
fn not_text(err: NotText) -> Error {
    Error::new(
        Status::InvalidArg,
        format!("cannot split the document: {err}"),
    )
}

#[napi]
impl HtmlSplitter {
    /// A splitter from SPEC §2's options (camelCase keys, as in a config
    /// file) and `backend`. A bad option throws an `Error` naming the key and
    /// the value; no options at all, one saying that `chunkSize` is required.
    #[napi(constructor, ts_args_type = "options: SplitterOptions")]
    pub fn new(options: Option<SplitterOptions<'_>>) -> Result<Self> {
        let Some(options) = options else {
            return Err(Error::new(
                Status::InvalidArg,
                "chunkSize is required: new HtmlSplitter({ chunkSize: 1000 })",
            ));
        };
        let options::Read {
            config,
            backend,
            function,
        } = options::read(options)?;
        let sizer = match function {
            None => SizerKind::Named(Arc::new(
                Splitter::from_config(config).map_err(options::config_error)?,
            )),
            Some(function) => {
                // Build once to check the selectors and sizes now, not at the
                // first split.
                Splitter::with_sizer(config.clone(), html_splitter::Characters)
                    .map_err(options::config_error)?;
                SizerKind::Function { config, function }
            }
        };
        Ok(HtmlSplitter { backend, sizer })
    }

    /// The names of the parser backends, the default first.
    #[napi]
    pub fn backends() -> Vec<&'static str> {
        Backend::ALL.iter().map(|backend| backend.name()).collect()
    }

    /// The backend this splitter parses with.
    #[napi(getter)]
    pub fn backend(&self) -> &'static str {
        self.backend.name()
    }

    /// The chunks' texts.
    #[napi(ts_args_type = "html: string | Uint8Array")]
    pub fn split_text(&self, env: &Env, html: Html) -> Result<Vec<String>> {
        self.split_with(env, &html, Chunks::to_strings)
    }

    /// The chunks with their provenance (SPEC §7).
    #[napi(ts_args_type = "html: string | Uint8Array")]
    pub fn chunks(&self, env: &Env, html: Html) -> Result<Vec<Chunk>> {
        self.split_with(env, &html, convert)?
    }

    /// Each chunk as the parts of its LangChain.js document: its text as
    /// `pageContent`, and as `metadata` what it adds to its page's metadata,
    /// the keys the core defines for the CLI and every binding (SPEC §7),
    /// offsets and lengths in UTF-16 code units, then the facts the page
    /// states (SPEC §7.1), also alone as `pageMetadata`.
    #[napi(ts_args_type = "html: string | Uint8Array")]
    pub fn documents(&self, env: &Env, html: Html) -> Result<Vec<ChunkDocument>> {
        self.split_with(env, &html, documents)?
    }

    /// The document's canonical text (SPEC §3): every chunk's
    /// `startIndex`/`endIndex` index into it.
    #[napi(ts_args_type = "html: string | Uint8Array")]
    pub fn canonical_text(&self, env: &Env, html: Html) -> Result<String> {
        self.split_with(env, &html, |chunks| chunks.canonical_text().to_owned())
    }

    /// `splitText` on the libuv thread pool.
    #[napi(
        ts_args_type = "html: string | Uint8Array",
        ts_return_type = "Promise<string[]>"
    )]
    pub fn split_text_async(&self, html: Html) -> Result<AsyncTask<SplitTask<Vec<String>>>> {
        Ok(AsyncTask::new(SplitTask::new(
            self.named("splitTextAsync")?,
            self.backend,
            html,
            |chunks| Ok(chunks.to_strings()),
        )))
    }

    /// `chunks` on the libuv thread pool.
    #[napi(
        ts_args_type = "html: string | Uint8Array",
        ts_return_type = "Promise<Chunk[]>"
    )]
    pub fn chunks_async(&self, html: Html) -> Result<AsyncTask<SplitTask<Vec<Chunk>>>> {
        Ok(AsyncTask::new(SplitTask::new(
            self.named("chunksAsync")?,
            self.backend,
            html,
            convert,
        )))
    }

    /// Splits many documents in parallel, off the JS thread, on at most
    /// `concurrency` threads; results in input order.
    #[napi(
        ts_args_type = "htmls: Array<string | Uint8Array>, options?: SplitManyOptions",
        ts_return_type = "Promise<Chunk[][]>"
    )]
    pub fn split_many(
        &self,
        htmls: Vec<Unknown<'_>>,
        options: Option<SplitManyOptions>,
    ) -> Result<AsyncTask<SplitManyTask<Vec<Chunk>>>> {
        self.split_many_with("splitMany", htmls, options, convert)
    }

    /// `splitMany`, each document's chunks as `documents` gives them.
    #[napi(
        ts_args_type = "htmls: Array<string | Uint8Array>, options?: SplitManyOptions",
        ts_return_type = "Promise<ChunkDocument[][]>"
    )]
    pub fn split_many_documents(
        &self,
        htmls: Vec<Unknown<'_>>,
        options: Option<SplitManyOptions>,
    ) -> Result<AsyncTask<SplitManyTask<Vec<ChunkDocument>>>> {
        self.split_many_with("splitManyDocuments", htmls, options, documents)
    }
}

impl HtmlSplitter {
    /// The task of `method`, which splits `htmls` in parallel off the JS
    /// thread and converts each one's chunks with `convert`.
    fn split_many_with<T: ToNapiValue + TypeName + Send + 'static>(
        &self,
        method: &str,
        htmls: Vec<Unknown<'_>>,
        options: Option<SplitManyOptions>,
        convert: fn(&Chunks) -> Result<T>,
    ) -> Result<AsyncTask<SplitManyTask<T>>> {
        let htmls = htmls
            .into_iter()
            .enumerate()
            .map(|(index, html)| {
                let kind = html.get_type()?;
                Html::from_unknown(html).map_err(|err| {
                    Error::new(
                        err.status,
                        format!("htmls[{index}]: {}, got {kind}", err.reason),
                    )
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let concurrency = match options.and_then(|options| options.concurrency) {
            Some(0) => {
                return Err(Error::new(
                    Status::InvalidArg,
                    "invalid concurrency 0: it must be at least 1",
                ));
            }
            Some(n) => n as usize,
            None => std::thread::available_parallelism().map_or(1, usize::from),
        };
        Ok(AsyncTask::new(SplitManyTask::new(
            self.named(method)?,
            self.backend,
            htmls,
            concurrency,
            convert,
        )))
    }

    /// Splits `html` on the JS thread and converts the chunks with `convert`.
    fn split_with<T>(&self, env: &Env, html: &Html, convert: fn(&Chunks) -> T) -> Result<T> {
        let text = html.text().map_err(not_text)?;
        match &self.sizer {
            SizerKind::Named(splitter) => self
                .backend
                .split(splitter, &text)
                .map(|chunks| convert(&chunks))
                .map_err(parse_error),
            SizerKind::Function { config, function } => {
                let sizer = FunctionSizer::new(env, function)?;
                let splitter =
                    Splitter::with_sizer(config.clone(), &sizer).map_err(options::config_error)?;
                let chunks = self.backend.split(&splitter, &text);
                sizer.finish()?;
                chunks.map(|chunks| convert(&chunks)).map_err(parse_error)
            }
        }
    }

    /// The splitter for a method that splits off the JS thread; a function
    /// sizer can only be called on it.
    fn named(&self, method: &str) -> Result<Arc<Splitter<AnySizer>>> {
        match &self.sizer {
            SizerKind::Named(splitter) => Ok(Arc::clone(splitter)),
            SizerKind::Function { .. } => Err(Error::new(
                Status::InvalidArg,
                format!(
                    "{method} splits off the main thread, where a sizer function cannot be called: \
                     use the synchronous methods with a function sizer"
                ),
            )),
        }
    }
}
