"""A club's team event: the round robin (circle method), the Swiss pairing and the tables'
assignments of each match's two tables."""

from collections import Counter
from itertools import combinations

import pytest

from bridgetable.movements import (
    MovementError,
    TeamRound,
    round_robin,
    swiss_round,
    team_event_movement,
    team_of,
)
from bridgetable.movements.passing import passes


def meetings(rounds: list[TeamRound]) -> Counter[frozenset[int]]:
    return Counter(frozenset(match) for r in rounds for match in r.matches)


@pytest.mark.parametrize("teams", range(3, 21))
def test_round_robin_every_team_meets_every_other_once(teams):
    rounds = round_robin(teams)
    assert len(rounds) == (teams - 1 if teams % 2 == 0 else teams)
    assert meetings(rounds) == Counter(frozenset(p) for p in combinations(range(1, teams + 1), 2))
    for r in rounds:
        playing = [t for match in r.matches for t in match] + ([r.bye] if r.bye else [])
        assert sorted(playing) == list(range(1, teams + 1))  # each team once a round
    byes = [r.bye for r in rounds]
    if teams % 2:
        assert sorted(byes) == list(range(1, teams + 1))  # each team sits out once
    else:
        assert set(byes) == {None}


def test_six_team_round_robin_of_five_rounds_of_four_boards_at_the_tables():
    rounds = round_robin(6)
    movement = team_event_movement(6, rounds, 4)
    assert (movement.rounds, movement.tables, movement.boards_per_round) == (5, 6, 4)
    assert movement.relays == ((1, 2), (3, 4), (5, 6)) and movement.copies == 3
    for r, round_ in enumerate(rounds, start=1):
        for m, (home, away) in enumerate(round_.matches):
            first, second = movement.at(r, 2 * m + 1), movement.at(r, 2 * m + 2)
            assert first is not None and second is not None
            # the home team's pair 1 North-South against the away team's pair 2, and the other way
            assert (first.ns, first.ew, second.ns, second.ew) == (2 * home - 1, 2 * away, 2 * away - 1,
                                                                  2 * home)
            assert {team_of(first.ns), team_of(second.ew)} == {home}
            # the same boards, the second table starting halfway (across the relay stand)
            assert sorted(first.boards) == sorted(second.boards) == list(range(4 * r - 3, 4 * r + 1))
            assert second.boards == first.boards[2:] + first.boards[:2]
    # each board is played by both tables of every match of its round: six times
    assert set(movement.times_played().values()) == {6} and movement.boards == list(range(1, 21))
    # a team's two pairs play every board, once each
    for team in range(1, 7):
        for pair in (2 * team - 1, 2 * team):
            assert sorted(b for a in movement.assignments if pair in (a.ns, a.ew)
                          for b in a.boards) == list(range(1, 21))


def test_enough_sets_for_every_table_need_no_relay_and_too_few_are_refused():
    rounds = round_robin(4)
    movement = team_event_movement(4, rounds, 1, sets=4)
    assert movement.relays == () and movement.at(1, 1).boards == movement.at(1, 2).boards == (1,)
    with pytest.raises(MovementError, match="2 matches a round need 4 sets of boards, not 2"):
        team_event_movement(4, rounds, 1, sets=2)
    with pytest.raises(MovementError, match="need 2 sets of boards, not 1"):
        team_event_movement(4, rounds, 3, sets=1)


@pytest.mark.parametrize("teams", [2, 21])
def test_a_team_event_of_too_few_or_too_many_teams_is_refused(teams):
    with pytest.raises(MovementError, match=f"3 to 20 teams, not {teams}"):
        round_robin(teams)


def test_swiss_pairs_down_the_ranking():
    assert swiss_round([1, 2, 3, 4, 5, 6, 7, 8], set(), set()) == TeamRound(((1, 2), (3, 4), (5, 6), (7, 8)))
    met = {frozenset((3, 1)), frozenset((2, 4))}
    # 3 has met 1: 3 plays the next one down it has not met
    assert swiss_round([3, 1, 2, 4], met, set()).matches == ((3, 2), (1, 4))


def test_swiss_backtracks_where_the_greedy_pairing_dead_ends():
    # greedy: 1-2, then 3 and 4 have met: 1 must take 3 so that 2 plays 4
    met = {frozenset((3, 4))}
    assert swiss_round([1, 2, 3, 4], met, set()).matches == ((1, 3), (2, 4))
    # nothing works: every pair has met
    with pytest.raises(MovementError, match="no Swiss pairing of the 4 teams avoids a rematch"):
        swiss_round([1, 2, 3, 4], {frozenset(p) for p in combinations(range(1, 5), 2)}, set())


def test_swiss_bye_to_the_lowest_team_without_one():
    assert swiss_round([1, 2, 3, 4, 5], set(), set()).bye == 5
    assert swiss_round([1, 2, 3, 4, 5], set(), {5, 4}).bye == 3
    # the lowest without a bye would leave 1 and 2, who have met: the bye goes up one more
    r = swiss_round([1, 2, 3], {frozenset((1, 2))}, set())
    assert r.bye == 2 and r.matches == ((1, 3),)


