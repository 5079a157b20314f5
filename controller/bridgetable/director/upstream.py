"""The station's upstream link to the federation's central results server (store and forward).

The station keeps an outbox, a table in its own SQLite file, of every message the center has not
acknowledged: the session's set-up (event, movement, pairs with names and national numbers,
boards with deals), every stored revision of every result (the table's, with its auction and
play, and the director's corrections and adjusted scores) and, once every board is played, the
ranking. ``Upstream.scan`` reads the store and adds what is new (each message has a fixed id, so
adding it again changes nothing); ``send_due`` publishes what is unacknowledged on
``bridgetable/v1/{club}/central/up`` of the central broker, which ``Upstream`` connects to itself
(TLS, the club's own login) and where it reads the center's acks on ``.../central/ack``. The
club's own Mosquitto never talks to the WAN: a central broker that is down, a relay that accepts
and closes, a link that swallows every packet touch only this thread and its MQTT client, never
the broker the tables play through. One message is in flight per id at a time (one handed to
the MQTT client is not published again until the central broker has taken it), and one that the
center has not acknowledged is sent again after ``resend_after`` seconds, doubling up to
``resend_max``: after an outage each message goes once, not once per period of the outage.
Every message and ack is signed with the club's key (``derive_club_key``: the link's HMAC
scheme, ``link.signing``).

A player's number that the club's member list does not know is asked of the center's player
register the same way (``lookup``: a "lookup" message in the outbox, sent when the link is up);
the center's ack carries the name (``players``, "" for a number it does not know either), which
``on_players`` is told. Nothing waits for it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from .. import durable
from ..link import Broker, SignatureError, sign, verify
from ..link.logthrottle import LogThrottle
from ..link.schema import SCHEMA_VERSION, encode, parse_json
from ..link.topics import club_root
from . import refusal
from .refusal import Refusal, said, well_formed
from .session import Session, SessionSetup, session_boards
from .standings import score_session
from .store import BoardInfo, StoredResult

log = logging.getLogger("bridgetable.upstream")
quiet = LogThrottle(log)  # a fault that repeats: a line (and its traceback) now and then
RESEND_AFTER = 10.0  # seconds: an unacknowledged message is published again after this, then
RESEND_MAX = 120.0   # twice as long each time, up to this
MAX_MESSAGE = 256 * 1024  # bytes: a set-up of 36 boards and 40 pairs is about 20 KiB, a result 2 KiB
NUMBERED = re.compile(r"^\s*(?P<name>.*?)\s*\((?P<number>[A-Za-z0-9-]{1,20})\)\s*$")


def up_topic(club: str) -> str:
    """Where a club's station publishes to the center (on the central broker)."""
    return f"{club_root(club)}/central/up"


def ack_topic(club: str) -> str:
    """Where the center acknowledges a club's messages (on the central broker)."""
    return f"{club_root(club)}/central/ack"


def down_topic(club: str, session: str) -> str:
    """Where the center sends a club a session's set-up (on the central broker; downlink):
    one topic a session, so that several set-ups can wait for a club, each retained on its own
    (the session's name percent-encoded: no ``/``, ``+`` or ``#`` in a topic level)."""
    return f"{club_root(club)}/central/down/{quote(session, safe='')}"


def derive_club_key(secret: bytes, club: str, generation: int = 0) -> bytes:
    """A club's upstream key, derived from the federation's secret (HMAC-SHA256 as a KDF): the
    center can hold one secret and still tell every club's signature from the others'. Each
    revocation of the club's key (``central --revoke-key``) moves the club to the next
    ``generation``, a key of its own, and leaves every other club's as it was."""
    label = f"bridgetable/v1/{club}/central" + (f"/{generation}" if generation else "")
    return hmac.new(secret, label.encode(), hashlib.sha256).digest()


def read_club_key(path: str | Path) -> bytes:
    """A club's upstream key, hex in a file (``bridgetable central --club-key CLUB`` prints it)."""
    try:
        return bytes.fromhex(Path(path).read_text(encoding="ascii").strip())
    except (OSError, ValueError) as exc:
        raise ValueError(f"--central-key {path}: not a readable hex key ({exc})") from None


