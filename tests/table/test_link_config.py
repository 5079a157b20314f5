"""table.toml's [link] section, and a table whose session and boards come from the station."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bridgetable.bridge import Seat
from bridgetable.table.flow import BoardFlow, FlowConfig
from bridgetable.table.journal import SCHEMA_VERSION, Journal, JournalError
from bridgetable.table.script import board_events
from bridgetable.table.service import SessionWaits, TableService, load_config

from .helpers import DEAL, key

KEY = "ab" * 32
BOARD_1 = board_events(DEAL, Seat.N, "1NT Pass 3NT Pass Pass Pass")


def write(tmp_path: Path, link: str, table: str = 'club = "myclub"\ntable = "3"\n') -> Path:
    path = tmp_path / "table.toml"
    path.write_text(f"[table]\n{table}\n[link]\n{link}\n")
    return path


def test_a_link_section_is_read(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, f'host = "station.local"\nkey = "{KEY}"\nshow_traveller = false\n'))
    link = config.link
    assert link is not None and (link.host, link.port, link.tls, link.key) == ("station.local", 1883, False,
                                                                               bytes.fromhex(KEY))
    assert (link.username, link.password, link.show_traveller, link.keepalive) == (None, None, False, 30)
    assert config.flow.boards == [] and config.flow.more_boards  # no boards: the station gives them
    (tmp_path / "ca.crt").write_text("a CA\n")
    (tmp_path / "table3.key").write_text(KEY + "\n")
    config = load_config(write(tmp_path, 'host = "h"\nca = "ca.crt"\nkey_file = "table3.key"\n'
                                         'username = "table3"\npassword = "pw"\n',
                               table='club = "myclub"\ntable = "3"\nboards = "1-4"\n'))
    link = config.link
    assert link is not None and (link.tls, link.port, link.ca, link.key) == (True, 8883, tmp_path / "ca.crt",
                                                                             bytes.fromhex(KEY))
    assert (link.username, link.password) == ("table3", "pw")
    assert config.flow.boards == [1, 2, 3, 4] and not config.flow.more_boards


def test_the_accounts_file_gives_the_login_and_key(tmp_path: Path) -> None:
    accounts = {"club": "myclub", "station": {}, "tables": {
        "3": {"username": "table3", "password": "secret3", "key": KEY}}}
    (tmp_path / "accounts.json").write_text(json.dumps(accounts))
    link = load_config(write(tmp_path, 'host = "h"\naccounts = "accounts.json"\n')).link
    assert link is not None and (link.username, link.password, link.key) == ("table3", "secret3",
                                                                              bytes.fromhex(KEY))
    link_section = 'host = "h"\naccounts = "accounts.json"\n'
    with pytest.raises(ValueError, match=r"accounts: .* is for club 'myclub', \[table\] club is 'other'"):
        load_config(write(tmp_path, link_section, table='club = "other"\ntable = "3"'))
    with pytest.raises(ValueError, match="has no account for table 4 .it has tables 3."):
        load_config(write(tmp_path, link_section, table='club = "myclub"\ntable = "4"'))


@pytest.mark.parametrize(("link", "table", "error"), [
    (f'host = "h"\nkey = "{KEY}"\nbroker = "x"', None, r"\[link\]: unknown settings: broker"),
    ('host = "h"', None, r"\[link\]: the table's signing key is needed: key, key_file or accounts"),
    ('host = "h"\nkey = "xyz"', None, r"\[link\] key: the key is at least 32 hexadecimal digits"),
    (f'key = "{KEY}"', None, r"\[link\] host: the broker's host name or address is needed"),
    (f'host = "h"\nkey = "{KEY}"\nport = 70000', None, r"\[link\] port: 70000 is not a port number"),
    (f'host = "h"\nkey = "{KEY}"\nport = "1883"', None, r"\[link\] port: expected int, got '1883'"),
    (f'host = "h"\nkey = "{KEY}"\ntls = 1', None, r"\[link\] tls: expected bool, got 1"),
    (f'host = "h"\nkey = "{KEY}"\nca = "none.crt"', None, r"\[link\] ca: no file .*none.crt"),
    (f'host = "h"\nkey = "{KEY}"\npassword = "pw"', None, r"\[link\] password: a password needs a username"),
    ('host = "h"\nkey_file = "missing.key"', None, r"\[link\] key_file: .*missing.key"),
    (f'host = "h"\nkey = "{KEY}"', 'club = "myclub"\ntable = "T3"',
     r"\[table\] table: the link needs the table's"),
    (f'host = "h"\nkey = "{KEY}"', 'table = "3"', r"\[table\] club: the link needs the club's name"),
])
def test_a_bad_link_section_names_the_file_and_the_setting(tmp_path: Path, link: str, table: str | None,
                                                           error: str) -> None:
    path = write(tmp_path, link) if table is None else write(tmp_path, link, table=table)
    with pytest.raises(ValueError, match=error) as raised:
        load_config(path)
    assert str(raised.value).startswith(str(path))


def test_an_unknown_section_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "table.toml"
    path.write_text('[table]\nclub = "c"\n[lnk]\nhost = "h"\n')
    with pytest.raises(ValueError, match=r"unknown sections: lnk \(there are \[table\] and \[link\]\)"):
        load_config(path)


def test_boards_from_the_station_wait_between_rounds_and_end_with_the_final_one() -> None:
    flow = BoardFlow(FlowConfig(boards=[], more_boards=True))
    assert flow.view().phase == "waiting" and not flow.handle(key("N", "OK")).changed
    assert not flow.handle(key("N", "DIRECTOR")).changed  # nothing to journal while waiting
    flow.add_boards([1], final=False)
    assert (flow.view().phase, flow.board) == ("start", 1)
    for event in BOARD_1:
        assert flow.handle(event).changed
    assert flow.view().phase == "waiting" and flow.view().boards_done == 1
    flow.add_boards([1, 2], final=True)  # board 1 again (a repeated assignment) is not replayed
    assert flow.config.boards == [1, 2] and flow.board == 2
    fixed = BoardFlow(FlowConfig(boards=[5]))
    fixed.add_boards([6], final=False)  # boards from table.toml: assignments only give rounds
    assert fixed.config.boards == [5]


def test_a_table_told_its_session_by_the_station_resumes_with_it(tmp_path: Path) -> None:
    path = tmp_path / "journal.db"

    def service() -> TableService:
        return TableService(FlowConfig(boards=[], more_boards=True, club="c", table="3"),
                            Journal(path, session=None))

    first = service()
    first.assign(1, [1], session="s1")
    assert first.journal.session == "s1" and first.config.session == "s1"
    for event in BOARD_1[:30]:
        first.handle(event)
    first.journal.close()
    again = service()  # a restart before the station is reachable: the journal knows it all
    assert again.config.session == "s1" and again.config.rounds == {1: 1}
    assert again.flow.view().durable() == first.flow.view().durable()
    for event in BOARD_1[30:]:
        assert again.handle(event).changed
    assert [entry.key for entry in again.journal.results()] == ["c/s1/1/3/1/1"]
    with pytest.raises(SessionWaits, match="session 's2' begins once .* acknowledged .1 waiting."):
        again.assign(1, [4], session="s2")
    assert again.config.boards == [1] and again.journal.assignments() == [(1, [1], False)]
    again.journal.mark_acked("c/s1/1/3/1/1")
    again.assign(1, [4], session="s2")  # a new journal; the old one kept beside it
    assert (again.config.session, again.config.boards, again.flow.board) == ("s2", [4], 4)
    assert again.journal.path == path and len(again.journal) == 0
    again.journal.close()
    kept = Journal(tmp_path / "journal-s1.db", session="s1")
    assert len(kept) == len(BOARD_1) and kept.assignments() == [(1, [1], False)]
    kept.close()
    fixed = TableService(FlowConfig(boards=[1], club="c", session="s9", table="3"),
                         Journal(tmp_path / "fixed.db", session="s9"))
    with pytest.raises(JournalError, match="belongs to session 's9', not 's2'"):  # table.toml's session
        fixed.assign(1, [1], session="s2")
    fixed.journal.close()


def test_a_schema_2_journal_is_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    Journal(path, session="s").close()
    with sqlite3.connect(path) as db:
        db.execute("DROP TABLE assignments")
        db.execute("UPDATE meta SET value = '2' WHERE name = 'schema'")
    journal = Journal(path, session="s")
    assert journal.assignments() == [] and journal.add_assignment(2, [4, 5], final=True)
    journal.close()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT value FROM meta WHERE name = 'schema'").fetchone() == (SCHEMA_VERSION,)


def test_a_schema_3_journal_gets_the_moves_column(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    Journal(path, session="s").close()
    with sqlite3.connect(path) as db:  # schema 3's assignments: no moves
        db.execute("DROP TABLE assignments")
        db.execute("CREATE TABLE assignments (id INTEGER PRIMARY KEY, round INTEGER NOT NULL UNIQUE, "
                   "boards TEXT NOT NULL, final INTEGER NOT NULL)")
        db.execute("INSERT INTO assignments (round, boards, final) VALUES (1, '[1, 2]', 0)")
        db.execute("UPDATE meta SET value = '3' WHERE name = 'schema'")
    journal = Journal(path, session="s")
    assert journal.assignments() == [(1, [1, 2], False)] and journal.last_moves() is None
    assert journal.add_assignment(2, [3], final=True, moves={"round": 2, "final": True})
    assert journal.last_moves() == {"round": 2, "final": True}
    journal.close()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT value FROM meta WHERE name = 'schema'").fetchone() == (SCHEMA_VERSION,)
