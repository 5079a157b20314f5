"""The one-table team match against the robots (seed 001): 4, 8 or 16 boards (8 by default), our
table in the "Open" room, the robots with the same cards in the "Closed" room. On each board the
difference of North-South's scores is converted to IMPs (Law 78B) for the side that did better;
after the last board the side with more IMPs wins, equal is a draw."""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..bridge import Deal, Side, board_dealer, board_vulnerability, duplicate_score, imps
from ..formats.record import BoardRecord
from ..i18n import CLI, notation
from .table import robot_board

MATCH_LENGTHS = (4, 8, 16)
DEFAULT_BOARDS = 8
OPEN, CLOSED = "Open", "Closed"
_RESULT_PROBLEMS = ("deal", "contract", "declarer", "result", "score")


_ = CLI.gettext


class MatchError(ValueError):
    """A match that cannot be scored: a missing board, different cards, a result that is absent."""


def check_length(boards: int) -> int:
    if boards not in MATCH_LENGTHS:
        raise MatchError(_("a match is 4, 8 or 16 boards, not {n}").format(n=boards))
    return boards


def random_deal(board: int, seed: int) -> Deal:
    """The deal of a board of a random match: reproducible from the seed and the board number."""
    return Deal.random(random.Random(f"bridgetable-match:{seed}:{board}"))


def random_boards(count: int, seed: int) -> list[BoardRecord]:
    """Boards 1..count dealt at random from the seed, dealer and vulnerability by Law 2."""
    return [BoardRecord(board=n, dealer=board_dealer(n), vulnerability=board_vulnerability(n),
                        deal=random_deal(n, seed)) for n in range(1, count + 1)]


def deal_boards(boards: int, seed: int) -> list[BoardRecord]:
    """The boards of a random match of 4, 8 or 16 boards."""
    return random_boards(check_length(boards), seed)


def as_board(record: BoardRecord) -> BoardRecord:
    """The board a record was played on: number, dealer and vulnerability (default: by the board
    cycle of Law 2) and the cards; MatchError if it has no number or no readable deal."""
    if record.board is None or record.deal is None:
        message = _("a record without a board number") if record.board is None else _(
            "a record without a readable deal")
        where = " " + _("(line {line})").format(line=record.line) if record.line else ""
        raise MatchError(message + where)
    return BoardRecord(board=record.board, deal=record.deal,
                       dealer=record.dealer or board_dealer(record.board),
                       vulnerability=record.vulnerability or board_vulnerability(record.board))


def ns_score(record: BoardRecord) -> int:
    """North-South's score of a played board, worked out from contract and result (Law 77)."""
    where = _("board {number}").format(number=record.board)
    if record.passed_out:
        computed = 0
    elif record.contract is None or record.declarer is None or record.result is None:
        raise MatchError(_("{board}: the record has no contract, declarer and result").format(board=where))
    else:
        vulnerability = record.vulnerability or board_vulnerability(record.board or 1)
        score = duplicate_score(record.contract, record.result,
                                vulnerability.is_vulnerable(record.declarer))
        computed = score if record.declarer.side is Side.NS else -score
    if record.score_ns is not None and record.score_ns != computed:
        raise MatchError(_("{board}: the record says {ns} {given}, but {contract} by {declarer} making "
                           "{tricks} tricks scores {ns} {computed}").format(
            board=where, ns=notation.side("NS"), given=record.score_ns,
            contract=notation.call(str(record.contract)),
            declarer=notation.seat(str(record.declarer)), tricks=record.result, computed=computed))
    return computed


@dataclass(slots=True)
class MatchBoard:
    """One board of the match: our record (Open room) and the robots' (Closed room)."""

    open: BoardRecord
    closed: BoardRecord

    @property
    def board(self) -> int:
        assert self.closed.board is not None
        return self.closed.board

    @property
    def open_ns(self) -> int:
        return ns_score(self.open)

    @property
    def closed_ns(self) -> int:
        return ns_score(self.closed)

    @property
    def imps_ns(self) -> int:
        """IMPs of the board for North-South: negative when East-West gained them."""
        return imps(self.open_ns - self.closed_ns)


@dataclass(slots=True)
class MatchResult:
    boards: list[MatchBoard]

    @property
    def imps_ns(self) -> int:
        return sum(b.imps_ns for b in self.boards if b.imps_ns > 0)

    @property
    def imps_ew(self) -> int:
        return sum(-b.imps_ns for b in self.boards if b.imps_ns < 0)

    @property
    def winner(self) -> str:
        """"NS", "EW" or "draw"."""
        if self.imps_ns == self.imps_ew:
            return "draw"
        return "NS" if self.imps_ns > self.imps_ew else "EW"

    def to_json(self) -> dict[str, Any]:
        return {
            "boards": [{"board": b.board, "open_ns": b.open_ns, "closed_ns": b.closed_ns,
                        "imps_ns": b.imps_ns} for b in self.boards],
            "imps_ns": self.imps_ns,
            "imps_ew": self.imps_ew,
            "winner": self.winner,
        }

    def records(self) -> list[BoardRecord]:
        """Both rooms of every board, tagged with the room and the board's IMPs, for MATCH.pbn."""
        out = []
        for board in self.boards:
            for room, record in ((OPEN, board.open), (CLOSED, board.closed)):
                record.tags.setdefault("Event", "Team match against the robots")
                record.tags.update({"Scoring": "IMP", "Room": room, "ScoreIMP": f"NS {board.imps_ns}"})
                out.append(record)
        return out


def robots_for(record: BoardRecord) -> BoardRecord:
    """The robots' record of a board (the Closed room), from the board's cards, dealer and vul."""
    board = as_board(record)
    assert board.board is not None and board.deal is not None
    return robot_board(board.board, board.deal, board.dealer, board.vulnerability)


def score_match(deals: Sequence[BoardRecord], ours: Iterable[BoardRecord]) -> MatchResult:
    """Our table's records against the robots on the same boards (those of ``ours``)."""
    by_number: dict[int, BoardRecord] = {}
    for record in deals:
        if record.board is not None:
            by_number.setdefault(record.board, record)
    boards: list[MatchBoard] = []
    seen: set[int] = set()
    for record in ours:
        number = record.board
        if number is None:
            raise MatchError(_("a record of our table has no board number (line {line})").format(
                line=record.line))
        if number in seen:
            raise MatchError(_("board {number} appears twice in our table's results").format(number=number))
        seen.add(number)
        dealt = by_number.get(number)
        if dealt is None or dealt.deal is None:
            raise MatchError(_("board {number} of our table is not among the deals").format(number=number))
        wrong = [p for p in record.problems if p.kind in _RESULT_PROBLEMS]
        if wrong:
            raise MatchError(_("board {number} of our table: {problem}").format(
                number=number, problem=wrong[0]))
        if record.deal is not None and record.deal != dealt.deal:
            raise MatchError(_("board {number}: our table's cards differ from the deals file's ({ours} "
                               "against {theirs})").format(number=number, ours=record.deal,
                                                           theirs=dealt.deal))
        record.deal = dealt.deal
        record.dealer = record.dealer or dealt.dealer
        record.vulnerability = record.vulnerability or dealt.vulnerability
        boards.append(MatchBoard(open=record, closed=robots_for(dealt)))
    check_length(len(boards))
    boards.sort(key=lambda b: b.board)
    for board in boards:  # every result is checked (and its score filled in) before any output
        board.open.score_ns = ns_score(board.open)
    return MatchResult(boards)
