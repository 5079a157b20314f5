"""A single table against the robots (seed 001): pair 1 North-South and pair 2 East-West play every
board at table 1, a set a round; the robot table, which the station runs itself, plays the same
boards and is not part of the movement."""

from __future__ import annotations

from ..i18n import STATION
from .base import Movement, MovementError, TableRound, board_set

_ = STATION.gettext


def robot_table(boards: int, boards_per_round: int) -> Movement:
    """``boards`` boards in rounds of ``boards_per_round`` (a whole number of rounds)."""
    if boards_per_round < 1 or boards < 1 or boards % boards_per_round:
        raise MovementError(_("{boards} boards do not split into rounds of {per_round}").format(
            boards=boards, per_round=boards_per_round))
    rounds = boards // boards_per_round
    assignments = tuple(TableRound(r + 1, 1, 1, 2, board_set(r, boards_per_round)) for r in range(rounds))
    return Movement("robots", 1, rounds, boards_per_round, assignments)
