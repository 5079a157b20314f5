"""Total points (Law 78C): each side's score on a board is its own score, summed over the boards.

An artificial adjusted score (Law 12C2) has no total-points value of its own; the station gives the
side the board's mean real score for North-South (its own sign for East-West), moved by 10 points
for each percentage point from average (so average plus, 60%, is the mean plus 100). A director
who wants another value assigns a score instead (Law 12C1).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..bridge.scoring import total_points
from .adjusted import AVERAGE, Adjusted
from .results import BoardResult, Scored

POINTS_PER_PERCENT = 10.0


def total_board(results: Sequence[BoardResult]) -> list[Scored]:
    """Each table's total points on one board: North-South's score, and its negation for
    East-West (``top`` 0: a sum, like IMPs)."""
    real = [int(r.score) for r in results if not isinstance(r.score, Adjusted)]
    mean = total_points(real) / len(real) if real else 0.0
    scored = []
    for r in results:
        if isinstance(r.score, Adjusted):
            scored.append(Scored(r, mean + (r.score.ns - AVERAGE) * POINTS_PER_PERCENT,
                                 -mean + (r.score.ew - AVERAGE) * POINTS_PER_PERCENT))
        else:
            scored.append(Scored(r, float(r.score), float(-r.score)))
    return scored
