"""The central server's PostgreSQL database: what the clubs sent, and the queries of its pages.

A club's session is known by its identity (``uid``, a UUID the station made when it created the
session; the ``session`` column holds it), not by its name, which a club may use again. A result
is unique by (club, session, round, table, board, revision): ``ingest`` inserts with ``ON CONFLICT
DO NOTHING``, so the same message stored twice — sent again by a club's outbox, delivered again
after a restart, or taken by two ingest workers — is one row; a message with that key and other
content is refused (``Outcome.refused``), never acknowledged as stored. A session's set-up is
replaced only by one the station sent later (a higher ``seq``), a ranking only by one counting more
revisions, whatever order they arrive in. Each message is stored in its own savepoint, so one that
the database cannot take is refused with the database's reason and the rest of the batch is stored.
Each ingest worker has its own connection; concurrent batches only insert, and touch the rows of
``clubs`` and ``sessions`` in one order, so that they do not deadlock. A connection the server
dropped (a restart, a failover) is made again at the next use; while the server is away each use
raises ``psycopg.OperationalError``, which the workers retry with a backoff and the pages answer 503.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import psycopg
from psycopg.types.json import Jsonb

from ..director import refusal
from ..director.refusal import Refusal
from ..link.schema import encode

SCHEMA = """
CREATE TABLE IF NOT EXISTS clubs (club TEXT PRIMARY KEY, joined TIMESTAMPTZ NOT NULL DEFAULT now());
ALTER TABLE clubs ADD COLUMN IF NOT EXISTS last_message TIMESTAMPTZ;
ALTER TABLE clubs ADD COLUMN IF NOT EXISTS outbox_age DOUBLE PRECISION;
CREATE TABLE IF NOT EXISTS sessions (club TEXT NOT NULL REFERENCES clubs, session TEXT NOT NULL,
    event TEXT NOT NULL, setup JSONB, setup_id TEXT, created TIMESTAMPTZ NOT NULL DEFAULT now(),
    PRIMARY KEY (club, session));
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS name TEXT;
ALTER TABLE sessions ADD COLUMN IF NOT EXISTS setup_seq INTEGER;
CREATE TABLE IF NOT EXISTS players (club TEXT NOT NULL, session TEXT NOT NULL, pair INTEGER NOT NULL,
    name TEXT NOT NULL, number TEXT, PRIMARY KEY (club, session, pair, name));
CREATE INDEX IF NOT EXISTS players_by_number ON players (number);
CREATE TABLE IF NOT EXISTS results (club TEXT NOT NULL, session TEXT NOT NULL, round INTEGER NOT NULL,
    tbl INTEGER NOT NULL, board INTEGER NOT NULL, revision INTEGER NOT NULL, ns INTEGER NOT NULL,
    ew INTEGER NOT NULL, contract TEXT NOT NULL, declarer TEXT, tricks INTEGER, ns_score INTEGER,
    lead TEXT, adjusted TEXT, source TEXT NOT NULL, record JSONB NOT NULL, stored_at TEXT NOT NULL,
    received TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp(),
    PRIMARY KEY (club, session, round, tbl, board, revision));
ALTER TABLE results ADD COLUMN IF NOT EXISTS digest TEXT;
CREATE TABLE IF NOT EXISTS rankings (club TEXT NOT NULL, session TEXT NOT NULL, seq INTEGER NOT NULL,
    ranking JSONB NOT NULL, PRIMARY KEY (club, session));
CREATE TABLE IF NOT EXISTS refused (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, topic TEXT NOT NULL,
    reason TEXT NOT NULL, at TIMESTAMPTZ NOT NULL DEFAULT now());
ALTER TABLE refused ADD COLUMN IF NOT EXISTS club TEXT;
ALTER TABLE refused ADD COLUMN IF NOT EXISTS message TEXT;
ALTER TABLE refused ADD COLUMN IF NOT EXISTS digest TEXT;
ALTER TABLE refused ADD COLUMN IF NOT EXISTS repeats INTEGER NOT NULL DEFAULT 0;
CREATE INDEX IF NOT EXISTS refused_by_time ON refused (at);
CREATE TABLE IF NOT EXISTS waiting_setups (club TEXT NOT NULL, session TEXT NOT NULL, payload BYTEA NOT NULL,
    sent TIMESTAMPTZ NOT NULL DEFAULT now(), PRIMARY KEY (club, session));
