"""Law 78C: total points, a side's scores summed over the boards (seed 003: "Totalpunkte: Die
Punkte aller Boards werden addiert"), ranked like the other scorings."""

from __future__ import annotations

import pytest

from bridgetable.bridge import Contract, duplicate_score
from bridgetable.scoring import Adjusted, BoardResult, rank_pairs, total_board


def test_law_78c_each_side_scores_its_own_points_and_the_ranking_sums_them() -> None:
    # Seed 003's worked examples as two boards at two tables: 4H+1 (+450), 3NT= vul (+600)...
    four_hearts = duplicate_score(Contract.parse("4H"), 11, False)
    three_nt = duplicate_score(Contract.parse("3NT"), 9, True)
    two_spades = duplicate_score(Contract.parse("2S"), 9, False)
    down_two = -duplicate_score(Contract.parse("4SX"), 8, True)  # the defenders' +500, for EW
    assert (four_hearts, three_nt, two_spades, down_two) == (450, 600, 140, 500)
    board1 = total_board([BoardResult(1, 1, 2, four_hearts, table=1),
                          BoardResult(1, 3, 4, two_spades, table=2)])
    board2 = total_board([BoardResult(2, 1, 2, three_nt, table=1), BoardResult(2, 3, 4, down_two, table=2)])
    assert [(s.ns, s.ew) for s in board1] == [(450, -450), (140, -140)]
    ranking = rank_pairs([*board1, *board2], by_direction=False)
    totals = {e.pair: e.total for entries in ranking.values() for e in entries}
    assert totals == {1: 1050, 2: -1050, 3: 640, 4: -640}
    assert [e.pair for e in next(iter(ranking.values()))][:2] == [1, 3]


def test_an_artificial_adjusted_score_is_the_board_mean_moved_ten_points_a_percent() -> None:
    scored = total_board([BoardResult(1, 1, 2, 420, table=1), BoardResult(1, 3, 4, -100, table=2),
                          BoardResult(1, 5, 6, Adjusted.parse("A+/A-"), table=3)])
    assert (scored[2].ns, scored[2].ew) == pytest.approx((160 + 100, -160 - 100))
