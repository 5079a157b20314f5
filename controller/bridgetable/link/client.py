"""The two ends of the link over paho-mqtt 2.x: ``TableLink`` (a table unit) and ``StationLink``.

A table publishes its retained state (its last will says "offline"), a live feed of calls and
cards, and its results, signed, at QoS 1 from its outbox. A result leaves the outbox only when
the station's ack arrives; until then the table resends it, at once after every (re)connection
and then with a growing delay, so an outage of the broker or of the station of any length loses
nothing. The station validates and verifies every result, checks it against its session (the
``check`` callback: a result that does not fit is acked "refused" with the reason, and the table
stops sending it), hands it to its store callback (those waiting together in one call: one
transaction; if that fails, each alone, so one bad result never holds back another), and acks
only once the callback has returned. The station signs its acks and assignments with the
table's key, and a table ignores any it cannot verify (a broker without the ACL lets anyone
publish). A malformed or forged message is logged with the reason (a repeating one only now and
then) and dropped; no handler lets an exception escape into paho's network thread, and a
repeating one logs its traceback only now and then too (``LogThrottle``).
"""

from __future__ import annotations

import hashlib
import logging
import queue
import random
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from . import topics
from .logthrottle import LogThrottle
from .outbox import Outbox
from .schema import ResultKey, SchemaError, decode, encode, message, validate
from .signing import SignatureError, sign, verify

log = logging.getLogger("bridgetable.link")

Handler = Callable[[dict[str, Any]], None]
Route = Callable[[topics.Topic, bytes], None]


@dataclass(frozen=True, slots=True)
class Broker:
    """Where the broker is and how to log in; ``min_delay``/``max_delay`` bound the backoff (s):
    the wait before the n-th attempt to reconnect is drawn at random between half and all of
    ``min(min_delay * 2**n, max_delay)``, so that a table is back within a few seconds of the
    broker, and the tables of a club do not all come back at the same moment.
    ``tls``: connect over TLS, checking the broker's certificate against ``ca_file`` (or the
    system's CAs)."""

    host: str = "127.0.0.1"
    port: int = 1883
    username: str | None = None
    password: str | None = None
    keepalive: int = 30
    min_delay: float = 0.5
    max_delay: float = 5.0
    tls: bool = False
    ca_file: str | None = None


def decode_on(topic: topics.Topic, payload: bytes) -> dict[str, Any]:
    """A valid message of the topic's kind, whose table (board, for a traveller) is the topic's."""
    received = decode(payload, topic.kind)
    field = "board" if topic.kind == "traveller" else "table"
    if received[field] != topic.number:
        raise SchemaError(f"{topic.kind}.{field}: {received[field]} on the topic of {field} {topic.number}")
    return received


