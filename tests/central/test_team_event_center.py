"""A club's team evening (and Swiss pairs) at the central server: a Swiss being played, its set-up
sent again with each round paired; the center's pages and API answer, and show a visitor no board
of a round still in play."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from bridgetable.central import web
from bridgetable.central.checks import check_body
from bridgetable.central.db import CentralDb, Message
from bridgetable.director.ingest import Ingest
from bridgetable.director.session import Session, SessionSetup, generated_boards
from bridgetable.director.standings import score_session
from bridgetable.director.store import SQLiteStore, StoredResult
from bridgetable.director.teamactions import match_vps, vp_penalty
from bridgetable.director.teamevent import pair_round
from bridgetable.director.upstream import result_message, setup_message
from bridgetable.movements import team_of

from ..director.helpers import play_round

CLUB = "holdklub"


def to_center(central_url: str, messages: list[Message]) -> None:
    """Store the messages at the center, each checked first as the center's ingest does."""
    for message in messages:
        check_body(message.body)
    db = CentralDb(central_url)
    try:
        db.ingest(messages)
    finally:
        db.close()


def swiss_in_round_two(central_url: str, tmp_path: Path,
                       setup: SessionSetup) -> tuple[Session, list[StoredResult]]:
    """A Swiss (teams or pairs) sent to the center as its station would: round 1 played, round 2
    paired and played at table 1 alone so far; the session and all its results."""
    session = Session.create(SQLiteStore(tmp_path / "station.db"), setup, generated_boards(6, seed=28))
    ingest = Ingest(session)
    play_round(ingest, 1, random.Random(1))
    first_setup = setup_message(session, 1)
    assert pair_round(session, 2)
    play_round(ingest, 2, random.Random(2))
    results = session.store.results(session.id)
    played_at_table_1 = [r for r in results if r.round == 2 and r.table == 1]  # round 2: only table 1's
    to_center(central_url, [Message(CLUB, first_setup),
                            *(Message(CLUB, result_message(r, setup.uid)) for r in results if r.round == 1),
                            *(Message(CLUB, result_message(r, setup.uid)) for r in played_at_table_1),
                            Message(CLUB, setup_message(session, 2))])
    return session, results


def test_a_swiss_being_played_at_the_center(central_url: str, tmp_path: Path) -> None:
    setup = SessionSetup("hold", "Holdaften", {"kind": "team-event", "teams": 4, "boards_per_round": 2,
                                               "swiss": True, "rounds": 3}, "TEAMS")
    session, results = swiss_in_round_two(central_url, tmp_path, setup)
    round_2 = {b for a in session.movement.round(2) for b in a.boards}
    played_at_table_1 = [r for r in results if r.round == 2 and r.table == 1]
    with TestClient(web.create_app(central_url)) as visitor:
        page = visitor.get(f"/club/{CLUB}/{setup.uid}")
        assert page.status_code == 200
        api = visitor.get(f"/api/clubs/{CLUB}/sessions/{setup.uid}").json()
        shown = {b["board"] for b in api["setup"]["boards"] if b["deal"]}
        assert shown == {1, 2} and not shown & round_2  # round 2 is being played at its other tables
        for board in sorted(round_2):
            assert visitor.get(f"/club/{CLUB}/{setup.uid}/board/{board}").status_code == 200
        ranking = visitor.get(f"/club/{CLUB}/{setup.uid}").text
        assert 'class="ranking teams"' in ranking and "data-pair=" not in ranking  # VPs, not the pairs' IMPs
        expected = score_session(session, [r for r in results if r.round == 1]).event
        for line in expected.ranking():  # the station's VPs of the boards over everywhere
            row = re.search(rf'<tr data-team="{line.team}"><td>([^<]*)</td>.*?<td class="vp">([\d.]+)',
                            ranking, re.S)
            assert row and row.groups() == (line.rank, f"{line.vp:.2f}")
        links = set(re.findall(rf'href="(/club/{CLUB}/{setup.uid}/match/(\d+)/(\d+))"', ranking))
        assert {(int(r), int(t)) for _, r, t in links} == {(1, m.home) for m in expected.matches.values()
                                                           if m.round == 1}
        for link, _round, home in links:  # round 1 over: each match board by board
            match = visitor.get(link).text
            imps = expected.match_of(1, int(home)).imps()
            assert f'IMPs {imps[0]:g} – {imps[1]:g}' in match and "in-play" not in match
            assert all(f'data-board="{b}"' in match for b in (1, 2))
        home = team_of(next(a.ns for a in session.movement.round(2) if a.table == 1))
        match = visitor.get(f"/club/{CLUB}/{setup.uid}/match/2/{home}").text
        assert 'id="in-play"' in match and f"boards {', '.join(map(str, sorted(round_2)))}" in match
        for r in played_at_table_1:  # played at one table of round 2 only: nothing of it shown
            row = re.search(rf'<tr data-board="{r.board}">(.*?)</tr>', match, re.S)[1]
            assert re.findall(r"<td[^>]*>([^<]*)</td>", row) == [""] * 6  # both tables, both teams' IMPs
        assert visitor.get(f"/club/{CLUB}/{setup.uid}/match/1/9").status_code == 404
        assert api["standings"]["event"]["matches"] and all(
            m["round"] == 1 or not m["boards"] or all(b["imps"] is None for b in m["boards"])
            for m in api["standings"]["event"]["matches"])


