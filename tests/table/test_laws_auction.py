"""The auction cases of issue 21, each named after its Law (the 2017 code, with the June 2017
amendment to Law 26B), driven through TableEvents as ``--sim`` lines under the ``laws`` policy
(and ``prevent`` where it differs); each board's journal replays to the same state."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgetable.bridge import Deal, Seat
from bridgetable.cli import main
from bridgetable.devices.keyboard import parse_line
from bridgetable.events import TableEvent
from bridgetable.formats.pbn import read_pbn_file
from bridgetable.table.flow import FlowConfig
from bridgetable.table.journal import Journal
from bridgetable.table.screens import render
from bridgetable.table.service import TableService, replay

from .helpers import DEAL
from .test_screens import check_reference

D1 = DEAL  # boards 1, 2 and 4


class Table:
    """A table unit with its journal on disk, playing one board from ``--sim`` lines."""

    def __init__(self, tmp_path: Path, board: int = 1, policy: str = "laws", deal: Deal = D1) -> None:
        self.path = tmp_path / f"journal-{board}-{policy}.db"
        self.config = FlowConfig(boards=[board], deals={board: deal}, club="c", session="s", table="1",
                                 policy=policy)  # type: ignore[arg-type]
        self.service = TableService(self.config, Journal(self.path, session="s"))
        self.flow = self.service.flow

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
        """A line whose (last) event must be refused, changing nothing."""
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
        """The journal replays to the same state."""
        again = replay(self.config, Journal(self.path, session="s"))
        assert again.view().durable() == self.flow.view().durable()

    def rectification(self) -> str:
        return "; ".join(str(irr) for irr in self.flow.current.auction.irregularities)


# ---- Law 29A ---------------------------------------------------------------------------------
def test_law_29a_a_call_out_of_rotation_accepted_each_call_at_its_seat(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = Table(tmp_path)
    table.sim("N ok", "E 1S", "S ok")  # accepted by South, the offender's LHO: North lost the turn
    table.sim("W alert", "S pass", "W 2S", "N pass", "E pass")
    view = table.flow.view()
    assert view.skipped == (0,) and view.callers() == [Seat.E, Seat.S, Seat.W, Seat.N, Seat.E]
    check_reference("auction-29a", render(view, Seat.N))  # 1♠! under E, North's place empty, "?" at S
    table.sim("S pass")
    flow = table.flow
    assert (str(flow.current.contract), flow.current.declarer) == ("2S", Seat.E)
    table.play_out()
    table.sim("N ok")
    table.replays()
    [stored] = table.service.journal.results()
    assert stored.payload["skipped"] == [0] and stored.payload["declarer"] == "E"
    table.service.journal.close()

    ours = tmp_path / "ours.pbn"
    assert main(["table", "--journal", str(table.path), "--export", str(ours)]) == 0
    text = ours.read_text()
    assert '[Auction "N"]\n- 1S =1= Pass 2S' in text and '[Declarer "E"]' in text
    capsys.readouterr()
    assert main(["check", "--json", str(ours)]) == 0
    [report] = json.loads(capsys.readouterr().out)["boards"]
    assert (report["problems"], report["warnings"]) == ([], [])
    [record] = read_pbn_file(ours)
    assert record.opening_leader is Seat.S and record.score_ns == stored.payload["score_ns"]


def test_law_29a_a_turn_lost_within_the_auction_is_a_dash_that_check_reads(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """West bids at South's turn, accepted: South's turn is lost, "-" between two calls."""
    table = Table(tmp_path)
    table.sim("N ok", "N 1H", "E pass", "W 2C", "N ok", "N pass", "E pass")
    assert table.flow.view().skipped == (2,)
    table.sim("S pass")
    assert (str(table.flow.current.contract), table.flow.current.declarer) == ("2C", Seat.W)
    table.play_out()
    table.sim("N ok")
    table.replays()
    table.service.journal.close()
    ours = tmp_path / "ours.pbn"
    assert main(["table", "--journal", str(table.path), "--export", str(ours)]) == 0
    assert "1H Pass - 2C\nPass Pass Pass" in ours.read_text()
    capsys.readouterr()
    assert main(["check", "--json", str(ours)]) == 0
    [report] = json.loads(capsys.readouterr().out)["boards"]
    assert (report["problems"], report["warnings"]) == ([], [])
    ours.write_text(ours.read_text().replace("1H Pass - 2C", "1H Pass 2C"))  # the "-" lost: wrong
    capsys.readouterr()
    assert main(["check", "--json", str(ours)]) != 0
    [report] = json.loads(capsys.readouterr().out)["boards"]
    assert any("Declarer" in p or "declarer" in p for p in map(str, report["problems"]))
