"""Swiss pairs at the central server: the evening being played, its set-up sent again with each
round paired; the center's pages and API answer, with the VP ranking, and show a visitor no board
of a round still in play."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from bridgetable.central import web
from bridgetable.central.db import CentralDb, Message
from bridgetable.director.ingest import Ingest
from bridgetable.director.session import Session, SessionSetup, generated_boards
from bridgetable.director.store import SQLiteStore
from bridgetable.director.teamevent import pair_round
from bridgetable.director.upstream import result_message, setup_message

from ..director.helpers import play_round

CLUB = "monradklub"


def test_swiss_pairs_being_played_at_the_center(central_url: str, tmp_path: Path) -> None:
    setup = SessionSetup("monrad", "Monrad", {"kind": "swiss-pairs", "pairs": 7, "boards_per_round": 2,
                                              "rounds": 3}, "MP")
    session = Session.create(SQLiteStore(tmp_path / "station.db"), setup, generated_boards(6, seed=28))
    ingest = Ingest(session)
    play_round(ingest, 1, random.Random(1))
    first_setup = setup_message(session, 1)
    assert pair_round(session, 2)
    play_round(ingest, 2, random.Random(2))
    results = session.store.results(session.id)
    played_at_table_1 = [r for r in results if r.round == 2 and r.table == 1]  # round 2: only table 1's
    db = CentralDb(central_url)
    try:
        db.ingest([Message(CLUB, first_setup),
                   *(Message(CLUB, result_message(r, setup.uid)) for r in results if r.round == 1),
                   *(Message(CLUB, result_message(r, setup.uid)) for r in played_at_table_1),
                   Message(CLUB, setup_message(session, 2))])
    finally:
        db.close()
    with TestClient(web.create_app(central_url)) as visitor:
        assert visitor.get(f"/club/{CLUB}/{setup.uid}").status_code == 200
        api = visitor.get(f"/api/clubs/{CLUB}/sessions/{setup.uid}").json()
        shown = {b["board"] for b in api["setup"]["boards"] if b["deal"]}
        assert shown == {1, 2}  # boards 3 and 4: round 2 is being played at its other tables
        for board in (3, 4):
            assert visitor.get(f"/club/{CLUB}/{setup.uid}/board/{board}").status_code == 200
        event = api["standings"]["event"]
        assert {line["team"] for line in event["ranking"]} == set(range(1, 8))
        assert all(m["round"] == 1 or not m["boards"] for m in event["matches"])
        vps = sum(line["vp"] for line in event["ranking"])
        assert vps == pytest.approx(3 * 20 + 12)  # round 1's matches and bye (round 2's: once it is shown)
