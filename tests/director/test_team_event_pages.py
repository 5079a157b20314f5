"""A team event at the station: the tables' assignments, the Swiss paired round by round from the
stored results, the VP ranking, the cross-table and each match's page, nothing of a board shown to
a visitor before both tables of every match of its round have played it."""

import random
import re

import pytest
from starlette.testclient import TestClient

from bridgetable.bridge import imps
from bridgetable.check import check_files
from bridgetable.director import web
from bridgetable.director.exports import results_html, session_pbn
from bridgetable.director.ingest import Ingest
from bridgetable.director.session import Session
from bridgetable.director.standings import score_session
from bridgetable.director.store import SQLiteStore
from bridgetable.director.teamactions import vp_penalty
from bridgetable.director.teamevent import pair_round
from bridgetable.director.upstream import Upstream, UpstreamOutbox
from bridgetable.formats.pbn import read_pbn_file
from bridgetable.link import Broker
from bridgetable.link.broker import free_port
from bridgetable.movements import team_of

from .helpers import new_session, play_round, received, result_message

PASSWORD = "s3cret"
EVENT = {"kind": "team-event", "teams": 4, "boards_per_round": 2}


@pytest.fixture
def ingest(tmp_path):
    return Ingest(new_session(tmp_path, scoring="TEAMS", movement=EVENT))


def send(ingest, table, board, contract="4S", declarer="N", tricks=10):
    ingest.store_result(received(result_message(ingest.session, table, board, contract, declarer, tricks)))


def log_in(client):
    page = client.get("/login").text
    csrf = re.search(r'name="csrf" value="([^"]+)"', page)[1]
    client.post("/login", data={"password": PASSWORD, "csrf": csrf, "name": "TD"})


def test_the_assignments_name_the_match_and_each_pair_its_team(ingest):
    session = ingest.session
    first = {m["table"]: m for m in session.assignments(1)}
    home, away = team_of(first[1]["ns"]), team_of(first[1]["ew"])
    assert first[1]["event"] == f"Club night: Team {home} v Team {away}, boards 1-2"
    assert first[2]["event"] == first[1]["event"]  # the match's second table: the same match
    assert (first[2]["ns"], first[2]["ew"]) == (2 * away - 1, 2 * home)
    assert first[2]["boards"] == [2, 1]  # across the relay stand
    # a pair the director named keeps its names, the others are named after their team
    assert first[1]["ns_names"] == "Ann & Bob" and first[1]["ew_names"] == f"Team {away}"


def test_a_match_is_withheld_from_visitors_until_every_match_of_its_round_has_played_the_board(ingest):
    with TestClient(web.create_app(ingest, password=PASSWORD)) as client:
        send(ingest, 1, 1)
        send(ingest, 2, 1, contract="2S", tricks=10)  # the match's other table: 420 v 170, 6 IMPs
        home = team_of(ingest.session.movement.at(1, 1).ns)
        page = client.get(f"/match/1/{home}").text
        assert 'id="in-play"' in page and "boards 1, 2." in page and "420" not in page
        assert "Ranking by victory points" in client.get("/").text and "10.00" not in client.get("/").text
        assert 'id="withheld"' in client.get("/board/1").text
        log_in(client)
        page = client.get(f"/match/1/{home}").text  # the director sees it
        assert "420" in page and "170" in page and 'id="in-play"' not in page
        assert re.search(r'class="imps">6<', page)
        client.post("/logout", data={"csrf": re.search(r'name="csrf" value="([^"]+)"',
                                                        client.get("/director").text)[1]})
        send(ingest, 3, 1, contract="3NT", declarer="S", tricks=9)
        send(ingest, 4, 1, contract="3NT", declarer="S", tricks=9)
        page = client.get(f"/match/1/{home}").text  # board 1 over in every match of round 1
        assert "420" in page and "170" in page and "boards 2." in page
        ranking = client.get("/fragment/ranking").text
        assert "Cross-table" in ranking and f'href="/match/1/{home}"' in ranking
        assert '<p id="match-score">IMPs ' in page and "<th>IMPs won</th>" in ranking  # a team's are IMPs
        assert client.get("/match/1/9").status_code == 404
        # the refusal shown alone is a sentence: a capital first, in every language
        assert '<p class="red">Team 9 plays no match in round 1</p>' in client.get("/match/1/9").text
        danish = client.get("/match/1/9?lang=da").text
        assert '<p class="red">Hold 9 spiller ingen kamp i runde 1</p>' in danish
        assert '<p class="red">A(z) 9. csapat nem' in client.get("/match/1/9?lang=hu").text


