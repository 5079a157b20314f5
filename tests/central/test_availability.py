"""No fault on the way to the center stops or slows play at a club (issue 23, items 1 and 4).

A club plays while its link to the central broker (TLS, through a relay the test breaks) is cut,
then accepts and closes every connection (a load balancer before a central broker that is down:
what froze a club's Mosquitto 2.0.11 when it bridged to the center), then swallows every packet.
Its tables keep storing results and its own Mosquitto answers a round trip within a fraction of a
second throughout; the station's upstream link, its own MQTT client, is the only thing that sees
the WAN. Once the link is back, every result is at the center exactly once. And after an outage
the outbox sends each message once, with a backoff while the center is silent, never a copy per
resend period.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt

from bridgetable.demo.club import DemoOptions
from bridgetable.demo.federation import CLUBS, Federation
from bridgetable.director.session import Session, SessionSetup, generated_boards
from bridgetable.director.store import SQLiteStore
from bridgetable.director.upstream import Upstream, UpstreamOutbox, derive_club_key, mqtt_client, up_topic
from bridgetable.link import Broker
from bridgetable.link.broker import MosquittoProcess, free_port

from ..link.test_table_unit import make_tls_files
from .linkproxy import LinkProxy
from .test_federation import at_center, wait_for

NORTH = CLUBS[0]


class Probe:
    """Round trips through a club's own Mosquitto every 0.1 s; the slowest, and how many got no
    answer within 2 s (a stalled broker answers none)."""

    def __init__(self, port: int) -> None:
        self.slowest, self.missed, self.count = 0.0, 0, 0
        self._answer = threading.Event()
        self._stopping = threading.Event()
        client = mqtt_client(Broker(port=port), "probe")
        client.on_message = lambda *_: self._answer.set()
        client.connect("127.0.0.1", port)
        client.subscribe("probe/echo", qos=0)
        client.loop_start()
        self.client = client
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stopping.is_set():
            self._answer.clear()
            sent = time.monotonic()
            self.client.publish("probe/echo", b"ping", qos=0)
            if self._answer.wait(2.0):
                self.slowest = max(self.slowest, time.monotonic() - sent)
            else:
                self.missed += 1
            self.count += 1
            time.sleep(0.1)

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join(5)
        self.client.disconnect()
        self.client.loop_stop()


def test_a_club_plays_on_whatever_happens_to_its_link_to_the_center(tmp_path: Path) -> None:
    options = DemoOptions(tables=4, rounds=3, boards_per_round=6, web_port=free_port())
    federation = Federation(options, tmp_path, workers=1, tls=make_tls_files(tmp_path / "pki"))
    proxy = LinkProxy(federation.central_broker.port)  # north's internet, which the test breaks
    probe: Probe | None = None
    try:
        federation.start({NORTH: proxy.port})
        north = federation.clubs[0]
        db, center = federation.db, federation.center
        assert db is not None and center is not None
        probe = Probe(north.broker.port)
        wait_for(lambda: len(at_center(db, north)) >= 2, 60, "north's first results at the center")
        through = -1
        for fault, least in ((proxy.cut, 3.0), (proxy.close_each, 3.0), (proxy.black_hole, 10.0)):
            played = len(north.expected())
            started = time.monotonic()
            fault()
            if through < 0:
                time.sleep(0.5)  # what was on the wire has arrived or is lost with the connection
                through = len(at_center(db, north))
            # at least `least` seconds of the fault (a silent link is noticed after 1.5 keepalives),
            # and the club's tables storing results all the while
            wait_for(lambda p=played, s=started, t=least: time.monotonic() - s >= t  # type: ignore[misc]
                     and len(north.expected()) >= p + 2, 40, f"north playing on through {fault.__name__}")
            assert north.outbox.pending() > 0  # kept at the club until the center acknowledges it
        assert len(at_center(db, north)) == through  # nothing got through the broken link
        probe.stop()
        assert probe.count > 100 and probe.missed == 0 and probe.slowest < 1.0, vars(probe)

        proxy.restore()
        assert federation.wait_complete(90)
        wait_for(lambda: north.outbox.pending() == 0, 30, "the center's acks at north")
        got = at_center(db, north)
        assert len(got) == len(set(got)) == len(north.expected())  # nothing lost, nothing doubled
        assert set(got) == north.expected()
    finally:
        if probe is not None:
            probe.stop()
        federation.stop()
        proxy.close()


def test_after_an_outage_each_message_goes_once_and_a_silent_center_gets_it_less_and_less_often(
        tmp_path: Path) -> None:
    """The center never acknowledges (none runs): an MQTT client at the central broker counts the
    copies of the club's set-up message, while the link is up, then swallows every packet, then
    comes back."""
    central = MosquittoProcess(tmp_path / "central")
    central.start()
    proxy = LinkProxy(central.port)
    store = SQLiteStore(tmp_path / "station.db")
    setup = SessionSetup("s1", "Tuesday", {"kind": "mitchell", "tables": 3, "rounds": 1,
                                           "boards_per_round": 1}, "MP", pairs={1: "Ann & Bob"})
    session = Session.create(store, setup, generated_boards(len(setup.build_movement().boards), 1))
    outbox = UpstreamOutbox(tmp_path / "station.db")
    upstream = Upstream(session, NORTH, derive_club_key(b"secret", NORTH),
                        Broker(port=proxy.port, min_delay=0.1, max_delay=0.5, keepalive=1), outbox,
                        resend_after=0.25, resend_max=1.0, every=0.05)
    copies: Counter[str] = Counter()
    counter = mqtt_client(Broker(port=central.port), "counter")

    def count(client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        copies[msg.payload.decode()] += 1

    counter.on_message = count
    counter.connect("127.0.0.1", central.port)
    counter.subscribe(up_topic(NORTH), qos=1)
    counter.loop_start()
    try:
        upstream.start()
        time.sleep(3.0)  # sent at 0 s, then after 0.25, 0.5, 1, 1... s: 5 times in 3 s, not 12
        assert len(copies) == 1  # one message (the set-up), signed the same each time
        connected_copies = sum(copies.values())
        assert 4 <= connected_copies <= 6, copies
        assert list(outbox.tries().values()) == [connected_copies]

        proxy.black_hole()  # the client thinks it is connected until 1.5 keepalives pass: what it
        time.sleep(5.0)     # publishes then stays in flight and is not published again meanwhile
        assert sum(copies.values()) == connected_copies  # nothing got through
        silent_tries = outbox.tries()[next(iter(outbox.tries()))] - connected_copies
        assert silent_tries <= 1  # one publish into the silent link, then it waited in flight
        proxy.restore()
        wait_for(lambda: sum(copies.values()) > connected_copies, 10, "the set-up after the outage")
        time.sleep(0.3)
        assert sum(copies.values()) - connected_copies == 1  # once after the outage, not once a period
    finally:
        upstream.stop()
        counter.disconnect()
        counter.loop_stop()
        outbox.close()
        store.close()
        proxy.close()
        central.stop()
