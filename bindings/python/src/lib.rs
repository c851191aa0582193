//! Python bindings of `html-splitter`: the `htmlsplit._htmlsplit` extension.
//!
//! Thin by design: it converts Python values to the facade's types and back,
//! releases the GIL while Rust splits, and turns every error into a Python
//! exception (`ValueError` for a bad setting or an input the parser refused,
//! `OSError` for a tokenizer file that cannot be read, `TypeError` for an
//! argument of the wrong type). The Python API lives in `python/htmlsplit`.

use std::str::FromStr;
use std::sync::{Arc, Mutex};

use html_splitter::{
    AnySizer, Backend, Chunks, ConfigError, HuggingFace, ParseError, Sizer, Splitter,
    SplitterConfig, encoding,
};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString};
use rayon::prelude::*;

/// One chunk and where it came from (SPEC §7).
#[pyclass(
    module = "htmlsplit._htmlsplit",
    frozen,
    eq,
    get_all,
    skip_from_py_object
)]
#[derive(Debug, Clone, PartialEq, Eq)]
struct Chunk {
    text: String,
    start_index: usize,
    end_index: usize,
    heading_path: Vec<String>,
    anchor: Option<String>,
    size: usize,
}

#[pymethods]
impl Chunk {
    fn __repr__(&self) -> String {
        let preview: String = self.text.chars().take(40).collect();
        let ellipsis = if self.text.chars().nth(40).is_some() {
            "…"
        } else {
            ""
        };
        format!(
            "Chunk(text={:?}, start_index={}, end_index={}, heading_path={:?}, anchor={:?}, size={})",
            format!("{preview}{ellipsis}"),
            self.start_index,
            self.end_index,
            self.heading_path,
            self.anchor,
            self.size
        )
    }
}

/// A Python callable used as a sizer. It is called with the GIL held; the
/// first exception it raises is kept and raised by the call that was splitting.
#[derive(Debug)]
struct CallbackSizer {
    callback: Py<PyAny>,
    error: Mutex<Option<PyErr>>,
}

impl CallbackSizer {
    fn record(&self, err: PyErr) {
        if let Ok(mut slot) = self.error.lock()
            && slot.is_none()
        {
            *slot = Some(err);
        }
    }

    fn take_error(&self) -> Option<PyErr> {
        self.error.lock().ok().and_then(|mut slot| slot.take())
    }
}

impl Sizer for CallbackSizer {
    fn size(&self, text: &str) -> usize {
        Python::attach(|py| {
            let result = self
                .callback
                .call1(py, (text,))
                .and_then(|value| value.extract::<usize>(py));
            match result {
                Ok(size) => size,
                Err(err) => {
                    self.record(err);
                    // Any size will do: the result is discarded and the error raised.
                    0
                }
            }
        })
    }
}

/// An input page: text as given, or bytes to decode as a browser would.
enum Html {
    Text(String),
    Bytes(Vec<u8>),
}

impl Html {
    fn extract(value: &Bound<'_, PyAny>) -> PyResult<Html> {
        if let Ok(text) = value.cast::<PyString>() {
            return Ok(Html::Text(text.to_cow()?.into_owned()));
        }
        if let Ok(bytes) = value.cast::<PyBytes>() {
            return Ok(Html::Bytes(bytes.as_bytes().to_vec()));
        }
        if let Ok(bytes) = value.cast::<PyByteArray>() {
            return Ok(Html::Bytes(bytes.to_vec()));
        }
        if value.get_type().name()?.to_cow()? == "memoryview" {
            let bytes = value.call_method0("tobytes")?;
            return Html::extract(&bytes);
        }
        Err(PyTypeError::new_err(format!(
            "expected HTML as str or bytes, got {}",
            value.get_type().name()?
        )))
    }

    fn text(&self) -> std::borrow::Cow<'_, str> {
        match self {
            Html::Text(text) => text.as_str().into(),
            Html::Bytes(bytes) => encoding::decode(bytes, None).into(),
        }
    }
}

fn config_error(err: ConfigError) -> PyErr {
    PyValueError::new_err(err.to_string())
}

/// How the config reached Rust, and so which names its errors use.
#[derive(Clone, Copy)]
enum Names {
    /// A JSON-shaped config (`HtmlSplitter.from_config`): its camelCase keys.
    Json,
    /// `HtmlSplitter`'s keyword arguments: `chunk_size`, not `chunkSize`.
    Keywords,
}

