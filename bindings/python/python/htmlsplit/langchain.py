"""A LangChain text splitter for HTML: ``HtmlTextSplitter``.

Install with ``pip install "htmlsplit[langchain]"``. It is a
``langchain_text_splitters.TextSplitter``, so ``split_text``,
``create_documents``, ``split_documents`` and ``transform_documents`` work
as everywhere in LangChain; each chunk Document carries its input's metadata
plus ``part_index``, ``total_parts``, ``start_index``, ``end_index`` (the
chunk's span in the page's canonical text, not in the HTML),
``heading_path``, ``anchor``, ``size`` (in the sizer's unit),
``prefix_length`` and ``suffix_length`` (how many characters at the start
and at the end of the chunk's text are carried context): the keys the Rust
core defines for the CLI and every binding, in snake_case. They replace an
input key of the same name. Then the facts the page states (``page_metadata=``:
``title``, ``description`` and ``language`` by default; ``"full"`` adds
``author``, ``published``, ``site_name`` and ``url``; ``"none"``, none), each
only where the input has no key of that name: a ``title`` of your own wins.

>>> from htmlsplit.langchain import HtmlTextSplitter
>>> splitter = HtmlTextSplitter(chunk_size=30, max_chunk_size=60, separators=["h2"])
>>> docs = splitter.create_documents(
...     ["<h2>Install</h2><p>Run the installer.</p><h2>Use</h2><p>Open a page.</p>"],
...     metadatas=[{"source": "guide.html"}],
... )
>>> [(d.page_content, d.metadata["source"], d.metadata["part_index"]) for d in docs]
[('Install\\nRun the installer.', 'guide.html', 0), ('Use\\nOpen a page.', 'guide.html', 1)]
"""

from __future__ import annotations

import copy
from typing import Any, Optional, Sequence

try:
    from langchain_core.documents import Document
    from langchain_text_splitters import TextSplitter
except ImportError as err:  # pragma: no cover - exercised only without the extra
    raise ImportError(
        "htmlsplit.langchain needs langchain-text-splitters: pip install 'htmlsplit[langchain]'"
    ) from err

from htmlsplit import HtmlSplitter

__all__ = ["HtmlTextSplitter"]


