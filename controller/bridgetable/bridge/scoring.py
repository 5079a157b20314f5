"""Scores: duplicate scoring (Law 77), IMPs (Law 78B), matchpoints (78A) and total points (78C)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence

from ..i18n import LAWS
from .auction import Contract
from .cards import Strain

_ = LAWS.gettext

GAME_BONUS = {False: 300, True: 500}
PARTSCORE_BONUS = 50
SMALL_SLAM_BONUS = {False: 500, True: 750}
GRAND_SLAM_BONUS = {False: 1000, True: 1500}
INSULT = {1: 50, 2: 100}  # for making a doubled / redoubled contract


def trick_score(contract: Contract) -> int:
    """Points for the odd tricks bid and made: 20 a minor, 30 a major, NT 40 then 30;
    doubled twice as much, redoubled four times."""
    per_trick = 20 if contract.strain.is_minor else 30
    points = per_trick * contract.level + (10 if contract.strain is Strain.NOTRUMP else 0)
    return points * (1 << contract.risk)


def undertrick_penalty(contract: Contract, down: int, vulnerable: bool) -> int:
    """What the defenders score for ``down`` undertricks (a positive number)."""
    if contract.risk == 0:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * contract.risk


def overtrick_points(contract: Contract, over: int, vulnerable: bool) -> int:
    if contract.risk == 0:
        return over * (20 if contract.strain.is_minor else 30)
    return over * (200 if vulnerable else 100) * contract.risk


def duplicate_score(contract: Contract | None, tricks: int, vulnerable: bool) -> int:
    """The score of declarer's side under Law 77: positive if made, negative if defeated.

    ``tricks`` is the number of tricks declarer won (0-13); a passed-out board (None) scores 0.
    """
    if contract is None:
        return 0
    if not 0 <= tricks <= 13:
        raise ValueError(_("a declarer wins 0 to 13 tricks, not {tricks}").format(tricks=tricks))
    needed = contract.tricks_needed
    if tricks < needed:
        return -undertrick_penalty(contract, needed - tricks, vulnerable)
    base = trick_score(contract)
    score = base + overtrick_points(contract, tricks - needed, vulnerable)
    score += GAME_BONUS[vulnerable] if base >= 100 else PARTSCORE_BONUS
    if contract.level == 6:
        score += SMALL_SLAM_BONUS[vulnerable]
    elif contract.level == 7:
        score += GRAND_SLAM_BONUS[vulnerable]
    if contract.risk:
        score += INSULT[contract.risk]
    return score


# Law 78B: the lowest difference that earns 1, 2, ... 24 IMPs.
IMP_THRESHOLDS = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900,
                  1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000)


def imps(difference: float) -> int:
    """IMPs for a difference in points by the Law 78B scale, with the sign of the difference."""
    value = bisect_right(IMP_THRESHOLDS, abs(difference))
    return value if difference >= 0 else -value


def matchpoints(scores: Sequence[float]) -> list[float]:
    """Law 78A: each score earns 2 for every other score it beats and 1 for every tie.

    ``scores`` are one direction's scores on one board; the result is in the same order.
    """
    ordered = sorted(scores)  # the scores beaten are those before s, the ties those equal to it
    return [float(2 * bisect_left(ordered, s) + (bisect_right(ordered, s) - bisect_left(ordered, s)) - 1)
            for s in scores]


def neuberg(mp: float, played: int, expected: int) -> float:
    """Neuberg's formula: matchpoints on a board played ``played`` times, scaled to a board
    played ``expected`` times (both on the 2-per-score-beaten scale of ``matchpoints``)."""
    if played < 1:
        raise ValueError(_("a board must be played at least once to be scaled"))
    return (mp + 1) * expected / played - 1


def matchpoint_percent(mp: float, played: int) -> float:
    """Matchpoints as a percentage of the top (2 for each other result)."""
    if played < 1:
        raise ValueError(_("a board must be played at least once to have a percentage"))
    top = 2 * (played - 1)
    return 50.0 if top == 0 else 100.0 * mp / top


def total_points(scores: Sequence[int]) -> int:
    """Law 78C: total points are the sum of a side's scores over the boards."""
    return sum(scores)
