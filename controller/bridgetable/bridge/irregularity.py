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

from ..i18n import LAWS, N_
from . import words
from .cards import Seat
from .errors import BridgeError

_ = LAWS.gettext

Policy = Literal["prevent", "laws"]
"""``prevent`` refuses an irregular call or card (as online play does); ``laws`` records it as it
happened so that the Laws can rectify it (revokes, Laws 61-64; insufficient bids, calls out of
rotation and leads out of turn, see ``Irregularity``)."""

DIRECTOR = "director"
"""``decided_by`` of a decision entered by the director rather than by a player."""

KINDS = {"insufficient bid": N_("insufficient bid"), "call out of rotation": N_("call out of rotation"),
         "lead out of turn": N_("lead out of turn")}
"""The kinds of irregularity (``Irregularity.kind``, a key), as a person reads them."""


class Choice(Enum):
    """What the player the Law names (or the director) decides about an irregularity."""

    ACCEPT = "accept"  # it stands (Laws 27A, 29A, 53A, 54B, 55A)
    REFUSE = "refuse"  # not accepted: cancelled or taken back, and the Law's rectification applies
    SPREAD = "spread"  # an opening lead out of turn: declarer spreads his hand and becomes dummy (54A)


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
            text = (_("{irregularity} was already decided: not accepted") if self.decision is Choice.REFUSE
                    else _("{irregularity} was already decided: accepted"))
            raise ValueError(text.format(irregularity=self.describe()))
        if choice not in self.options:
            raise ValueError(_("{choice} is not an option for {irregularity}").format(
                choice=choice.value, irregularity=self.describe()))
        if by is not None and by not in self.deciders:
            raise ValueError(_("{seat} may not decide on {irregularity}: {deciders} (or the director) may")
                             .format(seat=words.seat(by), irregularity=self.describe(),
                                     deciders=words.seats(self.deciders)))
        self.decision = choice
        self.decided_by = DIRECTOR if by is None else str(by)

    def describe(self) -> str:
        """What happened, e.g. "insufficient bid 1D by South when it was South's turn"."""
        subject = words.card(self.subject) if self.kind == "lead out of turn" else words.call(self.subject)
        return _("{kind} {subject} by {seat}").format(
            kind=_(KINDS[self.kind]), subject=subject, seat=words.seat(self.offender))

    def __str__(self) -> str:
        """What happened and was decided, in the language spoken now (the rectification's lines
        in the one spoken when each was made)."""
        return "; ".join(self.lines())

    def lines(self) -> list[str]:
        """What happened and what was decided, then each line of the rectification."""
        text = _("{irregularity} (Law {law})").format(irregularity=self.describe(), law=self.law)
        if self.decision is None:
            return [_("{irregularity}: {deciders} may accept, or the director decides").format(
                irregularity=text, deciders=words.seats(self.deciders))]
        accepted = self.decision is not Choice.REFUSE  # as it stands, or with declarer as dummy
        if self.decided_by == DIRECTOR:
            done = (_("{irregularity}: accepted by the director") if accepted
                    else _("{irregularity}: not accepted by the director"))
        else:
            done = (_("{irregularity}: accepted by {seat}") if accepted
                    else _("{irregularity}: not accepted by {seat}"))
        done = done.format(irregularity=text, seat=words.seat(self.decided_by))
        return [done, *self.rectification]


def pending_of(irregularities: list[Irregularity]) -> Irregularity | None:
    """The last irregularity of the list if it still awaits a decision."""
    last = irregularities[-1] if irregularities else None
    return last if last is not None and last.pending else None


def decide_pending(irregularities: list[Irregularity], choice: Choice, by: Seat | None,
                   error: type[BridgeError], nothing: str) -> Irregularity:
    """Record the decision on the pending irregularity; ``error`` (IllegalCall, IllegalCard) says
    why it cannot be taken: nothing pending (the message ``nothing``), a player who may not decide..."""
    pending = pending_of(irregularities)
    if pending is None:
        raise error(nothing, law="9B")
    try:
        pending.decide(choice, by)
    except ValueError as problem:
        raise error(str(problem), law=pending.law) from None
    return pending
