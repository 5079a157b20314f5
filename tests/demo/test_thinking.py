"""The demo's robots' thinking times (``demo.thinking``): seeded, plausible, and given to the
table's journal through its clock, never by waiting."""

import random
import statistics

from bridgetable.bridge import Deal, Seat
from bridgetable.demo.club import robot_events
from bridgetable.demo.thinking import ThinkingClock, thinking_times
from bridgetable.director.session import generated_boards
from bridgetable.events import EventKind, Key


def a_session_of_events() -> list:
    rng = random.Random(1)
    return [robot_events(b.board, Deal.parse(b.deal or ""), Seat.parse(b.dealer), rng)
            for b in generated_boards(24, 1)]


def test_the_times_are_seeded_and_plausible():
    boards = a_session_of_events()
    times = [thinking_times(events, random.Random(f"s/{i}")) for i, events in enumerate(boards)]
    assert times == [thinking_times(events, random.Random(f"s/{i}")) for i, events in enumerate(boards)]
    calls, strains, leads, cards = [], [], [], []
    for events, seconds in zip(boards, times, strict=True):
        assert len(seconds) == len(events)
        first_card = next(i for i, e in enumerate(events) if e.kind is EventKind.CARD)
        for i, (event, took) in enumerate(zip(events, seconds, strict=True)):
            if event.kind is EventKind.CARD:
                (leads if i == first_card else cards).append(took)
            elif event.value in {"C", "D", "H", "S", "NT"}:
                strains.append(took)
            elif event.value != Key.OK.value:
                calls.append(took)
    assert 1.5 <= statistics.median(calls) <= 4 and max(calls) >= 12  # a hesitation or more
    assert all(0.3 <= took <= 1.0 for took in strains)
    assert 5 <= statistics.median(leads) <= 12 and 2 <= statistics.median(cards) <= 4.5


def test_the_clock_is_the_time_plus_the_thinking():
    clock = ThinkingClock(now=lambda: 1000.0)
    clock.think(2.5)
    clock.think(0.5)
    assert clock() == 1003.0
