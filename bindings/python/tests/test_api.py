"""The Python API: construction, errors, chunks and their provenance, bytes, batches."""

from __future__ import annotations

import re

import pytest

from htmlsplit import Chunk, HtmlSplitter

GUIDE = (
    "<h1>Guide</h1><p>Intro.</p><h2>Install</h2><p>Run the installer.</p>"
    "<h2>Use</h2><p>Open a page and split it.</p>"
)


def test_split_text_follows_the_structure():
    splitter = HtmlSplitter(30, max_chunk_size=60, separators=["h2"])
    assert splitter.split_text(GUIDE) == [
        "Guide\nIntro.",
        "Install\nRun the installer.",
        "Use\nOpen a page and split it.",
    ]


def test_keyword_arguments_reach_the_config():
    splitter = HtmlSplitter(
        100, max_chunk_size=150, separators=["h2"], never_break_within=["pre"], backend="tl"
    )
    assert splitter.config == {
        "chunkSize": 100,
        "maxChunkSize": 150,
        "separators": ["h2"],
        "neverBreakWithin": ["pre"],
    }
    assert splitter.backend == "tl"
    assert (splitter.chunk_size, splitter.max_chunk_size) == (100, 150)
    assert "tl" in repr(splitter)


def test_chunks_carry_offsets_heading_path_anchor_and_size():
    html = (
        '<section id="install"><h2>Install</h2><p>Run the installer.</p></section>'
        '<section id="use"><h2>Use</h2><p>Open a page and split it.</p></section>'
    )
    splitter = HtmlSplitter(30, max_chunk_size=40, separators=["section"])
    chunks = splitter.chunks(html)
    assert [type(c) for c in chunks] == [Chunk, Chunk]
    text = "Install\nRun the installer.\nUse\nOpen a page and split it."
    for chunk in chunks:
        assert text[chunk.start_index : chunk.end_index] == chunk.text
        assert chunk.size == len(chunk.text)
    assert [c.heading_path for c in chunks] == [["Install"], ["Use"]]
    assert [c.anchor for c in chunks] == ["install", "use"]
    assert chunks[0] == splitter.chunks(html)[0]
    assert "Install" in repr(chunks[0])


def test_offsets_are_python_string_indices_beyond_ascii():
    html = "<p>héllo 𝄞 wörld</p><p>ünïcode ✓ text</p>"
    splitter = HtmlSplitter(12, max_chunk_size=16, separators=["p"])
    chunks = splitter.chunks(html)
    text = "héllo 𝄞 wörld\nünïcode ✓ text"
    assert len(chunks) == 2
    for chunk in chunks:
        assert text[chunk.start_index : chunk.end_index] == chunk.text


def test_bytes_are_decoded_as_a_browser_would():
    html = '<meta charset="windows-1252"><p>caf\xe9</p>'.encode("latin-1")
    splitter = HtmlSplitter(100)
    assert splitter.split_text(html) == ["café"]
    assert splitter.split_text(bytearray(html)) == ["café"]
    assert splitter.split_text("<p>café</p>".encode("utf-8")) == ["café"]
    assert splitter.split_text(b"\xef\xbb\xbf<p>bom</p>") == ["bom"]


def test_binary_data_is_a_value_error_naming_the_problem():
    splitter = HtmlSplitter(100)
    binary = b"\x7fELF\x02\x01\x01\x00\x00\x00<p>x</p>"
    named = "binary data, not text: an ELF executable signature"
    for page in (binary, bytearray(binary), memoryview(binary)):
        with pytest.raises(ValueError, match=re.escape(named)):
            splitter.split_text(page)
        with pytest.raises(ValueError, match=re.escape(named)):
            splitter.chunks(page)
    with pytest.raises(ValueError, match=re.escape(f"cannot split document 1: {named}")):
        splitter.split_many(["<p>ok</p>", binary])
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
    with pytest.raises(ValueError, match="a PNG image signature"):
        splitter.split_text(png)
    # Mostly control characters, as bytes or as a str: binary data.
    controls = "\x01\x02\x00\x1b" * 25
    named = "binary data, not text: 100 of the first 100 characters (100%) are control characters"
    for page in (controls, controls.encode("latin-1")):
        with pytest.raises(ValueError, match=re.escape(named)):
            splitter.split_text(page)
    # A few NUL characters are parse errors the parser handles: the page is
    # text, as a str or as bytes.
    page = "<p>a\x00b</p>\x00<p>c</p>"
    assert splitter.split_text(page) == splitter.split_text(page.encode()) != []
    assert splitter.split_text("\x00") == []
    # Control characters past the first 8 KiB are left to the parser.
    assert len(splitter.split_text(" " * 8192 + "<p>a" + "\x00" * 100 + "</p>")) == 1
    # UTF-16 carries a NUL byte in every ASCII character: it is text.
    assert splitter.split_text("<p>hi</p>".encode("utf-16")) == ["hi"]


def test_a_non_html_argument_is_a_type_error_naming_it():
    with pytest.raises(TypeError, match="int"):
        HtmlSplitter(100).split_text(42)