def players(names: str) -> list[dict[str, str]]:
    """A pair's players, each with a national number when the name carries one in brackets:
    "Ann Hansen (12345) & Bob Berg (23456)"."""
    found = []
    for part in re.split(r"\s*(?:&| and |/)\s*", names):
        match = NUMBERED.match(part)
        if match:
            found.append({"name": match["name"], "number": match["number"]})
        elif part.strip():
            found.append({"name": part.strip()})
    return found


def board_list(boards: Iterable[BoardInfo]) -> list[dict[str, Any]]:
    """Boards as a set-up message carries them (up to the center, and down to a club)."""
    return [{"board": b.board, "deal": b.deal, "dealer": b.dealer, "vulnerability": b.vulnerability}
            for b in boards]


def numbered(named: list[dict[str, str]], numbers: list[dict[str, str]]) -> list[dict[str, str]]:
    """A pair's players with the numbers the set-up knows (``--numbers``, or keyed at the table and
    named by the member list, ``director.members``), in the order of the names; 0 (a guest) is no
    number."""
    found = [dict(player) for player in named]
    for index, known in enumerate(numbers):
        if index >= len(found):
            found.append({"name": known.get("name", "")})
        if known.get("name"):
            found[index]["name"] = known["name"]
        if known.get("national", "0").lstrip("0"):
            found[index]["number"] = known["national"]
    return found


def setup_content(session: Session) -> dict[str, Any]:
    """What the center needs of a session before the first result: event, movement, scoring,
    teams, pairs with their players, boards with their deals; a team event's rules and the
    director's rulings on it too (``team_event_rules``), so that the center ranks it as the station does."""
    setup = session.setup
    content = {"event": setup.event, "movement": setup.movement, "scoring": setup.scoring,
               "teams": setup.teams,
               "pairs": {str(pair): {"names": names,
                                     "players": numbered(players(names), setup.numbers.get(pair, []))}
                         for pair, names in sorted(setup.pairs.items())},
               "boards": board_list(session.store.boards(session.id).values())}
    if session.team_event:
        content["team_event"] = team_event_rules(setup)
    return content


def team_event_rules(setup: SessionSetup) -> dict[str, Any]:
    """A team event's tie-break and bye's VPs, the director's match VPs and VP penalties."""
    return {"tie_break": setup.tie_break, "bye_vp": setup.bye_vp, "vp_adjusted": setup.vp_adjusted,
            "vp_penalties": setup.vp_penalties}


def setup_message(session: Session, seq: int = 1) -> dict[str, Any]:
    """The session's set-up, the ``seq``-th the station sent of it: a later one (a director's
    correction of a name) has a higher ``seq``, and the center keeps the highest it has, whatever
    order they arrive in."""
    uid = session.setup.uid
    return {"kind": "setup", "id": f"setup/{uid}/{seq}", "session": session.id, "uid": uid, "seq": seq,
            **setup_content(session)}


def result_id(result: StoredResult, uid: str) -> str:
    return f"result/{uid}/{result.round}/{result.table}/{result.board}/{result.revision}"


def result_message(result: StoredResult, uid: str) -> dict[str, Any]:
    """One revision of one result of the session ``uid`` (its record holds the auction and the play,
    not the tempo: the director's alone, ``visibility.tempo_shown``, never the federation's pages')."""
    return {"kind": "result", "id": result_id(result, uid), "session": result.session, "uid": uid,
            "round": result.round, "table": result.table, "board": result.board, "revision": result.revision,
            "ns": result.ns, "ew": result.ew, "contract": result.contract, "declarer": result.declarer,
            "tricks": result.tricks, "ns_score": result.ns_score, "lead": result.lead,
            "adjusted": result.adjusted, "source": result.source,
            "record": {name: value for name, value in result.record.items() if name != "tempo"},
            "stored_at": result.stored_at}


def ranking_message(session: Session, revisions: int) -> dict[str, Any]:
    """The session's ranking after ``revisions`` stored revisions (a later one replaces it)."""
    ranking = score_session(session).as_json(session.setup.pairs)["ranking"]
    uid = session.setup.uid
    return {"kind": "ranking", "id": f"ranking/{uid}/{revisions}", "session": session.id, "uid": uid,
            "seq": revisions, "ranking": ranking}


