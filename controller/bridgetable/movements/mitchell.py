"""The Mitchell movement: North-South pairs stay, East-West pairs move up a table each round and
the boards move down a table.

With an odd number of tables every East-West pair meets every North-South pair and plays every
set of boards. With an even number this plain rotation would bring East-West back to sets they
have played after half the rounds, so we use the **skip Mitchell**: after round tables/2 the
East-West pairs skip a table (move up two). It allows tables - 1 rounds, in which each East-West
pair meets all North-South pairs but one and plays every set but one. We use no relay or bye-stand
and no arrow-switch: North-South and East-West are ranked apart (two winners).

Pairs are numbered 1..n North-South (pair t stays at table t) and n+1..2n East-West (pair n+e
starts at table e).
"""

from __future__ import annotations

from .base import Movement, MovementError, TableRound, board_set


def max_rounds(tables: int) -> int:
    return tables if tables % 2 else tables - 1


def mitchell(tables: int, boards_per_round: int, rounds: int | None = None) -> Movement:
    """A Mitchell for ``tables`` tables (3 or more) of ``rounds`` rounds (default: the most)."""
    if tables < 3:
        raise MovementError(f"a Mitchell needs 3 tables or more, not {tables}")
    if boards_per_round < 1:
        raise MovementError(f"a round has at least one board, not {boards_per_round}")
    rounds = rounds or max_rounds(tables)
    if not 1 <= rounds <= max_rounds(tables):
        raise MovementError(f"a Mitchell of {tables} tables has 1 to {max_rounds(tables)} rounds, "
                            f"not {rounds}")
    skip_after = tables // 2 if tables % 2 == 0 else tables
    assignments = []
    for r in range(rounds):
        shift = r + (1 if r >= skip_after else 0)
        for t in range(tables):
            ew = (t - shift) % tables  # the East-West pair (0-based) now at table t
            assignments.append(TableRound(
                round=r + 1, table=t + 1, ns=t + 1, ew=tables + ew + 1,
                boards=board_set((t + r) % tables, boards_per_round)))
    return Movement("mitchell", tables, rounds, boards_per_round, tuple(assignments), two_winners=True)
