"""What a disputed claim is worth (Law 70): the claimer's tricks on the worst line and on best play.

Law 70A has the director rule any doubtful point against the claimer. With the hands known the
engine gives the two figures the ruling lies between: ``worst``, every remaining card played
against the claimer (each hand, the claimer's own included, choosing what costs the claimer's side
most), and ``best``, the double-dummy result (the claimer's side maximising, the opponents
minimising). The search is exact and runs over the last few tricks only (``EXACT_TRICKS``); the
director decides which lines are careless or inferior but not irrational (70C-E).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import LAWS
from . import words
from .cards import Card, Seat, Side, Suit
from .play import Play, trick_winner

_ = LAWS.gettext

EXACT_TRICKS = 4
"""Tricks up to which the search answers within a fraction of a second (bench/bench_claims.py)."""

Hands = tuple[frozenset[Card], ...]


@dataclass(frozen=True, slots=True)
class ClaimAnalysis:
    """A claim's tricks of the ``remaining`` for the claimer's side, beside ``worst`` and ``best``."""

    claimer: Seat
    claimed: int
    remaining: int
    worst: int
    best: int

    def __str__(self) -> str:
        return _("{seat} claims {claimed} of {remaining}: {worst} on the worst line, {best} on best play "
                 "(Law 70)").format(seat=words.seat(self.claimer), claimed=self.claimed,
                                    remaining=self.remaining, worst=self.worst, best=self.best)


def analyse_claim(play: Play, claimer: Seat, claimed: int,
                  limit: int = EXACT_TRICKS) -> ClaimAnalysis | None:
    """The analysis of ``claimer``'s claim of ``claimed`` tricks at this point of ``play``, or None
    when the hands are not known or more than ``limit`` tricks remain."""
    if getattr(play, "deal", None) is None or play.tricks_remaining > limit:
        return None
    hands: Hands = tuple(frozenset(play.remaining(seat)) for seat in Seat)
    trick = play.current
    search = _Search(play.trump, claimer.side)
    start = (hands, trick.leader, tuple(trick.cards))
    return ClaimAnalysis(claimer, claimed, play.tricks_remaining,
                         search.value(*start, best=False), search.value(*start, best=True))


class _Search:
    """Alpha-beta minimax over the remaining cards, with the bounds found at the start of each
    trick kept for positions reached again."""

    def __init__(self, trump: Suit | None, side: Side) -> None:
        self.trump = trump
        self.side = side
        self._bounds: dict[tuple[Hands, Seat, bool], tuple[int, int]] = {}

    def value(self, hands: Hands, leader: Seat, cards: tuple[Card, ...], best: bool) -> int:
        """Tricks for ``side`` from here; ``best``: its own hands maximise, else everyone minimises."""
        return self._search(hands, leader, cards, best, 0, 13)

    def _search(self, hands: Hands, leader: Seat, cards: tuple[Card, ...], best: bool,
                alpha: int, beta: int) -> int:
        if len(cards) == 4:
            winner = trick_winner(leader, list(cards), self.trump)
            won = 1 if winner.side is self.side else 0
            return won + self._search(hands, winner, (), best, alpha - won, beta - won)
        key = (hands, leader, best)
        if not cards:
            left = len(hands[leader])
            if not left:
                return 0
            low, high = self._bounds.get(key, (0, left))
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        first_alpha, first_beta = alpha, beta
        seat = leader.after(len(cards))
        maximise = best and seat.side is self.side
        result = -1 if maximise else 14
        for card in _choices(hands, seat, cards):
            after = tuple(held - {card} if i == seat else held for i, held in enumerate(hands))
            value = self._search(after, leader, (*cards, card), best, alpha, beta)
            if maximise:
                result = max(result, value)
                alpha = max(alpha, result)
            else:
                result = min(result, value)
                beta = min(beta, result)
            if alpha >= beta:
                break
        if not cards:
            low, high = self._bounds.get(key, (0, len(hands[leader])))
            if result <= first_alpha:
                high = min(high, result)
            elif result >= first_beta:
                low = max(low, result)
            else:
                low = high = result
            self._bounds[key] = (low, high)
        return result


def _choices(hands: Hands, seat: Seat, cards: tuple[Card, ...]) -> list[Card]:
    """The legal cards of ``seat``, one of each run of its cards equal in play (no card still out,
    or on the table, between them)."""
    held = hands[seat]
    legal = held
    if cards:
        legal = frozenset(card for card in held if card.suit == cards[0].suit) or held
    out = sorted({card for hand in hands for card in hand} | set(cards))
    chosen: list[Card] = []
    previous: Card | None = None
    for card in out:
        same_run = previous is not None and previous in held and previous.suit == card.suit
        if card in legal and not same_run:
            chosen.append(card)
        previous = card
    return chosen
