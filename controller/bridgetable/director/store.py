"""The station's store: sessions, pairs, boards, results (with revisions) and the audit trail.

``Store`` is the interface; ``SQLiteStore`` (the default, a file on disk) and ``PostgresStore``
(psycopg 3, for a large event) implement it with the same SQL. A result is unique by
(session, round, table, board, revision). Sending the same result again is harmless
(``put_result`` says it was a duplicate); a correction is a higher revision, and the highest
revision of each (session, round, table, board) is the one that counts. A table's revisions are
0..999 (the link's schema bounds them); the director's are numbered from DIRECTOR_REVISIONS up,
so a table's result never takes the place of the director's, nor is taken for one. (A store created before
the round joined the key keeps its old key, without the round, and works as before.)
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from .. import durable
from ..link.schema import MAX_TABLE_REVISION

DIRECTOR_REVISIONS = MAX_TABLE_REVISION + 1  # the director's first revision of a result

@dataclass(frozen=True, slots=True)
class StoredResult:
    """One revision of one result. ``adjusted`` ("60/40", "A+/A-") replaces the score when set;
    ``record`` holds the whole message as the table sent it (auction, play...)."""

    session: str
    round: int
    table: int
    board: int
    revision: int
    ns: int
    ew: int
    contract: str          # "4SX", "Pass", or "" for an adjusted score
    declarer: str | None
    tricks: int | None
    ns_score: int | None
    lead: str | None = None
    adjusted: str | None = None
    source: str = "table"  # "table" or "director"
    record: dict[str, Any] = field(default_factory=dict)
    stored_at: str = ""


@dataclass(frozen=True, slots=True)
class BoardInfo:
    board: int
    deal: str | None      # PBN Deal value, None when not known
    dealer: str
    vulnerability: str


@dataclass(frozen=True, slots=True)
class AuditEntry:
    at: str
    actor: str
    action: str
    detail: str


class Store(Protocol):
    """What the station needs from a store. Every method is safe to call from any thread."""

    def create_session(self, session: str, setup: dict[str, Any]) -> None: ...
    def session_setup(self, session: str) -> dict[str, Any] | None: ...
    def sessions(self) -> list[str]: ...
    def set_pairs(self, session: str, names: dict[int, str]) -> None: ...
    def pairs(self, session: str) -> dict[int, str]: ...
    def put_boards(self, session: str, boards: Sequence[BoardInfo]) -> None: ...
    def boards(self, session: str) -> dict[int, BoardInfo]: ...
    def put_result(self, result: StoredResult) -> bool: ...
    def put_results(self, results: Sequence[StoredResult]) -> list[bool]: ...
    def next_revision(self, session: str, table: int, board: int) -> int: ...
    def results(self, session: str, *, board: int | None = None,
                all_revisions: bool = False) -> list[StoredResult]: ...
    def audit(self, session: str, actor: str, action: str, detail: str) -> None: ...
    def audit_trail(self, session: str) -> list[AuditEntry]: ...
    def put_analysis(self, session: str, board: int, data: dict[str, Any]) -> None: ...
    def analysis(self, session: str, board: int) -> dict[str, Any] | None: ...
    def close(self) -> None: ...


SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (id TEXT PRIMARY KEY, setup TEXT NOT NULL, created TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS pairs (session TEXT NOT NULL, pair INTEGER NOT NULL, names TEXT NOT NULL,
    PRIMARY KEY (session, pair));
CREATE TABLE IF NOT EXISTS boards (session TEXT NOT NULL, board INTEGER NOT NULL, deal TEXT,
    dealer TEXT NOT NULL, vulnerability TEXT NOT NULL, PRIMARY KEY (session, board));
CREATE TABLE IF NOT EXISTS results (session TEXT NOT NULL, round INTEGER NOT NULL, tbl INTEGER NOT NULL,
    board INTEGER NOT NULL, revision INTEGER NOT NULL, ns INTEGER NOT NULL, ew INTEGER NOT NULL,
    contract TEXT NOT NULL, declarer TEXT, tricks INTEGER, ns_score INTEGER, lead TEXT, adjusted TEXT,
    source TEXT NOT NULL, record TEXT NOT NULL, stored_at TEXT NOT NULL,
    PRIMARY KEY (session, round, tbl, board, revision));
CREATE INDEX IF NOT EXISTS results_by_round ON results (session, round);
CREATE TABLE IF NOT EXISTS audit (id {serial}, session TEXT NOT NULL, at TEXT NOT NULL,
    actor TEXT NOT NULL, action TEXT NOT NULL, detail TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS analyses (session TEXT NOT NULL, board INTEGER NOT NULL, data TEXT NOT NULL,
    PRIMARY KEY (session, board));
"""

