"""`bridgetable replay`: both rooms of a match file, board by board and trick by trick."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import zip_longest

from ..bridge import Seat, board_dealer, board_vulnerability
from ..formats.record import BoardRecord
from ..i18n import CLI, N_, notation
from .display import auction_text, diagram, ordered_tricks, result_text, trick_text
from .match import CLOSED, OPEN, MatchBoard, MatchError, MatchResult

_ = CLI.gettext
_ROOM_NAMES = {OPEN: N_("Open room (our table)"), CLOSED: N_("Closed room (robots)")}


def match_from_records(records: Iterable[BoardRecord]) -> MatchResult:
    """Pair the Open and Closed records of a match file by board number."""
    rooms: dict[int, dict[str, BoardRecord]] = {}
    for record in records:
        room = record.tags.get("Room")
        if record.board is None or room not in (OPEN, CLOSED):
            raise MatchError(_("the record at line {line} is not a board of a match (it needs a Board "
                               "number and Room \"Open\" or \"Closed\")").format(line=record.line))
        rooms.setdefault(record.board, {})[room] = record
    boards = []
    for number in sorted(rooms):
        missing = [room for room in (OPEN, CLOSED) if room not in rooms[number]]
        if missing:
            raise MatchError(_("board {number} has no {room} room record").format(number=number,
                                                                                 room=missing[0]))
        boards.append(MatchBoard(open=rooms[number][OPEN], closed=rooms[number][CLOSED]))
    return MatchResult(boards)


def replay_board(board: MatchBoard) -> str:
    """One board: the cards, each room's auction and result, the tricks side by side, the IMPs."""
    closed = board.closed
    dealer = closed.dealer or board_dealer(board.board)
    vulnerability = closed.vulnerability or board_vulnerability(board.board)
    lines = [_("Board {board}   Dealer {dealer}   Vulnerable {vulnerable}").format(
        board=board.board, dealer=notation.seat_name(dealer.name),
        vulnerable=notation.vulnerability(str(vulnerability)))]
    if closed.deal is not None:
        lines.append(diagram({seat: closed.deal[seat] for seat in Seat}))
    scores = {OPEN: board.open_ns, CLOSED: board.closed_ns}
    for room, record in ((OPEN, board.open), (CLOSED, closed)):
        lines += ["", f"{_(_ROOM_NAMES[room])}: {result_text(record, scores[room])}",
                  auction_text(record.auction_first or dealer, record.calls)]
    open_tricks = [trick_text(*t) for t in ordered_tricks(board.open)]
    closed_tricks = [trick_text(*t) for t in ordered_tricks(closed)]
    heads = _("Open"), _("Closed")
    lines += ["", f"    {heads[0]:<30}{heads[1]}"]
    for number, (left, right) in enumerate(zip_longest(open_tricks, closed_tricks, fillvalue=""), 1):
        lines.append(f"{number:>2}  {left:<30}{right}".rstrip())
    side = notation.side("NS" if board.imps_ns >= 0 else "EW")
    lines += ["", _("IMPs: {side} {imps}").format(side=side, imps=abs(board.imps_ns)), ""]
    return "\n".join(lines)


def replay_text(result: MatchResult, only: int | None = None) -> str:
    boards = [b for b in result.boards if only is None or b.board == only]
    if not boards:
        raise MatchError(_("board {number} is not in the match").format(number=only))
    text = "\n".join(replay_board(board) for board in boards)
    if only is None:
        text += "\n" + _("Match: {total}").format(total=match_text(result)) + "\n"
    return text


def winner_text(result: MatchResult) -> str:
    return _("a draw") if result.winner == "draw" else _("{side} win").format(
        side=notation.side(result.winner))


def match_text(result: MatchResult) -> str:
    """E.g. "NS 10 IMPs, EW 1 IMPs: NS win"."""
    return _("{ns} {ns_imps} IMPs, {ew} {ew_imps} IMPs: {winner}").format(
        ns=notation.side("NS"), ew=notation.side("EW"), ns_imps=result.imps_ns, ew_imps=result.imps_ew,
        winner=winner_text(result))
