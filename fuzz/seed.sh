#!/usr/bin/env bash
# Fills fuzz/corpus/<target>/ with seed inputs (gitignored; never commit them):
#   split_*      the repo's corpus/*.html, ../shared/corpus pages (ecma262, web),
#                every `#data` input of the html5lib tree-construction tests and
#                every html5lib tokenizer input, each behind an 8-byte config
#                header (see FuzzCase::from_bytes in src/lib.rs); split_main
#                also the WCXB pages (wcxb-dev/html/*.html.gz), pages of every
#                type whose main content is the question
#   config_json  the repo's corpus/*.json and the configs of conformance/cases.json
#
# Usage: fuzz/seed.sh [SHARED_CORPUS_DIR]   (default: ../shared/corpus from the repo root)
set -euo pipefail

fuzz_dir=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$fuzz_dir")
shared=${1:-$repo/../shared/corpus}

exec python3 - "$repo" "$shared" "$fuzz_dir/corpus" <<'PY'
import glob, gzip, hashlib, json, os, struct, sys

repo, shared, out = sys.argv[1:4]
targets = ["split_html5ever", "split_scraper", "split_tl", "split_main"]
for name in targets + ["config_json"]:
    os.makedirs(os.path.join(out, name), exist_ok=True)

def header(key: bytes) -> bytes:
    # A varied but reproducible config per seed: chunk size 1..300, a max
    # on three seeds in four, a few separators and protected selectors; the
    # other bits of byte 2 pick the sizer, whitespace and forced estimates
    # (see FuzzCase::from_bytes).
    h = hashlib.sha1(key).digest()
    chunk = struct.unpack_from("<H", h, 0)[0]
    flags = h[2] | (1 if h[2] & 6 else 0)
    return struct.pack("<HBBHH", chunk, flags, h[3],
                       struct.unpack_from("<H", h, 4)[0] & 0x0F3F,
                       struct.unpack_from("<H", h, 6)[0] & 0x0600)

def write(target: str, data: bytes) -> None:
    path = os.path.join(out, target, hashlib.sha1(data).hexdigest())
    with open(path, "wb") as f:
        f.write(data)

def add_html(html: bytes) -> None:
    seed = header(html) + html
    for target in targets:
        write(target, seed)

counts = {}
def count(kind):
    counts[kind] = counts.get(kind, 0) + 1

pages = sorted(glob.glob(os.path.join(repo, "corpus", "*.html")))
pages += sorted(glob.glob(os.path.join(shared, "ecma262", "*.html")))
pages += sorted(glob.glob(os.path.join(shared, "web", "*.html")))
for path in pages:
    with open(path, "rb") as f:
        add_html(f.read())
    count("pages")

# html5lib tree construction: `#data` runs until a line starting with `#errors`,
# `#new-errors`, `#document-fragment` or `#document`. Read as bytes: some hold
# NUL and CR on purpose.
ends = (b"#errors", b"#new-errors", b"#document-fragment", b"#document")
for path in sorted(glob.glob(os.path.join(shared, "html5lib", "tree-construction", "*.dat"))):
    with open(path, "rb") as f:
        lines = f.read().split(b"\n")
    data = None
    for line in lines:
        if line == b"#data":
            data = []
        elif data is not None and line.startswith(ends):
            add_html(b"\n".join(data))
            count("html5lib #data")
            data = None
        elif data is not None:
            data.append(line)

# html5lib tokenizer: tests[].input; lone surrogates become invalid UTF-8.
for path in sorted(glob.glob(os.path.join(shared, "html5lib", "tokenizer", "*.test"))):
    with open(path, encoding="utf-8") as f:
        tests = json.load(f).get("tests", [])
    for test in tests:
        text = test.get("input", "")
        if test.get("doubleEscaped"):
            try:
                text = json.loads('"' + text.replace('"', '\\"') + '"')
            except ValueError:
                pass
        add_html(text.encode("utf-8", "surrogatepass"))
        count("html5lib tokenizer")

# WCXB's pages, for the main-content target only: articles, forums,
# products, listings, collections, documentation and service pages.
for path in sorted(glob.glob(os.path.join(shared, "wcxb-dev", "html", "*.html.gz"))):
    with gzip.open(path, "rb") as f:
        html = f.read()
    write("split_main", header(html) + html)
    count("wcxb pages")

for path in sorted(glob.glob(os.path.join(repo, "corpus", "*.json"))):
    with open(path, "rb") as f:
        write("config_json", f.read())
    count("configs")
with open(os.path.join(repo, "conformance", "cases.json"), encoding="utf-8") as f:
    for case in json.load(f):
        if "config" in case:
            write("config_json", json.dumps(case["config"]).encode())
            count("configs")

for kind, n in counts.items():
    print(f"{kind}: {n}")
for name in targets + ["config_json"]:
    print(f"corpus/{name}: {len(os.listdir(os.path.join(out, name)))} files")
PY
