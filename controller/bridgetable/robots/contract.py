"""The contract robot: each pair looks at its two hands together and the stronger side names one
contract; the other side passes and nobody doubles, so a board is never passed out (seed 001).

Rules, in order:

* Stronger side: more high-card points in its two hands. Tie (20-20): the side with the longer
  best fit, then the dealer's side.
* Strain: the longest major fit of 8+ cards (spades on equal length); else notrump when both hands
  are balanced or no suit fits; else the longest minor fit of 8+ cards (diamonds on equal length),
  but 3NT instead of a minor with game values short of a minor-suit game when both hands are
  balanced or semi-balanced.
* Level, from the combined points: HCP, and in a suit one per trump beyond eight plus 3/2/1 for
  a void/singleton/doubleton in the hand with fewer trumps (if it has three): see ``_LEVELS``.
* Declarer: in a suit, the hand with more trumps (then more HCP); in notrump the hand with more
  HCP (then more length in its longest suit); last tie-break, the hand that calls first.
* Auction: passes until declarer's turn, declarer bids the contract, then three passes.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bridge import PASS, Call, Contract, Deal, Hand, Seat, Side, Strain, Suit

# (minimum points, level) per kind of strain, highest first; below the last row: level 1.
# Tuned so that the robots' simple play makes about 69% of the contracts (bench/bench_robots.py).
NT_GAME, MINOR_GAME = 24, 28
_LEVELS: dict[str, tuple[tuple[int, int], ...]] = {
    "NT": ((37, 7), (33, 6), (NT_GAME, 3), (22, 2)),
    "major": ((37, 7), (33, 6), (24, 4), (22, 3), (20, 2)),
    "minor": ((37, 7), (33, 6), (MINOR_GAME, 5), (22, 3), (20, 2)),
}


@dataclass(frozen=True, slots=True)
class RobotContract:
    """What the robots at the other table play: a contract and its declarer."""

    contract: Contract
    declarer: Seat


def side_hcp(deal: Deal, side: Side) -> int:
    return sum(deal[seat].hcp for seat in Seat if seat.side is side)


def _pair(side: Side) -> tuple[Seat, Seat]:
    return (Seat.N, Seat.S) if side is Side.NS else (Seat.E, Seat.W)


def _fit(deal: Deal, side: Side, suit: Suit) -> int:
    first, second = _pair(side)
    return deal[first].length(suit) + deal[second].length(suit)


def _best_fit(deal: Deal, side: Side) -> int:
    return max(_fit(deal, side, suit) for suit in Suit)


def is_balanced(hand: Hand, semi: bool = False) -> bool:
    """4-3-3-3, 4-4-3-2, 5-3-3-2 (and with ``semi`` 5-4-2-2 and 6-3-2-2)."""
    shape = sorted((hand.length(suit) for suit in Suit), reverse=True)
    if shape[-1] < 2:
        return False
    return shape[-2] >= 3 or (semi and shape[-1] == 2 and shape[-2] == 2)


def stronger_side(deal: Deal, dealer: Seat) -> Side:
    """The side that plays at the robot table (see the module docstring for the tie-break)."""
    ns, ew = side_hcp(deal, Side.NS), side_hcp(deal, Side.EW)
    if ns != ew:
        return Side.NS if ns > ew else Side.EW
    ns_fit, ew_fit = _best_fit(deal, Side.NS), _best_fit(deal, Side.EW)
    if ns_fit != ew_fit:
        return Side.NS if ns_fit > ew_fit else Side.EW
    return dealer.side


def _choose_strain(deal: Deal, side: Side) -> Strain:
    first, second = _pair(side)
    majors = [suit for suit in (Suit.SPADES, Suit.HEARTS) if _fit(deal, side, suit) >= 8]
    if majors:
        return Strain(int(max(majors, key=lambda s: _fit(deal, side, s))))
    minors = [suit for suit in (Suit.DIAMONDS, Suit.CLUBS) if _fit(deal, side, suit) >= 8]
    if not minors or (is_balanced(deal[first]) and is_balanced(deal[second])):
        return Strain.NOTRUMP
    return Strain(int(max(minors, key=lambda s: _fit(deal, side, s))))


def _points(deal: Deal, side: Side, strain: Strain) -> int:
    """Combined HCP, plus in a suit one per trump beyond eight and shortness opposite the fit."""
    first, second = _pair(side)
    points = deal[first].hcp + deal[second].hcp
    trump = strain.trump
    if trump is None:
        return points
    points += max(0, _fit(deal, side, trump) - 8)
    short_hand = min((first, second), key=lambda seat: (deal[seat].length(trump), seat))
    hand = deal[short_hand]
    for suit in Suit:
        if suit != trump:
            points += {0: 3, 1: 2, 2: 1}.get(hand.length(suit), 0) if hand.length(trump) >= 3 else 0
    return points


def _level(strain: Strain, points: int, deal: Deal, side: Side) -> tuple[int, Strain]:
    kind = "NT" if strain is Strain.NOTRUMP else ("minor" if strain.is_minor else "major")
    level = next((lvl for minimum, lvl in _LEVELS[kind] if points >= minimum), 1)
    first, second = _pair(side)
    if kind == "minor" and NT_GAME <= points < MINOR_GAME and all(
            is_balanced(deal[seat], semi=True) for seat in (first, second)):
        return 3, Strain.NOTRUMP
    return level, strain


def _declarer(deal: Deal, side: Side, strain: Strain, dealer: Seat) -> Seat:
    first, second = _pair(side)

    def calls_first(seat: Seat) -> int:
        return -((seat - dealer) % 4)

    def key(seat: Seat) -> tuple[int, int, int]:
        hand = deal[seat]
        trump = strain.trump
        if trump is None:
            return (hand.hcp, max(hand.length(s) for s in Suit), calls_first(seat))
        return (hand.length(trump), hand.hcp, calls_first(seat))

    return max((first, second), key=key)


def choose_contract(deal: Deal, dealer: Seat) -> RobotContract:
    """The robots' contract and declarer for this deal (deterministic: depends on the cards only)."""
    return contract_for_side(deal, stronger_side(deal, dealer), dealer)


def contract_for_side(deal: Deal, side: Side, dealer: Seat) -> RobotContract:
    """The contract one pair chooses, looking only at its own two hands."""
    strain = _choose_strain(deal, side)
    level, strain = _level(strain, _points(deal, side, strain), deal, side)
    return RobotContract(Contract(level, strain), _declarer(deal, side, strain, dealer))


def robot_auction(choice: RobotContract, dealer: Seat) -> list[Call]:
    """Passes until declarer's turn, declarer's bid, then three passes."""
    passes_before = (choice.declarer - dealer) % 4
    bid = Call.bid(choice.contract.level, choice.contract.strain)
    return [PASS] * passes_before + [bid] + [PASS] * 3
