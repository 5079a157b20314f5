"""The two-player game (seed 001, seed 003 "Honeymoon Bridge"): dealing in turn, scored as a rubber."""

from __future__ import annotations

import random

import pytest

from bridgetable.bridge import (
    DECK,
    Card,
    Contract,
    DealResult,
    IllegalCard,
    IllegalDeal,
    ParseError,
    Seat,
    Side,
    Suit,
    TwoPlayer,
    hand_phase,
    stock_phase,
)


def test_the_two_players_deal_in_turn_and_a_passed_out_deal_goes_to_the_other() -> None:
    form = TwoPlayer((Seat.S, Seat.W))
    assert form.next_deal().dealer is Seat.S
    form.record(DealResult(None))
    assert form.next_deal().dealer is Seat.W
    form.record(DealResult.parse("4H W 10"))
    assert form.next_deal().dealer is Seat.S


def test_the_two_player_game_is_scored_as_a_rubber_with_honours() -> None:
    form = TwoPlayer((Seat.N, Seat.E))
    form.replay(DealResult.parse(line) for line in ("4S N 10 N 150", "3NT E 8", "5C N 11"))
    sheet = form.sheet()
    assert sheet.over and sheet.games == {Side.NS: 2, Side.EW: 0}
    assert sheet.to_json()["deals"] == [{"ns": 270, "ew": 0}, {"ns": 50, "ew": 0},
                                        {"ns": 800, "ew": 0}]


def test_the_two_players_sit_on_different_sides() -> None:
    with pytest.raises(ParseError, match="different sides"):
        TwoPlayer((Seat.N, Seat.S))


def _random_start(seed: int) -> tuple[dict[Seat, list[Card]], list[Card]]:
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    return {Seat.S: cards[:13], Seat.W: cards[13:26]}, cards[26:]


def test_the_stock_phase_the_non_dealer_leads_and_the_winner_draws_first() -> None:
    hands, stock = _random_start(3)
    phase = stock_phase(hands, stock, dealer=Seat.S)
    assert phase.turn is Seat.W
    for _ in range(26):  # 13 tricks of two cards, each player's lowest legal card
        trick = phase.play(phase.legal_cards()[0])
        if trick is not None:
            assert trick.drawn[0] in phase.hands[trick.winner]
            assert trick.drawn[1] in phase.hands[phase.other(trick.winner)]
            assert phase.turn is trick.winner
    assert phase.is_complete and phase.stock == []
    assert [trick.drawn for trick in phase.tricks][:2] == [tuple(stock[:2]), tuple(stock[2:4])]
    assert all(len(cards) == 13 for cards in phase.hands.values())
    played = {card for trick in phase.tricks for card in trick.cards}
    assert len(played) == 26 and played.isdisjoint(phase.hands[Seat.S] | phase.hands[Seat.W])


def test_the_stock_phase_is_at_no_trump_and_following_suit_is_required() -> None:
    spades = [card for card in DECK if card.suit is Suit.SPADES]
    hearts = [card for card in DECK if card.suit is Suit.HEARTS]
    hands = {Seat.S: [*spades[1:], hearts[-1]], Seat.W: [spades[0], *hearts[:-1]]}  # West: S2
    stock = [card for card in DECK if card.suit in (Suit.CLUBS, Suit.DIAMONDS)]
    phase = stock_phase(hands, stock, dealer=Seat.W)
    with pytest.raises(IllegalCard, match="turn"):
        phase.play(Card.parse("HK"), Seat.W)
    phase.play(Card.parse("SA"), Seat.S)
    with pytest.raises(IllegalCard, match="follow suit"):
        phase.play(Card.parse("HK"))
    assert phase.legal_cards() == [Card.parse("S2")] and len(phase.hands[Seat.W]) == 13
    phase.play(Card.parse("S2"))
    phase.play(Card.parse("HA"))  # South, the winner, leads; West's low heart loses: no trump
    trick = phase.play(Card.parse("HK"))
    assert trick is not None and trick.winner is Seat.S


def test_the_hands_are_played_after_the_stock_declarers_opponent_leading_with_trumps() -> None:
    hands, stock = _random_start(8)
    phase = stock_phase(hands, stock, dealer=Seat.S)
    with pytest.raises(IllegalCard):
        hand_phase(phase, Contract.parse("4S"), Seat.S)
    for _ in range(26):
        phase.play(phase.legal_cards()[-1])
    play = hand_phase(phase, Contract.parse("4S"), Seat.S)
    assert play.turn is Seat.W and play.trump is Suit.SPADES
    for _ in range(26):
        play.play(play.legal_cards()[0])
    assert play.tricks_won(Seat.S) + play.tricks_won(Seat.W) == 13
    for trick in play.tricks:
        led, second = trick.cards
        if led.suit != second.suit and second.suit is Suit.SPADES:
            assert trick.winner is not trick.leader  # a trump wins
        if led.suit != second.suit and second.suit is not Suit.SPADES:
            assert trick.winner is trick.leader


def test_a_two_player_deal_with_a_card_twice_is_refused() -> None:
    hands, stock = _random_start(1)
    with pytest.raises(IllegalDeal):
        stock_phase(hands, [*stock[:-1], hands[Seat.S][0]], dealer=Seat.S)
    with pytest.raises(IllegalDeal):
        stock_phase(hands, stock, dealer=Seat.N)
