"""Players' numbers keyed at a table on a real Mosquitto: the station names them from its member
list, the displays show the names, and the session's USEBIO carries both."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from bridgetable.bridge import Deal, Seat
from bridgetable.devices.display import Display
from bridgetable.director.exports import usebio_xml
from bridgetable.director.members import MemberList
from bridgetable.director.session import Session
from bridgetable.director.station import Station
from bridgetable.director.store import SQLiteStore
from bridgetable.director.upstream import setup_content
from bridgetable.events import TableEvent
from bridgetable.link import Broker
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.signing import DerivedKeys
from bridgetable.link.unit import UnitLink
from bridgetable.table.flow import FlowConfig, Phase
from bridgetable.table.journal import Journal
from bridgetable.table.screens import render
from bridgetable.table.script import board_events
from bridgetable.table.service import TableService

from ..table.helpers import key
from .helpers import CLUB, new_session
from .test_station import SECRET, wait_for

MEMBERS = "number,name,club\n12345,Ann Andersen,C17\n607,Bo Berg,C17\n4711,Eva Eriksen,C09\n"
KEYED = {"N": "12345", "S": "607", "E": "4711", "W": "999"}  # West's number is on no list


@pytest.fixture
def broker(tmp_path: Path):  # type: ignore[no-untyped-def]
    with MosquittoProcess(tmp_path / "broker") as process:
        yield process


def keyed(seat: str, number: str) -> list[TableEvent]:
    """A number as the level keys enter it: 1-7, Pass for 0, 7 and XX for 8, 7 and XX XX for 9; OK."""
    events = []
    for digit in number:
        value = int(digit)
        events += ([key(seat, "PASS")] if value == 0 else [key(seat, str(min(value, 7)))]
                   + [key(seat, "XX")] * max(value - 7, 0))
    return [*events, key(seat, "OK")]


def test_four_players_key_their_numbers_and_the_names_come_back(broker, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "members.csv").write_text(MEMBERS, encoding="utf-8")
    session = new_session(tmp_path)
    keys = DerivedKeys(SECRET, CLUB, 4)
    address = Broker(port=broker.port, min_delay=0.1, max_delay=0.5)
    station = Station(session, address, keys, CLUB, members=MemberList.read(tmp_path / "members.csv"))
    displays = {seat: Display.dummy() for seat in Seat}
    service = TableService(FlowConfig(boards=[], more_boards=True, club=CLUB, table="1", player_numbers=True),
                           Journal(tmp_path / "journal.db", session=None), displays)
    unit = UnitLink(service, keys[1], address, resend_min=0.2, resend_max=0.4)
    station.start()
    unit.start()
    try:
        wait_for(lambda: service.flow.phase is Phase.PLAYERS, what="the assignment of round 1")
        for seat in "NES":  # West keys last: the others see their names meanwhile
            for event in keyed(seat, KEYED[seat]):
                assert service.handle(event).changed, event
        assert service.flow.view().numbers == {"N": "12345", "E": "4711", "S": "607", "W": ""}
        wait_for(lambda: set(service.player_names) == {"N", "E", "S"}, what="the names of three numbers")
        assert service.player_names["N"] == {"number": "12345", "name": "Ann Andersen"}
        named = dataclasses.replace(service.flow.view(), names={"N": "Ann Andersen", "E": "Eva Eriksen",
                                                                "S": "Bo Berg"})
        shown = render(named, Seat.N, service.moves, service.left()).tobytes()
        wait_for(lambda: displays[Seat.N].device.image.tobytes() == shown, what="North's display naming Ann")
        unnamed = render(service.flow.view(), Seat.N, service.moves, service.left())
        assert shown != unnamed.tobytes()  # the name is drawn
        for event in keyed("W", KEYED["W"]):
            assert service.handle(event).changed, event
        assert service.flow.phase is Phase.START
        deal = Deal.parse(session.store.boards(session.id)[1].deal or "")
        for event in board_events(deal, Seat.N, "1NT Pass 3NT Pass Pass Pass"):
            assert service.handle(event).changed, event
        wait_for(lambda: (1, 1) in station.ingest.played, what="board 1's result stored")
    finally:
        unit.stop()
        station.stop()
    # table 1's pairs in round 1: 1 North-South, 5 East-West; West's number is on no list
    stored = Session.load(SQLiteStore(tmp_path / "station.db"), session.id).setup
    assert stored.numbers[1] == [{"national": "12345", "club": "C17", "name": "Ann Andersen"},
                                 {"national": "607", "club": "C17", "name": "Bo Berg"}]
    assert stored.numbers[5] == [{"national": "4711", "club": "C09", "name": "Eva Eriksen"},
                                 {"national": "999", "club": "", "name": ""}]
    players = {(p.findtext("PLAYER_NAME"), p.findtext("NATIONAL_ID_NUMBER"), p.findtext("CLUB_ID_NUMBER"))
               for p in ET.fromstring(usebio_xml(session).split("\n", 2)[2]).iter("PLAYER")}
    assert {("Ann Andersen", "12345", "C17"), ("Bo Berg", "607", "C17"), ("Eva Eriksen", "4711", "C09"),
            ("Fay", "999", None)} <= players  # West: the director's name for the pair ("Eve & Fay")
    # the set-up the center is sent carries each player's name and number
    pairs = setup_content(session)["pairs"]
    assert pairs["1"]["players"] == [{"name": "Ann Andersen", "number": "12345"},
                                     {"name": "Bo Berg", "number": "607"}]
    assert pairs["5"]["players"] == [{"name": "Eva Eriksen", "number": "4711"},
                                     {"name": "Fay", "number": "999"}]
