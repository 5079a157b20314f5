"""`bridgetable table --config` with a [link] section: a real table process on a real Mosquitto
(accounts and ACL), told its session and boards by the station, its results stored exactly
once across a SIGKILL; and the traveller on a table's displays."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from bridgetable.bridge import Seat
from bridgetable.devices.display import Display
from bridgetable.events import Key, TableEvent
from bridgetable.link import Broker, StationLink, message
from bridgetable.link.accounts import STATION_USER, Accounts
from bridgetable.link.broker import MosquittoProcess, TlsFiles
from bridgetable.link.signing import DerivedKeys
from bridgetable.link.unit import UnitLink, broker_of
from bridgetable.table.flow import FlowConfig
from bridgetable.table.journal import Journal
from bridgetable.table.linkconfig import LinkSettings
from bridgetable.table.screens import render, render_traveller
from bridgetable.table.script import board_events
from bridgetable.table.service import TableService, load_config

from ..table.helpers import DEAL
from .support import CLUB, SECRET, ResultStore, table_key, wait_until

BOARD_1 = board_events(DEAL, Seat.N, "1NT Pass 3NT Pass Pass Pass")
BOARD_2 = board_events(DEAL, Seat.E, "1S Pass 4S Pass Pass Pass")  # board 2: dealer East


def assignment(round_: int, boards: list[int], final: bool) -> dict[str, Any]:
    return message("assign", session="s1", round=round_, table=1, ns=1, ew=2, boards=boards, final=final)


class Unit:
    """`bridgetable table --config table.toml --events - --echo` as a process."""

    def __init__(self, config: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bridgetable.cli", "table", "--config", str(config), "--events", "-",
             "--echo"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, bufsize=1)

    def send(self, events: list[Any]) -> dict[str, Any]:
        """Feed events one at a time; each must be accepted. The last reply."""
        assert self.process.stdin is not None and self.process.stdout is not None
        reply: dict[str, Any] = {}
        for event in events:
            self.process.stdin.write(event.to_json() + "\n")
            self.process.stdin.flush()
            reply = json.loads(self.process.stdout.readline())
            assert reply["accepted"], (event, reply["message"])
        return reply


def outbox(journal: Path) -> list[tuple[str, bool]]:
    """(key, acked) of each result in the table's journal, read beside the running table."""
    with sqlite3.connect(journal) as db:
        return [(key, acked is not None) for key, acked in db.execute("SELECT key, acked_at FROM outbox")]


def test_the_table_command_sends_its_results_exactly_once_across_a_kill(
        tmp_path: Path, accounts: Accounts, secured_broker: MosquittoProcess) -> None:
    states: list[dict[str, Any]] = []
    live: list[dict[str, Any]] = []
    store = ResultStore(tmp_path / "station.db")
    station = StationLink(CLUB, DerivedKeys(SECRET, CLUB, 3), store,
                          Broker(port=secured_broker.port, username=STATION_USER,
                                 password=accounts.passwords[STATION_USER], min_delay=0.1, max_delay=0.5),
                          on_state=states.append, on_live=live.append)
    station.start()
    assert station.connected.wait(5)
    station.publish_assignment(assignment(1, [1], final=False))
    config = tmp_path / "table.toml"  # no session, no boards: the station's assignments give them
    config.write_text(f'[table]\nclub = "{CLUB}"\ntable = "1"\njournal = "journal.db"\n\n'
                      f'[link]\nhost = "127.0.0.1"\nport = {secured_broker.port}\n'
                      f'accounts = "{accounts.acl_file.parent / "accounts.json"}"\nkeepalive = 1\n')
    journal = tmp_path / "journal.db"

    def state_is(**fields: Any) -> bool:
        return bool(states) and all(states[-1].get(name) == value for name, value in fields.items())

    unit = Unit(config)
    try:
        wait_until(lambda: state_is(status="online", session="s1", round=1, board=1, phase="start"),
                   what="the table told its session and board 1")
        unit.send(BOARD_1)
        wait_until(lambda: outbox(journal) == [("testclub/s1/1/1/1/1", True)], what="board 1 acked")
        assert store.stored() == ["s1/1/1/1/r1"]
        wait_until(lambda: len([m for m in live if m["board"] == 1]) == 6 + 52, what="board 1's live feed")
        calls = [m["value"] for m in live if m["event"] == "call"]
        cards = [m for m in live if m["event"] == "card"]
        assert calls == "1NT Pass 3NT Pass Pass Pass".split()
        assert [m["value"] for m in cards] == [e.value for e in BOARD_1 if e.kind.value == "card"]
        assert [m["seq"] for m in live] == list(range(58)) and {m["round"] for m in live} == {1}

        station.publish_assignment(assignment(2, [2], final=True))  # the station's next round
        wait_until(lambda: state_is(round=2, board=2, phase="start"), what="board 2 assigned")
        half = len(BOARD_2) // 2
        unit.send(BOARD_2[:half])
        unit.process.send_signal(signal.SIGKILL)  # the power goes mid-play
        unit.process.wait()
        wait_until(lambda: state_is(status="offline"), what="the last will")

        unit = Unit(config)
        wait_until(lambda: state_is(status="online", board=2, phase="play"), what="the table back mid-play")
        last = unit.send(BOARD_2[half:])
        assert last["state"]["phase"] == "done" and last["state"]["boards_done"] == 2
        wait_until(lambda: outbox(journal) == [("testclub/s1/1/1/1/1", True), ("testclub/s1/2/1/2/1", True)],
                   what="board 2 acked")
        assert store.stored() == ["s1/1/1/1/r1", "s1/2/1/2/r1"]  # each stored once
        wait_until(lambda: state_is(phase="done"), what="the session over")
        assert unit.process.stdin is not None
        unit.process.stdin.close()  # the input ends: the table says "offline" and stops
        assert unit.process.wait(10) == 0
        wait_until(lambda: state_is(status="offline"), what="offline after a clean stop")
        assert sum(station.refused.values()) == 0
    finally:
        unit.process.kill()
        unit.process.wait()
        station.stop()
        store.close()


