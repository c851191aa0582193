"""The Markdown form read back by another CommonMark reader, markdown-it-py
(CommonMark with GitHub's pipe tables), on the shared corpora: every page's
Markdown reads back as its normalized text word for word (SPEC §3.2), and no
chunk leaves a code fence open. The Rust side checks the same with
pulldown-cmark (`cargo xtask equivalence`). Skipped without the shared
corpora or without markdown-it-py."""

from __future__ import annotations

import json
import re

import pytest

from conftest import ROOT, require_shared_corpus

from htmlsplit import HtmlSplitter

markdown_it = pytest.importorskip("markdown_it")

# The whole page as one chunk: its canonical text.
WHOLE = 10**9
SPANS = re.compile(rb"""(?:colspan|rowspan)\s*=\s*["']?\s*0*(?:[2-9]|[1-9][0-9]+)""", re.I)


def reader():
    return markdown_it.MarkdownIt("commonmark").enable("table")


def read_back_words(md, text: str) -> list[str]:
    """The words a reader finds: markup gone, blocks and cells apart."""
    pieces: list[str] = []
    for token in md.parse(text):
        if token.type == "inline":
            for child in token.children or []:
                if child.type in ("text", "code_inline", "html_inline"):
                    pieces.append(child.content)
                elif child.type in ("softbreak", "hardbreak"):
                    pieces.append(" ")
                elif child.type == "link_open":
                    # A link a reader finds is markup the text did not ask
                    # for: its destination counts as words.
                    pieces.append(" " + (child.attrGet("href") or "") + " ")
        elif token.type in ("fence", "code_block", "html_block"):
            pieces.append(" " + token.content + " ")
        pieces.append(" ")
    return comparable("".join(pieces).split())


def comparable(words: list[str]) -> list[str]:
    """Without a definition's lone `:`, which CommonMark reads as text."""
    return [word for word in words if word != ":"]


def is_subsequence(words: list[str], within: list[str]) -> bool:
    it = iter(within)
    return all(any(word == other for other in it) for word in words)


def open_fences(md, text: str) -> int:
    """Fenced blocks of `text` whose closing fence is not in it."""
    lines = text.split("\n")
    count = 0
    for token in md.parse(text):
        if token.type != "fence" or token.map is None:
            continue
        start, end = token.map
        closing = lines[end - 1].lstrip(" >").rstrip() if end - 1 > start else ""
        mark = token.markup
        if not (closing.startswith(mark) and set(closing) == {mark[0]}):
            count += 1
    return count


def splitters():
    config = json.loads((ROOT / "corpus" / "markdown.json").read_text())
    whole = {"chunkSize": WHOLE, "format": "markdown"}
    plain = {"chunkSize": WHOLE}
    return (
        HtmlSplitter.from_config(config),
        HtmlSplitter.from_config(whole),
        HtmlSplitter.from_config(plain),
    )


@pytest.mark.parametrize("corpus_name, least", [("ecma262", 1.0), ("web", 0.98)])
def test_markdown_reads_back_through_markdown_it(corpus_name, least):
    corpus = require_shared_corpus(corpus_name)
    pages = sorted(corpus.rglob("*.html"))
    htmls = [page.read_bytes() for page in pages]
    chunked, whole, plain = splitters()
    md = reader()
    differing = []
    left_open = []
    for page, html, markdown, text, chunks in zip(
        pages,
        htmls,
        whole.split_many(htmls),
        plain.split_many(htmls),
        chunked.split_many(htmls),
    ):
        read = read_back_words(md, "\n\n".join(chunk.text for chunk in markdown))
        words = comparable(" ".join(chunk.text for chunk in text).split())
        spans = SPANS.search(html) is not None
        if read != words and not (spans and is_subsequence(words, read)):
            at = next((i for i, (a, b) in enumerate(zip(read, words)) if a != b), None)
            differing.append((page.name, at, read[at : at + 5] if at is not None else None))
        left_open += [(page.name, i) for i, c in enumerate(chunks) if open_fences(md, c.text)]
    assert not left_open, left_open[:5]
    same = len(pages) - len(differing)
    assert same >= least * len(pages), differing[:5]