def envelope(body: Mapping[str, Any], club: str, key: bytes) -> dict[str, Any]:
    """A message as sent: schema, club, signed with the club's key."""
    return sign({"schema": SCHEMA_VERSION, "club": club, **body}, key)


def mqtt_client(broker: Broker, client_id: str, *, clean_session: bool | None = None,
                v5: bool = False) -> mqtt.Client:
    """A paho client for ``broker`` (its login, TLS, reconnect backoff); MQTT 5 with ``v5``."""
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=clean_session,
                         protocol=mqtt.MQTTv5 if v5 else mqtt.MQTTv311)
    if broker.username is not None:
        client.username_pw_set(broker.username, broker.password)
    if broker.tls:
        client.tls_set(ca_certs=broker.ca_file)
    client.reconnect_delay_set(1, int(max(1, broker.max_delay)))
    return client


class UpstreamOutbox:
    """What the center has not acknowledged, in a table of the station's own SQLite file: each
    message with how many times it was published and when it is due again."""

    def __init__(self, path: str | Path) -> None:
        self._db = sqlite3.connect(str(path), check_same_thread=False, timeout=30)
        self._lock = threading.Lock()
        with self._lock, self._db:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")  # added means on disk
            self._db.execute("CREATE TABLE IF NOT EXISTS upstream_outbox (id TEXT PRIMARY KEY, "
                             "body TEXT NOT NULL, added REAL NOT NULL, sent REAL, acked REAL, "
                             "tries INTEGER NOT NULL DEFAULT 0, due REAL, refused TEXT, refused_said TEXT)")
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(upstream_outbox)")}
            # an outbox of an older station: due now, and nothing refused with a reason yet
            for column, kind in (("tries", "INTEGER NOT NULL DEFAULT 0"), ("due", "REAL"),
                                 ("refused", "TEXT"), ("refused_said", "TEXT")):
                if column not in columns:
                    self._db.execute(f"ALTER TABLE upstream_outbox ADD COLUMN {column} {kind}")
        durable.sync_parent(path)  # a file just created keeps its name through a power cut

    def add(self, bodies: Sequence[Mapping[str, Any]]) -> int:
        """Add the messages not added before; how many were new."""
        stamp = time.time()
        with self._lock, self._db:
            before = self._db.total_changes
            self._db.executemany("INSERT OR IGNORE INTO upstream_outbox (id, body, added) VALUES (?, ?, ?)",
                                 [(body["id"], json.dumps(body, sort_keys=True), stamp) for body in bodies])
            return self._db.total_changes - before

    def known(self) -> set[str]:
        with self._lock:
            return {row[0] for row in self._db.execute("SELECT id FROM upstream_outbox")}

    def last(self, prefix: str) -> dict[str, Any] | None:
        """The message added last whose id starts with ``prefix``."""
        with self._lock:
            row = self._db.execute("SELECT body FROM upstream_outbox WHERE substr(id, 1, ?) = ? "
                                   "ORDER BY rowid DESC LIMIT 1", (len(prefix), prefix)).fetchone()
        return json.loads(row[0]) if row else None

    def due(self, limit: int = 500) -> list[dict[str, Any]]:
        """Unacknowledged messages never sent or due again, oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT body FROM upstream_outbox WHERE acked IS NULL AND "
                                    "(due IS NULL OR due <= ?) ORDER BY added, rowid LIMIT ?",
                                    (time.time(), limit)).fetchall()
        return [json.loads(row[0]) for row in rows]

    def sent(self, ids: Sequence[str], resend_after: float, resend_max: float) -> None:
        """``ids`` were published now: each is due again after ``resend_after`` seconds the first
        time, twice as long each time after that, ``resend_max`` at most."""
        stamp = time.time()
        with self._lock, self._db:
            self._db.executemany(
                "UPDATE upstream_outbox SET sent = ?, tries = tries + 1, "
                "due = ? + min(? * (1 << min(tries, 20)), ?) WHERE id = ?",
                [(stamp, stamp, resend_after, resend_max, ident) for ident in ids])

    def taken(self, ids: Sequence[str], resend_after: float, resend_max: float) -> None:
        """The central broker took ``ids`` now (perhaps long after they were published, on a link
        that had gone silent): each is due again its current wait from now."""
        stamp = time.time()
        with self._lock, self._db:
            self._db.executemany(
                "UPDATE upstream_outbox SET due = ? + min(? * (1 << min(max(tries - 1, 0), 20)), ?) "
                "WHERE id = ?",
                [(stamp, resend_after, resend_max, ident) for ident in ids])

    def postpone(self, ids: Sequence[str], seconds: float) -> None:
        """``ids`` are still on their way (not published again): look at them in ``seconds``."""
        with self._lock, self._db:
            self._db.executemany("UPDATE upstream_outbox SET due = ? WHERE id = ?",
                                 [(time.time() + seconds, ident) for ident in ids])

    def acknowledge(self, ids: Sequence[str]) -> None:
        with self._lock, self._db:
            self._db.executemany("UPDATE upstream_outbox SET acked = ? WHERE id = ? AND acked IS NULL",
                                 [(time.time(), ident) for ident in ids])

    def refuse(self, refusals: Sequence[Mapping[str, Any]]) -> None:
        """The center refuses these messages (``{"id", "reason"}``, and the reason's ``message``
        id and ``params`` where the center sends them): kept, with the reason, not sent again."""
        with self._lock, self._db:
            self._db.executemany(
                "UPDATE upstream_outbox SET acked = ?, refused = ?, refused_said = ? "
                "WHERE id = ? AND acked IS NULL",
                [(time.time(), r["reason"][:500],
                  json.dumps({"message": r["message"], "params": r.get("params", {})})
                  if r.get("message") else None, r["id"]) for r in refusals])

    def refused(self) -> list[tuple[str, str]]:
        """The messages the center refused, and why (in the language spoken, where the center
        said the reason's message id), oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT id, refused, refused_said FROM upstream_outbox "
                                    "WHERE refused IS NOT NULL ORDER BY acked").fetchall()
        return [(ident, said(reason, **json.loads(told)) if told else reason) for ident, reason, told in rows]

    def pending(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM upstream_outbox WHERE acked IS NULL")
                       .fetchone()[0])

    def tries(self) -> dict[str, int]:
        """How many times each message was published."""
        with self._lock:
            return dict(self._db.execute("SELECT id, tries FROM upstream_outbox"))

    def close(self) -> None:
        with self._lock:
            self._db.close()


