"""Irregularities under the "laws" policy (Laws 27, 29-32, 53-56): an insufficient bid, a call
out of rotation or a lead out of turn, held pending until accepted at the seat the Law names or
decided by the director."""

from __future__ import annotations

from ...bridge import Choice, Seat, words
from ...events import Key
from ...i18n import LAWS
from ..board import BoardInPlay, Phase, Refused

_ = LAWS.gettext


def text(b: BoardInPlay) -> str | None:
    """What the displays show: "1D insufficient after 1H: South accepts (OK) or director
    (DIRECTOR)", the director's keys once called, or the substitute a Law 27B refusal asks for."""
    irr = b.irregularity()
    if irr is None:
        refused = b.auction.substitute_for if b.phase is Phase.AUCTION else None
        if refused is None:
            return None
        return _("{seat}: replace {call} by a legal call (Law 27B)").format(
            seat=words.seat(refused.offender), call=words.call(refused.subject))
    last = b.auction.last_bid
    what = {"insufficient bid": _("{subject} insufficient after {last}"),
            "call out of rotation": _("{subject} out of rotation by {seat}"),
            "lead out of turn": _("{subject} led out of turn by {seat}")}[irr.kind].format(
        subject=words.card(irr.subject) if irr.kind == "lead out of turn" else words.call(irr.subject),
        last=words.call(last.call) if last else "", seat=words.seat(irr.offender))
    if b.director is not None:
        return _("{what} (Law {law}): director: OK accepts, UNDO does not").format(what=what, law=irr.law)
    return _("{what}: {seats} accepts (OK) or director (DIRECTOR)").format(
        what=what, seats=words.seats(irr.deciders))


def on_key(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    """OK at a decider's seat accepts; DIRECTOR calls the director (again: the call is
    answered), who then decides at any seat: OK accepts, UNDO does not."""
    irr = b.irregularity()
    assert irr is not None
    if key is Key.DIRECTOR:
        if b.director is not None:
            b.toggle_director(seat)
        else:
            b.toggle_director(seat, _("{irregularity} (called by {seat})").format(
                irregularity=irr, seat=words.seat(seat)))
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
