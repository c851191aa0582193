"""The Spark entry point's batch function, without Spark: null, empty and failing pages."""

from __future__ import annotations

import pytest

pa = pytest.importorskip("pyarrow")

from htmlsplit import HtmlSplitter  # noqa: E402
from htmlsplit.spark import _split_batches  # noqa: E402


def _rows(batches, source_name="url", **kwargs):
    kwargs.setdefault("chunk_size", 100)
    out = []
    for batch in _split_batches(iter(batches), kwargs, 1, source_name):
        out.extend(batch.to_pylist())
    return out


def test_null_and_empty_pages_give_no_rows():
    texts = pa.RecordBatch.from_pydict(
        {"source": ["a", "null", "empty", "blank", "b"], "html": ["<p>a</p>", None, "", "<p>  </p>", "<p>b</p>"]}
    )
    binary = pa.RecordBatch.from_pydict(
        {"source": ["c", "null", "empty"], "html": [b"<p>c</p>", None, b""]},
        schema=pa.schema([("source", pa.string()), ("html", pa.binary())]),
    )
    rows = _rows([texts, binary])
    assert [(row["source"], row["text"]) for row in rows] == [("a", "a"), ("b", "b"), ("c", "c")]
    assert _rows([pa.RecordBatch.from_pydict({"source": ["x"], "html": pa.array([None], pa.string())})]) == []


def test_a_page_that_cannot_be_split_is_named_by_its_source(monkeypatch):
    chunks = HtmlSplitter.chunks

    def failing(self, html):
        if "bad" in html:
            raise ValueError("cannot split the document: the html5ever parser failed: boom")
        return chunks(self, html)

    monkeypatch.setattr(HtmlSplitter, "chunks", failing)
    monkeypatch.setattr(HtmlSplitter, "split_many", lambda self, htmls, threads=None: [self.chunks(h) for h in htmls])
    batch = pa.RecordBatch.from_pydict(
        {"source": ["good.html", "broken.html"], "html": ["<p>good</p>", "<p>bad</p>"]}
    )
    with pytest.raises(ValueError, match=r"url 'broken.html'.*boom"):
        _rows([batch])


def test_a_page_of_the_wrong_type_is_named_by_its_source():
    batch = pa.RecordBatch.from_pydict({"source": ["seven.html"], "html": [7]})
    with pytest.raises(TypeError, match=r"page with path 'seven.html'.*int"):
        _rows([batch], source_name="path")


def test_the_facts_about_the_page_are_columns_in_the_order_of_the_chunks_keys():
    from htmlsplit.spark import PAGE_COLUMNS
    from test_page_metadata import FULL, PAGE

    assert list(HtmlSplitter(50, page_metadata="full").chunks(PAGE)[0].page_metadata) == list(PAGE_COLUMNS)
    batch = pa.RecordBatch.from_pydict({"source": ["tides.html", "bare.html"], "html": [PAGE, "<p>bare</p>"]})
    rows = _rows([batch], page_metadata="full")
    assert {row["source"] for row in rows} == {"tides.html", "bare.html"}
    for row in rows:
        expected = FULL if row["source"] == "tides.html" else {}
        assert {name: row[name] for name in PAGE_COLUMNS} == {name: expected.get(name) for name in PAGE_COLUMNS}
