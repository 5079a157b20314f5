"""The table's journal: every accepted event in SQLite, and the outbox of confirmed results.

SQLite in WAL mode with synchronous=FULL: once ``append`` returns, the event survives a power cut.
The table writes an event before it shows or sends anything that follows from it, so after a
restart replaying the journal puts the board exactly where it was (see ``service``).

Schema (version 5; a version-2, -3 or -4 journal is upgraded in place):

``events``  seq (1, 2, ...), seat (N/E/S/W), kind (key/card), value (the Key value or the card),
            at (Unix time, the journal's ``clock``: the flow measures the board's tempo from it,
            ``table.tempo``; nothing else of the flow reads it).
``outbox``  one row per confirmed result, written in the same transaction as the confirming
            event: id, event_seq (that event), key (idempotent: club/session/round/table/board/revision),
            board, payload (the result as JSON, see ``flow.BoardFlow.result_record``), created_at,
            attempts and sent_at (the link's last try), acked_at (the station has stored it).
``assignments``  one row per round the station assigned (round, its boards as JSON, final, and
            moves: the pairs and where they and the boards go next, as JSON, see ``moves.Moves``):
            the boards a table without boards in table.toml plays, each board's round and the
            moves shown at the end of the round, known again after a restart before the station
            is reachable.
``skipped``  the boards the director marked not played that this table had not begun (the
            station's assignment names them): taken out of its boards, in replay too.
``meta``    name/value: the schema version and the session the journal belongs to ("" until a
            table told its session by the station adopts it); ``game``, the game form its events
            were played in (``[table] game``; a journal without it, from before the forms, holds
            duplicate boards once it has events).

The journal is created (or upgraded) in one transaction, so a power cut leaves either nothing or
all of it; a file left by a program that wrote the meta rows one at a time (a schema row but no
session) is completed on the next start.

The link reads ``pending_results()`` and calls ``mark_sent`` / ``mark_acked``; a result is pending
until it is acknowledged. The link does so from its own thread while the table appends events, so
every use of the one connection holds the journal's lock.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import durable
from ..bridge import Seat
from ..events import EventKind, TableEvent
from ..i18n import LAWS

SCHEMA_VERSION = "5"  # 2: the outbox key holds the round; 3: the station's assignments; 4: moves;
# 5: the boards skipped
UPGRADABLE = ("2", "3", "4")  # older schemas this program upgrades in place (3 and 5 add a table, 4 a column)

_ = LAWS.gettext

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY,
    seat TEXT NOT NULL CHECK (seat IN ('N', 'E', 'S', 'W')),
    kind TEXT NOT NULL CHECK (kind IN ('key', 'card')),
    value TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS outbox (
    id INTEGER PRIMARY KEY,
    event_seq INTEGER NOT NULL UNIQUE REFERENCES events (seq),
    key TEXT NOT NULL UNIQUE,
    board INTEGER NOT NULL,
    payload TEXT NOT NULL,
    created_at REAL NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    sent_at REAL,
    acked_at REAL
);
CREATE TABLE IF NOT EXISTS assignments (
    id INTEGER PRIMARY KEY,
    round INTEGER NOT NULL UNIQUE,
    boards TEXT NOT NULL,
    final INTEGER NOT NULL,
    moves TEXT
);
CREATE TABLE IF NOT EXISTS skipped (board INTEGER PRIMARY KEY);
"""


class JournalError(Exception):
    """The journal cannot be used: another session's, a newer schema, or unreadable."""


@dataclass(frozen=True, slots=True)
class OutboxEntry:
    """A confirmed result waiting for (or past) the station's acknowledgement."""

    id: int
    key: str
    board: int
    payload: dict[str, Any]
    attempts: int
    sent_at: float | None
    acked_at: float | None


def result_key(payload: dict[str, Any]) -> str:
    """The idempotent key of a result: the station stores by it, so a repeat is harmless."""
    return "/".join(str(payload[name]) for name in ("club", "session", "round", "table", "board", "revision"))


