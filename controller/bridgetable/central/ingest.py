"""An ingest worker: takes the clubs' messages from the central broker, checks them, stores them in
PostgreSQL and acknowledges them to their club.

Several workers share the load through one MQTT 5 shared subscription
(``$share/central/bridgetable/v1/+/central/up``): the broker gives each message to one of them.
A worker that dies loses at most the messages it had taken and not stored; the club's outbox
sends them again, and storing is idempotent (``CentralDb.ingest``), so nothing is lost or doubled.
A message is refused — logged, counted, recorded in ``refused``, never acknowledged — when its
club is unknown, when it names another club than its topic's, when it is not signed with that
club's key, or when it is not a message of ours.
"""

from __future__ import annotations

import hashlib
import logging
import os
import queue
import secrets
import threading
from collections import defaultdict
from collections.abc import Callable, Mapping
from typing import Any

import paho.mqtt.client as mqtt
import psycopg
from paho.mqtt.subscribeoptions import SubscribeOptions

from ..director.upstream import ack_topic, decode_envelope, derive_club_key, envelope, mqtt_client
from ..link import Broker, SignatureError
from ..link.logthrottle import LogThrottle
from ..link.schema import encode
from ..link.topics import ROOT
from .db import CentralDb, Message

log = logging.getLogger("bridgetable.central")
quiet = LogThrottle(log)  # a fault that repeats: a line (and its traceback) now and then
SHARE = "central"
UP_FILTER = f"{ROOT}/+/central/up"
BATCH = 200  # messages stored in one transaction at most
KINDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "setup": {"event": str, "movement": dict, "scoring": str, "teams": dict, "pairs": dict, "boards": list},
    "result": {"round": int, "table": int, "board": int, "revision": int, "ns": int, "ew": int,
               "contract": str, "declarer": (str, type(None)), "tricks": (int, type(None)),
               "ns_score": (int, type(None)), "lead": (str, type(None)), "adjusted": (str, type(None)),
               "source": str, "record": dict, "stored_at": str},
    "ranking": {"seq": int, "ranking": list},
}


class FederationKeys(Mapping[str, bytes]):
    """Each club's upstream key, derived from the federation's secret; ``clubs`` (when given)
    are the only clubs known."""

    def __init__(self, secret: bytes, clubs: list[str] | None = None) -> None:
        self._secret, self._clubs = secret, clubs

    def __getitem__(self, club: str) -> bytes:
        if self._clubs is not None and club not in self._clubs:
            raise KeyError(club)
        return derive_club_key(self._secret, club)

    def __iter__(self) -> Any:
        return iter(self._clubs or [])

    def __len__(self) -> int:
        return len(self._clubs or [])


def check_body(message: dict[str, Any]) -> None:
    """Raise ValueError naming the field unless ``message`` is a setup, result or ranking."""
    kind = message.get("kind")
    if kind not in KINDS:
        raise ValueError(f"kind {str(kind)[:20]!r} is not one of {', '.join(KINDS)}")
    for name, types in {"id": str, "session": str, **KINDS[kind]}.items():
        value = message.get(name)
        if not isinstance(value, types) or isinstance(value, bool):  # no field is a bool
            raise ValueError(f"{kind}.{name}: {str(value)[:30]!r} has the wrong type")
    if not message["session"] or len(message["session"]) > 200:
        raise ValueError(f"{kind}.session must be 1-200 characters")


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

    def _on_subscribe(self, client: mqtt.Client, userdata: Any, mid: int, reasons: Any,
                      properties: Any) -> None:
        self.ready.set()

    def _on_message(self, client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        self._queue.put((msg.topic, bytes(msg.payload)))

    def _run(self) -> None:
        while not self._stopping.is_set():
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

    def verify(self, topic: str, payload: bytes) -> Message:
        """The message, or ValueError / SignatureError saying why it is refused."""
        club = club_of(topic)
        key = self.keys.get(club)
        if key is None:
            raise ValueError(f"club {club!r} is not a member of the federation")
        message = decode_envelope(payload, club, key)
        check_body(message)
        return Message(club, {name: value for name, value in message.items()
                              if name not in ("schema", "club", "sig")})

    def handle(self, batch: list[tuple[str, bytes]]) -> None:
        """Verify, store in one transaction, then acknowledge to each club what was stored."""
        good: list[Message] = []
        for topic, payload in batch:
            try:
                good.append(self.verify(topic, payload))
            except (ValueError, SignatureError) as exc:
                self.refused += 1
                digest = hashlib.sha256(payload).hexdigest()[:8]
                quiet.warning(f"{self.name}: refused a message on {topic} (payload {digest}): {exc}")
                self.db.refuse(topic, str(exc))
        if not good:
            return
        new = self.db.ingest(good)
        self.stored += sum(new)
        self.duplicates += len(new) - sum(new)
        ids: dict[str, list[str]] = defaultdict(list)
        for message in good:
            ids[message.club].append(message.body["id"])
        for club, acked in ids.items():
            ack = envelope({"kind": "ack", "ids": acked}, club, self.keys[club])
            self.client.publish(ack_topic(club), encode(ack), qos=1)
        if self.on_stored is not None:
            self.on_stored(good)
