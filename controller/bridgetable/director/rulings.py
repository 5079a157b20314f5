"""How the director's rulings change a board's scoring: a board not played at a table (no score
for either pair, Law 12C2 aside), a weighted score (Law 12C1c: several results, each with its
weight; every table's score on the board is the weighted sum of its scores against each), a
fouled board (Law 87: the tables that played the same cards are scored among themselves, each
group factored to the board's top by Neuberg), and procedural penalties (Law 90: points taken
from a pair's total).

The rulings live in the session's set-up (``SessionSetup.fouled``, ``.penalties``) or in the
results themselves (a director's revision "Not played" or "Weighted"), so a restarted station and
every export score them the same way.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from ..bridge import Contract
from ..scoring import (
    Adjusted,
    BoardResult,
    RankEntry,
    Scored,
    butler,
    cross_imps,
    matchpoint_board,
    total_board,
)
from ..scoring.imps import BUTLER_TRIM_FROM
from ..scoring.ranking import positions
from .store import StoredResult

NOT_PLAYED = "Not played"  # the contract of a director's revision: the board was not played there
WEIGHTED = "Weighted"      # the contract of a weighted score; the record holds its parts


def played(stored: Sequence[StoredResult]) -> list[StoredResult]:
    """The results that take part in the scoring (a board marked not played does not)."""
    return [r for r in stored if r.contract != NOT_PLAYED]


def contract_of(stored: StoredResult) -> Contract | None:
    """The contract a table played; None when passed out, or for a score without one contract
    (adjusted, weighted, not played)."""
    if stored.adjusted or stored.contract in (NOT_PLAYED, WEIGHTED, ""):
        return None
    return Contract.parse_or_pass(stored.contract)


def options(stored: StoredResult) -> list[tuple[float, BoardResult]]:
    """The result as (weight, what is scored): one part, or a weighted score's parts."""
    def result(score: int | Adjusted) -> BoardResult:
        return BoardResult(stored.board, stored.ns, stored.ew, score, stored.table, stored.round)

    if stored.adjusted:
        return [(1.0, result(Adjusted.parse(stored.adjusted)))]
    if stored.contract == WEIGHTED:
        return [(float(part["weight"]), result(int(part["ns_score"]))) for part in stored.record["weighted"]]
    return [(1.0, result(stored.ns_score or 0))]


def score_board(scoring: str, inputs: list[BoardResult], times_played: int,
                butler_trim_from: int = BUTLER_TRIM_FROM) -> list[Scored]:
    """One board's results scored by themselves: matchpoints ("MP", Neuberg up to the times the
    movement plays the board), cross-IMPs ("XIMP") or Butler IMPs (otherwise, the datum trimmed
    from ``butler_trim_from`` scores)."""
    if scoring == "MP":
        return matchpoint_board(inputs, max(times_played, len(inputs)))
    if scoring == "XIMP":
        return cross_imps(inputs)
    if scoring == "TOTAL":
        return total_board(inputs)
    return butler(inputs, butler_trim_from)


def score_results(scoring: str, stored: Sequence[StoredResult], times_played: int,
                  groups: Mapping[str, int] | None = None, butler_trim_from: int = BUTLER_TRIM_FROM
                  ) -> list[Scored]:
    """Score a board's results (already without the ones not played), in their order; ``groups``
    (table -> group, for a fouled board) scores each group among itself."""
    if groups:
        by_group: dict[int, list[int]] = defaultdict(list)
        for index, r in enumerate(stored):
            by_group[groups.get(str(r.table), 0)].append(index)
        scored: dict[int, Scored] = {}
        for members in by_group.values():
            for index, s in zip(members, _weighted(scoring, [stored[i] for i in members], times_played,
                                                   butler_trim_from), strict=True):
                scored[index] = s
        return [scored[i] for i in range(len(stored))]
    return _weighted(scoring, stored, times_played, butler_trim_from)


def _weighted(scoring: str, stored: Sequence[StoredResult], times_played: int,
              butler_trim_from: int) -> list[Scored]:
    """Every combination of the weighted scores' parts scored, and each table's points summed by
    the combination's weight (no weighted score: one combination of weight 1, scored as it is)."""
    choices = [options(r) for r in stored]
    if all(len(c) == 1 for c in choices):
        return score_board(scoring, [c[0][1] for c in choices], times_played, butler_trim_from)
    ns, ew, top = [0.0] * len(stored), [0.0] * len(stored), 0.0
    for combination in itertools.product(*choices):
        weight = math.prod(w for w, _ in combination)
        for i, s in enumerate(score_board(scoring, [r for _, r in combination], times_played,
                                          butler_trim_from)):
            ns[i] += weight * s.ns
            ew[i] += weight * s.ew
            top = s.top
    return [Scored(c[0][1], ns[i], ew[i], top) for i, c in enumerate(choices)]


def with_penalties(ranking: dict[str, list[RankEntry]], penalties: Sequence[Mapping[str, Any]]
                   ) -> dict[str, list[RankEntry]]:
    """The ranking with each procedural penalty taken from its pair's total, placed again."""
    if not penalties:
        return ranking
    taken: dict[int, float] = defaultdict(float)
    for penalty in penalties:
        taken[int(penalty["pair"])] += float(penalty["points"])
    return {group: positions([RankEntry("", e.pair, e.section, e.direction, e.total - taken[e.pair], e.top,
                                        e.boards) for e in entries])
            for group, entries in ranking.items()}
