"""Law 78B IMPs, Law 78A matchpoints, Neuberg's formula, and the board cycle of Law 2."""

from __future__ import annotations

import pytest

from bridgetable.bridge import (
    Seat,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    imps,
    matchpoint_percent,
    matchpoints,
    neuberg,
)
from bridgetable.bridge.scoring import total_points

from ..corpus import REFERENCE

# Law 78B: (lowest difference, highest difference, IMPs), in points.
IMP_TABLE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11),
    (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16),
    (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21),
    (3000, 3490, 22), (3500, 3990, 23), (4000, 10**6, 24),
]


def test_imp_table_rows_are_contiguous() -> None:
    for (_, high, _), (low, _, _) in zip(IMP_TABLE, IMP_TABLE[1:], strict=False):
        assert low == high + 10
    assert [row[2] for row in IMP_TABLE] == list(range(25))


@pytest.mark.parametrize(("low", "high", "value"), IMP_TABLE)
def test_imp_table_row_both_boundaries_both_signs(low: int, high: int, value: int) -> None:
    for difference in range(low, min(high, 8000) + 1, 10):
        assert imps(difference) == value, difference
        assert imps(-difference) == -value, -difference


def test_imps_beyond_the_table_stay_at_24() -> None:
    assert imps(4000) == 24 and imps(7600 + 2220) == 24 and imps(-9820) == -24


def test_matchpoints_law_78a() -> None:
    assert matchpoints([450, 420, 420, 170, -50]) == [8, 5, 5, 2, 0]
    assert matchpoints([100]) == [0]
    assert matchpoints([-50, -50, -50]) == [2, 2, 2]  # all tied: average
    assert matchpoints([620, 170]) == [2, 0]
    # Every board's matchpoints sum to n(n-1): one pair of points for each pair of results.
    scores = [420, 420, 450, -100, 0, 140, 140, 140]
    assert sum(matchpoints(scores)) == len(scores) * (len(scores) - 1)


def test_matchpoint_percent() -> None:
    assert matchpoint_percent(5, 5) == pytest.approx(62.5)
    assert matchpoint_percent(8, 5) == 100 and matchpoint_percent(0, 5) == 0
    assert matchpoint_percent(0, 1) == 50  # played once: no comparison, average
    with pytest.raises(ValueError, match="at least once"):
        matchpoint_percent(0, 0)


def test_neuberg_hand_worked() -> None:
    # A board played 4 times where the others were played 6 times (top 10 on the 2-1-0 scale).
    # Scores +420 +420 +170 -50: each 420 beats two (4) and ties one (1): 5 of a top of 6.
    mp = matchpoints([420, 420, 170, -50])
    assert mp == [5, 5, 2, 0]
    # Neuberg: (MP + 1) * expected / played - 1: (5 + 1) * 6/4 - 1 = 8, (2 + 1) * 6/4 - 1 = 3.5,
    # the bottom (0 + 1) * 6/4 - 1 = 0.5, and a top of 6 would become 7 * 6/4 - 1 = 9.5.
    assert [neuberg(m, 4, 6) for m in mp] == [8, 8, 3.5, 0.5]
    assert neuberg(6, 4, 6) == 9.5
    # The four scaled scores keep the average: 4 times the average (5) of a board played 6 times.
    assert sum(neuberg(m, 4, 6) for m in mp) == 4 * 5
    # A board played as often as expected is unchanged.
    assert all(neuberg(m, 4, 4) == m for m in range(7))
    with pytest.raises(ValueError):
        neuberg(0, 0, 6)


def test_total_points_law_78c() -> None:
    assert total_points([420, -50, 0, 1430]) == 1800
    assert total_points([]) == 0


# ---- the corpus oracle: a complete 155-result frequency table ------------------------------------
ORACLE = REFERENCE / "correct_20.pbn"


def read_game_45_score_table() -> list[tuple[int, float, float, int, int]]:
    """Rows (rank, percent NS, percent EW, score NS, multiplicity) of game 45's ScoreTable."""
    lines = ORACLE.read_text(encoding="latin-1").splitlines()
    start = lines.index("% ==================== game 45 ====================")
    header = next(i for i in range(start, len(lines)) if lines[i].startswith("[ScoreTable"))
    rows = []
    for line in lines[header + 1:]:
        if line.startswith("["):
            break
        rank, pct_ns, pct_ew, score, count = line.split()
        rows.append((int(rank), float(pct_ns), float(pct_ew), int(score), int(count)))
    return rows


def test_corpus_155_result_frequency_table() -> None:
    rows = read_game_45_score_table()
    scores = [score for _, _, _, score, count in rows for _ in range(count)]
    assert len(rows) == 26 and len(scores) == 155
    mp = dict(zip(scores, matchpoints(scores), strict=True))
    n = len(scores)
    for rank, pct_ns, pct_ew, score, _ in rows:
        assert rank == 1 + sum(1 for other in scores if other > score)
        # SOURCES.md: (MP + 1/2) / N on the 1-per-score-beaten scale, i.e. (mp/2 + 1/2) / N here.
        assert round(100 * (mp[score] / 2 + 0.5) / n, 1) == pct_ns, score
        assert round(100 - 100 * (mp[score] / 2 + 0.5) / n, 1) == pct_ew, score


# ---- Law 2: the board cycle --------------------------------------------------------------------
# Boards 1-16 as printed on the boards: dealer and vulnerable side(s).
LAW_2 = [
    ("N", "None"), ("E", "NS"), ("S", "EW"), ("W", "All"),
    ("N", "NS"), ("E", "EW"), ("S", "All"), ("W", "None"),
    ("N", "EW"), ("E", "All"), ("S", "None"), ("W", "NS"),
    ("N", "All"), ("E", "None"), ("S", "NS"), ("W", "EW"),
]


@pytest.mark.parametrize("board", range(1, 65))
def test_board_cycle(board: int) -> None:
    dealer, vulnerable = LAW_2[(board - 1) % 16]
    assert board_dealer(board) is Seat.parse(dealer)
    assert board_vulnerability(board) is Vulnerability.parse(vulnerable)


def test_board_17_is_board_1_and_each_side_is_vulnerable_on_8_of_16() -> None:
    assert (board_dealer(17), board_vulnerability(17)) == (board_dealer(1), board_vulnerability(1))
    assert sum(board_vulnerability(b).is_vulnerable(Seat.N) for b in range(1, 17)) == 8
    assert sum(board_vulnerability(b).is_vulnerable(Seat.W) for b in range(1, 17)) == 8


@pytest.mark.parametrize("board", [0, -1])
def test_board_numbers_start_at_1(board: int) -> None:
    with pytest.raises(ValueError, match="start at 1"):
        board_dealer(board)
    with pytest.raises(ValueError, match="start at 1"):
        board_vulnerability(board)