def test_a_swiss_pairs_each_round_from_the_results_and_keeps_it(tmp_path):
    session = new_session(tmp_path, scoring="TEAMS",
                          movement={"kind": "team-event", "teams": 5, "boards_per_round": 2, "swiss": True,
                                    "rounds": 3})
    ingest = Ingest(session)
    assert session.movement.rounds == 3 and session.movement.round(2) == []
    first_bye = 5  # round 1 pairs by number, the last team sits out
    assert {team_of(a.ns) for a in session.movement.round(1)} == {1, 2, 3, 4}
    # a board of a round not paired yet is nobody's to see
    with TestClient(web.create_app(ingest, password=PASSWORD)) as client:
        assert 'id="withheld"' in client.get("/board/5").text
    assert not pair_round(session, 3)  # not before round 2
    play_round(ingest, 1, random.Random(5))
    assert pair_round(session, 2) and not pair_round(session, 2)
    second = session.setup.movement["schedule"][1]
    assert second["bye"] != first_bye
    met = {frozenset(m) for m in session.setup.movement["schedule"][0]["matches"]}
    assert not met & {frozenset(m) for m in second["matches"]}
    ranking = [line.team for line in score_session(session).event.ranking() if line.team != second["bye"]]
    assert second["matches"][0][0] == ranking[0]  # the leader plays first, down the ranking
    again = Session.load(SQLiteStore(tmp_path / "station.db"), session.id)  # a restarted station
    assert again.movement.round(2) == session.movement.round(2) != []


def act(client, **form) -> str:
    csrf = re.search(r'name="csrf" value="([^"]+)"', client.get("/director").text)[1]
    page = client.post("/director", data={"csrf": csrf, **form}).text
    return re.search(r'<p id="message">([^<]*)</p>', page)[1]


def test_the_director_sets_a_matchs_vps_and_takes_vps_off_a_team(ingest, tmp_path):
    for table in (1, 2, 3, 4):
        for board in (1, 2):
            send(ingest, table, board)
    home = team_of(ingest.session.movement.at(1, 1).ns)
    away = team_of(ingest.session.movement.at(1, 1).ew)
    with TestClient(web.create_app(ingest, password=PASSWORD)) as client:
        log_in(client)
        assert 'id="form-match-vps"' in client.get("/director").text
        assert act(client, action="match-vps", round="1", team=str(away), home_vp="12", away_vp="6") == (
            f"round 1: the match of team {away} given 12 - 6 VPs")
        assert act(client, action="vp-penalty", team=str(home), vp="1.5", reason="slow play") == (
            f"team {home}: penalty of 1.5 VPs")
        assert act(client, action="match-vps", round="1", team="9", home_vp="10", away_vp="10") == (
            "refused: team 9 plays no match in round 1")
        assert act(client, action="match-vps", round="1", team="1", home_vp="21", away_vp="0") == (
            "refused: victory points are from 0 to 20, not 21")
        assert act(client, action="vp-penalty", team="5", vp="1") == (
            "refused: there is no team 5 in this event")
    lines = {line.team: line for line in score_session(ingest.session).event.ranking()}
    assert (lines[home].vp, lines[away].vp, lines[home].penalty) == (10.5, 6.0, 1.5)
    saved = Session.load(SQLiteStore(tmp_path / "station.db"), ingest.session.id).setup  # kept, for a restart
    assert saved.vp_adjusted == [{"round": 1, "team": home, "home_vp": 12.0, "away_vp": 6.0}]
    assert saved.vp_penalties == [{"team": home, "vp": 1.5, "reason": "slow play"}]
    trail = [(entry.action, entry.detail) for entry in ingest.session.store.audit_trail(ingest.session.id)]
    assert ("VP penalty", f"team {home}: 1.5 VPs (slow play)") in trail