def test_the_traveller_of_the_board_just_played_is_shown(tmp_path: Path, broker: MosquittoProcess) -> None:
    address = Broker(port=broker.port, min_delay=0.1, max_delay=0.5)
    station = StationLink(CLUB, DerivedKeys(SECRET, CLUB, 3), ResultStore(tmp_path / "station.db"), address)
    displays = {seat: Display.dummy() for seat in Seat}
    service = TableService(FlowConfig(boards=[1, 2], club=CLUB, session="s1", table="1"),
                           Journal(tmp_path / "journal.db", session="s1"), displays)
    unit = UnitLink(service, table_key(1), address, resend_min=0.2)
    row = {"ns": 1, "ew": 2, "contract": "3NT", "declarer": "N", "tricks": 9, "ns_score": 400, "table": 1,
           "ns_mp": 2.0, "ew_mp": 0.0}
    other = {**row, "ns": 3, "ew": 4, "contract": "4SX", "declarer": "W", "tricks": 8, "ns_score": 500,
             "table": 2, "ns_mp": 0.0, "ew_mp": 2.0}
    station.start()
    unit.start()
    try:
        assert station.connected.wait(5) and unit.link.connected.wait(5)
        station.publish_traveller(message("traveller", session="s1", board=1, rows=[other]))
        for event in BOARD_1:
            service.handle(event)
        assert service.last_confirmed == 1
        start_of_2 = render(service.flow.view(), Seat.N)
        traveller = message("traveller", session="s1", board=1, rows=[row, other])
        station.publish_traveller(traveller)  # what the station sends once it has stored the result
        shown = render_traveller(traveller, 1).tobytes()  # the link's thread sets it, then draws it
        wait_until(lambda: displays[Seat.N].device.image.tobytes() == shown, what="the traveller shown")
        assert service.traveller == traveller
        station.publish_traveller(message("traveller", session="s1", board=2, rows=[other]))
        service.handle(BOARD_2[0])  # OK: board 2 starts, the traveller goes
        assert service.traveller is None and service.flow.view().phase == "auction"
        assert displays[Seat.N].device.image.tobytes() != start_of_2.tobytes()
    finally:
        unit.stop()
        station.stop()


def test_a_new_session_waits_for_the_acks_then_begins_a_new_journal(tmp_path: Path,
                                                                    broker: MosquittoProcess) -> None:
    store = ResultStore(tmp_path / "station.db")
    refusing = [True]

    def station_store(received: Any) -> bool:  # the station's disk fails until told otherwise
        if refusing[0]:
            raise OSError("disk full")
        return store(received)

    address = Broker(port=broker.port, min_delay=0.1, max_delay=0.5)
    station = StationLink(CLUB, DerivedKeys(SECRET, CLUB, 3), station_store, address)
    journal_path = tmp_path / "journal.db"
    service = TableService(FlowConfig(boards=[], more_boards=True, club=CLUB, table="1"),
                           Journal(journal_path, session=None))
    unit = UnitLink(service, table_key(1), address, resend_min=0.2, resend_max=0.4)
    station.start()
    unit.start()
    try:
        assert station.connected.wait(5) and unit.link.connected.wait(5)
        station.publish_assignment(assignment(1, [1], final=True))
        wait_until(lambda: service.flow.board == 1, what="session s1's board 1")
        for event in BOARD_1:
            service.handle(event)
        assert service.flow.view().phase == "done" and len(service.journal.pending_results()) == 1
        station.publish_assignment(message("assign", session="s2", round=1, table=1, ns=3, ew=4, boards=[7]))
        wait_until(lambda: unit.waiting is not None, what="the new session held back")
        assert service.config.session == "s1" and service.journal.path == journal_path
        refusing[0] = False  # the next resend is stored and acknowledged: the new session begins
        # The session changes first, then the assignment's boards are added: wait for both.
        wait_until(lambda: service.config.session == "s2" and service.flow.board == 7,
                   what="session s2 at its board 7")
        assert (service.flow.board, service.flow.view().phase, service.journal.session) == (7, "start", "s2")
        assert service.journal.results() == [] and unit.outbox.journal is service.journal
        kept = Journal(tmp_path / "journal-s1.db", session="s1")
        assert [(e.key, e.acked_at is not None) for e in kept.results()] == [("testclub/s1/1/1/1/1", True)]
        kept.close()
        assert store.stored() == ["s1/1/1/1/r1"]
    finally:
        unit.stop()
        station.stop()
        service.journal.close()
        store.close()


