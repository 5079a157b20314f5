"""The players' federation numbers, at the session's first board (as a Bridgemate asks them):
``FlowConfig.player_numbers``.

Each player keys their number at their own seat, as the table enters every number: the level
keys are the digits 1-7, one after the other (1 then 2 is 12), Pass is the digit 0, X takes one
off the last digit and XX adds one (7 then XX is 8); OK enters it. OK or Pass with nothing keyed
enters 0: a guest the club's member list does not know. UNDO clears what is keyed, or takes back
the number entered. Once all four have entered theirs, the board's start screen follows. The
numbers travel with that board's result, whose pairs they name; the station looks the names up
in its member list (``director.members``).

A new player (a substitute: the director tells the station, the station the table, ``flow``) is
asked the same way at the next board, at their seat only (``BoardInPlay.asked``); the others wait."""

from __future__ import annotations

from ...bridge import Seat, words
from ...events import Key
from ...i18n import LAWS
from ..board import LEVEL_KEYS, BoardInPlay, Phase, Refused

_ = LAWS.gettext

GUEST = "0"  # a player without a number, as USEBIO writes it
LONGEST = 12  # digits of a federation number


def on_key(b: BoardInPlay, seat: Seat, key: Key) -> str | None:
    typed = b.typed.get(seat, "")
    if seat not in b.asked:
        raise Refused(_("{seat}: only the new player enters a number now").format(seat=words.seat(seat)))
    if key is Key.UNDO:
        return _undo(b, seat, typed)
    if seat in b.player_numbers:
        raise Refused(_("{seat} has entered {number}: waiting for the others (UNDO to change it)").format(
            seat=words.seat(seat), number=b.player_numbers[seat]))
    if key is Key.OK or (key is Key.PASS and not typed):
        return _enter(b, seat, typed or GUEST)
    if key in LEVEL_KEYS or key is Key.PASS:
        digit = str(LEVEL_KEYS.get(key, 0))
        if len(typed) >= LONGEST:
            raise Refused(_("a federation number has at most {digits} digits").format(digits=LONGEST))
        b.typed[seat] = typed + digit
        return None
    if key in (Key.DOUBLE, Key.REDOUBLE) and typed:
        last = int(typed[-1]) + (1 if key is Key.REDOUBLE else -1)
        b.typed[seat] = typed[:-1] + str(last % 10)
        return None
    raise Refused(_("your federation number: 1-7 and Pass (0) digit by digit, X -1 and XX +1 on the "
                    "last digit, then OK; OK alone for a guest"))


def _enter(b: BoardInPlay, seat: Seat, number: str) -> str:
    b.player_numbers[seat] = number.lstrip("0") or GUEST
    b.typed.pop(seat, None)
    if b.asked <= set(b.player_numbers):
        b.phase = Phase.START
        return _("every player's number is entered")
    if b.player_numbers[seat] == GUEST:
        return _("{seat}: a guest (no number)").format(seat=words.seat(seat))
    return _("{seat}: number {number}").format(seat=words.seat(seat), number=b.player_numbers[seat])


def _undo(b: BoardInPlay, seat: Seat, typed: str) -> str:
    if typed:
        del b.typed[seat]
        return _("{seat}: number cleared").format(seat=words.seat(seat))
    if seat not in b.player_numbers:
        raise Refused(_("{seat}: nothing of yours to take back").format(seat=words.seat(seat)))
    del b.player_numbers[seat]
    return _("{seat}: enter your number again").format(seat=words.seat(seat))