def test_the_center_is_sent_a_swiss_ranking_only_once_every_round_is_paired_and_played(tmp_path):
    """After round 1 every board of the movement so far is played, but the Swiss has rounds to
    come: a final ranking then would make the center show the next round's boards to everyone."""
    session = new_session(tmp_path, scoring="TEAMS",
                          movement={"kind": "team-event", "teams": 4, "boards_per_round": 2, "swiss": True,
                                    "rounds": 2})
    ingest = Ingest(session)
    outbox = UpstreamOutbox(tmp_path / "outbox.db")
    upstream = Upstream(session, "testclub", b"k" * 32, Broker(port=free_port()), outbox)

    def sent() -> list[str]:
        upstream.scan()
        return [body["kind"] for body in outbox.due()]

    play_round(ingest, 1, random.Random(1))
    assert "ranking" not in sent() and sent().count("setup") == 1
    assert pair_round(session, 2)
    assert sent().count("setup") == 2  # the set-up with round 2 paired goes up too
    play_round(ingest, 2, random.Random(2))
    assert "ranking" in sent()
    outbox.close()
    # the center holding the set-up from before round 2 was paired: round 2's results wait, unscored
    session.setup.movement["schedule"] = session.setup.movement["schedule"][:1]
    session.rebuild()
    event = score_session(session, session.store.results(session.id)).event
    assert {m.round for m in event.matches.values()} == {1} and len(session.store.results(session.id)) == 16


def test_the_pbn_export_holds_each_match_in_its_two_rooms(tmp_path):
    session = new_session(tmp_path, scoring="TEAMS", movement=EVENT)
    ingest = Ingest(session)
    play_round(ingest, 1, random.Random(3))
    path = tmp_path / "event.pbn"
    path.write_text(session_pbn(session), encoding="utf-8")
    tables = [r for r in read_pbn_file(path) if "Room" in r.tags]
    assert len(tables) == 8  # 2 boards at 4 tables
    for record in tables:
        other = next(o for o in tables if o.board == record.board and o is not record
                     and o.tags["HomeTeam"] == record.tags["HomeTeam"])
        assert {record.tags["Room"], other.tags["Room"]} == {"Open", "Closed"}
        assert record.tags["VisitTeam"] == other.tags["VisitTeam"] != record.tags["HomeTeam"]
        open_, closed = (record, other) if record.tags["Room"] == "Open" else (other, record)
        swing = imps(open_.score_ns - closed.score_ns)  # the home team's IMPs on the board
        assert open_.tags["ScoreIMP"] == f"NS {swing}" and closed.tags["ScoreIMP"] == f"NS {-swing}"
    printable = results_html(session)
    assert "Ranking by victory points" in printable and "Cross-table" in printable


