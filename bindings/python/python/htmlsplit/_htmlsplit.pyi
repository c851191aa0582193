"""The Rust extension of htmlsplit. Use :class:`htmlsplit.HtmlSplitter` rather than this module."""

from typing import Any, Callable, Optional, Sequence, Union

__version__: str

def tiktoken_encoding_for_model(model: str) -> Optional[str]:
    """The tiktoken encoding an OpenAI model counts in (``"gpt-4o"`` → ``"o200k_base"``), or ``None``."""

def config_keys() -> list[tuple[str, str]]:
    """The config keys as (snake_case, camelCase) pairs, from the core's table of keys."""

_Html = Union[str, bytes, bytearray, memoryview]

class Chunk:
    """One chunk and where it came from."""

    @property
    def text(self) -> str:
        """The chunk's text: a slice of the document's canonical text, with what it
        carries (its heading path, a table's header, a code fence) before and after."""
    @property
    def start_index(self) -> int:
        """Where the chunk starts in the document's canonical text (not in the HTML), in code points.

        The canonical text is the text the splitter makes of the page (the CLI's
        ``--documents`` writes it): ``canonical[start_index:end_index]`` is ``text``
        less its first ``prefix_length`` and last ``suffix_length`` characters.
        """
    @property
    def end_index(self) -> int:
        """Where the chunk ends in the canonical text, in code points."""
    @property
    def heading_path(self) -> list[str]:
        """The headings of the sections enclosing the chunk's start, outermost first."""
    @property
    def anchor(self) -> Optional[str]:
        """An element ``id`` at or just before the chunk's start (``page.html#anchor``)."""
    @property
    def size(self) -> int:
        """The chunk's size in the splitter's unit."""
    @property
    def prefix_length(self) -> int:
        """How many characters at the start of ``text`` are carried context (0 when none)."""
    @property
    def suffix_length(self) -> int:
        """How many characters at the end of ``text`` are carried context (0 when none)."""
    @property
    def page_metadata(self) -> dict[str, str]:
        """The facts the page states, the same on each of its chunks (a new dict each time).

        Keys, in this order, each only when the page states it: ``title``,
        ``description``, ``language`` (with ``page_metadata="basic"``, the
        default), ``author``, ``published``, ``site_name``, ``url`` (with
        ``"full"``); none with ``"none"``.
        """
    def __eq__(self, other: object) -> bool: ...

class RustSplitter:
    @staticmethod
    def backends() -> list[str]: ...
    @staticmethod
    def from_config(config: dict[str, Any], backend: str, keywords: bool = False) -> "RustSplitter": ...
    @staticmethod
    def with_huggingface_json(
        config: dict[str, Any], tokenizer: str, backend: str, keywords: bool = False
    ) -> "RustSplitter": ...
    @staticmethod
    def with_callback(
        config: dict[str, Any], callback: Callable[[str], int], backend: str, keywords: bool = False
    ) -> "RustSplitter": ...
    @property
    def chunk_size(self) -> int: ...
    @property
    def max_chunk_size(self) -> Optional[int]: ...
    @property
    def backend(self) -> str: ...
    def config_json(self) -> str: ...
    def split_text(self, html: _Html) -> list[str]: ...
    def chunks(self, html: _Html) -> list[Chunk]: ...
    def split_many(self, htmls: Sequence[_Html], threads: Optional[int]) -> list[list[Chunk]]: ...
    def split_many_documents(
        self, htmls: Sequence[_Html], threads: Optional[int]
    ) -> list[tuple[dict[str, str], list[tuple[str, dict[str, Any]]]]]:
        """Per document, the facts its page states (``Chunk.page_metadata``), which yield
        to the caller's metadata, and each chunk's text with what its LangChain document
        adds to the page's metadata: the core's keys in snake_case (``part_index``,
        ``total_parts``, ``start_index``, ``end_index``, ``heading_path``, ``anchor``,
        ``size``, ``prefix_length``, ``suffix_length``)."""