class Upstream:
    """Feeds one session of a club to the center, connected to the central broker ``central``
    with its own MQTT client (never through the club's broker)."""

    def __init__(self, session: Session, club: str, key: bytes, central: Broker, outbox: UpstreamOutbox, *,
                 resend_after: float = RESEND_AFTER, resend_max: float = RESEND_MAX,
                 every: float = 1.0) -> None:
        self.session, self.club, self.key, self.outbox = session, club, key, outbox
        self.resend_after, self.resend_max, self.every = resend_after, resend_max, every
        self.refused = 0  # acks that were not the center's (bad signature or another club's)
        self.on_players: Callable[[dict[str, str]], None] | None = None  # the register's answers
        self._lookups: set[str] = set()  # numbers to ask the register (``lookup``), until scanned
        self.key_refused = False  # the center says it refuses this station's key (see _on_message)
        self._wake = threading.Event()
        self._stopping = threading.Event()
        self._known = outbox.known()
        last = outbox.last(f"setup/{session.setup.uid}/")  # the set-up sent last, and its number
        self._setup: tuple[int, dict[str, Any] | None] = (
            (last["seq"], {k: last[k] for k in setup_content(session)}) if last else (0, None))
        self._lock = threading.Lock()
        self._in_flight: dict[int, str] = {}  # MQTT message id -> outbox id, until the broker has it
        self._early: set[int] = set()  # MQTT message ids published before send_due noted them
        self._taken: list[str] = []  # outbox ids the central broker has taken since send_due looked
        self._thread = threading.Thread(target=self._run, name=f"upstream-{club}", daemon=True)
        # one client per club and session at the central broker (two sections of a club at once)
        ident = hashlib.sha256(session.id.encode()).hexdigest()[:8]
        client = mqtt_client(central, f"bridgetable-upstream-{club}-{ident}", clean_session=False)
        client.on_connect = self._on_connect
        client.on_message = self._on_message
        client.on_publish = self._on_publish
        self.client, self.central = client, central

    def start(self) -> None:
        self.client.connect_async(self.central.host, self.central.port, self.central.keepalive)
        self.client.loop_start()
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._wake.set()
        if self._thread.ident is not None:
            self._thread.join(10)
        self.client.disconnect()
        self.client.loop_stop()

    def status(self) -> dict[str, Any]:
        """For the director's page: messages not yet acknowledged, those the center refused and
        why, and whether the center says it refuses this station's key."""
        return {"pending": self.outbox.pending(), "refused": self.outbox.refused(),
                "key_refused": self.key_refused}

    def wake(self, what: str = "result") -> None:
        """An ingest listener: look at the store now rather than at the next tick."""
        if what == "result":
            self._wake.set()

    def lookup(self, number: str) -> None:
        """Ask the center's player register for ``number``'s name (once: the outbox keeps it until
        the center answers); returns at once, the answer goes to ``on_players``."""
        with self._lock:
            self._lookups.add(number)
        self._wake.set()

    def scan(self) -> int:
        """Add to the outbox what the store has that the outbox has not; how many were added."""
        results = self.session.store.results(self.session.id, all_revisions=True)
        uid, (seq, sent) = self.session.setup.uid, self._setup
        content = json.loads(encode(setup_content(self.session)))  # as it travels (pair numbers as text)
        # a new set-up, or a change to it (a name corrected), even back to what an older one said
        new = [setup_message(self.session, seq + 1)] if content != sent else []
        with self._lock:
            numbers, self._lookups = self._lookups, set()
        new += [{"id": f"lookup/{uid}/{number}", "kind": "lookup", "session": self.session.id, "uid": uid,
                 "number": number} for number in sorted(numbers)
                if f"lookup/{uid}/{number}" not in self._known]
        new += [result_message(r, uid) for r in results if result_id(r, uid) not in self._known]
        played = {(r.table, r.board) for r in results}
        movement = self.session.movement
        if (f"ranking/{uid}/{len(results)}" not in self._known
                and set(session_boards(movement)) == set(movement.boards)  # a Swiss: every round paired
                and all((a.table, b) in played for a in movement.assignments for b in a.boards)):
            new.append(ranking_message(self.session, len(results)))  # every board played: the ranking
        added = self.outbox.add(new) if new else 0
        self._known.update(body["id"] for body in new)
        if content != sent:
            self._setup = (seq + 1, content)
        return added

    def send_due(self) -> int:
        """Publish what is unacknowledged and due, except what is still on its way to the central
        broker (the MQTT client sends that again itself when it reconnects); how many were published."""
        if not self.client.is_connected():
            return 0
        with self._lock:
            flying = set(self._in_flight.values())
            taken, self._taken = self._taken, []
        self.outbox.taken(taken, self.resend_after, self.resend_max)
        published, waiting = [], []
        for body in self.outbox.due():
            if body["id"] in flying:
                waiting.append(body["id"])
                continue
            # not under self._lock: paho holds its own lock while it calls _on_publish
            payload = encode(envelope(body, self.club, self.key))
            if len(payload) > MAX_MESSAGE:  # the center would refuse it unread, and say nothing
                reason = Refusal(refusal.PAYLOAD, size=len(payload), most=MAX_MESSAGE)
                self.outbox.refuse([reason.told(body["id"])])
                log.warning("upstream: not sent, the center would refuse it: %s: %s", body["id"], reason)
                continue
            info = self.client.publish(up_topic(self.club), payload, qos=1)
            with self._lock:
                if info.mid in self._early:  # the broker's PUBACK came before this line
                    self._early.discard(info.mid)
                    self._taken.append(body["id"])
                else:
                    self._in_flight[info.mid] = body["id"]
            published.append(body["id"])
        self.outbox.sent(published, self.resend_after, self.resend_max)
        self.outbox.postpone(waiting, self.resend_after)
        return len(published)

    def _run(self) -> None:
        while not self._stopping.is_set():
            try:
                self.scan()
                self.send_due()
            except Exception:  # a bad moment (the store busy, the broker gone) is retried next tick
                quiet.exception("upstream: scan or send failed; trying again")
            self._wake.wait(self.every)
            self._wake.clear()

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any,
                    properties: Any) -> None:
        if not reason.is_failure:
            client.subscribe(ack_topic(self.club), qos=1)
            self._wake.set()

    def _on_publish(self, client: mqtt.Client, userdata: Any, mid: int, reason: Any, properties: Any) -> None:
        with self._lock:
            ident = self._in_flight.pop(mid, None)
            if ident is None:
                self._early.add(mid)
            else:
                self._taken.append(ident)

    def _on_message(self, client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        try:
            ack = decode_ack(bytes(msg.payload), self.club, self.key)
        except SignatureError as exc:
            self.refused += 1
            # signed with the club's key as the center has it: a station with another key cannot
            # verify it, and that is what the center says (a hint shown to the director, no more)
            self.key_refused = says_key_refused(bytes(msg.payload), self.club)
            what = ("the center refuses this station's key (--central-key)" if self.key_refused
                    else "refused an ack")
            quiet.warning(f"upstream: {what} on {msg.topic}: {exc}")
            return
        except ValueError as exc:
            self.refused += 1
            quiet.warning(f"upstream: refused an ack on {msg.topic}: {exc}")
            return
        self.key_refused = False
        self.outbox.acknowledge(ack["ids"])
        if ack.get("players") and self.on_players is not None:
            self.on_players(ack["players"])
        if ack["refused"]:
            self.outbox.refuse(ack["refused"])
            for refusal in ack["refused"]:
                log.warning("upstream: the center refuses %s: %s", refusal["id"], refusal["reason"])


def decode_ack(payload: bytes, club: str, key: bytes) -> dict[str, Any]:
    """The center's ack to ``club``, signed with the club's key: ``ids`` it stored (or had), and
    ``refused``, ``[{"id", "reason"}]``, those it will not store."""
    ack = decode_envelope(payload, club, key)
    if not isinstance(ack.get("ids"), list) or not all(isinstance(i, str) for i in ack["ids"]):
        raise ValueError("an ack lists the ids it acknowledges")
    ack.setdefault("refused", [])
    named = ack.get("players", {})
    if not isinstance(named, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                              for k, v in named.items()):
        raise ValueError("an ack names players as {number: name}")
    if not isinstance(ack["refused"], list) or not all(
            isinstance(r, dict) and isinstance(r.get("id"), str) and isinstance(r.get("reason"), str)
            and well_formed(r) for r in ack["refused"]):
        raise ValueError("an ack lists what it refuses as {id, reason} (and the reason's message id and "
                         "params: {message: text, params: {name: text or number}})")
    return ack


def says_key_refused(payload: bytes, club: str) -> bool:
    """Whether an ack this station cannot verify is the center saying it refuses the club's key."""
    try:
        ack = decode_json(payload)
    except ValueError:
        return False
    return ack.get("club") == club and ack.get("key") == "refused"


def decode_envelope(payload: bytes, club: str, key: bytes) -> dict[str, Any]:
    """A signed message of ``club``: refused (ValueError, SignatureError) if it is not JSON, names
    another club, or is not signed with ``key``."""
    message = decode_json(payload)
    if message.get("club") != club:
        named = str(message.get("club"))[:40]
        raise ValueError(f"message names club {named!r} on the topic of club {club!r}")
    verify(message, key)
    return message


def decode_json(payload: bytes) -> dict[str, Any]:
    """A JSON object of at most MAX_MESSAGE bytes, bounded in depth before it is parsed."""
    message = parse_json(payload, "message", max_bytes=MAX_MESSAGE)
    if not isinstance(message, dict):
        raise ValueError("not a JSON object")
    return message
