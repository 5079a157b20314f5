"""The start screen and the hand check (Law 13: each player scans their 13 cards; Law 14: a card
missing from one hand is that hand's)."""

from __future__ import annotations

from ...bridge import DECK, Card, Deal, Seat, words
from ...events import Key
from ...i18n import LAWS, notation
from ..board import BoardInPlay, Phase, Refused

_ = LAWS.gettext


def _card(card: Card) -> str:
    return notation.card(str(card))


def on_start(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    if key is not Key.OK:
        raise Refused(_("board {board}: press OK to start").format(board=b.board))
    if b.config.hand_check:
        b.phase = Phase.HAND_CHECK
        return _("hand check: each player scans their 13 cards")
    b.phase = b.rules.first_phase
    return None


def on_scan(b: BoardInPlay, seat: Seat, card: Card) -> str | None:
    hand = b.scanned[seat]
    if card in hand:
        raise Refused(_("{card} scanned twice at {seat}").format(card=_card(card), seat=words.seat(seat)))
    other = next((s for s in Seat if card in b.scanned[s]), None)
    problem = None
    if other is not None:
        problem = _("{card} is in both {other}'s and {seat}'s hands").format(
            card=_card(card), other=words.seat(other), seat=words.seat(seat))
    elif len(hand) == 13 and b.deal is None and (short := _deficient(b)) is not None:
        return _restore(b, short, card, _("{card} scanned at {seat}").format(
            card=_card(card), seat=words.seat(seat)))
    elif len(hand) == 13:
        problem = _("{seat} has more than 13 cards (Law 13)").format(seat=words.seat(seat))
    elif b.deal is not None and card not in b.deal[seat]:
        problem = _("{card} at {seat} is not in the deal file's hand (wrong board?)").format(
            card=_card(card), seat=words.seat(seat))
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
        return _("hand check complete")
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
    problem = _("{found}: the missing card of {seat}'s hand (Law 14)").format(
        found=found, seat=words.seat(short))
    b.problems.append(problem)
    b.toggle_director(short, problem)
    return _complete(b) and problem


def on_hand_check_key(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    if key is Key.UNDO:
        if not b.scanned[seat]:
            raise Refused(_("{seat} has scanned no card").format(seat=words.seat(seat)))
        b.scanned[seat] = []
        return _("{seat}: scan your 13 cards again").format(seat=words.seat(seat))
    if key is Key.OK:  # "I have scanned them all"
        count = len(b.scanned[seat])
        if count == 13:
            raise Refused(_("{seat}: 13 cards, waiting for the others").format(seat=words.seat(seat)))
        if b.deal is None and _deficient(b) == seat:  # the one card no reader has seen
            missing = next(c for c in DECK if all(c not in cards for cards in b.scanned.values()))
            return _restore(b, seat, missing, _("{card} not found").format(card=_card(missing)))
        problem = _("{seat} has {count} cards, not 13 (Law 13)").format(seat=words.seat(seat), count=count)
        b.problems.append(problem)
        return b.toggle_director(seat, problem)
    raise Refused(_("hand check: scan your cards (UNDO starts again), not {key}").format(key=key.value))
