"""Law 77, cell by cell, and duplicate_score for every contract and result.

The tables below are written out from the Law itself; ``law77`` computes a score from their rows
alone (by summing table entries trick by trick), so it shares no code with the engine."""

from __future__ import annotations

import itertools

import pytest

from bridgetable.bridge import Contract, Strain, duplicate_score

MINOR, MAJOR, NOTRUMP = "minor", "major", "notrump"
KIND = {Strain.CLUBS: MINOR, Strain.DIAMONDS: MINOR, Strain.HEARTS: MAJOR, Strain.SPADES: MAJOR,
        Strain.NOTRUMP: NOTRUMP}
RISKS = (0, 1, 2)  # undoubled, doubled, redoubled

# Trick score per odd trick bid and made: (first trick, each subsequent trick) by risk.
TRICK_SCORE = {
    MINOR: {0: (20, 20), 1: (40, 40), 2: (80, 80)},
    MAJOR: {0: (30, 30), 1: (60, 60), 2: (120, 120)},
    NOTRUMP: {0: (40, 30), 1: (80, 60), 2: (160, 120)},
}
# Overtrick points per trick: undoubled by strain; doubled/redoubled by vulnerability.
OVERTRICK_UNDOUBLED = {MINOR: 20, MAJOR: 30, NOTRUMP: 30}
OVERTRICK_DOUBLED = {(1, False): 100, (1, True): 200, (2, False): 200, (2, True): 400}
INSULT = {1: 50, 2: 100}  # for making a doubled / redoubled contract
PARTSCORE = 50
GAME = {False: 300, True: 500}
SMALL_SLAM = {False: 500, True: 750}
GRAND_SLAM = {False: 1000, True: 1500}
# Undertricks: (first, second and third each, fourth and each subsequent) by (risk, vulnerable).
UNDERTRICKS = {
    (0, False): (50, 50, 50), (1, False): (100, 200, 300), (2, False): (200, 400, 600),
    (0, True): (100, 100, 100), (1, True): (200, 300, 300), (2, True): (400, 600, 600),
}
# The same penalties as running totals for 1..13 down, spelled out.
DOUBLED_TOTALS = {
    False: [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500],
    True: [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800],
}


def undertrick_cost(risk: int, vulnerable: bool, nth: int) -> int:
    first, second_third, fourth_on = UNDERTRICKS[(risk, vulnerable)]
    return first if nth == 1 else second_third if nth <= 3 else fourth_on


def law77(level: int, strain: Strain, risk: int, tricks: int, vulnerable: bool) -> int:
    """Declarer's score by the rows of the Law 77 table, one trick at a time."""
    needed = level + 6
    if tricks < needed:
        return -sum(undertrick_cost(risk, vulnerable, n) for n in range(1, needed - tricks + 1))
    first, subsequent = TRICK_SCORE[KIND[strain]][risk]
    trick_points = first + subsequent * (level - 1)
    score = trick_points + (GAME[vulnerable] if trick_points >= 100 else PARTSCORE)
    score += {6: SMALL_SLAM[vulnerable], 7: GRAND_SLAM[vulnerable]}.get(level, 0)
    over = tricks - needed
    if risk == 0:
        score += over * OVERTRICK_UNDOUBLED[KIND[strain]]
    else:
        score += over * OVERTRICK_DOUBLED[(risk, vulnerable)] + INSULT[risk]
    return score


CONTRACTS = [Contract(level, strain, risk)
             for level in range(1, 8) for strain in Strain for risk in RISKS]


def test_there_are_35_bids_times_3_risks() -> None:
    assert len(CONTRACTS) == 105 and len(set(CONTRACTS)) == 105


@pytest.mark.parametrize("contract", CONTRACTS, ids=str)
def test_every_result_of_every_contract(contract: Contract) -> None:
    expected = {(tricks, vul): law77(contract.level, contract.strain, contract.risk, tricks, vul)
                for tricks in range(14) for vul in (False, True)}
    actual = {(tricks, vul): duplicate_score(contract, tricks, vul)
              for tricks in range(14) for vul in (False, True)}
    assert actual == expected


# ---- the table's cells, each read back from duplicate_score ------------------------------------
def made(text: str, over: int = 0, vulnerable: bool = False) -> int:
    contract = Contract.parse(text)
    return duplicate_score(contract, contract.tricks_needed + over, vulnerable)


@pytest.mark.parametrize(("strain", "risk"), list(itertools.product(Strain, RISKS)))
def test_trick_score_cells(strain: Strain, risk: int) -> None:
    first, subsequent = TRICK_SCORE[KIND[strain]][risk]
    # The first odd trick: a one-level contract made, less its bonuses (redoubled 1H/1S/1NT is game).
    bonus = (GAME[False] if first >= 100 else PARTSCORE) + INSULT.get(risk, 0)
    assert duplicate_score(Contract(1, strain, risk), 7, False) - bonus == first
    # Each subsequent odd trick: the grand slam less the small slam, less their bonus difference.
    seven = duplicate_score(Contract(7, strain, risk), 13, False)
    six = duplicate_score(Contract(6, strain, risk), 12, False)
    six_to_seven_bonus = GRAND_SLAM[False] - SMALL_SLAM[False]
    assert seven - six - six_to_seven_bonus == subsequent


