"""Numbered duplicate boards, the table unit's form until now: each deal is a board whose number
gives dealer and vulnerability by Law 2, scored alone by Law 77; a passed-out board scores 0 for
both sides and still counts as one of the boards (Law 22B: it is not dealt again)."""

from __future__ import annotations

from collections.abc import Iterable

from ..i18n import LAWS
from .deal import board_dealer, board_vulnerability
from .errors import ParseError
from .gameform import DealResult, DealScore, DealSetup, Entry, GameForm
from .scoring import duplicate_score

_ = LAWS.gettext


def duplicate_entries(result: DealResult, vulnerable: bool) -> tuple[Entry, ...]:
    """A deal's Law 77 score as one entry for the side that scores it (none when passed out or 0).
    Honours are not part of duplicate scoring: a result with honours is refused."""
    if result.honours is not None:
        raise ParseError(_("honours do not count in duplicate scoring"))
    if result.contract is None or result.declarer is None:
        return ()
    score = duplicate_score(result.contract, result.tricks, vulnerable)
    side = result.declarer.side if score > 0 else result.declarer.side.other
    return (Entry(side, abs(score), "score"),) if score else ()


class Duplicate(GameForm):
    """The boards in the given order (default 1-8)."""

    name = "duplicate"
    title = "Duplicate boards"

    def __init__(self, boards: Iterable[int] = range(1, 9)) -> None:
        super().__init__()
        self.boards = tuple(boards)
        for board in self.boards:
            if board < 1:
                raise ParseError(_("board numbers start at 1, not {board}").format(board=board))

    @property
    def over(self) -> bool:
        return len(self._scores) >= len(self.boards)

    def _setup(self) -> DealSetup:
        board = self.boards[len(self._scores)]
        return DealSetup(board, board_dealer(board), board_vulnerability(board))

    def _score(self, setup: DealSetup, result: DealResult) -> DealScore:
        vulnerable = result.declarer is not None and setup.vulnerability.is_vulnerable(result.declarer)
        return DealScore(setup, result, duplicate_entries(result, vulnerable))
