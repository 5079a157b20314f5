"""The seat module's framed lines, host side, over pyserial's loop:// port and a pty."""

from __future__ import annotations

import os
import queue

import pytest
import serial

from bridgetable.bridge import Card, Seat
from bridgetable.devices.lines import BadLine, open_port
from bridgetable.devices.seatmodule import SeatModule, encode_frame, parse_frame
from bridgetable.events import Key, TableEvent


def test_documented_example_frame() -> None:
    assert encode_frame(["K", "N", "PASS"]) == b"$K,N,PASS*14\n"
    assert parse_frame("$K,N,PASS*14") == ["K", "N", "PASS"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("K,N,PASS*14", "framing"),
        ("$K,N,PASS", "framing"),
        ("$K,N,PASS*1", "framing"),
        ("$K,N,PASS*ZZ", "framing"),
        ("$K,N,PASS*15", "checksum"),
        ("$K,N,PAS*14", "checksum"),
        ("$Q,N,PASS*" + f"{0x51 ^ 0x2C ^ 0x4E ^ 0x2C ^ 0x50 ^ 0x41 ^ 0x53 ^ 0x53:02X}", "framing"),
    ],
)
def test_bad_frames_name_their_defect(text: str, reason: str) -> None:
    with pytest.raises(BadLine) as caught:
        parse_frame(text)
    assert caught.value.reason == reason


def test_keys_cards_hello_and_module_errors() -> None:
    module = SeatModule(open_port("loop://"), Seat.E)
    wire = b"".join(
        encode_frame(fields)
        for fields in (["H", "E", "1.0"], ["K", "E", "1"], ["K", "E", "NT"], ["C", "E", "SA"],
                       ["K", "N", "OK"], ["K", "E", "BOGUS"], ["E", "E", "uart overrun"], ["C", "E", "XYZ"])
    )
    events = module.feed(wire)
    assert events == [
        TableEvent.key(Seat.E, Key.ONE), TableEvent.key(Seat.E, Key.NOTRUMP),
        TableEvent.card(Seat.E, Card.parse("SA")),
    ]
    assert module.firmware == "1.0"
    assert dict(module.stats.bad) == {"wrong seat": 1, "unknown": 2, "module error": 1}


def test_frames_over_a_pseudo_terminal_reach_the_sink() -> None:
    """A pty behaves like the module's /dev/ttyACM port: a real file descriptor, read by pyserial."""
    controller, device = os.openpty()
    port = serial.Serial(os.ttyname(device), timeout=0.05)
    module = SeatModule(port, Seat.S)
    events: queue.Queue[TableEvent] = queue.Queue()
    module.start(events.put)
    try:
        wire = encode_frame(["K", "S", "PASS"]) + b"$K,S,X*00\n" + encode_frame(["K", "S", "X"])
        os.write(controller, wire)
        assert events.get(timeout=2) == TableEvent.key(Seat.S, Key.PASS)
        assert events.get(timeout=2) == TableEvent.key(Seat.S, Key.DOUBLE)
    finally:
        module.close()
        os.close(controller)
        os.close(device)
    assert module.stats.bad == {"checksum": 1}
    assert module.stats.accepted == 2
