"""Rankings by section and direction, with tied positions."""

import pytest

from bridgetable.scoring import Adjusted, BoardResult, matchpoint_board, rank_pairs


def test_mitchell_style_ranking_by_direction_with_ties():
    boards = [
        [BoardResult(1, 1, 11, 420), BoardResult(1, 2, 12, 170), BoardResult(1, 3, 13, 170)],
        [BoardResult(2, 1, 12, 100), BoardResult(2, 2, 13, 100), BoardResult(2, 3, 11, 600)],
    ]
    scored = [s for b in boards for s in matchpoint_board(b)]
    ranking = rank_pairs(scored, by_direction=True)
    assert set(ranking) == {"A NS", "A EW"}
    ns = {e.pair: e for e in ranking["A NS"]}
    assert ns[1].total == 4 + 1 and ns[1].top == 8 and ns[1].percent == pytest.approx(62.5)
    assert [(e.rank, e.pair) for e in ranking["A NS"]] == [("1=", 1), ("1=", 3), ("3", 2)]
    assert all(e.direction == "EW" for e in ranking["A EW"])


def test_pair_that_sat_both_ways_ranks_in_its_section_and_sections_stay_apart():
    scored = matchpoint_board([BoardResult(1, 1, 2, 100, section="A"), BoardResult(1, 3, 4, 50, section="A")])
    scored += matchpoint_board([BoardResult(2, 2, 1, Adjusted(60, 40), section="A"),
                               BoardResult(2, 4, 3, 0, section="A")])
    scored += matchpoint_board([BoardResult(1, 1, 2, 0, section="B")])
    ranking = rank_pairs(scored)
    assert set(ranking) == {"A", "B"}
    # pair 4: 2 of 2 as EW on board 1, then 1 of 2 as NS on board 2 (alone beside an adjusted score)
    first, second = ranking["A"][:2]
    assert (first.pair, first.total, first.top, first.direction) == (4, 3, 4, "")
    assert (second.pair, second.total) == (1, pytest.approx(2.8))  # 2 + 40% of the top of 2
