"""The auction from the bidding boxes, or, without them, the contract entered with the buttons;
and going back to it (Law 25A) before the opening lead.

UNDO replaces one's last call as unintended (Law 25A) at the box until the left-hand opponent has
called over it; after that it calls the director, who rules at any seat: OK, unintended (25A: the
call is replaced, and the left-hand opponent may keep his call with OK or replace it, 25A6), UNDO,
not (25B: the call stands). With the director called, OK also rules the last call, a substitute
for a cancelled call, comparable (Law 23A; 27B1(b), 31A2(a), 32A2(a))."""

from __future__ import annotations

from ...bridge import Call, Contract, Seat, words
from ...events import Key
from ...i18n import LAWS
from ..board import CALL_KEYS, LEVEL_KEYS, STRAIN_KEYS, BoardInPlay, Phase, Refused
from . import irregularity

_ = LAWS.gettext


def on_auction_key(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    if b.director is None:
        b.change_asked = None  # the call was answered without a ruling: the call stands
    asked = b.change_asked
    if asked is not None:
        return _rule_change(b, asked, key)
    if key is Key.OK and b.director is not None:  # the director rules the last call comparable
        ruled = b.auction.rule_comparable()
        b.toggle_director(seat)
        return ruled.rectification[-1]
    if key is Key.OK and _kept_call(b, seat) is not None:
        return _keep_call(b, seat)
    if key is Key.UNDO:
        return undo_call(b, seat)
    if key is Key.ALERT:
        index = b.auction.alert(seat)
        return _("{seat} alerts {call}").format(
            seat=words.seat(seat), call=words.call(b.auction.calls[index]))
    if key is Key.STOP:
        if seat != b.auction.turn:
            raise Refused(_("{seat}: STOP comes before one's own skip bid").format(seat=words.seat(seat)))
        b.stopper = seat
        return _("{seat}: STOP").format(seat=words.seat(seat))
    if key is Key.OK:
        raise Refused(_("OK is not a call: use a level then a strain, Pass, X or XX"))
    if key is Key.CLAIM:
        raise Refused(_("no claim during the auction"))
    turn = b.auction.turn
    if seat != turn and b.config.policy == "prevent":
        raise Refused(_("{seat} out of rotation: it is {turn}'s call (Law 29-32)").format(
            seat=words.seat(seat), turn=words.seat(turn)))
    if key in LEVEL_KEYS:
        b.pending[seat] = LEVEL_KEYS[key]
        return None
    if key in STRAIN_KEYS:
        if seat not in b.pending:
            raise Refused(_("{seat}: press a level (1-7) before the strain").format(seat=words.seat(seat)))
        call = Call.bid(b.pending[seat], STRAIN_KEYS[key])
    else:
        call = CALL_KEYS[key]
    made = len(b.auction)
    b.auction.add(call, seat)
    b.pending.pop(seat, None)
    if len(b.auction) > made:
        _after_call(b, seat, call, made)
    if b.auction.pending is not None:
        return irregularity.text(b)
    if b.auction.is_complete:
        return b.contract_known()
    if len(b.auction) == made + 2:  # the turn of a player obliged to pass
        return _("{turn} must pass: {seat}'s {call} is in rotation (Law 28A)").format(
            turn=words.seat(turn), seat=words.seat(seat), call=words.call(call))
    return None


def _after_call(b: BoardInPlay, seat: Seat, call: Call, index: int) -> None:
    """A STOP before a bid (call ``index`` of the auction) makes the next player wait (the service
    times the pause, the tempo keeps the bid); any call by the waiting player, or a call that is
    not a bid, ends it."""
    if b.stopper == seat and call.is_bid:
        b.stopped = seat.lho
        b.tempo.stops.append(index)
    else:
        b.stopped = None
    b.stopper = None


def undo_call(b: BoardInPlay, seat: Seat) -> str:
    """UNDO clears a level chosen; else ``seat`` replaces its last call as unintended, until
    partner has called (Law 25A, under both policies): at once while nobody has called over it;
    once the left-hand opponent has, the director is called to rule (see the module). The seat
    then makes the intended call."""
    if b.pending.pop(seat, None) is not None:
        return _("{seat}: level cleared").format(seat=words.seat(seat))
    over = _called_over(b, seat)
    if over is None:
        b.auction.undo(seat)
        _reopen(b)
        return str(b.auction.changes[-1])
    b.auction.copy().undo(seat)  # refused as the Law refuses it (partner has called...)
    mine = [made.call for made in b.auction if made.seat == seat][-1]
    if b.auction.is_complete:  # the director's keys are the auction's: the director rules apart
        raise Refused(_("{seat}'s {call}: the auction is over and {lho} has called over it: call the "
                        "director (Law 25)").format(seat=words.seat(seat), call=words.call(mine),
                                                    lho=words.seat(seat.lho)))
    b.change_asked = seat
    return b.toggle_director(seat, _(
        "{seat} asks to replace {call} after {lho}'s {over}: director: OK unintended (Law 25A), "
        "UNDO not (Law 25B)").format(seat=words.seat(seat), call=words.call(mine),
                                     lho=words.seat(seat.lho), over=words.call(over)))


def _reopen(b: BoardInPlay) -> None:
    """Back to the auction: a call of it is being replaced."""
    b.phase = Phase.AUCTION
    b.contract = b.declarer = b.play = None
    b.tricks = None
    b.stopper = b.stopped = None


def _called_over(b: BoardInPlay, seat: Seat) -> Call | None:
    """The call ``seat``'s left-hand opponent made over ``seat``'s last call, if any."""
    made = list(b.auction)
    last = max((i for i, m in enumerate(made) if m.seat == seat), default=None)
    if last is None:
        return None
    return next((m.call for m in made[last + 1:] if m.seat == seat.lho), None)


def _rule_change(b: BoardInPlay, seat: Seat, key: Key) -> str:
    """The director's ruling on ``seat``'s wish to replace its call after the left-hand opponent
    has called: OK unintended (Law 25A), UNDO not (25B: the call stands)."""
    if key not in (Key.OK, Key.UNDO):
        raise Refused(_("the director rules first: OK unintended (Law 25A), UNDO not (Law 25B)"))
    b.change_asked = None
    b.toggle_director(seat)
    if key is Key.OK:
        b.auction.undo(seat)
        return str(b.auction.changes[-1])
    mine = [made.call for made in b.auction if made.seat == seat][-1]
    note = _("the director rules {seat}'s {call} intended: it stands (Law 25B)").format(
        seat=words.seat(seat), call=words.call(mine))
    b.director_calls.append(note)
    return note


def _kept_call(b: BoardInPlay, seat: Seat) -> Call | None:
    """The call ``seat`` made over a call replaced as unintended, which it may keep now, at its
    turn right after the replacement (Law 25A6)."""
    if not b.auction.changes or b.auction.is_complete or b.auction.pending is not None:
        return None
    change = b.auction.changes[-1]
    replaced = len(b.auction) == change.at + 1 and list(b.auction)[-1].seat == change.seat
    if change.lho_call is None or not replaced or seat != change.seat.lho or seat != b.auction.turn:
        return None
    return change.lho_call


def _keep_call(b: BoardInPlay, seat: Seat) -> str:
    """``seat`` keeps the call it made over the replaced one (Law 25A6), if it is still legal."""
    call = _kept_call(b, seat)
    assert call is not None
    problem = b.auction.why_illegal(call)
    if problem is not None:
        raise Refused(_("{seat}'s {call} cannot stand: {problem}; {seat} calls again").format(
            seat=words.seat(seat), call=words.call(call), problem=problem))
    b.auction.add(call)
    note = _("{seat} keeps {call} (Law 25A6)").format(seat=words.seat(seat), call=words.call(call))
    b.director_calls.append(note)
    if b.auction.is_complete:
        b.contract_known()
    return note


def back_to_auction(b: BoardInPlay, seat: Seat) -> str:
    """Withdraw the auction's last call, or the contract entered, before the opening lead."""
    if b.config.bidding_boxes:
        return undo_call(b, seat)
    b.phase, b.number, b.entry_strain, b.entry_risk = Phase.CONTRACT_ENTRY, 0, None, 0
    b.contract = b.declarer = b.play = None
    b.tricks = None
    return _("enter the contract again")


def on_contract_entry(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    if key in LEVEL_KEYS:
        b.number = LEVEL_KEYS[key]
    elif key in STRAIN_KEYS:
        if not b.number:
            raise Refused(_("contract: press the level first"))
        b.entry_strain = STRAIN_KEYS[key]
    elif key in (Key.DOUBLE, Key.REDOUBLE):
        b.entry_risk = 1 if key is Key.DOUBLE else 2
    elif key is Key.PASS:
        b.number, b.entry_strain, b.entry_risk = 0, None, 0
    elif key is Key.UNDO:
        b.number, b.entry_strain, b.entry_risk = 0, None, 0
        return _("contract cleared")
    elif key is Key.OK:
        return _enter_contract(b, seat)
    else:
        raise Refused(_("contract: level, strain, X or XX, then OK at declarer's seat"))
    return None


def _enter_contract(b: BoardInPlay, seat: Seat) -> str | None:
    if b.number and b.entry_strain is None:
        raise Refused(_("contract: the strain is missing"))
    if b.entry_strain is None:  # Pass then OK: passed out
        b.set_result(0)
        return _(b.rules.passed_out)
    b.contract = Contract(b.number, b.entry_strain, b.entry_risk)
    b.declarer = seat
    b.begin_play()
    return None