_RESULT_COLUMNS = ("session, round, tbl, board, revision, ns, ew, contract, declarer, tricks, ns_score, "
                   "lead, adjusted, source, record, stored_at")


def now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _result_row(result: StoredResult, stamp: str) -> list[Any]:
    """The row of ``results`` for one revision (``stamp``: when stored, unless it says)."""
    values = asdict(result)
    values["record"] = json.dumps(result.record, sort_keys=True)
    values["stored_at"] = result.stored_at or stamp
    return [values[name] for name in ("session", "round", "table", "board", "revision", "ns", "ew",
                                      "contract", "declarer", "tricks", "ns_score", "lead",
                                      "adjusted", "source", "record", "stored_at")]


class SqlStore:
    """The store over a DB-API connection; subclasses say how to connect and which placeholder
    their driver uses. One connection, used under a lock (the link calls from paho's thread,
    the web pages from the event loop)."""

    placeholder = "?"
    serial = "INTEGER PRIMARY KEY AUTOINCREMENT"

    def __init__(self, connection: Any) -> None:
        self._db = connection
        self._lock = threading.RLock()
        with self._transaction() as cur:
            for statement in SCHEMA.format(serial=self.serial).split(";"):
                if statement.strip():
                    cur.execute(statement)

    @contextmanager
    def _transaction(self) -> Iterator[Any]:
        with self._lock:
            cur = self._db.cursor()
            try:
                yield cur
                self._db.commit()
            except BaseException:
                self._db.rollback()
                raise
            finally:
                cur.close()

    def _sql(self, text: str) -> str:
        return text.replace("?", self.placeholder)

    def _run(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._transaction() as cur:
            cur.execute(self._sql(sql), tuple(params))
            return list(cur.fetchall()) if cur.description else []

    def create_session(self, session: str, setup: dict[str, Any]) -> None:
        """Create a session, or replace its set-up (pairs, boards and results are kept)."""
        text = json.dumps(setup, sort_keys=True)
        self._run("INSERT INTO sessions (id, setup, created) VALUES (?, ?, ?) "
                  "ON CONFLICT (id) DO UPDATE SET setup = excluded.setup", (session, text, now()))

    def session_setup(self, session: str) -> dict[str, Any] | None:
        rows = self._run("SELECT setup FROM sessions WHERE id = ?", (session,))
        return json.loads(rows[0][0]) if rows else None

    def sessions(self) -> list[str]:
        return [row[0] for row in self._run("SELECT id FROM sessions ORDER BY created, id")]

    def set_pairs(self, session: str, names: dict[int, str]) -> None:
        with self._transaction() as cur:
            for pair, text in sorted(names.items()):
                cur.execute(self._sql("INSERT INTO pairs (session, pair, names) VALUES (?, ?, ?) "
                                      "ON CONFLICT (session, pair) DO UPDATE SET names = excluded.names"),
                            (session, pair, text))

    def pairs(self, session: str) -> dict[int, str]:
        return dict(self._run("SELECT pair, names FROM pairs WHERE session = ? ORDER BY pair", (session,)))

    def put_boards(self, session: str, boards: Sequence[BoardInfo]) -> None:
        with self._transaction() as cur:
            for b in boards:
                cur.execute(self._sql(
                    "INSERT INTO boards (session, board, deal, dealer, vulnerability) VALUES (?, ?, ?, ?, ?) "
                    "ON CONFLICT (session, board) DO UPDATE SET deal = excluded.deal, "
                    "dealer = excluded.dealer, vulnerability = excluded.vulnerability"),
                    (session, b.board, b.deal, b.dealer, b.vulnerability))

    def boards(self, session: str) -> dict[int, BoardInfo]:
        rows = self._run("SELECT board, deal, dealer, vulnerability FROM boards WHERE session = ? "
                         "ORDER BY board", (session,))
        return {row[0]: BoardInfo(*row) for row in rows}

    def put_result(self, result: StoredResult) -> bool:
        """Store one revision; True if it was new, False if that revision was already stored."""
        return self.put_results([result])[0]

    def put_results(self, results: Sequence[StoredResult]) -> list[bool]:
        """Store several revisions in one transaction (one write to disk), all or none; for each,
        True if it was new, False if it was already stored (or came earlier in ``results``)."""
        stamp = now()
        sql = self._sql(f"INSERT INTO results ({_RESULT_COLUMNS}) VALUES "
                        f"({', '.join('?' * len(_RESULT_COLUMNS.split(',')))}) ON CONFLICT DO NOTHING")
        new: list[bool] = []
        with self._transaction() as cur:
            for result in results:
                cur.execute(sql, _result_row(result, stamp))
                new.append(bool(cur.rowcount == 1))
        return new

    def next_revision(self, session: str, table: int, board: int) -> int:
        """The director's next revision of a table's board (the director's own space)."""
        rows = self._run("SELECT MAX(revision) FROM results WHERE session = ? AND tbl = ? AND board = ? "
                         "AND revision >= ?", (session, table, board, DIRECTOR_REVISIONS))
        return DIRECTOR_REVISIONS if rows[0][0] is None else int(rows[0][0]) + 1

    def results(self, session: str, *, board: int | None = None,
                all_revisions: bool = False) -> list[StoredResult]:
        """The results of a session (or of one board) by board and table: the latest revision of
        each, or all."""
        latest = "" if all_revisions else (
            " AND revision = (SELECT MAX(revision) FROM results AS r2 WHERE r2.session = results.session"
            " AND r2.round = results.round AND r2.tbl = results.tbl AND r2.board = results.board)")
        one_board = "" if board is None else " AND board = ?"
        params = (session,) if board is None else (session, board)
        rows = self._run(f"SELECT {_RESULT_COLUMNS} FROM results WHERE session = ?{one_board}{latest} "
                         "ORDER BY board, tbl, revision", params)
        return [StoredResult(session=r[0], round=r[1], table=r[2], board=r[3], revision=r[4], ns=r[5],
                             ew=r[6], contract=r[7], declarer=r[8], tricks=r[9], ns_score=r[10],
                             lead=r[11], adjusted=r[12], source=r[13], record=json.loads(r[14]),
                             stored_at=str(r[15]))
                for r in rows]

    def audit(self, session: str, actor: str, action: str, detail: str) -> None:
        self._run("INSERT INTO audit (session, at, actor, action, detail) VALUES (?, ?, ?, ?, ?)",
                  (session, now(), actor, action, detail))

    def audit_trail(self, session: str) -> list[AuditEntry]:
        rows = self._run("SELECT at, actor, action, detail FROM audit WHERE session = ? ORDER BY id",
                         (session,))
        return [AuditEntry(*row) for row in rows]

    def put_analysis(self, session: str, board: int, data: dict[str, Any]) -> None:
        """Keep a board's double-dummy analysis (``director.analysis``), computed once."""
        self._run("INSERT INTO analyses (session, board, data) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                  (session, board, json.dumps(data, sort_keys=True)))

    def analysis(self, session: str, board: int) -> dict[str, Any] | None:
        rows = self._run("SELECT data FROM analyses WHERE session = ? AND board = ?", (session, board))
        return json.loads(rows[0][0]) if rows else None

    def close(self) -> None:
        with self._lock:
            self._db.close()


class SQLiteStore(SqlStore):
    """The club's store: one SQLite file (WAL, synchronous FULL: stored means on disk)."""

    def __init__(self, path: str | Path) -> None:
        db = sqlite3.connect(str(path), check_same_thread=False, timeout=30)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        super().__init__(db)
        durable.sync_parent(path)  # a store just created keeps its name through a power cut


class PostgresStore(SqlStore):
    """The same store in PostgreSQL (psycopg 3), for an event with hundreds of tables."""

    placeholder = "%s"
    serial = "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"

    def __init__(self, conninfo: str) -> None:
        import psycopg

        super().__init__(psycopg.connect(conninfo))


def open_store(url: str) -> SqlStore:
    """A store from a URL: "postgresql://..." for PostgreSQL, otherwise a SQLite file path."""
    if url.startswith(("postgresql://", "postgres://")):
        return PostgresStore(url)
    return SQLiteStore(url.removeprefix("sqlite:///"))