@pytest.mark.parametrize(
    ("kwargs", "named"),
    [
        ({"chunk_size": 0}, "invalid chunk_size 0"),
        ({"chunk_size": 20, "max_chunk_size": 10}, "invalid max_chunk_size 10"),
        ({"chunk_size": 20, "separators": ["h2["]}, "h2["),
        ({"chunk_size": 20, "never_break_within": ["::before"]}, '"::before" in never_break_within'),
        ({"chunk_size": 20, "backend": "lxml"}, "lxml"),
        ({"chunk_size": 20, "separators": "h2"}, "separators"),
        ({"chunk_size": 20, "never_break_within": "p"}, "invalid never_break_within"),
        ({"chunk_size": -5}, "chunk_size: expected a positive integer, got -5"),
        ({"chunk_size": "big"}, 'chunk_size: expected a positive integer, got "big"'),
        ({"chunk_size": True}, "chunk_size: expected a positive integer, got true"),
        ({"chunk_size": 2.5}, "chunk_size: expected a positive integer, got 2.5"),
        (
            {"chunk_size": 10, "max_chunk_size": "20"},
            'max_chunk_size: expected a positive integer or null, got "20"',
        ),
        (
            {"chunk_size": 10, "separators": ["h2", 3]},
            "separators[1]: expected a CSS selector string, got 3",
        ),
        (
            {"chunk_size": 10, "never_break_within": ["pre", 3]},
            "never_break_within[1]: expected a CSS selector string, got 3",
        ),
        (
            {"chunk_size": 10, "whitespace": "tidy"},
            'whitespace: expected "preserve" or "normalize", got "tidy"',
        ),
    ],
)
def test_bad_settings_raise_value_error_naming_them(kwargs, named):
    chunk_size = kwargs.pop("chunk_size")
    with pytest.raises(ValueError, match=re.escape(named)):
        HtmlSplitter(chunk_size, **kwargs)


@pytest.mark.parametrize(
    "build",
    [
        lambda size: HtmlSplitter(size),
        lambda size: HtmlSplitter.from_tiktoken_encoding("cl100k_base", size),
        lambda size: HtmlSplitter.from_callback(len, size),
        lambda size: HtmlSplitter(10, max_chunk_size=size),
    ],
    ids=["init", "tiktoken", "callback", "max"],
)
def test_keyword_errors_name_the_keyword_not_the_json_key(build):
    with pytest.raises(ValueError) as raised:
        build(-5)
    message = str(raised.value)
    assert re.match(r"(invalid )?(max_)?chunk_size\b", message), message
    assert "hunkSize" not in message, message


def test_config_errors_name_the_json_key():
    with pytest.raises(ValueError, match=re.escape("chunkSize: expected a positive integer, got -5")):
        HtmlSplitter.from_config({"chunkSize": -5})
    with pytest.raises(ValueError, match=re.escape("invalid maxChunkSize 10")):
        HtmlSplitter.from_config({"chunkSize": 20, "maxChunkSize": 10})


def test_bad_config_dicts_raise_value_error():
    with pytest.raises(ValueError, match="chunk_size"):
        HtmlSplitter.from_config({"chunk_size": 10})
    with pytest.raises(ValueError, match="chunkSize"):
        HtmlSplitter.from_config({"maxChunkSize": 10})
    with pytest.raises(ValueError, match="dict"):
        HtmlSplitter.from_config([("chunkSize", 10)])
    with pytest.raises(ValueError, match="chunkOverlap"):
        HtmlSplitter.from_config({"chunkSize": 10, "chunkOverlap": 2})


def test_unknown_keyword_is_a_type_error():
    with pytest.raises(TypeError, match="chunk_overlap"):
        HtmlSplitter(10, chunk_overlap=2)


def test_split_many_keeps_input_order_and_matches_one_by_one(sample_html):
    splitter = HtmlSplitter(200, max_chunk_size=300, separators=["h2", "p"])
    pages = [sample_html, GUIDE, "", b"<p>bytes</p>", sample_html[::-1]] * 5
    many = splitter.split_many(pages, threads=3)
    assert many == [splitter.chunks(page) for page in pages]
    assert splitter.split_many([]) == []
    with pytest.raises(ValueError, match="threads"):
        splitter.split_many(pages, threads=0)


def test_callback_sizer_measures_every_chunk():
    calls = []

    def words(text: str) -> int:
        calls.append(text)
        return len(text.split())

    splitter = HtmlSplitter.from_callback(words, 4, max_chunk_size=6, separators=["p"])
    html = "".join(f"<p>{' '.join(['w'] * n)}</p>" for n in (3, 2, 5, 1, 7))
    chunks = splitter.chunks(html)
    assert calls
    assert chunks
    for chunk in chunks:
        assert chunk.size == words(chunk.text) <= 6
    assert " ".join(c.text.replace("\n", " ") for c in chunks).split() == ["w"] * 18


def test_callback_errors_reach_the_caller():
    def broken(text: str) -> int:
        raise KeyError("sizer broke")

    splitter = HtmlSplitter.from_callback(broken, 10)
    with pytest.raises(KeyError, match="sizer broke"):
        splitter.split_text("<p>some text</p>")

    with pytest.raises(ValueError, match="callable"):
        HtmlSplitter.from_callback("len", 10)