class _Endpoint:
    """The paho plumbing both ends share: connect with backoff, route messages, never raise."""

    def __init__(self, broker: Broker, client_id: str, clean_session: bool) -> None:
        self.broker = broker
        self.refused: Counter[str] = Counter()  # messages dropped, by topic kind
        self.quiet = LogThrottle(log)  # a repeating fault logs now and then, not every time
        self.connected = threading.Event()
        self.connected_at = 0.0  # when the latest connection was made (monotonic)
        client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=client_id,
                             clean_session=clean_session, protocol=mqtt.MQTTv311)
        if broker.username is not None:
            client.username_pw_set(broker.username, broker.password)
        if broker.tls:
            client.tls_set(ca_certs=broker.ca_file)
        self.client = client
        self._attempts = 0  # attempts to connect since the last connection
        client.reconnect_delay_set(broker.min_delay, broker.max_delay)  # type: ignore[arg-type]
        client.on_connect = self._on_connect
        client.on_connect_fail = self._on_connect_fail
        client.on_subscribe = self._on_subscribe
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_message
        self._routes: dict[tuple[str, str], Callable[[topics.Topic, bytes], None]] = {}

    def route(self, side: str, kind: str, handler: Callable[[topics.Topic, bytes], None]) -> None:
        self._routes[(side, kind)] = handler

    @staticmethod
    def deliver(handler: Handler | None) -> Callable[[topics.Topic, bytes], None]:
        """A route that hands each valid message to ``handler`` (or only checks it, if None)."""
        def route(topic: topics.Topic, payload: bytes) -> None:
            received = decode_on(topic, payload)
            if handler is not None:
                handler(received)
        return route

    def start(self) -> None:
        self.client.connect_async(self.broker.host, self.broker.port, self.broker.keepalive)
        self.client.loop_start()

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
        self.connected.clear()

    def publish(self, topic: str, payload: bytes, qos: int = 1, retain: bool = False) -> None:
        self.client.publish(topic, payload, qos=qos, retain=retain)

    def refuse(self, kind: str, topic: str, reason: str, payload: bytes = b"") -> None:
        """Log (a repeat of the same message only now and then) and count a dropped message."""
        digest = f" (payload {hashlib.sha256(payload).hexdigest()[:8]})" if payload else ""
        self.quiet.warning(f"dropped {kind} message on {topic}{digest}: {reason}")
        self.refused[kind] += 1  # after the log line: a test waiting on the count then finds it

    def subscriptions(self) -> list[tuple[str, int]]:
        raise NotImplementedError

    def next_delay(self) -> float:
        """Set (and return) the wait before paho's next attempt to connect: the doubling delay
        capped at ``max_delay``, with jitter (see ``Broker``). Called before each wait."""
        ceiling = min(self.broker.max_delay, self.broker.min_delay * 2 ** min(self._attempts, 20))
        delay = random.uniform(ceiling / 2, ceiling)
        self._attempts += 1
        self.client.reconnect_delay_set(delay, delay)  # type: ignore[arg-type]
        return delay

    def on_ready(self) -> None:
        """Called in paho's thread once connected and subscribed."""

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any,
                    properties: Any) -> None:
        if reason.is_failure:
            self.quiet.warning(f"broker {self.broker.host}:{self.broker.port} refused the connection: "
                               f"{reason}")
            return
        self.connected_at = time.monotonic()
        self._attempts = 0
        client.subscribe(self.subscriptions())

    def _on_connect_fail(self, client: mqtt.Client, userdata: Any) -> None:
        self.next_delay()

    def _on_subscribe(self, client: mqtt.Client, userdata: Any, mid: int, reasons: Any,
                      properties: Any) -> None:
        """The broker has granted the subscriptions: only now is the endpoint ready, so that
        nothing it publishes can be answered before it listens."""
        refused = [reason for reason in reasons if reason.is_failure]
        if refused:
            self.quiet.warning(f"broker {self.broker.host}:{self.broker.port} refused a subscription: "
                               f"{refused[0]}")
        self.connected.set()
        self._guard("on connect", self.on_ready)

    def _on_disconnect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any,
                       properties: Any) -> None:
        self.connected.clear()
        self.next_delay()
        if reason.is_failure:
            self.quiet.info(f"lost the broker ({reason}); reconnecting with backoff")

    def _on_message(self, client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        try:
            topic = topics.parse_topic(msg.topic)
        except topics.TopicError as exc:
            self.refuse("unknown", msg.topic, str(exc))
            return
        handler = self._routes.get((topic.side, topic.kind))
        if handler is None:
            self.refuse(topic.kind, msg.topic, "not a topic this end reads", bytes(msg.payload))
            return
        try:
            handler(topic, bytes(msg.payload))
        except (SchemaError, SignatureError) as exc:
            self.refuse(topic.kind, msg.topic, str(exc), bytes(msg.payload))
        except Exception:  # a bug in a callback must not kill the network thread
            self.quiet.exception(f"error handling {topic.kind} message on {msg.topic}")
            self.refused[topic.kind] += 1  # after the log line, as in ``refuse``

    def _guard(self, what: str, action: Callable[[], None]) -> None:
        try:
            action()
        except Exception:
            self.quiet.exception(f"error in {what}")


class BrokerProbe(_Endpoint):
    """Logs in once as a table would (``bridgetable selftest``): ``connected`` is set once the broker
    has taken the login and the table's assignment subscription; ``refusal`` says why it did not."""

    def __init__(self, club: str, table: int, broker: Broker) -> None:
        super().__init__(broker, f"bridgetable-{club}-selftest-{table}", clean_session=True)
        self.club, self.table = club, table
        self.refusal: str | None = None

    def subscriptions(self) -> list[tuple[str, int]]:
        return [(topics.director_topic(self.club, "assign", self.table), 1)]

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any,
                    properties: Any) -> None:
        if reason.is_failure:
            self.refusal = str(reason)
        super()._on_connect(client, userdata, flags, reason, properties)


