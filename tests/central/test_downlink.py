"""The downward link: a session's set-up prepared at the center reaches the club's station, which
subscribes at the real central Mosquitto itself, across a cut link; forged, other clubs' and other
sessions' set-ups are refused with their reason."""

from __future__ import annotations

import json
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from bridgetable.cli import main
from bridgetable.director.downlink import SetupReceiver, decode_setup, parse_setup, publish_setup, setup_body
from bridgetable.director.session import Session, SessionSetup, SetupError, generated_boards
from bridgetable.director.store import SQLiteStore
from bridgetable.director.upstream import derive_club_key, down_topic, envelope, mqtt_client
from bridgetable.link import Broker, SignatureError
from bridgetable.link.accounts import Accounts, mosquitto_passwd, write_accounts
from bridgetable.link.broker import MosquittoProcess, free_port
from bridgetable.link.schema import encode

from .linkproxy import LinkProxy

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
SECRET = bytes(range(32))
NORTH, SOUTH = "northbridge", "southbridge"
NORTH_KEY, SOUTH_KEY = derive_club_key(SECRET, NORTH), derive_club_key(SECRET, SOUTH)


def cup(session: str = "north-cup") -> dict[str, Any]:
    setup = SessionSetup(session, "North cup, heat 1",
                         {"kind": "mitchell", "tables": 3, "rounds": 2, "boards_per_round": 2}, "MP",
                         pairs={1: "Ann Holm (10001) & Bo Dahl (10002)", 2: "Cai Lund & Dan Berg"},
                         numbers={1: [{"national": "10001", "club": ""}, {"national": "10002", "club": ""}]})
    return setup_body(setup, generated_boards(len(setup.build_movement().boards), 7))


def test_a_set_up_round_trips_signed_for_its_club() -> None:
    body = cup()
    setup, boards = decode_setup(encode(envelope(body, NORTH, NORTH_KEY)), NORTH, NORTH_KEY)
    assert setup.session == "north-cup" and setup.movement["tables"] == 3
    assert setup.pairs[1] == "Ann Holm (10001) & Bo Dahl (10002)"
    assert setup.numbers[1][1]["national"] == "10002"
    assert [b.deal for b in boards] == [b["deal"] for b in body["boards"]] and len(boards) == 6


@pytest.mark.parametrize(("club", "key", "reason"), [
    (SOUTH, SOUTH_KEY, "message names club 'southbridge' on the topic of club 'northbridge'"),
    (NORTH, SOUTH_KEY, "signature does not match"),
])
def test_a_forged_or_other_clubs_set_up_is_refused(club: str, key: bytes, reason: str) -> None:
    with pytest.raises((ValueError, SignatureError), match=reason):
        decode_setup(encode(envelope(cup(), club, key)), NORTH, NORTH_KEY)


@pytest.mark.parametrize(("change", "reason"), [
    ({"kind": "result"}, "kind 'result' is not 'session-setup'"),
    ({"pairs": ["Ann"]}, "field 'pairs' is missing or not a dict"),
    ({"boards": [{"board": 1}]}, r"boards\[1\]: needs board"),
    ({"movement": {"kind": "spiral"}}, "spiral"),
    ({"scoring": "XX"}, "scoring must be one of"),
])
def test_a_malformed_set_up_is_refused_naming_what(change: dict[str, Any], reason: str) -> None:
    with pytest.raises(SetupError, match=reason):
        parse_setup({**cup(), **change})


def test_a_set_up_lacking_boards_of_the_movement_is_refused() -> None:
    body = cup()
    with pytest.raises(SetupError, match=r"plays boards \[6\] that it lacks"):
        parse_setup({**body, "boards": body["boards"][:5]})


