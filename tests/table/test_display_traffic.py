"""What a played board costs on the displays' shared I2C bus: four SSD1306 behind a TCA9548A,
luma's real driver, the model bus counting every byte (devices/busmodel.py)."""

from __future__ import annotations

from pathlib import Path

from bridgetable.bridge import Seat
from bridgetable.devices.busmodel import ModelBus
from bridgetable.devices.display import pages, seat_displays
from bridgetable.devices.pinmap import load_pinmap
from bridgetable.events import EventKind
from bridgetable.table.flow import FlowConfig
from bridgetable.table.journal import Journal
from bridgetable.table.screens import render
from bridgetable.table.script import board_events
from bridgetable.table.service import TableService

from .helpers import DEAL

PINMAP = Path(__file__).parents[2] / "hardware" / "pinmap.toml"


def test_a_card_or_a_call_costs_a_few_hundred_bytes_and_each_display_shows_its_screen(tmp_path: Path) -> None:
    pinmap = load_pinmap(PINMAP)
    bus = ModelBus.for_pinmap(pinmap, 1)
    config = FlowConfig(boards=[1], deals={1: DEAL}, session="s")
    displays = seat_displays(pinmap, lambda n: bus)
    service = TableService(config, Journal(tmp_path / "j.db", session="s"), displays)
    sent = []
    for event in board_events(DEAL, Seat.N, "1NT Pass 3NT Pass Pass Pass"):
        before = bus.traffic.bytes
        assert service.handle(event).changed
        sent.append((event, bus.traffic.bytes - before))
        for seat in Seat:  # what each OLED holds is exactly its screen
            screen = render(service.flow.view(), seat, service.moves)
            assert bus.controllers[(int(seat), 0x3C)].shown() == b"".join(pages(screen))
    cards = [size for event, size in sent if event.kind is EventKind.CARD]
    assert len(cards) == 52
    # a card that does not end a trick: the card and the next "?" on four displays, little else
    assert max(size for i, size in enumerate(cards) if i % 4 != 3) <= 400
    calls = [size for event, size in sent if event.kind is EventKind.KEY][1:6]  # after OK, the auction
    assert max(calls) <= 400, calls
    assert sorted(size for _, size in sent)[len(sent) // 2] <= 300  # issue 15's median
    assert max(size for _, size in sent) < 4 * 1100  # never more than four whole frames
    # a new phase (auction, play, result) within issue 15's p99: the screens keep their places;
    # only the session's end (the last event here) replaces every screen
    assert max(size for _, size in sent[:-1]) <= 2500, sorted(size for _, size in sent)[-4:]
