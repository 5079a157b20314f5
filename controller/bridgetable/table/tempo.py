"""The tempo of a board: how long each call and each card took (issue 29).

The table journals every accepted event with its moment (``journal.Journal``, ``at``). The flow
is given that moment with each event (``BoardFlow.handle(event, at)``), both as it happens and
when the journal is replayed, so a replayed journal gives the same tempo to the tenth.

What one time measures, exactly: the time of a call (or card) is the moment of the event that
made it, less the moment of the previous *tempo event* of the board. A tempo event is

- the event that began the auction (OK on the start screen, or the hand check's last card): the
  dealer's turn begins there, so the first call counts from it; at a table without bidding
  boxes, the contract entered (OK at declarer's seat), from which the opening lead counts;
- any event that made or withdrew a call or a card (a call replaced under Law 25A counts from
  the withdrawal; the opening lead from the auction's last pass).

Keys between (a level before its strain, ALERT, STOP, a refused key, the director's call and
answer) do not reset it: the time is the player's from the previous call or card to this one.
When one event makes more than one call or card (a pass the Laws impose, Law 28A; an
irregularity accepted), the first gets the time and the others 0. The times are kept in tenths of
a second, at most ``MAX_TENTHS`` (a table left standing overnight does not make a result that
the station cannot take).

``stops`` are the indices of the bids made after the bidder's STOP (``phases.auction``): the
next call's time is the pause the regulation asks of the next player (Law 73A2), which the
director sees against it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

MAX_TENTHS = 36000  # an hour: longer is not a tempo but a table left standing


def tenths(seconds: float) -> int:
    """Seconds as whole tenths, within 0..MAX_TENTHS (a clock set back gives 0)."""
    return max(0, min(MAX_TENTHS, round(seconds * 10)))


@dataclass(slots=True)
class Tempo:
    """The tempo of one board as its events arrive: ``calls[i]`` and ``cards[i]`` in tenths of a
    second, one per call of the auction and per card of the play (as the result records them).
    ``known`` is False once an event came without its moment (a flow driven without a clock):
    such a board's result carries no tempo."""

    calls: list[int] = field(default_factory=list)
    cards: list[int] = field(default_factory=list)
    stops: list[int] = field(default_factory=list)
    last: float | None = None  # the moment of the previous tempo event
    known: bool = True

    def begin(self, at: float | None) -> None:
        """The auction has begun (the dealer's turn)."""
        if at is None:
            self.known = False
        self.last = at

    def observe(self, at: float | None, calls: int, cards: int) -> None:
        """After an accepted event at ``at``: the board now has ``calls`` calls and ``cards``
        cards played."""
        if calls == len(self.calls) and cards == len(self.cards):
            return
        if at is None:
            self.known = False
        spent = tenths(at - self.last) if at is not None and self.last is not None else 0
        for times, count in ((self.calls, calls), (self.cards, cards)):
            if count < len(times):  # withdrawn
                del times[count:]
                self.stops = [i for i in self.stops if i < calls]
            elif count > len(times):
                times += [spent] + [0] * (count - len(times) - 1)
                spent = 0
        self.last = at

    def record(self) -> dict[str, list[int]] | None:
        """The result's ``tempo`` field, or None when not every moment is known."""
        if not self.known:
            return None
        stops = {"stops": list(self.stops)} if self.stops else {}
        return {"calls": list(self.calls), "cards": list(self.cards), **stops}
