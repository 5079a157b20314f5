"""Where each copy of a board goes within a round when tables share sets (a relay): after a table
plays its copy, which table plays that copy next. The guide cards and the station's assignments
tell the tables so ("boards 3-4: to table 2")."""

from __future__ import annotations

from itertools import pairwise

from .base import Movement


def passes(movement: Movement, round_: int) -> dict[tuple[int, int], int]:
    """(table, board) -> the table that plays this table's copy of the board next in the round;
    a copy that no table plays later in the round is not in the result. The tables play their
    boards turn by turn in their assignments' order. A table takes the copy put down the turn
    before by the nearest table after it (as ``team_event.shared_sets`` passes the groups on),
    else a copy not yet played, else the copy put down last."""
    tables = movement.tables
    copies: dict[int, list[list[tuple[int, int]]]] = {}  # board -> each copy's [(turn, table)]
    uses = sorted((turn, a.table, board)
                  for a in movement.round(round_) for turn, board in enumerate(a.boards))
    for turn, table, board in uses:
        made = copies.setdefault(board, [])
        free = [c for c in made if c[-1][0] < turn]
        just_down = [c for c in free if c[-1][0] == turn - 1]
        if not just_down and (len(made) < movement.copies or not free):
            made.append([(turn, table)])
            continue
        best = max(just_down or free, key=lambda c: (c[-1][0], -((c[-1][1] - table) % tables)))
        best.append((turn, table))
    return {(holder, board): taker for board, made in copies.items() for copy in made
            for (_turn, holder), (_later, taker) in pairwise(copy)}
