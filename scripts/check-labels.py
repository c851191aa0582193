#!/usr/bin/env python3
"""Check the hand-labelled main-content ground truth in xtask/labels/web.json.

For every entry of kind "article" the page is split with the given htmlsplit
binary in all-mode (one chunk per document, normalized whitespace) with the
entry's include/exclude selectors, and the document's canonical text must
start with the entry's "first" words and end with its "last" words (compared
with runs of whitespace collapsed). Entries of kind "skip" only need a page
that exists and a note saying why.

Usage:
    scripts/check-labels.py PATH/TO/htmlsplit [--labels FILE] [--corpus DIR]
                            [--show] [PAGE ...]

Prints one line per page, OK or FAIL with the reason, and lines that look
like boilerplate (share, newsletter, advertisement...) as warnings after an
OK. Exits 1 if any entry fails, 2 on a usage error. Python 3 stdlib only.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_LABELS = os.path.join(REPO, "xtask", "labels", "web.json")
DEFAULT_CORPUS = "/work/shared/corpus/web"

KEYS = {"page", "kind", "include", "exclude", "note", "first", "last"}
KINDS = {"article", "skip"}

# A line of the kept text that is only one of these is probably boilerplate
# the labels should exclude. Only a warning: some articles legitimately
# contain such a line.
BOILERPLATE = re.compile(
    r"^\W*(advertisement|advertising|share( this)?( article| story)?|tweet|"
    r"sign up( for)?( our)? newsletter.*|subscribe( now)?|related( articles?| stories)?|"
    r"read more|more from .*|comments?( \(\d+\))?|leave a (comment|reply)|"
    r"you may also like|recommended( for you)?|tags?:.*|posted (on|in|by) .*|"
    r"image (caption|copyright).*|photo:.*|getty images|"
    r"follow us.*|print|email|facebook|twitter|linkedin)\W*$",
    re.IGNORECASE,
)


def squash(s):
    return " ".join(s.split())


def extract(binary, path, include, exclude):
    """The canonical text htmlsplit keeps for one page, or raises RuntimeError."""
    with tempfile.TemporaryDirectory() as tmp:
        docs = os.path.join(tmp, "doc.jsonl")
        cmd = [binary, "-q", "--chunk-size", "100000000", "--whitespace", "normalize",
               "--documents", docs]
        for sel in include:
            cmd += ["--include", sel]
        for sel in exclude:
            cmd += ["--exclude", sel]
        cmd.append(path)
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              text=True)
        if proc.returncode != 0:
            msg = proc.stderr.strip().splitlines()
            raise RuntimeError("htmlsplit exit %d: %s" % (proc.returncode,
                                                          msg[-1] if msg else ""))
        with open(docs, encoding="utf-8") as f:
            lines = [json.loads(line) for line in f if line.strip()]
        if len(lines) != 1:
            raise RuntimeError("expected 1 document line, got %d" % len(lines))
        return lines[0]["text"]


def check_entry(entry, binary, corpus, show):
    """Returns (ok, reason, warnings)."""
    missing = KEYS - entry.keys()
    extra = entry.keys() - KEYS
    if missing or extra:
        return False, "keys: missing %s, unknown %s" % (sorted(missing), sorted(extra)), []
    if entry["kind"] not in KINDS:
        return False, "kind %r is not one of %s" % (entry["kind"], sorted(KINDS)), []
    path = os.path.join(corpus, entry["page"])
    if not os.path.isfile(path):
        return False, "no such page %s" % path, []
    if not isinstance(entry["note"], str) or not entry["note"].strip():
        return False, "empty note", []
    if entry["kind"] == "skip":
        return True, "skip", []
    for key in ("include", "exclude"):
        if not isinstance(entry[key], list) or not all(isinstance(s, str) for s in entry[key]):
            return False, "%s is not a list of strings" % key, []
    if not entry["include"]:
        return False, "an article needs at least one include selector", []
    first, last = squash(entry["first"]), squash(entry["last"])
    if not first or not last:
        return False, "empty first/last", []
    try:
        text = extract(binary, path, entry["include"], entry["exclude"])
    except RuntimeError as e:
        return False, str(e), []
    if show:
        print("----- %s (%d chars)\n%s\n-----" % (entry["page"], len(text), text))
    flat = squash(text)
    if not flat:
        return False, "selectors keep no text", []
    if not flat.startswith(first):
        return False, "starts with %r, want %r" % (flat[: len(first) + 20], first), []
    if not flat.endswith(last):
        return False, "ends with %r, want %r" % (flat[-(len(last) + 20):], last), []
    warnings = [line.strip() for line in text.splitlines() if BOILERPLATE.match(line.strip())]
    words = len(flat.split())
    return True, "%d words" % words, warnings


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("binary", help="path of the htmlsplit CLI")
    ap.add_argument("--labels", default=DEFAULT_LABELS, help="labels file (%(default)s)")
    ap.add_argument("--corpus", default=DEFAULT_CORPUS, help="pages folder (%(default)s)")
    ap.add_argument("--show", action="store_true", help="print the kept text of each page")
    ap.add_argument("pages", nargs="*", help="check only these pages")
    args = ap.parse_intermixed_args()

    if not os.access(args.binary, os.X_OK):
        print("not an executable: %s" % args.binary, file=sys.stderr)
        return 2
    with open(args.labels, encoding="utf-8") as f:
        entries = json.load(f)

    failures = 0
    seen = set()
    counts = {}
    for entry in entries:
        page = entry.get("page", "?")
        if args.pages and page not in args.pages:
            continue
        if page in seen:
            ok, reason, warnings = False, "duplicate entry", []
        else:
            ok, reason, warnings = check_entry(entry, args.binary, args.corpus, args.show)
        seen.add(page)
        if ok:
            counts[entry["kind"]] = counts.get(entry["kind"], 0) + 1
        else:
            failures += 1
        print("%-4s %-40s %s" % ("OK" if ok else "FAIL", page, reason))
        for w in warnings:
            print("       warning: boilerplate-like line %r" % w[:80])
    summary = ", ".join("%d %s" % (n, k) for k, n in sorted(counts.items()))
    print("%d entries checked: %s; %d failed" % (len(seen), summary or "none ok", failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
