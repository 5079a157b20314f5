"""A bidding box wired to the Pi's GPIO pins: one gpiozero Button per key, one group of pins per seat.

Each key closes its pin to ground (internal pull-up). gpiozero's ``bounce_time`` asks the pin
library (lgpio, RPi.GPIO) to suppress contact bounce; pin factories that do not (gpiozero's native
and mock pins) would let a bouncing contact through as several presses, so the box also ignores a
second press of the same key within ``bounce_time`` of the first.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping

from gpiozero import Button
from gpiozero.pins import Factory

from ..bridge import Seat
from ..events import Key, TableEvent
from .lines import EventSink
from .pinmap import PinMap


class BiddingBox:
    def __init__(
        self,
        seat: Seat,
        pins: Mapping[Key, int],
        bounce_time: float = 0.02,
        pin_factory: Factory | None = None,
    ) -> None:
        self.seat = seat
        self.bounce_time = bounce_time
        self.bounces = 0  # presses ignored as contact bounce
        self._sink: EventSink | None = None
        self._last_press: dict[Key, float] = {}
        self._lock = threading.Lock()
        self.buttons = {
            key: Button(pin, pull_up=True, bounce_time=bounce_time, pin_factory=pin_factory)
            for key, pin in pins.items()
        }
        for key, button in self.buttons.items():
            button.when_pressed = lambda _button, key=key: self._pressed(key)

    def start(self, sink: EventSink) -> None:
        self._sink = sink

    def _pressed(self, key: Key) -> None:
        now = time.monotonic()
        with self._lock:
            last = self._last_press.get(key)
            if last is not None and now - last < self.bounce_time:
                self.bounces += 1
                return
            self._last_press[key] = now
            sink = self._sink
        if sink is not None:
            sink(TableEvent.key(self.seat, key))

    def close(self) -> None:
        for button in self.buttons.values():
            button.close()


def bidding_boxes(pinmap: PinMap, pin_factory: Factory | None = None) -> list[BiddingBox]:
    """A BiddingBox for each seat whose keys the pin map wires to GPIO pins."""
    return [
        BiddingBox(wiring.seat, wiring.keys, pinmap.bounce_time, pin_factory)
        for wiring in pinmap.seats.values()
        if wiring.keys
    ]
