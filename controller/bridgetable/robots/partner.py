"""Your robot partner's bidding at the live table: it sees its own hand and the calls, nothing else.

The robots at the other table (and your opponents at yours) choose a contract by looking at their
pair's two hands together; your partner may not look at yours. It bids by a few simple rules:

* Before you have bid: with 12+ HCP and no bid by the opponents it opens (1NT with a balanced
  15-17, 2NT with 20-21, else one of its longest suit, the higher of equal ones); over an opponent's
  bid it overcalls a five-card suit with 10+ HCP at the one or two level, or 1NT with a balanced
  15-18. Having opened or overcalled, it leaves the rest to you.
* Once you have bid, it reads your bids: your strength (an opening 12, a response 8; 1NT 16, 2NT 21
  as an opening, 8, 11 and 13 as a response) and your suits (a major bid once five cards, a minor
  four, a suit bid twice six). With 6+ HCP it names the contract their sum makes: with an eight-card
  fit, the fit at the level the points make (see ``_suit_level``); without one, a five-card suit of
  its own not yet named at the one or two level, else notrump (1NT, 2NT from 23, 3NT from 25).
  It passes when that contract is not a sufficient bid any more (your side or theirs is higher).

Robots never double; nothing here is random, so the same hand and calls give the same call.
"""

from __future__ import annotations

from ..bridge import PASS, Auction, Call, Hand, MadeCall, Seat, Strain, Suit
from .contract import is_balanced

_OPENING, _RESPONSE = 12, 8
_NT_OPENING = {1: 16, 2: 21}
_NT_RESPONSE = {1: 8, 2: 11}


def _cheapest(auction: Auction, strain: Strain, highest: int = 7) -> Call | None:
    """The lowest sufficient bid in ``strain``, if it is at ``highest`` or below."""
    return next((Call.bid(level, strain) for level in range(1, highest + 1)
                 if auction.is_legal(Call.bid(level, strain))), None)


def _longest(hand: Hand) -> Suit:
    return max(Suit, key=lambda suit: (hand.length(suit), int(suit)))


def _first_bid(auction: Auction, hand: Hand, seat: Seat) -> Call:
    """Opening or overcall (see the module docstring); PASS when the hand is not worth one."""
    hcp, suit = hand.hcp, _longest(hand)
    opponents_bid = any(made.call.is_bid and made.seat.side is not seat.side for made in auction)
    if not opponents_bid:
        if hcp < 12:
            return PASS
        if is_balanced(hand) and (15 <= hcp <= 17 or 20 <= hcp <= 21):
            return Call.bid(1 if hcp <= 17 else 2, Strain.NOTRUMP)
        return _cheapest(auction, Strain(int(suit)), 1) or PASS
    if is_balanced(hand) and 15 <= hcp <= 18:
        notrump = _cheapest(auction, Strain.NOTRUMP, 1)
        if notrump is not None:
            return notrump
    if hcp >= 10 and hand.length(suit) >= 5:
        return _cheapest(auction, Strain(int(suit)), 2) or PASS
    return PASS


def _partner_strength(bids: list[MadeCall], opened: bool) -> int:
    """What your bids promise: the most any one of them does."""
    points = 0
    for made in bids:
        level, strain = made.call.level, made.call.strain
        if strain is Strain.NOTRUMP:
            table = _NT_RESPONSE if not opened else _NT_OPENING
            points = max(points, table.get(level, 13 if not opened else 25))
        else:
            points = max(points, _OPENING if opened else _RESPONSE)
    return points


def _partner_lengths(bids: list[MadeCall]) -> dict[Suit, int]:
    lengths: dict[Suit, int] = {}
    for made in bids:
        suit = made.call.strain.trump if made.call.strain is not None else None
        if suit is not None:
            lengths[suit] = 6 if suit in lengths else (5 if suit in (Suit.SPADES, Suit.HEARTS) else 4)
    return lengths


def _suit_level(points: int, major: bool) -> int:
    """The level of a contract with a trump fit: game at 25 (a minor at 29), slam at 33."""
    for minimum, level in ((33, 6), (29, 5), (25, 4 if major else 3), (22, 3)):
        if points >= minimum:
            return level
    return 2


def _target(auction: Auction, hand: Hand, seat: Seat, bids: list[MadeCall]) -> Call | None:
    """The contract the robot wants, knowing your bids ``bids``; None: nothing to add."""
    if hand.hcp < 6:
        return None
    ours = [made for made in auction if made.call.is_bid and made.seat.side is seat.side]
    points = hand.hcp + _partner_strength(bids, opened=ours[0].seat == seat.partner)
    fits = [(suit, hand.length(suit) + length) for suit, length in _partner_lengths(bids).items()
            if hand.length(suit) + length >= 8]
    if fits:
        suit, _ = max(fits, key=lambda fit: (fit[0] in (Suit.SPADES, Suit.HEARTS), fit[1], int(fit[0])))
        major = suit in (Suit.SPADES, Suit.HEARTS)
        level = _suit_level(points, major)
        if not major and level in (3, 4) and points >= 25 and is_balanced(hand, semi=True):
            return Call.bid(3, Strain.NOTRUMP)
        return Call.bid(level, Strain(int(suit)))
    named = {made.call.strain for made in auction if made.seat.side is seat.side and made.call.is_bid}
    own = _longest(hand)
    if hand.length(own) >= 5 and Strain(int(own)) not in named:
        new_suit = _cheapest(auction, Strain(int(own)), 2)
        if new_suit is not None:
            return new_suit
    return Call.bid(3 if points >= 25 else 2 if points >= 23 else 1, Strain.NOTRUMP)


def partner_call(auction: Auction, hand: Hand, seat: Seat) -> Call:
    """The call of the robot at ``seat``, your partner, from its ``hand`` and the calls so far."""
    yours = [made for made in auction if made.seat == seat.partner and made.call.is_bid]
    if not yours:
        has_bid = any(made.seat == seat and made.call.is_bid for made in auction)
        return PASS if has_bid else _first_bid(auction, hand, seat)
    target = _target(auction, hand, seat, yours)
    return target if target is not None and auction.is_legal(target) else PASS
