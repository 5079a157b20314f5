"""IMPs across the field (Law 78B scale): Butler (against a datum) and cross-IMPs (against
every other table)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..bridge.scoring import imps
from .adjusted import Adjusted
from .results import BoardResult, Scored

BUTLER_TRIM_FROM = 5  # with this many scores or more, the highest and the lowest are left out
"""The station's default; club scorers differ (Compscore3 trims from 4): a session setting."""


def butler_datum(scores: Sequence[int], trim_from: int = BUTLER_TRIM_FROM) -> int:
    """The datum of a board: the mean of NS's scores, leaving out the highest and the lowest once
    there are at least ``trim_from`` (3 or more), rounded to the nearest 10 (halves away from zero)."""
    if not scores:
        raise ValueError("a datum needs at least one score")
    if trim_from < 3:
        raise ValueError(f"the datum trims the top and bottom from 3 scores or more, not {trim_from}")
    kept = sorted(scores)
    if len(kept) >= trim_from:
        kept = kept[1:-1]
    mean = sum(kept) / len(kept)
    tens = int(abs(mean) / 10 + 0.5)
    return 10 * tens if mean >= 0 else -10 * tens


def butler(results: Sequence[BoardResult], trim_from: int = BUTLER_TRIM_FROM) -> list[Scored]:
    """IMPs of each table against the datum of the real (not adjusted) scores of the board."""
    real = [int(r.score) for r in results if not isinstance(r.score, Adjusted)]
    datum = butler_datum(real, trim_from) if real else 0
    return [_adjusted(r) if isinstance(r.score, Adjusted) else
            Scored(r, float(imps(r.score - datum)), float(-imps(r.score - datum)))
            for r in results]


def cross_imps(results: Sequence[BoardResult]) -> list[Scored]:
    """Each real score against every other real score, the sum divided by the number of
    comparisons, so that it is on the scale of one match (average cross-IMPs)."""
    real = Counter(int(r.score) for r in results if not isinstance(r.score, Adjusted))
    comparisons = sum(real.values()) - 1
    # the same score at several tables: compared once per distinct score, times how often it came
    value = {score: sum(count * imps(score - other) for other, count in real.items()) / comparisons
             for score in real} if comparisons else dict.fromkeys(real, 0.0)
    return [_adjusted(r) if isinstance(r.score, Adjusted) else Scored(r, value[r.score], -value[r.score])
            for r in results]


def _adjusted(result: BoardResult) -> Scored:
    assert isinstance(result.score, Adjusted)
    ns, ew = result.score.imps()
    return Scored(result, ns, ew)
