"""Best play for a disputed claim on any number of tricks, from the optional ``dd`` extra
(endplay's double-dummy solver): beyond the engine's exact search (``bridge.claims``), the claim
screen still shows the claimer's tricks on best play; the worst line stays the director's."""

from __future__ import annotations

import importlib.util

from ..bridge import Play, Seat, Suit


def available() -> bool:
    """Whether endplay (the ``dd`` extra) is installed."""
    return importlib.util.find_spec("endplay") is not None


def best_tricks(play: Play, claimer: Seat) -> int | None:
    """The tricks the claimer's side takes of the remaining ones on best play by both sides, or
    None without endplay, without known hands or with the play over."""
    if not available() or getattr(play, "deal", None) is None or play.tricks_remaining == 0:
        return None
    from endplay.dds import solve_board
    from endplay.types import Card, Deal, Denom, Player

    trick = play.current
    hands = [sorted(play.remaining(seat) | {c for i, c in enumerate(trick.cards) if trick.seat_of(i) == seat})
             for seat in Seat]
    text = " ".join(".".join("".join(c.rank.letter for c in sorted(hand, reverse=True) if c.suit == suit)
                             for suit in reversed(Suit)) for hand in hands)
    deal = Deal(f"N:{text}")
    deal.first = Player.find(str(trick.leader))
    deal.trump = Denom.nt if play.trump is None else Denom.find(play.trump.letter)
    for played in trick.cards:
        deal.play(Card(str(played)))
    best: int = max(tricks for _, tricks in solve_board(deal))
    return best if play.turn.side is claimer.side else play.tricks_remaining - best
