"""The running station on a real Mosquitto: assignments, rounds moving on, a restart, travellers."""

import logging
import queue
import time

import pytest

from bridgetable.bridge import Seat
from bridgetable.devices.display import Display
from bridgetable.director.actions import ActionError
from bridgetable.director.session import Session
from bridgetable.director.station import Station
from bridgetable.director.store import SQLiteStore
from bridgetable.link import Broker, SQLiteOutbox, TableLink, encode, sign, topics
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.signing import DerivedKeys
from bridgetable.link.unit import UnitLink
from bridgetable.table.flow import FlowConfig
from bridgetable.table.journal import Journal
from bridgetable.table.screens import render
from bridgetable.table.script import board_events
from bridgetable.table.service import TableService

from ..table.helpers import DEAL
from .helpers import CLUB, new_session, received, result_message

SECRET = b"station test secret"


def wait_for(condition, timeout=10.0, what="condition"):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


def next_round(assigned: queue.Queue, after: int) -> dict:
    """The next assignment of a round other than ``after`` (the station may send one again)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        assignment = assigned.get(timeout=10)
        if assignment["round"] != after:
            return assignment
    raise AssertionError(f"no assignment after round {after}")


@pytest.fixture
def broker(tmp_path):
    with MosquittoProcess(tmp_path / "broker") as process:
        yield process


def test_rounds_move_on_and_a_restarted_station_carries_on(broker, tmp_path):
    session = new_session(tmp_path)
    keys = DerivedKeys(SECRET, CLUB, 4)
    address = Broker(port=broker.port, min_delay=0.1, max_delay=0.5)
    station = Station(session, address, keys, CLUB)
    station.start()
    assigned: queue.Queue = queue.Queue()
    travellers: list = []
    table = TableLink(CLUB, 1, keys[1], SQLiteOutbox(tmp_path / "outbox-1.db"), address,
                      on_assign=assigned.put, on_traveller=travellers.append, resend_min=0.2)
    table.start()
    try:
        first = assigned.get(timeout=10)
        assert (first["round"], first["boards"], first["ns_names"]) == (1, [1, 2], "Ann & Bob")
        # every table of round 1 reports (table 1 through the link, the others as the director)
        for board in first["boards"]:
            table.outbox.put(result_message(session, 1, board, "4S", "N", 10))
        table.flush()
        wait_for(lambda: not table.outbox.pending(), what="table 1's results acknowledged")
        assert {t["board"] for t in travellers} >= {1, 2}
        for a in session.movement.round(1)[1:]:
            for board in a.boards:
                assert station.ingest.store_result(
                    received(result_message(session, a.table, board, "3NT", "S", 9)))
        second = next_round(assigned, 1)
        assert second["round"] == 2 and second["boards"] == [3, 4]
        station.stop()

        # a new station process on the same store publishes round 2 again, not round 1
        store = SQLiteStore(tmp_path / "station.db")
        restarted = Station(Session.load(store, session.id), address, keys, CLUB)
        restarted.start()
        assert next_round(assigned, 1)["round"] == 2
        assert restarted.advance("td") == 3
        assert next_round(assigned, 2)["round"] == 3
        assert restarted.session.store.audit_trail(session.id)[-1].action == "next round"
        with pytest.raises(ActionError, match="round 3 is the last round of the session"):
            restarted.advance("td")  # after the last round: refused, and audited
        assert restarted.round == 3
        assert restarted.session.store.audit_trail(session.id)[-1].action == "next round refused"
        restarted.stop()
    finally:
        table.stop()


def test_a_refused_result_is_acked_refused_and_the_table_calls_the_director(broker, tmp_path):
    """Table 1 plays board 1 with other cards than the session's board 1: the station refuses its
    result with the reason; the table stops sending it and shows "director called: result refused"."""
    session = new_session(tmp_path)
    keys = DerivedKeys(SECRET, CLUB, 4)
    address = Broker(port=broker.port, min_delay=0.1, max_delay=0.5)
    station = Station(session, address, keys, CLUB)
    displays = {seat: Display.dummy() for seat in Seat}
    service = TableService(FlowConfig(boards=[], more_boards=True, club=CLUB, table="1"),
                           Journal(tmp_path / "journal.db", session=None), displays)
    unit = UnitLink(service, keys[1], address, resend_min=0.2, resend_max=0.4)
    station.start()
    unit.start()
    try:
        wait_for(lambda: service.flow.board == 1, what="the assignment of round 1")
        for event in board_events(DEAL, Seat.N, "1NT Pass 3NT Pass Pass Pass"):
            assert service.handle(event).changed
        wait_for(lambda: not service.journal.pending_results(), what="the refusal")
        assert (1, 1) not in station.ingest.played and not session.store.results(session.id)
        [entry] = session.store.audit_trail(session.id)
        assert entry.action == "refused result" and "deal: not the cards of board 1" in entry.detail
        notice = "director called: result refused: board 1: deal: not the cards of board 1"
        # the link's thread shows the notice after the outbox has the ack: wait for both, message and frame
        wait_for(lambda: service.flow.view().message == notice, what="the notice")
        shown = render(service.flow.view(), Seat.N, service.moves, service.left()).tobytes()
        wait_for(lambda: displays[Seat.N].device.image.tobytes() == shown, what="the notice on the display")
        wait_for(lambda: station.ingest.status[1].director_call, what="the table's call in its state")
        assert station.ingest.status[1].detail == notice
        attempts = [entry.attempts for entry in service.journal.results()]
        time.sleep(1.0)  # a table still sending would have sent it again by now (every 0.4 s)
        assert [entry.attempts for entry in service.journal.results()] == attempts
    finally:
        unit.stop()
        station.stop()


def test_an_overflowing_result_is_refused_at_once_and_the_others_of_the_moment_stored(broker, tmp_path,
                                                                                       caplog):
    """A signed result with board 2**63 (beyond SQLite's integers) arrives with three genuine ones:
    it is refused on arrival, logged once however often it is sent, and the others are stored."""
    session = new_session(tmp_path)
    keys = DerivedKeys(SECRET, CLUB, 4)
    address = Broker(port=broker.port, min_delay=0.1, max_delay=0.5)
    station = Station(session, address, keys, CLUB)
    station.start()
    tables = [TableLink(CLUB, t, keys[t], SQLiteOutbox(tmp_path / f"outbox-{t}.db"), address,
                        resend_min=5.0) for t in (2, 3, 4)]
    overflow = encode(sign({**result_message(session, 1, 1, "4S", "N", 10), "board": 2**63}, keys[1]))
    try:
        for table in tables:
            table.start()
            assert table.connected.wait(5)
        for table in tables:
            for board in session.movement.at(1, table.table).boards:
                table.outbox.put(result_message(session, table.table, board, "3NT", "S", 9))
        with caplog.at_level(logging.WARNING, logger="bridgetable.link"):
            for _ in range(200):  # the same bad message, again and again
                tables[0].publish(topics.table_topic(CLUB, 1, "result"), overflow)
            for table in tables:
                table.flush()
            wait_for(lambda: not any(table.outbox.pending() for table in tables), timeout=4.5,  # < resend
                     what="the genuine results acknowledged")
            wait_for(lambda: station.link.refused["result"] == 200, what="the overflow refused each time")
        assert len(session.store.results(session.id)) == 6
        lines = [r.getMessage() for r in caplog.records
                 if "board: expected an integer 1..9999" in r.getMessage()]
        assert len(lines) == 1  # one line for 200 repeats
    finally:
        for table in tables:
            table.stop()
        station.stop()


class SimulatedTable:
    """A table that sends a result for each board of every assignment it gets (once per board)."""

    def __init__(self, session, number, key, address, tmp_path):
        self.session, self.rounds = session, []
        self.link = TableLink(CLUB, number, key, SQLiteOutbox(tmp_path / f"outbox-{number}.db"), address,
                              on_assign=self.play, resend_min=0.2, resend_max=0.5)

    def play(self, assignment):
        self.rounds.append(assignment["round"])
        for board in assignment["boards"]:
            self.link.outbox.put(result_message(self.session, self.link.table, board, "3NT", "S", 9))
        self.link.flush()


def test_a_broker_killed_mid_session_loses_its_retained_assignments_and_the_session_finishes(broker,
                                                                                           tmp_path):
    """The broker (no persistence) is SIGKILLed after round 1 has begun and restarted empty; tables
    that connect only afterwards still learn their round, and the session finishes."""
    session = new_session(tmp_path)
    keys = DerivedKeys(SECRET, CLUB, 4)
    address = Broker(port=broker.port, min_delay=0.1, max_delay=0.5)
    station = Station(session, address, keys, CLUB)
    tables = [SimulatedTable(session, t, keys[t], address, tmp_path) for t in range(1, 5)]
    station.start()
    try:
        for table in tables[:2]:
            table.link.start()
        wait_for(lambda: {(1, 1), (1, 2), (2, 3), (2, 4)} <= station.ingest.played,
                 what="tables 1 and 2's results of round 1")
        broker.kill()  # retained assignments and sessions gone with it
        broker.start()
        for table in tables[2:]:  # connecting to the empty broker, nothing retained for them
            table.link.start()
        assert station.finished.wait(30), f"the session stalled; missing {station.missing(station.round)}"
        results = session.store.results(session.id, all_revisions=True)
        assert len(results) == len({(r.table, r.board) for r in results}) == 24
        assert all(table.rounds and table.rounds[0] == 1 and max(table.rounds) == 3 for table in tables)
    finally:
        for table in tables:
            table.link.stop()
        station.stop()


def test_a_table_announcing_itself_without_its_round_is_sent_its_assignment(broker, tmp_path):
    session = new_session(tmp_path)
    keys = DerivedKeys(SECRET, CLUB, 4)
    address = Broker(port=broker.port, min_delay=0.1, max_delay=0.5)
    station = Station(session, address, keys, CLUB)
    station.start()
    table = SimulatedTable(session, 3, keys[3], address, tmp_path)
    try:
        station.link.publish(topics.director_topic(CLUB, "assign", 3), b"", retain=True)  # lost
        table.link.start()
        wait_for(lambda: table.rounds, what="table 3's assignment, in answer to its state")
        assert set(table.rounds) == {1} and session.store.audit_trail(session.id) == []
        before = len(table.rounds)
        assert station.resend("td") == 1
        wait_for(lambda: len(table.rounds) > before, what="the round sent again by the director")
        assert session.store.audit_trail(session.id)[-1].action == "resend round"
    finally:
        table.link.stop()
        station.stop()
