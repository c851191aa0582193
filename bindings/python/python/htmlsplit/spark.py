"""Split HTML held in a Spark DataFrame, one output row per chunk.

Install with ``pip install "htmlsplit[spark]"`` on the driver and make the
package importable by the executors (see the repository's docs/python.md:
``spark-submit --py-files`` or an environment with the wheel installed).

Each executor splits whole Arrow batches in Rust (``mapInArrow``), in
parallel across the batch's documents.
"""

from __future__ import annotations

from typing import Any, Iterator

__all__ = ["split_html", "CHUNK_SCHEMA", "PAGE_COLUMNS"]

#: The columns of the facts about the page (``Chunk.page_metadata``), in order;
#: a fact the page does not state, or ``page_metadata=`` does not ask for, is null.
PAGE_COLUMNS = ("title", "description", "language", "author", "published", "site_name", "url")

#: The schema of the DataFrame :func:`split_html` returns (a Spark DDL string).
CHUNK_SCHEMA = (
    "source string, part_index int, total_parts int, text string, "
    "heading_path array<string>, anchor string, start_index long, end_index long, size long, "
    "prefix_length long, suffix_length long, "
    + ", ".join(f"{name} string" for name in PAGE_COLUMNS)
)


def _split_batches(batches: Iterator[Any], kwargs: dict, threads: Any, source_name: str):
    """The ``mapInArrow`` function: Arrow batches of pages (``source``, ``html``) in, Arrow batches of chunks out.

    A null or empty page gives no rows; a page that cannot be split fails the
    task with an error naming its source (``source_name`` is the column's
    name in the caller's DataFrame).
    """
    import pyarrow as pa

    from htmlsplit import HtmlSplitter

    chunk_size = kwargs.pop("chunk_size")
    splitter = HtmlSplitter(chunk_size, **kwargs)
    schema = pa.schema(
        [
            ("source", pa.string()),
            ("part_index", pa.int32()),
            ("total_parts", pa.int32()),
            ("text", pa.string()),
            ("heading_path", pa.list_(pa.string())),
            ("anchor", pa.string()),
            ("start_index", pa.int64()),
            ("end_index", pa.int64()),
            ("size", pa.int64()),
            ("prefix_length", pa.int64()),
            ("suffix_length", pa.int64()),
            *((name, pa.string()) for name in PAGE_COLUMNS),
        ]
    )
    for batch in batches:
        # Null, "" and b"" have no text: no chunks, so no rows.
        pages = [
            (source, html)
            for source, html in zip(batch.column("source").to_pylist(), batch.column("html").to_pylist())
            if html
        ]
        columns: dict = {name: [] for name in schema.names}
        for (source, _), chunks in zip(pages, _split_pages(splitter, pages, threads, source_name)):
            total = len(chunks)
            # The same on every chunk of the page.
            page = chunks[0].page_metadata if chunks else {}
            for part, chunk in enumerate(chunks):
                columns["source"].append(source)
                columns["part_index"].append(part)
                columns["total_parts"].append(total)
                columns["text"].append(chunk.text)
                columns["heading_path"].append(list(chunk.heading_path))
                columns["anchor"].append(chunk.anchor)
                columns["start_index"].append(chunk.start_index)
                columns["end_index"].append(chunk.end_index)
                columns["size"].append(chunk.size)
                columns["prefix_length"].append(chunk.prefix_length)
                columns["suffix_length"].append(chunk.suffix_length)
                for name in PAGE_COLUMNS:
                    columns[name].append(page.get(name))
        yield pa.RecordBatch.from_pydict(columns, schema=schema)


def _split_pages(splitter: Any, pages: list, threads: Any, source_name: str) -> list:
    """The chunks of each ``(source, html)`` page; an error names the page's source."""
    try:
        return splitter.split_many([html for _, html in pages], threads)
    except (ValueError, TypeError):
        # Find the page: split_many only knows its position in the batch.
        for source, html in pages:
            try:
                splitter.chunks(html)
            except (ValueError, TypeError) as err:
                raise type(err)(f"cannot split the page with {source_name} {source!r}: {err}") from err
        raise


def split_html(
    df: Any,
    *,
    html_col: str = "html",
    source_col: str = "source",
    threads: int = 1,
    **splitter_kwargs: Any,
) -> Any:
    """Splits the HTML in ``df[html_col]``; returns one row per chunk (:data:`CHUNK_SCHEMA`).

    ``splitter_kwargs`` are :class:`htmlsplit.HtmlSplitter`'s (``chunk_size``
    is required). The splitter is checked on the driver first, so a bad
    setting raises ``ValueError`` here rather than in an executor.
    ``html_col`` may hold strings or bytes (decoded as a browser would).
    Each Spark task splits its batches with ``threads`` threads (default 1:
    Spark already runs one task per core). The facts about each page are
    columns of their own (:data:`PAGE_COLUMNS`), null where the page does not
    state one or ``page_metadata`` (``"basic"`` by default: ``title``,
    ``description``, ``language``; ``"full"``: all; ``"none"``) leaves it out.

    A page that is null or empty, or has no text, gives no rows (an anti-join
    of ``df`` with the result on the source finds them); it never fails the
    job. A page that cannot be split fails the job with an error naming its
    ``source_col``.

    >>> chunks = split_html(pages, chunk_size=2000, max_chunk_size=3000)  # doctest: +SKIP
    """
    from htmlsplit import HtmlSplitter

    if "chunk_size" not in splitter_kwargs:
        raise ValueError("invalid splitter arguments: chunk_size is required")
    for col in (html_col, source_col):
        if col not in df.columns:
            raise ValueError(f"invalid column {col!r}: the DataFrame has {df.columns}")
    kwargs = dict(splitter_kwargs)
    HtmlSplitter(kwargs["chunk_size"], **{k: v for k, v in kwargs.items() if k != "chunk_size"})

    def run(batches: Iterator[Any]) -> Iterator[Any]:
        return _split_batches(batches, dict(kwargs), threads, source_col)

    pages = df.select(df[source_col].cast("string").alias("source"), df[html_col].alias("html"))
    return pages.mapInArrow(run, CHUNK_SCHEMA)
