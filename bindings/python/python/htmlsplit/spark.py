"""Split HTML held in a Spark DataFrame, one output row per chunk.

Install with ``pip install "htmlsplit[spark]"`` on the driver and make the
package importable by the executors (see the README: ``spark-submit
--py-files`` or an environment with the wheel installed).

Each executor splits whole Arrow batches in Rust (``mapInArrow``), in
parallel across the batch's documents.
"""

from __future__ import annotations

from typing import Any, Iterator

__all__ = ["split_html", "CHUNK_SCHEMA"]

#: The schema of the DataFrame :func:`split_html` returns (a Spark DDL string).
CHUNK_SCHEMA = (
    "source string, part_index int, total_parts int, text string, "
    "heading_path array<string>, anchor string, start_index long, end_index long, size long"
)


def _split_batches(batches: Iterator[Any], html_col: str, source_col: str, kwargs: dict, threads: Any):
    """The ``mapInArrow`` function: Arrow batches of pages in, Arrow batches of chunks out."""
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
        ]
    )
    for batch in batches:
        htmls = batch.column(html_col).to_pylist()
        sources = batch.column(source_col).to_pylist()
        missing = [i for i, html in enumerate(htmls) if html is None]
        if missing:
            raise ValueError(
                f"invalid {html_col}: row with {source_col} {sources[missing[0]]!r} is null"
            )
        columns: dict = {name: [] for name in schema.names}
        for source, chunks in zip(sources, splitter.split_many(htmls, threads)):
            total = len(chunks)
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
        yield pa.RecordBatch.from_pydict(columns, schema=schema)


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
    Spark already runs one task per core).

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
        return _split_batches(batches, "html", "source", dict(kwargs), threads)

    pages = df.select(df[source_col].cast("string").alias("source"), df[html_col].alias("html"))
    return pages.mapInArrow(run, CHUNK_SCHEMA)
