"""What the center stores, with real processes: a private PostgreSQL, a real Mosquitto and an ingest
worker on it, the clubs' messages published to it as their stations send them (issue 23, items
6-9): a session's name used again is another session, a held result id with other content is
refused; an older set-up never reverts a newer one; one club's unstorable messages are refused with
their reason and the rest of the batch stored, JSON of any depth refused before it is parsed; a club
signing with a wrong key is recorded once a minute and told."""

from __future__ import annotations

import json
import random
import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from starlette.testclient import TestClient

from bridgetable import i18n
from bridgetable.central import web
from bridgetable.central.db import CentralDb
from bridgetable.central.ingest import FederationKeys, IngestWorker
from bridgetable.cli import main
from bridgetable.director import refusal
from bridgetable.director.downlink import SetupReceiver, setup_body
from bridgetable.director.ingest import Ingest
from bridgetable.director.session import Session, SessionSetup, generated_boards
from bridgetable.director.store import SQLiteStore, StoredResult
from bridgetable.director.upstream import (
    Upstream,
    UpstreamOutbox,
    ack_topic,
    decode_ack,
    derive_club_key,
    down_topic,
    envelope,
    mqtt_client,
    ranking_message,
    result_message,
    setup_message,
    up_topic,
)
from bridgetable.director.web import create_app
from bridgetable.link import Broker
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.schema import encode

from ..director.helpers import play_round
from .test_downlink import wait_until

SECRET = bytes(range(32, 64))
NORTH, SOUTH = "northbridge", "southbridge"
KEYS = {club: derive_club_key(SECRET, club) for club in (NORTH, SOUTH)}
DEEP = b"[" * 100_000 + b"]" * 100_000  # JSON nested 100,000 deep (200 KB)


def played(where: Path, pair_1: str, seed: int, rounds: int = 2) -> Session:
    """A Monday session of a fresh station store in ``where``: a three-table Mitchell, played."""
    where.mkdir(parents=True, exist_ok=True)
    setup = SessionSetup("monday", "Monday pairs", {"kind": "mitchell", "tables": 3, "rounds": 2,
                                                   "boards_per_round": 2}, "MP", pairs={1: pair_1})
    session = Session.create(SQLiteStore(where / "station.db"), setup, generated_boards(6, seed))
    ingest, rng = Ingest(session), random.Random(seed)
    for round_ in range(1, rounds + 1):
        play_round(ingest, round_, rng)
    return session


def everything(session: Session) -> list[dict[str, Any]]:
    """What the station's upstream sends of a session: its set-up, every result, its ranking."""
    results = session.store.results(session.id, all_revisions=True)
    return [setup_message(session), *(result_message(r, session.setup.uid) for r in results),
            ranking_message(session, len(results))]


