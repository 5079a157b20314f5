"""Mitchell, Howell and the two-table team match: playable, complete and balanced."""

from collections import Counter
from itertools import combinations

import pytest

from bridgetable.movements import MovementError, TableRound, howell, mitchell, team_match
from bridgetable.movements.base import Movement


def meetings(movement):
    return Counter(frozenset((a.ns, a.ew)) for a in movement.assignments)


@pytest.mark.parametrize("tables", [3, 5, 7, 9])
def test_odd_mitchell_every_ew_meets_every_ns_and_plays_every_board(tables):
    m = mitchell(tables, 2)
    assert m.rounds == tables and m.two_winners
    ns, ew = range(1, tables + 1), range(tables + 1, 2 * tables + 1)
    assert meetings(m) == Counter({frozenset((n, e)): 1 for n in ns for e in ew})
    assert set(m.times_played().values()) == {tables}
    for pair in ew:
        played = [b for a in m.assignments if a.ew == pair for b in a.boards]
        assert sorted(played) == list(range(1, 2 * tables + 1))


@pytest.mark.parametrize("tables", [4, 6, 8, 10])
def test_even_mitchell_skips_after_half_the_rounds(tables):
    m = mitchell(tables, 3)
    assert m.rounds == tables - 1
    for pair in range(tables + 1, 2 * tables + 1):
        met = {a.ns for a in m.assignments if a.ew == pair}
        assert len(met) == tables - 1  # every North-South pair but one
    # the skip: between round n/2 and n/2 + 1 the East-West pairs move up two tables
    half = tables // 2
    before = m.seat_of(tables + 1, half).table
    assert m.seat_of(tables + 1, half + 1).table == (before + 1) % tables + 1
    assert set(m.times_played().values()) == {tables - 1}


def test_mitchell_tells_each_pair_where_to_go():
    m = mitchell(4, 3, rounds=3)
    assert m.next_for(5, 1) == "pair 5: table 2, East-West, boards 7-9"
    assert m.next_for(1, 1) == "pair 1: table 1, North-South, boards 4-6"
    assert m.next_for(5, 3) == "pair 5: the session is over"


@pytest.mark.parametrize(("pairs", "per_round"), [(4, 2), (6, 3), (8, 2), (10, 5), (12, 2), (14, 2), (16, 3)])
def test_complete_howell_every_pair_meets_every_other_once(pairs, per_round):
    tables = pairs // 2
    h = howell(pairs, per_round)  # 2, 3 and 5 tables share each round's boards in stanzas
    assert meetings(h) == Counter({frozenset(c): (tables if tables in (2, 3, 5) else 1)
                                   for c in combinations(range(1, pairs + 1), 2)})
    for pair in range(1, pairs + 1):
        played = sorted(b for a in h.assignments if pair in (a.ns, a.ew) for b in a.boards)
        assert played == h.boards  # every board, once
    # the stationary pair keeps its seat at table 1 (and its direction) all session
    assert {(a.table, a.ns == pairs) for a in h.assignments if pairs in (a.ns, a.ew)} in ({(1, True)},
                                                                                        {(1, False)})


def test_howell_with_an_odd_number_of_pairs_has_a_sit_out():
    h = howell(7, 2)
    for r in range(1, h.rounds + 1):
        seated = {p for a in h.round(r) for p in (a.ns, a.ew)}
        assert len(seated) == 6
    assert "sit out" in h.next_for(2, 1)


def test_shared_howell_needs_boards_per_round_in_parts():
    with pytest.raises(MovementError, match="multiple of 3"):
        howell(6, 4)


def test_team_match_both_tables_play_every_board_with_teams_swapped():
    m = team_match(8, 2)
    assert m.rounds == 4
    for board in range(1, 9):
        rows = [a for a in m.assignments if board in a.boards]
        assert {(a.table, a.ns, a.ew) for a in rows} == {(1, 1, 3), (2, 4, 2)}
    with pytest.raises(MovementError, match="do not split"):
        team_match(6, 2)


@pytest.mark.parametrize(("rows", "reason"), [
    ([TableRound(1, 1, 1, 2, (1,)), TableRound(1, 2, 1, 3, (2,))], "pair 1 is at two tables"),
    ([TableRound(1, 1, 1, 2, (1,)), TableRound(1, 2, 3, 4, (1,))], "board 1 is at two tables"),
    ([TableRound(1, 1, 1, 2, (1,)), TableRound(2, 1, 1, 3, (1,))], "pair 1 would play board 1 twice"),
])
def test_unplayable_movements_are_refused(rows, reason):
    with pytest.raises(MovementError, match=reason):
        Movement("custom", 2, 2, 1, tuple(rows))


def test_impossible_requests_are_refused():
    with pytest.raises(MovementError, match="3 tables or more"):
        mitchell(2, 2)
    with pytest.raises(MovementError, match="1 to 3 rounds"):
        mitchell(4, 2, rounds=4)
    with pytest.raises(MovementError, match="4 pairs or more"):
        howell(3, 2)
