"""The central server's PostgreSQL database: what the clubs sent, and the queries of its pages.

A result is unique by (club, session, round, table, board, revision): ``ingest`` inserts with
``ON CONFLICT DO NOTHING``, so the same message stored twice — sent again by a club's outbox,
delivered again after a restart, or taken by two ingest workers — is one row. A session's set-up
is replaced by a newer one; a ranking by one that counts more revisions. Each ingest worker has
its own connection; concurrent batches only insert, and touch the rows of ``clubs`` and
``sessions`` in one order, so that they do not deadlock. A connection the server dropped (a
restart, a failover) is made again at the next use; while the server is away each use raises
``psycopg.OperationalError``, which the workers retry with a backoff and the pages answer 503.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

SCHEMA = """
CREATE TABLE IF NOT EXISTS clubs (club TEXT PRIMARY KEY, joined TIMESTAMPTZ NOT NULL DEFAULT now());
CREATE TABLE IF NOT EXISTS sessions (club TEXT NOT NULL REFERENCES clubs, session TEXT NOT NULL,
    event TEXT NOT NULL, setup JSONB, setup_id TEXT, created TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (club, session));
CREATE TABLE IF NOT EXISTS players (club TEXT NOT NULL, session TEXT NOT NULL, pair INTEGER NOT NULL,
    name TEXT NOT NULL, number TEXT, PRIMARY KEY (club, session, pair, name));
CREATE INDEX IF NOT EXISTS players_by_number ON players (number);
CREATE TABLE IF NOT EXISTS results (club TEXT NOT NULL, session TEXT NOT NULL, round INTEGER NOT NULL,
    tbl INTEGER NOT NULL, board INTEGER NOT NULL, revision INTEGER NOT NULL, ns INTEGER NOT NULL,
    ew INTEGER NOT NULL, contract TEXT NOT NULL, declarer TEXT, tricks INTEGER, ns_score INTEGER,
    lead TEXT, adjusted TEXT, source TEXT NOT NULL, record JSONB NOT NULL, stored_at TEXT NOT NULL,
    received TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (club, session, round, tbl, board, revision));
CREATE TABLE IF NOT EXISTS rankings (club TEXT NOT NULL, session TEXT NOT NULL, seq INTEGER NOT NULL,
    ranking JSONB NOT NULL, PRIMARY KEY (club, session));
CREATE TABLE IF NOT EXISTS refused (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, topic TEXT NOT NULL,
    reason TEXT NOT NULL, at TIMESTAMPTZ NOT NULL DEFAULT now());