class HtmlTextSplitter(TextSplitter):
    """Splits HTML into plain-text chunks that follow the page's structure.

    Takes the keyword arguments of :class:`htmlsplit.HtmlSplitter`
    (``chunk_size``, ``max_chunk_size``, ``separators``,
    ``never_break_within``, ``backend``, ``whitespace``, ``format``, ``links``,
    ``include``, ``exclude``, ``content``, ``heading_context``, ``sizer``,
    ``page_metadata``; ``None``
    or left out: ``HtmlSplitter``'s default, and ``chunk_size`` 4000), or an
    existing splitter as ``splitter=`` and none of those. ``max_chunk_size``
    is the hard cap and, as in ``HtmlSplitter``, unbounded unless set: set
    it, e.g. ``HtmlTextSplitter(chunk_size=1000, max_chunk_size=1500)``. ``chunk_overlap`` is
    accepted only as 0; ``length_function`` is replaced by ``sizer`` (use
    :meth:`from_callback` for a Python function).

    Every chunk Document's metadata has ``start_index`` and ``end_index``: the
    chunk's span in the page's *canonical text* (the text the splitter makes
    of the HTML, which the CLI's ``--documents`` writes), in code points, not
    an offset into the HTML. They are always there, so LangChain's
    ``add_start_index`` (an offset found by searching the input for the
    chunk) changes nothing: it is accepted and ignored.
    """

    def __init__(
        self,
        chunk_size: Optional[int] = None,
        *,
        max_chunk_size: Optional[int] = None,
        separators: Optional[Sequence[str]] = None,
        never_break_within: Optional[Sequence[str]] = None,
        backend: Optional[str] = None,
        whitespace: Optional[str] = None,
        format: Optional[str] = None,
        links: Optional[str] = None,
        include: Optional[Sequence[str]] = None,
        exclude: Optional[Sequence[str]] = None,
        content: Optional[str] = None,
        heading_context: Optional[bool] = None,
        sizer: Optional[str] = None,
        page_metadata: Optional[str] = None,
        chunk_overlap: int = 0,
        splitter: Optional[HtmlSplitter] = None,
        **kwargs: Any,
    ) -> None:
        if chunk_overlap != 0:
            raise ValueError(f"invalid chunk_overlap {chunk_overlap}: chunk overlap is not supported")
        if "length_function" in kwargs:
            raise ValueError(
                "invalid length_function: sizes come from `sizer` "
                "(or HtmlTextSplitter.from_callback for a Python function)"
            )
        given = {
            name: value
            for name, value in (
                ("max_chunk_size", max_chunk_size),
                ("separators", separators),
                ("never_break_within", never_break_within),
                ("backend", backend),
                ("whitespace", whitespace),
                ("format", format),
                ("links", links),
                ("include", include),
                ("exclude", exclude),
                ("content", content),
                ("heading_context", heading_context),
                ("sizer", sizer),
                ("page_metadata", page_metadata),
            )
            if value is not None
        }
        if splitter is None:
            splitter = HtmlSplitter(4000 if chunk_size is None else chunk_size, **given)
        elif chunk_size is not None or given:
            names = ", ".join(["chunk_size"] * (chunk_size is not None) + list(given))
            raise TypeError(
                f"HtmlTextSplitter got splitter= and {names}: the splitter has its settings; "
                "pass one or the other"
            )
        super().__init__(chunk_size=splitter.chunk_size, chunk_overlap=0, **kwargs)
        self._splitter = splitter

    @classmethod
    def from_splitter(cls, splitter: HtmlSplitter, **kwargs: Any) -> "HtmlTextSplitter":
        """Wraps an existing :class:`htmlsplit.HtmlSplitter`."""
        return cls(splitter=splitter, **kwargs)

    @classmethod
    def from_tiktoken_encoder(  # type: ignore[override]
        cls,
        encoding_name: str = "cl100k_base",
        model_name: Optional[str] = None,
        chunk_size: int = 4000,
        **kwargs: Any,
    ) -> "HtmlTextSplitter":
        """Sizes in the tokens of an OpenAI encoding, counted in Rust (no ``tiktoken`` needed).

        As in LangChain, ``model_name`` (``"gpt-4o"``) picks the model's encoding
        (``o200k_base``) and then ``encoding_name`` is not used.
        """
        if model_name is not None:
            encoding_name = HtmlSplitter.tiktoken_encoding_for_model(model_name)
        return cls(chunk_size, sizer=f"tiktoken:{encoding_name}", **kwargs)

    @classmethod
    def from_huggingface_tokenizer(  # type: ignore[override]
        cls, tokenizer: Any, chunk_size: int = 4000, **kwargs: Any
    ) -> "HtmlTextSplitter":
        """Sizes in the tokens of a Hugging Face ``tokenizers.Tokenizer`` (or its JSON, or a path)."""
        splitter_kwargs = {k: kwargs.pop(k) for k in list(kwargs) if k in _SPLITTER_KWARGS}
        splitter = HtmlSplitter.from_huggingface_tokenizer(tokenizer, chunk_size, **splitter_kwargs)
        return cls(splitter=splitter, **kwargs)

    @classmethod
    def from_callback(cls, callback: Any, chunk_size: int = 4000, **kwargs: Any) -> "HtmlTextSplitter":
        """Sizes with a Python function from text to size."""
        splitter_kwargs = {k: kwargs.pop(k) for k in list(kwargs) if k in _SPLITTER_KWARGS}
        splitter = HtmlSplitter.from_callback(callback, chunk_size, **splitter_kwargs)
        return cls(splitter=splitter, **kwargs)

    @property
    def splitter(self) -> HtmlSplitter:
        """The underlying :class:`htmlsplit.HtmlSplitter`."""
        return self._splitter

    def split_text(self, text: str) -> list[str]:
        """The chunks' texts of one HTML page."""
        return self._splitter.split_text(text)

    def create_documents(
        self, texts: list[str], metadatas: Optional[list[dict]] = None
    ) -> list[Document]:
        """One Document per chunk; the pages are split in parallel.

        Each Document's metadata is its input's, then the chunk's part metadata (which
        replaces an input key of the same name), then the page's facts (which do not).
        """
        texts = list(texts)
        if metadatas is not None and len(metadatas) != len(texts):
            raise ValueError(
                f"invalid metadatas: {len(metadatas)} metadata dicts for {len(texts)} texts"
            )
        documents = []
        for i, (facts, parts) in enumerate(self._splitter._split_many_document_parts(texts)):
            base = metadatas[i] if metadatas is not None else {}
            for text, part_metadata in parts:
                metadata = copy.deepcopy(base)
                metadata.update(part_metadata)
                for key, value in facts.items():
                    metadata.setdefault(key, value)
                documents.append(Document(page_content=text, metadata=metadata))
        return documents


_SPLITTER_KWARGS = frozenset(
    {
        "max_chunk_size",
        "separators",
        "never_break_within",
        "backend",
        "whitespace",
        "format",
        "links",
        "include",
        "exclude",
        "content",
        "heading_context",
        "page_metadata",
    }
)

