"""The LangChain drop-in, against the real langchain-text-splitters and langchain-core."""

from __future__ import annotations

import html
import json

import pytest

pytest.importorskip("langchain_text_splitters")

from langchain_core.documents import Document  # noqa: E402
from langchain_text_splitters import TextSplitter  # noqa: E402

from cli import cli_records  # noqa: E402
from htmlsplit import HtmlSplitter  # noqa: E402
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
        "prefix_length": 0,
        "suffix_length": 0,
    }
    assert [d.metadata["size"] for d in docs[:2]] == [len(d.page_content) for d in docs[:2]]


# The keys the Rust core's PartMetadata gives a chunk document, in LangChain
# Python's snake_case; Node's and the CLI's are the same in camelCase.
PART_KEYS = {
    "part_index",
    "total_parts",
    "start_index",
    "end_index",
    "heading_path",
    "anchor",
    "size",
    "prefix_length",
    "suffix_length",
}

# Only ASCII, so that every binding counts its offsets alike; the heading
# path carried at the start of a chunk gives it a prefix_length.
SMALL_PAGE = (
    "<h1 id=top>Guide</h1><p>An introduction of some length.</p>"
    '<h2 id="install">Install</h2><p>Run the installer, then restart.</p>'
    "<p>Check the version it reports.</p>"
)
SMALL_CONFIG = {"chunkSize": 30, "maxChunkSize": 50, "separators": ["h2", "p"], "headingContext": True}


def _snake_case(key: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in key)


def test_document_metadata_has_the_cores_keys_and_the_clis_values(tmp_path):
    splitter = HtmlTextSplitter(splitter=HtmlSplitter.from_config(SMALL_CONFIG))
    docs = splitter.create_documents([SMALL_PAGE], metadatas=[{"source": "small.html", "size": "replaced"}])
    assert len(docs) > 2
    assert any(d.metadata["prefix_length"] > 0 for d in docs)
    # The page states no title, so its main heading is the title (SPEC §7.1).
    for doc in docs:
        assert set(doc.metadata) == PART_KEYS | {"source", "title"}
        assert doc.metadata["title"] == "Guide"
    page = tmp_path / "small.html"
    page.write_text(SMALL_PAGE, encoding="utf-8")
    config = tmp_path / "config.json"
    config.write_text(json.dumps(SMALL_CONFIG), encoding="utf-8")
    records = cli_records(["--config", str(config), str(page)])
    assert [d.page_content for d in docs] == [r["pageContent"] for r in records]
    for doc, record in zip(docs, records):
        expected = {_snake_case(key): value for key, value in record["metadata"].items()}
        expected["source"] = "small.html"
        # The CLI's lines carry the page's facts too (SPEC §7.1).
        assert record["metadata"]["title"] == "Guide"
        assert doc.metadata == expected


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


def _tokens(encoding: str, text: str) -> int:
    """``text``'s size in ``encoding``, measured on its own: one chunk of one paragraph."""
    (chunk,) = HtmlSplitter.from_tiktoken_encoding(encoding, 10**9, whitespace="preserve").chunks(
        f"<p>{html.escape(text)}</p>"
    )
    assert chunk.text == text
    return chunk.size


def test_token_constructors():
    splitter = HtmlTextSplitter.from_tiktoken_encoder("cl100k_base", chunk_size=8, max_chunk_size=12)
    docs = splitter.create_documents([PAGE * 5])
    assert len(docs) > 5
    for doc in docs:
        assert 0 < doc.metadata["size"] <= 12, doc
        assert doc.metadata["size"] == _tokens("cl100k_base", doc.page_content), doc
    assert [d.page_content for d in docs] == splitter.split_text(PAGE * 5)
    # Tokens, not characters: English words are longer than one token.
    assert sum(d.metadata["size"] for d in docs) < sum(len(d.page_content) for d in docs) / 2
    counted = HtmlTextSplitter.from_callback(lambda t: len(t.split()), chunk_size=3, max_chunk_size=4)
    assert all(len(t.split()) <= 4 for t in counted.split_text(PAGE))
    docs = counted.create_documents([PAGE])
    assert len(docs) > 1
    assert [d.metadata["size"] for d in docs] == [len(d.page_content.split()) for d in docs]


