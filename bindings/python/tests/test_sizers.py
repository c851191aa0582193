"""Sizers from Python: OpenAI encodings, Hugging Face tokenizers, byte and UTF-16 units."""

from __future__ import annotations

import pytest

from htmlsplit import HtmlSplitter

PAGE = "".join(
    f"<section><h2>Part {i}</h2><p>{'tokenised words and more words, ' * (i % 7 + 1)}</p></section>"
    for i in range(40)
)


def test_tiktoken_sizes_hold_the_cap():
    splitter = HtmlSplitter.from_tiktoken_encoding(
        "cl100k_base", 40, max_chunk_size=60, separators=["section"]
    )
    chunks = splitter.chunks(PAGE)
    assert len(chunks) > 5
    for chunk in chunks:
        assert 0 < chunk.size <= 60
        # Tokens of ordinary English text are longer than one character.
        assert chunk.size < len(chunk.text)
    assert HtmlSplitter(40, sizer="tiktoken:cl100k_base").split_text(PAGE) == HtmlSplitter(
        40, sizer="tiktoken:cl100k_base"
    ).split_text(PAGE)


def test_unknown_sizers_name_themselves():
    with pytest.raises(ValueError, match="nope"):
        HtmlSplitter(10, sizer="tiktoken:nope")
    with pytest.raises(ValueError, match="furlongs"):
        HtmlSplitter(10, sizer="furlongs")


@pytest.mark.parametrize(("sizer", "measure"), [
    ("bytes", lambda text: len(text.encode("utf-8"))),
    ("utf16", lambda text: len(text.encode("utf-16-le")) // 2),
])
def test_byte_and_utf16_sizes(sizer, measure):
    html = "<p>" + " ".join(["žluťoučký 𝄞 kůň"] * 30) + "</p>"
    splitter = HtmlSplitter(50, max_chunk_size=64, sizer=sizer)
    chunks = splitter.chunks(html)
    assert len(chunks) > 3
    for chunk in chunks:
        assert chunk.size == measure(chunk.text) <= 64


def _word_tokenizer():
    tokenizers = pytest.importorskip("tokenizers")
    from tokenizers import models, pre_tokenizers

    words = sorted(set(PAGE.replace("<", " ").replace(">", " ").replace("/", " ").replace(",", " ,").split()))
    vocab = {"[UNK]": 0, **{w: i + 1 for i, w in enumerate(words)}}
    tokenizer = tokenizers.Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    return tokenizer


@pytest.mark.parametrize("form", ["object", "json", "path"])
def test_huggingface_tokenizer_in_every_form(form, tmp_path):
    tokenizer = _word_tokenizer()
    if form == "object":
        source = tokenizer
    elif form == "json":
        source = tokenizer.to_str()
    else:
        source = tmp_path / "tokenizer.json"
        tokenizer.save(str(source))
    splitter = HtmlSplitter.from_huggingface_tokenizer(
        source, 30, max_chunk_size=45, separators=["section"]
    )
    chunks = splitter.chunks(PAGE)
    assert len(chunks) > 5
    for chunk in chunks:
        count = len(tokenizer.encode(chunk.text, add_special_tokens=False).ids)
        assert chunk.size == count <= 45


def test_huggingface_errors(tmp_path):
    missing = tmp_path / "missing" / "tokenizer.json"
    with pytest.raises(OSError, match="missing"):
        HtmlSplitter.from_huggingface_tokenizer(missing, 10)
    with pytest.raises(FileNotFoundError, match="missing"):
        HtmlSplitter(10, sizer=f"huggingface:{missing}")
    with pytest.raises(FileNotFoundError, match="missing"):
        HtmlSplitter.from_config({"chunkSize": 10, "sizer": f"huggingface:{missing}"})
    with pytest.raises(IsADirectoryError):
        HtmlSplitter(10, sizer=f"huggingface:{tmp_path}")
    not_a_tokenizer = tmp_path / "tokenizer.json"
    not_a_tokenizer.write_text('{"not": "a tokenizer"}')
    with pytest.raises(ValueError, match="tokenizer"):
        HtmlSplitter(10, sizer=f"huggingface:{not_a_tokenizer}")
    with pytest.raises(ValueError):
        HtmlSplitter.from_huggingface_tokenizer('{"not": "a tokenizer"}', 10)
    with pytest.raises(ValueError, match="tokenizer"):
        HtmlSplitter.from_huggingface_tokenizer(42, 10)
    with pytest.raises(ValueError, match="^chunk_size: expected a positive integer, got -5$"):
        HtmlSplitter.from_huggingface_tokenizer(_word_tokenizer(), -5)
