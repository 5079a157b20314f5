"""`bridgetable demo --movement teams / swiss-teams`: whole team evenings played by the robot tables
through the broker and the station, every IMP and VP recomputed here from the tables' scores."""

import json
import sqlite3
import subprocess
import sys
from collections import Counter
from itertools import combinations

import pytest

from bridgetable.movements import round_robin, team_event_movement
from bridgetable.movements.passing import passes

from ..scoring.by_hand import law_imps, scale_vp


def play(tmp_path, *options: str) -> dict:
    command = [sys.executable, "-m", "bridgetable.cli", "demo", "--headless", "--json", "--dir",
               str(tmp_path), *options]
    run = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "ERROR" not in run.stderr
    return json.loads(run.stdout)["event"]


def check_every_imp_and_vp(tmp_path, event: dict, boards: int) -> None:
    """Each match's board IMPs from the two North-South scores the station stored, its VPs from
    its IMPs, each team's total from its matches and byes."""
    with sqlite3.connect(tmp_path / "station.db") as db:
        stored = {(r, ns, b): score for r, ns, b, score in
                  db.execute("SELECT round, ns, board, ns_score FROM results")}
    totals: Counter[int] = Counter()
    for match in event["matches"]:
        r, home, away = match["round"], match["home"], match["away"]
        margin = 0
        assert len(match["boards"]) == boards
        for line in match["boards"]:
            ours, theirs = stored[(r, 2 * home - 1, line["board"])], stored[(r, 2 * away - 1, line["board"])]
            assert line["scores"] == [ours, theirs]
            swing = law_imps(ours - theirs)
            assert line["imps"] == [max(swing, 0), max(-swing, 0)]
            margin += swing
        assert match["imps"][0] - match["imps"][1] == margin
        won = scale_vp(margin, boards)
        expected = [won, round(20 - won, 2)] if margin >= 0 else [round(20 - won, 2), won]
        assert match["vp"] == expected
        totals[home] += expected[0]
        totals[away] += expected[1]
    for team in event["byes"].values():
        totals[team] += 12.0
    assert {line["team"]: line["vp"] for line in event["ranking"]} == {
        t: pytest.approx(v) for t, v in totals.items()}
    vps = [line["vp"] for line in event["ranking"]]
    assert vps == sorted(vps, reverse=True)


def test_a_six_team_round_robin_of_five_rounds_of_four_boards(tmp_path):
    event = play(tmp_path, "--movement", "teams", "--teams", "6", "--boards-per-round", "4")
    assert len(event["matches"]) == 15 and {m["round"] for m in event["matches"]} == set(range(1, 6))
    assert Counter(frozenset((m["home"], m["away"])) for m in event["matches"]) == Counter(
        frozenset(p) for p in combinations(range(1, 7), 2))  # every team meets every other once
    check_every_imp_and_vp(tmp_path, event, 4)
    assert [line["name"] for line in event["ranking"]] == [f"Team {t['team']}" for t in event["ranking"]]


def test_an_eight_team_swiss_of_four_rounds_of_six_boards_never_pairs_teams_twice(tmp_path):
    event = play(tmp_path, "--movement", "swiss-teams", "--teams", "8", "--boards-per-round", "6")
    meetings = Counter(frozenset((m["home"], m["away"])) for m in event["matches"])
    assert len(event["matches"]) == 16 and set(meetings.values()) == {1}
    assert {m["round"] for m in event["matches"]} == {1, 2, 3, 4}
    check_every_imp_and_vp(tmp_path, event, 6)


def test_a_five_team_swiss_gives_the_bye_to_a_different_team_each_round(tmp_path):
    event = play(tmp_path, "--movement", "swiss-teams", "--teams", "5", "--boards-per-round", "2",
                 "--rounds", "3")
    byes = list(event["byes"].values())
    assert len(byes) == 3 and len(set(byes)) == 3
    assert set(Counter(frozenset((m["home"], m["away"])) for m in event["matches"]).values()) == {1}
    check_every_imp_and_vp(tmp_path, event, 2)


def test_a_six_team_evening_with_two_sets_relays_the_boards_between_the_matches(tmp_path):
    """3 matches a round on 2 sets of each board: the tables play their boards in the relay's
    order, board by board as the station assigned them, and each table's assignment (kept in its
    journal) says where each board goes next."""
    event = play(tmp_path, "--movement", "teams", "--teams", "6", "--sets", "2", "--boards-per-round", "3")
    assert len(event["matches"]) == 15
    check_every_imp_and_vp(tmp_path, event, 3)
    movement = team_event_movement(6, round_robin(6), 3, sets=2)
    with sqlite3.connect(tmp_path / "station.db") as db:
        rows = db.execute("SELECT round, tbl, board FROM results ORDER BY stored_at, rowid").fetchall()
    for r in range(1, 6):
        relayed = passes(movement, r)
        for table in range(1, 7):
            order = tuple(b for round_, tbl, b in rows if (round_, tbl) == (r, table))
            assert order == movement.at(r, table).boards  # played in the relay's order
            with sqlite3.connect(tmp_path / f"table-{table}.db") as db:
                (moves,) = db.execute("SELECT moves FROM assignments WHERE round = ?", (r,)).fetchone()
            kept = json.loads(moves)
            assert kept["passes"] == [{"board": b, "to": relayed[(table, b)]} for b in order
                                      if (table, b) in relayed]
        # played out slot by slot, no board was ever at more tables than its 2 copies
        for slot in range(3):
            assert max(Counter(movement.at(r, t).boards[slot] for t in range(1, 7)).values()) <= 2
