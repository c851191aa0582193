"""The LangChain drop-in, against the real langchain-text-splitters and langchain-core."""

from __future__ import annotations

import pytest

pytest.importorskip("langchain_text_splitters")

from langchain_core.documents import Document  # noqa: E402
from langchain_text_splitters import TextSplitter  # noqa: E402

from htmlsplit.langchain import HtmlTextSplitter  # noqa: E402

PAGE = (
    '<section id="install"><h2>Install</h2><p>Run the installer.</p></section>'
    '<section id="use"><h2>Use</h2><p>Open a page and split it.</p></section>'
)


def test_is_a_text_splitter():
    splitter = HtmlTextSplitter(chunk_size=30, max_chunk_size=40, separators=["section"])
    assert isinstance(splitter, TextSplitter)
    assert splitter.split_text(PAGE) == ["Install\nRun the installer.", "Use\nOpen a page and split it."]


def test_create_documents_adds_provenance_to_the_inputs_metadata():
    splitter = HtmlTextSplitter(chunk_size=30, max_chunk_size=40, separators=["section"])
    docs = splitter.create_documents([PAGE, "<p>second</p>"], metadatas=[{"source": "a.html"}, {"source": "b.html"}])
    assert [d.page_content for d in docs] == [
        "Install\nRun the installer.",
        "Use\nOpen a page and split it.",
        "second",
    ]
    first = docs[0].metadata
    assert first["source"] == "a.html"
    assert first["heading_path"] == ["Install"]
    assert first["anchor"] == "install"
    assert (first["part_index"], first["total_parts"]) == (0, 2)
    assert (first["start_index"], first["end_index"]) == (0, len("Install\nRun the installer."))
    assert docs[1].metadata["part_index"] == 1
    assert docs[2].metadata == {
        "source": "b.html",
        "heading_path": [],
        "anchor": None,
        "start_index": 0,
        "end_index": 6,
        "part_index": 0,
        "total_parts": 1,
        "size": 6,
    }
    assert [d.metadata["size"] for d in docs[:2]] == [len(d.page_content) for d in docs[:2]]


def test_input_metadata_is_copied_not_shared():
    splitter = HtmlTextSplitter(chunk_size=30, max_chunk_size=40, separators=["section"])
    meta = {"tags": ["x"]}
    docs = splitter.create_documents([PAGE], metadatas=[meta])
    docs[0].metadata["tags"].append("y")
    assert meta == {"tags": ["x"]}
    assert docs[1].metadata["tags"] == ["x"]


def test_split_and_transform_documents():
    splitter = HtmlTextSplitter(chunk_size=30, max_chunk_size=40, separators=["section"])
    inputs = [Document(page_content=PAGE, metadata={"source": "a.html"})]
    split = splitter.split_documents(inputs)
    transformed = splitter.transform_documents(inputs)
    assert [d.page_content for d in split] == [d.page_content for d in transformed]
    assert len(split) == 2
    assert all(d.metadata["source"] == "a.html" for d in split)


def test_errors_are_value_errors():
    with pytest.raises(ValueError, match="chunk_overlap"):
        HtmlTextSplitter(chunk_size=20, chunk_overlap=5)
    with pytest.raises(ValueError, match="length_function"):
        HtmlTextSplitter(chunk_size=20, length_function=len)
    with pytest.raises(ValueError, match="metadatas"):
        HtmlTextSplitter(chunk_size=20).create_documents(["<p>a</p>"], metadatas=[{}, {}])
    with pytest.raises(ValueError, match="chunk_size: expected a positive integer, got -5"):
        HtmlTextSplitter(chunk_size=-5)


def test_token_constructors():
    splitter = HtmlTextSplitter.from_tiktoken_encoder("cl100k_base", chunk_size=8, max_chunk_size=12)
    for text in splitter.split_text(PAGE * 5):
        assert text
    counted = HtmlTextSplitter.from_callback(lambda t: len(t.split()), chunk_size=3, max_chunk_size=4)
    assert all(len(t.split()) <= 4 for t in counted.split_text(PAGE))
    docs = counted.create_documents([PAGE])
    assert len(docs) > 1
    assert [d.metadata["size"] for d in docs] == [len(d.page_content.split()) for d in docs]
