"""Forged, malformed and unauthorised results are refused (and logged); nothing crashes."""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from paho.mqtt.enums import CallbackAPIVersion

from bridgetable.link import Broker, SQLiteOutbox, StationLink, TableLink, encode, sign, topics
from bridgetable.link.accounts import STATION_USER, Accounts, table_user
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.signing import DerivedKeys

from .support import CLUB, SECRET, ResultStore, result, table_key, wait_until

RESULT_1 = topics.table_topic(CLUB, 1, "result")


class Publisher:
    """A plain paho client, as an attacker (or a broken table) would use."""

    def __init__(self, port: int, username: str | None = None, password: str | None = None) -> None:
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
        if username is not None:
            self.client.username_pw_set(username, password)
        self.reason: Any = None
        self._answered = threading.Event()
        self.client.on_connect = self._on_connect
        self.client.connect("127.0.0.1", port)
        self.client.loop_start()
        assert self._answered.wait(5), "the broker did not answer"

    def _on_connect(self, client: Any, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        self.reason = reason
        self._answered.set()

    def publish(self, topic: str, payload: bytes) -> None:
        self.client.publish(topic, payload, qos=1).wait_for_publish(5)

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def signed(table: int, board: int, key: bytes | None = None, **fields: Any) -> bytes:
    return encode(sign({**result(table, board), **fields}, key or table_key(table)))


@pytest.fixture
def station(broker: MosquittoProcess, tmp_path: Path) -> Iterator[tuple[StationLink, ResultStore]]:
    store = ResultStore(tmp_path / "store.db")
    link = StationLink(CLUB, DerivedKeys(SECRET, CLUB, 10), store, Broker(port=broker.port))
    link.start()
    assert link.connected.wait(5)
    yield link, store
    link.stop()
    store.close()


def refused_then_valid(station: tuple[StationLink, ResultStore], publisher: Publisher,
                       payloads: list[bytes], board: int) -> None:
    """Publish ``payloads`` and then a valid result: once that is stored, the others were handled."""
    link, store = station
    before = sum(link.refused.values())
    for payload in payloads:
        publisher.publish(RESULT_1, payload)
    publisher.publish(RESULT_1, signed(1, board))
    wait_until(lambda: f"s1/1/1/{board}/r1" in store.stored(), what="the valid result after the bad ones")
    assert sum(link.refused.values()) - before == len(payloads)
    assert store.stored()[-1] == f"s1/1/1/{board}/r1"


def test_forged_results_are_refused_and_logged(broker: MosquittoProcess, station: Any,
                                               caplog: pytest.LogCaptureFixture) -> None:
    publisher = Publisher(broker.port)
    genuine = json.loads(signed(1, 5))
    forged = {
        "another table's key": signed(1, 2, key=table_key(2)),
        "a made-up signature": encode({**genuine, "sig": "0" * 64}),
        "no signature": encode(result(1, 3)),
        "a changed score": encode({**genuine, "tricks": 11, "score_ns": 650}),
        "table 2's result on table 1's topic": signed(2, 4),
    }
    with caplog.at_level(logging.WARNING, logger="bridgetable.link"):
        refused_then_valid(station, publisher, list(forged.values()), board=9)
    publisher.close()
    assert station[1].stored() == ["s1/1/1/9/r1"]
    reasons = [record.getMessage() for record in caplog.records]
    assert sum("signature does not match the table's key" in r for r in reasons) == 3
    assert any("message is not signed" in r for r in reasons)
    assert any("a result for table 2 on the topic of table 1" in r for r in reasons)


def test_malformed_results_are_refused_with_the_reason(broker: MosquittoProcess, station: Any,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    publisher = Publisher(broker.port)
    bad = {
        b"\xff\xfe": "not UTF-8",
        b"{\"schema\": 1,": "not JSON",
        b"[1, 2]": "expected a JSON object",
        encode({**result(1, 1), "schema": 1}): "unsupported schema version 1",
        signed(1, 1, tricks=14): "result.tricks: expected an integer 0..13, got 14",
        signed(1, 1, score_ns=999): "result.score_ns: 999 but 4S by N making 10 tricks scores 420",
        signed(1, 1, contract="8S"): "result.contract: not a contract",
        b"{" * 100000: "exceeds",
    }
    with caplog.at_level(logging.WARNING, logger="bridgetable.link"):
        refused_then_valid(station, publisher, list(bad), board=7)
    publisher.close()
    logged = "\n".join(record.getMessage() for record in caplog.records)
    for reason in bad.values():
        assert reason in logged


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
                    max_leaves=10)
VALID = json.loads(signed(1, 1))


@st.composite
def bad_payloads(draw: st.DrawFn) -> bytes:
    """Random bytes, random JSON, or a signed result with one field changed (or dropped)."""
    kind = draw(st.sampled_from(["bytes", "json", "field"]))
    if kind == "bytes":
        return draw(st.binary(max_size=200))
    if kind == "json":
        return json.dumps(draw(JSON)).encode()
    name = draw(st.sampled_from(sorted(VALID)))
    changed = dict(VALID)
    value = draw(st.just(None) | JSON)
    if value is None:
        del changed[name]
    else:
        changed[name] = value
    return json.dumps(changed).encode()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(payload=bad_payloads())
def test_fuzzed_results_never_reach_the_store_nor_crash_the_station(broker: MosquittoProcess,
                                                                    station: Any, payload: bytes) -> None:
    store = station[1]
    assume(_decoded(payload) != VALID)  # the draw must change something
    publisher = Publisher(broker.port)
    try:
        board = len(store.stored()) + 100
        refused_then_valid(station, publisher, [payload], board=board)
    finally:
        publisher.close()


def _decoded(payload: bytes) -> Any:
    try:
        return json.loads(payload)
    except ValueError:
        return None


# ---- the broker's ACL ----------------------------------------------------------------------------

def test_anonymous_client_cannot_connect_when_the_acl_is_on(secured_broker: MosquittoProcess) -> None:
    anonymous = Publisher(secured_broker.port)
    assert anonymous.reason.is_failure and "authori" in str(anonymous.reason).lower()
    anonymous.close()


def test_a_table_can_publish_only_as_itself(secured_broker: MosquittoProcess, accounts: Accounts,
                                            tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    def login(user: str) -> Broker:
        return Broker(port=secured_broker.port, username=user, password=accounts.passwords[user],
                      min_delay=0.1, max_delay=0.5)

    store = ResultStore(tmp_path / "store.db")
    station = StationLink(CLUB, DerivedKeys(SECRET, CLUB, 3), store, login(STATION_USER))
    table1 = TableLink(CLUB, 1, table_key(1), SQLiteOutbox(tmp_path / "outbox.db"), login(table_user(1)),
                       resend_min=0.3, resend_max=0.3)
    table2 = Publisher(secured_broker.port, table_user(2), accounts.passwords[table_user(2)])
    try:
        assert not table2.reason.is_failure
        table1.outbox.put(result(1, 2))
        table1.start()  # no station yet: the result waits for an ack
        assert table1.connected.wait(5)
        ack = encode({"schema": 2, "kind": "ack", "session": "s1", "round": 1, "table": 1, "board": 2,
                      "revision": 1, "status": "stored"})
        table2.publish(topics.director_topic(CLUB, "ack", 1), ack)  # a forged ack: the broker drops it
        time.sleep(0.3)
        assert len(table1.outbox.pending()) == 1
        station.start()
        assert station.connected.wait(5)  # connected and subscribed
        table2.publish(RESULT_1, signed(1, 1))  # table 2 replaying table 1's result: dropped
        with caplog.at_level(logging.WARNING, logger="bridgetable.link"):
            table2.publish(topics.table_topic(CLUB, 2, "result"), signed(2, 1, key=table_key(1)))
            wait_until(lambda: station.refused["result"] == 1, what="the station refusing table 2's forgery")
        assert "signature does not match" in caplog.text
        table2.publish(topics.table_topic(CLUB, 2, "result"), signed(2, 3))  # its own: accepted
        wait_until(lambda: "s1/1/2/3/r1" in store.stored(), what="table 2's own result")
        wait_until(lambda: not table1.outbox.pending(), what="table 1's result acknowledged by the station")
        assert store.stored() == ["s1/1/1/2/r1", "s1/1/2/3/r1"]  # table 2's replay of 1/1 never arrived
    finally:
        table1.stop()
        table2.close()
        station.stop()
        store.close()
