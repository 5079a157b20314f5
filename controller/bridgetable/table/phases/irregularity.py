"""Irregularities under the "laws" policy (Laws 27, 29-32, 53-56): an insufficient bid, a call
out of rotation or a lead out of turn, held pending until accepted at the seat the Law names (or,
after an opening lead out of turn, declarer's hand spread as dummy, 54A) or decided by the
director."""

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
    spread = Choice.SPREAD in irr.options
    if b.director is not None:
        text = (_("{what} (Law {law}): director: OK accepts, PASS declarer becomes dummy (54A), "
                  "UNDO does not") if spread
                else _("{what} (Law {law}): director: OK accepts, UNDO does not"))
        return text.format(what=what, law=irr.law)
    if spread:
        text = _("{what}: {seats} accepts (OK), does not (UNDO), becomes dummy (PASS, Law 54A) or "
                 "director (DIRECTOR)")
    elif irr.kind == "lead out of turn":
        text = _("{what}: {seats} accepts (OK), does not (UNDO) or director (DIRECTOR)")
    else:
        text = _("{what}: {seats} accepts (OK) or director (DIRECTOR)")
    return text.format(what=what, seats=words.seats(irr.deciders))


_CHOICES = {Key.OK: Choice.ACCEPT, Key.UNDO: Choice.REFUSE, Key.PASS: Choice.SPREAD}


def on_key(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    """OK at a decider's seat accepts, UNDO there refuses a lead out of turn (an irregular call
    only the director refuses), PASS there (an opening lead out of turn) spreads declarer's hand
    as dummy (Law 54A); DIRECTOR calls the director (again: the call is answered), who then
    decides at any seat: OK accepts, UNDO does not, PASS spreads."""
    irr = b.irregularity()
    assert irr is not None
    if key is Key.DIRECTOR:
        if b.director is not None:
            b.toggle_director(seat)
        else:
            b.toggle_director(seat, _("{irregularity} (called by {seat})").format(
                irregularity=irr, seat=words.seat(seat)))
        return text(b)
    choice = _CHOICES.get(key)
    if choice not in irr.options:
        raise Refused(text(b) or "")
    decided_by: Seat | None
    if b.director is not None:
        decided_by = None
    elif seat in irr.deciders and (choice is not Choice.REFUSE or irr.kind == "lead out of turn"):
        decided_by = seat  # a lead the player named may also refuse himself (Laws 53, 54D, 55, 56)
    else:
        raise Refused(text(b) or "")
    assert choice is not None
    if b.phase is Phase.AUCTION:
        b.auction.decide(choice, decided_by)
    else:
        play = b.require_play()
        play.decide(choice, decided_by)
        b.declarer = play.declarer  # declarer's partner after Law 54A
    b.director, b.director_reason = None, ""
    if b.phase is Phase.AUCTION and b.auction.is_complete:
        b.contract_known()
    return text(b) or str(irr)