def test_empty_and_whitespace_documents_give_no_chunks():
    splitter = HtmlSplitter(10)
    assert splitter.split_text("") == []
    assert splitter.chunks("<p>   </p>") == []


def test_markdown_with_heading_context_carries_the_path():
    splitter = HtmlSplitter(60, max_chunk_size=80, separators=["h2", "p"], format="markdown", heading_context=True)
    html = "<h1>Guide</h1><p>Intro.</p><h2>Install</h2><p>" + "Run the installer now. " * 3 + "</p>"
    chunks = splitter.chunks(html)
    assert chunks[0].text.startswith("# Guide")
    assert chunks[0].prefix_length == 0
    carried = [chunk for chunk in chunks if chunk.prefix_length]
    assert carried, [chunk.text for chunk in chunks]
    # A chunk that begins with its heading leaves it out of the path it
    # carries; the heading is kept with its section (SPEC §5).
    for chunk in carried:
        own = chunk.text[chunk.prefix_length:]
        if own.startswith("## Install"):
            assert chunk.text.startswith("Guide\n\n## Install\n\nRun the installer now.")
            assert chunk.prefix_length == len("Guide\n\n")
        else:
            assert chunk.text.startswith("Guide > Install\n\n")
            assert chunk.prefix_length == len("Guide > Install\n\n")
    assert any(chunk.text.startswith("Guide > Install\n\n") for chunk in carried)
    assert not any(chunk.text.endswith("## Install") for chunk in chunks)
    canonical = splitter.canonical_text(html) if hasattr(splitter, "canonical_text") else None
    for chunk in chunks:
        assert chunk.size <= 80
        own = chunk.text[chunk.prefix_length : len(chunk.text) - chunk.suffix_length]
        if canonical is not None:
            assert canonical[chunk.start_index : chunk.end_index] == own


def test_include_and_exclude_select_the_content():
    html = "<nav>Menu</nav><main><p>Body.</p><div class=ad>Buy</div></main><footer>(c)</footer>"
    assert HtmlSplitter(100, include=["main"], exclude=[".ad"]).split_text(html) == ["Body."]
    assert HtmlSplitter(100, exclude=["nav", "footer"]).split_text(html) == ["Body.\nBuy"]
    assert HtmlSplitter(100, include=["article"]).split_text(html) == []
    with pytest.raises(ValueError, match="exclude"):
        HtmlSplitter(100, exclude=["p::before"])
    with pytest.raises(ValueError, match="include"):
        HtmlSplitter(100, include="main")


def test_markdown_needs_normalized_whitespace_and_inline_links_need_markdown():
    with pytest.raises(ValueError, match='format="markdown" needs whitespace="normalize"'):
        HtmlSplitter(100, format="markdown", whitespace="preserve")
    with pytest.raises(ValueError, match='links="inline" needs format="markdown"'):
        HtmlSplitter(100, links="inline")
    with pytest.raises(ValueError, match="format"):
        HtmlSplitter(100, format="html")
    splitter = HtmlSplitter(100, format="markdown", links="inline")
    assert splitter.split_text('<p>See <a href="/a">docs</a>.</p>') == ["See [docs](/a)."]


def test_whitespace_is_normalized_by_default():
    assert HtmlSplitter(100).split_text("<p>  a   b </p>  <p> c</p>") == ["a b\nc"]
    assert HtmlSplitter(100, whitespace="preserve").split_text("<p>  a   b </p>  <p> c</p>") == ["a   b \n c"]


ARTICLE_PAGE = (
    '<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About us</a></nav>'
    "<article><h1>Tides</h1>"
    "<p>The tide rises twice a day on most coasts, pulled by the moon and the sun together.</p>"
    "<p>Spring tides come with the new and the full moon, when both pull in one line.</p>"
    '<div class="share-bar"><a href="/s/fb">Share</a> <a href="/s/tw">Tweet</a></div></article>'
    '<footer>© 2026 Coast Weekly <a href="/terms">Terms</a></footer>'
)


def test_content_main_keeps_the_article_and_drops_the_page_frame():
    everything = "\n".join(HtmlSplitter(10_000).split_text(ARTICLE_PAGE))
    main = "\n".join(HtmlSplitter(10_000, content="main").split_text(ARTICLE_PAGE))
    assert "Home" in everything and "Terms" in everything and "Tweet" in everything
    assert main == (
        "Tides\n"
        "The tide rises twice a day on most coasts, pulled by the moon and the sun together.\n"
        "Spring tides come with the new and the full moon, when both pull in one line."
    )
    assert HtmlSplitter(100, content="main").config == {"chunkSize": 100, "content": "main"}
    assert HtmlSplitter(100, content="all").config == {"chunkSize": 100}


def test_unknown_content_is_a_value_error_naming_key_and_value():
    with pytest.raises(ValueError, match=r'content: expected "all" or "main", got "article"'):
        HtmlSplitter(100, content="article")
