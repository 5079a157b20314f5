"""The running station on a real Mosquitto: assignments, rounds moving on, a restart, travellers."""

import queue
import time

import pytest

from bridgetable.director.session import Session
from bridgetable.director.station import Station
from bridgetable.director.store import SQLiteStore
from bridgetable.link import Broker, SQLiteOutbox, TableLink
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.signing import DerivedKeys

from .helpers import CLUB, new_session, received, result_message

SECRET = b"station test secret"


def wait_for(condition, timeout=10.0, what="condition"):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


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
        second = assigned.get(timeout=10)
        assert second["round"] == 2 and second["boards"] == [3, 4]
        station.stop()

        # a new station process on the same store publishes round 2 again, not round 1
        store = SQLiteStore(tmp_path / "station.db")
        restarted = Station(Session.load(store, session.id), address, keys, CLUB)
        restarted.start()
        assert assigned.get(timeout=10)["round"] == 2
        assert restarted.advance("td") == 3
        assert assigned.get(timeout=10)["round"] == 3
        assert restarted.session.store.audit_trail(session.id)[-1].action == "next round"
        restarted.stop()
    finally:
        table.stop()