def test_a_team_events_movement_is_checked_and_a_bad_one_refused_naming_what(tmp_path: Path) -> None:
    setup = SessionSetup("hold", "Holdaften", {"kind": "team-event", "teams": 5, "boards_per_round": 2,
                                               "swiss": True, "rounds": 3, "sets": None}, "TEAMS")
    session = Session.create(SQLiteStore(tmp_path / "station.db"), setup, generated_boards(6, seed=28))
    message = setup_message(session)
    check_body(message)  # a Swiss of 5 teams, its first round paired, a bye
    for movement, named in (({"swiss": "yes"}, "setup.movement.swiss"),
                            ({"schedule": [{"matches": [[1, "2"]], "bye": 5}]}, "setup.movement.schedule"),
                            ({"schedule": [{"matches": [[1, 2]], "bye": 500}]}, "setup.movement.schedule"),
                            ({"rounds": -1}, "setup.movement: its sizes")):
        with pytest.raises(ValueError, match=named):
            check_body({**message, "movement": {**message["movement"], **movement}})
    for rules, named in (({"vp_adjusted": [{"round": 1}]}, "setup.team_event"),
                         ({"vp_penalties": [{"team": 9, "vp": 3}]}, "setup.team_event: there is no team 9"),
                         ({"bye_vp": "twelve"}, "setup.team_event"), ({"tie_break": "coin"}, "setup: .*ties"),
                         ({"luck": 1}, "setup: .*luck")):
        with pytest.raises(ValueError, match=named):
            check_body({**message, "team_event": {**message["team_event"], **rules}})


def test_the_center_ranks_a_round_robin_with_the_directors_vps_as_the_station(central_url: str,
                                                                              tmp_path: Path) -> None:
    setup = SessionSetup("rr", "Holdaften", {"kind": "team-event", "teams": 4, "boards_per_round": 2,
                                             "swiss": False, "rounds": None, "sets": None}, "TEAMS",
                         tie_break="match", bye_vp=13.0)
    session = Session.create(SQLiteStore(tmp_path / "station.db"), setup, generated_boards(6, seed=8))
    ingest = Ingest(session)
    for round_ in (1, 2, 3):
        play_round(ingest, round_, random.Random(round_))
    match_vps(ingest, "td", 2, 1, 14.5, 4.5)  # the director's VPs for team 1's match of round 2
    vp_penalty(ingest, "td", 3, 2.0, "slow play")
    messages = [Message("rrklub", setup_message(session)),
                *(Message("rrklub", result_message(r, setup.uid)) for r in session.store.results(session.id))]
    to_center(central_url, messages)
    station = score_session(session).event.ranking()
    assert any(line.penalty for line in station)
    with TestClient(web.create_app(central_url)) as visitor:
        page = visitor.get(f"/club/rrklub/{setup.uid}").text
        api = visitor.get(f"/api/clubs/rrklub/sessions/{setup.uid}").json()["standings"]["event"]
    shown = [re.search(r'<td>([^<]*)</td>.*?<td class="vp">([\d.]+)', row, re.S).groups()
             for row in re.findall(r'<tr data-team="\d+">.*?</tr>', page, re.S)[:4]]
    assert shown == [(line.rank, f"{line.vp:.2f}") for line in station]
    assert [(line["team"], line["vp"]) for line in api["ranking"]] == [(t.team, t.vp) for t in station]
    assert [m["vp"] for m in api["matches"] if m["adjusted"]] == [[14.5, 4.5]]


def test_swiss_pairs_being_played_at_the_center(central_url: str, tmp_path: Path) -> None:
    setup = SessionSetup("monrad", "Monrad", {"kind": "swiss-pairs", "pairs": 7, "boards_per_round": 2,
                                              "rounds": 3}, "MP")
    swiss_in_round_two(central_url, tmp_path, setup)
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
