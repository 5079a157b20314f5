"""The Mitchell movement: North-South pairs stay, East-West pairs move up a table each round and
the boards move down a table.

With an odd number of tables every East-West pair meets every North-South pair and plays every
set of boards. With an even number the plain rotation would bring East-West back to sets they
have played after half the rounds; the two standard arrangements for an even number of tables are:

- **skip** (the default): after round tables/2 the East-West pairs skip a table (move up two). It
  allows tables - 1 rounds, in which each East-West pair meets all North-South pairs but one and
  plays every set but one; each set is played tables - 1 times. Nothing extra is needed at the
  tables, so a club chooses it when tables - 1 rounds fill the session (e.g. 8 tables x 3 boards
  = 21 boards in 7 rounds) or when it has no spare table for a bye stand.
- **relay** (relay and bye stand): a bye stand (a chair or spare table holding one set) between
  tables tables/2 and tables/2 + 1, and tables 1 and ``tables`` share one set, passing its boards
  across a relay stand between them. Boards go down one as usual, through the bye stand where it
  lies; East-West move up one, never skipping. It has ``tables`` rounds with ``tables`` sets: every
  East-West pair meets every North-South pair once and plays every set once, and every set is
  played ``tables`` times; so a club chooses it for the complete comparison the odd-table Mitchell
  gives, if it can put up the bye stand and has at least two boards a round (one set is shared).

Neither uses an arrow-switch: North-South and East-West are ranked apart (two winners).

Pairs are numbered 1..n North-South (pair t stays at table t) and n+1..2n East-West (pair n+e
starts at table e). Table t starts with set t; in the relay, the bye stand starts with set
tables/2 + 1, each table t beyond it with set t + 1, and table n shares set 1 with table 1.
"""

from __future__ import annotations

from ..i18n import STATION
from .base import Movement, MovementError, TableRound, at_least_one_board, board_set

_ = STATION.gettext

ARRANGEMENTS = ("skip", "relay")


def max_rounds(tables: int, arrangement: str = "skip") -> int:
    return tables if tables % 2 or arrangement == "relay" else tables - 1


def mitchell(tables: int, boards_per_round: int, rounds: int | None = None,
             arrangement: str = "skip") -> Movement:
    """A Mitchell for ``tables`` tables (3 or more) of ``rounds`` rounds (default: the most);
    ``arrangement`` ("skip" or "relay") says how an even number of tables is handled."""
    if arrangement not in ARRANGEMENTS:
        raise MovementError(_("a Mitchell arrangement is one of {arrangements}, not {arrangement}").format(
            arrangements=", ".join(ARRANGEMENTS), arrangement=repr(arrangement)))
    if tables < 3:
        raise MovementError(_("a Mitchell needs 3 tables or more, not {tables}").format(tables=tables))
    if boards_per_round < 1:
        raise MovementError(at_least_one_board(boards_per_round))
    relay = arrangement == "relay" and tables % 2 == 0
    if relay and boards_per_round < 2:
        raise MovementError(_("a relay Mitchell shares a set between two tables: it needs 2 boards a "
                              "round or more"))
    most = max_rounds(tables, arrangement)
    rounds = rounds or most
    if not 1 <= rounds <= most:
        raise MovementError(_("a Mitchell of {tables} tables has 1 to {most} rounds, not {rounds}").format(
            tables=tables, most=most, rounds=rounds))
    skip_after = tables // 2 if tables % 2 == 0 and not relay else tables
    assignments = []
    for r in range(rounds):
        shift = r + (1 if r >= skip_after else 0)
        for t in range(tables):
            ew = (t - shift) % tables  # the East-West pair (0-based) now at table t
            boards = board_set(((_relay_position(t, tables) if relay else t) + r) % tables,
                               boards_per_round)
            if relay and t == tables - 1:  # the second relay table starts halfway through the set
                half = boards_per_round // 2
                boards = boards[half:] + boards[:half]
            assignments.append(TableRound(round=r + 1, table=t + 1, ns=t + 1, ew=tables + ew + 1,
                                          boards=boards))
    return Movement("mitchell", tables, rounds, boards_per_round, tuple(assignments), two_winners=True,
                    relays=((1, tables),) if relay else ())


def _relay_position(t: int, tables: int) -> int:
    """Where table t (from 0) lies on the boards' circuit of ``tables`` places: the relay stand
    (place 0, tables 1 and n), tables 2..n/2, the bye stand (place n/2), tables n/2 + 1..n - 1."""
    if t == tables - 1:
        return 0
    return t if t < tables // 2 else t + 1
