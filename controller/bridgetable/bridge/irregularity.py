"""Irregularities held pending a decision under the ``laws`` policy, and the record of each.

Under ``prevent`` (the default) the auction and the play refuse an irregular call or card, as
online play does. Under ``laws`` some irregularities are recorded as they happened instead: an
insufficient bid (Law 27), a call out of rotation (Laws 29-32) and a lead out of turn (Laws
53-56). The auction or play then waits for ``decide``: the player the Law names (or the director)
accepts the irregularity, or does not, and the Law's rectification follows. Each ``Irregularity``
stays in the auction's or play's ``irregularities`` list with its decision, so that a board's
record can say what happened and what was decided.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Literal

from .cards import Seat
from .errors import BridgeError

Policy = Literal["prevent", "laws"]
"""``prevent`` refuses an irregular call or card (as online play does); ``laws`` records it as it
happened so that the Laws can rectify it (revokes, Laws 61-64; insufficient bids, calls out of
rotation and leads out of turn, see ``Irregularity``)."""

DIRECTOR = "director"
"""``decided_by`` of a decision entered by the director rather than by a player."""


class Choice(Enum):
    """What the player the Law names (or the director) decides about an irregularity."""

    ACCEPT = "accept"  # it stands (Laws 27A, 29A, 53A, 54, 55A)
    REFUSE = "refuse"  # not accepted: cancelled or taken back, and the Law's rectification applies


@dataclass(slots=True)
class Irregularity:
    """One irregular call or lead, what the Laws allow, and (once made) the decision.

    ``at`` is when it happened: the number of calls already in the auction, or the 0-based index
    of the trick for a lead. ``in_turn`` is the seat (or hand) whose turn it was. ``deciders``
    are the players who may choose (the director always may)."""

    kind: str  # "insufficient bid", "call out of rotation", "lead out of turn"
    law: str
    offender: Seat
    subject: str  # the call or card, as text ("1D", "SA")
    at: int
    in_turn: Seat
    deciders: tuple[Seat, ...]
    options: tuple[Choice, ...] = (Choice.ACCEPT, Choice.REFUSE)
    decision: Choice | None = None
    decided_by: str | None = None  # a seat's letter, or DIRECTOR
    rectification: list[str] = field(default_factory=list)  # what followed, each naming its Law

    @property
    def pending(self) -> bool:
        return self.decision is None

    def decide(self, choice: Choice, by: Seat | None) -> None:
        """Record the decision; ``by`` None is the director. Raises ValueError for a player who
        may not decide or an irregularity already decided (the engine turns it into its own
        exception)."""
        if self.decision is not None:
            raise ValueError(f"{self.describe()} was already decided: {self.decision.value}")
        if choice not in self.options:
            raise ValueError(f"{choice.value} is not an option for {self.describe()}")
        if by is not None and by not in self.deciders:
            names = " or ".join(seat.full_name for seat in self.deciders)
            raise ValueError(f"{by.full_name} may not decide on {self.describe()}: "
                             f"{names} (or the director) may")
        self.decision = choice
        self.decided_by = DIRECTOR if by is None else str(by)

    def describe(self) -> str:
        """What happened, e.g. "insufficient bid 1D by South when it was South's turn"."""
        return f"{self.kind} {self.subject} by {self.offender.full_name}"

    def __str__(self) -> str:
        text = f"{self.describe()} (Law {self.law})"
        if self.decision is None:
            who = " or ".join(seat.full_name for seat in self.deciders)
            return f"{text}: {who} may accept, or the director decides"
        by = "the director" if self.decided_by == DIRECTOR else Seat.parse(self.decided_by or "").full_name
        verb = "accepted" if self.decision is Choice.ACCEPT else "not accepted"
        done = f"{text}: {verb} by {by}"
        return "; ".join([done, *self.rectification])


def pending_of(irregularities: list[Irregularity]) -> Irregularity | None:
    """The last irregularity of the list if it still awaits a decision."""
    last = irregularities[-1] if irregularities else None
    return last if last is not None and last.pending else None


def decide_pending(irregularities: list[Irregularity], choice: Choice, by: Seat | None,
                   error: type[BridgeError], what: str) -> Irregularity:
    """Record the decision on the pending irregularity; ``error`` (IllegalCall, IllegalCard) says
    why it cannot be taken: nothing pending (``what`` names it), a player who may not decide..."""
    pending = pending_of(irregularities)
    if pending is None:
        raise error(f"there is no {what} awaiting a decision", law="9B")
    try:
        pending.decide(choice, by)
    except ValueError as problem:
        raise error(str(problem), law=pending.law) from None
    return pending
