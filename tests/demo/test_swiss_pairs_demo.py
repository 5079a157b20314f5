"""`bridgetable demo --movement swiss-pairs`: whole Swiss pairs evenings played by the robot
tables through the broker and the station, every VP recomputed here from the tables' scores, each
round paired down the ranking of the rounds before it, never a rematch, the bye."""

import json
import sqlite3
import subprocess
import sys
from collections import Counter

from ..scoring.by_hand import scale_vp
from ..scoring.swiss_by_hand import BYE_VP, check_every_vp, expected_margins


def play(tmp_path, *options: str) -> tuple[dict, list[tuple[int, int, int, int, int]]]:
    command = [sys.executable, "-m", "bridgetable.cli", "demo", "--headless", "--json", "--dir",
               str(tmp_path), "--movement", "swiss-pairs", *options]
    run = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "ERROR" not in run.stderr
    with sqlite3.connect(tmp_path / "station.db") as db:
        rows = list(db.execute("SELECT round, ns, board, ns_score, tbl FROM results"))
    return json.loads(run.stdout)["event"], rows


def check_pairing(event: dict, rows: list[tuple[int, int, int, int, int]], rounds: int, scoring: str) -> None:
    """No two pairs meet twice; each round's table 1 seats the leader of the rounds before it (its
    VPs recomputed here), the bye's pair aside."""
    meetings = Counter(frozenset((m["home"], m["away"])) for m in event["matches"])
    assert set(meetings.values()) == {1}
    margins = expected_margins([r[:4] for r in rows], scoring)
    boards = len({r[2] for r in rows if r[0] == 1})
    byes = {int(r): pair for r, pair in event["byes"].items()}
    for round_ in range(2, rounds + 1):
        totals: Counter[int] = Counter()
        for match in event["matches"]:
            if match["round"] < round_:
                margin = margins[(match["round"], match["home"])]
                won = scale_vp(margin, boards)
                totals[match["home"]] += won if margin >= 0 else round(20 - won, 2)
                totals[match["away"]] += round(20 - won, 2) if margin >= 0 else won
        for r, pair in byes.items():
            if r < round_:
                totals[pair] += BYE_VP
        leader = next(r[1] for r in rows if r[0] == round_ and r[4] == 1)
        others = [vp for pair, vp in totals.items() if pair != byes.get(round_)]
        assert round(totals[leader], 2) == round(max(others), 2)


def test_ten_pairs_four_rounds_of_four_boards_in_matchpoints(tmp_path):
    event, rows = play(tmp_path, "--pairs", "10", "--rounds", "4", "--boards-per-round", "4")
    assert len(event["matches"]) == 20 and {m["round"] for m in event["matches"]} == {1, 2, 3, 4}
    assert event["byes"] == {}
    for round_ in range(1, 5):  # every table of a round plays the round's boards
        assert Counter(r[2] for r in rows if r[0] == round_) == {4 * round_ - b: 5 for b in range(4)}
    check_every_vp(event, [r[:4] for r in rows], 4, "MP")
    check_pairing(event, rows, 4, "MP")
    assert [line["name"] for line in event["ranking"]][:2] != ["", ""]


def test_nine_pairs_in_imps_a_different_pair_has_the_bye_each_round(tmp_path):
    event, rows = play(tmp_path, "--pairs", "9", "--rounds", "3", "--boards-per-round", "2",
                       "--scoring", "IMP")
    byes = list(event["byes"].values())
    assert len(byes) == 3 and len(set(byes)) == 3 and byes[0] == 9  # round 1: the last pair
    assert {line["team"] for line in event["ranking"]} == set(range(1, 10))
    check_every_vp(event, [r[:4] for r in rows], 2, "IMP")
    check_pairing(event, rows, 3, "IMP")
