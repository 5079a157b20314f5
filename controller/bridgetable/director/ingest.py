"""Ingest: results from the tables (through the link's StationLink callback) into the store, the
tables' status, and the notifications that keep the web pages and the tables' travellers live.

``store_result`` (one result) and ``store_results`` (several, in one transaction) return only
once the results are in the store, so the ack the link sends after them means "stored". Before
that, ``check_result`` (the link's ``check``) refuses a result that does not fit the session
(``checks.result_problem``): the reason goes to the log and the audit trail, and the link acks it
"refused", so that the table stops sending it and calls the director.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..link import SCHEMA_VERSION, ReceivedResult
from ..link.logthrottle import LogThrottle
from .checks import result_problem
from .livetables import LiveTables
from .members import MemberList, entered_numbers
from .session import Session
from .standings import LiveStandings, TravellerRow
from .store import StoredResult

log = logging.getLogger("bridgetable.director")
quiet = LogThrottle(log)  # a result sent again and again, refused each time: a line now and then

Listener = Callable[[str], None]
LATE_AFTER = 20 * 60.0  # seconds without news from a table that is still playing


@dataclass
class TableStatus:
    table: int
    online: bool = False
    round: int | None = None
    board: int | None = None
    phase: str = ""
    director_call: bool = False
    detail: str = ""
    seen: float = field(default_factory=time.monotonic)

    def late(self, now: float | None = None) -> bool:
        return self.online and (now or time.monotonic()) - self.seen > LATE_AFTER


def stored_from_message(message: dict[str, Any], session: Session) -> StoredResult:
    """A validated result message -> the store's record of it (the round from the movement when
    the table was not told it, the pairs when the message leaves them out)."""
    table, board = message["table"], message["board"]
    round_ = message["round"] or session.round_of(table, board) or 0
    seat = session.movement.at(round_, table) if round_ else None
    lead = message.get("lead") or ((message.get("play") or [None])[0])
    return StoredResult(
        session=message["session"], round=round_, table=table, board=board, revision=message["revision"],
        ns=message.get("ns") or (seat.ns if seat else 0), ew=message.get("ew") or (seat.ew if seat else 0),
        contract=message["contract"], declarer=message["declarer"], tricks=message["tricks"],
        ns_score=message["score_ns"], lead=lead, record=dict(message))


class Ingest:
    """The station's live core: stores results, tracks the tables, notifies listeners."""

    def __init__(self, session: Session, publish_traveller: Callable[[dict[str, Any]], None] | None = None,
                 members: MemberList | None = None):
        self.session = session
        self.members = members  # the club's member list: the names of the numbers entered at the tables
        self.register: dict[str, str] = {}  # the center's register's names of numbers not on it ("": unknown)
        tables = range(1, session.movement.tables + 1)
        self.status: dict[int, TableStatus] = {t: TableStatus(t) for t in tables}
        self._publish_traveller = publish_traveller
        self._listeners: list[Listener] = []
        self._lock = threading.Lock()
        # (table, board) of every result of the session, kept in memory: checking whether a round
        # is complete must not read the store after every result of a large event
        results = session.store.results(session.id)
        self.played = {(r.table, r.board) for r in results}
        self.live = LiveStandings(session, results)  # scored as each result arrives
        self.boards = session.store.boards(session.id)  # fixed before the first round
        self.tables_live = LiveTables()  # each table's current board from its live feed

    def check_result(self, message: dict[str, Any]) -> str | None:
        """Why a table's result does not fit this session (logged and audited), or None."""
        problem = result_problem(message, self.session.id, self.session.movement, self.boards)
        if problem is not None:
            detail = f"table {message['table']} board {message['board']} r{message['revision']}: {problem}"
            quiet.warning(f"refused a result: {detail}")
            self.session.store.audit(self.session.id, "station", "refused result", detail)
        return problem

    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _notify(self, what: str) -> None:
        for listener in list(self._listeners):
            try:
                listener(what)
            except Exception:  # a closed page must not stop the ingest
                quiet.exception("listener failed")

    def store_result(self, received: ReceivedResult) -> bool:
        """The StationLink callback: store, then publish the traveller and notify."""
        stored = stored_from_message(received.message, self.session)
        return self.record(stored)

    def store_results(self, received: Sequence[ReceivedResult]) -> list[bool]:
        """The StationLink callback for several results waiting at once: all stored in one
        transaction (one write to disk), then each board's traveller published once."""
        return self.record_many([stored_from_message(r.message, self.session) for r in received])

    def record(self, stored: StoredResult) -> bool:
        """Store one result (from a table or the director); True if it was new."""
        return self.record_many([stored])[0]

    def record_many(self, results: Sequence[StoredResult]) -> list[bool]:
        """Store results in one transaction; for each, True if it was new."""
        new = self.session.store.put_results(results)
        added = [stored for stored, is_new in zip(results, new, strict=True)
                 if is_new and stored.session == self.session.id]
        for stored in added:
            if stored.round == 0:
                self.session.store.audit(stored.session, "station", "unexpected result",
                                         f"table {stored.table} board {stored.board}: not in the movement")
            self.played.add((stored.table, stored.board))
            self.live.put(stored)
            when = self.session.played_when(stored.round, stored.table, stored.board)
            if stored.source == "table" and entered_numbers(self.session.setup, stored.record, stored.ns,
                                                             stored.ew, self.members, when, self.register):
                self.session.save()
        for board in sorted({stored.board for stored in added}):
            self.publish_traveller(board)
        if added:
            self._notify("result")
        return new

    def rescore(self, board: int | None = None) -> None:
        """After a ruling in the session's set-up (a fouled board, a penalty, a name): score again,
        publish the board's traveller, tell the pages."""
        self.live.rescore(board)
        if board is not None:
            self.publish_traveller(board)
        self._notify("result")

    def traveller(self, board: int) -> list[TravellerRow]:
        """One board's rows, as the live standings have them."""
        return self.live.traveller(board)

    def publish_traveller(self, board: int) -> None:
        if self._publish_traveller is None:
            return
        rows = [row.message_row() for row in self.traveller(board)]
        self._publish_traveller({"schema": SCHEMA_VERSION, "kind": "traveller", "session": self.session.id,
                                 "board": board, "rows": rows})

    def on_state(self, message: dict[str, Any]) -> None:
        """The StationLink state callback: a table's retained state (or its last will)."""
        with self._lock:
            status = self.status.setdefault(message["table"], TableStatus(message["table"]))
            status.online = message["status"] == "online"
            for name in ("round", "board", "phase", "director_call", "detail"):
                if name in message:
                    setattr(status, name, message[name])
            status.seen = time.monotonic()
        self._notify("status")

    def on_live(self, message: dict[str, Any]) -> None:
        """The StationLink live callback: a call or card at a table, for the vugraph pages
        (each page listens to its own table's event, "live-T")."""
        self.tables_live.put(message)
        self._notify(f"live-{message['table']}")

    def answer_call(self, table: int, actor: str, note: str = "") -> None:
        with self._lock:
            status = self.status.setdefault(table, TableStatus(table))
            status.director_call = False
        self.session.store.audit(self.session.id, actor, "answer call", f"table {table}: {note}".strip())
        self._notify("status")
