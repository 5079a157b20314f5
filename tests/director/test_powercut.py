"""Power cuts at the scoring station (issue 26): the station runs with its store on the power-cut
file system (``tests.powercutfs``); the tables send their results through a real Mosquitto; the
station's power is cut at random moments (SIGKILL, then whatever was not synced is lost) and it
starts again on what survived. Every result it had acknowledged is still in its store, and at the
end every result is stored once; the upstream outbox keeps every message it added for the center."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bridgetable.director.store import SQLiteStore
from bridgetable.director.upstream import UpstreamOutbox
from bridgetable.link import Broker, ResultKey, SQLiteOutbox, TableLink
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.signing import DerivedKeys

from ..powercutfs import PowerCutMount, unavailable
from .helpers import CLUB, new_session, result_message
from .test_station import wait_for

pytestmark = pytest.mark.skipif(unavailable() is not None, reason=f"power-cut file system: {unavailable()}")

SECRET = b"power cut secret"
STATION = """
import sys, threading
from bridgetable.director.session import Session
from bridgetable.director.station import Station
from bridgetable.director.store import SQLiteStore
from bridgetable.director.upstream import UpstreamOutbox
from bridgetable.link import Broker
from bridgetable.link.signing import DerivedKeys
port, path, secret, club = int(sys.argv[1]), sys.argv[2], bytes.fromhex(sys.argv[3]), sys.argv[4]
store = SQLiteStore(path)
session = Session.load(store, "club-night")
address = Broker(port=port, min_delay=0.05, max_delay=0.5)
station = Station(session, address, DerivedKeys(secret, club, 4), club)
station.start(timeout=30)
print("ready", flush=True)
threading.Event().wait()
"""


class AckedOutbox(SQLiteOutbox):
    """A table's outbox (off the card: the table's own Pi keeps its power) that notes each ack."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.acked: list[ResultKey] = []

    def acknowledge(self, key: ResultKey) -> bool:
        new = super().acknowledge(key)
        if new:
            self.acked.append(key)
        return new


def start_station(port: int, store: Path) -> subprocess.Popen[str]:
    process = subprocess.Popen([sys.executable, "-c", STATION, str(port), str(store), SECRET.hex(), CLUB],
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None and process.stdout.readline().strip() == "ready"
    return process


def stored_keys(store: Path) -> list[tuple[int, int, int]]:
    """(table, board, revision) of every result in the station's store, repeats included."""
    opened = SQLiteStore(store)
    try:
        return [(r.table, r.board, r.revision) for r in opened.results("club-night", all_revisions=True)]
    finally:
        opened.close()


def run_station_cuts(tmp_path: Path, cuts: int, seed: int) -> dict[str, int]:
    """A session's 24 results sent while the station's power is cut ``cuts`` times: the figures
    (cuts, results acknowledged before a cut and then missing, results stored twice)."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    figures = {"cuts": 0, "acked before a cut": 0, "lost": 0, "doubled": 0}
    with MosquittoProcess(tmp_path / "broker") as broker, \
            PowerCutMount(tmp_path / "card", tmp_path / "mnt") as card:
        store = tmp_path / "mnt" / "station.db"
        session = new_session(tmp_path, store=SQLiteStore(store))
        results = [result_message(session, a.table, board, "4S", "N", 10, revision=1)
                   for round_ in range(1, session.movement.rounds + 1)
                   for a in session.movement.round(round_) for board in a.boards]
        session.store.close()
        keys = DerivedKeys(SECRET, CLUB, 4)
        address = Broker(port=broker.port, min_delay=0.05, max_delay=0.5)
        tables = {t: TableLink(CLUB, t, keys[t], AckedOutbox(tmp_path / f"outbox-{t}.db"), address,
                               resend_min=0.2, resend_max=0.5) for t in range(1, 5)}
        station = start_station(broker.port, store)
        for table in tables.values():
            table.start()
        try:
            waiting = list(results)
            rng.shuffle(waiting)
            while waiting or figures["cuts"] < cuts:
                some = rng.randint(1, 4)
                batch, waiting = waiting[:some], waiting[some:]
                for message in batch:
                    tables[message["table"]].outbox.put(message)
                    tables[message["table"]].flush()
                time.sleep(rng.uniform(0.0, 0.3))
                if figures["cuts"] < cuts:
                    acked = {(k.table, k.board, k.revision) for t in tables.values() for k in t.outbox.acked}
                    station.send_signal(signal.SIGKILL)
                    station.wait()
                    card.cut(rng if figures["cuts"] % 2 else None)
                    figures["cuts"] += 1
                    figures["acked before a cut"] += len(acked)
                    figures["lost"] = max(figures["lost"], len(acked - set(stored_keys(store))))
                    station = start_station(broker.port, store)
            wait_for(lambda: not any(t.outbox.pending() for t in tables.values()), timeout=60,
                     what="every result acknowledged")
        finally:
            for table in tables.values():
                table.stop()
            station.send_signal(signal.SIGKILL)
            station.wait()
        final = stored_keys(store)
        figures["doubled"] = len(final) - len(set(final))
        figures["stored"] = len(set(final))
        figures["results"] = len(results)
    return figures


def test_every_result_the_station_acknowledged_survives_its_power_cuts(tmp_path: Path) -> None:
    figures = run_station_cuts(tmp_path, cuts=6, seed=26)
    assert figures["cuts"] == 6 and figures["acked before a cut"] > 0
    assert (figures["lost"], figures["doubled"]) == (0, 0)
    assert figures["stored"] == figures["results"] == 24


# The child: the station's upstream outbox adds messages for the center, acknowledges some, and
# dies without closing it (os._exit, as a power cut's SIGKILL would), having said what it did.
UPSTREAM = """
import os, sys
from bridgetable.director.upstream import UpstreamOutbox
path, first, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
outbox = UpstreamOutbox(path)
for number in range(first, first + count):
    outbox.add([{"id": f"m{number}", "kind": "result"}])
    if number % 3 == 0:
        outbox.acknowledge([f"m{number}"])
    print(number, flush=True)
os._exit(9)
"""


def test_the_upstream_outbox_keeps_every_message_it_added_through_power_cuts(tmp_path: Path) -> None:
    rng = random.Random(3)
    with PowerCutMount(tmp_path / "card", tmp_path / "mnt") as card:
        path, added = tmp_path / "mnt" / "station.db", 0
        for cut in range(6):
            count = rng.randint(1, 20)
            done = subprocess.run([sys.executable, "-c", UPSTREAM, str(path), str(added), str(count)],
                                  capture_output=True, text=True, timeout=60)
            assert done.returncode == 9 and len(done.stdout.split()) == count, done.stderr
            added += count
            card.cut(rng if cut % 2 else None)
            outbox = UpstreamOutbox(path)
            try:
                assert outbox.known() == {f"m{number}" for number in range(added)}
                assert outbox.pending() == sum(1 for number in range(added) if number % 3)
            finally:
                outbox.close()
