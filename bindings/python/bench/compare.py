"""htmlsplit's Markdown chunks beside markdownify + LangChain's Markdown splitters, in one run.

    python bench/compare.py --shared ../shared

Splits the ECMA-262 pages (corpus/ecma262-ingest-markdown.json) and the web
pages (corpus/web-content.json with "format": "markdown") with
`htmlsplit.HtmlSplitter` and with what a Python user would pick instead:
`markdownify` (ATX headings, so that the header splitter sees them) then
LangChain's `MarkdownHeaderTextSplitter` (#, ##, ###, strip_headers=False)
and `RecursiveCharacterTextSplitter` (chunk_size = the cap, no overlap,
len). Prints one Markdown table: MB/s of HTML input (wall time, one thread;
best of --repeat runs for htmlsplit, one run for the others), chunks, chunks
over the cap (in code points) and the share of chunks holding table rows
that have their header (benches/compare/README.md; the same definition as
benches/compare/src/main.rs).
"""

from __future__ import annotations

import argparse
import json
import os
import time

from htmlsplit import HtmlSplitter
from langchain_text_splitters import MarkdownHeaderTextSplitter, RecursiveCharacterTextSplitter
from markdownify import markdownify

REPO = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))


def load(directory, config_path):
    """The pages (UTF-8, a BOM removed, as the Rust program reads them),
    their total bytes and the config with format set to Markdown."""
    paths = sorted(
        os.path.join(d, f) for d, _, fs in os.walk(directory) for f in fs if f.endswith(".html")
    )
    raw = [open(p, "rb").read() for p in paths]
    with open(config_path) as f:
        config = json.load(f)
    config["format"] = "markdown"
    return [b.decode("utf-8-sig", errors="replace") for b in raw], sum(map(len, raw)), config


def timed(repeat, split, pages):
    """Best wall time of `repeat` runs of `split` over the pages, the last
    run's chunks and the number of pages `split` raised on."""
    best = float("inf")
    for _ in range(repeat):
        chunks, failed = [], 0
        start = time.perf_counter()
        for page in pages:
            try:
                chunks.extend(split(page))
            except Exception:  # counted and reported, never hidden
                failed += 1
        best = min(best, time.perf_counter() - start)
    return best, chunks, failed


def table_header_state(chunk):
    """The header measure, as `table_header_state` in benches/compare/src/main.rs:
    None when the chunk holds no table rows, else whether every run of table
    rows in it has a delimiter row as its second line."""
    lines = chunk.split("\n")
    runs = headed = 0
    i = 0
    while i < len(lines):
        if not lines[i].lstrip(" ").startswith("|"):
            i += 1
            continue
        start = i
        while i < len(lines) and lines[i].lstrip(" ").startswith("|"):
            i += 1
        runs += 1
        delimiter = lines[start + 1] if i - start >= 2 else ""
        if "-" in delimiter and all(c in "|-: " for c in delimiter):
            headed += 1
    return None if runs == 0 else runs == headed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--shared", default=os.path.join(REPO, "..", "shared"))
    parser.add_argument("--repeat", type=int, default=3, help="runs of htmlsplit (the others run once)")
    args = parser.parse_args()
    corpora = [
        ("ECMA-262", "ecma262", "ecma262-ingest-markdown.json"),
        ("web", "web", "web-content.json"),
    ]
    print("| tool | corpus | pages | MB | seconds | MB/s | chunks | over cap | table chunks with header | failed pages |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---|---:|")
    for name, directory, config_file in corpora:
        pages, size, config = load(os.path.join(args.shared, "corpus", directory),
                                   os.path.join(REPO, "corpus", config_file))
        cap = config.get("maxChunkSize", config["chunkSize"])
        splitter = HtmlSplitter.from_config(config)
        headers = MarkdownHeaderTextSplitter([("#", "h1"), ("##", "h2"), ("###", "h3")], strip_headers=False)
        recursive = RecursiveCharacterTextSplitter(chunk_size=cap, chunk_overlap=0, length_function=len)

        # markdownify is timed inside the LangChain run (not run twice): its
        # row is the conversions' time, each page's Markdown one "chunk".
        converted, convert_seconds = [], [0.0]

        def langchain(page):
            start = time.perf_counter()
            markdown = markdownify(page, heading_style="ATX")
            convert_seconds[0] += time.perf_counter() - start
            converted.append(markdown)
            return [d.page_content for d in recursive.split_documents(headers.split_text(markdown))]

        ours = timed(args.repeat, splitter.split_text, pages)
        theirs = timed(1, langchain, pages)
        runs = [
            ("htmlsplit `HtmlSplitter`, Markdown", ours),
            ("markdownify alone (conversion only; a page is one \"chunk\")",
             (convert_seconds[0], converted, len(pages) - len(converted))),
            ("markdownify + LangChain `MarkdownHeaderTextSplitter` + `RecursiveCharacterTextSplitter`", theirs),
        ]
        for tool, (seconds, chunks, failed) in runs:
            over = sum(len(c) > cap for c in chunks)
            states = [s for s in map(table_header_state, chunks) if s is not None]
            holding, with_header = len(states), sum(states)
            share = f"{100 * with_header / holding:.1f} % ({with_header:,} / {holding:,})" if holding else "— (0 / 0)"
            print(f"| {tool} | {name} | {len(pages)} | {size / 1e6:.1f} | {seconds:.3f} | "
                  f"{size / 1e6 / seconds:.1f} | {len(chunks):,} | {over:,} | {share} | {failed} |", flush=True)
    print(f"\nMB/s: HTML bytes / wall time, one thread; htmlsplit best of {args.repeat} runs, "
          "the others one run; cap in code points.")


if __name__ == "__main__":
    main()
