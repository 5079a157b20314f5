"""Scripted boards: the TableEvents of a whole board, for the simulation, tests and benchmarks.

The play follows a simple, deterministic rule (each hand plays its lowest legal card), so a
script is the same every time for the same deal and auction.
"""

from __future__ import annotations

from ..bridge import Auction, Call, Deal, Play, Seat
from ..events import Key, TableEvent
from .board import CALL_KEYS, STRAIN_KEYS

_STRAIN_KEYS = {str(strain): key for key, strain in STRAIN_KEYS.items()}
_CALL_KEYS = {str(call): key for key, call in CALL_KEYS.items()}


def call_events(seat: Seat, call: Call) -> list[TableEvent]:
    """The key presses of one call: a bid is its level key then its strain key."""
    if call.is_bid:
        return [TableEvent.key(seat, Key(str(call.level))),
                TableEvent.key(seat, _STRAIN_KEYS[str(call)[1:]])]
    return [TableEvent.key(seat, _CALL_KEYS[str(call)])]


def auction_events(dealer: Seat, calls: str) -> list[TableEvent]:
    """The presses of a whole auction, e.g. ``auction_events(Seat.N, "1NT Pass 3NT Pass Pass Pass")``."""
    events: list[TableEvent] = []
    for i, text in enumerate(calls.split()):
        events += call_events(dealer.after(i), Call.parse(text))
    return events


def play_events(deal: Deal, auction: Auction, tricks: int = 13) -> list[TableEvent]:
    """Card scans for the first ``tricks`` tricks; dummy's cards are scanned at dummy's seat in
    odd tricks and at declarer's in even ones (both are allowed)."""
    contract, declarer = auction.contract, auction.declarer
    assert contract is not None and declarer is not None, "the auction has no contract"
    play = Play(deal, contract, declarer)
    events: list[TableEvent] = []
    while len(play.completed_tricks) < tricks:
        turn = play.turn
        card = play.legal_cards()[0]
        seat = declarer if turn == play.dummy and len(play.tricks) % 2 == 0 else turn
        play.play(card)
        events.append(TableEvent.card(seat, card))
    return events


def board_events(deal: Deal, dealer: Seat, calls: str) -> list[TableEvent]:
    """A whole board: OK to start, the auction, the play of 13 tricks, the opponents' OK."""
    auction = Auction(dealer, calls.split())
    events = [TableEvent.key(dealer, Key.OK), *auction_events(dealer, calls)]
    declarer = auction.declarer
    if declarer is not None:
        events += play_events(deal, auction)
    confirmer = Seat.E if declarer is None else declarer.lho
    return [*events, TableEvent.key(confirmer, Key.OK)]
