"""Team matches over two tables: IMPs board by board (Law 78B) and the WBF continuous victory
point scale (20 VP, 2013)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache

from ..bridge.scoring import imps
from .adjusted import Adjusted

_TAU = (math.sqrt(5) - 1) / 2
VP_TOTAL = 20.0


def wbf_vp(margin: float, boards: int) -> tuple[float, float]:
    """Victory points of the two teams for a margin in IMPs (positive: the first team won) in a
    match of ``boards`` boards, on the WBF continuous 20-VP scale as the WBF prints it
    (``wbf_vp_table``); the loser gets 20 less the winner's. A margin with a fraction (an
    adjusted score's IMPs) lies on the straight line between the figures of the whole IMPs
    either side of it, so it too is worth no more than the IMPs before it."""
    table = wbf_vp_table(boards)
    m = abs(margin)
    whole = int(m)
    if whole >= len(table) - 1:
        hundredths = float(table[-1])
    else:
        hundredths = table[whole] + (m - whole) * (table[whole + 1] - table[whole])
    winner = round(hundredths) / 100
    loser = round(VP_TOTAL - winner, 2)
    return (winner, loser) if margin >= 0 else (loser, winner)


@cache
def wbf_vp_table(boards: int) -> tuple[int, ...]:
    """The winner's VPs, in hundredths, for each whole IMP margin from 0 to the blitz (20.00)
    in a match of ``boards`` boards: the WBF continuous scale of 2013.

    Source: "The New WBF IMP to VP Scales", technical report of the WBF Scoring Panel (Bavin,
    Bethe, Bramley, Buchen, 2013). The winner of a margin of M IMPs gets
    10 + 10 (1 - tau^(3M/B)) / (1 - tau^3), at most 20, where B = 15 sqrt(boards) and tau is
    the golden ratio's inverse, rounded to 2 decimals. Rounding can make an IMP worth 0.01
    more than the one before it, which the WBF rules out (each extra IMP is worth no more than
    the previous one), so the WBF then raises by 0.01 each figure that lies below the straight
    line between its neighbours, until none does. That is how the printed tables read (checked
    against the 8- and 12-board tables in ``tests/data/vp/``)."""
    if boards < 1:
        raise ValueError(f"a match has at least one board, not {boards}")
    blitz = 15 * math.sqrt(boards)
    cap = round(100 * VP_TOTAL)
    figures: list[int] = []
    while not figures or figures[-1] < cap:
        margin = len(figures)
        figures.append(min(cap, round(1000 + 1000 * (1 - _TAU ** (3 * margin / blitz)) / (1 - _TAU ** 3))))
    raised = True
    while raised:
        raised = False
        for i in range(1, len(figures) - 1):
            if figures[i + 1] - figures[i] > figures[i] - figures[i - 1]:
                figures[i] += 1
                raised = True
    return tuple(figures)


Score = int | Adjusted


@dataclass
class TeamMatch:
    """A match between two teams: at table 1 the home team sits North-South, at table 2 East-West.

    ``scores`` holds North-South's score at each table by board (None while not played there).
    """

    home: str
    away: str
    scores: dict[int, list[Score | None]] = field(default_factory=dict)

    def record(self, board: int, table: int, ns_score: Score) -> None:
        if table not in (1, 2):
            raise ValueError(f"a team match has tables 1 and 2, not {table}")
        self.scores.setdefault(board, [None, None])[table - 1] = ns_score

    def board_imps(self, board: int) -> tuple[float, float] | None:
        """IMPs of (home, away) on a board once both tables have played it. An adjusted score
        counts its IMP equivalent for each team (so a split score need not balance)."""
        first, second = self.scores.get(board, [None, None])
        if first is None or second is None:
            return None
        if isinstance(first, Adjusted) or isinstance(second, Adjusted):
            home = away = 0.0
            if isinstance(first, Adjusted):
                ns, ew = first.imps()
                home, away = home + ns, away + ew
            if isinstance(second, Adjusted):
                ns, ew = second.imps()
                home, away = home + ew, away + ns
            return home, away
        swing = imps(first - second)
        return float(max(swing, 0)), float(max(-swing, 0))

    def totals(self) -> tuple[float, float]:
        """IMPs of (home, away) over the boards completed at both tables."""
        done = [i for i in (self.board_imps(b) for b in sorted(self.scores)) if i is not None]
        return sum(h for h, _ in done), sum(a for _, a in done)

    @property
    def completed(self) -> int:
        return sum(1 for b in self.scores if self.board_imps(b) is not None)

    def victory_points(self, boards: int | None = None) -> tuple[float, float]:
        """WBF VPs of (home, away), for a match of ``boards`` boards (default: those completed)."""
        home, away = self.totals()
        return wbf_vp(home - away, boards or max(self.completed, 1))
