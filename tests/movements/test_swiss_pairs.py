"""Swiss pairs: round 1 by number, each later round paired down the ranking without a rematch, the
bye to the lowest pair without one, and every table of a round playing the round's boards."""

from collections import Counter

import pytest

from bridgetable.movements import (
    MovementError,
    TeamRound,
    swiss_pairs,
    swiss_pairs_movement,
    swiss_round,
    to_schedule,
)
from bridgetable.movements.guide import guide_card


def test_round_one_pairs_by_number_and_every_table_plays_the_rounds_boards():
    movement = swiss_pairs(10, 4, rounds=4)
    assert (movement.kind, movement.tables, movement.rounds, movement.copies) == ("swiss-pairs", 5, 4, 5)
    assert [(a.table, a.ns, a.ew, a.boards) for a in movement.round(1)] == [
        (t, 2 * t - 1, 2 * t, (1, 2, 3, 4)) for t in range(1, 6)]
    assert movement.assignments == tuple(movement.round(1))  # later rounds: paired as the evening goes


def test_an_evening_of_nine_pairs_never_rematches_and_gives_each_bye_once():
    """Four rounds paired from a ranking that turns each round, as a Swiss's would."""
    rounds: list[TeamRound] = []
    order = list(range(1, 10))
    for _ in range(4):
        met = {frozenset(m) for r in rounds for m in r.matches}
        rounds.append(swiss_round(order, met, {r.bye for r in rounds}))
        order = order[3:] + order[:3]
    assert set(Counter(frozenset(m) for r in rounds for m in r.matches).values()) == {1}
    byes = [r.bye for r in rounds]
    assert None not in byes and len(set(byes)) == 4
    movement = swiss_pairs(9, 3, rounds=4, schedule=to_schedule(rounds))
    assert movement.tables == 4 and movement.rounds == 4
    for number, round_ in enumerate(rounds, start=1):
        seated = movement.round(number)
        assert [(a.ns, a.ew) for a in seated] == list(round_.matches)
        assert {a.boards for a in seated} == {tuple(range(3 * number - 2, 3 * number + 1))}
        assert round_.bye not in {p for a in seated for p in (a.ns, a.ew)}


def test_fewer_sets_than_tables_share_each_set_across_a_relay_stand():
    movement = swiss_pairs(10, 4, sets=3)
    assert movement.relays == ((1, 2), (3, 4)) and movement.copies == 3
    assert [a.boards for a in movement.round(1)] == [(1, 2, 3, 4), (3, 4, 1, 2), (1, 2, 3, 4), (3, 4, 1, 2),
                                                     (1, 2, 3, 4)]
    card = guide_card(movement, 1)
    assert "Swiss pairs" in card


@pytest.mark.parametrize(("call", "message"), [
    (lambda: swiss_pairs(3, 4), "Swiss pairs has 4 to 60 pairs, not 3"),
    (lambda: swiss_pairs(8, 4, rounds=8), "Swiss pairs of 8 pairs has 1 to 7 rounds, not 8"),
    (lambda: swiss_pairs(10, 0), "a round has at least one board, not 0"),
    (lambda: swiss_pairs(10, 4, sets=2), "5 tables playing the same boards need 3 sets of boards, not 2"),
    (lambda: swiss_pairs(10, 1, sets=3), "5 tables playing the same boards need 5 sets of boards, not 3"),
])
def test_an_event_that_cannot_be_played_is_refused_saying_why(call, message):
    with pytest.raises(MovementError) as caught:
        call()
    assert str(caught.value) == message


def test_a_pair_in_two_matches_of_a_round_is_refused():
    with pytest.raises(MovementError, match="pair 1 is at two tables"):
        swiss_pairs_movement(6, [TeamRound(((1, 2), (1, 3), (5, 6)))], 2)