def make_tls_files(directory: Path) -> TlsFiles:
    """A CA of the club's own and the broker's certificate for 127.0.0.1, signed by it (openssl)."""
    def openssl(*args: str) -> None:
        subprocess.run(["openssl", *args], cwd=directory, check=True, capture_output=True)

    directory.mkdir()
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
    openssl("req", "-x509", *ec, "-keyout", "ca.key", "-out", "ca.crt", "-subj", "/CN=club CA", "-days", "2")
    openssl("req", *ec, "-keyout", "broker.key", "-out", "broker.csr", "-subj", "/CN=127.0.0.1")
    (directory / "san.ext").write_text("subjectAltName=IP:127.0.0.1\n")
    openssl("x509", "-req", "-in", "broker.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", "broker.crt", "-days", "2", "-extfile", "san.ext")
    return TlsFiles(directory / "ca.crt", directory / "broker.crt", directory / "broker.key")


def test_a_table_reaches_a_tls_broker_with_the_clubs_ca(tmp_path: Path) -> None:
    """[link] ca = the club's CA: the table checks the broker's certificate and sends over TLS;
    a table trusting another CA does not connect."""
    tls = make_tls_files(tmp_path / "pki")
    stranger = make_tls_files(tmp_path / "other").ca

    def link_settings(table: int, ca: Path) -> LinkSettings:
        path = tmp_path / f"table-{table}.toml"
        path.write_text(f'[table]\nclub = "{CLUB}"\ntable = "{table}"\nsession = "s1"\nboards = [1]\n'
                        f'[link]\nhost = "127.0.0.1"\nca = "{ca}"\nkey = "{table_key(table).hex()}"\n')
        settings = load_config(path).link
        assert settings is not None and settings.tls and settings.port == 8883
        return replace(settings, port=broker.port)

    def unit_of(table: int, ca: Path) -> UnitLink:
        settings = link_settings(table, ca)
        service = TableService(FlowConfig(boards=[1], club=CLUB, session="s1", table=str(table)),
                               Journal(tmp_path / f"journal-{table}.db", session="s1"))
        return UnitLink(service, settings.key, broker_of(settings), resend_min=0.2)

    with MosquittoProcess(tmp_path / "broker", tls=tls) as broker:
        store = ResultStore(tmp_path / "station.db")
        station = StationLink(CLUB, DerivedKeys(SECRET, CLUB, 3), store,
                              Broker(port=broker.port, tls=True, ca_file=str(tls.ca)))
        trusting, distrusting = unit_of(1, tls.ca), unit_of(2, stranger)
        station.start()
        trusting.start()
        distrusting.start()
        try:
            assert station.connected.wait(5) and trusting.link.connected.wait(5)
            for event in BOARD_1:
                trusting.service.handle(event)
            journal = trusting.service.journal
            wait_until(lambda: not journal.pending_results(), what="the result acked over TLS")
            assert store.stored() == ["s1/0/1/1/r1"]
            assert not distrusting.link.connected.is_set()  # its CA did not sign the broker's certificate
        finally:
            for end in (distrusting, trusting, station):
                end.stop()
            store.close()


def test_an_alert_goes_out_with_the_live_feed(tmp_path: Path, broker: MosquittoProcess) -> None:
    live: list[dict[str, Any]] = []
    address = Broker(port=broker.port, min_delay=0.1, max_delay=0.5)
    station = StationLink(CLUB, DerivedKeys(SECRET, CLUB, 3), ResultStore(tmp_path / "station.db"), address,
                          on_live=live.append)
    service = TableService(FlowConfig(boards=[1], club=CLUB, session="s1", table="1"),
                           Journal(tmp_path / "journal.db", session="s1"))
    unit = UnitLink(service, table_key(1), address, resend_min=0.2)
    station.start()
    unit.start()
    try:
        assert station.connected.wait(5) and unit.link.connected.wait(5)
        for seat, key in [(Seat.N, Key.OK), (Seat.N, Key.ONE), (Seat.N, Key.NOTRUMP), (Seat.S, Key.ALERT)]:
            assert service.handle(TableEvent.key(seat, key)).changed
        wait_until(lambda: any(m["event"] == "alert" for m in live), what="the alert in the live feed")
        alert = next(m for m in live if m["event"] == "alert")
        assert (alert["seq"], alert["value"], alert["seat"]) == (0, "1NT", "S")
    finally:
        unit.stop()
        station.stop()
