"""The players' federation numbers keyed at the session's first board (``table.phases.players``)."""

from __future__ import annotations

from pathlib import Path

from bridgetable.bridge import Seat
from bridgetable.link.schema import validate
from bridgetable.table.flow import BoardFlow, FlowConfig, Phase
from bridgetable.table.journal import Journal
from bridgetable.table.script import board_events
from bridgetable.table.service import TableService, replay

from .helpers import DEAL, feed, key, refused

# North 12345 (7 then XX is 8, Pass is 0 after a digit), East a guest (OK alone), South 607 keyed
# wrong and cleared with UNDO first, West a guest by Pass
NUMBERS = [key("N", "1"), key("N", "2"), key("N", "3"), key("N", "4"), key("N", "5"), key("N", "OK"),
           key("E", "OK"),
           key("S", "5"), key("S", "UNDO"), key("S", "6"), key("S", "PASS"), key("S", "7"), key("S", "OK"),
           key("W", "PASS")]


def _flow() -> BoardFlow:
    return BoardFlow(FlowConfig(boards=[1, 2], deals={1: DEAL}, club="c", session="s", table="3",
                                player_numbers=True))


def test_each_player_keys_their_number_then_the_board_starts() -> None:
    flow = _flow()
    assert flow.phase is Phase.PLAYERS
    outcomes = feed(flow, *NUMBERS[:6])
    assert outcomes[-1].message == "North: number 12345"
    assert flow.view().entered == ("N",)
    feed(flow, *NUMBERS[6:-1])
    assert flow.view().numbers == {"N": "12345", "E": "0", "S": "607", "W": ""}
    assert feed(flow, NUMBERS[-1])[0].message == "every player's number is entered"
    assert flow.phase is Phase.START
    assert flow.current.player_numbers == {Seat.N: "12345", Seat.E: "0", Seat.S: "607", Seat.W: "0"}


def test_x_and_xx_step_the_last_digit_beyond_the_level_keys() -> None:
    flow = _flow()
    feed(flow, key("N", "7"), key("N", "XX"), key("N", "XX"), key("N", "1"), key("N", "X"))
    assert flow.view().numbers["N"] == "90"


def test_a_seat_may_take_its_number_back_until_all_four_are_in() -> None:
    flow = _flow()
    feed(flow, key("N", "4"), key("N", "OK"))
    assert "waiting for the others" in refused(flow, key("N", "5"))
    assert "nothing of yours" in refused(flow, key("E", "UNDO"))
    assert feed(flow, key("N", "UNDO"))[0].message == "North: enter your number again"
    feed(flow, key("N", "2"), key("N", "OK"))
    assert flow.view().numbers["N"] == "2"
    assert "digit by digit" in refused(flow, key("E", "H"))
    assert "digit by digit" in refused(flow, key("E", "X"))  # nothing keyed to step


def test_the_numbers_travel_with_the_first_boards_result_only() -> None:
    flow = _flow()
    feed(flow, *NUMBERS)
    first = [o.result for o in feed(flow, *board_events(DEAL, Seat.N, "1NT Pass 3NT Pass Pass Pass"))
             if o.result]
    assert first[0]["players"] == {"N": "12345", "E": "0", "S": "607", "W": "0"}
    validate({**first[0], "schema": 2, "kind": "result", "table": 3, "sig": "0" * 64}, "result")  # as sent
    second = [o.result for o in feed(flow, *board_events(DEAL, Seat.E, "Pass Pass Pass Pass")) if o.result]
    assert "players" not in second[0]


def test_the_journal_replays_the_numbers(tmp_path: Path) -> None:
    config = FlowConfig(boards=[1, 2], deals={1: DEAL}, club="c", session="s", table="3", player_numbers=True)
    service = TableService(config, Journal(tmp_path / "j.db", session="s"))
    for event in NUMBERS[:9]:
        service.handle(event)
    again = replay(FlowConfig(boards=[1, 2], deals={1: DEAL}, club="c", session="s", table="3",
                              player_numbers=True), Journal(tmp_path / "j.db", session="s"))
    assert again.view().durable() == service.flow.view().durable()
    assert again.view().numbers == {"N": "12345", "E": "0", "S": "", "W": ""}


def test_without_the_setting_the_first_board_starts_at_once() -> None:
    assert BoardFlow(FlowConfig(boards=[1])).phase is Phase.START
