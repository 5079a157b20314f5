"""TableEvent: what a seat's hardware tells the table unit, whatever the device behind it.

Every device adapter (gpiozero bidding box, serial seat module, keyboard, card reader) turns
its input into these events; the board flow consumes only them, and the journal stores them.
One event comes from the station instead: ``TableEvent.ask``, the director's word that a new
player sits at a seat (a substitute), whose number the table asks at its next board; it is
journaled as a key of that seat, so that a restart asks it still.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import Enum

from .bridge import Card, Seat


class Key(Enum):
    """The keys of a bidding box (one set per seat)."""

    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"
    PASS = "PASS"
    DOUBLE = "X"
    REDOUBLE = "XX"
    OK = "OK"
    UNDO = "UNDO"
    CLAIM = "CLAIM"
    DIRECTOR = "DIRECTOR"
    ALERT = "ALERT"  # the bidding box's Alert card: partner's last call is alerted
    STOP = "STOP"  # the Stop card, before a skip bid: the next player waits the regulation's pause


ASK = "ASK:"  # a key event's value from the station: ask this seat's number again ("ASK:<request>")


class EventKind(Enum):
    KEY = "key"  # a bidding-box key pressed: value is a Key value
    CARD = "card"  # a card scanned at the seat's reader: value is a card, e.g. "SA"


@dataclass(frozen=True, slots=True)
class TableEvent:
    """One input at one seat: a key press or a card scan."""

    seat: Seat
    kind: EventKind
    value: str

    @classmethod
    def key(cls, seat: Seat, key: Key) -> TableEvent:
        return cls(seat, EventKind.KEY, key.value)

    @classmethod
    def card(cls, seat: Seat, card: Card) -> TableEvent:
        return cls(seat, EventKind.CARD, str(card))

    @classmethod
    def ask(cls, seat: Seat, request: str) -> TableEvent:
        """The station asks ``seat``'s player for their number at the next board (a new player):
        ``request`` names the director's ask, so that the table asks once however often it is sent."""
        return cls(seat, EventKind.KEY, ASK + request)

    def asked(self) -> str | None:
        """The station's request, if this event is an ``ask``."""
        if self.kind is EventKind.KEY and self.value.startswith(ASK):
            return self.value[len(ASK):]
        return None

    def to_json(self) -> str:
        return json.dumps({"seat": self.seat.name, "kind": self.kind.value, "value": self.value})

    @classmethod
    def from_json(cls, text: str) -> TableEvent:
        """ValueError, KeyError or TypeError for a line that is not one."""
        data = json.loads(text)
        if not isinstance(data, dict) or not isinstance(data.get("seat"), str):
            raise ValueError('not {"seat": "N", "kind": ..., "value": ...}')
        return cls(Seat.parse(data["seat"]), EventKind(data["kind"]), str(data["value"]))
