"""A team match over two tables: the home pair sits North-South at table 1, its team-mates
East-West at table 2. The tables play different sets in a round and swap them the next round, so
both tables play every board.

Pairs: 1 home NS (table 1), 2 home EW (table 2), 3 away EW (table 1), 4 away NS (table 2).
"""

from __future__ import annotations

from ..i18n import STATION
from .base import Movement, MovementError, TableRound, board_set

_ = STATION.gettext

HOME_PAIRS = (1, 2)
AWAY_PAIRS = (3, 4)


def team_match(boards: int, boards_per_round: int) -> Movement:
    """A match of ``boards`` boards, a multiple of twice ``boards_per_round``."""
    if boards_per_round < 1 or boards % (2 * boards_per_round):
        raise MovementError(_("{boards} boards do not split into pairs of rounds of {per_round}").format(
            boards=boards, per_round=boards_per_round))
    assignments = []
    for r in range(boards // boards_per_round):
        first, second = (r, r + 1) if r % 2 == 0 else (r, r - 1)
        assignments.append(TableRound(r + 1, 1, 1, 3, board_set(first, boards_per_round)))
        assignments.append(TableRound(r + 1, 2, 4, 2, board_set(second, boards_per_round)))
    return Movement("teams", 2, boards // boards_per_round, boards_per_round, tuple(assignments))
