"""The GIL is released while Rust splits."""

from __future__ import annotations

import sys
import threading

from htmlsplit import HtmlSplitter


def test_other_python_threads_run_while_a_split_runs():
    """With forced switches of the GIL off, the main thread can only run while
    the worker is inside ``split_text`` if the split releases the GIL: the
    worker cannot set ``done`` before the main thread has looked."""
    # Long enough (about 2 MB) that the main thread, once the worker
    # releases the GIL, is scheduled before the split ends on a loaded machine.
    html = "<div>" + "<p>some words in a paragraph</p>" * 60000 + "</div>"
    splitter = HtmlSplitter(2000, max_chunk_size=3000)
    started = threading.Event()
    state = {"done": False, "chunks": None}

    def work():
        started.set()
        state["chunks"] = splitter.split_text(html)
        state["done"] = True

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        thread = threading.Thread(target=work)
        thread.start()
        # Waiting releases the GIL; the worker keeps it until it blocks.
        assert started.wait(60)
        done_when_main_ran = state["done"]
        thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert state["chunks"]
    # A split holding the GIL would have run to its end, and the worker set
    # `done`, before the main thread got the GIL back.
    assert done_when_main_ran is False


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
