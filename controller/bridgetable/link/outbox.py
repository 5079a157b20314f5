"""Store and forward: the table's results wait in an outbox until the station acknowledges them.

``Outbox`` is what the table link needs. The table's journal holds the real outbox (a result is
queued in the same transaction as the event that confirms it): ``JournalOutbox`` adapts it.
``SQLiteOutbox`` is a standalone one with the same durability (WAL, synchronous FULL), for a
table without a journal, the tests and the benchmark. Results are stored unsigned; the link
signs them when it sends them.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Protocol

from .. import durable
from .schema import ResultKey, encode, validate


class Outbox(Protocol):
    """Results not yet acknowledged by the station."""

    def pending(self) -> list[dict[str, Any]]:
        """Every queued result message the station has not acknowledged, oldest first."""

    def sent(self, key: ResultKey) -> None:
        """The link has just (re)sent ``key`` (for the record: attempts, last try)."""

    def acknowledge(self, key: ResultKey) -> bool:
        """The station has stored ``key``: it leaves the queue. False if it was not pending."""


class JournalLike(Protocol):
    """What ``JournalOutbox`` uses of ``bridgetable.table.journal.Journal``."""

    def pending_results(self) -> list[Any]: ...  # entries with .key (str) and .payload (dict)

    def mark_sent(self, key: str) -> None: ...

    def mark_acked(self, key: str) -> None: ...


class JournalOutbox:
    """The table journal's outbox as an ``Outbox``: its result records become result messages
    (the record plus ``"kind": "result"``, its table number as an integer)."""

    def __init__(self, journal: JournalLike) -> None:
        self.journal = journal

    @staticmethod
    def _message(entry: Any) -> dict[str, Any]:
        record = {**entry.payload, "kind": "result"}
        table = record.get("table")
        if isinstance(table, str) and table.isascii() and table.isdigit():
            record["table"] = int(table)
        return record

    def pending(self) -> list[dict[str, Any]]:
        return [self._message(entry) for entry in self.journal.pending_results()]

    def _journal_key(self, key: ResultKey) -> str | None:
        for entry in self.journal.pending_results():
            message = self._message(entry)
            if all(name in message for name in key.fields()) and ResultKey.of(message) == key:
                return str(entry.key)
        return None

    def sent(self, key: ResultKey) -> None:
        journal_key = self._journal_key(key)
        if journal_key is not None:
            self.journal.mark_sent(journal_key)

    def acknowledge(self, key: ResultKey) -> bool:
        journal_key = self._journal_key(key)
        if journal_key is None:
            return False
        self.journal.mark_acked(journal_key)
        return True


class OutboxConflict(ValueError):
    """A different result under a key already queued (a correction needs a new revision)."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS outbox (
    session TEXT NOT NULL, round INTEGER NOT NULL, table_no INTEGER NOT NULL, board INTEGER NOT NULL,
    revision INTEGER NOT NULL,
    message TEXT NOT NULL,
    queued_at REAL NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
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
        durable.sync_parent(path)  # a file just created keeps its name through a power cut
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(outbox)")}
        if "round" not in columns:
            self._db.close()
            raise ValueError(f"{path}: an outbox of link schema 1 (results keyed without their round); "
                             "send what it holds with the program that wrote it, then start a new file")

    def put(self, message: dict[str, Any]) -> ResultKey:
        """Queue a result (idempotent: the same result again is queued once); then ``link.flush()``."""
        validate(message, "result")
        key = ResultKey.of(message)
        text = encode({name: value for name, value in message.items() if name != "sig"}).decode()
        with self._lock, self._db:
            self._db.execute("BEGIN IMMEDIATE")
            row = self._db.execute("SELECT message FROM outbox" + _WHERE_KEY, _key_row(key)).fetchone()
            if row is None:
                self._db.execute("INSERT INTO outbox (session, round, table_no, board, revision, message,"
                                 " queued_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
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

    def sent(self, key: ResultKey) -> None:
        with self._lock, self._db:
            self._db.execute("UPDATE outbox SET attempts=attempts+1" + _WHERE_KEY, _key_row(key))

    def acknowledge(self, key: ResultKey) -> bool:
        with self._lock, self._db:
            cursor = self._db.execute("UPDATE outbox SET acked_at=?" + _WHERE_KEY + " AND acked_at IS NULL",
                                      (time.time(), *_key_row(key)))
        return cursor.rowcount == 1

    def close(self) -> None:
        with self._lock:
            self._db.close()


_WHERE_KEY = " WHERE session=? AND round=? AND table_no=? AND board=? AND revision=?"


def _key_row(key: ResultKey) -> tuple[str, int, int, int, int]:
    return (key.session, key.round, key.table, key.board, key.revision)
