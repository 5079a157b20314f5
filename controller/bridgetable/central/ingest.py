"""An ingest worker: takes the clubs' messages from the central broker, checks them, stores them in
PostgreSQL and acknowledges them to their club.

Several workers share the load through one MQTT 5 shared subscription
(``$share/central/bridgetable/v1/+/central/up``): the broker gives each message to one of them.
A worker that dies loses at most the messages it had taken and not stored; the club's outbox
sends them again, and storing is idempotent (``CentralDb.ingest``), so nothing is lost or doubled.
A message is refused — logged, counted, recorded in ``refused`` (``LogThrottle``), never
acknowledged — when its club is unknown, when it names another club than its topic's, when it is
not signed with that club's key, or when it is not a message of ours that the database can store
and the pages show (``check_body``; the database's own refusal of one message, ``CentralDb.ingest``).
The ack tells a club that signed a refused message why (with the message id and values of
``check_body``'s reason, which its station says in its director's language); a club signing
with a wrong key is told that too. On each connection a worker publishes again the set-ups
waiting for their club.
A "lookup" (a player's number a club's member list does not know) is answered from the player
register (``CentralDb.register``: the names the clubs' set-ups gave) in the ack, and stored nowhere.
"""

from __future__ import annotations

import hashlib
import logging
import os
import queue
import secrets
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Mapping
from typing import Any

import paho.mqtt.client as mqtt
import psycopg
from paho.mqtt.subscribeoptions import SubscribeOptions

from ..director.refusal import Refusal
from ..director.upstream import (
    ack_topic,
    decode_envelope,
    decode_json,
    derive_club_key,
    down_topic,
    envelope,
    mqtt_client,
)
from ..link import Broker, SignatureError
from ..link.logthrottle import LogThrottle
from ..link.schema import encode
from ..link.topics import ROOT
from .checks import check_body
from .db import CentralDb, Message, printable

log = logging.getLogger("bridgetable.central")
quiet = LogThrottle(log)  # a fault that repeats: a line (and its traceback) now and then
SHARE = "central"
UP_FILTER = f"{ROOT}/+/central/up"
BATCH = 200  # messages stored in one transaction at most
KEYS_READ_EVERY = 2.0  # seconds: how soon a running center refuses a key revoked (--revoke-key)


class FederationKeys(Mapping[str, bytes]):
    """Each club's upstream key, derived from the federation's secret and the generation of the
    club's key (``generations``: the revoked clubs', read again every ``every`` seconds; the last
    read kept while the database is away); ``clubs`` (when given) are the only clubs known."""

    def __init__(self, secret: bytes, clubs: list[str] | None = None, *,
                 generations: Callable[[], Mapping[str, int]] | None = None,
                 every: float = KEYS_READ_EVERY) -> None:
        self._secret, self._clubs = secret, clubs
        self._generations, self._every = generations, every
        self._known: Mapping[str, int] = {}
        self._read = -every
        self._lock = threading.Lock()

    def generation(self, club: str) -> int:
        """The generation of the club's key now (0: never revoked)."""
        if self._generations is None:
            return 0
        with self._lock:
            if time.monotonic() - self._read >= self._every:
                try:
                    self._known = dict(self._generations())
                except psycopg.Error:
                    quiet.exception("could not read the clubs' key generations; the last read kept")
                self._read = time.monotonic()
            return self._known.get(club, 0)

    def revoked(self, club: str) -> list[bytes]:
        """The club's revoked keys, the latest first."""
        return [derive_club_key(self._secret, club, g) for g in reversed(range(self.generation(club)))]

    def __getitem__(self, club: str) -> bytes:
        if self._clubs is not None and club not in self._clubs:
            raise KeyError(club)
        return derive_club_key(self._secret, club, self.generation(club))

    def __iter__(self) -> Any:
        return iter(self._clubs or [])

    def __len__(self) -> int:
        return len(self._clubs or [])


def club_of(topic: str) -> str:
    """The club whose upstream topic this is (``bridgetable/v1/{club}/central/up``)."""
    levels = topic.split("/")
    if len(levels) != 5 or "/".join(levels[:2]) != ROOT or levels[3:] != ["central", "up"]:
        raise ValueError(f"topic {topic!r} is not a club's upstream topic")
    return levels[2]


