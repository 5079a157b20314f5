"""Your robot partner's bidding rules at the live table (robots/partner.py)."""

from __future__ import annotations

import pytest

from bridgetable.bridge import Auction, Hand, Seat
from bridgetable.robots.partner import partner_call


def _call(dealer: Seat, calls: str, hand: str) -> str:
    auction = Auction(dealer, calls.split())
    return str(partner_call(auction, Hand.parse(hand), auction.turn))


@pytest.mark.parametrize(("dealer", "calls", "hand", "expected"), [
    (Seat.N, "", "AQ6.KJ5.J82.KJ74", "1NT"),  # balanced 15
    (Seat.N, "", "AQ6.AKJ5.J8.KJ74", "1H"),  # 19, longest suits hearts and clubs: the higher
    (Seat.N, "", "AK6.AQ5.KQ8.QJ74", "2NT"),  # balanced 21
    (Seat.N, "", "Q6.K75.J8.QJ7432", "Pass"),  # 9 HCP
    (Seat.W, "1S", "AQ6.K2.J8642.K74", "2D"),  # overcall: a five-card suit, 13 HCP, two level
    (Seat.W, "1S", "AQ6.KJ5.QJ8.K742", "1NT"),  # balanced 16 over their bid
    (Seat.W, "1S", "Q6.K75.J8.QJ7432", "Pass"),  # 9 HCP: too weak to overcall
    (Seat.N, "1C 1H Pass Pass", "AQ6.AKJ5.J8.KJ74", "Pass"),  # it has opened: the rest is yours
])
def test_before_you_bid_it_opens_or_overcalls_its_own_hand(dealer: Seat, calls: str, hand: str,
                                                           expected: str) -> None:
    assert Auction(dealer, calls.split()).turn == Seat.N  # North is the robot, South is you
    assert _call(dealer, calls, hand) == expected


@pytest.mark.parametrize(("calls", "hand", "expected"), [
    ("1H Pass", "Q6.K752.J82.Q743", "2H"),  # a fit, 7 + 12: a simple raise
    ("1H Pass", "AQ6.K752.J82.K743", "4H"),  # a fit, 13 + 12: game
    ("1H Pass", "AQ652.K2.J82.K74", "1S"),  # no fit, a five-card suit of its own
    ("1H Pass", "AQ6.K2.J8642.K74", "2D"),
    ("1H Pass", "K96.Q2.J864.Q874", "1NT"),  # no fit, no five-card suit, 8 HCP
    ("1H Pass", "432.32.J8642.874", "Pass"),  # 1 HCP
    ("2NT Pass", "Q32.J2.J864.Q874", "3NT"),  # 6 + 21
    ("1H Pass 1S Pass 2S Pass", "AQ652.K2.J82.K74", "4S"),  # you raised its suit: 13 + 12
    ("1H 2C", "Q6.K752.J82.Q743", "2H"),  # over their overcall
    ("1H 4S", "Q6.K752.J82.Q743", "Pass"),  # 2H is no longer sufficient
])
def test_after_your_bid_it_raises_names_a_suit_or_notrump(calls: str, hand: str, expected: str) -> None:
    assert Auction(Seat.S, calls.split()).turn == Seat.N  # you (South) dealt, North is the robot
    assert _call(Seat.S, calls, hand) == expected
