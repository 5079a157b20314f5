"""Matchpoints (Law 78A) on worked examples, Neuberg, adjusted scores, and BBO travellers."""

import csv

import pytest

from bridgetable.scoring import Adjusted, BoardResult, matchpoint_board

from ..corpus import OURS


def board(scores, number=1):
    return [BoardResult(number, ns=i + 1, ew=100 + i, score=s, table=i + 1)
            for i, s in enumerate(scores)]


def test_seed_003_example_420_earns_5_of_8():
    # Seed 003 (German), "Beispiel Matchpunkte": "Fünf Nord-Süd-Paare spielten dasselbe Board und
    # schrieben +450, +420, +420, +170 und −50. Euer Paar hat +420 ... Das macht 5 von 8 möglichen
    # Matchpunkten (Regel 78A)."
    scored = matchpoint_board(board([450, 420, 420, 170, -50]))
    assert [s.ns for s in scored] == [8, 5, 5, 2, 0]
    assert [s.ew for s in scored] == [0, 3, 3, 6, 8]
    assert {s.top for s in scored} == {8}
    assert scored[1].ns_percent == pytest.approx(62.5)


def test_neuberg_scales_a_board_played_fewer_times():
    # played 3 times where 5 were expected: (mp + 1) * 5 / 3 - 1 on the top of 8
    scored = matchpoint_board(board([100, 50, -50]), expected=5)
    assert [s.ns for s in scored] == pytest.approx([(4 + 1) * 5 / 3 - 1, (2 + 1) * 5 / 3 - 1, 2 / 3])
    assert all(s.ns + s.ew == pytest.approx(8) for s in scored)


def test_adjusted_scores_take_their_percentage_and_the_rest_are_neubergd():
    results = board([620, 170, 140, 620]) + [BoardResult(1, 9, 109, Adjusted.parse("A+/A-"))]
    scored = matchpoint_board(results)
    adjusted = scored[-1]
    assert (adjusted.ns, adjusted.ew, adjusted.top) == (pytest.approx(4.8), pytest.approx(3.2), 8)
    # the four real scores compared among themselves (620, 620 share 5 of 6), scaled to 5 results
    assert scored[0].ns == pytest.approx((5 + 1) * 5 / 4 - 1)


def test_split_score_need_not_balance():
    scored = matchpoint_board(board([100, 200]) + [BoardResult(1, 9, 109, Adjusted.parse("60/50"))])
    assert scored[-1].ns_percent == 60 and scored[-1].ew_percent == 50


def test_mixing_boards_or_too_many_results_is_refused():
    with pytest.raises(ValueError, match="several boards"):
        matchpoint_board(board([1]) + board([2], number=2))
    with pytest.raises(ValueError, match="more than the 2 expected"):
        matchpoint_board(board([1, 2, 3]), expected=2)


def _traveller(name: str) -> list[tuple[int, float]]:
    """A BBO traveller's NS points and MP percentages, table by table (tests/data/SOURCES.md)."""
    with (OURS / "wronie-travellers.csv").open(encoding="utf-8", newline="") as rows:
        return [(int(row["ns_points"]), float(row["ns_percent"])) for row in csv.DictReader(rows)
                if row["traveller"] == f"9533-1377369061-{name}"]


@pytest.mark.parametrize("name", ["27811307", "27811309", "27811312", "27811324"])
def test_bbo_traveller_percentages_are_reproduced(name):
    rows = _traveller(name)
    assert len(rows) >= 39
    scored = matchpoint_board(board([points for points, _ in rows]))
    for (points, percent), s in zip(rows, scored, strict=True):
        assert s.ns_percent == pytest.approx(percent, abs=0.005), points
