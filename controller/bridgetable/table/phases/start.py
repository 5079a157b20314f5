"""The start screen and the hand check (Law 13: each player scans their 13 cards; Law 14: a card
missing from one hand is that hand's)."""

from __future__ import annotations

from ...bridge import DECK, Card, Deal, Seat
from ...events import Key
from ..board import BoardInPlay, Phase, Refused


def on_start(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    if key is not Key.OK:
        raise Refused(f"board {b.board}: press OK to start")
    if b.config.hand_check:
        b.phase = Phase.HAND_CHECK
        return "hand check: each player scans their 13 cards"
    b.phase = b.rules.first_phase
    return None


def on_scan(b: BoardInPlay, seat: Seat, card: Card) -> str | None:
    hand = b.scanned[seat]
    if card in hand:
        raise Refused(f"{card.symbol} scanned twice at {seat.full_name}")
    other = next((s for s in Seat if card in b.scanned[s]), None)
    problem = None
    if other is not None:
        problem = f"{card.symbol} is in both {other.full_name}'s and {seat.full_name}'s hands"
    elif len(hand) == 13 and b.deal is None and (short := _deficient(b)) is not None:
        return _restore(b, short, card, f"{card.symbol} scanned at {seat.full_name}")
    elif len(hand) == 13:
        problem = f"{seat.full_name} has more than 13 cards (Law 13)"
    elif b.deal is not None and card not in b.deal[seat]:
        problem = f"{card.symbol} at {seat.full_name} is not in the deal file's hand (wrong board?)"
    if problem is not None:
        b.problems.append(problem)
        return b.toggle_director(seat, problem)
    hand.append(card)
    return _complete(b)


def _complete(b: BoardInPlay) -> str | None:
    if all(len(cards) == 13 for cards in b.scanned.values()):
        if b.deal is None:
            b.deal = Deal.from_hands(b.scanned)
        b.phase = b.rules.first_phase
        return "hand check complete"
    return None


def _deficient(b: BoardInPlay) -> Seat | None:
    """The one hand with 12 cards when the other three have 13 (51 cards scanned)."""
    counts = {seat: len(cards) for seat, cards in b.scanned.items()}
    short = [seat for seat, count in counts.items() if count == 12]
    if len(short) == 1 and sum(counts.values()) == 51:
        return short[0]
    return None


def _restore(b: BoardInPlay, short: Seat, card: Card, found: str) -> str | None:
    """The missing card is the deficient hand's, deemed to have belonged to it throughout (Law 14):
    the hand check completes with it, and the director is told."""
    b.scanned[short].append(card)
    problem = f"{found}: the missing card of {short.full_name}'s hand (Law 14)"
    b.problems.append(problem)
    b.toggle_director(short, problem)
    return _complete(b) and problem


def on_hand_check_key(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    if key is Key.UNDO:
        if not b.scanned[seat]:
            raise Refused(f"{seat.full_name} has scanned no card")
        b.scanned[seat] = []
        return f"{seat.full_name}: scan your 13 cards again"
    if key is Key.OK:  # "I have scanned them all"
        count = len(b.scanned[seat])
        if count == 13:
            raise Refused(f"{seat.full_name}: 13 cards, waiting for the others")
        if b.deal is None and _deficient(b) == seat:  # the one card no reader has seen
            missing = next(c for c in DECK if all(c not in cards for cards in b.scanned.values()))
            return _restore(b, seat, missing, f"{missing.symbol} not found")
        problem = f"{seat.full_name} has {count} cards, not 13 (Law 13)"
        b.problems.append(problem)
        return b.toggle_director(seat, problem)
    raise Refused(f"hand check: scan your cards (UNDO starts again), not {key.value}")
