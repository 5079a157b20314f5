"""Duplicate boards at the table, as before the other forms: the boards of table.toml or of the
station's assignments, in order; dealer and vulnerability by the board's number (Law 2); each
board scored alone by Law 77; a passed-out board scores 0 and is not dealt again. The results
go to the outbox (and the station): the table keeps no running score."""

from __future__ import annotations

from ...bridge import DealResult, DealSetup, Side, board_dealer, board_vulnerability, duplicate_score
from .base import TableForm


def _board(number: int) -> DealSetup:
    return DealSetup(number, board_dealer(max(number, 1)), board_vulnerability(max(number, 1)))


class DuplicateBoards(TableForm):

    def setup(self, done: int) -> DealSetup | None:
        boards = self.config.boards
        return _board(boards[done]) if done < len(boards) else None

    def resting(self, done: int) -> DealSetup:
        boards = self.config.boards
        return _board(boards[min(done, len(boards) - 1)] if boards else 0)

    def score(self, setup: DealSetup, result: DealResult) -> tuple[int, int]:
        if result.contract is None or result.declarer is None:
            return 0, 0
        score = duplicate_score(result.contract, result.tricks,
                                setup.vulnerability.is_vulnerable(result.declarer))
        ns = score if result.declarer.side is Side.NS else -score
        return max(ns, 0), max(-ns, 0)
