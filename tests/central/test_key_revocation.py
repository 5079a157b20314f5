"""One club's key revoked without changing any other club's (issue 23, "For the operator"):
``central --revoke-key CLUB`` moves the club to a key of its own next generation and prints it; a
running center refuses the club's messages signed with the revoked key within seconds, and records
each (who, which, why); the club's new key and every other club's key go on being taken."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from bridgetable.central import web
from bridgetable.central.db import CentralDb
from bridgetable.central.ingest import KEYS_READ_EVERY
from bridgetable.director.downlink import decode_setup
from bridgetable.director.upstream import derive_club_key, envelope, mqtt_client, up_topic
from bridgetable.link import Broker, SignatureError
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.schema import encode

from .test_downlink import cup
from .test_federation import wait_for
from .test_ingest import SECRET, result
from .test_processes import central_process


def central(secret: Path, url: str, *options: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bridgetable.cli", "central", "--secret-file", str(secret),
                           "--db", url, *options], capture_output=True, text=True, timeout=60)


def test_a_revoked_key_is_refused_and_recorded_the_others_go_on(tmp_path: Path, central_url: str) -> None:
    secret = tmp_path / "secret"
    secret.write_text(SECRET.hex(), encoding="ascii")
    old_a, key_b = derive_club_key(SECRET, "a"), derive_club_key(SECRET, "b")
    assert central(secret, central_url, "--club-key", "a").stdout == old_a.hex() + "\n"
    with MosquittoProcess(tmp_path / "central") as broker:
        process = central_process(secret, central_url, broker.port)
        club = mqtt_client(Broker(port=broker.port), "clubs")
        db = CentralDb(central_url, create=False)
        try:
            assert process.stdout is not None and "ingest workers on" in process.stdout.readline()
            club.connect("127.0.0.1", broker.port)
            club.loop_start()

            def send(name: str, key: bytes, table: int) -> None:
                club.publish(up_topic(name), encode(envelope(result(table, 1), name, key)), qos=1)

            send("a", old_a, 1)
            send("b", key_b, 1)
            wait_for(lambda: db.counts()["results"] == 2, 30, "both clubs' first results")
            revoked = central(secret, central_url, "--revoke-key", "a")
            assert revoked.returncode == 0, revoked.stderr
            new_a = bytes.fromhex(revoked.stdout.strip())
            assert new_a == derive_club_key(SECRET, "a", 1) != old_a and "revoked" in revoked.stderr
            assert central(secret, central_url, "--club-key", "a").stdout == new_a.hex() + "\n"
            assert central(secret, central_url, "--club-key", "b").stdout == key_b.hex() + "\n"  # unchanged
            time.sleep(KEYS_READ_EVERY + 0.5)  # the workers have read the clubs' key generations again
            send("a", old_a, 2)
            wait_for(lambda: db.counts()["refused"] > 0, 30, "the revoked key refused")
            send("a", new_a, 3)
            send("b", key_b, 3)
            wait_for(lambda: db.counts()["results"] == 4, 30, "the new key's and the other club's results")
            form = tmp_path / "cup.json"
            form.write_text(json.dumps({k: v for k, v in cup().items() if k != "kind"}), encoding="utf-8")
            sent = central(secret, central_url, "--broker", f"127.0.0.1:{broker.port}", "--send-setup",
                           str(form), "--to", "a")
            assert sent.returncode == 0, sent.stderr
            [waiting] = db.waiting_setups()
            stored = db.rows("SELECT club, tbl FROM results ORDER BY club, tbl")
            [refusal] = db.rows("SELECT club, message, reason FROM refused")
        finally:
            club.disconnect()
            club.loop_stop()
            db.close()
            process.terminate()
            out, err = process.communicate(timeout=20)
    assert process.returncode == 0, err
    assert [(row["club"], row["tbl"]) for row in stored] == [("a", 1), ("a", 3), ("b", 1), ("b", 3)]
    assert (refusal["club"], refusal["reason"]) == ("a", "club 'a' signed with its revoked key")
    assert refusal["message"] == result(2, 1)["id"]
    with TestClient(web.create_app(central_url, operator_password="op")) as operator:
        [listed] = operator.get("/api/operator", auth=("operator", "op")).json()["revoked"]
        page = operator.get("/operator", auth=("operator", "op"), headers={"Accept-Language": "de"}).text
    assert (listed["club"], listed["generation"]) == ("a", 1) and listed["revoked"]
    assert '<td class="text">a</td><td>1</td>' in page and "Widerrufene Klubschlüssel" in page
    assert decode_setup(bytes(waiting["payload"]), "a", new_a)[0].session == "north-cup"  # the new key's
    with pytest.raises(SignatureError):
        decode_setup(bytes(waiting["payload"]), "a", old_a)
