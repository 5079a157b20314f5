"""The contract robot: who plays, in which strain and level, by whom, and the recorded auction."""

from __future__ import annotations

import random

import pytest

from bridgetable.bridge import PASS, Auction, Deal, Seat, Side, Strain, Suit
from bridgetable.robots.contract import (
    NT_GAME,
    choose_contract,
    contract_for_side,
    robot_auction,
    side_hcp,
    stronger_side,
)

DEALS = [Deal.random(random.Random(f"contract-{i}")) for i in range(300)]


def _deal(north: str, east: str, south: str, west: str) -> Deal:
    return Deal.parse(f"N:{north} {east} {south} {west}")



def test_the_side_with_more_hcp_plays() -> None:
    for deal in DEALS:
        for dealer in Seat:
            side = stronger_side(deal, dealer)
            assert side_hcp(deal, side) >= side_hcp(deal, side.other)
            assert choose_contract(deal, dealer).declarer.side is side


def _fit(deal: Deal, side: Side) -> int:
    pair = (Seat.N, Seat.S) if side is Side.NS else (Seat.E, Seat.W)
    return max(sum(deal[seat].length(suit) for seat in pair) for suit in Suit)


def test_equal_hcp_goes_to_the_longer_fit_then_the_dealers_side() -> None:
    ties = [d for d in (Deal.random(random.Random(f"tie-{i}")) for i in range(3000))
            if side_hcp(d, Side.NS) == side_hcp(d, Side.EW) == 20]
    longer = [d for d in ties if _fit(d, Side.NS) != _fit(d, Side.EW)]
    even = [d for d in ties if _fit(d, Side.NS) == _fit(d, Side.EW)]
    assert longer and even
    for deal in longer:
        best = Side.NS if _fit(deal, Side.NS) > _fit(deal, Side.EW) else Side.EW
        assert all(stronger_side(deal, dealer) is best for dealer in Seat)
    for deal in even:
        assert all(stronger_side(deal, dealer) is dealer.side for dealer in Seat)


def test_a_major_fit_of_eight_is_preferred_and_the_long_trump_hand_declares() -> None:
    deal = _deal("AKQ32.432.432.32", "T9.AKQJ.765.8765", "J654.765.AKQ.J94", "87.T98.JT98.AKQT")
    assert side_hcp(deal, Side.NS) == 20
    choice = contract_for_side(deal, Side.NS, Seat.N)
    assert choice.contract.strain is Strain.SPADES
    assert choice.declarer is Seat.N  # five spades against four


def test_properties_over_random_deals() -> None:
    for deal in DEALS:
        choice = choose_contract(deal, Seat.N)
        declarer, dummy = choice.declarer, choice.declarer.partner
        trump = choice.contract.strain.trump
        pair_fit = {s: deal[declarer].length(s) + deal[dummy].length(s) for s in Suit}
        if trump is not None:
            assert pair_fit[trump] >= 8
            assert deal[declarer].length(trump) >= deal[dummy].length(trump)
            if trump in (Suit.CLUBS, Suit.DIAMONDS):
                assert max(pair_fit[Suit.SPADES], pair_fit[Suit.HEARTS]) < 8
        else:
            assert max(pair_fit[Suit.SPADES], pair_fit[Suit.HEARTS]) < 8
        points = deal[declarer].hcp + deal[dummy].hcp
        if points >= 37:
            assert choice.contract.level == 7
        if trump is None and NT_GAME <= points < 33:
            assert choice.contract.level == 3
        if points < NT_GAME:
            assert choice.contract.level <= 3 or trump is not None


@pytest.mark.parametrize("dealer", list(Seat))
def test_the_auction_is_passes_the_bid_and_three_passes(dealer: Seat) -> None:
    for deal in DEALS[:50]:
        choice = choose_contract(deal, dealer)
        calls = robot_auction(choice, dealer)
        auction = Auction(dealer, calls)  # raises if any call were illegal
        assert auction.contract == choice.contract and auction.declarer == choice.declarer
        assert not auction.is_passed_out
        assert calls[-3:] == [PASS] * 3
        assert [c for c in calls if c.is_bid] == [calls[(choice.declarer - dealer) % 4]]
        assert len(calls) == (choice.declarer - dealer) % 4 + 4
