//! Python bindings of `html-splitter`: the `htmlsplit._htmlsplit` extension.
//!
//! Thin by design: it converts Python values to the facade's types and back,
//! releases the GIL while Rust splits, and turns every error into a Python
//! exception (`ValueError` for a bad setting, binary data given as a page or
//! an input the parser refused,
//! `OSError` for a tokenizer file that cannot be read, `TypeError` for an
//! argument of the wrong type). The Python API lives in `python/htmlsplit`.

use std::cell::RefCell;
use std::str::FromStr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use html_splitter::encoding::NotText;
use html_splitter::{
    AnySizer, Backend, CONFIG_KEYS, Chunks, ConfigError, ConfigKey, HuggingFace, Metadata,
    ParseError, Sizer, Splitter, SplitterConfig, Tiktoken, encoding,
};
use pyo3::IntoPyObjectExt;
use pyo3::PyTraverseError;
use pyo3::exceptions::{
    PyFileNotFoundError, PyIsADirectoryError, PyOSError, PyOverflowError, PyPermissionError,
    PyRuntimeError, PyTypeError, PyValueError,
};
use pyo3::gc::PyVisit;
use pyo3::prelude::*;
use pyo3::types::{
    PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple,
};
use rayon::prelude::*;
use serde_json::Value;

/// One chunk and where it came from (SPEC §7).
#[pyclass(module = "htmlsplit._htmlsplit", frozen, eq, skip_from_py_object)]
#[derive(Debug, Clone, PartialEq, Eq)]
struct Chunk {
    #[pyo3(get)]
    text: String,
    #[pyo3(get)]
    start_index: usize,
    #[pyo3(get)]
    end_index: usize,
    #[pyo3(get)]
    heading_path: Vec<String>,
    #[pyo3(get)]
    anchor: Option<String>,
    #[pyo3(get)]
    size: usize,
    /// Characters of `text` carried before the slice (SPEC §5.1).
    #[pyo3(get)]
    prefix_length: usize,
    /// Characters of `text` carried after the slice.
    #[pyo3(get)]
    suffix_length: usize,
    /// The facts the page states (SPEC §7.1), shared by its chunks;
    /// Python reads them as the dict `page_metadata`.
    page: Arc<PageFacts>,
}

/// A page's facts (SPEC §7.1) as Python names them: (snake_case key,
/// value), in the order of the core's `PageMetadata::entries`.
type PageFacts = Vec<(String, String)>;

/// The facts of `chunks`' page, with Python's keys.
fn page_facts(chunks: &Chunks) -> PageFacts {
    chunks
        .page_metadata()
        .entries()
        .map(|(key, value)| (snake_case(key), value.to_owned()))
        .collect()
}

/// `facts` as a new dict.
fn facts_dict<'py>(py: Python<'py>, facts: &PageFacts) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (key, value) in facts {
        dict.set_item(key, value)?;
    }
    Ok(dict)
}

#[pymethods]
impl Chunk {
    /// The facts the page states (SPEC §7.1), a new dict on each access.
    #[getter]
    fn page_metadata<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        facts_dict(py, &self.page)
    }

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

/// A Python callable used as a sizer, called with the GIL held.
///
/// An exception it raises, or a result that is not a size, belongs to the
/// split that was running on the calling thread ([`with_error_slot`]), so
/// that two threads splitting with one splitter each get their own error.
/// The callable is held in a lock so that the garbage collector can clear
/// it ([`RustSplitter::__clear__`]): a callback that holds its splitter
/// forms a cycle.
#[derive(Debug)]
struct CallbackSizer {
    callback: Mutex<Option<Py<PyAny>>>,
}

impl CallbackSizer {
    fn callback(&self) -> MutexGuard<'_, Option<Py<PyAny>>> {
        self.callback.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Calls the callback on `text` and checks that it returned a size.
    fn call(&self, py: Python<'_>, text: &str) -> PyResult<usize> {
        let callback = self
            .callback()
            .as_ref()
            .map(|callback| callback.clone_ref(py));
        let Some(callback) = callback else {
            return Err(PyRuntimeError::new_err(
                "the sizer callback was cleared by the garbage collector",
            ));
        };
        let value = callback.call1(py, (text,))?;
        size_of(value.bind(py))
    }
}

