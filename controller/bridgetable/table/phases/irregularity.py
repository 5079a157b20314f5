"""Irregularities under the "laws" policy (Laws 27, 29-32, 53-56): an insufficient bid, a call
out of rotation or a lead out of turn, held pending until accepted at the seat the Law names or
decided by the director."""

from __future__ import annotations

from ...bridge import Choice, Seat
from ...events import Key
from ..board import BoardInPlay, Phase, Refused


def text(b: BoardInPlay) -> str | None:
    """What the displays show: "1D insufficient after 1H: South accepts (OK) or director
    (DIRECTOR)", the director's keys once called, or the substitute a Law 27B refusal asks for."""
    irr = b.irregularity()
    if irr is None:
        refused = b.auction.substitute_for if b.phase is Phase.AUCTION else None
        if refused is None:
            return None
        return f"{refused.offender.full_name}: replace {refused.subject} by a legal call (Law 27B)"
    last = b.auction.last_bid
    what = {"insufficient bid": f"insufficient after {last.call if last else ''}",
            "call out of rotation": f"out of rotation by {irr.offender.full_name}",
            "lead out of turn": f"led out of turn by {irr.offender.full_name}"}[irr.kind]
    if b.director is not None:
        return f"{irr.subject} {what} (Law {irr.law}): director: OK accepts, UNDO does not"
    who = " or ".join(seat.full_name for seat in irr.deciders)
    return f"{irr.subject} {what}: {who} accepts (OK) or director (DIRECTOR)"


def on_key(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    """OK at a decider's seat accepts; DIRECTOR calls the director (again: the call is
    answered), who then decides at any seat: OK accepts, UNDO does not."""
    irr = b.irregularity()
    assert irr is not None
    if key is Key.DIRECTOR:
        if b.director is not None:
            b.toggle_director(seat)
        else:
            b.toggle_director(seat, f"{irr} (called by {seat.full_name})")
        return text(b)
    if b.director is not None and key in (Key.OK, Key.UNDO):
        decided_by: Seat | None = None
    elif key is Key.OK and seat in irr.deciders:
        decided_by = seat
    else:
        raise Refused(text(b) or "")
    choice = Choice.ACCEPT if key is Key.OK else Choice.REFUSE
    if b.phase is Phase.AUCTION:
        b.auction.decide(choice, decided_by)
    else:
        b.require_play().decide(choice, decided_by)
    b.director, b.director_reason = None, ""
    if b.phase is Phase.AUCTION and b.auction.is_complete:
        b.contract_known()
    return text(b) or str(irr)
