"""The inputs and outputs of event scoring: one result at one table, and its score."""

from __future__ import annotations

from dataclasses import dataclass

from .adjusted import Adjusted


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One board at one table: North-South's points, or an adjusted score.

    Pairs are numbered uniquely within the event; ``table`` and ``round`` only identify the result.
    """

    board: int
    ns: int
    ew: int
    score: int | Adjusted
    table: int = 0
    round: int = 0
    section: str = "A"

    @property
    def adjusted(self) -> bool:
        return isinstance(self.score, Adjusted)


@dataclass(frozen=True, slots=True)
class Scored:
    """A result with what each side earned: matchpoints out of ``top``, or IMPs (``top`` 0)."""

    result: BoardResult
    ns: float
    ew: float
    top: float = 0.0

    @property
    def ns_percent(self) -> float:
        return 100.0 * self.ns / self.top if self.top else 50.0

    @property
    def ew_percent(self) -> float:
        return 100.0 * self.ew / self.top if self.top else 50.0
