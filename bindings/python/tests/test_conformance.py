"""SPEC's vendored conformance cases, through the Python API, on every backend."""

from __future__ import annotations

import pytest

import htmlsplit
from htmlsplit import HtmlSplitter


def test_all_backends_are_compiled_in():
    assert set(htmlsplit.BACKENDS) == {"html5ever", "scraper", "tl"}


@pytest.mark.parametrize("backend", ["html5ever", "scraper", "tl"])
def test_cases(cases, backend):
    assert len(cases) > 30
    for case in cases:
        if "error" in case:
            # `error` is true or the text the message must contain.
            named = case["error"] if isinstance(case["error"], str) else ""
            with pytest.raises(ValueError, match=__import__("re").escape(named)):
                HtmlSplitter.from_config(case["config"], backend=backend)
            continue
        splitter = HtmlSplitter.from_config(case["config"], backend=backend)
        assert splitter.split_text(case["html"]) == case["expected"], case["name"]
