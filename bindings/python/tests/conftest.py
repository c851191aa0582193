"""Shared fixtures: the repository root, the vendored cases, the shared corpora."""

from __future__ import annotations

import json
import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]


def shared_corpus(name: str) -> pathlib.Path | None:
    """A corpus of ``../shared/corpus`` (or ``$HTMLSPLIT_SHARED``), if this checkout sits beside it."""
    base = pathlib.Path(os.environ.get("HTMLSPLIT_SHARED", ROOT.parent / "shared"))
    path = base / "corpus" / name
    return path if path.is_dir() else None


def require_shared_corpus(name: str) -> pathlib.Path:
    """The corpus, or a skip (a failure when ``HTMLSPLIT_REQUIRE_SHARED=1``, as in CI)."""
    path = shared_corpus(name)
    if path is None:
        message = f"the shared corpus {name!r} is not beside this checkout"
        if os.environ.get("HTMLSPLIT_REQUIRE_SHARED") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture(scope="session")
def cases() -> list:
    with open(ROOT / "conformance" / "cases.json", encoding="utf-8") as f:
        return json.load(f)


@pytest.fixture(scope="session")
def sample_html() -> str:
    return (ROOT / "corpus" / "guide.html").read_text(encoding="utf-8")