/// A callback's result as a size: a non-negative `int` (or an object with
/// `__index__`) that fits a `usize`; otherwise an error naming the result.
fn size_of(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    let err = match value.extract::<usize>() {
        Ok(size) => return Ok(size),
        Err(err) => err,
    };
    let mut shown = value
        .repr()
        .map_or_else(|_| "an object".to_owned(), |repr| repr.to_string());
    if shown.chars().count() > 60 {
        shown = shown.chars().take(57).collect::<String>() + "...";
    }
    if err.is_instance_of::<PyOverflowError>(value.py()) {
        let reason = if value.lt(0).unwrap_or(false) {
            "a size cannot be negative"
        } else {
            "too large for a size"
        };
        return Err(PyValueError::new_err(format!(
            "invalid size from the sizer callback: it returned {shown}: {reason}"
        )));
    }
    let type_name = value
        .get_type()
        .name()
        .map_or_else(|_| "?".to_owned(), |name| name.to_string());
    Err(PyTypeError::new_err(format!(
        "invalid size from the sizer callback: it returned {shown} ({type_name}), expected a non-negative int"
    )))
}

impl Sizer for CallbackSizer {
    fn size(&self, text: &str) -> usize {
        // Once the split has failed, its result is discarded: any size will do.
        if split_failed() {
            return 0;
        }
        Python::attach(|py| match self.call(py, text) {
            Ok(size) => size,
            Err(err) => {
                record_error(py, err);
                0
            }
        })
    }
}

thread_local! {
    /// The error slot of the split running on this thread: `None` outside
    /// [`with_error_slot`], `Some(None)` while no callback has failed,
    /// `Some(Some(err))` after one did.
    static SPLIT_ERROR: RefCell<Option<Option<PyErr>>> = const { RefCell::new(None) };
}

/// Runs one split with an error slot of its own on this thread, and returns
/// its result with the first error a callback sizer raised during it. Slots
/// nest (a callback that splits again gets its own).
fn with_error_slot<T>(split: impl FnOnce() -> T) -> (T, Option<PyErr>) {
    /// Restores the enclosing slot, also when `split` unwinds.
    struct Restore(Option<Option<PyErr>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let outer = self.0.take();
            SPLIT_ERROR.with(|slot| *slot.borrow_mut() = outer);
        }
    }
    let outer = SPLIT_ERROR.with(|slot| slot.replace(Some(None)));
    let restore = Restore(outer);
    let result = split();
    let error = SPLIT_ERROR.with(|slot| slot.borrow_mut().take().flatten());
    drop(restore);
    (result, error)
}

/// Whether a callback has failed in the split running on this thread.
fn split_failed() -> bool {
    SPLIT_ERROR.with(|slot| matches!(*slot.borrow(), Some(Some(_))))
}

/// Keeps `err` as the error of the split running on this thread (the
/// first one wins). Outside any split, which does not happen, Python's
/// unraisable hook reports it rather than losing it.
fn record_error(py: Python<'_>, err: PyErr) {
    let unrecorded = SPLIT_ERROR.with(|slot| match &mut *slot.borrow_mut() {
        Some(first @ None) => {
            *first = Some(err);
            None
        }
        Some(Some(_)) => None,
        None => Some(err),
    });
    if let Some(err) = unrecorded {
        err.write_unraisable(py, None);
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

    /// The page as text; binary data is refused, whether it came as `str`
    /// (mostly control characters) or `bytes` (also a binary format's
    /// signature). A few NUL characters are a page's parse errors, not
    /// binary data.
    fn text(&self) -> Result<std::borrow::Cow<'_, str>, NotText> {
        match self {
            Html::Text(text) => encoding::check_text(text).map(|()| text.as_str().into()),
            Html::Bytes(bytes) => encoding::decode_text(bytes, None).map(Into::into),
        }
    }
}

/// A rejected configuration as Python reports it: a `ValueError`, except
/// for a tokenizer file that cannot be read, an `OSError` (the subclass for
/// its kind: `FileNotFoundError`, `PermissionError`, …).
fn config_error(err: ConfigError) -> PyErr {
    match &err {
        ConfigError::TokenizerFile { kind, .. } => {
            let message = err.to_string();
            match kind {
                std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(message),
                std::io::ErrorKind::PermissionDenied => PyPermissionError::new_err(message),
                std::io::ErrorKind::IsADirectory => PyIsADirectoryError::new_err(message),
                _ => PyOSError::new_err(message),
            }
        }
        _ => PyValueError::new_err(err.to_string()),
    }
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
                keyword(field)
            ),
            ConfigError::InvalidValue { key, expected, got } => ConfigError::InvalidValue {
                key: keyword(&key),
                expected,
                got,
            }
            .to_string(),
            ConfigError::Conflict { key, value, needs } => format!(
                "{}={value:?} needs {}",
                keyword(key),
                needs.replacen(' ', "=", 1)
            ),
            other => return config_error(other),
        };
        PyValueError::new_err(message)
    }

    /// Reads `config`, a dict with the camelCase keys of SPEC §2, through
    /// the core's table of keys: no JSON text between.
    fn parse(self, config: &Bound<'_, PyDict>) -> PyResult<SplitterConfig> {
        let value = python_to_json(config.as_any())?;
        SplitterConfig::from_value(&value).map_err(|err| self.error(err))
    }
}

