"""The seat module's serial protocol, host side (firmware/PROTOCOL.md is the reference).

A seat module (an RP2040 under the table edge) scans the bidding box's key matrix and relays the
card reader, and sends each as one framed line over USB serial::

    $K,N,PASS*14\\n          key PASS pressed at North
    $C,N,SA*1F\\n            the card reader at North read "SA" (or an RFID tag id)
    $H,N,1.0*29\\n           hello: the module's seat and firmware version, at start-up
    $E,N,uart overrun*5E\\n  the module reports a fault of its own

``hh`` is the XOR of every byte between ``$`` and ``*``, as two upper-case hex digits (as in NMEA).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import serial

from ..bridge import Seat
from ..events import Key, TableEvent
from .cardreader import CardScans
from .lines import BadLine, SerialLineSource

log = logging.getLogger(__name__)

FRAME_TYPES = {"K": "key", "C": "card", "H": "hello", "E": "module error"}


def checksum(body: str) -> int:
    value = 0
    for byte in body.encode("ascii"):
        value ^= byte
    return value


def encode_frame(fields: Sequence[str]) -> bytes:
    body = ",".join(fields)
    return f"${body}*{checksum(body):02X}\n".encode("ascii")


def parse_frame(text: str) -> list[str]:
    """The fields of one frame's text (without its newline), or BadLine naming the defect."""
    if not text.startswith("$"):
        raise BadLine("framing", f"no '$' at the start: {text!r}")
    body, star, given = text[1:].rpartition("*")
    if not star or len(given) != 2:
        raise BadLine("framing", f"no '*hh' checksum at the end: {text!r}")
    try:
        expected = int(given, 16)
    except ValueError:
        raise BadLine("framing", f"checksum {given!r} is not hex: {text!r}") from None
    if checksum(body) != expected:
        raise BadLine("checksum", f"checksum {given} but the line sums to {checksum(body):02X}: {text!r}")
    fields = body.split(",")
    if len(fields) != 3 or fields[0] not in FRAME_TYPES:
        raise BadLine("framing", f"not a 'type,seat,value' frame: {text!r}")
    return fields


class SeatModule(SerialLineSource):
    """One seat's module on its USB serial port: KEY and CARD events for that seat."""

    def __init__(self, port: serial.SerialBase, seat: Seat, scans: CardScans | None = None) -> None:
        super().__init__(port, f"seat module {seat.name}")
        self.seat = seat
        self.scans = scans or CardScans()
        self.firmware: str | None = None  # the version from the module's hello

    def handle_line(self, text: str) -> TableEvent | None:
        kind, seat, value = parse_frame(text)
        if seat != self.seat.name:
            raise BadLine("wrong seat", f"frame from seat {seat!r} on {self.seat.name}'s port: {text!r}")
        if kind == "K":
            try:
                return TableEvent.key(self.seat, Key(value))
            except ValueError:
                raise BadLine("unknown", f"no key {value!r}: {text!r}") from None
        if kind == "C":
            return TableEvent.card(self.seat, self.scans.card(value))
        if kind == "H":
            self.firmware = value
            log.info("seat module %s: firmware %s", seat, value)
            return None
        raise BadLine("module error", f"the module reports: {value}")
