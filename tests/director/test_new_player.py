"""A new player mid-session (a substitute): the director marks it at the station (audited), the
pair's table asks that seat's number at its next board (through a real Mosquitto: the station's
assignment carries the ask, the table journals it like a key and takes it once), and the results
from then on carry the new player: the PBN names each board's players as they sat, the USEBIO the
latest two (as the scorers' files: two PLAYERs a pair, which the results sites read by position)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from bridgetable.bridge import Deal, Seat
from bridgetable.devices.display import Display
from bridgetable.director import web
from bridgetable.director.actions import ActionError, new_player
from bridgetable.director.exports import session_pbn, usebio_xml
from bridgetable.director.ingest import Ingest
from bridgetable.director.members import MemberList
from bridgetable.director.station import Station
from bridgetable.formats.pbn import read_pbn
from bridgetable.link import Broker
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.signing import DerivedKeys
from bridgetable.link.unit import UnitLink
from bridgetable.table.flow import FlowConfig, Phase
from bridgetable.table.journal import Journal
from bridgetable.table.script import board_events
from bridgetable.table.service import TableService

from .helpers import CLUB, new_session
from .test_player_numbers import KEYED, MEMBERS, keyed
from .test_station import SECRET, wait_for
from .test_web import PASSWORD, log_in, token


@pytest.fixture
def broker(tmp_path: Path):  # type: ignore[no-untyped-def]
    with MosquittoProcess(tmp_path / "broker") as process:
        yield process


def test_a_substitute_keys_their_number_at_the_next_board_and_the_results_follow(  # type: ignore[no-untyped-def]
        broker, tmp_path: Path) -> None:
    (tmp_path / "members.csv").write_text(MEMBERS + "808,Gus Gray,C09\n", encoding="utf-8")
    session = new_session(tmp_path)  # table 1, round 1: boards 1 and 2, pair 1 North-South, 5 East-West
    keys = DerivedKeys(SECRET, CLUB, 4)
    address = Broker(port=broker.port, min_delay=0.1, max_delay=0.5)
    station = Station(session, address, keys, CLUB, members=MemberList.read(tmp_path / "members.csv"))
    service = TableService(FlowConfig(boards=[], more_boards=True, club=CLUB, table="1", player_numbers=True),
                           Journal(tmp_path / "journal.db", session=None), {s: Display.dummy() for s in Seat})
    unit = UnitLink(service, keys[1], address, resend_min=0.2, resend_max=0.4)
    deals = {n: Deal.parse(info.deal or "") for n, info in session.store.boards(session.id).items()}
    station.start()
    unit.start()
    try:
        wait_for(lambda: service.flow.phase is Phase.PLAYERS, what="the assignment of round 1")
        for seat in "NESW":
            for event in keyed(seat, KEYED[seat]):
                assert service.handle(event).changed, event
        for event in board_events(deals[1], Seat.N, "1NT Pass 3NT Pass Pass Pass")[:5]:
            assert service.handle(event).changed, event
        # West (pair 5's second player) leaves during board 1; Gus Gray takes the seat
        new_player(station.ingest, "td", 5, "2")
        station.republish()
        wait_for(lambda: set(service.flow.new_players) == {Seat.W}, what="the table told of the new player")
        assert service.flow.phase is Phase.AUCTION  # board 1 goes on
        for event in board_events(deals[1], Seat.N, "1NT Pass 3NT Pass Pass Pass")[5:]:
            assert service.handle(event).changed, event
        assert service.flow.phase is Phase.PLAYERS and service.flow.board == 2
        assert service.flow.view().entered == ("N", "E", "S")  # only West is asked
        for event in keyed("W", "808"):
            assert service.handle(event).changed, event
        for event in board_events(deals[2], Seat.E, "Pass Pass Pass Pass"):
            assert service.handle(event).changed, event
        wait_for(lambda: (1, 2) in station.ingest.played, what="board 2's result stored")
        station.republish()  # the ask is answered: sent no more, and never asked twice meanwhile
        wait_for(lambda: not service.flow.new_players and service.flow.phase is not Phase.PLAYERS,
                 what="the table past the ask")
    finally:
        unit.stop()
        station.stop()
    setup = session.setup
    assert setup.numbers[5] == [{"national": "4711", "club": "C09", "name": "Eva Eriksen"},
                                {"national": "808", "club": "C09", "name": "Gus Gray"}]
    assert setup.number_asks == []
    assert setup.replaced == [{"pair": 5, "index": 1, "from": [1, 1],
                               "player": {"national": "999", "club": "", "name": ""}}]
    assert [e.action for e in session.store.audit_trail(session.id)].count("new player") == 1
    tables = {g.board: g.tags for g in read_pbn(session_pbn(session)) if g.tags.get("Table") == "1"}
    assert (tables[1]["East"], tables[1]["West"]) == ("Eva Eriksen", "Fay")  # the director's name for 999
    assert (tables[2]["East"], tables[2]["West"]) == ("Eva Eriksen", "Gus Gray")
    pair = next(p for p in ET.fromstring(usebio_xml(session).split("\n", 2)[2]).iter("PAIR")
                if p.findtext("PAIR_NUMBER") == "1EW")
    assert [(p.findtext("PLAYER_NAME"), p.findtext("NATIONAL_ID_NUMBER")) for p in pair.iter("PLAYER")] == [
        ("Eva Eriksen", "4711"), ("Gus Gray", "808")]


def test_the_director_marks_a_new_player_on_the_director_page(tmp_path: Path) -> None:
    ingest = Ingest(new_session(tmp_path))
    with TestClient(web.create_app(ingest, password=PASSWORD)) as client:
        log_in(client)
        csrf = token(client, "/director")
        page = client.post("/director", data={"action": "new-player", "pair": "3", "players": "both",
                                              "csrf": csrf}).text
        assert "pair 3: the new player&#39;s number is asked at the table&#39;s next board" in page
        refused = client.post("/director", data={"action": "new-player", "pair": "3", "players": "3",
                                                 "csrf": csrf}).text
        assert "refused: a new player is player 1 or 2 of the pair, or both" in refused
    trail = ingest.session.store.audit_trail(ingest.session.id)
    assert [(e.action, e.detail) for e in trail] == [
        ("new player", "pair 3: player 1 and 2 new, numbers asked")]
    ask = ingest.session.setup.number_asks[0]
    sent = {a["table"]: a.get("ask") for a in ingest.session.assignments(1)}
    assert sent == {1: None, 2: None, 3: [{"id": ask["id"], "seats": "NS"}], 4: None}  # pair 3 sits NS at 3
    with pytest.raises(ActionError, match="no pair 99"):
        new_player(ingest, "td", 99, "1")
