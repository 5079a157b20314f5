"""Several ``bridgetable central`` processes side by side, as docs/central.md has an operator run
them (issue 23, item 3): each worker its own MQTT client id, so that none throws another off the
central broker, and together they store what the clubs send, each message once."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

from bridgetable.central.db import CentralDb
from bridgetable.director.upstream import derive_club_key, envelope, mqtt_client, up_topic
from bridgetable.link import Broker
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.schema import encode

from .test_federation import wait_for
from .test_ingest import SECRET, result

TAKEOVER = re.compile(r"Client (\S+) already connected, closing old connection")


def central_process(secret_file: Path, url: str, port: int) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "bridgetable.cli", "central", "--secret-file",
                             str(secret_file), "--db", url, "--broker", f"127.0.0.1:{port}", "--workers", "2",
                             "--no-web"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_two_central_processes_share_the_load_without_throwing_each_other_off(
        tmp_path: Path, central_url: str) -> None:
    (tmp_path / "secret").write_text(SECRET.hex(), encoding="ascii")
    with MosquittoProcess(tmp_path / "central") as broker:
        processes = [central_process(tmp_path / "secret", central_url, broker.port) for _ in range(2)]
        try:
            for process in processes:
                assert process.stdout is not None
                assert "2 ingest workers on" in process.stdout.readline()
            club = mqtt_client(Broker(port=broker.port), "club-a")
            club.connect("127.0.0.1", broker.port)
            club.loop_start()
            key = derive_club_key(SECRET, "a")
            for table in range(1, 6):
                for board in range(1, 9):
                    club.publish(up_topic("a"), encode(envelope(result(table, board), "a", key)), qos=1)
            db = CentralDb(central_url, create=False)
            try:
                wait_for(lambda: db.counts()["results"] == 40, 30, "the 40 results at the center")
            finally:
                db.close()
            time.sleep(2.0)  # a takeover loop would show by now: each reconnect throws the other out
            club.disconnect()
            club.loop_stop()
        finally:
            for process in processes:
                process.terminate()
            outputs = [process.communicate(timeout=20) for process in processes]
        log = broker.log.read_text()
    assert all(process.returncode == 0 for process in processes), outputs
    assert TAKEOVER.findall(log) == []
    workers = set(re.findall(r"New client connected from \S+ as (bridgetable-central-\S+) ", log))
    assert len(workers) == 4, log[-2000:]  # two processes of two workers, each its own id
