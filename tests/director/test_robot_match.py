"""A single table against the robots at the station: each board is scored as IMPs against the
robot table as our results arrive, the ranking follows, and the web page shows the match."""

import json
import re

import pytest
from starlette.testclient import TestClient

from bridgetable.bridge import Card, Contract, Deal, Seat, Vulnerability, imps
from bridgetable.director import web
from bridgetable.director.ingest import Ingest
from bridgetable.director.session import SessionSetup, SetupError
from bridgetable.director.standings import score_session
from bridgetable.formats.record import BoardRecord
from bridgetable.robots.match import score_match
from bridgetable.robots.table import robot_board

from .helpers import new_session, received, result_message

MOVEMENT = {"kind": "robots", "boards": 4, "boards_per_round": 2}
PLAYED = {1: ("4S", "N", 10), 2: ("3NT", "E", 8), 3: ("Pass", "N", 0), 4: ("2H", "S", 9)}


@pytest.fixture
def ingest(tmp_path):
    return Ingest(new_session(tmp_path, scoring="ROBOTS", movement=MOVEMENT))


def robots_ns(ingest, board):
    info = ingest.session.store.boards(ingest.session.id)[board]
    return robot_board(board, Deal.parse(info.deal), Seat.parse(info.dealer),
                       Vulnerability.parse(info.vulnerability)).score_ns


def send(ingest, board):
    message = result_message(ingest.session, 1, board, *PLAYED[board])
    ingest.store_result(received(message))
    return message


def test_each_board_is_scored_against_the_robots_as_it_arrives(ingest):
    session = ingest.session
    assert session.movement.tables == 1 and session.movement.rounds == 2
    expected, ours = {}, []
    for board in PLAYED:
        message = send(ingest, board)
        expected[board] = imps(message["score_ns"] - robots_ns(ingest, board))
        standings = score_session(session)
        assert {b.board: b.imps_ns for b in standings.robots.boards} == expected
        [row] = standings.travellers[board]
        assert (row.ns_points, row.ew_points) == (expected[board], -expected[board])
        contract = Contract.parse_or_pass(message["contract"])
        ours.append(BoardRecord(board=board, contract=contract, passed_out=contract is None,
                                declarer=Seat.parse(message["declarer"]) if message["declarer"] else None,
                                result=message["tricks"]))
    assert any(expected.values())  # the robots did not all score what we did
    # the same match as `bridgetable match` scores it from the records of our table
    deals = [BoardRecord(board=b, deal=Deal.parse(i.deal), dealer=Seat.parse(i.dealer),
                         vulnerability=Vulnerability.parse(i.vulnerability))
             for b, i in session.store.boards(session.id).items()]
    final = score_session(session)
    assert final.robots.to_json() == score_match(deals, ours).to_json()
    data = final.as_json(session.setup.pairs)
    assert data["robots"]["winner"] == final.robots.winner
    totals = {entry["pair"]: entry["total"] for entry in data["ranking"]}
    assert totals == {1: sum(expected.values()), 2: -sum(expected.values())}


def test_the_web_page_shows_the_match_and_updates(ingest):
    with TestClient(web.create_app(ingest, password="pw")) as client:
        before = client.get("/").text
        assert "Against the robots: NS 0 – 0 EW" in before and "0 of 4 boards" in before
        assert '<tr data-board="' not in before
        send(ingest, 1)
        page = client.get("/").text
        first = score_session(ingest.session).robots
        assert f"Against the robots: NS {first.imps_ns} – {first.imps_ew} EW" in page
        assert "1 of 4 boards" in page and page.count('<tr data-board="') == 1
        send(ingest, 2)
        fragment = client.get("/fragment/ranking").text
        assert "2 of 4 boards" in fragment and fragment.count('<tr data-board="') == 2
        assert client.get("/api/standings").json()["robots"]["boards"][1]["board"] == 2


@pytest.mark.parametrize(("movement", "scoring"), [
    (MOVEMENT, "MP"),
    ({"kind": "mitchell", "tables": 3, "boards_per_round": 2, "rounds": 3}, "ROBOTS"),
])
def test_robot_scoring_goes_with_the_robot_movement_only(movement, scoring):
    with pytest.raises(SetupError, match="against the robots"):
        SessionSetup("s", "e", movement, scoring=scoring)


def test_the_board_page_shows_the_robots_result_and_play_beside_ours(ingest):
    ours = send(ingest, 1)
    info = ingest.session.store.boards(ingest.session.id)[1]
    robots = robot_board(1, Deal.parse(info.deal), Seat.parse(info.dealer),
                         Vulnerability.parse(info.vulnerability))
    with TestClient(web.create_app(ingest, password="pw")) as client:
        page = client.get("/board/1").text
    row = re.search(r'<tr data-table="0" class="robots" id="robots-row">(.*?)</tr>', page, re.S).group(1)
    assert "Robots" in row and f"<td>{robots.score_ns}</td>" in row
    viewer = json.loads(re.search(r'id="board-data">(.*?)</script>', page, re.S).group(1))
    mine, theirs = viewer["rows"]
    assert mine["table"] == 1 and [c["call"] for c in mine["calls"]] == ours["auction"]
    assert theirs["robots"] and [c["call"] for c in theirs["calls"]] == [str(c) for c in robots.calls]
    played = [c["card"] for t in theirs["tricks"] for c in t["cards"]]
    assert len(played) == sum(len(t) for t in robots.tricks) and theirs["tricks_won"] == robots.result
    assert all(robots.tricks[i][Seat.parse(c["seat"])] == Card.parse(c["card"])  # each card at its seat
               for i, t in enumerate(theirs["tricks"]) for c in t["cards"])


def test_a_board_not_played_at_our_table_is_left_out_of_the_match(ingest):
    """The round clock's "not played" (or the director's) at the one table: the board has no
    contract to compare with the robots', so it is out of the match (it raised "not a contract:
    'Not played'", and the station's action was refused half done)."""
    from bridgetable.director.actions import not_started

    send(ingest, 1)
    send(ingest, 2)
    ingest.on_state({"table": 1, "status": "online", "round": 2, "board": 3, "phase": "start"})
    marked = not_started(ingest, "td", 1, 2)
    assert [r.board for r in marked] == [3, 4]
    standings = score_session(ingest.session)
    assert [b.board for b in standings.robots.boards] == [1, 2]
    assert 3 not in standings.travellers and ingest.traveller(3) == []
