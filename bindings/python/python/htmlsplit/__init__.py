"""Structure-aware HTML to plain-text chunks for retrieval-augmented generation.

``htmlsplit`` parses a page once, walks it into its canonical text and cuts
that text into chunks that follow the document's structure (sections,
paragraphs, list items, table cells) and never exceed the hard size cap
``max_chunk_size``. Set it: without it there is no cap and ``chunk_size``
is only a target. The work is done in Rust; the GIL is released while it
runs.

>>> from htmlsplit import HtmlSplitter
>>> splitter = HtmlSplitter(30, max_chunk_size=60, separators=["h2"])
>>> splitter.split_text(
...     "<h1>Guide</h1><p>Intro.</p><h2>Install</h2><p>Run the installer.</p>"
...     "<h2>Use</h2><p>Open a page and split it.</p>"
... )
['Guide\\nIntro.', 'Install\\nRun the installer.', 'Use\\nOpen a page and split it.']
"""

from __future__ import annotations

import json
import os
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence, Union

from htmlsplit._htmlsplit import (
    Chunk,
    RustSplitter,
    __version__,
    config_keys,
    tiktoken_encoding_for_model,
)

__all__ = ["Chunk", "HtmlSplitter", "BACKENDS", "__version__"]

#: The parser backends compiled into this build.
BACKENDS = tuple(RustSplitter.backends())

Html = Union[str, bytes, bytearray, memoryview]

# Keyword arguments (Python names) and their JSON config keys, from the
# core's table of keys; chunk_size is positional, and chunk_overlap (only 0)
# is no keyword argument.
_CONFIG_KEYS = {
    snake: camel for snake, camel in config_keys() if snake not in ("chunk_size", "chunk_overlap")
}


# Defaults left out of the config, so that it stays as short as a user would write it.
_DEFAULTS = {
    "whitespace": "normalize",
    "format": "text",
    "links": "text",
    "content": "all",
    "heading_context": False,
    "sizer": "characters",
    "page_metadata": "basic",
}


def _config(chunk_size: int, kwargs: Mapping[str, Any]) -> dict:
    """The JSON-shaped config (camelCase keys) of ``HtmlSplitter``'s keyword arguments."""
    config: dict = {"chunkSize": chunk_size}
    for name, value in kwargs.items():
        key = _CONFIG_KEYS.get(name)
        if key is None:
            raise TypeError(f"HtmlSplitter got an unexpected keyword argument {name!r}")
        if value is None or _DEFAULTS.get(name) == value:
            continue
        if name in ("separators", "never_break_within", "include", "exclude"):
            if isinstance(value, str):
                raise ValueError(
                    f"invalid {name}: expected a sequence of CSS selectors, got the string {value!r}"
                )
            value = list(value)
            if not value:
                continue
        config[key] = value
    return config


