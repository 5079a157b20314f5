"""Minibridge's announcement, instead of an auction (seed 003, ``bridge.minibridge``).

Each player in turn from the dealer announces their high-card points with the keys (digits 1-7
and Pass for 0, one after the other: 1 then 2 is 12; X takes one off, XX adds one; OK enters;
UNDO clears, or lets the last to announce announce again); with the hand check the table counts
them itself. The pair with more points plays and its player with more points declares (partners
level: the first to announce). 20 each: OK at any seat, and the same dealer deals again.
Declarer, dummy shown, announces like a bid: the one level and a strain for a part-score (1H:
part-score in hearts), the game level for a game (3NT, 4H, 4S, 5C, 5D)."""

from __future__ import annotations

from ...bridge import Announcement, Contract, Seat, minibridge_declarer, words
from ...events import Key
from ...i18n import LAWS, N_, notation
from ..board import LEVEL_KEYS, STRAIN_KEYS, BoardInPlay, Refused, stepped

_ = LAWS.gettext

DIGITS = {**LEVEL_KEYS, Key.PASS: 0}
MOST_POINTS = 37  # the most high-card points one hand can hold
TWENTY_EACH_OK = N_("20 points each: OK, and the same dealer deals again")


def points(b: BoardInPlay) -> dict[Seat, int]:
    """The points announced so far, or all four counted from the known hands."""
    if b.deal is not None:
        return {seat: b.deal[seat].hcp for seat in Seat}
    return b.announced


def turn(b: BoardInPlay) -> Seat | None:
    """Whose points are due (None once all four are known)."""
    known = points(b)
    return None if len(known) == 4 else b.dealer.after(len(known))


def declarer(b: BoardInPlay) -> Seat | None:
    """Who declares once the four points are known (None: not yet, or 20 each)."""
    known = points(b)
    return None if len(known) < 4 else minibridge_declarer(known, b.dealer)


def on_key(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    due = turn(b)
    if due is not None:
        return _on_points(b, seat, key, due)
    return _on_announcement(b, seat, key)


def _on_points(b: BoardInPlay, seat: Seat, key: Key, due: Seat) -> str | None:
    if key is Key.UNDO:
        return _undo_points(b, seat)
    if seat != due:
        raise Refused(_("{seat} announces their high-card points now").format(seat=words.seat(due)))
    if key in DIGITS:
        joined = b.number * 10 + DIGITS[key]
        b.number = joined if joined <= MOST_POINTS else DIGITS[key]
        return None
    if key in (Key.DOUBLE, Key.REDOUBLE):
        b.number = stepped(b.number, key, 0, MOST_POINTS)
        return None
    if key is not Key.OK:
        raise Refused(_("your high-card points: 1-7 and Pass (0) digit by digit, X -1, XX +1, then OK"))
    announced = {**b.announced, seat: b.number}
    if len(announced) == 4 and sum(announced.values()) != 40:
        raise Refused(_("the points add up to {total}, not 40: check them (UNDO at the last seat that "
                        "announced)").format(total=sum(announced.values())))
    b.announced, b.number = announced, 0
    if len(announced) < 4:
        return None
    chosen = declarer(b)
    if chosen is None:
        return _(TWENTY_EACH_OK)
    return _("{seat} declares: dummy down, then part-score or game").format(seat=words.seat(chosen))


def _undo_points(b: BoardInPlay, seat: Seat) -> str:
    if b.number:
        b.number = 0
        return _("points cleared")
    last = b.dealer.after(len(b.announced) - 1) if b.announced else None
    if last != seat:
        raise Refused(_("{seat}: nothing of yours to take back").format(seat=words.seat(seat)))
    del b.announced[seat]
    return _("{seat} announces again").format(seat=words.seat(seat))


def _on_announcement(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    chosen = declarer(b)
    if chosen is None:  # 20 each
        if key is not Key.OK:
            raise Refused(_(TWENTY_EACH_OK))
        b.set_result(0)
        return _(b.rules.passed_out)
    if key is Key.UNDO and b.announced and not b.pending:
        return _undo_points(b, seat)
    if seat != chosen:
        raise Refused(_("{seat} declares and announces part-score or game").format(seat=words.seat(chosen)))
    if key in LEVEL_KEYS:
        b.pending[seat] = LEVEL_KEYS[key]
        return None
    if key is Key.UNDO and b.pending:
        b.pending.clear()
        return _("announcement cleared")
    if key not in STRAIN_KEYS or seat not in b.pending:
        games = ", ".join(words.call(game) for game in ("3NT", "4H", "4S", "5C", "5D"))
        raise Refused(_("announce like a bid: 1 and a strain for a part-score, the game ({games}) for a "
                        "game").format(games=games))
    contract = Contract(b.pending[seat], STRAIN_KEYS[key])
    announcement = Announcement.of(contract)  # a ParseError for any other level
    b.contract, b.declarer = contract, chosen
    b.pending.clear()
    b.begin_play()
    text = (_("{seat} announces part in {strain}") if announcement is Announcement.PART
            else _("{seat} announces game in {strain}"))
    return text.format(seat=words.seat(chosen), strain=notation.strain(str(contract.strain)))
