"""The relay and bye-stand Mitchell for an even number of tables."""

from collections import Counter

import pytest

from bridgetable.movements import MovementError, TableRound, mitchell
from bridgetable.movements.base import Movement


@pytest.mark.parametrize(("tables", "per_round"), [(4, 2), (6, 3), (8, 2), (10, 4)])
def test_relay_every_ew_meets_every_ns_and_plays_every_set_once(tables, per_round):
    m = mitchell(tables, per_round, arrangement="relay")
    assert m.rounds == tables and m.relays == ((1, tables),) and m.two_winners
    ns, ew = range(1, tables + 1), range(tables + 1, 2 * tables + 1)
    assert Counter(frozenset((a.ns, a.ew)) for a in m.assignments) == \
        Counter({frozenset((n, e)): 1 for n in ns for e in ew})
    every_board = list(range(1, tables * per_round + 1))
    for pair in [*ns, *ew]:
        assert sorted(b for a in m.assignments if pair in (a.ns, a.ew) for b in a.boards) == every_board
    assert set(m.times_played().values()) == {tables}
    for r in range(1, tables + 1):  # every table plays every round, the NS pairs stay
        assert [(a.table, a.ns) for a in m.round(r)] == [(t, t) for t in ns]


def test_relay_tables_share_a_set_in_different_orders_and_one_set_rests_on_the_bye_stand():
    m = mitchell(6, 3, arrangement="relay")
    first, last = m.at(1, 1), m.at(1, 6)
    assert first.boards == (1, 2, 3) and last.boards == (2, 3, 1)
    playing = {b for a in m.round(1) for b in a.boards}
    assert set(range(1, 19)) - playing == {10, 11, 12}  # set 4 on the bye stand between tables 3 and 4
    assert m.at(2, 3).boards == (10, 11, 12)  # from the bye stand down to table 3
    assert m.at(2, 5).boards == (1, 2, 3)  # the relay set goes down to table 5
    assert m.at(2, 1).boards == (4, 5, 6)  # table 2's set goes to the relay
    # East-West move up one every round, never skipping
    assert [m.seat_of(7, r).table for r in range(1, 7)] == [1, 2, 3, 4, 5, 6]


def test_arrangement_is_a_parameter_and_skip_is_the_default():
    assert mitchell(6, 2).rounds == 5 and mitchell(6, 2).relays == ()
    assert mitchell(6, 2, arrangement="skip") == mitchell(6, 2)
    assert mitchell(5, 2, arrangement="relay") == mitchell(5, 2)  # an odd Mitchell needs neither
    assert mitchell(6, 2, rounds=4, arrangement="relay").rounds == 4
    with pytest.raises(MovementError, match="one of skip, relay"):
        mitchell(6, 2, arrangement="bye")
    with pytest.raises(MovementError, match="2 boards a round"):
        mitchell(6, 1, arrangement="relay")
    with pytest.raises(MovementError, match="1 to 6 rounds"):
        mitchell(6, 2, rounds=7, arrangement="relay")


@pytest.mark.parametrize(("rows", "relays", "reason"), [
    # sharing a board is refused between tables that are not relay partners...
    ([TableRound(1, 1, 1, 2, (1, 2)), TableRound(1, 2, 3, 4, (2, 1))], (), "board 2 is at two tables"),
    # ...in the same order (both want the board at once)...
    ([TableRound(1, 1, 1, 2, (1, 2)), TableRound(1, 2, 3, 4, (1, 2))], ((1, 2),), "at the same time"),
    # ...and by a third table
    ([TableRound(1, 1, 1, 2, (1, 2)), TableRound(1, 2, 3, 4, (2, 1)), TableRound(1, 3, 5, 6, (1, 3))],
     ((1, 2),), "board 1 is at two tables"),
])
def test_relay_sharing_is_checked(rows, relays, reason):
    with pytest.raises(MovementError, match=reason):
        Movement("custom", 3, 1, 2, tuple(rows), relays=relays)
    if relays:
        Movement("custom", 2, 1, 2, tuple(rows[:1]) + (TableRound(1, 2, 3, 4, (2, 1)),), relays=relays)


def test_a_station_session_selects_the_relay_by_its_movement_settings():
    from bridgetable.director.session import SessionSetup

    setup = SessionSetup("s1", "Club night", {"kind": "mitchell", "tables": 6, "boards_per_round": 2,
                                              "arrangement": "relay"})
    assert setup.build_movement() == mitchell(6, 2, arrangement="relay")