# Counts differ between the encodings on this text: cl100k_base has fewer
# tokens for non-Latin scripts.
MULTILINGUAL = (
    "<p>Привет, мир! Как у вас дела сегодня?</p><p>こんにちは世界、今日はいい天気ですね。</p>"
    "<p>नमस्ते दुनिया, आज मौसम अच्छा है।</p>"
)


def test_a_model_name_counts_in_the_models_encoding():
    by_model = HtmlTextSplitter.from_tiktoken_encoder(model_name="gpt-4o", chunk_size=10, max_chunk_size=16)
    docs = by_model.create_documents([MULTILINGUAL])
    sizes = [d.metadata["size"] for d in docs]
    assert sizes == [_tokens("o200k_base", d.page_content) for d in docs]
    assert sizes != [_tokens("cl100k_base", d.page_content) for d in docs]
    assert by_model.splitter.config["sizer"] == "tiktoken:o200k_base"
    # The encoding name is not used when a model is named, as in LangChain.
    gpt4 = HtmlTextSplitter.from_tiktoken_encoder("o200k_base", "gpt-4", chunk_size=10)
    assert gpt4.splitter.config["sizer"] == "tiktoken:cl100k_base"
    with pytest.raises(ValueError, match="llama-7b"):
        HtmlTextSplitter.from_tiktoken_encoder(model_name="llama-7b")


def test_a_splitter_and_splitter_keywords_together_are_a_type_error():
    splitter = HtmlSplitter(30, separators=["section"])
    for keywords in ({"max_chunk_size": 40}, {"separators": ["p"]}, {"chunk_size": 10}, {"sizer": "bytes"},
                     {"backend": "tl"}, {"whitespace": "normalize"}, {"never_break_within": ["p"]}):
        with pytest.raises(TypeError, match=next(iter(keywords))):
            HtmlTextSplitter(splitter=splitter, **keywords)
        with pytest.raises(TypeError, match=next(iter(keywords))):
            HtmlTextSplitter.from_splitter(splitter, **keywords)
    wrapped = HtmlTextSplitter.from_splitter(splitter, add_start_index=True)
    assert wrapped.splitter is splitter
    assert wrapped.split_text(PAGE) == splitter.split_text(PAGE)


def test_start_index_is_the_offset_in_the_canonical_text_even_with_add_start_index():
    page = "<h1>Title &amp; more</h1>\n<p>First <b>bold</b> words.</p><p>Second.</p>"
    for add_start_index in (False, True):
        splitter = HtmlTextSplitter(chunk_size=20, separators=["p"], add_start_index=add_start_index)
        docs = splitter.create_documents([page])
        canonical = "\n".join(d.page_content for d in docs)
        assert [(d.metadata["start_index"], d.metadata["end_index"]) for d in docs] == [
            (canonical.index(d.page_content), canonical.index(d.page_content) + len(d.page_content))
            for d in docs
        ]
        assert docs[1].metadata["start_index"] != page.index("First")


def test_content_main():
    page = (
        '<nav><a href="/">Home</a> <a href="/blog">Blog</a></nav>'
        "<main><p>Chunks that carry only the article make better retrieval than whole pages.</p></main>"
        "<footer>Copyright and terms of use</footer>"
    )
    splitter = HtmlTextSplitter(chunk_size=1000, content="main")
    assert splitter.split_text(page) == [
        "Chunks that carry only the article make better retrieval than whole pages."
    ]
    with pytest.raises(ValueError, match="content"):
        HtmlTextSplitter(chunk_size=1000, content="best")
