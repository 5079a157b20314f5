"""The center survives a PostgreSQL restart (issue 23, item 2): the ingest worker keeps what it took
while the database was away and stores it when it is back, without a club sending it again; the
pages answer 503 meanwhile, then serve again; ``/health`` says which."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import paho.mqtt.client as mqtt
import pytest

from bridgetable.central.db import CentralDb
from bridgetable.central.ingest import FederationKeys
from bridgetable.central.pgserver import PrivatePostgres
from bridgetable.central.server import Center
from bridgetable.director.upstream import ack_topic, derive_club_key, envelope, mqtt_client, up_topic
from bridgetable.link import Broker
from bridgetable.link.broker import MosquittoProcess, free_port
from bridgetable.link.schema import encode

from .test_federation import wait_for
from .test_ingest import SECRET, result


@pytest.fixture
def restartable() -> Iterator[PrivatePostgres]:
    server = PrivatePostgres()
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_the_center_stores_again_after_a_database_restart(tmp_path: Path,
                                                          restartable: PrivatePostgres) -> None:
    web = free_port()
    with MosquittoProcess(tmp_path / "central") as broker:
        center = Center(restartable.url, FederationKeys(SECRET, ["a"]),
                        Broker(port=broker.port, min_delay=0.1, max_delay=1.0), workers=1, web_port=web)
        center.start()
        acked: list[str] = []
        lock = threading.Lock()

        def on_ack(client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
            with lock:
                acked.extend(json.loads(msg.payload)["ids"])

        club = mqtt_client(Broker(port=broker.port), "club-a")
        club.on_message = on_ack
        club.connect("127.0.0.1", broker.port)
        club.subscribe(ack_topic("a"), qos=1)
        club.loop_start()
        key = derive_club_key(SECRET, "a")

        def send(table: int) -> None:  # one table's 8 boards, each result once: no outbox resends here
            for board in range(1, 9):
                club.publish(up_topic("a"), encode(envelope(result(table, board), "a", key)), qos=1)

        base = f"http://127.0.0.1:{web}"
        try:
            wait_for(lambda: serving(base), 20, "the center's pages")
            send(1)
            wait_for(lambda: len(acked) == 8, 20, "table 1's results stored and acknowledged")
            health = httpx.get(f"{base}/health", timeout=5)
            assert health.status_code == 200 and health.json()["database"] is True
            assert health.json()["workers"][0]["broker"] is True

            restartable.halt()  # the database goes away (every connection dropped)
            send(2)  # taken by the worker, which cannot store them yet
            wait_for(lambda: not center.workers[0].database, 20, "the worker to notice")
            health = httpx.get(f"{base}/health", timeout=10)
            assert health.status_code == 503 and health.json()["database"] is False
            assert health.json()["workers"][0]["database"] is False
            page = httpx.get(f"{base}/api/clubs", timeout=10)
            assert page.status_code == 503 and "does not answer" in page.json()["error"]
            assert len(acked) == 8  # nothing acknowledged that is not stored

            restartable.resume()  # back, same data
            send(3)
            wait_for(lambda: len(acked) == 24, 60, "tables 2 and 3 stored after the restart")
            assert httpx.get(f"{base}/health", timeout=5).status_code == 200
            clubs = httpx.get(f"{base}/api/clubs", timeout=5)
            assert clubs.status_code == 200 and clubs.json()[0]["club"] == "a"
        finally:
            club.disconnect()
            club.loop_stop()
            center.stop()
    db = CentralDb(restartable.url, create=False)
    try:
        assert db.counts()["results"] == 24  # each once
        assert sorted(acked) == sorted(result(t, b)["id"] for t in (1, 2, 3) for b in range(1, 9))
    finally:
        db.close()


def serving(base: str) -> bool:
    try:
        return httpx.get(f"{base}/health", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False
