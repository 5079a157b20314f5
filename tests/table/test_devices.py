"""A whole board through the real device adapters and their libraries' test doubles:
gpiozero MockFactory presses, seat-module frames and card lines over pyserial's loop://, and
luma's dummy device as the displays."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

from gpiozero.pins.mock import MockFactory

from bridgetable.bridge import Seat
from bridgetable.devices.biddingbox import BiddingBox
from bridgetable.devices.cardreader import CardReader
from bridgetable.devices.display import Display
from bridgetable.devices.lines import open_port
from bridgetable.devices.seatmodule import SeatModule, encode_frame
from bridgetable.events import EventKind, Key, TableEvent
from bridgetable.table.flow import FlowConfig
from bridgetable.table.journal import Journal
from bridgetable.table.screens import render
from bridgetable.table.script import board_events
from bridgetable.table.service import TableService

from .helpers import DEAL

PINS = {key: 2 + i for i, key in enumerate(Key)}  # North's keys on GPIO 2-20


def _wait(condition: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 5
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.002)


def test_a_whole_board_through_the_device_adapters(tmp_path: Path) -> None:
    factory = MockFactory()
    box = BiddingBox(Seat.N, PINS, bounce_time=0.001, pin_factory=factory)
    reader = CardReader(open_port("loop://"), Seat.N)
    modules = {seat: SeatModule(open_port("loop://"), seat) for seat in (Seat.E, Seat.S, Seat.W)}
    displays = {seat: Display.dummy() for seat in Seat}
    config = FlowConfig(boards=[1], deals={1: DEAL}, session="s")
    service = TableService(config, Journal(tmp_path / "j.db", session="s"), displays)
    loop = threading.Thread(target=service.run, args=([box, reader, *modules.values()],))
    loop.start()
    try:
        events = board_events(DEAL, Seat.N, "1NT Pass 3NT Pass Pass Pass")
        for number, event in enumerate(events, start=1):
            _deliver(event, factory, reader, modules)
            _wait(lambda n=number: service.handled == n, f"event {number}: {event}")
            assert service.flow.message is None or "confirmed" in service.flow.message, service.flow.message
    finally:
        service.stop()
        loop.join(timeout=5)
    assert len(service.journal) == len(events)
    [result] = service.journal.pending_results()
    assert result.payload["contract"] == "3NT" and len(result.payload["play"]) == 52
    view = service.flow.view()
    for seat, display in displays.items():  # each OLED shows its seat's frame of the final state
        assert display.device.image.tobytes() == render(view, seat).tobytes()
    assert reader.stats.bad_total == 0 and all(m.stats.bad_total == 0 for m in modules.values())


def _deliver(event: TableEvent, factory: MockFactory, reader: CardReader,
             modules: dict[Seat, SeatModule]) -> None:
    if event.seat == Seat.N and event.kind is EventKind.KEY:
        pin = factory.pin(PINS[Key(event.value)])
        pin.drive_low()  # pressed: the key closes the pin to ground
        pin.drive_high()
    elif event.seat == Seat.N:
        reader.port.write(f"{event.value}\r\n".encode())
    else:
        kind = "K" if event.kind is EventKind.KEY else "C"
        modules[event.seat].port.write(encode_frame([kind, event.seat.name, event.value]))
