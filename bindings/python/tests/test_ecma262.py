"""The ECMAScript specification through Python gives the CLI's chunks and metadata."""

from __future__ import annotations

import json
import pathlib

from conftest import ROOT, require_shared_corpus
from cli import cli_records

from htmlsplit import HtmlSplitter


def test_ecma262_matches_the_cli():
    corpus = require_shared_corpus("ecma262")
    config_path = ROOT / "corpus" / "ecma262-ingest.json"
    config = json.loads(config_path.read_text())
    pages = sorted(corpus.rglob("*.html"))
    assert len(pages) == 39
    records = cli_records(["--config", str(config_path), str(corpus)])
    by_source: dict = {}
    for record in records:
        by_source.setdefault(pathlib.Path(record["metadata"]["source"]).name, []).append(record)

    splitter = HtmlSplitter.from_config(config)
    results = splitter.split_many([p.read_bytes() for p in pages])
    total = 0
    for page, chunks in zip(pages, results):
        expected = by_source.get(page.name, [])
        assert [c.text for c in chunks] == [r["pageContent"] for r in expected], page.name
        for chunk, record in zip(chunks, expected):
            meta = record["metadata"]
            for key, value in (
                ("startIndex", chunk.start_index),
                ("endIndex", chunk.end_index),
                ("headingPath", chunk.heading_path),
                ("anchor", chunk.anchor),
                ("size", chunk.size),
            ):
                if key in meta:
                    assert meta[key] == value, (page.name, key)
            assert chunk.size <= config["maxChunkSize"]
        total += len(chunks)
    assert total == len(records)
