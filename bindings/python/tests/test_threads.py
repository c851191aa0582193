"""The GIL is released while Rust splits."""

from __future__ import annotations

import threading

from htmlsplit import HtmlSplitter


def test_other_python_threads_run_while_a_split_runs():
    html = "<div>" + "<p>some words in a paragraph</p>" * 400_000 + "</div>"
    splitter = HtmlSplitter(2000, max_chunk_size=3000)
    state = {"inside": False, "done": False, "chunks": None}

    def work():
        state["inside"] = True
        state["chunks"] = splitter.split_text(html)
        state["done"] = True

    thread = threading.Thread(target=work)
    thread.start()
    while not state["inside"]:
        pass
    spins = 0
    while not state["done"]:
        spins += 1
    thread.join()
    assert state["chunks"]
    # With the GIL held for the whole split (hundreds of milliseconds), this
    # loop would get only the few switch intervals before and after it.
    assert spins > 100_000, spins


def test_concurrent_splits_from_threads_agree(sample_html):
    splitter = HtmlSplitter(200, max_chunk_size=300, separators=["h2", "p"], backend="scraper")
    expected = splitter.split_text(sample_html)
    results = []

    def work():
        for _ in range(20):
            results.append(splitter.split_text(sample_html))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 80
    assert all(r == expected for r in results)
