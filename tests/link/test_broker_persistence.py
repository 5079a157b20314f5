"""The deployed Mosquitto settings save at every change: a retained assignment survives a SIGKILL
straight after it was published (Debian's default saves every 30 minutes)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bridgetable.link import Broker, SQLiteOutbox, StationLink, TableLink, message
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.signing import DerivedKeys

from .support import CLUB, SECRET, ResultStore, table_key, wait_until


def test_a_retained_assignment_survives_a_broker_killed_just_after(tmp_path: Path) -> None:
    with MosquittoProcess(tmp_path / "broker", persistence=True) as broker:
        address = Broker(port=broker.port, min_delay=0.1, max_delay=0.5)
        station = StationLink(CLUB, DerivedKeys(SECRET, CLUB, 3), ResultStore(tmp_path / "s.db"), address)
        station.start()
        assert station.connected.wait(5)
        first: list[dict[str, Any]] = []
        watcher = TableLink(CLUB, 2, table_key(2), SQLiteOutbox(tmp_path / "w.db"), address,
                            on_assign=first.append)
        watcher.start()
        assert watcher.connected.wait(5)
        station.publish_assignment(message("assign", session="s1", round=1, table=2, ns=2, ew=5, boards=[3]))
        wait_until(lambda: first, what="the assignment through the broker")
        watcher.stop()
        station.stop()
        broker.kill()  # at once: no clean shutdown to save anything
        broker.start()
        later: list[dict[str, Any]] = []
        table = TableLink(CLUB, 2, table_key(2), SQLiteOutbox(tmp_path / "t.db"), address,
                          on_assign=later.append)
        table.start()
        try:
            wait_until(lambda: later, timeout=5, what="the retained assignment after the crash")
            assert later[0]["boards"] == [3]
        finally:
            table.stop()