/// The keyword argument a config error names, from the core's table of
/// keys: `neverBreakWithin[2]` → `never_break_within[2]`.
fn keyword(key: &str) -> String {
    let (name, index) = match key.find('[') {
        Some(at) => key.split_at(at),
        None => (key, ""),
    };
    match ConfigKey::named(name) {
        Some(key) => format!("{}{index}", key.snake_name),
        None => snake_case(key),
    }
}

/// The Python name of a camelCase key (a config key, a metadata key):
/// `neverBreakWithin[2]` → `never_break_within[2]`.
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
    /// Parses and splits one page, then turns its chunks into what Python gets.
    fn split_with<T>(&self, html: &Html, convert: fn(&Chunks) -> T) -> Result<T, SplitError> {
        let text = html.text().map_err(SplitError::NotText)?;
        let chunks = match &self.splitter {
            Inner::Named(splitter) => self.backend.split(splitter, &text),
            Inner::Callback(splitter) => self.backend.split(splitter, &text),
        };
        Ok(convert(&chunks.map_err(SplitError::Parse)?))
    }

    fn split<T: Send>(
        &self,
        py: Python<'_>,
        html: &Bound<'_, PyAny>,
        convert: fn(&Chunks) -> T,
    ) -> PyResult<T> {
        let html = Html::extract(html)?;
        let (result, callback_error) =
            py.detach(|| with_error_slot(|| self.split_with(&html, convert)));
        if let Some(err) = callback_error {
            return Err(err);
        }
        result.map_err(|err| PyValueError::new_err(format!("cannot split the document: {err}")))
    }
}

/// Why a page gave no chunks; raised as a `ValueError`.
#[derive(Debug)]
enum SplitError {
    NotText(NotText),
    Parse(ParseError),
}

impl std::fmt::Display for SplitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SplitError::NotText(err) => err.fmt(f),
            SplitError::Parse(err) => err.fmt(f),
        }
    }
}

fn convert(chunks: &Chunks) -> Vec<Chunk> {
    let page = Arc::new(page_facts(chunks));
    chunks
        .iter()
        .map(|chunk| Chunk {
            text: chunk.text.to_owned(),
            start_index: chunk.provenance.start_index,
            end_index: chunk.provenance.end_index,
            heading_path: chunk.provenance.heading_path.to_vec(),
            anchor: chunk.provenance.anchor.map(str::to_owned),
            size: chunk.provenance.size,
            prefix_length: chunk.provenance.prefix_length,
            suffix_length: chunk.provenance.suffix_length,
            page: Arc::clone(&page),
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

    /// A splitter from a JSON-shaped config dict (SPEC §2's camelCase
    /// keys). With `keywords`, the config was built from `HtmlSplitter`'s
    /// keyword arguments, and errors name those (`chunk_size`).
    #[staticmethod]
    #[pyo3(signature = (config, backend, keywords = false))]
    fn from_config(config: &Bound<'_, PyDict>, backend: &str, keywords: bool) -> PyResult<Self> {
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
        config: &Bound<'_, PyDict>,
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
        config: &Bound<'_, PyDict>,
        callback: Py<PyAny>,
        backend: &str,
        keywords: bool,
    ) -> PyResult<Self> {
        let names = names(keywords);
        let backend = self::backend(backend)?;
        let sizer = Arc::new(CallbackSizer {
            callback: Mutex::new(Some(callback)),
        });
        let splitter =
            Splitter::with_sizer(names.parse(config)?, sizer).map_err(|err| names.error(err))?;
        Ok(RustSplitter {
            splitter: Inner::Callback(splitter),
            backend,
        })
    }

    /// Lets the garbage collector see the callback sizer, which may hold
    /// this splitter (a cycle).
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        if let Inner::Callback(splitter) = &self.splitter
            // Held only briefly, with the GIL: never contended here.
            && let Ok(callback) = splitter.sizer().callback.try_lock()
        {
            visit.call(&*callback)?;
        }
        Ok(())
    }

    /// Drops the callback sizer, breaking a cycle through it.
    fn __clear__(&self) {
        if let Inner::Callback(splitter) = &self.splitter {
            let callback = splitter.sizer().callback().take();
            drop(callback);
        }
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
        serde_json::to_string(self.splitter.config())
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
        self.split_many_with(py, &htmls, threads, convert)
    }

    /// `split_many`, each document as the parts of its chunks' LangChain
    /// documents: the page's facts (SPEC §7.1, which yield to a key the
    /// caller's metadata has), and each chunk's text with what its metadata
    /// adds, the core's `PartMetadata`; keys in snake_case (`part_index`,
    /// `site_name`, …).
    #[pyo3(signature = (htmls, threads=None))]
    fn split_many_documents<'py>(
        &self,
        py: Python<'py>,
        htmls: Vec<Bound<'py, PyAny>>,
        threads: Option<usize>,
    ) -> PyResult<Vec<PyPageDocuments<'py>>> {
        let documents = self.split_many_with(py, &htmls, threads, page_documents)?;
        documents
            .into_iter()
            .map(|document| {
                let parts = document
                    .parts
                    .into_iter()
                    .map(|(text, metadata)| Ok((text, snake_case_dict(py, metadata)?)))
                    .collect::<PyResult<_>>()?;
                Ok((facts_dict(py, &document.facts)?, parts))
            })
            .collect()
    }
}