impl Names {
    /// `err` as a `ValueError` naming the setting as the caller wrote it.
    fn error(self, err: ConfigError) -> PyErr {
        let Names::Keywords = self else {
            return config_error(err);
        };
        let message = match err {
            ConfigError::ZeroChunkSize => "invalid chunk_size 0: it must be at least 1".to_owned(),
            ConfigError::MaxBelowChunkSize { max, chunk_size } => format!(
                "invalid max_chunk_size {max}: it must be at least chunk_size ({chunk_size})"
            ),
            ConfigError::InvalidSelector {
                field,
                selector,
                reason,
            } => format!(
                "invalid selector {selector:?} in {}: {reason}",
                snake_case(field)
            ),
            ConfigError::InvalidValue { key, expected, got } => ConfigError::InvalidValue {
                key: snake_case(&key),
                expected,
                got,
            }
            .to_string(),
            other => other.to_string(),
        };
        PyValueError::new_err(message)
    }

    fn parse(self, json: &str) -> PyResult<SplitterConfig> {
        SplitterConfig::from_json(json).map_err(|err| self.error(err))
    }
}

/// The Python keyword of a config key: `neverBreakWithin[2]` →
/// `never_break_within[2]`.
fn snake_case(key: &str) -> String {
    let mut name = String::with_capacity(key.len() + 4);
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            name.push('_');
            name.push(c.to_ascii_lowercase());
        } else {
            name.push(c);
        }
    }
    name
}

fn names(keywords: bool) -> Names {
    if keywords {
        Names::Keywords
    } else {
        Names::Json
    }
}

fn backend(name: &str) -> PyResult<Backend> {
    Backend::from_str(name).map_err(|err| PyValueError::new_err(format!("invalid backend: {err}")))
}

/// A configured splitter and parser backend. Immutable and shared freely
/// between threads.
#[pyclass(module = "htmlsplit._htmlsplit", frozen)]
struct RustSplitter {
    splitter: Inner,
    backend: Backend,
}

/// The splitter, by the kind of sizer it measures with.
enum Inner {
    /// A sizer the config names (characters, bytes, utf16, tokens).
    Named(Splitter<AnySizer>),
    /// A Python callable.
    Callback(Splitter<Arc<CallbackSizer>>),
}

impl Inner {
    fn config(&self) -> &SplitterConfig {
        match self {
            Inner::Named(splitter) => splitter.config(),
            Inner::Callback(splitter) => splitter.config(),
        }
    }
}

impl RustSplitter {
    fn split_one(&self, html: &Html) -> Result<Vec<Chunk>, ParseError> {
        self.split_with(html, convert)
    }

    /// Parses and splits one page, then turns its chunks into what Python gets.
    fn split_with<T>(&self, html: &Html, convert: fn(&Chunks) -> T) -> Result<T, ParseError> {
        let text = html.text();
        let chunks = match &self.splitter {
            Inner::Named(splitter) => self.backend.split(splitter, &text)?,
            Inner::Callback(splitter) => self.backend.split(splitter, &text)?,
        };
        Ok(convert(&chunks))
    }

    /// Raises the callback sizer's error, if it raised one.
    fn check_callback(&self) -> PyResult<()> {
        match &self.splitter {
            Inner::Callback(splitter) => match splitter.sizer().take_error() {
                Some(err) => Err(err),
                None => Ok(()),
            },
            Inner::Named(_) => Ok(()),
        }
    }

    fn split<T: Send>(
        &self,
        py: Python<'_>,
        html: &Bound<'_, PyAny>,
        convert: fn(&Chunks) -> T,
    ) -> PyResult<T> {
        let html = Html::extract(html)?;
        let result = py.detach(|| self.split_with(&html, convert));
        self.check_callback()?;
        result.map_err(|err| PyValueError::new_err(format!("cannot split the document: {err}")))
    }
}

fn convert(chunks: &Chunks) -> Vec<Chunk> {
    chunks
        .iter()
        .map(|chunk| Chunk {
            text: chunk.text.to_owned(),
            start_index: chunk.start_index,
            end_index: chunk.end_index,
            heading_path: chunk.heading_path.to_vec(),
            anchor: chunk.anchor.map(str::to_owned),
            size: chunk.size,
        })
        .collect()
}