class IngestWorker:
    """One ingest process's worker: its own broker connection and database connection."""

    def __init__(self, db_url: str, keys: Mapping[str, bytes], broker: Broker, name: str = "central-1",
                 on_stored: Callable[[list[Message]], None] | None = None) -> None:
        self.db = CentralDb(db_url)
        self.keys, self.broker, self.name = keys, broker, name
        self.on_stored = on_stored
        self.stored = 0      # messages that changed the database
        self.duplicates = 0  # messages already stored
        self.refused = 0
        self.ready = threading.Event()
        # of refusals alike, one is recorded a minute, and at most 60 a minute of any kind
        self.throttle = LogThrottle(log, window=60.0, limit=60)
        self._republish = threading.Event()  # (re)connected: publish the waiting set-ups again
        self.database = True  # False while the database is away (the health endpoint says so)
        self._queue: queue.Queue[tuple[str, bytes]] = queue.Queue()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"ingest-{name}", daemon=True)
        # a client id of its own: the workers of every process, on any machine, side by side (one id
        # for all had each new connection throw out the previous one)
        client = mqtt_client(broker, f"bridgetable-{name}-{os.getpid()}-{secrets.token_hex(3)}", v5=True)
        client.on_connect = self._on_connect
        client.on_subscribe = self._on_subscribe
        client.on_message = self._on_message
        self.client = client

    def start(self) -> None:
        self._thread.start()
        self.client.connect_async(self.broker.host, self.broker.port, self.broker.keepalive,
                                  clean_start=True)
        self.client.loop_start()

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
        self._stopping.set()
        if self._thread.ident is not None:
            self._thread.join(10)
        self.db.close()

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any,
                    properties: Any) -> None:
        if reason.is_failure:
            quiet.warning(f"{self.name}: the central broker refused the connection: {reason}")
            return
        client.subscribe(f"$share/{SHARE}/{UP_FILTER}", options=SubscribeOptions(qos=1))
        self._republish.set()

    def _on_subscribe(self, client: mqtt.Client, userdata: Any, mid: int, reasons: Any,
                      properties: Any) -> None:
        self.ready.set()

    def _on_message(self, client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        self._queue.put((msg.topic, bytes(msg.payload)))

    def _run(self) -> None:
        while not self._stopping.is_set():
            if self._republish.is_set():
                self._republish.clear()
                try:
                    self.republish()
                except Exception:  # the database gone: at the next connection
                    quiet.exception(f"{self.name}: could not publish the waiting set-ups again")
            try:
                first = self._queue.get(timeout=0.2)
            except queue.Empty:
                continue
            batch = [first]
            while len(batch) < BATCH:
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            self._store(batch)

    def _store(self, batch: list[tuple[str, bytes]]) -> None:
        """Handle a batch; while the database is away, again after 1, 2, 4 ... 30 s (its messages
        are not acknowledged meanwhile, and the clubs' outboxes keep them too)."""
        wait = 1.0
        while True:
            try:
                self.handle(batch)
                self.database = True
                return
            except psycopg.OperationalError as exc:
                self.database = False
                log.warning("%s: the database is away (%s); %d messages wait, again in %.0f s", self.name,
                            str(exc).strip()[:200], len(batch), wait)
            except Exception:  # a batch that cannot be stored: the clubs' outboxes send it again
                quiet.exception(f"{self.name}: could not store {len(batch)} messages")
                return
            if self._stopping.wait(wait):
                return
            wait = min(2 * wait, 30.0)

    def republish(self) -> int:
        """Publish again, retained, every set-up waiting for its club (``waiting_setups``): a
        central broker restarted without its retained messages has them back; how many."""
        waiting = self.db.waiting_setups()
        for row in waiting:
            self.client.publish(down_topic(row["club"], row["session"]), bytes(row["payload"]), qos=1,
                                retain=True)
        return len(waiting)

    def taken(self, messages: list[Message]) -> None:
        """The set-ups of stations that have started a session that was waiting: its retained
        set-up is cleared from the central broker, then it waits no more (if the broker did not
        confirm the clearing, it waits, and goes again at the next connection)."""
        waiting = {(row["club"], row["session"]) for row in self.db.waiting_setups()} if any(
            message.body["kind"] == "setup" for message in messages) else set()
        for message in messages:
            club, session = message.club, message.body["session"]
            if message.body["kind"] != "setup" or (club, session) not in waiting:
                continue
            cleared = self.client.publish(down_topic(club, session), b"", qos=1, retain=True)
            try:
                cleared.wait_for_publish(5.0)
            except (RuntimeError, ValueError):  # not connected
                continue
            if cleared.is_published():
                self.db.take_setup(club, session)

    def verify(self, topic: str, payload: bytes) -> Message:
        """The message, or ValueError / SignatureError saying why it is refused."""
        message = self.authenticate(topic, payload)
        check_body(message.body)
        return message

    def authenticate(self, topic: str, payload: bytes) -> Message:
        """The message its topic's club signed, not yet checked (``check_body``); ValueError or
        SignatureError saying why it is refused."""
        club = club_of(topic)
        key = self.keys.get(club)
        if key is None:
            raise ValueError(f"club {club!r} is not a member of the federation")
        message = decode_envelope(payload, club, key)
        return Message(club, {name: value for name, value in message.items()
                              if name not in ("schema", "club", "sig")})

    def revoked(self, topic: str, payload: bytes) -> str | None:
        """Why a message whose signature fails is refused, if its club signed it with a revoked key."""
        if not isinstance(self.keys, FederationKeys):
            return None
        club = club_of(topic)
        for key in self.keys.revoked(club):
            try:
                decode_envelope(payload, club, key)
            except (SignatureError, ValueError):
                continue
            return f"club {club!r} signed with its revoked key"
        return None

    def handle(self, batch: list[tuple[str, bytes]]) -> None:
        """Verify, store in one transaction, then tell each club what was stored (acknowledged) and
        what was refused, with the reason; record the refused (``refuse``)."""
        good: list[tuple[str, bytes, Message]] = []
        lookups: list[Message] = []  # a player's name asked of the register: answered, nothing stored
        acked: dict[str, list[str]] = defaultdict(list)
        refused: dict[str, list[dict[str, Any]]] = defaultdict(list)  # told to the club that signed them
        for topic, payload in batch:
            try:
                message = self.authenticate(topic, payload)
            except SignatureError as exc:
                self.refuse(topic, payload, self.revoked(topic, payload) or str(exc), wrong_key=True)
                continue
            except ValueError as exc:
                self.refuse(topic, payload, str(exc))
                continue
            try:
                check_body(message.body)
            except ValueError as exc:
                ident = message.body.get("id")
                self.refuse(topic, payload, str(exc), ident if isinstance(ident, str) else None)
                if isinstance(ident, str):
                    refused[message.club].append(exc.told(ident) if isinstance(exc, Refusal)
                                                 else {"id": ident, "reason": str(exc)})
                continue
            if message.body["kind"] == "lookup":
                lookups.append(message)
            else:
                good.append((topic, payload, message))
        named = self.db.register(sorted({m.body["number"] for m in lookups})) if lookups else {}
        answers: dict[str, dict[str, str]] = defaultdict(dict)
        for message in lookups:  # a number the register does not know: "" (asked again, never)
            answers[message.club][message.body["number"]] = named.get(message.body["number"], "")
            acked[message.club].append(message.body["id"])
        outcomes = self.db.ingest([message for _topic, _payload, message in good]) if good else []
        for (topic, payload, message), outcome in zip(good, outcomes, strict=True):
            ident = message.body["id"]
            if outcome.refusal is not None:
                self.refuse(topic, payload, outcome.refused, ident)
                refused[message.club].append(outcome.refusal.told(ident))
            else:
                self.stored += outcome.stored
                self.duplicates += not outcome.stored
                acked[message.club].append(ident)
        for club in {**acked, **refused}:
            self.tell(club, {"kind": "ack", "ids": acked[club], "refused": refused[club],
                             **({"players": answers[club]} if club in answers else {})})
        self.taken([message for _t, _p, message in good])
        if self.on_stored is not None and good:
            self.on_stored([message for (_t, _p, message), outcome in zip(good, outcomes, strict=True)
                            if not outcome.refused])

    def refuse(self, topic: str, payload: bytes, reason: str, ident: str | None = None, *,
               wrong_key: bool = False) -> None:
        """Count a refused message, and log and record it (its club, id and payload digest) unless
        as many have been lately (``throttle``; those of a club signing with the ``wrong_key``
        count as one kind); tell a member club that the center refuses its key."""
        self.refused += 1
        try:
            club: str | None = club_of(topic)
        except ValueError:
            club = None
        if ident is None:
            ident = message_id(payload)
        digest = hashlib.sha256(payload).hexdigest()
        line = f"{self.name}: refused a message of club {club!r} on {topic}: {reason}"
        repeats = self.throttle.admit(line if wrong_key else f"{line} ({ident})")
        if repeats is None:
            return
        log.warning("%s (message %s, payload %s)%s", line, ident, digest[:16],
                    f"; {repeats} refused before it not recorded" if repeats else "")
        self.db.refuse(topic, reason, club=club, message=ident, digest=digest, repeats=repeats)
        if wrong_key and club is not None and club in self.keys:
            self.tell(club, {"kind": "ack", "ids": [], "refused": [{"id": ident or "", "reason": reason}],
                             "key": "refused"})

    def tell(self, club: str, body: dict[str, Any]) -> None:
        """An ack (or refusal) to a club, signed with its key, on its ack topic."""
        self.client.publish(ack_topic(club), encode(envelope(body, club, self.keys[club])), qos=1)


def message_id(payload: bytes) -> str | None:
    """The id a refused message claims, if it is a JSON object of ours that has one."""
    try:
        ident = decode_json(payload).get("id")
    except ValueError:
        return None
    return printable(ident, 200) if isinstance(ident, str) else None
