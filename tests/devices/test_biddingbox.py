"""The GPIO bidding box through gpiozero's own MockFactory pins."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from bridgetable.bridge import Seat
from bridgetable.devices.biddingbox import BiddingBox, bidding_boxes
from bridgetable.devices.pinmap import load_pinmap
from bridgetable.events import Key, TableEvent

PILOT = Path(__file__).parents[2] / "hardware" / "pinmap-pilot.toml"


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    factory = MockFactory()
    Device.pin_factory = factory
    yield factory
    factory.reset()
    Device.pin_factory = None


def press(factory: MockFactory, pin: int) -> None:
    """A clean press and release: the key pulls its pin to ground, as wired (pull-ups)."""
    factory.pin(pin).drive_low()
    factory.pin(pin).drive_high()


def test_pinmap_boxes_turn_presses_into_key_events(factory: MockFactory) -> None:
    pinmap = load_pinmap(PILOT)
    (box,) = bidding_boxes(pinmap)
    events: list[TableEvent] = []
    box.start(events.append)
    pins = pinmap.seats[Seat.N].keys
    for key in (Key.ONE, Key.NOTRUMP, Key.PASS, Key.DIRECTOR):
        press(factory, pins[key])
    assert events == [TableEvent.key(Seat.N, key) for key in (Key.ONE, Key.NOTRUMP, Key.PASS, Key.DIRECTOR)]
    assert all(button.pull_up for button in box.buttons.values())
    assert box.buttons[Key.OK].pin.bounce == pytest.approx(pinmap.bounce_time)
    box.close()


def test_contact_bounce_gives_one_press_and_a_later_press_counts(factory: MockFactory) -> None:
    box = BiddingBox(Seat.E, {Key.OK: 20, Key.UNDO: 21}, bounce_time=0.05)
    events: list[TableEvent] = []
    box.start(events.append)
    pin = factory.pin(20)
    for _ in range(4):  # a bouncing contact: four closures within a few milliseconds
        pin.drive_low()
        pin.drive_high()
    press(factory, 21)  # another key at once is no bounce
    assert events == [TableEvent.key(Seat.E, Key.OK), TableEvent.key(Seat.E, Key.UNDO)]
    assert box.bounces == 3
    time.sleep(0.06)
    press(factory, 20)
    assert events[-1] == TableEvent.key(Seat.E, Key.OK)
    assert len(events) == 3
    box.close()


def test_presses_before_start_are_not_delivered_and_seats_are_kept_apart(factory: MockFactory) -> None:
    north = BiddingBox(Seat.N, {Key.PASS: 5})
    south = BiddingBox(Seat.S, {Key.PASS: 6})
    events: list[TableEvent] = []
    press(factory, 5)
    north.start(events.append)
    south.start(events.append)
    time.sleep(0.03)
    press(factory, 6)
    press(factory, 5)
    assert events == [TableEvent.key(Seat.S, Key.PASS), TableEvent.key(Seat.N, Key.PASS)]
    north.close()
    south.close()
    assert factory.pin(5).function == "input"  # released pins can be claimed again
    BiddingBox(Seat.N, {Key.PASS: 5}).close()