class HtmlSplitter:
    """Splits HTML into chunks of at most ``max_chunk_size`` (in the sizer's unit).

    Args:
        chunk_size: the soft target size of a chunk.
        max_chunk_size: the hard cap (default: unbounded: set it, or a long
            paragraph is one chunk however long).
        separators: CSS selectors of preferred split points, e.g. ``["h2", "p"]``.
        never_break_within: CSS selectors of subtrees kept whole while they fit.
        backend: ``"html5ever"`` (the HTML standard's parser), ``"scraper"`` or ``"tl"``.
        whitespace: ``"normalize"`` (as a reader sees it, the default) or ``"preserve"``
            (as authored).
        format: ``"text"`` or ``"markdown"`` (headings, lists, fenced code, pipe tables).
        links: in Markdown, ``"text"`` (a link is its text) or ``"inline"`` (``[text](href)``).
        include: CSS selectors of the content to split; only the outermost matches count.
        exclude: CSS selectors of elements left out with everything inside.
        content: ``"all"`` (the whole page, the default) or ``"main"`` (only the page's
            main content: the article or manual page, without menus, banners, share bars,
            related links, comments and footers).
        heading_context: begin each chunk with a line naming its heading path (counted in
            its size).
        sizer: ``"characters"``, ``"bytes"``, ``"utf16"``, ``"tiktoken:<encoding>"`` or
            ``"huggingface:<path to tokenizer.json>"``.
        page_metadata: which facts about the page each chunk carries (its
            ``page_metadata``, and its LangChain document's metadata): ``"basic"`` (the
            default: ``title``, ``description``, ``language``), ``"full"`` (also ``author``,
            ``published``, ``site_name``, ``url``) or ``"none"``. A fact the page does not
            state is left out.

    Raises:
        ValueError: a setting is invalid; the message names the keyword argument and the value.
        OSError: a tokenizer file cannot be read.
    """

    def __init__(
        self,
        chunk_size: int,
        *,
        max_chunk_size: Optional[int] = None,
        separators: Sequence[str] = (),
        never_break_within: Sequence[str] = (),
        backend: str = "html5ever",
        whitespace: str = "normalize",
        format: str = "text",
        links: str = "text",
        include: Sequence[str] = (),
        exclude: Sequence[str] = (),
        content: str = "all",
        heading_context: bool = False,
        sizer: str = "characters",
        page_metadata: str = "basic",
    ) -> None:
        config = _config(
            chunk_size,
            {
                "max_chunk_size": max_chunk_size,
                "separators": separators,
                "never_break_within": never_break_within,
                "whitespace": whitespace,
                "format": format,
                "links": links,
                "include": include,
                "exclude": exclude,
                "content": content,
                "heading_context": heading_context,
                "sizer": sizer,
                "page_metadata": page_metadata,
            },
        )
        self._init(RustSplitter.from_config(config, backend, keywords=True))

    def _init(self, inner: RustSplitter) -> None:
        self._inner = inner

    @classmethod
    def _wrap(cls, inner: RustSplitter) -> "HtmlSplitter":
        splitter = cls.__new__(cls)
        HtmlSplitter._init(splitter, inner)
        return splitter

    @classmethod
    def from_config(cls, config: Mapping[str, Any], *, backend: str = "html5ever") -> "HtmlSplitter":
        """A splitter from a JSON-shaped config (``chunkSize``, ``maxChunkSize``, …).

        >>> HtmlSplitter.from_config({"chunkSize": 100, "maxChunkSize": 150, "separators": ["h2"]}).max_chunk_size
        150
        """
        if not isinstance(config, Mapping):
            raise ValueError(f"invalid configuration: expected a dict, got {type(config).__name__}")
        return cls._wrap(RustSplitter.from_config(dict(config), backend))

    @classmethod
    def from_tiktoken_encoding(cls, encoding: str, chunk_size: int, **kwargs: Any) -> "HtmlSplitter":
        """Sizes in the tokens of an OpenAI encoding (``cl100k_base``, ``o200k_base``, …).

        The encodings ship inside the extension: nothing is downloaded.
        """
        return cls(chunk_size, sizer=f"tiktoken:{encoding}", **kwargs)

    @classmethod
    def from_tiktoken_model(cls, model: str, chunk_size: int, **kwargs: Any) -> "HtmlSplitter":
        """Sizes in the tokens of an OpenAI model's encoding (``gpt-4o``: ``o200k_base``).

        >>> HtmlSplitter.from_tiktoken_model("gpt-4o", 100, max_chunk_size=150).config["sizer"]
        'tiktoken:o200k_base'
        """
        return cls(chunk_size, sizer=f"tiktoken:{cls.tiktoken_encoding_for_model(model)}", **kwargs)

    @staticmethod
    def tiktoken_encoding_for_model(model: str) -> str:
        """The tiktoken encoding an OpenAI model counts in, as ``tiktoken.encoding_for_model`` names it.

        Raises:
            ValueError: no encoding is known for the model.
        """
        encoding = tiktoken_encoding_for_model(model)
        if encoding is None:
            raise ValueError(f"unknown OpenAI model {model!r}: no tiktoken encoding is known for it")
        return encoding

    @classmethod
    def from_huggingface_tokenizer(cls, tokenizer: Any, chunk_size: int, **kwargs: Any) -> "HtmlSplitter":
        """Sizes in the tokens of a Hugging Face tokenizer.

        ``tokenizer`` is a ``tokenizers.Tokenizer``, its JSON (a ``str`` starting
        with ``{``), or the path of a ``tokenizer.json`` file. Special tokens are
        not added; truncation and padding are off.
        """
        if "sizer" in kwargs:
            raise TypeError("from_huggingface_tokenizer() sets the sizer itself")
        if hasattr(tokenizer, "to_str"):
            tokenizer_json = tokenizer.to_str()
        elif isinstance(tokenizer, str) and tokenizer.lstrip().startswith("{"):
            tokenizer_json = tokenizer
        elif isinstance(tokenizer, (str, os.PathLike)):
            # Read here, so that a missing or unreadable file is an OSError naming it.
            with open(tokenizer, encoding="utf-8") as f:
                tokenizer_json = f.read()
        else:
            raise ValueError(
                "invalid tokenizer: expected a tokenizers.Tokenizer, its JSON or a path, "
                f"got {type(tokenizer).__name__}"
            )
        backend = kwargs.pop("backend", "html5ever")
        config = _config(chunk_size, kwargs)
        inner = RustSplitter.with_huggingface_json(config, tokenizer_json, backend, keywords=True)
        return cls._wrap(inner)

    @classmethod
    def from_callback(cls, callback: Callable[[str], int], chunk_size: int, **kwargs: Any) -> "HtmlSplitter":
        """Sizes with a Python function from text to size (an ``int`` ≥ 0).

        The function is called with the GIL held, so it serialises the work of
        several threads; prefer a built-in sizer where one fits. An exception
        it raises is raised by the call that was splitting.
        """
        if not callable(callback):
            raise ValueError(f"invalid callback: {callback!r} is not callable")
        if "sizer" in kwargs:
            raise TypeError("from_callback() sets the sizer itself")
        backend = kwargs.pop("backend", "html5ever")
        config = _config(chunk_size, kwargs)
        inner = RustSplitter.with_callback(config, callback, backend, keywords=True)
        return cls._wrap(inner)

    @property
    def chunk_size(self) -> int:
        """The soft target size."""
        return self._inner.chunk_size

    @property
    def max_chunk_size(self) -> Optional[int]:
        """The hard cap, or ``None`` when unbounded."""
        return self._inner.max_chunk_size

    @property
    def backend(self) -> str:
        """The parser backend's name."""
        return self._inner.backend

    @property
    def config(self) -> dict:
        """The configuration, with the JSON config's camelCase keys."""
        return json.loads(self._inner.config_json())

    def split_text(self, html: Html) -> list:
        """The chunks' texts. ``bytes`` are decoded as a browser would (BOM, ``<meta charset>``, UTF-8).

        Raises:
            ValueError: ``html`` is binary data, not text (bytes that begin
                with a binary format's signature, such as a PNG image's, or
                mostly control characters in the first 8 KiB), or the parser
                cannot read it. A few NUL characters are not binary data.
        """
        return self._inner.split_text(html)

    def chunks(self, html: Html) -> list:
        """The chunks with their provenance: a list of :class:`Chunk`."""
        return self._inner.chunks(html)

    def split_many(self, htmls: Iterable[Html], threads: Optional[int] = None) -> list:
        """Splits many documents in parallel (``threads`` workers, default: all cores).

        Returns one list of :class:`Chunk` per document, in input order.
        """
        if threads is not None and (not isinstance(threads, int) or threads < 1):
            raise ValueError(f"invalid threads {threads!r}: it must be a positive integer")
        return self._inner.split_many(list(htmls), threads)

    def split_many_documents(self, htmls: Iterable[Html], threads: Optional[int] = None) -> list:
        """Splits many documents as :meth:`split_many` does, each chunk as a LangChain document's parts.

        Returns, per document, one ``(page_content, metadata)`` pair per chunk: ``metadata``
        is what the chunk's document adds to its page's metadata, with the keys the Rust
        core defines for every binding and the CLI, in snake_case: ``part_index``,
        ``total_parts``, ``start_index``, ``end_index``, ``heading_path``, ``anchor``,
        ``size``, ``prefix_length``, ``suffix_length``, then the facts the page states
        (``page_metadata``: ``title``, ``description``, ``language`` by default).
        Merged into metadata of your own, the facts yield to your keys of the same
        name, as in :mod:`htmlsplit.langchain`.

        >>> splitter = HtmlSplitter(100)
        >>> [(text, metadata)] = splitter.split_many_documents(["<h1 id=top>Title</h1>"])[0]
        >>> text, metadata["part_index"], metadata["heading_path"], metadata["anchor"]
        ('Title', 0, ['Title'], 'top')
        """
        return [
            [(text, {**part, **facts}) for text, part in parts]
            for facts, parts in self._split_many_document_parts(htmls, threads)
        ]

    def _split_many_document_parts(self, htmls: Iterable[Html], threads: Optional[int] = None) -> list:
        """Per document, its page's facts and its ``(page_content, part metadata)`` pairs, apart.

        The facts yield to the caller's metadata and the part metadata overrides it;
        :mod:`htmlsplit.langchain` merges them so.
        """
        if threads is not None and (not isinstance(threads, int) or threads < 1):
            raise ValueError(f"invalid threads {threads!r}: it must be a positive integer")
        return self._inner.split_many_documents(list(htmls), threads)

    def __repr__(self) -> str:
        return f"HtmlSplitter.from_config({self.config!r}, backend={self.backend!r})"
