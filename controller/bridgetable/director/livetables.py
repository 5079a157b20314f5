"""The tables' live feed (their calls and cards as they happen, QoS 0) kept for the vugraph pages:
each table's current board, its calls and cards by sequence number (a message lost or late does
not shift the others; an "undo" drops what follows it).

The hands are not part of the feed. What of a table's board the page shows to whom is for
``visibility`` to say.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from ..bridge import Auction, Call, Card, Seat, trick_winner


@dataclass
class LiveBoard:
    """What one table has published of the board it is playing."""

    table: int
    board: int
    round: int | None = None
    events: dict[int, tuple[str, str, str | None]] = field(default_factory=dict)  # seq -> kind, value, seat
    alerts: set[int] = field(default_factory=set)  # the seq of each alerted call

    def put(self, seq: int, kind: str, value: str, seat: str | None) -> None:
        if kind == "undo":  # the calls from seq on were taken back
            self.events = {s: e for s, e in self.events.items() if s < seq}
            self.alerts = {s for s in self.alerts if s < seq}
        elif kind == "alert":
            self.alerts.add(seq)
        elif kind in ("call", "card"):
            self.events[seq] = (kind, value, seat)

    def _of(self, wanted: str) -> list[tuple[str, str]]:
        return [(seat or "", value) for _, (kind, value, seat) in sorted(self.events.items())
                if kind == wanted]

    def calls(self) -> list[tuple[str, str]]:
        """(seat, call) in order."""
        return self._of("call")

    def alerted_calls(self) -> list[tuple[str, bool]]:
        """(call, alerted) in order."""
        return [(value, seq in self.alerts) for seq, (kind, value, _) in sorted(self.events.items())
                if kind == "call"]

    def cards(self) -> list[tuple[str, str]]:
        """(seat, card) in order."""
        return self._of("card")

    def contract(self, dealer: str) -> tuple[str, str] | None:
        """The contract and declarer ("4SX", "N") once the calls published make a finished auction
        with a contract; None before, and for a passed-out board."""
        try:
            auction = Auction(Seat.parse(dealer), [Call.parse(call) for _, call in self.calls()])
        except ValueError:
            return None
        if auction.contract is None or auction.declarer is None:
            return None
        return str(auction.contract), str(auction.declarer)

    def tricks(self, dealer: str) -> list[dict[str, Any]]:
        """The cards in tricks: each trick's cards by seat and, once complete, its winner (from the
        contract the calls make; none while the auction is unknown or not over)."""
        trump, known = None, False
        try:
            auction = Auction(Seat.parse(dealer), [Call.parse(call) for _, call in self.calls()])
            if auction.contract is not None:
                trump, known = auction.contract.strain.trump, True
        except ValueError:
            pass
        cards = self.cards()
        tricks = []
        for start in range(0, len(cards), 4):
            trick = cards[start:start + 4]
            entry: dict[str, Any] = {"cards": dict(trick), "leader": trick[0][0]}
            if len(trick) == 4 and known:
                leader = Seat.parse(trick[0][0])
                entry["winner"] = str(trick_winner(leader, [Card.parse(c) for _, c in trick], trump))
            tricks.append(entry)
        return tricks


class LiveTables:
    """Every table's current board from the live feed; thread-safe (the link calls from its thread)."""

    def __init__(self) -> None:
        self._boards: dict[int, LiveBoard] = {}
        self._lock = threading.Lock()

    def put(self, message: dict[str, Any]) -> None:
        """A validated "live" message; a new board at a table starts that table afresh."""
        with self._lock:
            table, board = message["table"], message["board"]
            current = self._boards.get(table)
            if current is None or current.board != board:
                current = self._boards[table] = LiveBoard(table, board, message.get("round"))
            current.put(message["seq"], message["event"], message["value"], message.get("seat"))

    def board(self, table: int) -> LiveBoard | None:
        """A copy of what ``table`` has published of its current board."""
        with self._lock:
            current = self._boards.get(table)
            if current is None:
                return None
            return LiveBoard(current.table, current.board, current.round, dict(current.events),
                             set(current.alerts))

