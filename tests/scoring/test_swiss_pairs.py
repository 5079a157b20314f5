"""Swiss pairs' scoring: each board across the field, each match's margin to VPs on the WBF scale
for the round's boards, the bye, the ranking: every figure recomputed here from the scores."""

import pytest

from bridgetable.scoring import (
    AVERAGE,
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    Adjusted,
    BoardResult,
    Scored,
    butler,
    matchpoint_board,
    swiss_pairs_event,
)

from .by_hand import law_imps, scale_vp

# round 1: 1 v 2 at table 1, 3 v 4 at table 2, 5 the bye; round 2: 1 v 3, 5 v 2, 4 the bye
ROUNDS = [(((1, 2), (3, 4)), 5), (((1, 3), (5, 2)), 4)]
SCORES = {  # (round, table, board): North-South's score
    (1, 1, 1): 420, (1, 2, 1): 450, (1, 1, 2): -100, (1, 2, 2): 140,
    (2, 1, 3): 110, (2, 2, 3): -50, (2, 1, 4): 600, (2, 2, 4): 600,
}


def results() -> list[BoardResult]:
    return [BoardResult(board, *ROUNDS[r - 1][0][table - 1], score, table, r)
            for (r, table, board), score in SCORES.items()]


def scored_by(scorer, given):
    boards = sorted({r.board for r in given})
    return [s for b in boards for s in scorer([r for r in given if r.board == b])]


def check_vps(event, margins, boards):
    """Each match's VPs from its margin on the WBF scale, each pair's total from its matches and bye."""
    totals = dict.fromkeys(range(1, 6), 0.0)
    for (round_, ns), margin in margins.items():
        match = event.matches[(round_, ns)]
        assert match.imps()[0] - match.imps()[1] == pytest.approx(margin)
        won = scale_vp(margin, boards)
        expected = (won, round(20 - won, 2)) if margin >= 0 else (round(20 - won, 2), won)
        assert match.victory_points() == expected
        totals[match.home] += expected[0]
        totals[match.away] += expected[1]
    for pair in (5, 4):
        totals[pair] += 12.0
    ranking = event.ranking()
    assert {line.team: line.vp for line in ranking} == {p: pytest.approx(v) for p, v in totals.items()}
    assert [line.vp for line in ranking] == sorted((line.vp for line in ranking), reverse=True)


def test_matchpoints_each_board_across_the_field_and_the_percentage_difference_over_seven_is_the_margin():
    event = swiss_pairs_event(5, 2, ROUNDS, scored_by(matchpoint_board, results()))
    # two tables a board: a top of 2; NS beat the other table (2 MP, 100%) or lost (0%), or tied
    percent = {key: 100.0 if SCORES[key] > SCORES[(key[0], 3 - key[1], key[2])] else
               50.0 if SCORES[key] == SCORES[(key[0], 3 - key[1], key[2])] else 0.0 for key in SCORES}
    margins = {}
    for (r, table, _board), ns in percent.items():
        key = (r, ROUNDS[r - 1][0][table - 1][0])
        margins[key] = margins.get(key, 0.0) + round((ns - (100 - ns)) / 7, 2)
    assert margins == {(1, 1): -28.58, (1, 3): 28.58, (2, 1): 14.29, (2, 5): -14.29}  # board 4: a tie
    check_vps(event, margins, 2)


def test_butler_imps_north_souths_imps_against_the_datum_are_the_margin():
    event = swiss_pairs_event(5, 2, ROUNDS, scored_by(butler, results()))
    margins = {}
    for (r, table, board), ns in SCORES.items():
        other = SCORES[(r, 3 - table, board)]
        mean = (ns + other) / 2  # two scores: none left out; the datum is their mean to the nearest 10
        datum = int(abs(mean) / 10 + 0.5) * 10 * (1 if mean >= 0 else -1)
        key = (r, ROUNDS[r - 1][0][table - 1][0])
        margins[key] = margins.get(key, 0) + law_imps(ns - datum)
    assert margins == {(1, 1): -4, (1, 3): 3, (2, 1): 2, (2, 5): -2}  # the datum rounded: not zero-sum
    check_vps(event, margins, 2)


def test_an_adjusted_score_counts_half_the_two_pairs_imps_difference():
    given = results()
    given[0] = BoardResult(1, 1, 2, Adjusted(AVERAGE_MINUS, AVERAGE_PLUS), 1, 1)
    given[1] = BoardResult(1, 3, 4, Adjusted(AVERAGE_PLUS, AVERAGE), 2, 1)  # a split score
    scored = scored_by(butler, given)
    event = swiss_pairs_event(5, 2, ROUNDS, scored)
    board_1 = {s.result.ns: (s.ns, s.ew) for s in scored if s.result.board == 1}
    assert board_1 == {1: (-3.0, 3.0), 3: (3.0, 0.0)}  # Law 12C2 in IMPs: 3 for 10 percentage points
    assert event.matches[(1, 1)].scores.board_imps(1) == (0.0, 3.0)
    assert event.matches[(1, 3)].scores.board_imps(1) == (1.5, 0.0)


def test_a_result_of_a_match_not_paired_is_left_out():
    stray = [BoardResult(5, 2, 4, 420, 1, 3), BoardResult(1, 2, 1, 420, 1, 1)]  # round 3; the wrong way round
    event = swiss_pairs_event(5, 2, ROUNDS, scored_by(butler, stray))
    assert all(not m.started for m in event.matches.values())


# the EBU's 7-board matchpoint Swiss pairs scale: the lowest percentage of each step of VPs
EBU_7_BOARDS = [(50.66, 11), (51.99, 12), (53.34, 13), (54.75, 14), (56.24, 15), (57.84, 16), (59.65, 17),
                (61.76, 18), (64.41, 19), (68.36, 20)]


@pytest.mark.parametrize(("percent", "step"), EBU_7_BOARDS)
def test_a_seven_board_matchpointed_match_gets_the_ebus_published_vps_made_continuous(percent, step):
    """Seven boards at ``percent`` each (two tables: North-South's and the other's percentages
    given as scored): the margin is 7 times the board's difference over 7, the VPs the step's."""
    rounds = [(((1, 2), (3, 4)), None)]
    scored = [Scored(BoardResult(b, 1, 2, 0, 1, 1), percent / 50, 2 - percent / 50, 2.0) for b in range(1, 8)]
    vp = swiss_pairs_event(4, 7, rounds, scored).matches[(1, 1)].victory_points()[0]
    assert step - 0.5 <= vp < step
