"""The table unit's own journal as the link's outbox: a board played at a real table flow
reaches the station through Mosquitto and is acknowledged in the journal."""

from __future__ import annotations

from pathlib import Path

from bridgetable.bridge import Seat
from bridgetable.link import Broker, StationLink, TableLink
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.outbox import JournalOutbox
from bridgetable.link.signing import DerivedKeys
from bridgetable.table.flow import FlowConfig
from bridgetable.table.journal import Journal
from bridgetable.table.script import board_events
from bridgetable.table.service import TableService

from ..table.helpers import DEAL
from .support import CLUB, SECRET, ResultStore, table_key, wait_until


def test_a_board_played_at_the_table_is_stored_by_the_station(broker: MosquittoProcess,
                                                              tmp_path: Path) -> None:
    journal = Journal(tmp_path / "journal.db", session="s1")
    service = TableService(FlowConfig(boards=[1], deals={1: DEAL}, club=CLUB, session="s1", table="3",
                                      rounds={1: 2}), journal)  # board 1 in round 2, as configured
    for event in board_events(DEAL, Seat.N, "1NT Pass 3NT Pass Pass Pass"):
        service.handle(event)
    [entry] = journal.pending_results()

    store = ResultStore(tmp_path / "store.db")
    address = Broker(port=broker.port, min_delay=0.1, max_delay=0.5)
    station = StationLink(CLUB, DerivedKeys(SECRET, CLUB, 5), store, address)
    table = TableLink(CLUB, 3, table_key(3), JournalOutbox(journal), address, resend_min=0.2)
    station.start()
    assert station.connected.wait(5)
    table.start()
    try:
        wait_until(lambda: not journal.pending_results(), what="the journal's result acknowledged")
    finally:
        table.stop()
        station.stop()
    assert store.stored() == ["s1/2/3/1/r1"]
    [done] = journal.results()
    assert done.acked_at is not None and done.attempts == 1
    assert sum(station.refused.values()) == 0
    assert entry.payload["contract"] == "3NT"
    store.close()