@pytest.mark.parametrize(("strain", "risk", "vulnerable", "per_trick"), [
    *[(s, 0, v, OVERTRICK_UNDOUBLED[KIND[s]]) for s in Strain for v in (False, True)],
    *[(s, r, v, OVERTRICK_DOUBLED[(r, v)]) for s in Strain for r in (1, 2) for v in (False, True)],
])
def test_overtrick_cells(strain: Strain, risk: int, vulnerable: bool, per_trick: int) -> None:
    contract = Contract(1, strain, risk)
    scores = [duplicate_score(contract, 7 + over, vulnerable) for over in range(7)]
    assert [b - a for a, b in itertools.pairwise(scores)] == [per_trick] * 6


def test_insult_cells() -> None:
    # 1C made: 20 / 40 / 80 trick points, part-score 50, plus 0 / 50 / 100 for the (re)double.
    assert made("1C") == 20 + 50
    assert made("1CX") == 40 + 50 + 50
    assert made("1CXX") == 80 + 50 + 100


@pytest.mark.parametrize("vulnerable", [False, True])
def test_bonus_cells(vulnerable: bool) -> None:
    assert made("2C", vulnerable=vulnerable) == 40 + PARTSCORE == 90
    assert made("4H", vulnerable=vulnerable) == 120 + GAME[vulnerable]
    assert made("6C", vulnerable=vulnerable) == 120 + GAME[vulnerable] + SMALL_SLAM[vulnerable]
    assert made("7C", vulnerable=vulnerable) == 140 + GAME[vulnerable] + GRAND_SLAM[vulnerable]
    assert (GAME[vulnerable], SMALL_SLAM[vulnerable], GRAND_SLAM[vulnerable]) == (
        (300, 500, 1000) if not vulnerable else (500, 750, 1500))


def test_game_is_reached_by_trick_points_bid_only() -> None:
    assert made("2NT", over=1) == 70 + 50 + 30  # 9 tricks in 2NT is not a game
    assert made("3NT") == 100 + 300
    assert made("4D") == 80 + 50 and made("5D") == 100 + 300
    assert made("2HX") == 120 + 300 + 50  # doubling brings a part-score to game
    assert made("1HXX") == 120 + 300 + 100


@pytest.mark.parametrize(("risk", "vulnerable"), list(itertools.product(RISKS, (False, True))))
def test_undertrick_cells(risk: int, vulnerable: bool) -> None:
    contract = Contract(7, Strain.NOTRUMP, risk)
    totals = [-duplicate_score(contract, 13 - down, vulnerable) for down in range(1, 14)]
    costs = [totals[0]] + [b - a for a, b in itertools.pairwise(totals)]
    assert costs == [undertrick_cost(risk, vulnerable, n) for n in range(1, 14)]
    if risk == 0:
        assert totals == [(100 if vulnerable else 50) * n for n in range(1, 14)]
    else:
        assert totals == [risk * t for t in DOUBLED_TOTALS[vulnerable]]


@pytest.mark.parametrize(("contract", "tricks", "vulnerable", "score"), [
    ("3NT", 9, False, 400),
    ("4S", 11, True, 650),
    ("1NTX", 8, True, 380),
    ("7NT", 13, True, 2220),
    ("6C", 12, False, 920),
    ("4HXX", 10, False, 880),
    ("4SX", 8, True, -500),
    ("3NT", 7, False, -100),
    ("7NTXX", 0, True, -7600),
    ("7NTX", 0, False, -3500),
    ("1C", 13, False, 190),
    ("1NT", 7, True, 90),
    ("2D", 8, False, 90),
    ("3S", 9, True, 140),
    ("5CX", 11, True, 750),
    ("4SX", 10, False, 590),
    ("3NTXX", 10, True, 1400),
    ("6NT", 12, True, 1440),
    ("7S", 13, False, 1510),
    ("2HX", 4, True, -1100),
    ("1CXX", 7, True, 230),
    ("6SX", 11, False, -100),
    ("4H", 6, True, -400),
])
def test_well_known_scores(contract: str, tricks: int, vulnerable: bool, score: int) -> None:
    assert duplicate_score(Contract.parse(contract), tricks, vulnerable) == score


def test_passed_out_scores_zero_and_impossible_trick_counts_are_refused() -> None:
    assert duplicate_score(None, 0, True) == 0
    for tricks in (-1, 14):
        with pytest.raises(ValueError, match="0 to 13"):
            duplicate_score(Contract.parse("1C"), tricks, False)
