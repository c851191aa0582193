"""The facts about the page (SPEC §7.1): ``page_metadata=``, each chunk's ``page_metadata``,
and the metadata of ``split_many_documents`` and LangChain documents."""

from __future__ import annotations

import re

import pytest

from htmlsplit import BACKENDS, HtmlSplitter

# The site's name after the title is not the title; the authors and the date
# come from JSON-LD.
PAGE = """<!doctype html><html lang="en-GB"><head>
<title>Reading the tides | Coast Weekly</title>
<meta name="description" content="How the moon and the sun move the sea.">
<meta property="og:site_name" content="Coast Weekly">
<link rel="canonical" href="https://coast.example/tides">
<script type="application/ld+json">{"@context": "https://schema.org", "@type": "NewsArticle",
 "headline": "Reading the tides",
 "author": [{"@type": "Person", "name": "Ada Lovelace"}, {"@type": "Person", "name": "Mary Anning"}],
 "datePublished": "2024-03-05T08:00:00+01:00"}</script>
</head><body><article><h1>Reading the tides</h1><p>The tide rises twice a day on most coasts.</p>
<h2>Spring tides</h2><p>They come with the new and the full moon.</p></article></body></html>"""

BASIC = {
    "title": "Reading the tides",
    "description": "How the moon and the sun move the sea.",
    "language": "en-GB",
}
FULL = {
    **BASIC,
    "author": "Ada Lovelace, Mary Anning",
    "published": "2024-03-05T08:00:00+01:00",
    "site_name": "Coast Weekly",
    "url": "https://coast.example/tides",
}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(
    ("option", "facts"),
    [(None, BASIC), ("basic", BASIC), ("full", FULL), ("none", {})],
    ids=["default", "basic", "full", "none"],
)
def test_the_facts_of_each_mode_on_every_backend(backend, option, facts):
    kwargs = {} if option is None else {"page_metadata": option}
    chunks = HtmlSplitter(50, backend=backend, **kwargs).chunks(PAGE)
    assert len(chunks) > 1
    for chunk in chunks:
        assert chunk.page_metadata == facts
        # In SPEC §7.1's order.
        assert list(chunk.page_metadata) == list(facts)


def test_a_fact_the_page_does_not_state_is_left_out_not_none():
    [chunk] = HtmlSplitter(100, page_metadata="full").chunks('<html lang="fr"><p>Bonjour.</p></html>')
    assert chunk.page_metadata == {"language": "fr"}


def test_page_metadata_is_a_fresh_dict():
    chunk = HtmlSplitter(100).chunks(PAGE)[0]
    chunk.page_metadata["title"] = "changed"
    assert chunk.page_metadata["title"] == BASIC["title"]


def test_the_option_reaches_the_config():
    assert HtmlSplitter(100, page_metadata="full").config == {"chunkSize": 100, "pageMetadata": "full"}
    assert HtmlSplitter(100, page_metadata="basic").config == {"chunkSize": 100}
    assert HtmlSplitter.from_config({"chunkSize": 50, "pageMetadata": "none"}).chunks(PAGE)[0].page_metadata == {}


def test_an_invalid_value_is_a_value_error_naming_key_and_value():
    with pytest.raises(ValueError, match=re.escape('page_metadata: expected "basic", "full" or "none", got "all"')):
        HtmlSplitter(100, page_metadata="all")
    with pytest.raises(ValueError, match=re.escape("page_metadata")):
        HtmlSplitter.from_callback(len, 100, page_metadata=True)
    with pytest.raises(ValueError, match=re.escape('pageMetadata: expected "basic", "full" or "none", got "some"')):
        HtmlSplitter.from_config({"chunkSize": 100, "pageMetadata": "some"})


def test_split_many_documents_adds_the_facts_to_the_part_metadata():
    splitter = HtmlSplitter(50, page_metadata="full")
    [parts, bare] = splitter.split_many_documents([PAGE, "<p>no facts</p>"])
    chunks = splitter.chunks(PAGE)
    assert [text for text, _ in parts] == [chunk.text for chunk in chunks]
    for index, (_, metadata) in enumerate(parts):
        assert metadata["part_index"] == index
        assert {key: metadata[key] for key in FULL} == FULL
    [(_, metadata)] = bare
    assert not set(FULL) & set(metadata)


def test_langchain_documents_carry_the_facts_and_the_callers_keys_win():
    pytest.importorskip("langchain_text_splitters")
    from langchain_core.documents import Document

    from htmlsplit.langchain import HtmlTextSplitter

    splitter = HtmlTextSplitter(chunk_size=50, page_metadata="full")
    mine, theirs = [], []
    for doc in splitter.create_documents(
        [PAGE, PAGE], metadatas=[{"source": "tides.html", "title": "My title"}, {"source": "tides.html"}]
    ):
        (mine if doc.metadata["title"] == "My title" else theirs).append(doc)
    assert len(mine) == len(theirs) > 1
    for doc in mine:
        assert {key: doc.metadata[key] for key in FULL} == {**FULL, "title": "My title"}
    for doc in theirs:
        assert {key: doc.metadata[key] for key in FULL} == FULL
    # The part metadata still replaces a key of the caller's; the facts do not.
    [doc, *_] = splitter.split_documents(
        [Document(page_content=PAGE, metadata={"part_index": "mine", "language": "de"})]
    )
    assert (doc.metadata["part_index"], doc.metadata["language"], doc.metadata["url"]) == (0, "de", FULL["url"])
    none = HtmlTextSplitter(chunk_size=50, page_metadata="none").create_documents([PAGE])
    assert none and all(not set(FULL) & set(doc.metadata) for doc in none)
    with pytest.raises(ValueError, match="page_metadata"):
        HtmlTextSplitter(chunk_size=50, page_metadata="many")