class TableLink(_Endpoint):
    """One table's end of the link.

    ``on_assign`` and ``on_traveller`` receive validated messages from the station (in paho's
    thread). Results are queued in the outbox (the journal's, or ``SQLiteOutbox.put``), then
    ``flush`` sends them. ``resend_min``/``resend_max`` bound the delay before an unacknowledged result
    is sent again.
    """

    def __init__(self, club: str, table: int, key: bytes, outbox: Outbox, broker: Broker, *,
                 on_assign: Handler | None = None, on_traveller: Handler | None = None,
                 on_refused: Handler | None = None, resend_min: float = 1.0,
                 resend_max: float = 60.0) -> None:
        super().__init__(broker, f"bridgetable-{club}-table-{table}", clean_session=True)
        self.club, self.table, self._key, self.outbox = club, table, key, outbox
        self._resend_min, self._resend_max = resend_min, resend_max
        self._on_refused = on_refused
        self._state: dict[str, Any] = {"table": table, "status": "online"}
        self._state_lock = threading.Lock()
        self._state_topic = topics.table_topic(club, table, "state")
        offline = encode(message("state", table=table, status="offline"))
        self.client.will_set(self._state_topic, offline, qos=1, retain=True)
        self._sent: dict[ResultKey, float] = {}  # key -> when last sent, since (re)connecting
        self._sent_lock = threading.Lock()
        self._wake = threading.Event()
        self._stopping = False
        self._sender = threading.Thread(target=self._send_loop, name=f"table-{table}-outbox", daemon=True)
        self.route("director", "ack", self._handle_ack)
        self.route("director", "assign", self._own(self._signed(on_assign)))
        self.route("director", "traveller", self.deliver(on_traveller))

    def _own(self, route: Callable[[topics.Topic, bytes], None]) -> Callable[[topics.Topic, bytes], None]:
        """A route that refuses messages on another table's topic (a broker that misroutes them)."""
        def own(topic: topics.Topic, payload: bytes) -> None:
            if topic.number != self.table:
                raise SchemaError(f"{topic.kind} for table {topic.number} reached table {self.table}")
            route(topic, payload)
        return own

    def _signed(self, handler: Handler | None) -> Route:
        """A route that hands on only messages the station signed with this table's key."""
        def signed(topic: topics.Topic, payload: bytes) -> None:
            received = decode_on(topic, payload)
            verify(received, self._key)
            if handler is not None:
                handler(received)
        return signed

    def subscriptions(self) -> list[tuple[str, int]]:
        root = topics.club_root(self.club)
        return [(topics.director_topic(self.club, "ack", self.table), 1),
                (topics.director_topic(self.club, "assign", self.table), 1),
                (f"{root}/director/traveller/+", 1)]

    def start(self) -> None:
        self._sender.start()
        super().start()

    def stop(self) -> None:
        """Say "offline" (retained) and disconnect; pending results stay in the outbox."""
        self._stopping = True
        self._wake.set()
        if self.connected.is_set():
            self.set_state(status="offline")
        super().stop()
        self._sender.join()

    def flush(self) -> None:
        """Send at once whatever the outbox holds that has not been sent since the last connection
        (call it after queueing a result)."""
        self._wake.set()

    def set_state(self, *, replace: bool = False, **fields: Any) -> None:
        """Update and publish the retained state, e.g. ``set_state(round=2, board=5, phase="play")``;
        ``replace``: these fields only (one left out is dropped), online."""
        with self._state_lock:  # the last state set is the last published, also on a reconnection
            state = {**({"status": "online"} if replace else self._state), **fields, "table": self.table}
            self.publish(self._state_topic, encode(message("state", **state)), qos=1, retain=True)
            self._state = state

    def publish_live(self, board: int, seq: int, event: str, value: str, seat: str | None = None,
                     **fields: Any) -> None:
        """One call, card or other board event as it happens (QoS 0: the result is authoritative)."""
        live = message("live", table=self.table, board=board, seq=seq, event=event, value=value,
                       seat=seat, **fields)
        self.publish(topics.table_topic(self.club, self.table, "live"), encode(live), qos=0)

    def on_ready(self) -> None:
        with self._state_lock:
            self.publish(self._state_topic, encode(message("state", **self._state)), qos=1, retain=True)
        with self._sent_lock:  # everything unacknowledged goes again on a new connection, unless
            # the sender has already sent it on this one (it may run as soon as we are connected)
            self._sent = {key: at for key, at in self._sent.items() if at >= self.connected_at}
        self.flush()

    def _handle_ack(self, topic: topics.Topic, payload: bytes) -> None:
        ack = decode_on(topic, payload)
        verify(ack, self._key)  # a forged ack must not drop a result the station never stored
        key = ResultKey.of(ack)
        if self.outbox.acknowledge(key):
            log.debug("table %s: station %s result %s", self.table, ack["status"], key)
            if ack["status"] == "refused":
                log.warning("table %s: the station refused result %s: %s", self.table, key,
                            ack.get("reason", ""))
                if self._on_refused is not None:
                    self._on_refused(ack)
        with self._sent_lock:
            self._sent.pop(key, None)
        self._wake.set()

    def _send_loop(self) -> None:
        """Send new results at once; resend unacknowledged ones after a doubling delay."""
        delay = self._resend_min
        while not self._stopping:
            woken = self._wake.wait(delay)
            self._wake.clear()
            if self._stopping:
                break
            if not self.connected.is_set():
                continue
            try:
                waiting = self._send_due(delay)
            except Exception:  # e.g. the outbox's disk: keep the loop alive, retry later
                self.quiet.exception(f"table {self.table}: cannot read the outbox")
                waiting = True
            if not waiting:
                delay = self._resend_min
            elif not woken:
                delay = min(delay * 2, self._resend_max)

    def _send_due(self, delay: float) -> bool:
        """Publish each pending result not sent within ``delay``; True if any await an ack."""
        pending = self.outbox.pending()
        now = time.monotonic()
        topic = topics.table_topic(self.club, self.table, "result")
        for result in pending:
            try:
                key = ResultKey.of(validate(result, "result"))
            except (SchemaError, KeyError) as exc:  # the station would refuse it: say so here
                self.quiet.error(f"table {self.table}: result in the outbox is not valid, not sent: {exc}")
                continue
            with self._sent_lock:
                last = self._sent.get(key)
                if last is not None and now - last < delay * 0.9:  # 0.9: timer jitter
                    continue
                self._sent[key] = now
            self.publish(topic, encode(sign(result, self._key)), qos=1)
            self.outbox.sent(key)
        return bool(pending)


