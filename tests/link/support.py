"""What the link tests share: results to send, a durable idempotent store, and waiting."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bridgetable.bridge import Contract, Seat, board_vulnerability, duplicate_score
from bridgetable.link import ReceivedResult, message
from bridgetable.link.signing import derive_table_key

CLUB = "testclub"
SECRET = b"station secret for tests"


def table_key(table: int) -> bytes:
    return derive_table_key(SECRET, CLUB, table)


def result(table: int, board: int, revision: int = 1, session: str = "s1", contract: str = "4S",
           declarer: str = "N", tricks: int = 10, round_: int = 1, **extra: Any) -> dict[str, Any]:
    """A valid unsigned result, as the table's flow records it, scored by the engine (Law 77)."""
    seat = Seat.parse(declarer)
    vulnerability = board_vulnerability(board)
    score = duplicate_score(Contract.parse(contract), tricks, vulnerability.is_vulnerable(seat))
    return message("result", club=CLUB, session=session, round=round_, table=table, board=board,
                   revision=revision,
                   dealer="N", vulnerability=str(vulnerability), contract=contract, declarer=declarer,
                   tricks=tricks, score_ns=score if seat in (Seat.N, Seat.S) else -score,
                   confirmed_by=str(seat.lho), **extra)


class ResultStore:
    """The station's store as the link expects it: durable (SQLite, synchronous FULL) before the
    ack, idempotent on (session, round, table, board, revision). Counts every call it gets."""

    def __init__(self, path: Path) -> None:
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("CREATE TABLE IF NOT EXISTS results (key TEXT PRIMARY KEY, message TEXT)")
        self._lock = threading.Lock()
        self.calls = 0
        self.batches: list[list[str]] = []  # the keys of each call of ``many``, committed or not

    def __call__(self, received: ReceivedResult) -> bool:
        with self._lock:
            self.calls += 1
            return self._insert(received)

    def many(self, received: Sequence[ReceivedResult]) -> list[bool]:
        """The StationLink's ``store_many``: the results in one transaction, all or none."""
        with self._lock:
            self.batches.append([str(one.key) for one in received])
            self._db.execute("BEGIN")
            try:
                new = [self._insert(one) for one in received]
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")
            return new

    def execute(self, sql: str) -> None:
        """Change the store's database (a trigger that makes it fail, say)."""
        with self._lock:
            self._db.execute(sql)

    def _insert(self, received: ReceivedResult) -> bool:
        cursor = self._db.execute("INSERT OR IGNORE INTO results VALUES (?, ?)",
                                  (str(received.key), repr(received.message)))
        return cursor.rowcount == 1

    def stored(self) -> list[str]:
        with self._lock:
            return [key for (key,) in self._db.execute("SELECT key FROM results ORDER BY key")]

    def close(self) -> None:
        self._db.close()


def wait_until(condition: Callable[[], bool], timeout: float = 10.0, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.01)
