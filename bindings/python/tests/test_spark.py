"""Spark: the ECMAScript specification split on a local[2] session equals the CLI's output."""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import sys

import pytest

from conftest import ROOT, require_shared_corpus
from cli import cli_records

pyspark = pytest.importorskip("pyspark")

if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
    if os.environ.get("HTMLSPLIT_REQUIRE_SPARK") == "1":
        raise RuntimeError("HTMLSPLIT_REQUIRE_SPARK=1 but there is no java for Spark")
    pytest.skip("Spark needs Java, and there is none", allow_module_level=True)


@pytest.fixture(scope="module")
def spark():
    from pyspark.sql import SparkSession

    # Executors start their own Python: the one running these tests has the package.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    session = (
        SparkSession.builder.master("local[2]")
        .appName("htmlsplit-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .getOrCreate()
    )
    yield session
    session.stop()


def test_small_frame(spark):
    from htmlsplit.spark import PAGE_COLUMNS, split_html

    df = spark.createDataFrame(
        [("a.html", '<section id="x"><h2>Install</h2><p>Run it.</p></section>'), ("b.html", "<p>b</p>")],
        "url string, body string",
    )
    rows = split_html(df, html_col="body", source_col="url", chunk_size=100).orderBy("source").collect()
    # Neither page states a fact about itself: those columns are null.
    no_facts = dict.fromkeys(PAGE_COLUMNS)
    assert [r.asDict() for r in rows] == [
        {"source": "a.html", "part_index": 0, "total_parts": 1, "text": "Install\nRun it.",
         "heading_path": ["Install"], "anchor": "x", "start_index": 0, "end_index": 15, "size": 15,
         "prefix_length": 0, "suffix_length": 0, **no_facts},
        {"source": "b.html", "part_index": 0, "total_parts": 1, "text": "b",
         "heading_path": [], "anchor": None, "start_index": 0, "end_index": 1, "size": 1,
         "prefix_length": 0, "suffix_length": 0, **no_facts},
    ]
    with pytest.raises(ValueError, match="invalid chunk_size 0"):
        split_html(df, html_col="body", source_col="url", chunk_size=0)
    framed = spark.createDataFrame(
        [("c.html", '<nav><a href="/">Home</a> <a href="/x">Other page</a></nav><main><p>Only the '
          'main content of this page reaches the index, not its menu.</p></main>')],
        "url string, body string",
    )
    texts = [r.text for r in split_html(framed, html_col="body", source_col="url", chunk_size=100,
                                         content="main").collect()]
    assert texts == ["Only the main content of this page reaches the index, not its menu."]
    with pytest.raises(ValueError, match="content"):
        split_html(df, html_col="body", source_col="url", chunk_size=10, content="best")
    with pytest.raises(ValueError, match="html"):
        split_html(df, chunk_size=10)


def test_the_facts_about_the_page_are_string_columns(spark):
    from pyspark.sql.types import StringType

    from htmlsplit.spark import PAGE_COLUMNS, split_html
    from test_page_metadata import BASIC, FULL, PAGE

    df = spark.createDataFrame([("tides.html", PAGE)], "source string, html string")
    for option, facts in (("basic", BASIC), ("full", FULL), ("none", {})):
        out = split_html(df, chunk_size=50, page_metadata=option)
        for name in PAGE_COLUMNS:
            field = out.schema[name]
            assert (field.dataType, field.nullable) == (StringType(), True)
        rows = out.collect()
        assert len(rows) > 1
        for row in rows:
            assert {name: row[name] for name in PAGE_COLUMNS} == {name: facts.get(name) for name in PAGE_COLUMNS}
    with pytest.raises(ValueError, match="page_metadata"):
        split_html(df, chunk_size=50, page_metadata="all")


def test_null_and_empty_pages_give_no_rows_and_do_not_fail_the_job(spark):
    from htmlsplit.spark import split_html

    df = spark.createDataFrame(
        [("a.html", "<p>a</p>"), ("null.html", None), ("empty.html", ""), ("blank.html", "<p> </p>")],
        "source string, html string",
    ).repartition(2)
    rows = split_html(df, chunk_size=100).collect()
    assert [(r.source, r.text) for r in rows] == [("a.html", "a")]


def test_ecma262_matches_the_cli(spark):
    from htmlsplit.spark import split_html

    corpus = require_shared_corpus("ecma262")
    config_path = ROOT / "corpus" / "ecma262-ingest.json"
    config = json.loads(config_path.read_text())
    pages = sorted(corpus.rglob("*.html"))
    df = spark.createDataFrame(
        [(str(p), p.read_bytes()) for p in pages], "source string, html binary"
    ).repartition(4)
    out = split_html(
        df, chunk_size=config["chunkSize"], max_chunk_size=config["maxChunkSize"],
        separators=config.get("separators", ()), never_break_within=config.get("neverBreakWithin", ()),
        whitespace=config.get("whitespace", "normalize"),
    )
    rows = sorted(out.collect(), key=lambda r: (r.source, r.part_index))

    records = cli_records(["--config", str(config_path), *map(str, pages)])
    assert len(rows) == len(records) > 39
    for row, record in zip(rows, sorted(records, key=lambda r: (r["metadata"]["source"], r["metadata"]["partIndex"]))):
        meta = record["metadata"]
        assert row.source == meta["source"]
        assert row.text == record["pageContent"]
        assert (row.part_index, row.total_parts) == (meta["partIndex"], meta["totalParts"])
        for key, value in (("headingPath", row.heading_path), ("anchor", row.anchor),
                           ("startIndex", row.start_index), ("endIndex", row.end_index), ("size", row.size)):
            if key in meta:
                assert meta[key] == value, (row.source, key)
    assert pathlib.Path(rows[0].source).name.endswith(".html")
