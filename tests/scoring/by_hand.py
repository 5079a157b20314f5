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
    """The winner's VPs for an IMP margin by the WBF Scoring Panel's formula (technical
    report, 2013), rounded to 2 decimals, each figure then raised by 0.01 while the next IMP
    would be worth more than it, as the WBF's printed tables are; a fractional margin (Swiss
    pairs' matchpoints, an adjusted score) in between."""
    tau = (5 ** 0.5 - 1) / 2
    blitz = 15 * math.sqrt(boards)
    top = math.ceil(blitz) + 1
    cents = [min(2000, round(100 * (10 + 10 * (1 - tau ** (3 * m / blitz)) / (1 - tau ** 3))))
             for m in range(top + 1)]
    while bad := [m for m in range(1, top) if cents[m + 1] - cents[m] > cents[m] - cents[m - 1]]:
        cents[bad[0]] += 1
    m = min(abs(margin), top)
    below = int(m)  # a fractional margin: on the straight line between the whole IMPs either side
    above = min(below + 1, top)
    return round(cents[below] + (m - below) * (cents[above] - cents[below])) / 100
