"""The auction from the bidding boxes, or, without them, the contract entered with the buttons;
and going back to it (Law 25A) before the opening lead."""

from __future__ import annotations

from ...bridge import Call, Contract, Seat, words
from ...events import Key
from ...i18n import LAWS
from ..board import CALL_KEYS, LEVEL_KEYS, STRAIN_KEYS, BoardInPlay, Phase, Refused
from . import irregularity

_ = LAWS.gettext


def on_auction_key(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
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
        _after_call(b, seat, call)
    if b.auction.pending is not None:
        return irregularity.text(b)
    return b.contract_known() if b.auction.is_complete else None


def _after_call(b: BoardInPlay, seat: Seat, call: Call) -> None:
    """A STOP before a bid makes the next player wait (the service times the pause); any call
    by the waiting player, or a call that is not a bid, ends it."""
    if b.stopper == seat and call.is_bid:
        b.stopped = seat.lho
    else:
        b.stopped = None
    b.stopper = None


def undo_call(b: BoardInPlay, seat: Seat) -> str:
    """UNDO clears a level chosen; else ``seat`` replaces its last call as unintended, until
    partner has called, and the call its left-hand opponent made over it is withdrawn too (Law
    25A, under both policies). The seat then makes the intended call."""
    if b.pending.pop(seat, None) is not None:
        return _("{seat}: level cleared").format(seat=words.seat(seat))
    b.auction.undo(seat)
    change = b.auction.changes[-1]
    b.phase = Phase.AUCTION
    b.contract = b.declarer = b.play = None
    b.tricks = None
    b.stopper = b.stopped = None
    return str(change)


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
