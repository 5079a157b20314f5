"""A new player at a seat (a substitute arrives mid-session): the station's ask
(``TableEvent.ask``) has the table ask that seat's number at its next board, and only that seat's;
the number travels with that board's result; the ask is journaled like a key, and taken once."""

from __future__ import annotations

from pathlib import Path

from bridgetable.bridge import Seat
from bridgetable.events import TableEvent
from bridgetable.link.schema import validate
from bridgetable.table.flow import BoardFlow, FlowConfig, Phase
from bridgetable.table.journal import Journal
from bridgetable.table.script import board_events
from bridgetable.table.service import TableService, replay

from .helpers import DEAL, feed, key, refused
from .test_players import NUMBERS

FIRST_BOARD = board_events(DEAL, Seat.N, "1NT Pass 3NT Pass Pass Pass")
PASSED_OUT = board_events(DEAL, Seat.E, "Pass Pass Pass Pass")


def _config() -> FlowConfig:
    return FlowConfig(boards=[1, 2, 3], deals={1: DEAL}, club="c", session="s", table="3",
                      player_numbers=True)


def _result(flow: BoardFlow, events: list[TableEvent]) -> dict:
    return next(o.result for o in feed(flow, *events) if o.result)


def test_a_new_player_asked_during_a_board_enters_their_number_at_the_next_one() -> None:
    flow = BoardFlow(_config())
    feed(flow, *NUMBERS, *FIRST_BOARD[:3])  # board 1 under way
    assert feed(flow, TableEvent.ask(Seat.S, "1"))[0].message == (
        "South: a new player enters their number at the next board")
    assert flow.phase is not Phase.PLAYERS  # the board in play goes on
    assert "players" in _result(flow, FIRST_BOARD[3:])  # board 1: the first numbers, all four
    assert flow.phase is Phase.PLAYERS and flow.board == 2
    assert flow.view().entered == ("N", "E", "W")  # the others wait
    assert "only the new player" in refused(flow, key("N", "OK"))
    feed(flow, key("S", "4"), key("S", "2"), key("S", "OK"))
    assert flow.phase is Phase.START
    result = _result(flow, PASSED_OUT)
    assert (result["players"], result["answered"]) == ({"S": "42"}, ["1"])  # the station's ask answered
    validate({**result, "schema": 2, "kind": "result", "table": 3, "sig": "0" * 64}, "result")  # as sent
    assert "players" not in _result(flow, board_events(DEAL, Seat.S, "Pass Pass Pass Pass"))


def test_asked_on_a_start_screen_the_number_is_asked_at_once_and_each_ask_is_taken_once() -> None:
    flow = BoardFlow(_config())
    feed(flow, *NUMBERS, *FIRST_BOARD)
    assert flow.phase is Phase.START and flow.board == 2
    feed(flow, TableEvent.ask(Seat.E, "7"), TableEvent.ask(Seat.W, "7"))
    assert flow.phase is Phase.PLAYERS and flow.view().entered == ("N", "S")
    assert "asked already" in refused(flow, TableEvent.ask(Seat.E, "7"))  # the station sent it again
    feed(flow, key("E", "5"), key("E", "OK"), key("W", "OK"))  # West: a guest
    assert _result(flow, PASSED_OUT)["players"] == {"E": "5", "W": "0"}


def test_the_ask_is_journaled_and_a_restarted_table_still_asks(tmp_path: Path) -> None:
    service = TableService(_config(), Journal(tmp_path / "j.db", session="s"))
    for event in [*NUMBERS, *FIRST_BOARD[:3], TableEvent.ask(Seat.N, "2")]:
        assert service.handle(event).changed
    again = replay(_config(), Journal(tmp_path / "j.db", session="s"))
    assert "asked already" in refused(again, TableEvent.ask(Seat.N, "2"))
    feed(again, *FIRST_BOARD[3:])
    assert again.phase is Phase.PLAYERS and again.view().entered == ("E", "S", "W")
