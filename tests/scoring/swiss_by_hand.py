"""Swiss pairs' VPs recomputed from the North-South scores the tables sent, written out again
independently of the code under test: each board across the field (matchpoints, or IMPs against
a datum), each match's margin (docs/movements.md, "Swiss pairs"), the WBF scale, the byes."""

from collections import Counter, defaultdict

import pytest

from .by_hand import law_imps, scale_vp

BYE_VP = 12.0


def ns_percent(score: int, field: list[int]) -> float:
    """North-South's matchpoint percentage: 2 for each other score beaten, 1 for each tie."""
    others = len(field) - 1
    points = sum(2 for s in field if s < score) + sum(1 for s in field if s == score) - 1
    return 100 * points / (2 * others) if others else 50.0


def datum(field: list[int]) -> int:
    """The mean of the field's scores (the top and bottom left out from 5 scores), to the nearest 10."""
    kept = sorted(field)[1:-1] if len(field) >= 5 else sorted(field)
    mean = sum(kept) / len(kept)
    tens = int(abs(mean) / 10 + 0.5)
    return 10 * tens if mean >= 0 else -10 * tens


def expected_margins(rows: list[tuple[int, int, int, int]], scoring: str) -> dict[tuple[int, int], float]:
    """(round, North-South pair): the match's margin, from rows of (round, ns, board, ns_score)."""
    field: dict[int, list[int]] = defaultdict(list)
    for _round, _ns, board, score in rows:
        field[board].append(score)
    margins: dict[tuple[int, int], float] = defaultdict(float)
    for round_, ns, board, score in sorted(rows, key=lambda r: r[2]):
        if scoring == "MP":
            percent = ns_percent(score, field[board])
            margins[(round_, ns)] += round((percent - (100 - percent)) / 7, 2)
        else:
            margins[(round_, ns)] += law_imps(score - datum(field[board]))
    return margins


def check_every_vp(event: dict, rows: list[tuple[int, int, int, int]], boards: int, scoring: str) -> None:
    """Each match's margin and VPs (the demo's JSON ``event``) from the rows, each pair's total
    from its matches and byes, the ranking in VP order."""
    margins = expected_margins(rows, scoring)
    totals: Counter[int] = Counter()
    for match in event["matches"]:
        margin = margins[(match["round"], match["home"])]
        assert match["imps"][0] - match["imps"][1] == pytest.approx(margin, abs=1e-6)
        won = scale_vp(margin, boards)
        expected = [won, round(20 - won, 2)] if margin >= 0 else [round(20 - won, 2), won]
        assert match["vp"] == expected, match
        totals[match["home"]] += expected[0]
        totals[match["away"]] += expected[1]
    for pair in event["byes"].values():
        totals[pair] += BYE_VP
    assert {line["team"]: line["vp"] for line in event["ranking"]} == {
        p: pytest.approx(v) for p, v in totals.items()}
    vps = [line["vp"] for line in event["ranking"]]
    assert vps == sorted(vps, reverse=True)
