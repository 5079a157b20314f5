"""The match: IMPs per board (Law 78B) for the side that did better, totals and the winner."""

from __future__ import annotations

import pytest

from bridgetable.bridge import Contract, Seat, Vulnerability, duplicate_score, imps
from bridgetable.cli import build_parser
from bridgetable.formats.record import BoardRecord
from bridgetable.robots.match import (
    MatchBoard,
    MatchError,
    MatchResult,
    check_length,
    ns_score,
    random_boards,
    robots_for,
    score_match,
)


def _record(board: int, contract: str, declarer: Seat, tricks: int,
            vulnerability: Vulnerability = Vulnerability.NONE) -> BoardRecord:
    return BoardRecord(board=board, dealer=Seat.N, vulnerability=vulnerability,
                       contract=Contract.parse(contract), declarer=declarer, result=tricks)


def _board(number: int, open_: BoardRecord, closed: BoardRecord) -> MatchBoard:
    open_.board = closed.board = number
    return MatchBoard(open=open_, closed=closed)


def test_a_board_scores_the_ns_difference_in_imps() -> None:
    board = _board(1, _record(1, "4S", Seat.S, 10), _record(1, "2S", Seat.S, 10))
    assert (board.open_ns, board.closed_ns) == (420, 170)
    assert board.imps_ns == 6  # 250 points
    swapped = _board(1, _record(1, "2S", Seat.S, 10), _record(1, "4S", Seat.S, 10))
    assert swapped.imps_ns == -6  # East-West gained the six
    defended = _board(2, _record(2, "4H", Seat.E, 9), _record(2, "4H", Seat.W, 10))
    assert (defended.open_ns, defended.closed_ns, defended.imps_ns) == (50, -420, 10)
    assert _board(3, _record(3, "3NT", Seat.N, 9), _record(3, "3NT", Seat.S, 10)).imps_ns == -1
    assert _board(4, _record(4, "1NT", Seat.N, 7), _record(4, "1S", Seat.N, 7)).imps_ns == 0  # 10
    assert _board(4, _record(4, "1C", Seat.N, 7), _record(4, "1C", Seat.N, 8)).imps_ns == -1  # 20


def test_totals_credit_each_side_and_name_the_winner() -> None:
    plus6 = _board(1, _record(1, "4S", Seat.S, 10), _record(1, "2S", Seat.S, 10))
    minus6 = _board(2, _record(2, "2S", Seat.S, 10), _record(2, "4S", Seat.S, 10))
    minus1 = _board(3, _record(3, "3NT", Seat.N, 9), _record(3, "3NT", Seat.S, 10))
    flat = _board(4, _record(4, "3NT", Seat.N, 9), _record(4, "3NT", Seat.S, 9))
    result = MatchResult([plus6, minus1, flat, flat])
    assert (result.imps_ns, result.imps_ew, result.winner) == (6, 1, "NS")
    result = MatchResult([minus6, minus1, flat, flat])
    assert (result.imps_ns, result.imps_ew, result.winner) == (0, 7, "EW")
    result = MatchResult([plus6, minus6, flat, flat])
    assert (result.imps_ns, result.imps_ew, result.winner) == (6, 6, "draw")
    assert MatchResult([flat] * 4).winner == "draw"
    assert result.to_json() == {
        "boards": [{"board": 1, "open_ns": 420, "closed_ns": 170, "imps_ns": 6},
                   {"board": 2, "open_ns": 170, "closed_ns": 420, "imps_ns": -6},
                   {"board": 4, "open_ns": 400, "closed_ns": 400, "imps_ns": 0},
                   {"board": 4, "open_ns": 400, "closed_ns": 400, "imps_ns": 0}],
        "imps_ns": 6, "imps_ew": 6, "winner": "draw"}


@pytest.mark.parametrize("length", [4, 8, 16])
def test_a_match_of_4_8_or_16_boards_against_the_robots(length: int) -> None:
    deals = random_boards(16, seed=11)
    ours = [_record(n, "3NT", Seat.N, 9, deals[n - 1].vulnerability or Vulnerability.NONE)
            for n in range(length, 0, -1)]  # any order
    result = score_match(deals, ours)
    assert [b.board for b in result.boards] == list(range(1, length + 1))
    for board in result.boards:
        vulnerability = deals[board.board - 1].vulnerability
        vulnerable = vulnerability is not None and vulnerability.is_vulnerable(Seat.N)
        assert board.open_ns == duplicate_score(Contract.parse("3NT"), 9, vulnerable)
        assert board.closed == robots_for(deals[board.board - 1])
        assert board.imps_ns == imps(board.open_ns - board.closed.score_ns)  # type: ignore[operator]
    assert result.imps_ns == sum(max(0, b.imps_ns) for b in result.boards)
    assert result.imps_ew == sum(max(0, -b.imps_ns) for b in result.boards)


def test_only_4_8_or_16_boards_and_8_by_default() -> None:
    assert [check_length(n) for n in (4, 8, 16)] == [4, 8, 16]
    for wrong in (0, 3, 5, 12, 32):
        with pytest.raises(MatchError, match="4, 8 or 16 boards"):
            check_length(wrong)
    deals = random_boards(16, seed=2)
    with pytest.raises(MatchError, match="not 5"):
        score_match(deals, [_record(n, "1NT", Seat.N, 7) for n in range(1, 6)])
    assert build_parser().parse_args(["match"]).boards == 8
    with pytest.raises(SystemExit):
        build_parser().parse_args(["match", "--boards", "5"])


def test_bad_results_are_refused_with_the_reason() -> None:
    deals = random_boards(8, seed=5)
    good = [_record(n, "2H", Seat.S, 8) for n in range(1, 5)]
    with pytest.raises(MatchError, match="board 9 of our table is not among the deals"):
        score_match(deals, [*good[:3], _record(9, "2H", Seat.S, 8)])
    with pytest.raises(MatchError, match="board 2 appears twice"):
        score_match(deals, [*good[:3], _record(2, "2H", Seat.S, 8)])
    other = _record(4, "2H", Seat.S, 8)
    other.deal = deals[4].deal
    with pytest.raises(MatchError, match="board 4: our table's cards differ"):
        score_match(deals, [*good[:3], other])
    wrong_score = _record(4, "2H", Seat.S, 8)
    wrong_score.score_ns = 140
    with pytest.raises(MatchError, match="says NS 140, but 2♥ by S making 8 tricks scores NS 110"):
        score_match(deals, [*good[:3], wrong_score])
    unplayed = BoardRecord(board=4)
    with pytest.raises(MatchError, match="board 4: the record has no contract"):
        score_match(deals, [*good[:3], unplayed])


def test_a_passed_out_board_scores_zero_at_our_table() -> None:
    passed = BoardRecord(board=1, passed_out=True)
    assert ns_score(passed) == 0
