"""``bridgetable demo --central``: a federation on one machine. Two clubs, each with its own
Mosquitto, its scoring station, its robot tables and its upstream link, which connects to the
central Mosquitto itself (the club's broker never talks to the center); the central server (two
ingest workers sharing the load, the pages) on a private PostgreSQL. Once both sessions have
reached the center complete, the central page stays up until Ctrl-C.
"""

from __future__ import annotations

import logging
import secrets
import shutil
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..central.db import CentralDb
from ..central.ingest import FederationKeys
from ..central.pgserver import PrivatePostgres
from ..central.server import Center
from ..director.session import Session, SessionSetup, generated_boards
from ..director.station import Station
from ..director.store import SQLiteStore
from ..director.upstream import Upstream, UpstreamOutbox, derive_club_key
from ..i18n import CLI
from ..link import Broker, DerivedKeys
from ..link.broker import MosquittoProcess, TlsFiles, free_port
from .club import DemoOptions, RobotTable, _port_free

_ = CLI.gettext

log = logging.getLogger("bridgetable.demo")
CLUBS = ("northbridge", "southbridge")
PLAYERS = ["Ann Holm", "Bo Dahl", "Cai Lund", "Dan Berg", "Eva Krog", "Finn Juul", "Gry Vang", "Hans Lind",
           "Ida Friis", "Jens Bak", "Kim Sand", "Lis Hald"]


def player_names(club_index: int, pairs: int) -> dict[int, str]:
    """Pair names with national numbers; pair 1 is the same two players at every club, so that
    the center shows a history across clubs."""
    names = {}
    for pair in range(1, pairs + 1):
        first = 0 if pair == 1 else 100 * (club_index + 1) + 2 * pair
        names[pair] = " & ".join(f"{PLAYERS[(first + seat) % len(PLAYERS)]} ({10001 + first + seat})"
                                 for seat in (0, 1))
    return names


class Club:
    """One club on this machine: its Mosquitto, its station and robot tables playing a Mitchell,
    and the upstream link feeding the center through the central broker ``central``."""

    def __init__(self, name: str, index: int, work: Path, central: Broker, secret: bytes,
                 options: DemoOptions) -> None:
        self.name, self.work = name, work
        self.broker = MosquittoProcess(work / "broker")
        self.store = SQLiteStore(work / "station.db")
        setup = SessionSetup(f"{name}-evening", f"{name.title()} club evening",
                             {"kind": "mitchell", "tables": options.tables, "rounds": options.rounds,
                              "boards_per_round": options.boards_per_round},
                             "MP", pairs=player_names(index, 2 * options.tables))
        self.session = Session.create(self.store, setup, generated_boards(
            len(setup.build_movement().boards), options.seed + index))
        address = Broker(port=self.broker.port, min_delay=0.1, max_delay=1.0)
        keys = DerivedKeys(secrets.token_bytes(32), name, options.tables)
        self.station = Station(self.session, address, keys, name)
        self.tables = [RobotTable(n, self.session, work, address, keys[n], displays=False, club=name,
                                  language=options.language)
                       for n in range(1, options.tables + 1)]
        self.outbox = UpstreamOutbox(work / "station.db")
        self.upstream = Upstream(self.session, name, derive_club_key(secret, name), central, self.outbox,
                                 resend_after=3.0, resend_max=6.0, every=0.5)
        self.station.ingest.subscribe(self.upstream.wake)

    def start(self) -> None:
        self.broker.start()
        self.station.start()
        self.upstream.start()
        for table in self.tables:
            table.start()

    def expected(self) -> set[tuple[int, int, int, int]]:
        """Every revision the station has stored: (round, table, board, revision)."""
        return {(r.round, r.table, r.board, r.revision)
                for r in self.store.results(self.session.id, all_revisions=True)}

    def stop(self) -> None:
        for table in self.tables:
            table.stopping.set()
        for table in self.tables:
            table.stop()
        self.upstream.stop()
        self.station.stop()
        self.broker.stop()
        self.outbox.close()
        self.store.close()


