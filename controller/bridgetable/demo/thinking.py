"""The demo's robots take their time: a plausible thinking time before each call and card.

The robots act at once, so a demo's tempo (issue 29) would be 0.0 s for every call and card, and
the director's tempo pages would show nothing worth a look. Each robot table gives its journal a
``ThinkingClock``: the wall clock plus the seconds its players have "thought" so far, drawn from a
seeded random source before each event (``thinking_times``). The table measures the tempo from
that clock as from any other, and no one waits: the demo runs as fast as before.

The times, in seconds: a call about 2.5 (the median; a few over 10, the hesitations the director
looks at), its strain key after its level under a second, the opening lead about 8, any other
card about 3, an OK about 2.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from ..events import EventKind, Key, TableEvent

CALL_KEYS = {Key.ONE, Key.TWO, Key.THREE, Key.FOUR, Key.FIVE, Key.SIX, Key.SEVEN, Key.PASS, Key.DOUBLE,
             Key.REDOUBLE}  # the key that begins a call (a bid's level, or the whole call)
HESITATIONS = 0.05  # how often a call takes 12 to 25 s


def _about(rng: random.Random, median: float) -> float:
    """A time around ``median`` seconds, now and then much longer (log-normal)."""
    return rng.lognormvariate(math.log(median), 0.6)


def thinking_times(events: list[TableEvent], rng: random.Random) -> list[float]:
    """The seconds a player thinks before each of a board's ``events`` (as ``robot_events`` gives them)."""
    times = []
    led = False
    for event in events:
        if event.kind is EventKind.CARD:
            times.append(_about(rng, 3.0 if led else 8.0))
            led = True
        elif event.value == Key.OK.value:
            times.append(_about(rng, 2.0))
        elif Key(event.value) in CALL_KEYS:
            times.append(rng.uniform(12.0, 25.0) if rng.random() < HESITATIONS else _about(rng, 2.5))
        else:  # a strain after its level
            times.append(rng.uniform(0.3, 1.0))
    return times


class ThinkingClock:
    """The journal's clock at a robot table: ``now`` plus the seconds thought so far."""

    def __init__(self, now: Callable[[], float] = time.time) -> None:
        self._now = now
        self.thought = 0.0

    def __call__(self) -> float:
        return self._now() + self.thought

    def think(self, seconds: float) -> None:
        self.thought += seconds
