"""The embedded amqtt broker (the fallback when Mosquitto is not installed) under the real link."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridgetable.link import broker as broker_module
from bridgetable.link import encode, message, sign, topics
from bridgetable.link.broker import EMBEDDED_NOTICE, EmbeddedBroker, MosquittoProcess, local_broker

from .support import CLUB, result, table_key, wait_until
from .test_mqtt_link import Club, each_result_arrives_once


@pytest.fixture
def embedded_club(tmp_path: Path) -> Iterator[Club]:
    with EmbeddedBroker() as embedded:
        club = Club(embedded, tmp_path)  # type: ignore[arg-type]
        yield club
        club.close()


def test_results_at_qos_1_arrive_exactly_once(embedded_club: Club) -> None:
    each_result_arrives_once(embedded_club, range(1, 5), range(1, 6))


def test_retained_assignments_reach_their_own_table_only(embedded_club: Club) -> None:
    """amqtt 0.12.1 as released sends a connecting client the retained messages of every client's
    subscriptions: table 3 would get table 4's assignment; the embedded broker fixes that."""
    station = embedded_club.station()
    for table in (3, 4):
        station.publish_assignment(message("assign", session="s1", round=1, table=table, ns=table,
                                           ew=table + 10, boards=[table]))
    received: dict[int, list[dict[str, Any]]] = {3: [], 4: []}
    links = [embedded_club.table(4, on_assign=received[4].append)]  # subscribes to assign/4 first
    wait_until(lambda: len(received[4]) == 1, what="table 4's retained assignment")
    links.append(embedded_club.table(3, on_assign=received[3].append))
    wait_until(lambda: len(received[3]) == 1, what="table 3's retained assignment")
    received[5] = []
    links.append(embedded_club.table(5, on_assign=received[5].append))  # nothing retained is its own
    station.publish_assignment(message("assign", session="s1", round=1, table=5, ns=5, ew=15, boards=[5]))
    wait_until(lambda: len(received[5]) >= 1, what="table 5's assignment, after anything retained")
    # (published while table 5 subscribes, it may come twice: live and retained; the table takes both)
    assert {table: {tuple(a["boards"]) for a in got} for table, got in received.items()} == \
        {3: {(3,)}, 4: {(4,)}, 5: {(5,)}}
    assert all(sum(link.refused.values()) == 0 for link in links)


def test_local_broker_falls_back_to_amqtt_and_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    if broker_module.find_mosquitto() is not None:
        assert isinstance(local_broker(tmp_path / "m"), MosquittoProcess)
        assert capsys.readouterr().err == ""
    monkeypatch.setattr(broker_module, "find_mosquitto", lambda: None)  # a laptop without Mosquitto
    chosen = local_broker(tmp_path / "e")
    assert isinstance(chosen, EmbeddedBroker)
    assert EMBEDDED_NOTICE in capsys.readouterr().err
    assert isinstance(local_broker(tmp_path / "f", "embedded"), EmbeddedBroker)
    with pytest.raises(FileNotFoundError, match="apt-get install mosquitto"):
        local_broker(tmp_path / "g", "mosquitto")


def test_a_forged_ack_is_ignored_and_the_result_kept_until_the_station_stores_it(
        embedded_club: Club) -> None:
    """The embedded broker lets anyone publish anything (no ACL): an ack the station did not sign
    with the table's key must not make the table drop its result."""
    table = embedded_club.table(1, resend_min=0.2)
    table.outbox.put(result(1, 4))  # type: ignore[attr-defined]
    table.flush()
    ack = message("ack", session="s1", round=1, table=1, board=4, revision=1, status="stored")
    forger = embedded_club.table(2)  # any client of the broker: it publishes on the station's topic
    ack_topic = topics.director_topic(CLUB, "ack", 1)
    forger.publish(ack_topic, encode(ack))  # unsigned
    forger.publish(ack_topic, encode(sign(ack, table_key(2))))  # signed with another table's key
    forger.publish(ack_topic, encode({**sign(ack, table_key(1)), "status": "duplicate"}))  # altered
    wait_until(lambda: table.refused["ack"] == 3, what="the three forged acks refused")
    assert [r["board"] for r in table.outbox.pending()] == [4]
    embedded_club.station()  # the real station: its signed ack empties the outbox
    wait_until(lambda: not table.outbox.pending(), what="the station's ack")
    assert embedded_club.store.stored() == ["s1/1/1/4/r1"]
