"""What a director checks in a movement before using it: who meets whom, who plays which boards,
how often each board is played, and how fair the comparisons are (the "balance").

``profile`` measures any movement without knowing how it was built; ``Profile.lines`` prints the
figures. The figures for the Howells of 2 to 8 tables (``howell.howell_figures``) are in
docs/movements.md (and asserted in tests/movements/test_properties.py).

Definitions (for one field: a Howell, or each direction of a Mitchell):

- *boards against each opponent*: over all the pairs that meet, the fewest and most boards they
  play against each other; ``met_all`` says whether every two pairs meet at all.
- *comparisons*: two pairs are compared on a board when both play it, not against each other, in
  the same direction: their scores are matchpointed against each other directly. For every two
  pairs of the field we count the boards on which they are compared; a perfectly balanced
  movement compares every two pairs equally often.
- *balance*: 100 x (1 - standard deviation / mean) of those counts, so 100 is perfect (every
  count equal, a "perfectly balanced" Howell); this index is ours, not a published one.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass
from itertools import combinations
from statistics import fmean, pstdev

from ..i18n import STATION
from .base import Movement

_ = STATION.gettext


@dataclass(frozen=True)
class Profile:
    pairs: int
    met_all: bool                  # every two pairs of the field meet (a complete Howell / Mitchell)
    against: tuple[int, int]       # fewest, most boards two pairs that meet play against each other
    boards_missed: tuple[int, int]  # fewest, most boards of the session a pair does not play
    times_played: tuple[int, int]  # fewest, most tables at which a board is played
    north_south: tuple[int, int]   # fewest, most boards a pair plays North-South
    comparisons: tuple[int, int]   # fewest, most boards on which two pairs are compared
    mean_comparisons: float
    balance: float                 # percent, 100 = every two pairs compared equally often

    def lines(self) -> list[str]:
        meet = (_("every two pairs meet: yes; boards against each opponent met: {against}") if self.met_all
                else _("every two pairs meet: no; boards against each opponent met: {against}"))
        return [
            meet.format(against=span(self.against)),
            _("boards a pair does not play: {missed}; tables playing each board: {played}").format(
                missed=span(self.boards_missed), played=span(self.times_played)),
            _("boards a pair plays North-South: {boards}").format(boards=span(self.north_south)),
            _("comparisons between two pairs: {comparisons} (mean {mean}); balance {balance}%").format(
                comparisons=span(self.comparisons), mean=f"{self.mean_comparisons:.2f}",
                balance=f"{self.balance:.1f}"),
        ]


def profile(movement: Movement) -> Profile:
    """The figures of a movement (for a Mitchell with two winners, over the East-West field,
    the pairs that move; its North-South pairs mirror them)."""
    field = movement.pairs
    if movement.two_winners:
        field = sorted({a.ew for a in movement.assignments})
    against: Counter[frozenset[int]] = Counter()
    direction: dict[int, dict[int, str]] = defaultdict(dict)  # board: {pair: "NS" or "EW"}
    opponent: dict[tuple[int, int], int] = {}
    ns: Counter[int] = Counter()
    for a in movement.assignments:
        against[frozenset((a.ns, a.ew))] += len(a.boards)
        ns[a.ns] += len(a.boards)
        for b in a.boards:
            direction[b][a.ns], direction[b][a.ew] = "NS", "EW"
            opponent[a.ns, b], opponent[a.ew, b] = a.ew, a.ns
    two = list(combinations(field, 2))
    compared = [sum(1 for b, seats in direction.items()
                    if p in seats and q in seats and seats[p] == seats[q] and opponent[p, b] != q)
                for p, q in two]
    met = [against[frozenset(c)] for c in two] if not movement.two_winners else \
        [against[frozenset((n, e))] for n in sorted(set(movement.pairs) - set(field)) for e in field]
    missed = [len(direction) - sum(1 for seats in direction.values() if p in seats) for p in field]
    played = list(movement.times_played().values())
    mean = fmean(compared)
    return Profile(
        pairs=len(movement.pairs), met_all=0 not in met and bool(met),
        against=(min(m for m in met if m) if any(met) else 0, max(met)),
        boards_missed=(min(missed), max(missed)), times_played=(min(played), max(played)),
        north_south=(min(ns[p] for p in field), max(ns[p] for p in field)),
        comparisons=(min(compared), max(compared)), mean_comparisons=mean,
        balance=100 * (1 - pstdev(compared) / mean) if mean else 0.0)


def span(low_high: tuple[int, int]) -> str:
    return str(low_high[0]) if low_high[0] == low_high[1] else f"{low_high[0]}-{low_high[1]}"
