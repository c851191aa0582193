"""Speed of the Python package on a corpus, beside the Rust CLI and other Python splitters.

    python bench/speed.py --corpus ../shared/corpus/ecma262 --config corpus/ecma262-ingest.json \
        --cli target/release/htmlsplit

Prints one Markdown table, MB/s of HTML input (best of --repeat runs, wall
time), all from this one run. The other splitters are timed only when
installed (langchain-text-splitters with beautifulsoup4 and lxml;
semantic-text-splitter); semantic-text-splitter gets the canonical text the
CLI writes with --documents, so it does no HTML work at all.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import threading
import time

from htmlsplit import HtmlSplitter


def best_of(repeat, run):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--config", required=True)
    parser.add_argument("--cli", required=True, help="a release build of the htmlsplit CLI")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    paths = sorted(
        os.path.join(d, f) for d, _, fs in os.walk(args.corpus) for f in fs if f.endswith(".html")
    )
    raw = [open(p, "rb").read() for p in paths]
    pages = [b.decode("utf-8", errors="replace") for b in raw]
    mb = sum(len(b) for b in raw) / 1e6
    with open(args.config) as f:
        config = json.load(f)
    splitter = HtmlSplitter.from_config(config)
    rows = []

    def row(name, seconds, note=""):
        rows.append((name, seconds, mb / seconds, note))

    row("Rust CLI, --jobs 1 (process start, reading, JSON included)", best_of(args.repeat, lambda: subprocess.run(
        [args.cli, "--jobs", "1", "--config", args.config, *paths], check=True, stdout=subprocess.DEVNULL)))
    row("Rust CLI, --jobs 2", best_of(args.repeat, lambda: subprocess.run(
        [args.cli, "--jobs", "2", "--config", args.config, *paths], check=True, stdout=subprocess.DEVNULL)))

    def loop(chunk):
        for page in chunk:
            splitter.split_text(page)

    one = best_of(args.repeat, lambda: loop(pages))
    row("htmlsplit `split_text` in a loop, 1 thread", one)

    def two_threads():
        threads = [threading.Thread(target=loop, args=(pages[i::2],)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()

    two = best_of(args.repeat, two_threads)
    row("htmlsplit `split_text`, 2 Python threads", two, f"{one / two:.2f}× one thread")
    many1 = best_of(args.repeat, lambda: splitter.split_many(pages, threads=1))
    row("htmlsplit `split_many`, threads=1", many1)
    many2 = best_of(args.repeat, lambda: splitter.split_many(pages, threads=2))
    row("htmlsplit `split_many`, threads=2", many2, f"{many1 / many2:.2f}× threads=1")

    size, cap = config["chunkSize"], config.get("maxChunkSize", config["chunkSize"])
    try:
        from langchain_text_splitters import (
            HTMLHeaderTextSplitter,
            HTMLSemanticPreservingSplitter,
            RecursiveCharacterTextSplitter,
        )
    except ImportError:
        print("langchain-text-splitters is not installed: its rows are left out", file=sys.stderr)
    else:
        headers = [("h1", "h1"), ("h2", "h2"), ("h3", "h3")]
        header_splitter = HTMLHeaderTextSplitter(headers)
        recursive = RecursiveCharacterTextSplitter(chunk_size=size, chunk_overlap=0)

        def header_then_recursive():
            for page in pages:
                recursive.split_documents(header_splitter.split_text(page))

        row("LangChain `HTMLHeaderTextSplitter` + `RecursiveCharacterTextSplitter`",
            best_of(1, header_then_recursive))
        semantic = HTMLSemanticPreservingSplitter(headers, max_chunk_size=size)
        row("LangChain `HTMLSemanticPreservingSplitter`",
            best_of(1, lambda: [semantic.split_text(page) for page in pages]))
    try:
        from semantic_text_splitter import TextSplitter
    except ImportError:
        print("semantic-text-splitter is not installed: its row is left out", file=sys.stderr)
    else:
        with tempfile.NamedTemporaryFile(suffix=".jsonl") as documents:
            subprocess.run([args.cli, "--config", args.config, "--documents", documents.name, *paths],
                           check=True, stdout=subprocess.DEVNULL)
            texts = [json.loads(line)["text"] for line in open(documents.name, encoding="utf-8")]
        text_splitter = TextSplitter((size, cap))
        row("`semantic-text-splitter` on the canonical text (no HTML parsing)",
            best_of(args.repeat, lambda: [text_splitter.chunks(t) for t in texts]))

    print(f"{len(pages)} pages, {mb:.1f} MB of HTML; best of {args.repeat} (LangChain: 1 run)\n")
    print("| | seconds | MB/s of HTML | |")
    print("|---|---:|---:|---|")
    for name, seconds, rate, note in rows:
        print(f"| {name} | {seconds:.3f} | {rate:.1f} | {note} |")


if __name__ == "__main__":
    main()
