"""The match against the robots, the two-table team match and Swiss pairs in USEBIO (issues 25 and
28), written by the team events' writer: the robots match as the TEAMS_OF_FOUR match of two tables
it is, in the form of tests/data/usebio/robots_match.xml (the two-table match in that of
teams_of_four.xml), Swiss pairs as SWISS_PAIRS in the form of swiss_pairs.xml (the
elements the Scottish Bridge Union's import reads: tests/data/SOURCES.md). Every element stands
where the form puts it, and every figure is recomputed from the scores: each board's IMPs (Law 78B,
the robots' table played again from the deal; Swiss pairs' margins across the field), each match's
VPs on the WBF scale, each side's total, the places."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bridgetable.bridge import Deal, Seat, Vulnerability
from bridgetable.director.actions import adjust
from bridgetable.director.exports import usebio_xml
from bridgetable.director.ingest import Ingest
from bridgetable.director.session import Session
from bridgetable.director.standings import score_session
from bridgetable.director.teamevent import pair_round
from bridgetable.robots.table import robot_board
from bridgetable.scoring.adjusted import Adjusted

from ..scoring.by_hand import law_imps, scale_vp
from ..scoring.swiss_by_hand import BYE_VP, expected_margins
from .helpers import new_session, play_round
from .test_usebio_form import FORMS, assert_in_form
from .test_usebio_teams import TEAM_TEXT

MATCH_TEXT = {**TEAM_TEXT, "NS_SCORE": r"\d+\.\d\d", "EW_SCORE": r"\d+\.\d\d", "IMPS": r"-?\d+(\.\d\d?)?",
              "NS_PAIR_NUMBER": r"\d+", "EW_PAIR_NUMBER": r"\d+"}
ROBOT_BOARDS = 4


def robots_match(tmp_path: Path) -> Session:
    """Four boards against the robots, the second adjusted 60/40 by the director."""
    session = new_session(tmp_path, scoring="ROBOTS",
                          movement={"kind": "robots", "boards": ROBOT_BOARDS, "boards_per_round": 2})
    session.setup.numbers = {1: [{"national": "1000011", "club": "7"}]}
    ingest = Ingest(session)
    rng = random.Random(5)
    for round_ in (1, 2):
        play_round(ingest, round_, rng)
    adjust(ingest, "td", 1, 2, "60/40")
    return ingest.session


def test_the_robots_match_stands_where_the_form_puts_it(tmp_path: Path) -> None:
    reference = ET.parse(FORMS / "robots_match.xml").getroot()
    ours = ET.fromstring(usebio_xml(robots_match(tmp_path), club="Example Club"))
    assert_in_form(ours, reference, MATCH_TEXT)
    assert ours.find("EVENT").get("EVENT_TYPE") == "TEAMS_OF_FOUR"
    assert ours.find("EVENT/PARTICIPANTS").get("EVENT_TYPE") == "TEAMS_OF_FOUR"
    assert ours.find("EVENT/BOARD") is None and ours.find("EVENT/PARTICIPANTS/PAIR") is None  # no pairs' form
    teams = {team.get("TEAM_ID"): (team.get("TEAM_NAME"), [
        (pair.findtext("PAIR_NUMBER"), [(p.findtext("PLAYER_NAME"), p.findtext("NATIONAL_ID_NUMBER"))
                                        for p in pair.iter("PLAYER")]) for pair in team.iter("PAIR")])
        for team in ours.iter("TEAM") if team.get("TEAM_ID")}
    robots = [("Robot", "0"), ("Robot", "0")]
    # our North-South with the robots' East-West, our East-West with the robots' North-South
    assert {team: sorted(pairs) for team, (_name, pairs) in teams.items()} == {
        "1": [("1", [("Ann", "1000011"), ("Bob", "0")]), ("4", robots)],
        "2": [("2", [("Pair 2", "0"), ("Pair 2", "0")]), ("3", robots)]}
    assert teams["1"][0] == "Ann & Bob"
    assert ours.findtext("EVENT/BOARDS_PER_ROUND") == str(ROBOT_BOARDS)  # the match's boards


def test_every_figure_of_the_robots_match_is_the_scores(tmp_path: Path) -> None:
    session = robots_match(tmp_path)
    root = ET.fromstring(usebio_xml(session))
    boards = session.store.boards(session.id)
    [match] = root.find("EVENT").iter("MATCH")
    assert (match.findtext("TEAM"), match.findtext("OPPOSING_TEAM")) == ("1", "2")
    assert (match.findtext("START_BOARD_NUMBER"), match.findtext("END_BOARD_NUMBER")) == (
        "1", str(ROBOT_BOARDS))
    margin = 0.0
    played = []
    for board in match.iter("BOARD"):
        number = int(board.findtext("BOARD_NUMBER"))
        played.append(number)
        ours, theirs = board.findall("TRAVELLER_LINE")
        assert [(line.findtext("DIRECTION"), line.findtext("NS_PAIR_NUMBER"), line.findtext("EW_PAIR_NUMBER"))
                for line in (ours, theirs)] == [("NS", "1", "2"), ("EW", "3", "4")]
        info = boards[number]  # the robots' table, played again from the board's cards
        record = robot_board(number, Deal.parse(info.deal), Seat.parse(info.dealer),
                             Vulnerability.parse(info.vulnerability))
        assert int(theirs.findtext("SCORE")) == record.score_ns
        assert theirs.findtext("TRICKS") == str(record.result)
        if ours.findtext("SCORE").startswith("A"):  # the director's 60/40: its IMP equivalent for each team
            assert (number, ours.findtext("SCORE"), ours.find("CONTRACT")) == (2, "A6040", None)
            home, away = Adjusted.parse("60/40").imps()
            expected = home - away
        else:
            expected = law_imps(int(ours.findtext("SCORE")) - record.score_ns)
        assert float(board.findtext("IMPS")) == expected
        margin += expected
    assert played == list(range(1, ROBOT_BOARDS + 1))
    won = scale_vp(margin, ROBOT_BOARDS)
    vps = (won, round(20 - won, 2)) if margin >= 0 else (round(20 - won, 2), won)
    assert (match.findtext("TEAM_SCORE"), match.findtext("OPPOSING_TEAM_SCORE")) == tuple(
        f"{v:.2f}" for v in vps)
    ranking = [(team.get("TEAM_ID"), team.findtext("TOTAL_SCORE"), team.findtext("PLACE"))
               for team in root.find("EVENT/PARTICIPANTS").iter("TEAM")]
    by_vp = sorted([("1", f"{vps[0]:.2f}"), ("2", f"{vps[1]:.2f}")], key=lambda t: -float(t[1]))
    assert ranking == [(team, vp, place) for (team, vp), place in zip(by_vp, ("1", "2"), strict=True)]
    robots = score_session(session).robots  # the station's own match: the same IMPs, adjusted boards aside
    assert robots is not None
    assert robots.imps_ns - robots.imps_ew == margin - (home - away)


def test_nothing_played_against_the_robots_writes_the_teams_and_no_match(tmp_path: Path) -> None:
    session = new_session(tmp_path, scoring="ROBOTS",
                          movement={"kind": "robots", "boards": 4, "boards_per_round": 2})
    root = ET.fromstring(usebio_xml(session))
    totals = [team.findtext("TOTAL_SCORE") for team in root.iter("TEAM") if team.get("TEAM_ID")]
    assert totals == ["0.00", "0.00"]
    assert root.find("EVENT/MATCH") is None


def swiss_pairs(tmp_path: Path, scoring: str) -> Session:
    """Seven pairs, three rounds of two boards: three tables and a bye each round."""
    session = new_session(tmp_path, scoring=scoring,
                          movement={"kind": "swiss-pairs", "pairs": 7, "boards_per_round": 2, "rounds": 3})
    session.setup.numbers = {1: [{"national": "1000011", "club": "7"}, {"national": "1000012", "club": ""}]}
    ingest = Ingest(session)
    rng = random.Random(28)
    for round_ in (1, 2, 3):
        pair_round(ingest.session, round_)
        play_round(ingest, round_, rng)
    return ingest.session


@pytest.mark.parametrize("scoring", ["MP", "IMP", "XIMP"])
def test_swiss_pairs_stands_where_the_form_puts_it(tmp_path: Path, scoring: str) -> None:
    points = {"MP": "MATCH_POINTS", "IMP": "BUTLER_POINTS", "XIMP": "CROSS_IMP_POINTS"}[scoring]
    # the form is scored in matchpoints: IMPs' points stand where its matchpoints do, as in the pairs' files
    reference = ET.fromstring((FORMS / "swiss_pairs.xml").read_text("utf-8").replace(
        "_MATCH_POINTS>", f"_{points}>"))
    ours = ET.fromstring(usebio_xml(swiss_pairs(tmp_path, scoring), club="Example Club"))
    assert_in_form(ours, reference, MATCH_TEXT)
    assert ours.find("EVENT").get("EVENT_TYPE") == "SWISS_PAIRS"
    assert ours.find("EVENT/PARTICIPANTS").get("EVENT_TYPE") == "SWISS_PAIRS"
    assert ours.findtext("EVENT/BOARD_SCORING_METHOD") == {
        "MP": "MATCH_POINTS", "IMP": "IMPS", "XIMP": "CROSS_IMPS"}[scoring]
    lines = list(ours.iter("TRAVELLER_LINE"))
    assert lines and all(line.find(f"NS_{points}") is not None and line.find(f"EW_{points}") is not None
                         for line in lines)
    assert ours.find(".//TEAM") is None  # pairs, not teams of one pair
    numbers = sorted(int(pair.findtext("PAIR_NUMBER")) for pair in ours.iter("PAIR"))
    assert numbers == list(range(1, 8))
    first = next(pair for pair in ours.iter("PAIR") if pair.findtext("PAIR_NUMBER") == "1")
    assert [(p.findtext("PLAYER_NAME"), p.findtext("NATIONAL_ID_NUMBER")) for p in first.iter("PLAYER")] == [
        ("Ann", "1000011"), ("Bob", "1000012")]


@pytest.mark.parametrize("scoring", ["MP", "IMP"])
def test_every_figure_of_swiss_pairs_is_the_scores(tmp_path: Path, scoring: str) -> None:
    session = swiss_pairs(tmp_path, scoring)
    root = ET.fromstring(usebio_xml(session))
    rows = []  # (round, North-South pair, board, North-South's score) of every table, from the file
    for match in root.find("EVENT").iter("MATCH"):
        for board in match.iter("BOARD"):
            [line] = board.findall("TRAVELLER_LINE")
            assert (line.findtext("NS_PAIR_NUMBER"), line.findtext("EW_PAIR_NUMBER")) == (
                match.findtext("NS_PAIR_NUMBER"), match.findtext("EW_PAIR_NUMBER"))
            rows.append((int(match.findtext("ROUND_NUMBER")), int(match.findtext("NS_PAIR_NUMBER")),
                         int(board.findtext("BOARD_NUMBER")), int(line.findtext("SCORE"))))
            # the board's points across the field, as the pairs' files name them, give its margin
            name = {"MP": "MATCH_POINTS", "IMP": "BUTLER_POINTS"}[scoring]
            ns, ew = (float(line.findtext(f"{side}_{name}")) for side in ("NS", "EW"))
            margin = (ns - ew) / (ns + ew) * 100 / 7 if scoring == "MP" else (ns - ew) / 2
            assert float(board.findtext("IMPS")) == round(margin, 2)
    margins = expected_margins(rows, scoring)
    totals = dict.fromkeys(range(1, 8), 0.0)
    rounds: dict[int, set[int]] = {}
    for match in root.find("EVENT").iter("MATCH"):
        round_, ns = int(match.findtext("ROUND_NUMBER")), int(match.findtext("NS_PAIR_NUMBER"))
        if match.find("EW_PAIR_NUMBER") is None:  # the bye
            assert match.findtext("NS_SCORE") == f"{BYE_VP:.2f}" and len(match) == 3
            totals[ns] += BYE_VP
            rounds.setdefault(round_, set()).add(ns)
            continue
        ew = int(match.findtext("EW_PAIR_NUMBER"))
        rounds.setdefault(round_, set()).update((ns, ew))
        margin = margins[(round_, ns)]
        assert sum(float(board.findtext("IMPS")) for board in match.iter("BOARD")) == pytest.approx(margin)
        won = scale_vp(margin, 2)
        vps = (won, round(20 - won, 2)) if margin >= 0 else (round(20 - won, 2), won)
        assert (match.findtext("NS_SCORE"), match.findtext("EW_SCORE")) == tuple(f"{v:.2f}" for v in vps)
        totals[ns] += vps[0]
        totals[ew] += vps[1]
    assert rounds == {round_: set(range(1, 8)) for round_ in (1, 2, 3)}  # each pair a match or the bye
    ranking = [(int(pair.findtext("PAIR_NUMBER")), float(pair.findtext("TOTAL_SCORE")),
                int(pair.findtext("PLACE"))) for pair in root.find("EVENT/PARTICIPANTS").iter("PAIR")]
    assert {pair: total for pair, total, _place in ranking} == pytest.approx(totals, abs=0.011)
    assert [total for _pair, total, _place in ranking] == sorted((t for _, t, _ in ranking), reverse=True)
    assert [place for *_, place in ranking] == sorted(place for *_, place in ranking)


def test_the_two_table_team_match_is_one_match_of_two_teams(tmp_path: Path) -> None:
    """Home (pair 1 North-South at table 1, pair 2 East-West at table 2) against away (3 and 4), in
    the form of teams_of_four.xml; each board's IMPs from its two tables, the VPs for the match's
    boards, as a team event's match."""
    session = new_session(tmp_path, scoring="TEAMS",
                          movement={"kind": "teams", "boards": 4, "boards_per_round": 2})
    session.setup.teams = {"home": "Lighthouse", "away": "Harbour"}
    ingest = Ingest(session)
    rng = random.Random(8)
    for round_ in (1, 2):
        play_round(ingest, round_, rng)
    root = ET.fromstring(usebio_xml(ingest.session, club="Example Club"))
    assert_in_form(root, ET.parse(FORMS / "teams_of_four.xml").getroot(), MATCH_TEXT)
    assert root.find("EVENT").get("EVENT_TYPE") == "TEAMS_OF_FOUR" and root.find("EVENT/BOARD") is None
    teams = {team.get("TEAM_NAME"): sorted(pair.findtext("PAIR_NUMBER") for pair in team.iter("PAIR"))
             for team in root.iter("TEAM") if team.get("TEAM_ID")}
    assert teams == {"Lighthouse": ["1", "2"], "Harbour": ["3", "4"]}
    [match] = root.find("EVENT").iter("MATCH")
    margin = 0
    for board in match.iter("BOARD"):
        first, second = board.findall("TRAVELLER_LINE")
        assert [(line.findtext("DIRECTION"), line.findtext("NS_PAIR_NUMBER"), line.findtext("EW_PAIR_NUMBER"))
                for line in (first, second)] == [("NS", "1", "3"), ("EW", "4", "2")]
        expected = law_imps(int(first.findtext("SCORE")) - int(second.findtext("SCORE")))
        assert float(board.findtext("IMPS")) == expected
        margin += expected
    assert len(match.findall("BOARD")) == 4
    won = scale_vp(margin, 4)
    vps = (won, round(20 - won, 2)) if margin >= 0 else (round(20 - won, 2), won)
    assert (match.findtext("TEAM_SCORE"), match.findtext("OPPOSING_TEAM_SCORE")) == tuple(
        f"{v:.2f}" for v in vps)
    assert {team.get("TEAM_ID"): team.findtext("TOTAL_SCORE") for team in root.iter("TEAM")
            if team.get("TEAM_ID")} == {"1": f"{vps[0]:.2f}", "2": f"{vps[1]:.2f}"}
