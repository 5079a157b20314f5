"""`bridgetable replay`: both rooms of a match file, board by board and trick by trick."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import zip_longest

from ..bridge import Seat, board_dealer, board_vulnerability
from ..formats.record import BoardRecord
from .display import auction_text, diagram, ordered_tricks, result_text, trick_text
from .match import CLOSED, OPEN, MatchBoard, MatchError, MatchResult

_ROOM_NAMES = {OPEN: "Open room (our table)", CLOSED: "Closed room (robots)"}


def match_from_records(records: Iterable[BoardRecord]) -> MatchResult:
    """Pair the Open and Closed records of a match file by board number."""
    rooms: dict[int, dict[str, BoardRecord]] = {}
    for record in records:
        room = record.tags.get("Room")
        if record.board is None or room not in (OPEN, CLOSED):
            raise MatchError(f"the record at line {record.line} is not a board of a match "
                             f"(it needs a Board number and Room \"Open\" or \"Closed\")")
        rooms.setdefault(record.board, {})[room] = record
    boards = []
    for number in sorted(rooms):
        missing = [room for room in (OPEN, CLOSED) if room not in rooms[number]]
        if missing:
            raise MatchError(f"board {number} has no {missing[0]} room record")
        boards.append(MatchBoard(open=rooms[number][OPEN], closed=rooms[number][CLOSED]))
    return MatchResult(boards)


def replay_board(board: MatchBoard) -> str:
    """One board: the cards, each room's auction and result, the tricks side by side, the IMPs."""
    closed = board.closed
    dealer = closed.dealer or board_dealer(board.board)
    vulnerability = closed.vulnerability or board_vulnerability(board.board)
    lines = [f"Board {board.board}   Dealer {dealer.full_name}   Vulnerable {vulnerability}"]
    if closed.deal is not None:
        lines.append(diagram({seat: closed.deal[seat] for seat in Seat}))
    scores = {OPEN: board.open_ns, CLOSED: board.closed_ns}
    for room, record in ((OPEN, board.open), (CLOSED, closed)):
        lines += ["", f"{_ROOM_NAMES[room]}: {result_text(record, scores[room])}",
                  auction_text(record.auction_first or dealer, record.calls)]
    open_tricks = [trick_text(*t) for t in ordered_tricks(board.open)]
    closed_tricks = [trick_text(*t) for t in ordered_tricks(closed)]
    lines += ["", f"    {'Open':<30}Closed"]
    for number, (left, right) in enumerate(zip_longest(open_tricks, closed_tricks, fillvalue=""), 1):
        lines.append(f"{number:>2}  {left:<30}{right}".rstrip())
    side = "NS" if board.imps_ns >= 0 else "EW"
    lines += ["", f"IMPs: {side} {abs(board.imps_ns)}", ""]
    return "\n".join(lines)


def replay_text(result: MatchResult, only: int | None = None) -> str:
    boards = [b for b in result.boards if only is None or b.board == only]
    if not boards:
        raise MatchError(f"board {only} is not in the match")
    text = "\n".join(replay_board(board) for board in boards)
    if only is None:
        text += f"\nMatch: NS {result.imps_ns} IMPs, EW {result.imps_ew} IMPs: {winner_text(result)}\n"
    return text


def winner_text(result: MatchResult) -> str:
    return "a draw" if result.winner == "draw" else f"{result.winner} win"