def arrived(db: CentralDb, club: Club) -> bool:
    """Every revision of the club's session is at the center, and its final ranking."""
    rows = db.results(club.name, club.session.setup.uid)
    got = {(r["round"], r["table"], r["board"], r["revision"]) for r in rows}
    found = db.session(club.name, club.session.setup.uid)
    return (club.station.finished.is_set() and got == club.expected() and found is not None
            and found["seq"] == len(got))


class Federation:
    """The center and two clubs, started and stopped together (a context manager); the central
    broker listens over TLS with ``tls``, as a federation's does for its clubs."""

    def __init__(self, options: DemoOptions, work: Path, workers: int = 2,
                 tls: TlsFiles | None = None) -> None:
        self.options, self.work, self.workers, self.tls = options, work, workers, tls
        self.secret = secrets.token_bytes(32)
        self.postgres = PrivatePostgres()  # its own directory, which the postgres user can reach
        self.central_broker = MosquittoProcess(work / "central-broker", tls=tls)
        self.center: Center | None = None
        self.clubs: list[Club] = []
        self.db: CentralDb | None = None

    def start(self, link_ports: Mapping[str, int] | None = None) -> None:
        """Start all; a club's upstream link goes to its port in ``link_ports`` (a relay, say),
        or else to the central broker."""
        url = self.postgres.start()
        self.central_broker.start()
        self.center = Center(url, FederationKeys(self.secret, list(CLUBS)),
                             self.central(self.central_broker.port),
                             workers=self.workers, web_port=self.options.web_port,
                             language=self.options.language)
        self.center.start()
        self.db = CentralDb(url)
        ports = link_ports or {}
        self.clubs = [Club(name, i, self.work / name, self.central(ports.get(name, self.central_broker.port)),
                           self.secret, self.options)
                      for i, name in enumerate(CLUBS)]
        for club in self.clubs:
            club.start()

    def central(self, port: int) -> Broker:
        """The central broker as seen at ``port`` (its own, or a relay's), quick to notice a link
        that went silent and to reconnect."""
        return Broker(port=port, min_delay=0.1, max_delay=1.0, keepalive=5, tls=self.tls is not None,
                      ca_file=str(self.tls.ca) if self.tls else None)

    def wait_complete(self, timeout: float) -> bool:
        """True once every club's session has reached the center complete."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.db is not None
            if all(arrived(self.db, club) for club in self.clubs):
                return True
            time.sleep(0.2)
        return False

    def stop(self) -> None:
        for club in self.clubs:
            club.stop()
        if self.db is not None:
            self.db.close()
        if self.center is not None:
            self.center.stop()
        self.central_broker.stop()
        self.postgres.stop()

    def __enter__(self) -> Federation:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def run_federation(options: DemoOptions, serve: bool = True) -> dict[str, Any]:
    """Play a session at each club; once the center has both complete, print where its pages are
    and (``serve``) keep them up until Ctrl-C. Returns what the center counted; a Ctrl-C before
    then is raised on, once everything is stopped."""
    work = Path(tempfile.mkdtemp(prefix="bridgetable-federation-"))
    if options.web_port and not _port_free(options.web_port):
        options.web_port = free_port()
    try:
        with Federation(options, work) as federation:
            federation.start()
            print(_("central results: {url} (clubs: {clubs})").format(
                url=f"http://127.0.0.1:{options.web_port}/", clubs=", ".join(CLUBS)), flush=True)
            timeout = 60 + 15 * options.tables * options.rounds
            if not federation.wait_complete(timeout):
                raise TimeoutError(_("the clubs' sessions did not reach the center complete in {seconds} "
                                     "s").format(seconds=timeout))
            assert federation.center is not None and federation.db is not None
            counts = {**federation.center.counts(), **federation.db.counts()}
            print(_("both sessions are at the center: {results} results stored, {duplicates} duplicates "
                    "ignored, {refused} refused").format(**counts), flush=True)
            if serve:
                print(_("the central page stays at {url} until Ctrl-C").format(
                    url=f"http://127.0.0.1:{options.web_port}/"), flush=True)
                try:
                    while True:
                        time.sleep(1)
                except KeyboardInterrupt:  # the way to end it once the sessions are in: not a failure
                    pass
            return counts
    finally:
        shutil.rmtree(work, ignore_errors=True)