CREATE INDEX IF NOT EXISTS results_by_received ON results (received);
CREATE INDEX IF NOT EXISTS sessions_by_created ON sessions (club, created DESC, session);
"""
RESULT_FIELDS = ("round", "table", "board", "revision", "ns", "ew", "contract", "declarer", "tricks",
                 "ns_score", "lead", "adjusted", "source", "record", "stored_at")
LIVE_MINUTES = 30  # a session with a result this recent and no final ranking is being played
PAGE = 50  # sessions on a page of a club's sessions


@dataclass(frozen=True, slots=True)
class Message:
    """A verified message of ``club`` (its body: kind, id, session...)."""

    club: str
    body: dict[str, Any]


class CentralDb:
    """One connection to the central database (one per ingest worker, one for the pages)."""

    def __init__(self, url: str, *, create: bool = True) -> None:
        """Connect; with ``create``, make the tables that are missing (not on a read-only replica)."""
        self.url = url
        self._connection = psycopg.connect(url, autocommit=True)
        self._closed = False
        self._reconnecting = threading.Lock()
        if not create:
            return
        with self.db.transaction():
            self.db.execute("SELECT pg_advisory_xact_lock(14014)")  # workers starting together
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    self.db.execute(statement)

    @property
    def db(self) -> psycopg.Connection[Any]:
        """The connection; made again if the server dropped it (OperationalError while it is away)."""
        if self._connection.broken and not self._closed:
            with self._reconnecting:
                if self._connection.broken:
                    self._connection = psycopg.connect(self.url, autocommit=True, connect_timeout=5)
        return self._connection

    def connected(self) -> bool:
        """Whether the server answers now."""
        try:
            self.db.execute("SELECT 1")
            return True
        except psycopg.OperationalError:
            return False

    def close(self) -> None:
        self._closed = True
        self._connection.close()

    def ingest(self, messages: Sequence[Message]) -> list[bool]:
        """Store a batch in one transaction; for each message, True if it changed anything
        (False: already stored). Retried once on a deadlock with another worker."""
        for attempt in range(3):
            try:
                with self.db.transaction():
                    return self._ingest(messages)
            except psycopg.errors.DeadlockDetected:
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def _ingest(self, messages: Sequence[Message]) -> list[bool]:
        sessions = sorted({(m.club, m.body["session"]) for m in messages})
        for club in sorted({club for club, _ in sessions}):
            self.db.execute("INSERT INTO clubs (club) VALUES (%s) ON CONFLICT DO NOTHING", (club,))
        for club, session in sessions:
            self.db.execute("INSERT INTO sessions (club, session, event) VALUES (%s, %s, %s) "
                            "ON CONFLICT DO NOTHING", (club, session, session))
        return [self._store(m.club, m.body) for m in messages]

    def _store(self, club: str, body: dict[str, Any]) -> bool:
        kind, session = body["kind"], body["session"]
        if kind == "result":
            values = [Jsonb(body[f]) if f == "record" else body[f] for f in RESULT_FIELDS]
            cur = self.db.execute(
                f"INSERT INTO results (club, session, {', '.join(RESULT_FIELDS).replace('table', 'tbl')}) "
                f"VALUES ({', '.join(['%s'] * (len(RESULT_FIELDS) + 2))}) ON CONFLICT DO NOTHING",
                [club, session, *values])
            return cur.rowcount == 1
        if kind == "setup":
            setup = {k: body[k] for k in ("event", "movement", "scoring", "teams", "pairs", "boards")}
            cur = self.db.execute("UPDATE sessions SET event = %s, setup = %s, setup_id = %s WHERE club = %s "
                                  "AND session = %s AND setup_id IS DISTINCT FROM %s",
                                  (body["event"], Jsonb(setup), body["id"], club, session, body["id"]))
            if cur.rowcount:
                self.db.execute("DELETE FROM players WHERE club = %s AND session = %s", (club, session))
                for pair, entry in body["pairs"].items():
                    for player in entry["players"]:
                        self.db.execute("INSERT INTO players VALUES (%s, %s, %s, %s, %s) "
                                        "ON CONFLICT DO NOTHING",
                                        (club, session, int(pair), player["name"], player.get("number")))
            return cur.rowcount == 1
        if kind == "ranking":
            cur = self.db.execute("INSERT INTO rankings VALUES (%s, %s, %s, %s) ON CONFLICT (club, session) "
                                  "DO UPDATE SET seq = excluded.seq, ranking = excluded.ranking "
                                  "WHERE rankings.seq < excluded.seq",
                                  (club, session, body["seq"], Jsonb(body["ranking"])))
            return cur.rowcount == 1
        raise ValueError(f"unknown kind {kind!r}")

    def refuse(self, topic: str, reason: str) -> None:
        self.db.execute("INSERT INTO refused (topic, reason) VALUES (%s, %s)", (topic, reason[:500]))

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[dict[str, Any]]:
        cur = self.db.execute(sql, params)
        names = [column.name for column in cur.description or []]
        return [dict(zip(names, row, strict=True)) for row in cur.fetchall()]

    def clubs(self) -> list[dict[str, Any]]:
        return self.rows("SELECT c.club, count(s.session) AS sessions FROM clubs c LEFT JOIN sessions s "
                         "USING (club) GROUP BY c.club ORDER BY c.club")

    def sessions(self, club: str, page: int = 1) -> list[dict[str, Any]]:
        """A page of a club's sessions, newest first (``PAGE`` a page; one more tells that a next
        page exists)."""
        return self.rows("SELECT s.session, s.event, s.created, (SELECT count(*) FROM results r WHERE "
                         "r.club = s.club AND r.session = s.session) AS results, k.seq IS NOT NULL AS final "
                         "FROM (SELECT * FROM sessions WHERE club = %s ORDER BY created DESC, session "
                         "LIMIT %s OFFSET %s) s LEFT JOIN rankings k USING (club, session) "
                         "ORDER BY s.created DESC, s.session",
                         (club, PAGE + 1, PAGE * (max(page, 1) - 1)))

    def session(self, club: str, session: str) -> dict[str, Any] | None:
        found = self.rows("SELECT s.event, s.setup, k.ranking, k.seq FROM sessions s LEFT JOIN rankings k "
                          "USING (club, session) WHERE s.club = %s AND s.session = %s", (club, session))
        return found[0] if found else None

    def results(self, club: str, session: str, board: int | None = None) -> list[dict[str, Any]]:
        """Every stored revision of a session's results (of one board)."""
        one = "" if board is None else " AND board = %s"
        return self.rows(f"SELECT {', '.join(RESULT_FIELDS).replace('table', 'tbl AS table')}, received "
                         f"FROM results WHERE club = %s AND session = %s{one} ORDER BY board, tbl, revision",
                         (club, session) if board is None else (club, session, board))

    def player(self, number: str, page: int = 1) -> list[dict[str, Any]]:
        """A page of a player's sessions across clubs, newest first, with the pair's place in each
        final ranking (``PAGE`` a page; one more tells that a next page exists)."""
        return self.rows(
            "SELECT p.club, p.session, p.pair, p.name, s.event, s.created, "
            "(SELECT e->>'rank' FROM jsonb_array_elements(k.ranking) e WHERE (e->>'pair')::int = p.pair "
            " LIMIT 1) AS rank, (SELECT e->>'percent' FROM jsonb_array_elements(k.ranking) e "
            " WHERE (e->>'pair')::int = p.pair LIMIT 1) AS percent "
            "FROM players p JOIN sessions s USING (club, session) LEFT JOIN rankings k USING (club, session) "
            "WHERE p.number = %s ORDER BY s.created DESC, p.club, p.session LIMIT %s OFFSET %s",
            (number, PAGE + 1, PAGE * (max(page, 1) - 1)))

    def live(self) -> list[dict[str, Any]]:
        """Sessions being played now: a result in the last LIVE_MINUTES and no final ranking."""
        return self.rows(  # the recent results by their index, then each session's count by its key
            "WITH recent AS (SELECT club, session, max(received) AS last FROM results "
            f"WHERE received > now() - interval '{LIVE_MINUTES} minutes' GROUP BY club, session) "
            "SELECT r.club, r.session, s.event, (SELECT count(*) FROM results x WHERE x.club = r.club "
            "AND x.session = r.session) AS results, r.last FROM recent r "
            "JOIN sessions s USING (club, session) LEFT JOIN rankings k USING (club, session) "
            "WHERE k.seq IS NULL ORDER BY r.club, r.session")

    def counts(self) -> dict[str, int]:
        """How many results and refused messages the database holds."""
        row = self.rows("SELECT (SELECT count(*) FROM results) AS results, "
                        "(SELECT count(*) FROM refused) AS refused")[0]
        return {name: int(value) for name, value in row.items()}
