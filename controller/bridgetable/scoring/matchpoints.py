"""Matchpoints on one board (Law 78A), scaled by Neuberg's formula when the board was played
fewer times than the others, with artificial adjusted scores taking their percentage of the top."""

from __future__ import annotations

from collections.abc import Sequence

from ..bridge.scoring import matchpoints, neuberg
from .adjusted import Adjusted
from .results import BoardResult, Scored


def matchpoint_board(results: Sequence[BoardResult], expected: int | None = None) -> list[Scored]:
    """Score every result of one board, in the order given.

    The top is 2 for each other result of a board played ``expected`` times (by default the
    number of results given). Scores actually obtained are compared among themselves (2 per score
    beaten, 1 per tie) and scaled to that top by Neuberg's formula when there are fewer of them;
    an adjusted score earns its percentage of the top, for each side separately.
    """
    if not results:
        return []
    boards = {r.board for r in results}
    if len(boards) > 1:
        raise ValueError(f"results of several boards given together: {sorted(boards)}")
    expected = expected or len(results)
    if expected < len(results):
        raise ValueError(f"board {results[0].board} has {len(results)} results, more than the "
                         f"{expected} expected")
    top = 2.0 * (expected - 1)
    real = [r for r in results if not isinstance(r.score, Adjusted)]
    ns_points = matchpoints([float(r.score) for r in real])  # type: ignore[arg-type]
    earned: dict[int, tuple[float, float]] = {}
    for r, mp in zip(real, ns_points, strict=True):
        ns = neuberg(mp, len(real), expected) if len(real) != expected else mp
        earned[id(r)] = (ns, top - ns)
    scored = []
    for r in results:
        if isinstance(r.score, Adjusted):
            scored.append(Scored(r, top * r.score.ns / 100, top * r.score.ew / 100, top))
        else:
            ns, ew = earned[id(r)]
            scored.append(Scored(r, ns, ew, top))
    return scored
