"""Sizers backed by a Python callback: their errors, their results, their lifetime."""

from __future__ import annotations

import gc
import threading
import weakref

import pytest

from htmlsplit import HtmlSplitter

PAGE = "<p>some text here</p><p>and more of it</p>"


@pytest.mark.parametrize(
    ("result", "error", "shown"),
    [
        (-5, ValueError, "-5"),
        (10**30, ValueError, "1000000000000000000000000000000"),
        (2.5, TypeError, "2.5"),
        ("7", TypeError, "'7'"),
        (None, TypeError, "None"),
    ],
)
def test_a_result_that_is_not_a_size_is_an_error_naming_it(result, error, shown):
    splitter = HtmlSplitter.from_callback(lambda text: result, 10)
    with pytest.raises(error) as raised:
        splitter.split_text(PAGE)
    message = str(raised.value)
    assert "sizer callback" in message, message
    assert f"returned {shown}" in message, message
    with pytest.raises(error, match="sizer callback"):
        splitter.split_many([PAGE, PAGE], threads=2)


def test_a_callback_that_holds_its_splitter_is_collected():
    class Sizer:
        splitter = None

        def size(self, text: str) -> int:
            assert self.splitter is not None
            return len(text)

    sizer = Sizer()
    # A cycle: splitter -> its callback (a bound method) -> sizer -> splitter.
    splitter = HtmlSplitter.from_callback(sizer.size, 10)
    sizer.splitter = splitter
    assert splitter.split_text(PAGE)
    collected = weakref.ref(splitter)
    del splitter, sizer
    gc.collect()
    assert collected() is None


def test_each_call_gets_its_own_callback_error():
    """One thread's callback fails while another thread splits with the same splitter."""
    failed = threading.Event()
    other_done = threading.Event()
    state = {"raised": False}

    def size(text: str) -> int:
        if "bad" in text:
            if not state["raised"]:
                state["raised"] = True
                failed.set()
                raise KeyError("bad page")
            # Should a failed split go on calling, wait until the other
            # thread's call has returned.
            other_done.wait(10)
        return len(text)

    splitter = HtmlSplitter.from_callback(size, 5, separators=["p"])
    results = {}

    def failing():
        try:
            results["failing"] = splitter.split_text("<p>bad one</p><p>bad two</p><p>bad three</p>")
        except KeyError as err:
            results["failing"] = err

    thread = threading.Thread(target=failing)
    thread.start()
    try:
        assert failed.wait(10)
        good = splitter.split_text("<p>good one</p><p>good two</p>")
    finally:
        other_done.set()
        thread.join()
    assert good == ["good one", "good two"]
    assert isinstance(results["failing"], KeyError), results["failing"]
