"""The WBF continuous VP scale (``wbf_vp``) against the tables the WBF printed, and its shape:
each extra IMP is worth no more than the one before it, for every match length a club plays."""

from itertools import pairwise
from pathlib import Path

import pytest

from bridgetable.scoring import wbf_vp
from bridgetable.scoring.teams import wbf_vp_table

VP = Path(__file__).resolve().parent.parent / "data" / "vp"


def danish_table() -> dict[int, list[float]]:
    """The Danish Bridge Federation's conversion table, 1 to 10 boards (``SOURCES.md``): the
    winner's VPs by IMP margin from 0, decimal commas."""
    rows = {}
    for line in (VP / "dbf-omregningstabel-1-10.csv").read_text("utf-8").splitlines()[2:]:
        boards, _, *figures = line.split(";")
        rows[int(boards)] = [float(f.replace(",", ".")) for f in figures]
    return rows


def twelve_boards() -> list[float]:
    lines = (VP / "wbf-12-boards.csv").read_text("utf-8").splitlines()[1:]
    assert [int(line.split(",")[0]) for line in lines] == list(range(len(lines)))
    return [float(line.split(",")[1]) for line in lines]


@pytest.mark.parametrize("boards", range(1, 11))
def test_the_printed_table_for_1_to_10_boards_among_them_8(boards):
    printed = danish_table()[boards]
    assert printed[-1] == 20.0 and printed[-2] < 20.0
    for margin, winner in enumerate(printed):
        assert wbf_vp(margin, boards) == (winner, round(20 - winner, 2)), (boards, margin)
        assert wbf_vp(-margin, boards) == (round(20 - winner, 2), winner), (boards, margin)
    assert wbf_vp(len(printed) + 7, boards) == (20.0, 0.0)


def test_the_printed_table_for_12_boards():
    printed = twelve_boards()
    assert len(printed) == 53  # the blitz at 52 IMPs
    assert [wbf_vp(margin, 12)[0] for margin in range(len(printed))] == printed


@pytest.mark.parametrize(("boards", "margin", "formula", "printed"), [
    (8, 40, 19.73, 19.74), (12, 42, 19.01, 19.02), (12, 44, 19.23, 19.24), (12, 49, 19.73, 19.74),
])
def test_where_the_rounded_formula_alone_is_not_the_printed_figure(boards, margin, formula, printed):
    """The WBF's adjustment at work: the formula rounded to 2 decimals makes these margins' next
    IMP worth more than theirs; the printed tables raise them by 0.01."""
    assert wbf_vp(margin, boards)[0] == printed
    assert round(printed - 0.01, 2) == formula


@pytest.mark.parametrize("boards", range(1, 65))
def test_every_extra_imp_is_worth_no_more_than_the_one_before(boards):
    table = wbf_vp_table(boards)
    assert table[0] == 1000 and table[-1] == 2000 and 2000 not in table[:-1]
    steps = [b - a for a, b in pairwise(table)]
    assert all(step > 0 for step in steps), boards
    assert steps == sorted(steps, reverse=True), boards
    for margin in range(len(table) + 3):
        home, away = wbf_vp(margin, boards)
        assert round(home + away, 2) == 20.0


def test_a_margin_with_a_fraction_lies_between_the_whole_imps():
    assert wbf_vp(1.5, 16) == (10.46, 9.54)     # halfway between 10.31 and 10.61
    assert wbf_vp(-0.25, 16) == (9.92, 10.08)  # 10.0775 on the line, to the nearest hundredth
    figures = [wbf_vp(tenths / 10, 8)[0] for tenths in range(0, 450)]
    assert figures == sorted(figures)


def test_a_match_has_at_least_one_board():
    with pytest.raises(ValueError, match="at least one board, not 0"):
        wbf_vp(3, 0)