class ClubSide:
    """The clubs' end of the central broker: publishes their messages, collects the center's acks."""

    def __init__(self, port: int) -> None:
        self.acks: list[tuple[str, bytes]] = []
        self._lock = threading.Lock()
        self.client = mqtt_client(Broker(port=port), "clubs")
        self.client.on_message = self._on_message
        self.client.connect("127.0.0.1", port)
        self.client.subscribe("bridgetable/v1/+/central/ack", qos=1)
        self.client.loop_start()

    def _on_message(self, client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        with self._lock:
            self.acks.append((msg.topic, bytes(msg.payload)))

    def send(self, club: str, body: dict[str, Any] | bytes, key: bytes | None = None) -> None:
        payload = body if isinstance(body, bytes) else encode(envelope(body, club, key or KEYS[club]))
        self.client.publish(up_topic(club), payload, qos=1).wait_for_publish(10)

    def acks_of(self, club: str) -> list[dict[str, Any]]:
        """The center's acks to ``club`` so far."""
        with self._lock:
            return [decode_ack(payload, club, KEYS[club]) for topic, payload in self.acks
                    if topic == ack_topic(club)]

    def answered(self, club: str) -> tuple[set[str], dict[str, str]]:
        """The ids the center acknowledged to ``club``, and those it refused with the reason."""
        acks = self.acks_of(club)
        return ({i for ack in acks for i in ack["ids"]},
                {r["id"]: r["reason"] for ack in acks for r in ack["refused"]})

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


@pytest.fixture
def center(central_url: str, tmp_path: Path) -> Iterator[tuple[IngestWorker, ClubSide, CentralDb]]:
    """An ingest worker on a real central Mosquitto and a private PostgreSQL; the clubs' side."""
    with MosquittoProcess(tmp_path / "central-broker") as broker:
        worker = IngestWorker(central_url, FederationKeys(SECRET, [NORTH, SOUTH]),
                              Broker(port=broker.port, min_delay=0.1, max_delay=1.0))
        worker.start()
        clubs = ClubSide(broker.port)
        db = CentralDb(central_url)
        try:
            assert worker.ready.wait(10)
            yield worker, clubs, db
        finally:
            clubs.close()
            worker.stop()
            db.close()


def settled(clubs: ClubSide, club: str, ids: set[str]) -> Callable[[], bool]:
    def check() -> bool:
        acked, refused = clubs.answered(club)
        return ids <= acked | set(refused)
    return check


def directors_pages(session: Session, upstream: Upstream, *languages: str) -> list[str]:
    """The director's page of ``session``'s station, logged in, in each of ``languages``: what it
    says of the center (``upstream``)."""
    with TestClient(create_app(Ingest(session), password="pw", central=upstream.status)) as director:
        csrf = re.search(r'name="csrf" value="([^"]+)"', director.get("/login").text)
        assert csrf is not None
        director.post("/login", data={"csrf": csrf[1], "password": "pw"})
        return [director.get("/director", headers={"Accept-Language": language}).text
                for language in languages]


def test_a_session_name_used_again_is_another_session(center: tuple[IngestWorker, ClubSide, CentralDb],
                                                     tmp_path: Path) -> None:
    """Item 6: last season's Monday and this season's (a reinstalled station, a fresh store) are
    two sessions; and a result id the center holds with other content is refused, not acked."""
    worker, clubs, db = center
    last = played(tmp_path / "2025", "Ann Holm (10001) & Bo Dahl (10002)", seed=1)
    this = played(tmp_path / "2026", "Cai Lund (10003) & Dan Berg (10004)", seed=2)
    assert last.id == this.id and last.setup.uid != this.setup.uid
    for session in (last, this):
        messages = everything(session)
        for body in messages:
            clubs.send(NORTH, body)
        wait_until(settled(clubs, NORTH, {m["id"] for m in messages}), 20)
    acked, refused = clubs.answered(NORTH)
    assert refused == {}
    sessions = db.sessions(NORTH)
    assert sorted(s["session"] for s in sessions) == sorted([last.setup.uid, this.setup.uid])
    assert {s["name"] for s in sessions} == {"monday"} and all(s["final"] for s in sessions)
    for session in (last, this):  # each session's own results, set-up and players, none lost
        station = {(r.round, r.table, r.board, r.revision, r.ns_score)
                   for r in session.store.results(session.id)}
        held = db.results(NORTH, session.setup.uid)
        assert {(r["round"], r["table"], r["board"], r["revision"], r["ns_score"]) for r in held} == station
        found = db.session(NORTH, session.setup.uid)
        assert found is not None and found["setup"]["pairs"]["1"]["names"] == session.setup.pairs[1]
    assert [h["session"] for h in db.player("10001")] == [last.setup.uid]  # last season's history kept
    assert [h["session"] for h in db.player("10003")] == [this.setup.uid]

    # the same result id with other content (a station restored from another backup, a forgery
    # signed with the club's key): refused with the reason, the stored result unchanged
    first = this.store.results(this.id)[0]
    changed = {**result_message(first, this.setup.uid), "ns_score": first.ns_score - 50, "tricks": 0}
    clubs.send(NORTH, changed)
    wait_until(lambda: changed["id"] in clubs.answered(NORTH)[1], 10)
    acked_after, refused = clubs.answered(NORTH)
    assert refused == {changed["id"]: f"{changed['id']} is stored with other content"}
    assert acked_after == acked  # not acknowledged: the club keeps it, and sees why
    told = next(r for ack in clubs.acks_of(NORTH) for r in ack["refused"] if r["id"] == changed["id"])
    with i18n.speaking("hu"):  # the station says it in its director's language
        assert refusal.said(told["reason"], told["message"], told["params"]) == (
            f"{changed['id']} más tartalommal van tárolva")
    kept = [r for r in db.results(NORTH, this.setup.uid, first.board) if r["table"] == first.table]
    assert [r["ns_score"] for r in kept] == [first.ns_score]
    rows = db.rows("SELECT club, message, reason, digest FROM refused")
    assert [(r["club"], r["message"], r["reason"]) for r in rows] == [
        (NORTH, changed["id"], f"{changed['id']} is stored with other content")]
    assert len(rows[0]["digest"]) == 64 and worker.refused == 1


def test_an_older_set_up_arriving_late_never_reverts_a_newer_one(
        center: tuple[IngestWorker, ClubSide, CentralDb], tmp_path: Path) -> None:
    """Item 7: the station numbers the set-ups it sends (a name corrected, then corrected back, is
    a third); the center keeps the highest whatever order they arrive in, replays included."""
    worker, clubs, db = center
    session = played(tmp_path, "Ann Holm (10001) & Bo Dahl (10002)", seed=3, rounds=0)
    outbox = UpstreamOutbox(tmp_path / "station.db")
    upstream = Upstream(session, NORTH, KEYS[NORTH], Broker(port=1), outbox)  # its scan only
    try:
        names = ["Ann Holm (10001) & Bo Dahl (10002)", "Ann Holm (10001) & Bo Dahl (10009)",
                 "Ann Holm (10001) & Bo Dahl (10002)"]  # the director's correction, then undone
        for text in names:
            session.setup.pairs[1] = text
            session.store.set_pairs(session.id, session.setup.pairs)
            assert upstream.scan() == 1
        assert upstream.scan() == 0  # nothing changed: nothing new
        sent = [body for body in outbox.due() if body["kind"] == "setup"]
        assert [(s["seq"], s["pairs"]["1"]["names"]) for s in sent] == list(enumerate(names, 1))
    finally:
        outbox.close()

    def arrive(*order: int) -> str:
        for seq in order:
            clubs.send(NORTH, sent[seq - 1])
        wait_until(settled(clubs, NORTH, {sent[seq - 1]["id"] for seq in order}), 10)
        found = db.session(NORTH, session.setup.uid)
        assert found is not None
        return str(found["setup"]["pairs"]["1"]["names"])

    assert arrive(2, 1) == names[1]  # the first set-up late: the correction stays
    assert [h["pair"] for h in db.player("10009")] == [1] and db.player("10002") == []
    assert arrive(3) == names[2]
    assert arrive(2, 1) == names[2]  # replayed: nothing reverts
    assert [h["pair"] for h in db.player("10002")] == [1] and db.player("10009") == []
    assert clubs.answered(NORTH)[1] == {} and worker.refused == 0


def test_one_clubs_unstorable_messages_are_refused_and_the_rest_stored(
        center: tuple[IngestWorker, ClubSide, CentralDb], tmp_path: Path) -> None:
    """Item 8: north's signed but unstorable messages, and JSON nested 100,000 deep, among south's
    genuine results: each of north's refused with its reason, recorded and told to north; south's
    stored and acknowledged; the worker goes on."""
    worker, clubs, db = center
    session = played(tmp_path, "Ann Holm (10001) & Bo Dahl (10002)", seed=4, rounds=1)
    uid = session.setup.uid
    setup = setup_message(session)
    results = [result_message(r, uid) for r in session.store.results(session.id)]
    bad = {
        "an unknown movement": ({**setup, "id": "setup/x/1", "movement": {"kind": "spiral"}},
                                "setup: movement kind must be one of mitchell, howell, teams, team-event, "
                                "swiss-pairs, robots, not 'spiral'"),
        "pairs that are not objects": ({**setup, "id": "setup/x/2", "pairs": {"1": "Ann Holm"}},
                                       "setup.pairs.1: each pair is"),
        "a round of 2**31": ({**results[0], "id": "r/1", "round": 2**31},
                             "result.round: 2147483648 is out of range"),
        "a NUL in a text": ({**results[1], "id": "r/2", "contract": "4S\x00"},
                            "result.contract: a NUL character"),
        "a NUL in the record": ({**results[2], "id": "r/3", "record": {"auction": ["1C\x00"]}},
                                "result.record.auction[0]: a NUL character"),
        "a contract that is none": ({**results[4], "id": "r/5", "contract": "9Z"},
                                    "result: the center could not score or show it (not a contract: '9Z')"),
        "a 2 MB record": ({**results[3], "id": "r/4", "record": {"play": ["x" * 2_000_000]}},
                          "message: payload of 20000"),
    }
    south_results = [{**r, "id": f"{r['id']}/s"} for r in results[:5]]
    clubs.send(SOUTH, setup_message(session))
    for n, (body, _reason) in enumerate(bad.values()):  # north's and south's interleaved
        clubs.send(NORTH, body)
        if n < len(south_results):
            clubs.send(SOUTH, south_results[n])
    clubs.send(NORTH, DEEP)  # no key needed: only the right to publish on the topic
    wait_until(settled(clubs, SOUTH, {r["id"] for r in south_results}), 20)
    wait_until(lambda: worker.refused == len(bad) + 1, 20)

    assert clubs.answered(SOUTH) == ({setup["id"], *(r["id"] for r in south_results)}, {})
    assert len(db.results(SOUTH, uid)) == 5
    acked, refused = clubs.answered(NORTH)
    assert acked == set()  # nothing of north's stored, everything of it answered
    recorded = {r["message"]: r for r in db.rows("SELECT club, message, reason FROM refused")}
    for what, (body, reason) in bad.items():
        if what == "a 2 MB record":  # refused before it is read: the club is not told (nor known)
            assert body["id"] not in refused and recorded[None]["club"] == NORTH
            continue
        assert refused[body["id"]].startswith(reason), what
        assert recorded[body["id"]]["club"] == NORTH and recorded[body["id"]]["reason"].startswith(reason)
    unread = sorted(r["reason"] for r in db.rows("SELECT reason FROM refused WHERE message IS NULL"))
    assert unread[0] == "message: JSON nested too deeply (more than 32 levels)"
    assert re.fullmatch(r"message: payload of 20\d{5} bytes exceeds 262144", unread[1])
    assert db.sessions(NORTH) == []  # not even the session of a refused set-up

    later = {**results[0], "id": "later"}  # the worker is alive and well
    clubs.send(NORTH, later)
    wait_until(lambda: "later" in clubs.answered(NORTH)[0], 10)


def test_json_of_any_depth_on_the_downward_topic_is_refused_and_the_good_set_up_taken(tmp_path: Path) -> None:
    """Item 8, the station's side: ``station --from-central`` refuses JSON nested 100,000 deep
    with the reason and takes the genuine set-up that follows."""
    setup = SessionSetup("cup", "Cup", {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 2})
    body = setup_body(setup, generated_boards(6, 5))
    with MosquittoProcess(tmp_path / "club") as club:
        at_club = Broker(port=club.port, min_delay=0.1, max_delay=1.0)
        receiver = SetupReceiver(at_club, NORTH, KEYS[NORTH], "cup")
        got: list[Any] = []
        waiting = threading.Thread(target=lambda: got.append(receiver.wait(20)), daemon=True)
        waiting.start()
        sender = mqtt_client(Broker(port=club.port), "center")
        sender.connect("127.0.0.1", club.port)
        sender.loop_start()
        try:
            sender.publish(down_topic(NORTH, "cup"), DEEP, qos=1, retain=True).wait_for_publish(5)
            wait_until(lambda: receiver.refused, 10)
            genuine = encode(envelope(body, NORTH, KEYS[NORTH]))
            sender.publish(down_topic(NORTH, "cup"), genuine, qos=1).wait_for_publish(5)
            waiting.join(20)
        finally:
            sender.disconnect()
            sender.loop_stop()
    assert receiver.refused == ["message: JSON nested too deeply (more than 32 levels)"]
    assert got and got[0][0].session == "cup"


def test_a_club_signing_with_a_wrong_key_is_recorded_once_a_minute_and_told(
        center: tuple[IngestWorker, ClubSide, CentralDb], tmp_path: Path) -> None:
    """Item 9: a station with the wrong key sends its set-up and results again and again: one row
    records the club, a message id and the payload's digest; the station learns the center
    refuses its key."""
    worker, _clubs, db = center
    session = played(tmp_path, "Ann Holm (10001) & Bo Dahl (10002)", seed=6, rounds=1)
    outbox = UpstreamOutbox(tmp_path / "station.db")
    broker = worker.broker
    upstream = Upstream(session, NORTH, derive_club_key(b"last year's secret", NORTH), broker, outbox,
                        resend_after=0.2, every=0.1)
    upstream.start()
    try:
        wait_until(lambda: upstream.key_refused and worker.refused >= 30, 20)
        [page] = directors_pages(session, upstream, "da")
        assert "Centralen afviser denne stations nøgle" in page  # the director's page says so
        assert "meddelelser venter på centralens kvittering" in page
    finally:
        upstream.stop()
        outbox.close()
    rows = db.rows("SELECT club, message, digest, reason, repeats FROM refused")
    assert len(rows) == 1  # ~30 refusals, one row a minute
    assert rows[0]["club"] == NORTH and rows[0]["message"].startswith(f"setup/{session.setup.uid}/")
    assert len(rows[0]["digest"]) == 64 and rows[0]["reason"].startswith("signature does not match")


def test_the_centers_refusal_reason_is_said_in_the_directors_language(
        center: tuple[IngestWorker, ClubSide, CentralDb], tmp_path: Path) -> None:
    """A result the center's checks refuse: the ack carries the English reason and its message id
    and values; the director's page says the reason in its own language, and the outbox keeps
    the English for a page in English."""
    worker, _clubs, db = center
    session = played(tmp_path, "Ann Holm (10001) & Bo Dahl (10002)", seed=9, rounds=0)
    session.store.put_result(StoredResult(session=session.id, round=2**31, table=1, board=1, revision=1,
                                          ns=1, ew=2, contract="4S", declarer="N", tricks=10, ns_score=420))
    outbox = UpstreamOutbox(tmp_path / "station.db")
    upstream = Upstream(session, NORTH, KEYS[NORTH], worker.broker, outbox, every=0.1)
    upstream.start()
    try:
        wait_until(lambda: outbox.refused() != [], 20)
        german, english = directors_pages(session, upstream, "de", "en")
    finally:
        upstream.stop()
        outbox.close()
    ident = f"result/{session.setup.uid}/{2**31}/1/1/1"
    assert (f"Von der Zentrale abgelehnt: {ident} "
            "(result.round: 2147483648 liegt außerhalb des zulässigen Bereichs)") in german
    assert "out of range" not in german
    assert f"Refused by the center: {ident} (result.round: 2147483648 is out of range)" in english
    [row] = db.rows("SELECT reason FROM refused")
    assert row["reason"] == "result.round: 2147483648 is out of range"  # the center records English


def test_several_set_ups_wait_for_a_club_and_survive_a_central_broker_crash(central_url: str,
                                                                          tmp_path: Path) -> None:
    """Item 10: two sessions' set-ups sent to one club both wait; the central broker killed before
    it saved anything comes back with both (the workers publish them again); a session its station
    has started waits no more."""
    (tmp_path / "secret").write_text(SECRET.hex(), encoding="ascii")
    broker = MosquittoProcess(tmp_path / "central-broker")  # no persistence: a crash loses everything
    broker.start()
    address = Broker(port=broker.port, min_delay=0.1, max_delay=1.0)
    worker = IngestWorker(central_url, FederationKeys(SECRET, [NORTH, SOUTH]), address)
    worker.start()
    db = CentralDb(central_url)
    try:
        assert worker.ready.wait(10)
        bodies = {}
        for name in ("monday", "tuesday"):
            setup = SessionSetup(name, f"{name.title()} pairs",
                                 {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 2})
            bodies[name] = setup_body(setup, generated_boards(6, len(name)))
            form = tmp_path / f"{name}.json"
            form.write_text(json.dumps({k: v for k, v in bodies[name].items() if k != "kind"}),
                            encoding="utf-8")
            command = ["central", "--secret-file", str(tmp_path / "secret"), "--db", central_url]
            assert main([*command, "--broker", f"127.0.0.1:{broker.port}", "--send-setup", str(form),
                         "--to", NORTH]) == 0
        waiting = [(w["club"], w["session"]) for w in db.waiting_setups()]
        assert waiting == [(NORTH, "monday"), (NORTH, "tuesday")]
        broker.kill()
        broker.start()  # empty: its retained set-ups are gone with it
        for name in ("monday", "tuesday"):  # each station finds its own session's set-up
            receiver = SetupReceiver(address, NORTH, KEYS[NORTH], name)
            setup, boards = receiver.wait(20)
            assert setup.event == f"{name.title()} pairs" and len(boards) == 6

        # monday's station has started the session: its upstream sends the set-up up
        station = SQLiteStore(tmp_path / "station.db")
        session = Session.create(station, setup_from(bodies["monday"]), generated_boards(6, 6))
        clubs = ClubSide(broker.port)
        try:
            clubs.send(NORTH, setup_message(session))
            wait_until(lambda: [w["session"] for w in db.waiting_setups()] == ["tuesday"], 10)
        finally:
            clubs.close()
            station.close()
        gone = SetupReceiver(address, NORTH, KEYS[NORTH], "monday")
        with pytest.raises(TimeoutError):
            gone.wait(1.5)  # its retained set-up is cleared
    finally:
        worker.stop()
        db.close()
        broker.stop()


def setup_from(body: dict[str, Any]) -> SessionSetup:
    return SessionSetup(body["session"], body["event"], body["movement"], body["scoring"],
                        pairs=body["pairs"])


def test_the_operators_page_and_api_behind_the_login(center: tuple[IngestWorker, ClubSide, CentralDb],
                                                     central_url: str, tmp_path: Path) -> None:
    """The operator sees the refused messages (when, whose, which, why), the set-ups waiting for
    their club and each club's last message with its outbox's age; nobody else does."""
    _worker, clubs, db = center
    session = played(tmp_path, "Ann Holm (10001) & Bo Dahl (10002)", seed=7, rounds=1)
    good = result_message(session.store.results(session.id)[0], session.setup.uid)
    bad = {**good, "id": "r/bad", "round": 2**31}
    clubs.send(SOUTH, setup_message(session))
    clubs.send(SOUTH, good)
    clubs.send(NORTH, bad)
    wait_until(settled(clubs, SOUTH, {good["id"]}), 10)
    wait_until(settled(clubs, NORTH, {"r/bad"}), 10)
    db.wait_setup(NORTH, "friday", b"{}")
    with TestClient(web.create_app(central_url, operator_password="op secret")) as client:
        nobody = client.get("/operator", headers={"Accept-Language": "da"})
        assert nobody.status_code == 401 and nobody.headers["www-authenticate"].startswith("Basic")
        assert client.get("/api/operator", auth=("operator", "guess")).status_code == 401
        page = client.get("/operator", auth=("operator", "op secret"), headers={"Accept-Language": "da"})
        assert page.status_code == 200 and "<h2>Afviste meddelelser</h2>" in page.text
        assert "result.round: 2147483648 is out of range" in page.text and "r/bad" in page.text
        api = client.get("/api/operator", auth=("operator", "op secret")).json()
    [refused] = api["refused"]
    assert (refused["club"], refused["message"], refused["reason"]) == (
        NORTH, "r/bad", "result.round: 2147483648 is out of range") and refused["at"]
    assert [(w["club"], w["session"]) for w in api["waiting"]] == [(NORTH, "friday")]
    south = next(c for c in api["clubs"] if c["club"] == SOUTH)
    assert south["last_message"] and south["outbox_age"] > 0  # the result waited since it was played
    with TestClient(web.create_app(central_url)) as client:  # no operator login set up: no page
        assert client.get("/api/operator", auth=("operator", "op secret")).status_code == 404


def test_a_station_keeps_back_what_the_center_would_refuse_unread(tmp_path: Path) -> None:
    """A message over the center's size is not sent (the center could not say which it refused):
    the outbox keeps it as refused, with the reason, and the director's page lists it."""
    session = played(tmp_path, "Ann Holm (10001) & Bo Dahl (10002)", seed=8, rounds=0)
    huge = StoredResult(session=session.id, round=1, table=1, board=1, revision=1, ns=1, ew=2, contract="4S",
                        declarer="N", tricks=10, ns_score=420, record={"play": ["x" * 300_000]})
    session.store.put_result(huge)
    outbox = UpstreamOutbox(tmp_path / "station.db")
    with MosquittoProcess(tmp_path / "club-broker") as broker:
        address = Broker(port=broker.port, min_delay=0.1, max_delay=1.0)
        upstream = Upstream(session, NORTH, KEYS[NORTH], address, outbox, every=0.1)
        upstream.start()
        try:
            wait_until(lambda: outbox.refused() != [], 10)
        finally:
            upstream.stop()
    [(ident, reason)] = outbox.refused()
    assert ident == f"result/{session.setup.uid}/1/1/1/1"
    assert re.fullmatch(r"message: payload of 300\d{3} bytes exceeds 262144", reason)
    with i18n.speaking("da"):  # the director's page in Danish says it in Danish
        [(_ident, reason)] = outbox.refused()
    assert re.fullmatch(r"message: indholdet på 300\d{3} byte overstiger 262144", reason)
    assert outbox.pending() == 1  # the set-up, waiting for a center
    outbox.close()
