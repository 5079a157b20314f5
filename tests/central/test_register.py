"""The center's player register behind a club's member list: a number keyed at a table that the
member list does not know is asked of the center (the names and numbers the clubs' set-ups gave),
which answers in its ack; the station shows the name on the table's displays and writes it into
the pair's players. Nothing waits for it: offline the table shows the number and plays on. A real
central Mosquitto and PostgreSQL with an ingest worker, a club Mosquitto, a station and a table."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bridgetable.bridge import Deal, Seat
from bridgetable.central.db import CentralDb
from bridgetable.central.ingest import FederationKeys, IngestWorker
from bridgetable.devices.display import Display
from bridgetable.director.members import MemberList
from bridgetable.director.session import Session, SessionSetup, generated_boards
from bridgetable.director.station import Station
from bridgetable.director.store import SQLiteStore
from bridgetable.director.upstream import Upstream, UpstreamOutbox, setup_message
from bridgetable.link import Broker
from bridgetable.link.broker import MosquittoProcess, free_port
from bridgetable.link.signing import DerivedKeys
from bridgetable.link.unit import UnitLink
from bridgetable.table.flow import FlowConfig, Phase
from bridgetable.table.journal import Journal
from bridgetable.table.script import board_events
from bridgetable.table.service import TableService

from ..director.test_player_numbers import MEMBERS, keyed
from .test_correctness import KEYS, NORTH, SECRET, SOUTH, ClubSide, settled
from .test_downlink import wait_until

TABLES = b"club tables' secret"


@pytest.fixture
def brokers(tmp_path: Path) -> Iterator[tuple[MosquittoProcess, MosquittoProcess]]:
    with MosquittoProcess(tmp_path / "central-broker") as central, \
            MosquittoProcess(tmp_path / "club") as club:
        yield central, club


def club_session(where: Path) -> Session:
    setup = SessionSetup("tuesday", "Tuesday pairs", {"kind": "mitchell", "tables": 4, "boards_per_round": 2,
                                                     "rounds": 3}, "MP", pairs={1: "Ann & Bob"})
    return Session.create(SQLiteStore(where / "station.db"), setup, generated_boards(16, seed=3))


def table(where: Path, keys: DerivedKeys, address: Broker) -> tuple[TableService, UnitLink]:
    config = FlowConfig(boards=[], more_boards=True, club=NORTH, table="1", player_numbers=True)
    service = TableService(config, Journal(where / "journal.db", session=None),
                           {s: Display.dummy() for s in Seat})
    return service, UnitLink(service, keys[1], address, resend_min=0.2, resend_max=0.4)


def test_a_number_not_on_the_member_list_is_named_from_the_centers_register(
        central_url: str, brokers: tuple[MosquittoProcess, MosquittoProcess], tmp_path: Path) -> None:
    central, club = brokers
    worker = IngestWorker(central_url, FederationKeys(SECRET, [NORTH, SOUTH]),
                          Broker(port=central.port, min_delay=0.1, max_delay=1.0))
    worker.start()
    other = ClubSide(central.port)  # another club whose set-up named Gus Gray (808)
    south = SessionSetup("monday", "Monday", {"kind": "mitchell", "tables": 3, "rounds": 2,
                                              "boards_per_round": 2}, "MP",
                         pairs={2: "Gus Gray (808) & Hal Hill"})
    (tmp_path / "south").mkdir()
    body = setup_message(Session.create(SQLiteStore(tmp_path / "south" / "s.db"), south,
                                        generated_boards(6, 1)))
    (tmp_path / "members.csv").write_text(MEMBERS, encoding="utf-8")  # 12345, 607 and 4711; not 808
    session = club_session(tmp_path)
    keys = DerivedKeys(TABLES, NORTH, 4)
    address = Broker(port=club.port, min_delay=0.1, max_delay=0.5)
    station = Station(session, address, keys, NORTH, members=MemberList.read(tmp_path / "members.csv"))
    outbox = UpstreamOutbox(tmp_path / "upstream.db")
    upstream = Upstream(session, NORTH, KEYS[NORTH], Broker(port=central.port), outbox, resend_after=0.5,
                        every=0.1)
    upstream.on_players, station.lookup = station.register_names, upstream.lookup  # as the station command
    service, unit = table(tmp_path, keys, address)
    db = CentralDb(central_url)
    try:
        assert worker.ready.wait(10)
        other.send(SOUTH, body)
        wait_until(settled(other, SOUTH, {body["id"]}), 10)
        station.start()
        upstream.start()
        unit.start()
        wait_until(lambda: service.flow.phase is Phase.PLAYERS, 10)
        for seat, number in (("N", "12345"), ("S", "607"), ("E", "4711"), ("W", "808")):
            for event in keyed(seat, number):
                assert service.handle(event).changed, event  # never waits for the center
        assert service.flow.phase is Phase.START
        wait_until(lambda: service.player_names.get("W") == {"number": "808", "name": "Gus Gray"}, 15)
        assert service.player_names["N"] == {"number": "12345", "name": "Ann Andersen"}  # the member list's
        deal = Deal.parse(session.store.boards(session.id)[1].deal or "")
        for event in board_events(deal, Seat.N, "Pass Pass Pass Pass"):
            assert service.handle(event).changed, event
        wait_until(lambda: (1, 1) in station.ingest.played, 10)
        assert station.ingest.register == {"808": "Gus Gray"}
        assert not db.rows("SELECT 1 FROM refused")  # the lookup was answered, not refused
    finally:
        unit.stop()
        upstream.stop()
        station.stop()
        outbox.close()
        other.close()
        worker.stop()
        db.close()
    assert session.setup.numbers[5] == [{"national": "4711", "club": "C09", "name": "Eva Eriksen"},
                                        {"national": "808", "club": "", "name": "Gus Gray"}]


def test_with_the_center_away_the_table_shows_the_number_and_plays_on(
        brokers: tuple[MosquittoProcess, MosquittoProcess], tmp_path: Path) -> None:
    _central, club = brokers
    session = club_session(tmp_path)
    keys = DerivedKeys(TABLES, NORTH, 4)
    address = Broker(port=club.port, min_delay=0.1, max_delay=0.5)
    station = Station(session, address, keys, NORTH)  # no member list: every number is asked
    outbox = UpstreamOutbox(tmp_path / "upstream.db")
    nobody = Broker(port=free_port())  # the center away
    upstream = Upstream(session, NORTH, KEYS[NORTH], nobody, outbox, every=0.1)
    upstream.on_players, station.lookup = station.register_names, upstream.lookup
    service, unit = table(tmp_path, keys, address)
    try:
        station.start()
        upstream.start()
        unit.start()
        wait_until(lambda: service.flow.phase is Phase.PLAYERS, 10)
        for seat in "NESW":
            for event in keyed(seat, "808"):
                assert service.handle(event).changed, event
        assert service.flow.phase is Phase.START  # the board goes on
        wait_until(lambda: outbox.pending() >= 2, 10)  # the set-up and the lookup wait in the outbox
        assert "W" not in service.player_names  # no name to show: the number alone
        assert any(body["kind"] == "lookup" and body["number"] == "808" for body in outbox.due())
    finally:
        unit.stop()
        upstream.stop()
        station.stop()
        outbox.close()