@dataclass(frozen=True, slots=True)
class ReceivedResult:
    """A valid, verified result as the station's store receives it."""

    key: ResultKey
    message: dict[str, Any]


StoreResult = Callable[[ReceivedResult], bool]
StoreResults = Callable[[Sequence[ReceivedResult]], Sequence[bool]]
CheckResult = Callable[[dict[str, Any]], "str | None"]


class StationLink(_Endpoint):
    """The scoring station's end of the link.

    Valid, verified results queue up for the station's storing thread, which takes every result
    waiting (up to ``MAX_BATCH``) at once: it never waits for more, so a lone result is stored at
    once. ``store`` is called with a lone result and must return only once it is stored: True if
    it is new, False if the store already had it. ``store_many``, when given, is called with two
    or more waiting together and must store them all in one transaction (one write to disk, all
    or none) and say for each whether it was new; without it they go to ``store`` one by one.
    The acks are sent after the call returns; if ``store_many`` raises, each of its results is
    stored alone, and one whose ``store`` raises is not acked: its table will send it again (as
    the tables do for what was waiting if the station dies). ``check``, when given, is asked about
    each verified result first and returns the reason it does not fit (or None): such a result is
    acked "refused" with that reason and never stored. ``on_ready`` is called after each
    (re)connection (to publish again what a broker may have lost). ``keys`` maps a table number
    to its key, which signs the acks and assignments to that table too. ``share`` names an MQTT
    shared subscription group so that several scoring workers can split the results of a large event.
    """

    MAX_BATCH = 500

    def __init__(self, club: str, keys: Mapping[int, bytes], store: StoreResult, broker: Broker, *,
                 store_many: StoreResults | None = None, client_id: str = "bridgetable-station",
                 share: str | None = None, on_state: Handler | None = None,
                 on_live: Handler | None = None, check: CheckResult | None = None,
                 on_ready: Callable[[], None] | None = None) -> None:
        super().__init__(broker, client_id, clean_session=False)
        self.club, self._keys, self._store, self._store_many = club, keys, store, store_many
        self._check, self._on_ready = check, on_ready
        self._share, self._on_state, self._on_live = share, on_state, on_live
        self._waiting: queue.SimpleQueue[ReceivedResult | None] = queue.SimpleQueue()
        self._storer: threading.Thread | None = None
        self.route("table", "result", self._handle_result)
        self.route("table", "state", self.deliver(on_state))
        self.route("table", "live", self.deliver(on_live))

    @property
    def waiting(self) -> int:
        """How many results have arrived and wait to be stored."""
        return self._waiting.qsize()

    def start(self) -> None:
        self._storer = threading.Thread(target=self._store_loop, name="station-store", daemon=True)
        self._storer.start()
        super().start()

    def stop(self) -> None:
        """Store and ack what has arrived, then disconnect."""
        if self._storer is not None:
            self._waiting.put(None)
            self._storer.join()
            self._storer = None
        super().stop()

    def subscriptions(self) -> list[tuple[str, int]]:
        results = topics.table_filter(self.club, "result")
        if self._share:
            results = f"$share/{self._share}/{results}"
        subs = [(results, 1)]
        if self._on_state is not None:
            subs.append((topics.table_filter(self.club, "state"), 1))
        if self._on_live is not None:
            subs.append((topics.table_filter(self.club, "live"), 0))
        return subs

    def on_ready(self) -> None:
        if self._on_ready is not None:
            self._on_ready()

    def publish_assignment(self, assignment: dict[str, Any]) -> None:
        """Signed with the table's key; retained, so a table that (re)connects learns where it is
        (but a broker may lose it: the station publishes it again, see ``on_ready``)."""
        validate(assignment, "assign")
        signed = sign(assignment, self._keys[assignment["table"]])
        self.publish(topics.director_topic(self.club, "assign", assignment["table"]), encode(signed),
                     qos=1, retain=True)

    def publish_traveller(self, traveller: dict[str, Any]) -> None:
        validate(traveller, "traveller")
        self.publish(topics.director_topic(self.club, "traveller", traveller["board"]),
                     encode(traveller), qos=1, retain=True)

    def _handle_result(self, topic: topics.Topic, payload: bytes) -> None:
        result = decode(payload, "result")
        if result["club"] != self.club:
            raise SchemaError(f"result.club: {result['club']!r}, this station runs {self.club!r}")
        if result["table"] != topic.number:
            raise SignatureError(f"a result for table {result['table']} on the topic of table {topic.number}")
        key = self._keys.get(topic.number)
        if key is None:
            raise SignatureError(f"no key for table {topic.number}")
        verify(result, key)
        received = ReceivedResult(ResultKey.of(result), result)
        reason = self._check(result) if self._check is not None else None
        if reason is not None:
            self._ack(received.key, "refused", reason=reason[:200])
            self.refuse("result", str(topic), f"{received.key} refused: {reason}", payload)
            return
        self._waiting.put(received)

    def _store_loop(self) -> None:
        """Store whatever is waiting, in one call, until ``stop`` queues None."""
        while True:
            batch = [self._waiting.get()]
            while batch[-1] is not None and len(batch) < self.MAX_BATCH:
                try:
                    batch.append(self._waiting.get_nowait())
                except queue.Empty:
                    break
            results = [received for received in batch if received is not None]
            if len(results) > 1 and self._store_many is not None:
                self._store_then_ack(results, self._store_many)
            else:
                for received in results:
                    self._store_then_ack([received], lambda one: [self._store(one[0])])
            if batch[-1] is None:
                return

    def _store_then_ack(self, results: list[ReceivedResult], store: StoreResults) -> None:
        try:
            new = list(store(results))
            if len(new) != len(results):
                raise ValueError(f"the store answered {len(new)} times for {len(results)} results")
        except Exception as error:  # not stored, so not acknowledged: the tables will send them again
            if len(results) > 1:  # one bad result must not hold back the others: each alone
                for received in results:
                    self._store_then_ack([received], lambda one: [self._store(one[0])])
                return
            self.quiet.warning(f"storing {results[0].key} failed ({type(error).__name__}: {error}); "
                               "no ack, the table will send it again")
            return
        for received, is_new in zip(results, new, strict=True):
            self._ack(received.key, "stored" if is_new else "duplicate")

    def _ack(self, key: ResultKey, status: str, **fields: Any) -> None:
        ack = sign(message("ack", **key.fields(), status=status, **fields), self._keys[key.table])
        self.publish(topics.director_topic(self.club, "ack", key.table), encode(ack), qos=1)
