"""Store and forward: the table's results wait in an outbox until the station acknowledges them.

``Outbox`` is what the table link needs. ``SQLiteOutbox`` is a durable implementation on its own
file (WAL, synchronous FULL, like the table's journal); the journal can provide the same three
methods over its own outbox table so that a result is queued in the same transaction that
finishes the board. Messages are stored unsigned; the link signs them when it sends them.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Protocol

from .schema import ResultKey, encode, validate


class Outbox(Protocol):
    """Results not yet acknowledged by the station, oldest first."""

    def put(self, message: dict[str, Any]) -> ResultKey:
        """Queue a result message (idempotent: the same result again is queued once)."""

    def pending(self) -> list[dict[str, Any]]:
        """Every queued result the station has not acknowledged, oldest first."""

    def acknowledge(self, key: ResultKey) -> bool:
        """The station has stored ``key``: it leaves the queue. False if it was not pending."""


class OutboxConflict(ValueError):
    """A different result under a key already queued (a correction needs a new revision)."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS outbox (
    session TEXT NOT NULL, round INTEGER NOT NULL, table_no INTEGER NOT NULL,
    board INTEGER NOT NULL, revision INTEGER NOT NULL,
    message TEXT NOT NULL,
    queued_at REAL NOT NULL,
    acked_at REAL,
    PRIMARY KEY (session, round, table_no, board, revision)
);
CREATE INDEX IF NOT EXISTS outbox_pending ON outbox (acked_at, queued_at);
"""


class SQLiteOutbox:
    """An outbox in its own SQLite file; safe to use from the MQTT thread and the table's thread.

    Acknowledged results stay in the file (with ``acked_at``) as the table's record of what the
    station holds.
    """

    def __init__(self, path: str | Path) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)

    def put(self, message: dict[str, Any]) -> ResultKey:
        validate(message, "result")
        key = ResultKey.of(message)
        text = encode({name: value for name, value in message.items() if name != "sig"}).decode()
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            row = self._db.execute(
                "SELECT message FROM outbox WHERE session=? AND round=? AND table_no=? AND board=?"
                " AND revision=?", _key_row(key)).fetchone()
            if row is None:
                self._db.execute("INSERT INTO outbox VALUES (?, ?, ?, ?, ?, ?, ?, NULL)",
                                 (*_key_row(key), text, time.time()))
            elif row[0] != text:
                raise OutboxConflict(f"result {key} is already queued with other content; "
                                     "a correction needs a new revision")
        return key

    def pending(self) -> list[dict[str, Any]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT message FROM outbox WHERE acked_at IS NULL ORDER BY queued_at, rowid").fetchall()
        return [json.loads(text) for (text,) in rows]

    def acknowledge(self, key: ResultKey) -> bool:
        with self._lock, self._db:
            cursor = self._db.execute(
                "UPDATE outbox SET acked_at=? WHERE session=? AND round=? AND table_no=? AND board=?"
                " AND revision=? AND acked_at IS NULL", (time.time(), *_key_row(key)))
        return cursor.rowcount == 1

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _key_row(key: ResultKey) -> tuple[str, int, int, int, int]:
    return (key.session, key.round, key.table, key.board, key.revision)
