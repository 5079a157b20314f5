"""A repeating fault writes a few log lines, not one per message (issue 11, item 3)."""

from __future__ import annotations

import logging

import pytest

from bridgetable.link.logthrottle import LogThrottle


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_same_line_is_written_once_a_window_and_what_was_held_back_is_counted(
        caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    quiet = LogThrottle(logging.getLogger("test.throttle"), window=60.0, limit=3, clock=clock)
    with caplog.at_level(logging.WARNING, logger="test.throttle"):
        assert quiet.warning("bad board") is True
        assert [quiet.warning("bad board") for _ in range(1000)] == [False] * 1000
        assert quiet.warning("bad round") is True  # another fault is still said
        assert quiet.warning("bad table") is True
        assert quiet.warning("bad pair") is False  # but no more than 3 lines a window
        clock.now = 61.0
        assert quiet.warning("bad board") is True
    assert [r.getMessage() for r in caplog.records] == [
        "bad board", "bad round (1000 repeated or similar lines held back)", "bad table",
        "bad board (1 repeated or similar lines held back)"]


def test_a_caller_that_writes_the_line_itself_is_told_how_many_were_held_back() -> None:
    clock = Clock()
    gate = LogThrottle(logging.getLogger("test.throttle"), window=60.0, limit=2, clock=clock)
    assert gate.admit("wrong key of north") == 0
    assert [gate.admit("wrong key of north") for _ in range(5)] == [None] * 5
    assert gate.admit("r/1") == 5  # admitted, after five held back
    assert gate.admit("r/2") is None  # two a window at most, of any kind
    clock.now = 61.0
    assert gate.admit("wrong key of north") == 1
