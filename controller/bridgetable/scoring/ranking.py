"""Rankings: each pair's total over the boards it played, by section (and by direction when
the movement gives two winners, as a Mitchell does)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from .results import Scored


@dataclass(frozen=True, slots=True)
class RankEntry:
    """One line of a ranking. ``top`` is 0 for IMP scoring; ``rank`` is "1", "2=", ..."""

    rank: str
    pair: int
    section: str
    direction: str  # "NS", "EW", or "" when the pair sat both ways
    total: float
    top: float
    boards: int

    @property
    def percent(self) -> float:
        return 100.0 * self.total / self.top if self.top else 0.0

    @property
    def key(self) -> float:
        """What the ranking orders by: the percentage for matchpoints, the total for IMPs."""
        return round(self.percent if self.top else self.total, 6)


def rank_pairs(scored: Iterable[Scored], *, by_direction: bool = False) -> dict[str, list[RankEntry]]:
    """Rank the pairs of each section (keys "A", or "A NS" / "A EW" when ``by_direction``)."""
    totals: dict[tuple[str, int], list[float]] = defaultdict(lambda: [0.0, 0.0, 0])
    directions: dict[tuple[str, int], set[str]] = defaultdict(set)
    for s in scored:
        for pair, value, direction in ((s.result.ns, s.ns, "NS"), (s.result.ew, s.ew, "EW")):
            entry = totals[(s.result.section, pair)]
            entry[0] += value
            entry[1] += s.top
            entry[2] += 1
            directions[(s.result.section, pair)].add(direction)
    groups: dict[str, list[RankEntry]] = defaultdict(list)
    for (section, pair), (total, top, boards) in totals.items():
        sat = directions[(section, pair)]
        direction = next(iter(sat)) if len(sat) == 1 else ""
        group = f"{section} {direction}" if by_direction and direction else section
        groups[group].append(RankEntry("", pair, section, direction, total, top, int(boards)))
    return {group: _positions(entries) for group, entries in sorted(groups.items())}


def _positions(entries: list[RankEntry]) -> list[RankEntry]:
    entries.sort(key=lambda e: (-e.key, e.pair))
    ranked = []
    for i, e in enumerate(entries):
        first = next(j for j, other in enumerate(entries) if other.key == e.key)
        tied = sum(1 for other in entries if other.key == e.key) > 1
        rank = f"{first + 1}=" if tied else str(i + 1)
        ranked.append(RankEntry(rank, e.pair, e.section, e.direction, e.total, e.top, e.boards))
    return ranked
