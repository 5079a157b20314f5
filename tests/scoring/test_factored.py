"""Factored totals: a pair that missed boards (a late arrival) is given its total scaled to the
full number of boards beside the raw one, as the club scorers' files give it. Worked by hand."""

from __future__ import annotations

import pytest

from bridgetable.scoring.imps import butler
from bridgetable.scoring.matchpoints import matchpoint_board
from bridgetable.scoring.ranking import rank_pairs
from bridgetable.scoring.results import BoardResult

# Three tables, NS pairs 1-3 against EW pairs 4-6, boards 1-3 each meant to be played three times;
# pairs 3 and 6 arrive late and miss board 3.
BOARDS = {1: [(1, 4, 420), (2, 5, 170), (3, 6, -50)],
          2: [(1, 4, 100), (2, 5, 100), (3, 6, 140)],
          3: [(1, 4, 620), (2, 5, 600)]}


def _results(board: int) -> list[BoardResult]:
    return [BoardResult(board, ns, ew, score) for ns, ew, score in BOARDS[board]]


def test_matchpoints_factored_by_the_tops() -> None:
    """Top 4 a board. Board 1: NS 4, 2, 0 (EW 0, 2, 4). Board 2: NS 1, 1, 4 (EW 3, 3, 0). Board 3,
    two results of three: 2 and 0 for one comparison, by Neuberg (mp + 1) x 3/2 - 1: 3.5 and 0.5.
    Pair 1: 8.5 of 12; pair 2: 3.5 of 12; pair 3: 4 of 8 (50%), factored 4 x 12/8 = 6; pair 6 the
    same; pairs who played every board have no factored total."""
    scored = [s for board in BOARDS for s in matchpoint_board(_results(board), expected=3)]
    ranking = rank_pairs(scored, by_direction=True)
    ns = {e.pair: (e.total, e.top, e.boards, e.factored) for e in ranking["A NS"]}
    assert ns == {1: (8.5, 12.0, 3, None), 2: (3.5, 12.0, 3, None), 3: (4.0, 8.0, 2, 6.0)}
    ew = {e.pair: (e.total, e.factored) for e in ranking["A EW"]}
    assert ew == {4: (3.5, None), 5: (8.5, None), 6: (4.0, 6.0)}
    late = next(e for e in ranking["A NS"] if e.pair == 3)
    assert late.factored == pytest.approx(late.percent * 12 / 100)  # the same percentage of the full top
    assert [e.pair for e in ranking["A NS"]] == [1, 3, 2]  # ranked by percentage, as before


def test_imps_factored_by_the_boards() -> None:
    """Butler over three results (no trim below 5): the datum is their mean to the nearest 10.
    Board 1: datum 180, NS +240 (6 IMPs), -10 (0), -230 (-6). Board 2: datum 110, NS -10 (0),
    -10 (0), +30 (1). Board 3: datum 610, NS +10 (0), -10 (0). Pair 3: -6 + 1 = -5 over 2 boards,
    factored -5 x 3/2 = -7.5."""
    scored = [s for board in BOARDS for s in butler(_results(board))]
    ranking = rank_pairs(scored, by_direction=True)
    ns = {e.pair: (e.total, e.boards, e.factored) for e in ranking["A NS"]}
    assert ns == {1: (6.0, 3, None), 2: (0.0, 3, None), 3: (-5.0, 2, -7.5)}