impl RustSplitter {
    /// Splits `htmls` on a pool of `threads` (default: all cores), with the
    /// GIL released, and converts each one's chunks with `convert`; results
    /// in input order.
    fn split_many_with<T: Send>(
        &self,
        py: Python<'_>,
        htmls: &[Bound<'_, PyAny>],
        threads: Option<usize>,
        convert: fn(&Chunks) -> T,
    ) -> PyResult<Vec<T>> {
        let htmls = htmls
            .iter()
            .map(Html::extract)
            .collect::<PyResult<Vec<_>>>()?;
        if threads == Some(0) {
            return Err(PyValueError::new_err(
                "invalid threads 0: it must be at least 1",
            ));
        }
        let split = |html: &Html| -> (Result<T, SplitError>, Option<PyErr>) {
            with_error_slot(|| self.split_with(html, convert))
        };
        let run = || -> Vec<_> {
            if threads == Some(1) || htmls.len() < 2 {
                htmls.iter().map(split).collect()
            } else {
                htmls.par_iter().map(split).collect()
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
        let mut converted = Vec::with_capacity(results.len());
        let mut parse_error = None;
        for (index, (result, callback_error)) in results.into_iter().enumerate() {
            // A callback's exception is raised as it is, before any other.
            if let Some(err) = callback_error {
                return Err(err);
            }
            match result {
                Ok(document) => converted.push(document),
                Err(err) => {
                    parse_error.get_or_insert_with(|| {
                        PyValueError::new_err(format!("cannot split document {index}: {err}"))
                    });
                }
            }
        }
        match parse_error {
            Some(err) => Err(err),
            None => Ok(converted),
        }
    }
}

/// One page's chunks as the parts of LangChain documents.
struct PageDocuments {
    /// The facts the page states.
    facts: PageFacts,
    /// Each chunk's text and what its document adds to its page's
    /// metadata, as the core defines it (`PartMetadata`).
    parts: Vec<(String, Metadata)>,
}

/// [`PageDocuments`] as Python gets them: `(facts, [(text, part), …])`.
type PyPageDocuments<'py> = (Bound<'py, PyDict>, Vec<(String, Bound<'py, PyDict>)>);

fn page_documents(chunks: &Chunks) -> PageDocuments {
    let parts = chunks
        .iter()
        .enumerate()
        .filter_map(|(index, chunk)| {
            let part = chunks.part_metadata(index)?;
            Some((chunk.text.to_owned(), part.to_metadata()))
        })
        .collect();
    PageDocuments {
        facts: page_facts(chunks),
        parts,
    }
}

/// `metadata` as a Python dict, its keys in snake_case as LangChain Python
/// writes metadata (`partIndex` → `part_index`).
fn snake_case_dict(py: Python<'_>, metadata: Metadata) -> PyResult<Bound<'_, PyDict>> {
    let dict = PyDict::new(py);
    for (key, value) in metadata {
        dict.set_item(snake_case(&key), json_to_python(py, value)?)?;
    }
    Ok(dict)
}

/// A JSON value as the Python value `json.loads` would give.
fn json_to_python(py: Python<'_>, value: Value) -> PyResult<Bound<'_, PyAny>> {
    match value {
        Value::Null => Ok(py.None().into_bound(py)),
        Value::Bool(value) => value.into_bound_py_any(py),
        Value::Number(number) => match (number.as_u64(), number.as_i64()) {
            (Some(value), _) => value.into_bound_py_any(py),
            (None, Some(value)) => value.into_bound_py_any(py),
            (None, None) => number.as_f64().unwrap_or(f64::NAN).into_bound_py_any(py),
        },
        Value::String(value) => value.into_bound_py_any(py),
        Value::Array(values) => {
            let items = values
                .into_iter()
                .map(|value| json_to_python(py, value))
                .collect::<PyResult<Vec<_>>>()?;
            PyList::new(py, items)?.into_bound_py_any(py)
        }
        Value::Object(entries) => {
            let dict = PyDict::new(py);
            for (key, value) in entries {
                dict.set_item(key, json_to_python(py, value)?)?;
            }
            dict.into_bound_py_any(py)
        }
    }
}

/// A Python value as JSON, as `json.dumps` reads it: `None`, `bool`, `int`,
/// `float`, `str`, lists and tuples, dicts (a key that is not a `str` is
/// written as `json.dumps` writes it). Anything else is a `ValueError`
/// worded as `json.dumps`'s `TypeError`, which the config reader raised
/// when it was given JSON text.
fn python_to_json(value: &Bound<'_, PyAny>) -> PyResult<Value> {
    if value.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(value) = value.cast::<PyBool>() {
        return Ok(Value::Bool(value.is_true()));
    }
    if value.is_instance_of::<PyInt>() {
        if let Ok(n) = value.extract::<u64>() {
            return Ok(Value::from(n));
        }
        if let Ok(n) = value.extract::<i64>() {
            return Ok(Value::from(n));
        }
        // Beyond 64 bits JSON text was read as a float: so here.
        return float_to_json(value.extract::<f64>()?);
    }
    if value.is_instance_of::<PyFloat>() {
        return float_to_json(value.extract::<f64>()?);
    }
    if let Ok(text) = value.cast::<PyString>() {
        return Ok(Value::String(text.to_cow()?.into_owned()));
    }
    if let Ok(list) = value.cast::<PyList>() {
        return list.iter().map(|item| python_to_json(&item)).collect();
    }
    if let Ok(tuple) = value.cast::<PyTuple>() {
        return tuple.iter().map(|item| python_to_json(&item)).collect();
    }
    if let Ok(dict) = value.cast::<PyDict>() {
        let mut map = serde_json::Map::new();
        for (key, item) in dict.iter() {
            let key = match python_to_json(&key)? {
                Value::String(key) => key,
                Value::Array(_) | Value::Object(_) => {
                    return Err(PyValueError::new_err(format!(
                        "invalid configuration: keys must be str, int, float, bool or None, not {}",
                        key.get_type().name()?
                    )));
                }
                other => other.to_string(),
            };
            map.insert(key, python_to_json(&item)?);
        }
        return Ok(Value::Object(map));
    }
    Err(PyValueError::new_err(format!(
        "invalid configuration: Object of type {} is not JSON serializable",
        value.get_type().name()?
    )))
}

/// A float as JSON: NaN and the infinities have no JSON form.
fn float_to_json(value: f64) -> PyResult<Value> {
    serde_json::Number::from_f64(value)
        .map(Value::Number)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "invalid configuration: {value} is not a JSON number"
            ))
        })
}

/// The config keys of SPEC §2 as (snake_case, camelCase) pairs, from the
/// core's table: the keyword arguments of `HtmlSplitter` and their keys.
#[pyfunction]
fn config_keys() -> Vec<(&'static str, &'static str)> {
    CONFIG_KEYS
        .iter()
        .map(|key| (key.snake_name, key.name))
        .collect()
}

/// The tiktoken encoding an OpenAI model counts in (`gpt-4o` →
/// `o200k_base`), or `None` for a model the table does not know.
#[pyfunction]
fn tiktoken_encoding_for_model(model: &str) -> Option<&'static str> {
    Tiktoken::encoding_for_model(model)
}

/// The extension module.
#[pymodule]
fn _htmlsplit(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    module.add_function(wrap_pyfunction!(tiktoken_encoding_for_model, module)?)?;
    module.add_function(wrap_pyfunction!(config_keys, module)?)?;
    module.add_class::<Chunk>()?;
    module.add_class::<RustSplitter>()?;
    Ok(())
}