def test_the_center_sends_a_set_up_down_through_a_cut_link(tmp_path: Path, central_url: str) -> None:
    central = MosquittoProcess(tmp_path / "central")
    central.start()
    proxy = LinkProxy(central.port)  # the club's internet
    at_center = Broker(port=central.port)
    store = SQLiteStore(tmp_path / "station.db")
    from_club = Broker(port=proxy.port, min_delay=0.1, max_delay=1.0)  # the station's way to the center
    receiver = SetupReceiver(from_club, NORTH, NORTH_KEY, "north-cup")
    got: list[Any] = []
    try:
        # another club's set-up, on north's topic, before the station waits: retained, it is what
        # the station finds when it subscribes
        publish_setup(at_center, SOUTH, SOUTH_KEY, cup())  # on south's own topic: north never sees it
        central_client_publish(at_center, encode(envelope(cup(), SOUTH, SOUTH_KEY)))
        waiting = threading.Thread(target=lambda: got.append(receiver.wait(40)), daemon=True)
        waiting.start()
        wait_until(lambda: len(receiver.refused) == 1, 20)
        central_client_publish(at_center, encode(envelope(cup(), NORTH, SOUTH_KEY)))  # forged by south
        wait_until(lambda: len(receiver.refused) == 2, 10)
        # genuine, of another session, on this session's topic (by someone who may write there)
        central_client_publish(at_center, encode(envelope(cup("north-cup-2"), NORTH, NORTH_KEY)))
        wait_until(lambda: len(receiver.refused) == 3, 10)
        assert receiver.refused[0] == "message names club 'southbridge' on the topic of club 'northbridge'"
        assert receiver.refused[1].startswith("signature does not match")
        assert receiver.refused[2] == "the set-up is of session 'north-cup-2', not 'north-cup'"

        proxy.cut()
        time.sleep(0.5)
        form = tmp_path / "cup.json"
        body = cup()
        del body["kind"]  # the operator's file: the set-up's fields
        form.write_text(json.dumps(body), encoding="utf-8")
        (tmp_path / "secret").write_text(SECRET.hex(), encoding="ascii")
        assert main(["central", "--secret-file", str(tmp_path / "secret"), "--db", central_url, "--broker",
                     f"127.0.0.1:{central.port}", "--send-setup", str(form), "--to", NORTH]) == 0
        time.sleep(1.0)
        assert not got  # the link is down: nothing has reached the club
        proxy.restore()
        waiting.join(30)
        assert got, "the set-up did not reach the station after the link came back"
        setup, boards = got[0]
        session = Session.create(store, setup, boards)  # the station starts the session from it
        again = Session.load(store, "north-cup")
        assert again.setup.event == "North cup, heat 1" and again.movement.tables == 3
        assert again.setup.pairs[1] == "Ann Holm (10001) & Bo Dahl (10002)"
        assert again.setup.numbers[1][0]["national"] == "10001"
        stored = store.boards(session.id)
        assert [stored[b["board"]].deal for b in body["boards"]] == [b["deal"] for b in body["boards"]]
    finally:
        store.close()
        proxy.close()
        central.stop()


