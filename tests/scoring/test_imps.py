"""IMPs across the field and team matches: worked examples and the RealBridge teams file."""

import re
from collections import defaultdict

import pytest

from bridgetable.scoring import Adjusted, BoardResult, TeamMatch, butler, butler_datum, cross_imps, wbf_vp

from ..corpus import ENDPLAY

EXAMPLE2 = ENDPLAY / "tests" / "pbn" / "example2.pbn"


def board(scores):
    return [BoardResult(1, ns=i + 1, ew=100 + i, score=s) for i, s in enumerate(scores)]


def test_seed_003_team_example_620_against_170_is_10_imps():
    # Seed 003 (German), "Beispiel IMP": "euer Paar als Nord-Süd 4 Pik in Gefahr: +620 ... dort spielt
    # Nord-Süd nur 2 Pik und macht 10 Stiche: 60 + 60 + 50 = 170 ... Differenz 620 − 170 = 450 →
    # laut Tabelle 10 IMP für euer Team (Regel 78B)."
    match = TeamMatch("Home", "Away")
    match.record(1, 1, 620)   # home NS make 4S vulnerable
    match.record(1, 2, 170)   # at the other table NS (the opponents) make 2S+2
    assert match.board_imps(1) == (10, 0)


def test_butler_datum_drops_highest_and_lowest_and_rounds_to_ten():
    assert butler_datum([420, 420, 450, 170, -50]) == 340  # mean of 420, 420, 170 = 336.7
    assert butler_datum([100, -200]) == -50
    scored = butler(board([420, 420, 450, 170, -50]))
    assert [s.ns for s in scored] == [2, 2, 3, -5, -9]
    assert [s.ew for s in scored] == [-2, -2, -3, 5, 9]


def test_the_butler_trim_setting_worked_by_hand_on_four_scores():
    """Four tables: 420, 450, 450, -50. The station's default (trim from 5) averages all four:
    1270 / 4 = 317.5, datum 320; a scorer trimming from 4 (Compscore3) leaves out -50 and one 450:
    870 / 2 = 435, datum 440. So 420 gets +100 = 3 IMPs against 320, -20 = -1 IMP against 440."""
    scores = [420, 450, 450, -50]
    assert butler_datum(scores) == 320 and butler_datum(scores, trim_from=4) == 440
    assert [s.ns for s in butler(board(scores))] == [3.0, 4.0, 4.0, -9.0]  # 130 -> 4, -370 -> -9
    assert [s.ns for s in butler(board(scores), trim_from=4)] == [-1.0, 0.0, 0.0, -10.0]  # -490 -> -10
    with pytest.raises(ValueError, match="from 3 scores or more"):
        butler_datum(scores, trim_from=2)


def test_cross_imps_average_over_the_other_tables():
    scored = cross_imps(board([620, 170, 620]))
    # 620 vs 170 = 10, vs 620 = 0 -> 5; 170 vs two 620s = -10 each
    assert [s.ns for s in scored] == [5, -10, 5]


def test_adjusted_score_in_imps_is_three_per_ten_percent():
    scored = butler(board([100, 200]) + [BoardResult(1, 9, 109, Adjusted.parse("A+/A-"))])
    assert (scored[-1].ns, scored[-1].ew) == (3, -3)


@pytest.mark.parametrize(("margin", "boards", "expected"), [
    (0, 16, (10.0, 10.0)), (1, 16, (10.31, 9.69)), (1, 8, (10.44, 9.56)),
    (-60, 16, (0.0, 20.0)), (100, 16, (20.0, 0.0)),
])
def test_wbf_continuous_vp_scale(margin, boards, expected):
    assert wbf_vp(margin, boards) == expected


def test_wbf_vps_always_add_up_to_20_and_grow_with_the_margin():
    previous = 10.0
    for margin in range(0, 80):
        home, away = wbf_vp(margin, 12)
        assert home + away == pytest.approx(20)
        assert home >= previous
        previous = home


def _example2_records():
    text = EXAMPLE2.read_text("utf-8", errors="replace")
    for block in re.split(r"\n\s*\n", text):
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]', block, re.M))
        if "Board" in tags and tags.get("Score", "").startswith("NS "):
            yield tags


def test_example2_score_imps_match_the_other_table_of_the_same_match():
    matches: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for tags in _example2_records():
        matches[(tags["Board"], "|".join(sorted((tags["HomeTeam"], tags["VisitTeam"]))))].append(tags)
    checked = 0
    for pair in matches.values():
        if len(pair) != 2:
            continue
        match = TeamMatch("first", "second")
        for table, tags in enumerate(pair, start=1):
            match.record(1, table, int(tags["Score"].split()[1]))
        home, away = match.board_imps(1)
        assert home - away == int(pair[0]["ScoreIMP"].split()[1]), pair[0]
        assert away - home == int(pair[1]["ScoreIMP"].split()[1]), pair[1]
        checked += 1
    assert checked == 20  # both tables of 10 boards in AUSTRIA-DENMARK and POLAND-UKRAINE


def test_team_match_totals_and_vps():
    match = TeamMatch("Home", "Away")
    for b, (first, second) in enumerate([(620, 170), (-100, 140), (0, 0)], start=1):
        match.record(b, 1, first)
        match.record(b, 2, second)
    assert match.totals() == (10, 6)
    assert match.victory_points() == wbf_vp(4, 3)
    with pytest.raises(ValueError, match="tables 1 and 2"):
        match.record(1, 3, 0)
