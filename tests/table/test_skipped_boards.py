"""Boards the director marked not played (the station's assignment's ``not_played``): a table
skips those it has not begun, journals that, and a replay skips them too; those played or begun stay."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bridgetable.bridge import Seat
from bridgetable.table.flow import BoardFlow, FlowConfig, Phase
from bridgetable.table.journal import SCHEMA_VERSION, Journal
from bridgetable.table.script import auction_events, board_events
from bridgetable.table.service import TableService

from .helpers import DEAL, feed, key


def _station_fed(**settings: object) -> FlowConfig:
    return FlowConfig(boards=[], more_boards=True, deals=dict.fromkeys(range(1, 7), DEAL), **settings)  # type: ignore[arg-type]


def test_the_board_waiting_to_start_gives_way_and_those_played_or_begun_stay() -> None:
    flow = BoardFlow(_station_fed())
    flow.add_boards([1, 2, 3], final=False)
    feed(flow, *board_events(DEAL, Seat.N, "Pass Pass Pass Pass"))  # board 1 played
    assert (flow.board, flow.phase) == (2, Phase.START)
    assert flow.drop_boards({1, 2}) == [2]  # board 1 was played: its result stands
    assert (flow.board, flow.phase, flow.config.boards) == (3, Phase.START, [1, 3])
    feed(flow, key("N", "OK"), *auction_events(Seat.S, "1NT"))
    assert flow.drop_boards({3}) == [] and flow.board == 3  # begun: played on, its result to the director
    flow.add_boards([4, 5], final=True)
    assert flow.drop_boards({5}) == [5] and flow.config.boards == [1, 3, 4]  # not yet begun


def test_the_session_s_first_board_stays_once_the_players_numbers_are_keyed() -> None:
    flow = BoardFlow(_station_fed(player_numbers=True))
    flow.add_boards([1, 2], final=False)
    assert flow.phase is Phase.PLAYERS
    assert flow.drop_boards({1, 2}) == [2] and flow.board == 1


def test_the_skip_is_journaled_and_replayed(tmp_path: Path) -> None:
    path = tmp_path / "journal.db"
    service = TableService(_station_fed(), Journal(path, session="s"))
    service.assign(1, [1, 2], session="s")
    for event in board_events(DEAL, Seat.N, "Pass Pass Pass Pass"):
        assert service.handle(event).changed
    service.assign(2, [3, 4], session="s")
    assert service.skip([2, 4]) == [2, 4] and service.flow.board == 3
    assert service.skip([2, 4]) == []  # the assignment again: nothing more
    for event in [key("N", "OK"), *auction_events(Seat.S, "1NT Pass")]:
        assert service.handle(event).changed
    state = service.flow.view().durable()
    service.journal.close()
    again = TableService(_station_fed(), Journal(path, session="s"))
    assert again.journal.skipped() == [2, 4]
    assert again.flow.view().durable() == state and again.flow.config.boards == [1, 3]


def test_a_journal_of_schema_4_is_upgraded_with_the_skipped_boards(tmp_path: Path) -> None:
    path = tmp_path / "journal.db"
    Journal(path, session="s").close()
    with sqlite3.connect(path) as db:  # as the program before it wrote it
        db.execute("DROP TABLE skipped")
        db.execute("UPDATE meta SET value = '4' WHERE name = 'schema'")
    db.close()
    journal = Journal(path, session="s")
    journal.skip_boards([3])
    assert journal.skipped() == [3]
    journal.close()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT value FROM meta WHERE name = 'schema'").fetchone() == (SCHEMA_VERSION,)
    db.close()


def test_a_board_skipped_is_not_given_back_by_the_assignment_sent_again() -> None:
    flow = BoardFlow(_station_fed())
    flow.add_boards([1, 2], final=False)
    assert flow.drop_boards({1}) == [1] and flow.board == 2
    flow.add_boards([1, 2], final=False)  # the round's assignment again, before it names board 1
    assert flow.config.boards == [2]
