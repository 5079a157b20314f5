"""The Law 78B IMP scale and the WBF continuous VP scale written out again, independently of the
code under test, for the tests that recompute a team event's IMPs and VPs from the scores."""

import math

# Law 78B: the lower bound of each step of the IMP scale, 1 IMP from 20 points to 24 from 4000
LAW_78B = [20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
           2000, 2250, 2500, 3000, 3500, 4000]


def law_imps(difference: int) -> int:
    value = sum(1 for step in LAW_78B if abs(difference) >= step)
    return value if difference >= 0 else -value


def scale_vp(margin: float, boards: int) -> float:
    """The winner's VPs by the WBF Scoring Panel's formula (technical report, 2013)."""
    tau = (5 ** 0.5 - 1) / 2
    blitz = 15 * math.sqrt(boards)
    return round(min(20.0, 10 + 10 * (1 - tau ** (3 * abs(margin) / blitz)) / (1 - tau ** 3)), 2)
