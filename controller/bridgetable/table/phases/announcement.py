"""Minibridge's announcement, instead of an auction (seed 003, ``bridge.minibridge``).

Each player in turn from the dealer announces their high-card points with the keys (digits 1-7
and Pass for 0, one after the other: 1 then 2 is 12; X takes one off, XX adds one; OK enters;
UNDO clears, or lets the last to announce announce again); with the hand check the table counts
them itself. The pair with more points plays and its player with more points declares (partners
level: the first to announce). 20 each: OK at any seat, and the same dealer deals again.
Declarer, dummy shown, announces like a bid: the one level and a strain for a part-score (1H:
part-score in hearts), the game level for a game (3NT, 4H, 4S, 5C, 5D)."""

from __future__ import annotations

from ...bridge import Announcement, Contract, Seat, minibridge_declarer
from ...events import Key
from ..board import LEVEL_KEYS, STRAIN_KEYS, BoardInPlay, Refused, stepped

DIGITS = {**LEVEL_KEYS, Key.PASS: 0}
MOST_POINTS = 37  # the most high-card points one hand can hold


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
        raise Refused(f"{due.full_name} announces their high-card points now")
    if key in DIGITS:
        joined = b.number * 10 + DIGITS[key]
        b.number = joined if joined <= MOST_POINTS else DIGITS[key]
        return None
    if key in (Key.DOUBLE, Key.REDOUBLE):
        b.number = stepped(b.number, key, 0, MOST_POINTS)
        return None
    if key is not Key.OK:
        raise Refused("your high-card points: 1-7 and Pass (0) digit by digit, X -1, XX +1, then OK")
    announced = {**b.announced, seat: b.number}
    if len(announced) == 4 and sum(announced.values()) != 40:
        raise Refused(f"the points add up to {sum(announced.values())}, not 40: check them "
                      "(UNDO at the last seat that announced)")
    b.announced, b.number = announced, 0
    if len(announced) < 4:
        return None
    chosen = declarer(b)
    return "20 points each: OK, and the same dealer deals again" if chosen is None else \
        f"{chosen.full_name} declares: dummy down, then part-score or game"


def _undo_points(b: BoardInPlay, seat: Seat) -> str:
    if b.number:
        b.number = 0
        return "points cleared"
    last = b.dealer.after(len(b.announced) - 1) if b.announced else None
    if last != seat:
        raise Refused(f"{seat.full_name}: nothing of yours to take back")
    del b.announced[seat]
    return f"{seat.full_name} announces again"


def _on_announcement(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    chosen = declarer(b)
    if chosen is None:  # 20 each
        if key is not Key.OK:
            raise Refused("20 points each: OK, and the same dealer deals again")
        b.set_result(0)
        return b.rules.passed_out
    if key is Key.UNDO and b.announced and not b.pending:
        return _undo_points(b, seat)
    if seat != chosen:
        raise Refused(f"{chosen.full_name} declares and announces part-score or game")
    if key in LEVEL_KEYS:
        b.pending[seat] = LEVEL_KEYS[key]
        return None
    if key is Key.UNDO and b.pending:
        b.pending.clear()
        return "announcement cleared"
    if key not in STRAIN_KEYS or seat not in b.pending:
        raise Refused("announce like a bid: 1 and a strain for a part-score, the game (3NT, 4H, "
                      "4S, 5C, 5D) for a game")
    contract = Contract(b.pending[seat], STRAIN_KEYS[key])
    announcement = Announcement.of(contract)  # a ParseError for any other level
    b.contract, b.declarer = contract, chosen
    b.pending.clear()
    b.begin_play()
    return f"{chosen.full_name} announces {announcement.value} in {contract.strain.symbol}"
