"""The terminal keyboard as all four seats, read from a real pseudo-terminal and from text."""

from __future__ import annotations

import os
import queue

import pytest

from bridgetable.bridge import Card, Seat
from bridgetable.devices.keyboard import Keyboard, parse_line
from bridgetable.devices.lines import BadLine
from bridgetable.events import Key, TableEvent


def test_bids_keys_and_cards() -> None:
    assert parse_line("n 1nt") == [TableEvent.key(Seat.N, Key.ONE), TableEvent.key(Seat.N, Key.NOTRUMP)]
    assert parse_line("East p x xx ok undo claim dir") == [
        TableEvent.key(Seat.E, key)
        for key in (Key.PASS, Key.DOUBLE, Key.REDOUBLE, Key.OK, Key.UNDO, Key.CLAIM, Key.DIRECTOR)
    ]
    assert parse_line("S S7 7S H10") == [
        TableEvent.card(Seat.S, Card.parse("S7")),
        TableEvent.key(Seat.S, Key.SEVEN), TableEvent.key(Seat.S, Key.SPADES),
        TableEvent.card(Seat.S, Card.parse("HT")),
    ]
    assert parse_line("   ") == []


@pytest.mark.parametrize(("line", "message"), [
    ("1NT", "start with the seat"), ("W", "nothing after the seat"), ("W 8S", "'8S' is neither"),
])
def test_unreadable_lines_say_why(line: str, message: str) -> None:
    with pytest.raises(BadLine, match=message):
        parse_line(line)


def test_typed_lines_in_a_terminal_reach_the_sink_and_bad_ones_are_counted() -> None:
    controller, terminal = os.openpty()
    with os.fdopen(terminal, "r") as stream:
        keyboard = Keyboard(stream)
        events: queue.Queue[TableEvent] = queue.Queue()
        keyboard.start(events.put)
        os.write(controller, b"N 2H\nN 9Z\nE pass\n")
        received = [events.get(timeout=2) for _ in range(3)]
        assert keyboard.stats.bad == {"unknown": 1} and keyboard.stats.accepted == 3
        os.close(controller)  # the terminal goes away: the reader stops (EOF or EIO), without a traceback
        keyboard.close()
    assert received == [
        TableEvent.key(Seat.N, Key.TWO), TableEvent.key(Seat.N, Key.HEARTS), TableEvent.key(Seat.E, Key.PASS)
    ]
    assert keyboard.stats.bad["unknown"] == 1
