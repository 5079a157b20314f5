"""The central database and ingest workers: idempotent storing, concurrent workers, refusals; the
station's upstream messages and outbox."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from bridgetable import i18n
from bridgetable.central.checks import check_body
from bridgetable.central.db import CentralDb, Message, Outcome
from bridgetable.central.ingest import FederationKeys, IngestWorker, club_of
from bridgetable.director import refusal
from bridgetable.director.store import StoredResult
from bridgetable.director.upstream import (
    UpstreamOutbox,
    decode_ack,
    derive_club_key,
    envelope,
    players,
    result_message,
    up_topic,
)
from bridgetable.link import Broker
from bridgetable.link.schema import encode

SECRET = b"federation secret"
UID = "5e55104e"  # the session's identity


def result(table: int, board: int, revision: int = 1, score: int = 420) -> dict[str, Any]:
    return result_message(StoredResult(session="s1", round=1, table=table, board=board, revision=revision,
                                       ns=1, ew=2, contract="4S", declarer="N", tricks=10, ns_score=score,
                                       record={"auction": ["4S", "Pass", "Pass", "Pass"], "play": []},
                                       stored_at="2026-12-01T19:00:00.000+00:00"), UID)


def test_the_same_result_twice_is_one_row_and_a_correction_is_another(central_url: str) -> None:
    db = CentralDb(central_url)
    try:
        first = db.ingest([Message("a", result(1, 1)), Message("a", result(1, 1))])
        assert first == [Outcome(True), Outcome(False)]
        assert db.ingest([Message("a", result(1, 1)), Message("a", result(1, 1, revision=2, score=450)),
                          Message("b", result(1, 1))]) == [Outcome(False), Outcome(True), Outcome(True)]
        assert db.counts()["results"] == 3
        assert [r["ns_score"] for r in db.results("a", UID)] == [420, 450]
    finally:
        db.close()


def test_concurrent_workers_store_each_result_once(central_url: str) -> None:
    batches = [[Message(club, result(t, b)) for club in "abc" for t in range(1, 6) for b in range(1, 5)]] * 4
    dbs = [CentralDb(central_url) for _ in batches]
    outcomes: list[list[Outcome]] = []
    threads = [threading.Thread(target=lambda d=db, m=batch: outcomes.append(d.ingest(m)))
               for db, batch in zip(dbs, batches, strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    try:
        # each of the 60 results stored by exactly one worker
        assert sum(o.stored for batch in outcomes for o in batch) == 60
        assert dbs[0].counts()["results"] == 60
    finally:
        for db in dbs:
            db.close()


def test_a_ranking_is_replaced_only_by_a_later_one(central_url: str) -> None:
    db = CentralDb(central_url)
    try:
        ranking = {"kind": "ranking", "session": "s1", "uid": UID, "ranking": [{"pair": 1}]}
        assert db.ingest([Message("a", {**ranking, "id": "r/5", "seq": 5})]) == [Outcome(True)]
        older = {**ranking, "id": "r/4", "seq": 4, "ranking": []}
        assert db.ingest([Message("a", older)]) == [Outcome(False)]
        session = db.session("a", UID)
        assert session is not None and session["seq"] == 5 and session["ranking"] == [{"pair": 1}]
    finally:
        db.close()


def worker(url: str) -> IngestWorker:
    return IngestWorker(url, FederationKeys(SECRET, ["a", "b"]), Broker(port=1))  # never connected


@pytest.mark.parametrize(("topic", "message", "reason"), [
    (up_topic("c"), envelope(result(1, 1), "c", derive_club_key(SECRET, "c")), "not a member"),
    (up_topic("a"), envelope(result(1, 1), "b", derive_club_key(SECRET, "a")), "names club 'b'"),
    (up_topic("a"), envelope(result(1, 1), "a", derive_club_key(SECRET, "b")), "signature does not match"),
    (up_topic("a"), envelope({**result(1, 1), "board": "1"}, "a", derive_club_key(SECRET, "a")),
     "result.board"),
    (up_topic("a"), envelope({**result(1, 1), "kind": "drop"}, "a", derive_club_key(SECRET, "a")),
     "kind 'drop'"),
    ("bridgetable/v1/a/central/down", envelope(result(1, 1), "a", derive_club_key(SECRET, "a")),
     "not a club's upstream topic"),
])
def test_a_worker_refuses_what_is_not_its_clubs(central_url: str, topic: str, message: dict[str, object],
                                               reason: str) -> None:
    refusing = worker(central_url)
    try:
        with pytest.raises(ValueError, match=reason):
            refusing.verify(topic, encode(message))
        refusing.handle([(topic, encode(message))])
        assert refusing.refused == 1 and refusing.db.counts() == {"results": 0, "refused": 1}
    finally:
        refusing.db.close()


def test_a_worker_stores_a_good_message_and_a_restarted_one_does_not_double_it(central_url: str) -> None:
    payload = encode(envelope(result(2, 3), "a", derive_club_key(SECRET, "a")))
    for attempt in range(2):  # the second worker is the first one restarted, given the message again
        fresh = worker(central_url)
        try:
            fresh.handle([(up_topic("a"), payload)])
            assert (fresh.stored, fresh.duplicates) == ((1, 0) if attempt == 0 else (0, 1))
        finally:
            fresh.db.close()
    db = CentralDb(central_url)
    assert db.counts()["results"] == 1
    db.close()


def test_body_checks_name_the_field() -> None:
    with pytest.raises(ValueError, match="result.tricks"):
        check_body({**result(1, 1), "tricks": True})
    with pytest.raises(ValueError, match="session must be"):
        check_body({**result(1, 1), "session": ""})
    assert club_of("bridgetable/v1/north/central/up") == "north"


def test_the_outbox_keeps_until_acknowledged_and_sends_again_later_each_time(tmp_path: Path) -> None:
    outbox = UpstreamOutbox(tmp_path / "station.db")
    assert outbox.add([result(1, 1), result(1, 2)]) == 2
    assert outbox.add([result(1, 1)]) == 0  # the same id again
    ids = [m["id"] for m in outbox.due()]
    assert ids == [result(1, 1)["id"], result(1, 2)["id"]]
    outbox.sent(ids, resend_after=60, resend_max=600)
    assert outbox.due() == []  # sent, not yet due again
    waits = []
    for _ in range(4):  # the center keeps silent: each time twice as long, 40 s at most
        outbox.sent(ids[:1], resend_after=10, resend_max=40)
        with sqlite3.connect(tmp_path / "station.db") as look:
            waits.append(round(look.execute("SELECT due - sent FROM upstream_outbox WHERE id = ?",
                                            ids[:1]).fetchone()[0]))
        look.close()
    assert waits == [20, 40, 40, 40]  # its second to fifth time (the first was sent above)
    assert outbox.tries() == {ids[0]: 5, ids[1]: 1}
    with sqlite3.connect(tmp_path / "station.db") as look:
        look.execute("UPDATE upstream_outbox SET due = 0")  # time passes
    look.close()
    assert len(outbox.due()) == 2
    outbox.postpone(ids, 60)  # still on their way: not due, not counted
    assert outbox.due() == [] and outbox.tries()[ids[0]] == 5
    outbox.acknowledge([result(1, 1)["id"]])
    assert outbox.pending() == 1
    outbox.close()
    reopened = UpstreamOutbox(tmp_path / "station.db")  # a restarted station still has it
    assert reopened.pending() == 1
    with sqlite3.connect(tmp_path / "station.db") as look:
        look.execute("UPDATE upstream_outbox SET due = 0")  # time passes: it is due again
    look.close()
    assert [m["id"] for m in reopened.due()] == [result(1, 2)["id"]]
    reopened.refuse([{"id": result(1, 2)["id"], "reason": "result.round: 2147483648 is out of range"}])
    assert reopened.pending() == 0 and reopened.due() == []  # refused: not sent again
    assert reopened.refused() == [(result(1, 2)["id"], "result.round: 2147483648 is out of range")]
    reopened.close()


def test_an_outbox_of_an_older_station_gets_its_schedule(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / "station.db") as old:
        old.execute("CREATE TABLE upstream_outbox (id TEXT PRIMARY KEY, body TEXT NOT NULL, "
                    "added REAL NOT NULL, sent REAL, acked REAL)")
        old.execute("INSERT INTO upstream_outbox VALUES ('a', '{\"id\": \"a\"}', 1, 2, NULL)")
    old.close()
    outbox = UpstreamOutbox(tmp_path / "station.db")
    try:
        assert outbox.due() == [{"id": "a"}] and outbox.tries() == {"a": 0} and outbox.refused() == []
    finally:
        outbox.close()


def test_an_ack_from_elsewhere_is_refused() -> None:
    key = derive_club_key(SECRET, "a")
    good = encode(envelope({"kind": "ack", "ids": ["x"]}, "a", key))
    assert decode_ack(good, "a", key)["ids"] == ["x"]
    refused = [{"id": "y", "reason": "why"}]
    refusing = encode(envelope({"kind": "ack", "ids": [], "refused": refused}, "a", key))
    assert decode_ack(refusing, "a", key)["refused"] == refused
    with pytest.raises(ValueError, match="what it refuses"):
        decode_ack(encode(envelope({"kind": "ack", "ids": [], "refused": ["y"]}, "a", key)), "a", key)
    with pytest.raises(ValueError, match="names club 'b'"):
        decode_ack(encode(envelope({"kind": "ack", "ids": ["x"]}, "b", key)), "a", key)
    with pytest.raises(ValueError, match="signature"):
        decode_ack(encode(envelope({"kind": "ack", "ids": ["x"]}, "a", b"other")), "a", key)


def test_an_acks_refusal_says_its_message_id_and_values_for_the_station_to_translate() -> None:
    key = derive_club_key(SECRET, "a")
    with pytest.raises(refusal.Refusal) as refused:
        check_body({"kind": "ranking", "id": "k/1", "session": "s", "uid": "u", "seq": 1, "ranking": [],
                    "extra": "\x00"})
    told = refused.value.told("k/1")
    assert told == {"id": "k/1", "reason": "ranking.extra: a NUL character in the text",
                    "message": refusal.NUL, "params": {"path": "ranking.extra"}}
    ack = decode_ack(encode(envelope({"kind": "ack", "ids": [], "refused": [told]}, "a", key)), "a", key)
    [got] = ack["refused"]
    with i18n.speaking("nl"):
        assert refusal.said(**{k: got[k] for k in ("reason", "message", "params")}) == (
            "ranking.extra: een NUL-teken in de tekst")
        assert refusal.said("why", "a message of a newer center: {x}", {"x": 1}) == "why"  # English kept
        assert refusal.said("why", refusal.NUL, {"where": "x"}) == "why"  # values that do not fill it
        assert refusal.said("why") == "why"  # an older center's ack
    for wrong in ({"message": 3}, {"message": refusal.NUL, "params": {"path": ["x"]}},
                  {"message": refusal.NUL, "params": {"path": True}}):
        body = {"kind": "ack", "ids": [], "refused": [{"id": "y", "reason": "why", **wrong}]}
        with pytest.raises(ValueError, match="message id and params"):
            decode_ack(encode(envelope(body, "a", key)), "a", key)


def test_players_and_national_numbers() -> None:
    assert players("Ann Holm (10001) & Bo Dahl") == [{"name": "Ann Holm", "number": "10001"},
                                                     {"name": "Bo Dahl"}]