def test_the_station_starts_the_session_the_center_sent(tmp_path: Path) -> None:
    """``bridgetable station --from-central``: the club's broker with its logins and ACL; the
    station subscribes at the central broker itself."""
    accounts = write_accounts(tmp_path / "accounts", NORTH, 3)
    (tmp_path / "north.key").write_text(NORTH_KEY.hex(), encoding="ascii")
    with MosquittoProcess(tmp_path / "central") as central:
        publish_setup(Broker(port=central.port), NORTH, NORTH_KEY, cup())  # before the club is up
        with MosquittoProcess(tmp_path / "club", accounts=accounts) as club:
            station = subprocess.Popen(
                [sys.executable, "-m", "bridgetable.cli", "station", "--accounts",
                 str(tmp_path / "accounts" / "accounts.json"), "--session", "north-cup", "--password", "pw",
                 "--from-central", "30", "--central-key", str(tmp_path / "north.key"),
                 "--central", f"127.0.0.1:{central.port}",
                 "--store", str(tmp_path / "station.db"), "--broker", f"127.0.0.1:{club.port}",
                 "--listen", "127.0.0.1", "--port", str(web := free_port())],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            try:
                assert "waiting up to 30 s for the center's set-up of north-cup" in station.stdout.readline()
                assert "North cup, heat 1: round 1 of 2" in station.stdout.readline()
                wait_until(lambda: serving(web), 20)  # up, so that Ctrl-C stops it cleanly
            finally:
                station.send_signal(signal.SIGINT)
                _, errors = station.communicate(timeout=20)
    assert station.returncode == 0, errors
    store = SQLiteStore(tmp_path / "station.db")
    try:
        session = Session.load(store, "north-cup")
        assert session.setup.pairs[2] == "Cai Lund & Dan Berg" and session.movement.tables == 3
        assert [b.deal for b in store.boards("north-cup").values()] == [b["deal"] for b in cup()["boards"]]
    finally:
        store.close()


def central_accounts(directory: Path) -> Accounts:
    """The central broker's ACL as deploy/install-central.sh writes it (each club's login its name),
    and, for this test, a login of the center that may publish the set-ups."""
    script = (DEPLOY / "install-central.sh").read_text()
    shipped = re.search(r"<<'ACL'\n(.*?)\nACL\n", script, re.S)
    assert shipped is not None, "install-central.sh writes no ACL"
    directory.mkdir(parents=True, exist_ok=True)
    acl, passwords = directory / "acl", {NORTH: "north-pw", SOUTH: "south-pw", "center": "center-pw"}
    acl.write_text(f"{shipped[1]}\nuser center\ntopic write bridgetable/v1/+/central/down/#\n")
    password_file = directory / "passwords"
    password_file.write_text("".join(f"{user}:{password}\n" for user, password in passwords.items()))
    subprocess.run([mosquitto_passwd(), "-U", str(password_file)], check=True, capture_output=True)
    return Accounts(acl, password_file, passwords, SECRET)


def retained(broker: Broker, topic: str, wait: float = 2.0) -> list[bytes]:
    """What a client logged in to ``broker`` receives on subscribing to ``topic`` (the retained)."""
    got: queue.Queue[bytes] = queue.Queue()
    client = mqtt_client(broker, f"reader-{broker.username}")
    client.on_message = lambda _client, _userdata, msg: got.put(bytes(msg.payload))
    client.connect(broker.host, broker.port)
    client.loop_start()
    try:
        client.subscribe(topic, qos=1)
        time.sleep(wait)
    finally:
        client.disconnect()
        client.loop_stop()
    return list(got.queue)


def test_the_central_brokers_acl_lets_a_club_read_its_sessions_set_ups_and_no_others(tmp_path: Path) -> None:
    """One retained topic a session (``down/SESSION``): the shipped ACL's ``…/central/down/#``
    lets the club's station subscribe to it with the club's login; another club's login reads
    nothing of it."""
    accounts = central_accounts(tmp_path / "accounts")
    with MosquittoProcess(tmp_path / "central", accounts=accounts) as central:
        def login(user: str) -> Broker:
            return Broker(port=central.port, username=user, password=accounts.passwords[user])

        publish_setup(login("center"), NORTH, NORTH_KEY, cup())
        setup, _boards = SetupReceiver(login(NORTH), NORTH, NORTH_KEY, "north-cup").wait(20)
        assert setup.session == "north-cup" and setup.event == "North cup, heat 1"
        topic = down_topic(NORTH, "north-cup")
        assert len(retained(login(NORTH), topic)) == 1  # the set-up is there, for its club
        assert retained(login(SOUTH), topic) == []  # another club's login reads nothing of it
        assert retained(login(SOUTH), topic.rsplit("/", 1)[0] + "/#") == []


def serving(port: int) -> bool:
    try:
        return httpx.get(f"http://127.0.0.1:{port}/", timeout=1).status_code < 500
    except httpx.HTTPError:
        return False


def central_client_publish(broker: Broker, payload: bytes) -> None:
    """Publish straight on the downward topic of north's north-cup (as a forger with a login to the
    central broker)."""
    from bridgetable.director.upstream import mqtt_client

    client = mqtt_client(broker, "forger")
    client.connect(broker.host, broker.port)
    client.loop_start()
    client.publish(down_topic(NORTH, "north-cup"), payload, qos=1, retain=True).wait_for_publish(5)
    client.disconnect()
    client.loop_stop()


def wait_until(condition: Any, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)