class Journal:
    """One table's journal file (one session)."""

    def __init__(self, path: str | Path, session: str | None = "",
                 clock: Callable[[], float] = time.time) -> None:
        """``session`` None: whichever session the journal holds (a new one holds "" until
        ``adopt_session``). ``clock``: the moment of each event and outbox change (Unix time)."""
        self.path = Path(path)
        self.clock = clock
        self._lock = threading.RLock()
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            with self._transaction():  # created, checked and upgraded all at once, or not at all
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        self._db.execute(statement)
                self._check_meta(session)
            durable.sync_parent(self.path)  # a journal just created keeps its name through a power cut
        except sqlite3.DatabaseError as error:
            raise JournalError(_("{path}: not a usable journal: {error}").format(
                path=self.path, error=error)) from error

    def _check_meta(self, session: str | None) -> None:
        meta = dict(self._db.execute("SELECT name, value FROM meta").fetchall())
        if "session" not in meta:  # a new journal, or one whose creation was cut short
            self.session = session or ""
            self._db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                                 [("schema", meta.get("schema", SCHEMA_VERSION)), ("session", self.session)])
            meta = {"schema": meta.get("schema", SCHEMA_VERSION), "session": self.session}
        if meta.get("schema") in UPGRADABLE:
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(assignments)")}
            if "moves" not in columns:  # schema 3's table
                self._db.execute("ALTER TABLE assignments ADD COLUMN moves TEXT")
            self._db.execute("UPDATE meta SET value = ? WHERE name = 'schema'", (SCHEMA_VERSION,))
        elif meta.get("schema") != SCHEMA_VERSION:
            raise JournalError(_("{path}: journal schema {schema}, this program reads {version}").format(
                path=self.path, schema=meta.get("schema"), version=SCHEMA_VERSION))
        self.session = meta.get("session", "")
        if session is not None and self.session != session:
            raise JournalError(_("{path} belongs to session {journal!r}, not {session!r}: use a new journal "
                                 "file for a new session").format(path=self.path, journal=meta.get("session"),
                                                                  session=session))

    def game(self) -> str | None:
        """The game form the events were played in (None: a new journal, no events yet)."""
        with self._lock:
            row = self._db.execute("SELECT value FROM meta WHERE name = 'game'").fetchone()
        if row is not None:
            return str(row[0])
        return "duplicate" if len(self) else None

    def keep_game(self, game: str) -> None:
        """Keep the game form of a journal that has none yet."""
        with self._transaction():
            self._db.execute("INSERT OR IGNORE INTO meta VALUES ('game', ?)", (game,))

    def append(self, event: TableEvent, result: dict[str, Any] | None = None, at: float | None = None) -> int:
        """Write one accepted event (and the result it confirms) durably; returns its seq. ``at``:
        the event's moment (the one the flow was given), by default the clock's now."""
        now = self.clock() if at is None else at
        with self._transaction():
            cursor = self._db.execute(
                "INSERT INTO events (seat, kind, value, at) VALUES (?, ?, ?, ?)",
                (event.seat.name, event.kind.value, event.value, now))
            seq = cursor.lastrowid
            assert seq is not None
            if result is not None:
                self._db.execute(
                    "INSERT INTO outbox (event_seq, key, board, payload, created_at) VALUES (?, ?, ?, ?, ?)",
                    (seq, result_key(result), result["board"], json.dumps(result, sort_keys=True), now))
        return seq

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db, self._lock)

    def events(self) -> Iterator[TableEvent]:
        """The journaled events in order."""
        for event, _at in self.timed_events():
            yield event

    def timed_events(self) -> Iterator[tuple[TableEvent, float]]:
        """The journaled events in order, each with its moment."""
        rows = self._db.execute("SELECT seat, kind, value, at FROM events ORDER BY seq").fetchall()
        for seat, kind, value, at in rows:
            yield TableEvent(Seat.parse(seat), EventKind(kind), value), float(at)

    def __len__(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM events").fetchone()[0])

    def adopt_session(self, session: str) -> None:
        """Belong to ``session`` from now on: only a journal of no session without results may."""
        with self._transaction():
            if self.session and self.session != session:
                raise JournalError(_("{path} belongs to session {journal!r}, not {session!r}").format(
                    path=self.path, journal=self.session, session=session))
            if self._db.execute("SELECT count(*) FROM outbox").fetchone()[0]:
                raise JournalError(_("{path} holds results of no session: it cannot join {session!r}").format(
                    path=self.path, session=session))
            self._db.execute("INSERT OR REPLACE INTO meta VALUES ('session', ?)", (session,))
        self.session = session

    # ---- the station's assignments ------------------------------------------------------------------
    def add_assignment(self, round_: int, boards: list[int], final: bool,
                       moves: dict[str, Any] | None = None) -> bool:
        """Keep a round's assignment (and its ``moves``, ``Moves.to_json``); False (nothing
        changes) if that round is already kept."""
        with self._transaction():
            cursor = self._db.execute(
                "INSERT OR IGNORE INTO assignments (round, boards, final, moves) VALUES (?, ?, ?, ?)",
                (round_, json.dumps(boards), int(final), None if moves is None else json.dumps(moves)))
        return cursor.rowcount == 1

    def assignments(self) -> list[tuple[int, list[int], bool]]:
        """(round, boards, final) of each kept assignment, in the order they arrived."""
        with self._lock:
            rows = self._db.execute("SELECT round, boards, final FROM assignments ORDER BY id").fetchall()
        return [(round_, json.loads(boards), bool(final)) for round_, boards, final in rows]

    def last_moves(self) -> dict[str, Any] | None:
        """The moves kept with the latest assignment (None: none, or it carried none)."""
        with self._lock:
            row = self._db.execute("SELECT moves FROM assignments ORDER BY id DESC LIMIT 1").fetchone()
        return None if row is None or row[0] is None else dict(json.loads(row[0]))

    def skip_boards(self, boards: list[int]) -> None:
        """Keep the boards this table skips (the director marked them not played before it began them)."""
        with self._transaction():
            self._db.executemany("INSERT OR IGNORE INTO skipped (board) VALUES (?)", [(b,) for b in boards])

    def skipped(self) -> list[int]:
        with self._lock:
            return [board for (board,) in self._db.execute("SELECT board FROM skipped ORDER BY board")]

    # ---- the outbox: the link's side -------------------------------------------------------------
    def pending_results(self) -> list[OutboxEntry]:
        """Confirmed results the station has not acknowledged yet, oldest first."""
        return self._outbox("WHERE acked_at IS NULL")

    def results(self) -> list[OutboxEntry]:
        """Every confirmed result of the session, oldest first."""
        return self._outbox("")

    def _outbox(self, where: str) -> list[OutboxEntry]:
        with self._lock:
            rows = self._db.execute(
                f"SELECT id, key, board, payload, attempts, sent_at, acked_at FROM outbox {where} ORDER BY id"
            ).fetchall()
        return [OutboxEntry(row[0], row[1], row[2], json.loads(row[3]), row[4], row[5], row[6])
                for row in rows]

    def mark_sent(self, key: str) -> None:
        """The link has published the result (once more): counted, still pending."""
        self._update("UPDATE outbox SET attempts = attempts + 1, sent_at = ? WHERE key = ?", key)

    def mark_acked(self, key: str) -> None:
        """The station has stored the result: it leaves the pending list (a repeat is harmless)."""
        self._update("UPDATE outbox SET acked_at = coalesce(acked_at, ?) WHERE key = ?", key)

    def _update(self, sql: str, key: str) -> None:
        with self._transaction():
            if self._db.execute(sql, (self.clock(), key)).rowcount != 1:
                raise KeyError(f"no result {key!r} in the outbox")

    def close(self) -> None:
        self._db.close()


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK when the block raises."""

    def __init__(self, db: sqlite3.Connection, lock: threading.RLock) -> None:
        self._db, self._lock = db, lock

    def __enter__(self) -> None:
        self._lock.acquire()
        try:
            self._db.execute("BEGIN IMMEDIATE")
        except BaseException:
            self._lock.release()
            raise

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        try:
            self._db.execute("COMMIT" if kind is None else "ROLLBACK")
        finally:
            self._lock.release()
