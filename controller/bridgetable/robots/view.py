"""What one robot may see during the play: its own cards, dummy once the opening lead is made,
and the cards already played. The card-play robot is given a ``PlayView``, never the Deal."""

from __future__ import annotations

from dataclasses import dataclass

from ..bridge import Card, Contract, Play, Seat, Side, Suit


@dataclass(frozen=True, slots=True)
class PlayedTrick:
    """A trick as everyone at the table saw it: the leader and the cards in playing order."""

    leader: Seat
    cards: tuple[Card, ...]

    def seat_of(self, index: int) -> Seat:
        return self.leader.after(index)


@dataclass(frozen=True, slots=True)
class PlayView:
    """The information a robot has when a card is due from ``seat``.

    ``player`` is who chooses the card: the seat itself, or declarer when dummy is to play.
    ``own`` are the player's remaining cards, ``dummy`` dummy's remaining cards (None until the
    opening lead; for declarer choosing from dummy, ``own`` is declarer's hand). ``tricks`` are
    all tricks begun so far, the last one possibly incomplete.
    """

    seat: Seat
    player: Seat
    contract: Contract
    declarer: Seat
    own: frozenset[Card]
    dummy: frozenset[Card] | None
    tricks: tuple[PlayedTrick, ...]
    legal: tuple[Card, ...]

    @property
    def trump(self) -> Suit | None:
        return self.contract.strain.trump

    @property
    def dummy_seat(self) -> Seat:
        return self.declarer.partner

    @property
    def is_declarer_side(self) -> bool:
        return self.player.side is self.declarer.side

    @property
    def side(self) -> Side:
        return self.player.side

    @property
    def hand(self) -> frozenset[Card]:
        """The remaining cards of the hand that is to play."""
        if self.seat == self.player:
            return self.own
        assert self.dummy is not None  # only declarer plays for another seat, after the lead
        return self.dummy

    @property
    def current(self) -> PlayedTrick:
        return self.tricks[-1]

    @property
    def completed(self) -> tuple[PlayedTrick, ...]:
        return tuple(trick for trick in self.tricks if len(trick.cards) == 4)


def view_for(play: Play) -> PlayView:
    """The view of the hand in turn (declarer's view when dummy is to play)."""
    seat = play.turn
    player = play.declarer if seat == play.dummy else seat
    dummy = frozenset(play.remaining(play.dummy)) if play.dummy_exposed else None
    return PlayView(
        seat=seat,
        player=player,
        contract=play.contract,
        declarer=play.declarer,
        own=frozenset(play.remaining(player)),
        dummy=dummy,
        tricks=tuple(PlayedTrick(trick.leader, tuple(trick.cards)) for trick in play.tricks),
        legal=tuple(play.legal_cards()),
    )
