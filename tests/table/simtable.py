"""A table unit with its journal on disk, fed ``--sim`` lines as the keyboard reads them (the
Laws' cases of tests/table/test_laws_*.py drive it)."""

from __future__ import annotations

from pathlib import Path

from bridgetable.bridge import Deal, Seat
from bridgetable.devices.keyboard import parse_line
from bridgetable.events import TableEvent
from bridgetable.table.flow import BoardFlow, FlowConfig, Phase
from bridgetable.table.journal import Journal
from bridgetable.table.service import TableService, replay


class SimTable:
    """One board of ``deal`` at a table under ``policy``; ``sim`` feeds lines, ``replays`` checks
    that the journal replays to the same state (and the same result record)."""

    def __init__(self, tmp_path: Path, board: int, deal: Deal, policy: str = "laws", name: str = "") -> None:
        self.path = tmp_path / f"journal-{board}-{policy}{name}.db"
        self.config = FlowConfig(boards=[board], deals={board: deal}, club="c", session="s", table="1",
                                 policy=policy)  # type: ignore[arg-type]
        self.service = TableService(self.config, Journal(self.path, session="s"))

    @property
    def flow(self) -> BoardFlow:
        return self.service.flow  # a new board's flow after each confirmed one

    def sim(self, *lines: str) -> str | None:
        """Lines that must all be accepted; the last message."""
        message = None
        for line in lines:
            for event in parse_line(line):
                outcome = self.service.handle(event)
                assert outcome.changed, f"{line}: refused: {outcome.message}"
                message = outcome.message
        return message

    def refused(self, line: str) -> str:
        """A line whose (last) event must be refused, changing nothing; the reason."""
        *first, last = parse_line(line)
        for event in first:
            assert self.service.handle(event).changed
        before = self.flow.view().durable()
        outcome = self.service.handle(last)
        assert not outcome.changed, f"{line} was accepted: {outcome.message}"
        assert self.flow.view().durable() == before and outcome.message
        return outcome.message

    def play_out(self) -> None:
        """Each hand's lowest legal card until the last trick, journaled."""
        play = self.flow.play
        assert play is not None
        while not play.is_complete:
            assert self.service.handle(TableEvent.card(play.turn, play.legal_cards()[0])).changed

    def replays(self) -> None:
        """The journal replays to the same state, and to the same result record once confirmed."""
        again = replay(self.config, Journal(self.path, session="s"))
        assert again.view().durable() == self.flow.view().durable()
        if self.flow.phase is Phase.RESULT:
            assert again.result_record(Seat.E) == self.flow.result_record(Seat.E)