def test_the_pbn_export_of_a_team_event_is_checked_clean_and_ranks_the_teams_by_vps(tmp_path):
    """``bridgetable check`` read the ScoreTable's IMPs as Butler or cross-IMPs over the field and
    found problems in our own export; and the TotalScoreTable ranked the pairs by their boards'
    IMPs, not the teams by VPs as the pages do (with the director's VP penalty)."""
    session = new_session(tmp_path, scoring="TEAMS", movement=EVENT)
    ingest = Ingest(session)
    rng = random.Random(5)
    for round_ in (1, 2, 3):
        play_round(ingest, round_, rng)
    vp_penalty(ingest, "TD", 4, 2.5, "slow play")
    path = tmp_path / "event.pbn"
    path.write_text(session_pbn(session), encoding="utf-8")
    reports, unreadable = check_files([str(path)])
    assert unreadable == [] and len(reports) == 6 * (1 + 4)  # 6 boards: its game and 4 tables
    assert [(r.board, r.problems, r.warnings) for r in reports if r.problems or r.warnings] == []
    ranking = next(r for r in read_pbn_file(path) if "TotalScoreTable" in r.tags)
    assert ranking.tags["TotalScoreTable"] == "Rank\\3R;TeamId\\3R;TotalVP\\7R;Names\\40L"
    event = score_session(session).event
    assert [(e.team, e.vp) for e in event.ranking()] == [
        (int(line.split()[1]), float(line.split()[2])) for line in ranking.sections["TotalScoreTable"]]
    assert next(e for e in event.ranking() if e.team == 4).penalty == 2.5
    # the check could fail: one room's IMPs changed
    text = path.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.startswith(" 1  1 ") and '"' in line)
    values = row.split()
    wrong = " ".join([*values[:-2], f"{float(values[-2]) + 3:.2f}", values[-1]])
    path.write_text(text.replace(row, wrong, 1), encoding="utf-8")
    reports, _ = check_files([str(path)])
    assert [p.kind for r in reports for p in r.problems] == ["matchpoints"]


def test_a_played_team_event_never_says_no_results_yet(ingest):
    """The pairs' ranking's "No results yet." stood under the VP ranking of every team event, on
    the ranking page and the printable results, however many rounds were played."""
    play_round(ingest, 1, random.Random(6))
    printable = results_html(ingest.session)
    assert "Ranking by victory points" in printable and "No results yet." not in printable
    with TestClient(web.create_app(ingest, password=PASSWORD)) as client:
        page = client.get("/").text
    assert "Cross-table" in page and "No results yet." not in page


def test_vps_and_quotients_are_written_as_the_readers_language_writes_decimals(ingest):
    """The VP ranking, the cross-table and a match's VPs were written "19.24" on a Danish page
    whose every other figure is "0,00"."""
    play_round(ingest, 1, random.Random(6))
    with TestClient(web.create_app(ingest, password=PASSWORD)) as client:
        ranking = client.get("/?lang=da").text
        match = client.get("/match/1/1?lang=da").text
        english = client.get("/?lang=en").text
    vps = re.findall(r'<td class="vp">([^<]+)', ranking)
    assert len(vps) == 4 and all(re.fullmatch(r"\d+,\d\d ?", vp) for vp in vps), vps
    cells = re.findall(r'<a href="/match/\d+/\d+">([^<]+)</a>', ranking)
    assert cells and all(re.fullmatch(r"\d+,\d\d", cell) for cell in cells), cells
    assert re.search(r"VP \d+,\d\d – \d+,\d\d", match)
    assert all(re.fullmatch(r"\d+\.\d\d ?", vp) for vp in re.findall(r'<td class="vp">([^<]+)', english))


def test_a_swiss_round_that_cannot_avoid_a_rematch_is_paired_with_one_and_said_so(tmp_path):
    """Six teams after these three rounds: the pairs not yet met hold no complete round (1 has met
    2, 3 and 6, so plays 4 or 5; either leaves two teams that have met). The tables are not left
    waiting: the round is paired down the ranking allowing a rematch, and the audit trail says so."""
    rounds = [[[1, 2], [3, 4], [5, 6]], [[1, 3], [2, 5], [4, 6]], [[1, 6], [2, 4], [3, 5]]]
    session = new_session(tmp_path, scoring="TEAMS", movement={
        "kind": "team-event", "teams": 6, "boards_per_round": 1, "sets": 6, "swiss": True, "rounds": 4,
        "schedule": [{"matches": r, "bye": None} for r in rounds]})
    assert pair_round(session, 4)
    assert session.setup.movement["schedule"][3]["matches"] == [[1, 2], [3, 4], [5, 6]]
    trail = [(e.action, e.detail) for e in session.store.audit_trail(session.id)]
    assert ("Swiss pairing", "round 4: no Swiss pairing of the 6 teams avoids a rematch; paired allowing "
            "a rematch") in trail
    assert len(session.movement.round(4)) == 6