#[pymethods]
impl RustSplitter {
    /// The names of the backends compiled in.
    #[staticmethod]
    fn backends() -> Vec<&'static str> {
        Backend::ALL.iter().map(|backend| backend.name()).collect()
    }

    /// A splitter from a JSON config (SPEC §2's camelCase keys). With
    /// `keywords`, the config was built from `HtmlSplitter`'s keyword
    /// arguments, and errors name those (`chunk_size`).
    #[staticmethod]
    #[pyo3(signature = (config, backend, keywords = false))]
    fn from_json(config: &str, backend: &str, keywords: bool) -> PyResult<Self> {
        let names = names(keywords);
        let backend = self::backend(backend)?;
        let splitter =
            Splitter::from_config(names.parse(config)?).map_err(|err| names.error(err))?;
        Ok(RustSplitter {
            splitter: Inner::Named(splitter),
            backend,
        })
    }

    /// A splitter sized by a Hugging Face tokenizer given as its JSON.
    #[staticmethod]
    #[pyo3(signature = (config, tokenizer, backend, keywords = false))]
    fn with_huggingface_json(
        config: &str,
        tokenizer: &str,
        backend: &str,
        keywords: bool,
    ) -> PyResult<Self> {
        let names = names(keywords);
        let backend = self::backend(backend)?;
        let sizer = HuggingFace::from_json(tokenizer).map_err(config_error)?;
        let splitter = Splitter::with_sizer(names.parse(config)?, AnySizer::HuggingFace(sizer))
            .map_err(|err| names.error(err))?;
        Ok(RustSplitter {
            splitter: Inner::Named(splitter),
            backend,
        })
    }

    /// A splitter sized by a Python callable.
    #[staticmethod]
    #[pyo3(signature = (config, callback, backend, keywords = false))]
    fn with_callback(
        config: &str,
        callback: Py<PyAny>,
        backend: &str,
        keywords: bool,
    ) -> PyResult<Self> {
        let names = names(keywords);
        let backend = self::backend(backend)?;
        let sizer = Arc::new(CallbackSizer {
            callback,
            error: Mutex::new(None),
        });
        let splitter =
            Splitter::with_sizer(names.parse(config)?, sizer).map_err(|err| names.error(err))?;
        Ok(RustSplitter {
            splitter: Inner::Callback(splitter),
            backend,
        })
    }

    #[getter]
    fn chunk_size(&self) -> usize {
        self.splitter.config().chunk_size
    }

    #[getter]
    fn max_chunk_size(&self) -> Option<usize> {
        self.splitter.config().max_chunk_size
    }

    #[getter]
    fn backend(&self) -> &'static str {
        self.backend.name()
    }

    /// The configuration as JSON.
    fn config_json(&self) -> PyResult<String> {
        html_splitter::serde_json::to_string(self.splitter.config())
            .map_err(|err| PyRuntimeError::new_err(err.to_string()))
    }

    fn split_text(&self, py: Python<'_>, html: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
        self.split(py, html, Chunks::to_strings)
    }

    fn chunks(&self, py: Python<'_>, html: &Bound<'_, PyAny>) -> PyResult<Vec<Chunk>> {
        self.split(py, html, convert)
    }

    /// Splits many documents on a pool of `threads` (default: all cores),
    /// with the GIL released; results in input order.
    #[pyo3(signature = (htmls, threads=None))]
    fn split_many(
        &self,
        py: Python<'_>,
        htmls: Vec<Bound<'_, PyAny>>,
        threads: Option<usize>,
    ) -> PyResult<Vec<Vec<Chunk>>> {
        let htmls = htmls
            .iter()
            .map(Html::extract)
            .collect::<PyResult<Vec<_>>>()?;
        if threads == Some(0) {
            return Err(PyValueError::new_err(
                "invalid threads 0: it must be at least 1",
            ));
        }
        let run = || -> Vec<Result<Vec<Chunk>, ParseError>> {
            if threads == Some(1) || htmls.len() < 2 {
                htmls.iter().map(|html| self.split_one(html)).collect()
            } else {
                htmls.par_iter().map(|html| self.split_one(html)).collect()
            }
        };
        let results = py.detach(|| match threads {
            Some(n) if n > 1 => rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map(|pool| pool.install(run))
                .map_err(|err| err.to_string()),
            _ => Ok(run()),
        });
        let results = results.map_err(|err| {
            PyRuntimeError::new_err(format!("cannot start {threads:?} threads: {err}"))
        })?;
        self.check_callback()?;
        results
            .into_iter()
            .enumerate()
            .map(|(index, result)| {
                result.map_err(|err| {
                    PyValueError::new_err(format!("cannot split document {index}: {err}"))
                })
            })
            .collect()
    }
}

/// The extension module.
#[pymodule]
fn _htmlsplit(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add_class::<Chunk>()?;
    module.add_class::<RustSplitter>()?;
    Ok(())
}
