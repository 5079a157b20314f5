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