def test_the_team_of_a_pair():
    assert [team_of(p) for p in range(1, 7)] == [1, 1, 2, 2, 3, 3]


def simulate(movement, round_: int, sets: int) -> None:
    """Play a round board slot by board slot, every table one board a slot in its assignment's
    order, each copy of a board carried by ``passes`` from the table that played it to the next:
    no board is wanted at more tables than it has copies, and no copy is at two tables at once
    or passed to a table that already played the board."""
    tables = movement.round(round_)
    moves = passes(movement, round_)
    slots = max(len(a.boards) for a in tables)
    held: dict[tuple[int, int], int] = {}  # (table, board) -> the copy it plays
    fresh: Counter[int] = Counter()
    for slot in range(slots):
        at_once = Counter(a.boards[slot] for a in tables)
        assert max(at_once.values()) <= sets, (round_, slot, at_once)
        for a in tables:
            board = a.boards[slot]
            giver = next((t for (t, b), to in moves.items() if b == board and to == a.table), None)
            if giver is None:  # a copy not played before in the round
                fresh[board] += 1
                held[(a.table, board)] = fresh[board]
            else:
                giving = next(x for x in tables if x.table == giver)
                assert giving.boards.index(board) < slot  # played before, so free
                held[(a.table, board)] = held[(giver, board)]
        in_use = Counter((a.boards[slot], held[(a.table, a.boards[slot])]) for a in tables)
        assert max(in_use.values()) == 1  # a copy at one table at a time
    assert max(fresh.values()) <= sets


@pytest.mark.parametrize(("teams", "boards", "sets"), [
    (6, 4, 2), (6, 3, 2), (6, 6, 1), (7, 6, 1), (8, 4, 2), (8, 6, 3), (8, 3, 3), (10, 4, 3),
    (12, 4, 3), (12, 6, 2), (16, 8, 2), (20, 4, 5), (20, 10, 2), (20, 7, 3),
])
def test_fewer_sets_than_matches_relay_the_boards_between_matches(teams, boards, sets):
    schedule = round_robin(teams)
    movement = team_event_movement(teams, schedule, boards, sets=sets)
    assert movement.copies == sets and movement.relays == (tuple(range(1, movement.tables + 1)),)
    for r, round_ in enumerate(schedule, start=1):
        round_boards = list(range(boards * (r - 1) + 1, boards * r + 1))
        for m in range(len(round_.matches)):
            first, second = movement.at(r, 2 * m + 1), movement.at(r, 2 * m + 2)
            # every table plays every board of its round once; the two tables of a match the same
            assert sorted(first.boards) == sorted(second.boards) == round_boards
            assert first.boards[0] != second.boards[0]  # they start on different groups
        simulate(movement, r, sets)


def test_the_relay_passes_each_group_to_the_table_before():
    movement = team_event_movement(6, round_robin(6), 4, sets=2)
    assert [a.boards for a in movement.round(1)] == [
        (1, 2, 3, 4), (2, 3, 4, 1), (3, 4, 1, 2), (4, 1, 2, 3), (1, 2, 3, 4), (2, 3, 4, 1)]
    moves = passes(movement, 1)
    assert [moves.get((2, b)) for b in (2, 3, 4, 1)] == [1, 1, 1, None]  # table 2 to table 1
    assert moves[(1, 1)] == 6  # round the tables
    # with 12 tables and 3 sets, groups of 2 boards (4 groups: 3 tables on each at once)
    movement = team_event_movement(12, round_robin(12), 8, sets=3)
    assert movement.at(1, 1).boards == (1, 2, 3, 4, 5, 6, 7, 8)
    assert movement.at(1, 2).boards == (3, 4, 5, 6, 7, 8, 1, 2)
    assert movement.at(1, 5).boards == movement.at(1, 1).boards
    simulate(movement, 1, 3)


@pytest.mark.parametrize(("teams", "boards", "sets", "needed"), [
    (8, 3, 2, 3), (20, 4, 3, 5), (6, 2, 1, 3), (6, 1, 2, 6),
])
def test_too_few_sets_for_a_relay_are_refused_naming_how_many_are_needed(teams, boards, sets, needed):
    with pytest.raises(MovementError, match=f"{teams // 2} matches a round need {needed} sets of boards, "
                                            f"not {sets}"):
        team_event_movement(teams, round_robin(teams), boards, sets=sets)


@pytest.mark.parametrize("teams", range(3, 21))
def test_any_number_of_sets_that_suffices_makes_a_relay(teams):
    """Fewer sets than matches work exactly when the sets' boards cover the tables at once
    (sets x boards >= tables); the first round is played out slot by slot."""
    tables = 2 * (teams // 2)
    schedule = round_robin(teams)[:1]
    for boards in range(1, 9):
        for sets in range(1, teams // 2):
            if sets * boards < tables:
                with pytest.raises(MovementError, match="sets of boards"):
                    team_event_movement(teams, schedule, boards, sets=sets)
                continue
            movement = team_event_movement(teams, schedule, boards, sets=sets)
            assert all(sorted(a.boards) == list(range(1, boards + 1)) for a in movement.round(1))
            simulate(movement, 1, sets)
