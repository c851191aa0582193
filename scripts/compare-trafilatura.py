#!/usr/bin/env python3
"""Main-content quality and speed beside trafilatura, on the hand-labelled pages.

    python3 scripts/compare-trafilatura.py target/release/htmlsplit [--labels xtask/labels/web.json]
        [--corpus ../shared/corpus/web]

Truth and scoring are those of `cargo xtask main-content` (xtask/labels/README.md):
the labelled selectors' text, 4-word shingles of lowercased words, precision,
recall and F1 per page, averaged. htmlsplit runs once over all pages
(`--content main --jobs 1`), trafilatura page by page in this process
(`favor_precision` off, comments and tables as its defaults); both timings are
wall-clock of the extraction, files already read.
"""

import argparse
import collections
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def words(text):
    return text.lower().split()


def shingles(ws):
    width = min(4, len(ws))
    return collections.Counter(tuple(ws[i:i + width]) for i in range(len(ws) - width + 1)) if ws else collections.Counter()


def scores(truth, answer):
    t, a = shingles(words(truth)), shingles(words(answer))
    common = sum((t & a).values())
    p = common / sum(a.values()) if a else 0.0
    r = common / sum(t.values()) if t else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def run_cli(binary, args, paths):
    out = subprocess.run([binary, "--chunk-size", "100000000", "--jobs", "1", "--quiet", *args, *map(str, paths)],
                         capture_output=True, text=True, check=True).stdout
    texts = collections.defaultdict(list)
    for line in out.splitlines():
        chunk = json.loads(line)
        texts[chunk["metadata"]["source"]].append(chunk["pageContent"])
    return {source: "\n".join(parts) for source, parts in texts.items()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("htmlsplit")
    root = Path(__file__).resolve().parent.parent
    parser.add_argument("--labels", default=root / "xtask/labels/web.json")
    parser.add_argument("--corpus", default=root / "../shared/corpus/web")
    args = parser.parse_args()
    try:
        import trafilatura
    except ImportError:
        sys.exit("compare-trafilatura: pip install trafilatura")
    labels = [e for e in json.loads(Path(args.labels).read_text()) if e["kind"] != "skip"]
    corpus = Path(args.corpus)
    truth = {}
    for entry in labels:
        sel = [a for s in entry["include"] for a in ("--include", s)] + [a for s in entry["exclude"] for a in ("--exclude", s)]
        path = corpus / entry["page"]
        truth[entry["page"]] = run_cli(args.htmlsplit, sel, [path]).get(str(path), "")
    paths = [corpus / e["page"] for e in labels]
    started = time.perf_counter()
    ours = run_cli(args.htmlsplit, ["--content", "main"], paths)
    ours_seconds = time.perf_counter() - started
    pages = {e["page"]: (corpus / e["page"]).read_bytes() for e in labels}
    started = time.perf_counter()
    theirs = {page: trafilatura.extract(html) or "" for page, html in pages.items()}
    theirs_seconds = time.perf_counter() - started
    for name, found, seconds in [("htmlsplit --content main", {e["page"]: ours.get(str(corpus / e["page"]), "") for e in labels}, ours_seconds),
                                 (f"trafilatura {trafilatura.__version__}", theirs, theirs_seconds)]:
        rows = [scores(truth[page], found[page]) for page in truth]
        p, r, f = (sum(x[i] for x in rows) / len(rows) for i in range(3))
        print(f"{name:<28} P {p:.3f}  R {r:.3f}  F1 {f:.3f}  {seconds:.2f} s for {len(rows)} pages")
    print(f"speed: htmlsplit {theirs_seconds / ours_seconds:.1f}x trafilatura (htmlsplit's figure includes process start and JSON output)")


if __name__ == "__main__":
    main()
