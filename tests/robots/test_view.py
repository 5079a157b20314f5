"""Robots see only their own hand, dummy after the opening lead and the cards played."""

from __future__ import annotations

import dataclasses
import random

from bridgetable.bridge import Auction, Card, Deal, Hand, Play, Seat
from bridgetable.robots import PlayView, choose_card, choose_contract, robot_auction, view_for


def _play(deal: Deal, dealer: Seat) -> Play:
    auction = Auction(dealer, robot_auction(choose_contract(deal, dealer), dealer))
    assert auction.contract is not None and auction.declarer is not None
    return Play(deal, auction.contract, auction.declarer)


def _twin(play: Play, played: list[Card], rng: random.Random) -> Play | None:
    """The same play so far on a deal whose cards hidden from the player in turn are shuffled
    among the hidden hands (each keeps its count and its played cards); None if the shuffle
    would contradict a shown void."""
    seat = play.turn
    player = play.declarer if seat == play.dummy else seat
    visible = {player} | ({play.dummy} if play.dummy_exposed else set())
    hidden = [s for s in Seat if s not in visible]
    pool = [c for s in hidden for c in sorted(play.remaining(s))]
    rng.shuffle(pool)
    hands = {s: set(play.deal[s].cards) for s in visible}
    for s in hidden:
        count = len(play.remaining(s))
        hands[s] = (set(play.deal[s].cards) - play.remaining(s)) | set(pool[:count])
        pool = pool[count:]
    twin = Play(Deal(tuple(Hand.of(hands[s]) for s in Seat)),  # type: ignore[arg-type]
                play.contract, play.declarer)
    try:
        for card in played:
            twin.play(card)
    except ValueError:
        return None
    return twin


def test_the_view_holds_no_deal_and_only_visible_cards() -> None:
    fields = {f.name for f in dataclasses.fields(PlayView)}
    assert fields == {"seat", "player", "contract", "declarer", "own", "dummy", "tricks", "legal"}
    deal = Deal.random(random.Random("view"))
    play = _play(deal, Seat.N)
    view = view_for(play)
    assert view.dummy is None  # before the opening lead
    assert view.own == frozenset(deal[play.opening_leader].cards)
    while not play.is_complete:
        view = view_for(play)
        player = play.declarer if play.turn == play.dummy else play.turn
        assert view.player == player and view.own == frozenset(play.remaining(player))
        expected = frozenset(play.remaining(play.dummy)) if play.dummy_exposed else None
        assert view.dummy == expected
        play.play(choose_card(view))


def test_hidden_cards_do_not_change_what_a_robot_sees_or_plays() -> None:
    rng = random.Random(7)
    compared = differed = 0
    for index in range(12):
        deal = Deal.random(random.Random(f"hidden-{index}"))
        play = _play(deal, Seat(index % 4))
        played: list[Card] = []
        while not play.is_complete:
            view = view_for(play)
            card = choose_card(view)
            twin = _twin(play, played, rng)
            if twin is not None:
                differed += twin.deal != deal
                twin_view = view_for(twin)
                assert twin_view == view
                assert choose_card(twin_view) == card
                compared += 1
            play.play(card)
            played.append(card)
    assert compared > 400 and differed > 300
