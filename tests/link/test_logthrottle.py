"""A repeating fault writes a few log lines, not one per message (issue 11, item 3), and a
repeating traceback too (issue 26)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from bridgetable.link import Broker, SQLiteOutbox, StationLink, TableLink
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.logthrottle import LogThrottle
from bridgetable.link.signing import DerivedKeys

from .support import CLUB, SECRET, table_key, wait_until


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


def test_a_traceback_is_written_once_a_window_for_the_same_fault_at_the_same_place(
        caplog: pytest.LogCaptureFixture) -> None:
    clock = Clock()
    quiet = LogThrottle(logging.getLogger("test.throttle"), window=60.0, clock=clock)

    def fail(text: str) -> bool:
        try:
            raise ValueError(text)
        except ValueError:
            return quiet.exception("handling failed")

    with caplog.at_level(logging.ERROR, logger="test.throttle"):
        assert [fail(f"bad {i}") for i in range(500)] == [True] + [False] * 499
        try:
            {}["missing"]  # another exception: its own traceback
        except KeyError:
            assert quiet.exception("handling failed") is True
        clock.now = 61.0
        assert fail("bad again") is True
    assert [(r.exc_info[0], r.getMessage()) for r in caplog.records if r.exc_info] == [
        (ValueError, "handling failed"),
        (KeyError, "handling failed (499 repeated or similar lines held back)"),
        (ValueError, "handling failed")]


def test_a_failing_handler_logs_its_traceback_once_however_often_the_message_comes(
        broker: MosquittoProcess, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 26: a message that made a handler raise logged a full traceback each time (596 in 30 s)."""
    def broken(state: dict[str, Any]) -> None:
        raise RuntimeError(f"a bug, table {state['table']}")

    link = StationLink(CLUB, DerivedKeys(SECRET, CLUB, 3), lambda received: True, Broker(port=broker.port),
                       on_state=broken)
    link.start()
    publisher = TableLink(CLUB, 1, table_key(1), SQLiteOutbox(tmp_path / "outbox.db"),
                          Broker(port=broker.port))
    try:
        assert link.connected.wait(5)
        publisher.start()
        assert publisher.connected.wait(5)
        with caplog.at_level(logging.INFO, logger="bridgetable.link"):
            for board in range(1, 101):
                publisher.set_state(board=board)
            wait_until(lambda: link.refused["state"] >= 101, what="every state handled")  # and "online"
    finally:
        publisher.stop()
        link.stop()
    tracebacks = [r for r in caplog.records if r.exc_info]
    assert len(tracebacks) == 1 and "RuntimeError: a bug, table 1" in caplog.text
