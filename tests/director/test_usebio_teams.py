"""A team event's USEBIO (issue 28): a round robin as TEAMS_OF_FOUR, a Swiss as SWISS_TEAMS, every
element where the form of tests/data/usebio/teams_of_four.xml puts it (the elements a results
program that takes team events reads: tests/data/SOURCES.md), and every figure in it recomputed
from the scores: each board's IMPs (Law 78B) from its two tables, each match's VPs on the WBF
scale, each team's total from its matches and byes, the places by the totals."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bridgetable.bridge import imps
from bridgetable.director.actions import adjust
from bridgetable.director.exports import usebio_xml
from bridgetable.director.ingest import Ingest
from bridgetable.director.session import Session
from bridgetable.director.teamevent import pair_round
from bridgetable.scoring import wbf_vp

from .helpers import new_session, play_round
from .test_usebio_form import FORMS, TEXT, assert_in_form

VP = r"\d+\.\d\d"
TEAM_TEXT = {**TEXT, "TOTAL_SCORE": VP, "TEAM_SCORE": VP, "OPPOSING_TEAM_SCORE": VP,
             "IMPS": r"-?\d+(\.\d+)?", "DIRECTION": "NS|EW|North|East|South|West", "ROUND_NUMBER": r"\d+",
             "TEAM": r"\d+", "OPPOSING_TEAM": r"\d+", "PAIR_NUMBER": r"\d+", "BOARDS_PER_ROUND": r"\d+"}
NUMBERS = {1: [{"national": "1000011", "club": "7"}, {"national": "1000012", "club": ""}],
           6: [{"national": "1000061", "club": ""}]}


def team_event(tmp_path: Path, teams: int, rounds: int, swiss: bool = False) -> Session:
    movement = {"kind": "team-event", "teams": teams, "boards_per_round": 2, "swiss": swiss,
                "rounds": rounds}
    session = new_session(tmp_path, scoring="TEAMS", movement=movement)
    session.setup.numbers = NUMBERS
    session.setup.teams = {"1": "Lighthouse", "2": "Harbour"}
    ingest = Ingest(session)
    rng = random.Random(28)
    for round_ in range(1, rounds + 1):
        if swiss:
            pair_round(ingest.session, round_)
        play_round(ingest, round_, rng)
    first = ingest.session.movement.round(1)[0]
    adjust(ingest, "td", first.table, sorted(first.boards)[0], "60/40")
    return ingest.session


def test_every_element_stands_where_the_form_puts_it(tmp_path: Path) -> None:
    reference = ET.parse(FORMS / "teams_of_four.xml").getroot()
    ours = ET.fromstring(usebio_xml(team_event(tmp_path, 5, 3), club="Example Club"))
    assert_in_form(ours, reference, TEAM_TEXT)
    assert ours.find("EVENT").get("EVENT_TYPE") == "TEAMS_OF_FOUR"
    assert ours.find("EVENT/PARTICIPANTS").get("EVENT_TYPE") == "TEAMS_OF_FOUR"
    form_team = reference.find("EVENT/PARTICIPANTS/TEAM")
    assert all(set(team.attrib) == set(form_team.attrib) for team in ours.iter("TEAM") if len(team))
    names = {team.get("TEAM_ID"): team.get("TEAM_NAME") for team in ours.iter("TEAM") if team.get("TEAM_ID")}
    assert names == {"1": "Lighthouse", "2": "Harbour", "3": "Team 3", "4": "Team 4", "5": "Team 5"}
    players = {pair.findtext("PAIR_NUMBER"): [(p.findtext("PLAYER_NAME"), p.findtext("NATIONAL_ID_NUMBER"),
                                               p.findtext("CLUB_ID_NUMBER")) for p in pair.iter("PLAYER")]
               for pair in ours.iter("PAIR")}
    assert players["1"] == [("Ann", "1000011", "7"), ("Bob", "1000012", None)]
    assert players["6"] == [("Team 3", "1000061", None), ("Team 3", "0", None)]  # named after its team
    assert sorted(players, key=int) == [str(pair) for pair in range(1, 11)]


@pytest.mark.parametrize("swiss", [False, True], ids=["round robin", "Swiss"])
def test_every_figure_is_the_scores(tmp_path: Path, swiss: bool) -> None:
    session = team_event(tmp_path, 5, 3, swiss=swiss)
    root = ET.fromstring(usebio_xml(session))
    assert root.find("EVENT").get("EVENT_TYPE") == ("SWISS_TEAMS" if swiss else "TEAMS_OF_FOUR")
    pairs = {int(pair.findtext("PAIR_NUMBER")): int(team.get("TEAM_ID"))
             for team in root.iter("TEAM") if team.get("TEAM_ID") for pair in team.iter("PAIR")}
    won: dict[int, float] = {team: 0.0 for team in range(1, 6)}
    rounds: dict[int, set[int]] = {}
    for match in root.find("EVENT").iter("MATCH"):
        round_, team = int(match.findtext("ROUND_NUMBER")), int(match.findtext("TEAM"))
        if match.find("OPPOSING_TEAM") is None:  # the bye
            assert match.findtext("TEAM_SCORE") == f"{session.setup.bye_vp:.2f}" and len(match) == 3
            won[team] += session.setup.bye_vp
            rounds.setdefault(round_, set()).add(team)
            continue
        other = int(match.findtext("OPPOSING_TEAM"))
        rounds.setdefault(round_, set()).update((team, other))
        total = 0.0
        boards = match.findall("BOARD")
        assert [int(b.findtext("BOARD_NUMBER")) for b in boards] == list(range(
            int(match.findtext("START_BOARD_NUMBER")), int(match.findtext("END_BOARD_NUMBER")) + 1))
        for board in boards:
            lines = board.findall("TRAVELLER_LINE")
            assert [line.findtext("DIRECTION") for line in lines] == ["NS", "EW"]
            for line in lines:  # the home team's pair sits in the line's direction, the other team's opposite
                ns, ew = (pairs[int(line.findtext(f"{side}_PAIR_NUMBER"))] for side in ("NS", "EW"))
                assert (ns, ew) == ((team, other) if line.findtext("DIRECTION") == "NS" else (other, team))
            scores = [line.findtext("SCORE") for line in lines]
            if any(score.startswith("A") for score in scores):
                assert scores.count("A6040") == 1  # the director's 60/40 at the first table of round 1
                total += float(board.findtext("IMPS"))
                continue
            assert float(board.findtext("IMPS")) == imps(int(scores[0]) - int(scores[1]))
            total += imps(int(scores[0]) - int(scores[1]))
        home, away = wbf_vp(total, 2)
        assert (match.findtext("TEAM_SCORE"), match.findtext("OPPOSING_TEAM_SCORE")) == (
            f"{home:.2f}", f"{away:.2f}")
        won[team] += home
        won[other] += away
    assert rounds == {round_: set(range(1, 6)) for round_ in (1, 2, 3)}  # each team a match or the bye
    ranking = [(int(team.get("TEAM_ID")), float(team.findtext("TOTAL_SCORE")), int(team.findtext("PLACE")))
               for team in root.find("EVENT/PARTICIPANTS").iter("TEAM")]
    assert {team: total for team, total, _place in ranking} == pytest.approx(won, abs=0.011)
    assert [total for _team, total, _place in ranking] == sorted((t for _, t, _ in ranking), reverse=True)
    assert [place for *_, place in ranking] == sorted(place for *_, place in ranking)
    assert root.find("HANDSET") is not None and len(root.findall("HANDSET/BOARD")) == 6
