"""`bridgetable station --embedded-broker`: the station runs its own amqtt broker, and a table
logs in, gets its assignment and has its result stored through it."""

import queue
import signal
import sqlite3
import subprocess
import sys

from bridgetable.link import Broker, SQLiteOutbox, TableLink
from bridgetable.link.accounts import table_user, write_accounts
from bridgetable.link.broker import free_port
from bridgetable.link.signing import derive_table_key

from ..link.support import result, wait_until

CLUB = "laptopclub"


def test_station_with_its_embedded_broker_serves_a_table(tmp_path):
    accounts = write_accounts(tmp_path / "accounts", CLUB, 1)
    port = free_port()
    station = subprocess.Popen(
        [sys.executable, "-m", "bridgetable.cli", "station", "--accounts", str(tmp_path / "accounts" /
         "accounts.json"), "--session", "s1", "--password", "pw", "--movement", "robots", "--boards", "4",
         "--boards-per-round", "2", "--store", str(tmp_path / "station.db"), "--broker", f"127.0.0.1:{port}",
         "--embedded-broker", "--listen", "127.0.0.1", "--port", str(free_port())],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assignments: queue.Queue[dict] = queue.Queue()
    address = Broker(port=port, username=table_user(1), password=accounts.passwords[table_user(1)],
                     min_delay=0.1, max_delay=0.5)
    outbox = SQLiteOutbox(tmp_path / "outbox.db")
    table = TableLink(CLUB, 1, derive_table_key(accounts.secret, CLUB, 1), outbox, address,
                      on_assign=assignments.put, resend_min=0.2)
    try:
        assert "round 1 of 2" in station.stdout.readline()  # the station is up, on its own broker
        table.start()
        assignment = assignments.get(timeout=10)
        assert (assignment["round"], assignment["boards"], assignment["ns"]) == (1, [1, 2], 1)
        outbox.put({**result(1, 1, session="s1"), "club": CLUB})
        table.flush()
        wait_until(lambda: not outbox.pending(), what="the station's ack through the embedded broker")
    finally:
        table.stop()
        station.send_signal(signal.SIGINT)
        _, errors = station.communicate(timeout=20)
    assert "embedded amqtt broker listening on 127.0.0.1" in errors
    assert station.returncode == 0, errors
    with sqlite3.connect(tmp_path / "station.db") as db:
        assert db.execute("SELECT session, round, tbl, board, revision FROM results").fetchall() == \
            [("s1", 1, 1, 1, 1)]
