"""Two real club stations, each on its own Mosquitto bridged to a central Mosquitto, and the central
server (two ingest workers, the pages) on a private PostgreSQL: what the clubs play arrives at the
center complete, through a link cut mid-session, and a forged message is refused."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import httpx
import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from bridgetable.central.db import CentralDb
from bridgetable.demo.club import DemoOptions
from bridgetable.demo.federation import CLUBS, Club, Federation
from bridgetable.director.actions import adjust
from bridgetable.director.upstream import derive_club_key, envelope, result_message, up_topic
from bridgetable.link.broker import free_port
from bridgetable.link.schema import encode

from .linkproxy import LinkProxy

NORTH, SOUTH = CLUBS


def wait_for(condition: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.1)


def at_center(db: CentralDb, club: Club) -> list[tuple[int, int, int, int]]:
    rows = db.results(club.name, club.session.setup.uid)
    return [(r["round"], r["table"], r["board"], r["revision"]) for r in rows]


def test_two_clubs_feed_the_center_through_a_link_cut(tmp_path: Path) -> None:
    options = DemoOptions(tables=3, rounds=2, boards_per_round=2, web_port=free_port())
    federation = Federation(options, tmp_path)
    proxy = LinkProxy(federation.central_broker.port)  # north's internet, which the test cuts
    try:
        federation.start({NORTH: proxy.port})
        north, south = federation.clubs
        db, center = federation.db, federation.center
        assert db is not None and center is not None
        wait_for(lambda: len(at_center(db, north)) >= 2, 30, "north's first results at the center")
        proxy.cut()
        time.sleep(0.5)  # what was on the wire has arrived or is lost with the connection
        before = len(at_center(db, north))
        wait_for(lambda: len(north.expected()) >= before + 3, 30, "north playing on while cut off")
        assert north.outbox.pending() > 0  # kept at the club until the center acknowledges it
        assert len(at_center(db, north)) == before  # nothing got through
        time.sleep(1.0)
        proxy.restore()

        wait_for(north.station.finished.is_set, 40, "north's session to end")
        correction = adjust(north.station.ingest, "director", 1, 1, "60/40")  # a new revision, after the end
        assert federation.wait_complete(40)
        wait_for(lambda: north.outbox.pending() == south.outbox.pending() == 0, 20,
                 "the center's acks at the clubs")  # every message kept until the center stored it
        for club in (north, south):
            got = at_center(db, club)
            assert len(got) == len(set(got)) == len(club.expected())  # nothing lost, nothing doubled
            assert set(got) == club.expected()
        north_uid = north.session.setup.uid
        adjusted = [r for r in db.results(NORTH, north_uid, 1) if r["revision"] == correction.revision]
        assert [(r["adjusted"], r["source"]) for r in adjusted] == [("60/40", "director")]
        played = [r for r in db.results(SOUTH, south.session.setup.uid) if r["source"] == "table"]
        assert all(len(r["record"]["play"]) == 52 and r["record"]["auction"] for r in played)
        session = db.session(NORTH, north.session.setup.uid)
        assert session is not None and session["seq"] == len(north.expected())  # the final ranking, after it
        assert {e["pair"] for e in session["ranking"]} == set(range(1, 7))

        # club north forges south's results: on its own topic naming south, and on south's topic
        north_key = derive_club_key(federation.secret, NORTH)
        forged_result = result_message(south.store.results(south.session.id)[0], south.session.setup.uid)
        forged = [(up_topic(club), envelope({**forged_result, "id": f"forged-{n}", "ns_score": 2000}, SOUTH,
                                            north_key)) for n, club in enumerate((NORTH, SOUTH))]
        forger = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv5)
        forger.connect("127.0.0.1", federation.central_broker.port)
        forger.loop_start()
        for topic, message in forged:
            forger.publish(topic, encode(message), qos=1).wait_for_publish(5)
        forger.disconnect()
        forger.loop_stop()
        wait_for(lambda: db.counts()["refused"] == 2, 10, "the forged messages to be refused")
        assert center.counts()["refused"] == 2
        assert all(r["ns_score"] != 2000 for r in db.results(SOUTH, south.session.setup.uid))
        reasons = sorted(r["reason"] for r in db.rows("SELECT reason FROM refused"))
        assert reasons[0] == "message names club 'southbridge' on the topic of club 'northbridge'"
        assert reasons[1].startswith("signature does not match")

        base = f"http://127.0.0.1:{options.web_port}"
        home = httpx.get(f"{base}/", timeout=10).text
        assert NORTH in home and SOUTH in home
        assert {c["club"] for c in httpx.get(f"{base}/api/clubs", timeout=10).json()} == set(CLUBS)
        page = httpx.get(f"{base}/club/{SOUTH}/{south.session.setup.uid}", timeout=10)
        assert page.status_code == 200 and "Ranking" in page.text
        # the station's links, made central
        assert f"/club/{SOUTH}/{south.session.setup.uid}/board/1" in page.text
        board = httpx.get(f"{base}/club/{NORTH}/{north.session.setup.uid}/board/1", timeout=10).text
        assert "adjusted 60/40" in board and 'id="hand-N"' in board  # the station's board page
        assert f'href="/club/{NORTH}/{north.session.setup.uid}/pair/1"' in board
        card = httpx.get(f"{base}/club/{NORTH}/{north.session.setup.uid}/pair/1", timeout=10)
        assert card.status_code == 200 and "Ann Holm (10001)" in card.text
        assert httpx.get(f"{base}/static/viewer.js", timeout=10).status_code == 200
        history = httpx.get(f"{base}/api/players/10001", timeout=10).json()
        assert sorted(h["club"] for h in history) == sorted(CLUBS)
        api = httpx.get(f"{base}/api/clubs/{NORTH}/sessions/{north.session.setup.uid}", timeout=10).json()
        assert len(api["results"]) == len(north.expected()) and api["final_ranking"]
        assert httpx.get(f"{base}/club/nowhere/x", timeout=10).status_code == 404
    finally:
        federation.stop()
        proxy.close()
