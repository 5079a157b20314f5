"""Artificial adjusted scores (Law 12C2): average plus / average / average minus, and split scores.

An adjusted score gives each side a percentage of its own; the two need not add up to 100
(a split score such as 60/50 when one side is at fault and the other only partly). In IMP scoring
the same percentages become IMPs: 10 percentage points are 3 IMPs (average plus = +3 IMPs).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

AVERAGE_PLUS = 60.0
AVERAGE = 50.0
AVERAGE_MINUS = 40.0
IMPS_PER_10_PERCENT = 3.0

_WORDS = {"A+": AVERAGE_PLUS, "A": AVERAGE, "A=": AVERAGE, "A-": AVERAGE_MINUS}
_FORM = re.compile(r"^\s*(A[+=-]?|\d{1,3}(?:\.\d+)?)%?\s*(?:/\s*(A[+=-]?|\d{1,3}(?:\.\d+)?)%?)?\s*$",
                   re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Adjusted:
    """North-South's and East-West's percentages for a board (0-100 each)."""

    ns: float
    ew: float

    def __post_init__(self) -> None:
        for side, value in (("NS", self.ns), ("EW", self.ew)):
            if not 0 <= value <= 100:
                raise ValueError(f"an adjusted score for {side} is 0-100%, not {value}")

    @property
    def is_split(self) -> bool:
        """True when the two sides' percentages do not balance (do not add up to 100)."""
        return self.ns + self.ew != 100

    def imps(self) -> tuple[float, float]:
        """The IMP equivalents for NS and EW."""
        return ((self.ns - AVERAGE) * IMPS_PER_10_PERCENT / 10,
                (self.ew - AVERAGE) * IMPS_PER_10_PERCENT / 10)

    def __str__(self) -> str:
        return f"{self.ns:g}/{self.ew:g}"

    @classmethod
    def parse(cls, text: str) -> Adjusted:
        """Read "A+/A-", "A=", "60/40", "60/50", "A-/A-": NS first, EW second; one value is
        for both sides ("A" is average for both, "60" is 60/60)."""
        match = _FORM.match(text)
        if match is None:
            raise ValueError(f"not an adjusted score: {text!r} (e.g. 'A+/A-', 'A', '60/40')")
        ns = _value(match.group(1))
        ew = _value(match.group(2)) if match.group(2) else ns
        return cls(ns, ew)


def _value(token: str) -> float:
    word = token.upper()
    return _WORDS[word] if word in _WORDS else float(token)
