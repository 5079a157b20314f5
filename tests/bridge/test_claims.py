"""Law 70: a disputed claim's tricks on the worst line and on best play, from the engine's search,
checked against a plain minimax over every legal card (not the engine's code)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetable.bridge import DECK, Card, Contract, Deal, Play, Seat, Side, Strain, Suit, trick_winner
from bridgetable.bridge.claims import analyse_claim


def reference(hands: dict[Seat, set[Card]], leader: Seat, cards: list[Card], trump: Suit | None,
              side: Side, best: bool) -> int:
    if len(cards) == 4:
        winner = trick_winner(leader, cards, trump)
        return (winner.side is side) + reference(hands, winner, [], trump, side, best)
    seat = leader.after(len(cards))
    if not hands[seat]:
        return 0
    legal = [c for c in hands[seat] if cards and c.suit == cards[0].suit] or list(hands[seat])
    values = []
    for card in legal:
        hands[seat].remove(card)
        values.append(reference(hands, leader, [*cards, card], trump, side, best))
        hands[seat].add(card)
    return max(values) if best and seat.side is side else min(values)


def random_play(rnd: random.Random, strain: Strain, tricks_left: int, extra: int) -> Play:
    cards = list(DECK)
    rnd.shuffle(cards)
    deal = Deal.from_hands({seat: cards[13 * seat:13 * seat + 13] for seat in Seat})
    play = Play(deal, Contract(3, strain), Seat(rnd.randrange(4)))
    for _ in range(4 * (13 - tricks_left) + extra):
        play.play(rnd.choice(play.legal_cards()))
    return play


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(list(Strain)), st.integers(1, 3),
       st.integers(0, 3))
def test_law_70_worst_line_and_best_play_match_a_plain_minimax(
        rnd: random.Random, strain: Strain, tricks_left: int, extra: int) -> None:
    play = random_play(rnd, strain, tricks_left, extra)
    claimer = play.turn if play.turn != play.dummy else play.declarer
    analysis = analyse_claim(play, claimer, 1)
    assert analysis is not None and analysis.remaining == tricks_left
    hands = {seat: play.remaining(seat) for seat in Seat}
    trick = play.current
    side = claimer.side
    assert analysis.best == reference(hands, trick.leader, list(trick.cards), play.trump, side, True)
    assert analysis.worst == reference(hands, trick.leader, list(trick.cards), play.trump, side, False)
    assert 0 <= analysis.worst <= analysis.best <= tricks_left


def test_law_70_a_defender_claims_the_last_two_tricks_a_careless_discard_loses_one() -> None:
    """The issue's twelfth-trick deal after eleven tricks: East leads with ♥3 ♦3, West holds ♥A ♣3.
    East claims both: on best play he cashes ♦3 and West keeps ♥A; on the worst line West throws
    ♥A under the ♦3 and North's ♥K wins the last trick."""
    from .test_laws_play import TWELVE, TWELVE_FIRST_ELEVEN

    play = Play(TWELVE, Contract.parse("1NT"), Seat.N)
    for trick in TWELVE_FIRST_ELEVEN:
        for text in trick:
            play.play(text)
    analysis = analyse_claim(play, Seat.E, 2)
    assert analysis is not None and (analysis.worst, analysis.best) == (1, 2)
    assert str(analysis) == "East claims 2 of 2: 1 on the worst line, 2 on best play (Law 70)"


def test_law_70_not_analysed_beyond_the_limit() -> None:
    play = random_play(random.Random(1), Strain.SPADES, 8, 1)
    assert analyse_claim(play, play.declarer, 8) is None