CREATE TABLE IF NOT EXISTS deletions (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at TIMESTAMPTZ NOT NULL DEFAULT now(), club TEXT NOT NULL, session TEXT, by TEXT NOT NULL,
    sessions INTEGER NOT NULL, results INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS club_keys (club TEXT PRIMARY KEY, generation INTEGER NOT NULL,
    revoked TIMESTAMPTZ NOT NULL DEFAULT now());
CREATE INDEX IF NOT EXISTS results_by_received ON results (received);
CREATE INDEX IF NOT EXISTS sessions_by_created ON sessions (club, created DESC, session);
"""
RESULT_FIELDS = ("round", "table", "board", "revision", "ns", "ew", "contract", "declarer", "tricks",
                 "ns_score", "lead", "adjusted", "source", "record", "stored_at")
# what the center keeps of a set-up ("team_event": a team event's rules, upstream.team_event_rules)
SETUP_FIELDS = ("event", "movement", "scoring", "teams", "pairs", "boards", "team_event")
LIVE_MINUTES = 30  # a session with a result this recent and no final ranking is being played
PAGE = 50  # sessions on a page of a club's sessions
# what the database may refuse of one message (a NUL in a text, a number out of range, a key too
# long for an index): that message is refused, the batch goes on
UNSTORABLE = (psycopg.errors.DataError, psycopg.errors.IntegrityError, psycopg.errors.ProgramLimitExceeded)


def printable(text: str | None, limit: int = 500) -> str | None:
    """A text the database can hold, whatever a message carried (no NUL, no lone surrogate), cut short."""
    if text is None:
        return None
    return text[:limit].encode("utf-8", "backslashreplace").decode("utf-8").replace("\x00", "\\x00")


def outbox_ages(messages: Sequence[Message]) -> dict[str, float]:
    """For each club, how long the oldest result of the batch waited in its station's outbox: from
    when the station stored it to now (seconds; a station's clock ahead counts as no wait)."""
    now, ages = datetime.now(UTC), dict[str, float]()
    for m in messages:
        if m.body["kind"] != "result":
            continue
        try:
            stored = datetime.fromisoformat(m.body["stored_at"])
            waited = (now - stored).total_seconds() if stored.tzinfo is not None else None
        except ValueError:
            waited = None
        if waited is not None:
            ages[m.club] = max(ages.get(m.club, 0.0), waited, 0.0)
    return ages


@dataclass(frozen=True, slots=True)
class Outcome:
    """What storing one message did: ``stored`` (it changed the database), else nothing (already
    stored, or superseded by a later one), or a ``refusal`` (its reason ``refused``)."""

    stored: bool
    refusal: Refusal | None = None

    @property
    def refused(self) -> str:
        """The reason it is refused, in English; none: ""."""
        return str(self.refusal) if self.refusal is not None else ""


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

    def ingest(self, messages: Sequence[Message]) -> list[Outcome]:
        """Store a batch in one transaction; for each message, whether it changed anything (not:
        already stored, or superseded) or why it is refused. Retried on a deadlock with another worker."""
        for attempt in range(3):
            try:
                with self.db.transaction():
                    outcomes = self._ingest(messages)
                break
            except psycopg.errors.DeadlockDetected:
                if attempt == 2:
                    raise
        ages = outbox_ages(messages)
        for club in sorted({m.club for m in messages}):  # after the batch: its own short lock
            self.db.execute("UPDATE clubs SET last_message = clock_timestamp(), "
                            "outbox_age = coalesce(%s, outbox_age) WHERE club = %s", (ages.get(club), club))
        return outcomes

    def _ingest(self, messages: Sequence[Message]) -> list[Outcome]:
        refused: dict[tuple[str, str], Refusal] = {}  # sessions the database would not take, and why
        for club in sorted({m.club for m in messages}):
            self.db.execute("INSERT INTO clubs (club) VALUES (%s) ON CONFLICT DO NOTHING", (club,))
        for club, uid, name in sorted({(m.club, m.body["uid"], m.body["session"]) for m in messages}):
            try:
                with self.db.transaction():
                    self.db.execute("INSERT INTO sessions (club, session, name, event) "
                                    "VALUES (%s, %s, %s, %s) ON CONFLICT DO NOTHING", (club, uid, name, name))
            except UNSTORABLE as exc:
                refused[club, uid] = Refusal(refusal.DATABASE, problem=str(exc).strip())
        outcomes = []
        for m in messages:
            reason = refused.get((m.club, m.body["uid"]))
            if reason is None:
                try:
                    with self.db.transaction():
                        outcomes.append(self._store(m.club, m.body))
                    continue
                except UNSTORABLE as exc:
                    reason = Refusal(refusal.DATABASE, problem=str(exc).strip())
            outcomes.append(Outcome(False, reason))
        return outcomes

    def _store(self, club: str, body: dict[str, Any]) -> Outcome:
        kind, uid = body["kind"], body["uid"]
        if kind == "result":
            digest = hashlib.sha256(encode(body)).hexdigest()
            values = [Jsonb(body[f]) if f == "record" else body[f] for f in RESULT_FIELDS]
            cur = self.db.execute(
                f"INSERT INTO results (club, session, {', '.join(RESULT_FIELDS).replace('table', 'tbl')}, "
                f"digest) VALUES ({', '.join(['%s'] * (len(RESULT_FIELDS) + 3))}) ON CONFLICT DO NOTHING",
                [club, uid, *values, digest])
            if cur.rowcount == 1:
                return Outcome(True)
            held = self.rows("SELECT digest FROM results WHERE club = %s AND session = %s AND round = %s "
                             "AND tbl = %s AND board = %s AND revision = %s",
                             (club, uid, body["round"], body["table"], body["board"], body["revision"]))
            if held and held[0]["digest"] not in (None, digest):
                return Outcome(False, Refusal(refusal.OTHER_CONTENT, id=body["id"]))
            return Outcome(False)
        if kind == "setup":
            setup = {k: body[k] for k in SETUP_FIELDS if k in body}
            cur = self.db.execute("UPDATE sessions SET name = %s, event = %s, setup = %s, setup_id = %s, "
                                  "setup_seq = %s WHERE club = %s AND session = %s "
                                  "AND (setup_seq IS NULL OR setup_seq < %s)",
                                  (body["session"], body["event"], Jsonb(setup), body["id"], body["seq"],
                                   club, uid, body["seq"]))
            if cur.rowcount == 0:  # the center has this one, or a later one
                held = self.rows("SELECT setup_seq = %s AND setup <> %s AS other FROM sessions "
                                 "WHERE club = %s AND session = %s", (body["seq"], Jsonb(setup), club, uid))
                if held and held[0]["other"]:
                    return Outcome(False, Refusal(refusal.OTHER_CONTENT, id=body["id"]))
                return Outcome(False)
            self.db.execute("DELETE FROM players WHERE club = %s AND session = %s", (club, uid))
            for pair, entry in body["pairs"].items():
                for player in entry["players"]:
                    self.db.execute("INSERT INTO players VALUES (%s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
                                    (club, uid, int(pair), player["name"], player.get("number")))
            return Outcome(True)
        if kind == "ranking":
            cur = self.db.execute("INSERT INTO rankings VALUES (%s, %s, %s, %s) ON CONFLICT (club, session) "
                                  "DO UPDATE SET seq = excluded.seq, ranking = excluded.ranking "
                                  "WHERE rankings.seq < excluded.seq",
                                  (club, uid, body["seq"], Jsonb(body["ranking"])))
            return Outcome(cur.rowcount == 1)
        raise ValueError(f"unknown kind {kind!r}")

    def refuse(self, topic: str, reason: str, *, club: str | None = None, message: str | None = None,
               digest: str | None = None, repeats: int = 0) -> None:
        """Record a refused message: where it came, why, whose (the club its topic names) and which
        (its id, the digest of its payload); ``repeats``: how many like it went unrecorded before."""
        self.db.execute("INSERT INTO refused (topic, reason, club, message, digest, repeats) "
                        "VALUES (%s, %s, %s, %s, %s, %s)",
                        [printable(v) for v in (topic, reason, club, message, digest)] + [repeats])

    def wait_setup(self, club: str, session: str, payload: bytes) -> None:
        """Keep a set-up sent down to a club (signed, as published) until its station takes it."""
        self.db.execute("INSERT INTO waiting_setups (club, session, payload) VALUES (%s, %s, %s) "
                        "ON CONFLICT (club, session) DO UPDATE SET payload = excluded.payload, sent = now()",
                        (club, session, payload))

    def waiting_setups(self) -> list[dict[str, Any]]:
        """The set-ups sent down that no station has taken yet: club, session, payload, sent."""
        return self.rows("SELECT club, session, payload, sent FROM waiting_setups ORDER BY club, sent")

    def take_setup(self, club: str, session: str) -> bool:
        """The club's station has started ``session`` (its set-up came up): no longer waiting; True
        if it was."""
        cur = self.db.execute("DELETE FROM waiting_setups WHERE club = %s AND session = %s", (club, session))
        return cur.rowcount > 0

    def delete(self, club: str, session: str | None, by: str) -> dict[str, int] | None:
        """Delete a junk session of ``club`` (its identity), or with ``session`` None the whole
        club: its set-ups, results, rankings, players and waiting set-ups; recorded in ``deletions``
        with who (``by``) and how much. None if the center holds no such club or session."""
        where, key = (("club = %s", (club,)) if session is None
                      else ("club = %s AND session = %s", (club, session)))
        with self.db.transaction():
            results = self.db.execute(f"DELETE FROM results WHERE {where}", key).rowcount
            for table in ("rankings", "players", "waiting_setups"):
                self.db.execute(f"DELETE FROM {table} WHERE {where}", key)
            sessions = self.db.execute(f"DELETE FROM sessions WHERE {where}", key).rowcount
            if session is None:
                found = self.db.execute("DELETE FROM clubs WHERE club = %s", key).rowcount > 0
            else:
                found = sessions > 0
            if not found:
                raise psycopg.Rollback()  # nothing of it: nothing done, nothing recorded
            self.db.execute("INSERT INTO deletions (club, session, by, sessions, results) "
                            "VALUES (%s, %s, %s, %s, %s)", (club, session, by, sessions, results))
            return {"sessions": sessions, "results": results}
        return None

    def key_generations(self) -> dict[str, int]:
        """The clubs whose key was revoked, each with the generation of its key now (none: 0)."""
        return {row["club"]: row["generation"] for row in self.rows("SELECT club, generation FROM club_keys")}

    def revoke_key(self, club: str) -> int:
        """Revoke the club's key: its messages signed with it are refused from now on; the
        generation of its new key."""
        return int(self.rows("INSERT INTO club_keys (club, generation) VALUES (%s, 1) ON CONFLICT (club) "
                             "DO UPDATE SET generation = club_keys.generation + 1, revoked = now() "
                             "RETURNING generation", (club,))[0]["generation"])

    def revocations(self) -> list[dict[str, Any]]:
        """The clubs whose key was revoked: the generation of its key now, when it was last revoked."""
        return self.rows("SELECT club, generation, revoked FROM club_keys ORDER BY revoked DESC, club")

    def deletions(self, limit: int = 200) -> list[dict[str, Any]]:
        """The operator's deletions, newest first: when, which club (and session), by whom, how much."""
        return self.rows("SELECT at, club, session, by, sessions, results FROM deletions "
                         "ORDER BY at DESC, id DESC LIMIT %s", (limit,))

    def refusals(self, limit: int = 200) -> list[dict[str, Any]]:
        """The messages refused lately, newest first: when, whose, which, why, how many like it since."""
        return self.rows("SELECT at, club, topic, message, reason, repeats, digest FROM refused "
                         "ORDER BY at DESC, id DESC LIMIT %s", (limit,))

    def activity(self) -> list[dict[str, Any]]:
        """Each club's last message at the center, and its outbox's age then (``outbox_ages``)."""
        return self.rows("SELECT club, last_message, outbox_age FROM clubs ORDER BY club")

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
        return self.rows("SELECT s.session, coalesce(s.name, s.session) AS name, s.event, s.created, "
                         "(SELECT count(*) FROM results r WHERE r.club = s.club AND r.session = s.session) "
                         "AS results, k.seq IS NOT NULL AS final "
                         "FROM (SELECT * FROM sessions WHERE club = %s ORDER BY created DESC, session "
                         "LIMIT %s OFFSET %s) s LEFT JOIN rankings k USING (club, session) "
                         "ORDER BY s.created DESC, s.session",
                         (club, PAGE + 1, PAGE * (max(page, 1) - 1)))

    def session(self, club: str, session: str) -> dict[str, Any] | None:
        found = self.rows("SELECT coalesce(s.name, s.session) AS name, s.event, s.setup, k.ranking, k.seq "
                          "FROM sessions s LEFT JOIN rankings k USING (club, session) "
                          "WHERE s.club = %s AND s.session = %s", (club, session))
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
            "SELECT p.club, p.session, coalesce(s.name, s.session) AS session_name, p.pair, p.name, s.event, "
            "s.created, "
            "(SELECT e->>'rank' FROM jsonb_array_elements(k.ranking) e WHERE (e->>'pair')::int = p.pair "
            " LIMIT 1) AS rank, (SELECT e->>'percent' FROM jsonb_array_elements(k.ranking) e "
            " WHERE (e->>'pair')::int = p.pair LIMIT 1) AS percent "
            "FROM players p JOIN sessions s USING (club, session) LEFT JOIN rankings k USING (club, session) "
            "WHERE p.number = %s ORDER BY s.created DESC, p.club, p.session LIMIT %s OFFSET %s",
            (number, PAGE + 1, PAGE * (max(page, 1) - 1)))

    def register(self, numbers: Sequence[str]) -> dict[str, str]:
        """The federation's player register: the name of each of ``numbers`` that a club's set-up
        gave, the latest session's; a number none gave is left out."""
        return {row["number"]: row["name"] for row in self.rows(
            "SELECT DISTINCT ON (p.number) p.number, p.name "
            "FROM players p JOIN sessions s USING (club, session) "
            "WHERE p.number = ANY(%s) ORDER BY p.number, s.created DESC", (list(numbers),))}

    def players_named(self, name: str, page: int = 1) -> list[dict[str, Any]]:
        """A page of the players whose name holds ``name`` (any case), by name: each name with its
        national number (or none), how many sessions, in which clubs, the last when (``PAGE`` a
        page; one more tells that a next page exists). Only what a session's set-up shows anyone."""
        pattern = "%" + name.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
        return self.rows(
            "SELECT p.name, p.number, count(DISTINCT (p.club, p.session)) AS sessions, "
            "string_agg(DISTINCT p.club, ', ' ORDER BY p.club) AS clubs, max(s.created) AS last "
            "FROM players p JOIN sessions s USING (club, session) WHERE p.name ILIKE %s "
            "GROUP BY p.name, p.number ORDER BY lower(p.name), p.name, p.number NULLS LAST "
            "LIMIT %s OFFSET %s", (pattern, PAGE + 1, PAGE * (max(page, 1) - 1)))

    def live(self) -> list[dict[str, Any]]:
        """Sessions being played now: a result in the last LIVE_MINUTES and no final ranking."""
        return self.rows(  # the recent results by their index, then each session's count by its key
            "WITH recent AS (SELECT club, session, max(received) AS last FROM results "
            f"WHERE received > now() - interval '{LIVE_MINUTES} minutes' GROUP BY club, session) "
            "SELECT r.club, r.session, coalesce(s.name, r.session) AS name, s.event, "
            "(SELECT count(*) FROM results x WHERE x.club = r.club AND x.session = r.session) AS results, "
            "r.last FROM recent r "
            "JOIN sessions s USING (club, session) LEFT JOIN rankings k USING (club, session) "
            "WHERE k.seq IS NULL ORDER BY r.club, r.session")

    def counts(self) -> dict[str, int]:
        """How many results and refused messages the database holds."""
        row = self.rows("SELECT (SELECT count(*) FROM results) AS results, "
                        "(SELECT count(*) FROM refused) AS refused")[0]
        return {name: int(value) for name, value in row.items()}
