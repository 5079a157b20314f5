"""The director's checks of a movement, and the Howell figures the docs report."""

from pathlib import Path

import pytest

from bridgetable.movements import howell, mitchell
from bridgetable.movements.howell import _build, howell_figures, orientation, shares_boards
from bridgetable.movements.properties import profile

DOCS = Path(__file__).parents[2] / "docs" / "movements.md"


@pytest.mark.parametrize("tables", range(2, 9))
def test_complete_howells_meet_everyone_play_everything_and_share_boards_evenly(tables):
    h = howell(2 * tables, tables if shares_boards(tables) else 1)
    p = profile(h)
    assert p.met_all and p.against == (tables if shares_boards(tables) else 1,) * 2
    assert p.boards_missed == (0, 0) and p.times_played == (tables, tables)
    # the stationary pair sits North-South all session, the others about half of it
    assert p.north_south[1] == len(h.boards)
    assert p.comparisons[0] <= p.mean_comparisons <= p.comparisons[1]


@pytest.mark.parametrize("tables", [2, 4, 6, 8])
def test_even_table_howells_are_perfectly_balanced(tables):
    p = profile(howell(2 * tables, tables if shares_boards(tables) else 1))
    assert p.comparisons[0] == p.comparisons[1] and p.balance == pytest.approx(100)


def test_choosing_each_tables_direction_is_what_balances_the_howell():
    turned = orientation(4)
    assert turned[0] is False and any(turned)
    plain = profile(_build(8, 1, 7, (False,) * 4))
    assert plain.comparisons == (1, 5) and plain.balance == pytest.approx(52.9, abs=0.05)
    assert profile(howell(8, 1)).balance > plain.balance


def test_an_odd_number_of_pairs_misses_only_the_boards_of_its_sit_out():
    p = profile(howell(7, 2))
    assert p.met_all and p.boards_missed == (2, 2) and p.times_played == (3, 3)


def test_skip_mitchell_misses_one_opponent_and_one_set_the_relay_none():
    skip, relay = profile(mitchell(6, 2)), profile(mitchell(6, 2, arrangement="relay"))
    assert not skip.met_all and skip.boards_missed == (2, 2) and skip.times_played == (5, 5)
    assert relay.met_all and relay.boards_missed == (0, 0) and relay.times_played == (6, 6)
    assert relay.balance == skip.balance == pytest.approx(100)


def test_docs_report_the_figures_the_code_gives():
    assert "\n".join(howell_figures()) in DOCS.read_text(encoding="utf-8")
