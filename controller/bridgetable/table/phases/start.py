"""The start screen and the hand check (Law 13: each player scans their 13 cards)."""

from __future__ import annotations

from ...bridge import Card, Deal, Seat
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
    elif len(hand) == 13:
        problem = f"{seat.full_name} has more than 13 cards (Law 13)"
    elif b.deal is not None and card not in b.deal[seat]:
        problem = f"{card.symbol} at {seat.full_name} is not in the deal file's hand (wrong board?)"
    if problem is not None:
        b.problems.append(problem)
        return b.toggle_director(seat, problem)
    hand.append(card)
    if all(len(cards) == 13 for cards in b.scanned.values()):
        if b.deal is None:
            b.deal = Deal.from_hands(b.scanned)
        b.phase = b.rules.first_phase
        return "hand check complete"
    return None


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
        problem = f"{seat.full_name} has {count} cards, not 13 (Law 13)"
        b.problems.append(problem)
        return b.toggle_director(seat, problem)
    raise Refused(f"hand check: scan your cards (UNDO starts again), not {key.value}")
