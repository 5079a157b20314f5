"""Rankings: each pair's total over the boards it played, by section (and by direction when
the movement gives two winners, as a Mitchell does).

``Tally`` keeps the totals up to date as boards are scored and rescored, so that a station
ranks again after each arriving result without adding up the whole session. Totals are kept
exact (``_exact``), so they do not depend on the order in which the boards came or were
corrected: the live ranking is always the one a full rescore gives.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .results import Scored


@dataclass(frozen=True, slots=True)
class RankEntry:
    """One line of a ranking. ``top`` is 0 for IMP scoring; ``rank`` is "1", "2=", ...
    ``factored``: for a pair that played fewer boards than its group's most (a late arrival, a
    fouled board), its total scaled to those boards as the club scorers give it beside the raw one
    (``positions``); None for a pair that played them all."""

    rank: str
    pair: int
    section: str
    direction: str  # "NS", "EW", or "" when the pair sat both ways
    total: float
    top: float
    boards: int
    factored: float | None = None

    @property
    def percent(self) -> float:
        return 100.0 * self.total / self.top if self.top else 0.0

    @property
    def key(self) -> float:
        """What the ranking orders by: the percentage for matchpoints, the total for IMPs."""
        return round(self.percent if self.top else self.total, 6)


Pair = tuple[str, int]  # section, pair number
Share = tuple[Pair, float, float, str]  # what a pair earned on one result, out of what top, sitting which way
_FIXED = 1074  # binary places of the smallest float: every float is a whole number of 2**-1074
_ONE = 1 << _FIXED


@lru_cache(maxsize=4096)  # a board's few distinct scores, over and over
def _exact(value: float) -> int:
    """``value`` as a whole number of 2**-1074: sums of these are exact, and give back the float
    nearest the true sum (Python divides integers correctly rounded) in any order."""
    numerator, denominator = value.as_integer_ratio()
    return numerator << (_FIXED + 1 - denominator.bit_length())


class _Total:
    """One pair's exact totals, to which a share is added or from which it is taken back."""

    __slots__ = ("value", "top", "boards", "ways")

    def __init__(self) -> None:
        self.value = self.top = self.boards = 0
        self.ways: Counter[str] = Counter()

    def add(self, value: float, top: float, way: str, times: int) -> None:
        self.value += times * _exact(value)
        self.top += times * _exact(top)
        self.boards += times
        self.ways[way] += times

    def entry(self, section: str, pair: int) -> RankEntry:
        sat = [way for way, count in self.ways.items() if count]
        return RankEntry("", pair, section, sat[0] if len(sat) == 1 else "", self.value / _ONE,
                         self.top / _ONE, self.boards)


class Tally:
    """The pairs' totals over groups of scored results (a group: one board's, under a key), which
    ``put`` replaces one group at a time."""

    def __init__(self) -> None:
        self._groups: dict[Hashable, list[Share]] = {}
        self._totals: dict[Pair, _Total] = defaultdict(_Total)
        self._entries: dict[Pair, RankEntry] = {}
        self._changed: set[Pair] = set()

    def put(self, key: Hashable, scored: Sequence[Scored]) -> None:
        """The group ``key`` is now these scored results (replacing what it was)."""
        for pair, value, top, way in self._groups.pop(key, ()):
            self._totals[pair].add(value, top, way, -1)
            self._changed.add(pair)
        shares = [((s.result.section, number), value, s.top, way) for s in scored
                  for number, value, way in ((s.result.ns, s.ns, "NS"), (s.result.ew, s.ew, "EW"))]
        for pair, value, top, way in shares:
            self._totals[pair].add(value, top, way, 1)
            self._changed.add(pair)
        self._groups[key] = shares

    def ranking(self, *, by_direction: bool = False) -> dict[str, list[RankEntry]]:
        """Rank the pairs of each section (keys "A", or "A NS" / "A EW" when ``by_direction``)."""
        for pair in self._changed:
            if self._totals[pair].boards:
                self._entries[pair] = self._totals[pair].entry(*pair)
            else:
                self._entries.pop(pair, None)
                del self._totals[pair]
        self._changed.clear()
        groups: dict[str, list[RankEntry]] = defaultdict(list)
        for e in self._entries.values():
            groups[f"{e.section} {e.direction}" if by_direction and e.direction else e.section].append(e)
        return {group: positions(entries) for group, entries in sorted(groups.items())}


def rank_pairs(scored: Iterable[Scored], *, by_direction: bool = False) -> dict[str, list[RankEntry]]:
    """Rank the pairs of each section (keys "A", or "A NS" / "A EW" when ``by_direction``)."""
    tally = Tally()
    tally.put(None, list(scored))
    return tally.ranking(by_direction=by_direction)


def factored(entry: RankEntry, boards: int, top: float) -> float | None:
    """``entry``'s total scaled to a group's full ``boards`` (whose matchpoint top is ``top``): by
    the tops for matchpoints, so that it is the pair's percentage of the full top, by the boards
    for IMPs and total points; None when the pair played them all."""
    if entry.boards >= boards or not entry.boards:
        return None
    return entry.total * top / entry.top if entry.top else entry.total * boards / entry.boards


def positions(entries: list[RankEntry]) -> list[RankEntry]:
    """Best first, each with its place; pairs with the same key share the first of their places;
    a pair with fewer boards than the most with its factored total."""
    boards = max((e.boards for e in entries), default=0)
    top = max((e.top for e in entries if e.boards == boards), default=0.0)
    keyed = sorted(((e.key, e) for e in entries), key=lambda ke: (-ke[0], ke[1].pair))
    tied = Counter(key for key, _ in keyed)
    ranked = []
    first = 0
    for i, (key, e) in enumerate(keyed):
        if i and key != keyed[i - 1][0]:
            first = i
        rank = f"{first + 1}=" if tied[key] > 1 else str(i + 1)
        ranked.append(RankEntry(rank, e.pair, e.section, e.direction, e.total, e.top, e.boards,
                                factored(e, boards, top)))
    return ranked
