#!/usr/bin/env python3
"""Page metadata beside trafilatura's, on the WCXB pages, same pages, same scoring.

    cargo xtask page-metadata --wcxb ../shared/corpus/wcxb-dev --pages target/page-metadata.jsonl
    python3 scripts/compare-trafilatura-metadata.py target/page-metadata.jsonl \
        --wcxb ../shared/corpus/wcxb-dev

The first file is the per-page output of `cargo xtask page-metadata`: our
facts, the reviewed ones and the split (development or held out, by the
site's host) of every page. trafilatura (`pip install trafilatura`) reads
each page's title, author and date with `extract_metadata`; both are scored
as the xtask scores: a title or an author matches when the word-bag F1 of
`\\w+` tokens, lowercased, is at least 0.9; a date when the day is the same.
"""

import argparse
import collections
import gzip
import json
import re
import sys
import time
from pathlib import Path


def bag(text):
    return collections.Counter(word.lower() for word in re.findall(r"\w+", text or ""))


def f1(ours, truth):
    a, b = bag(ours), bag(truth)
    common = sum((a & b).values())
    if not common:
        return 0.0
    precision, recall = common / sum(a.values()), common / sum(b.values())
    return 2 * precision * recall / (precision + recall)


def same_text(ours, truth):
    return ours is not None and f1(ours, truth) >= 0.9


def same_day(ours, truth):
    return ours is not None and str(ours)[:10] == str(truth)[:10]


def tally(rows, pick, matches):
    fact_rows = [row for row in rows if pick(row)[1]]
    matched = sum(1 for row in fact_rows if matches(pick(row)[0], pick(row)[1]))
    given_without = sum(1 for row in rows if not pick(row)[1] and pick(row)[0])
    without = len(rows) - len(fact_rows)
    rate = matched / len(fact_rows) if fact_rows else 0.0
    return f"{rate:.3f} ({matched}/{len(fact_rows)}); given without truth {given_without}/{without}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", type=Path, help="the xtask's per-page file")
    parser.add_argument("--wcxb", type=Path, required=True, help="the WCXB development split")
    args = parser.parse_args()
    try:
        import trafilatura
    except ImportError:
        sys.exit("trafilatura is not installed: pip install trafilatura")
    rows = [json.loads(line) for line in args.pages.read_text().splitlines() if line.strip()]
    started = time.perf_counter()
    for row in rows:
        html = gzip.decompress((args.wcxb / "html" / f"{row['id']}.html.gz").read_bytes())
        meta = trafilatura.extract_metadata(html.decode("utf-8", "replace"))
        row["trafilatura"] = {
            "title": getattr(meta, "title", None) if meta else None,
            "author": getattr(meta, "author", None) if meta else None,
            "date": getattr(meta, "date", None) if meta else None,
        }
    seconds = time.perf_counter() - started
    print(f"trafilatura {trafilatura.__version__}: {len(rows)} pages, {seconds:.1f} s")
    print("| split | system | title | author | date |")
    print("|---|---|---|---|---|")
    for name, held in (("development", False), ("held out", True)):
        part = [row for row in rows if row["heldOut"] == held]
        for system, facts in (
            ("htmlsplit", lambda row: (row["ours"].get("title"), row["ours"].get("author"), row["ours"].get("published"))),
            ("trafilatura", lambda row: (row["trafilatura"]["title"], row["trafilatura"]["author"], row["trafilatura"]["date"])),
        ):
            cells = [
                tally(part, lambda row, i=i: (facts(row)[i], row["truth"][key]), matches)
                for i, (key, matches) in enumerate(
                    (("title", same_text), ("author", same_text), ("date", same_day))
                )
            ]
            print(f"| {name} ({len(part)}) | {system} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
