"""Soak: a whole demo session under random SIGKILLs of a table, the station and the broker in turn.

The session is the demo's (a Mitchell of ``--tables`` tables, ``--rounds`` rounds of
``--boards-per-round`` boards, generated deals). Each table unit (board flow, journal, outbox,
link) and the station (store, ingest, rounds) is a process of its own; the broker is a Mosquitto
without persistence, so a kill loses every retained assignment and queued message. The next
victim in turn is SIGKILLed and started again at once: a random table, then the station, then
the broker, and so on, each once it has come up again (connected) and then lived a random time
(up to twice ``--pause``), until the session is over or ``--kills`` are done. The robots at each
table play each board the same way whatever happens (their slips are seeded by the board), one
event every ``--pace`` seconds (as players take their time: the session lasts through the
kills), and a table killed mid-board carries on from its journal.

It first plays the same session undisturbed, then the killed one, and checks: every board of every
table stored exactly once (one row of each, no other), every table's outbox acknowledged, and the
final ranking identical to the undisturbed run's. Printed: the kills of each kind, the time each
run took, and the checks. Exit status 1 if a check fails.

    .venv/bin/python bench/bench_soak.py [--kills 1000] [--pause 0.3] [--pace 1.5] [--tables 4]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import secrets
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from bridgetable.bridge import Deal, Seat
from bridgetable.demo.club import CLUB, DemoOptions, demo_setup, robot_events
from bridgetable.director.session import Session, generated_boards
from bridgetable.director.standings import score_session
from bridgetable.director.station import Station
from bridgetable.director.store import SQLiteStore
from bridgetable.events import TableEvent
from bridgetable.link import Broker
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.signing import DerivedKeys
from bridgetable.link.unit import UnitLink
from bridgetable.table.flow import FlowConfig
from bridgetable.table.journal import Journal
from bridgetable.table.service import TableService

SEED = 11
SESSION_TIMEOUT = 3600.0  # seconds: a run that takes longer has stalled


def address(port: int) -> Broker:
    return Broker(port=port, min_delay=0.05, max_delay=0.5)


def keys(directory: Path, tables: int) -> DerivedKeys:
    return DerivedKeys(bytes.fromhex((directory / "secret").read_text()), CLUB, tables)


# ---- the processes -----------------------------------------------------------------------------------
def ready(directory: Path, name: str) -> None:
    """Say that this process is up and connected (the parent kills it only after that)."""
    (directory / f"{name}.ready").write_text(str(os.getpid()))


def run_station(directory: Path, port: int) -> None:
    """The station, on the session the parent created: resumes where the store says."""
    store = SQLiteStore(directory / "station.db")
    session = Session.load(store, "demo")
    station = Station(session, address(port), keys(directory, session.movement.tables), CLUB)
    station.start(timeout=SESSION_TIMEOUT)
    ready(directory, "station")
    threading.Event().wait()


def board_plays(session: Session, table: int) -> dict[int, list[TableEvent]]:
    """What the robots at ``table`` do on each of its boards, the same in every run."""
    boards = session.store.boards(session.id)
    plays = {}
    for a in session.movement.assignments:
        if a.table == table:
            for board in a.boards:
                info = boards[board]
                rng = random.Random(f"{session.id}/{table}/{board}")
                plays[board] = robot_events(board, Deal.parse(info.deal or ""), Seat.parse(info.dealer), rng)
    return plays


def run_table(directory: Path, port: int, table: int, pace: float) -> None:
    """A table unit whose robots play each board of an assigned round, resuming mid-board after a
    kill: the events of the board already in the journal are not played again."""
    store = SQLiteStore(directory / "station.db")  # read once, for the boards and the movement
    session = Session.load(store, "demo")
    plays = board_plays(session, table)
    deals = {b: Deal.parse(info.deal) for b, info in store.boards(session.id).items()
             if b in plays and info.deal}
    store.close()
    order = [b for a in session.movement.assignments if a.table == table for b in a.boards]
    journal = Journal(directory / f"table-{table}.db", session="demo")
    service = TableService(FlowConfig(boards=order, deals=deals, club=CLUB, session="demo", table=str(table)),
                           journal)
    unit = UnitLink(service, keys(directory, session.movement.tables)[table], address(port),
                    resend_min=0.2, resend_max=1.0)
    unit.start()
    unit.link.connected.wait(SESSION_TIMEOUT)
    ready(directory, f"table-{table}")
    while True:
        view = service.flow.view()
        board = view.board
        if view.phase in ("waiting", "done") or board not in service.config.rounds:
            time.sleep(0.05)  # the round of this board is not assigned yet
            continue
        done = {entry.board for entry in journal.results()}
        played = len(journal) - sum(len(plays[b]) for b in done)
        for event in plays[board][played:]:
            time.sleep(pace)
            outcome = service.handle(event)
            if not outcome.changed:
                raise SystemExit(f"table {table}: {event.to_json()} refused: {outcome.message}")


# ---- the parent --------------------------------------------------------------------------------------
class Club:
    """The broker, the station and the tables of one run, each restartable."""

    def __init__(self, directory: Path, tables: int, pace: float) -> None:
        self.directory, self.tables, self.pace = directory, tables, pace
        self.broker = MosquittoProcess(directory / "broker")
        self.processes: dict[str, subprocess.Popen[bytes]] = {}

    def start(self) -> None:
        self.broker.start()
        self.spawn("station")
        for table in range(1, self.tables + 1):
            self.spawn(f"table-{table}")

    def spawn(self, name: str) -> None:
        role, _, number = name.partition("-")
        (self.directory / f"{name}.ready").unlink(missing_ok=True)
        log = (self.directory / f"{name}.log").open("ab")
        table = [number, str(self.pace)] if number else []
        self.processes[name] = subprocess.Popen(
            [sys.executable, __file__, role, str(self.directory), str(self.broker.port), *table],
            stdout=log, stderr=subprocess.STDOUT)

    def wait_ready(self, name: str) -> None:
        """Until ``name`` has come up (connected) since it was last started."""
        deadline = time.monotonic() + 60
        while name != "broker" and not (self.directory / f"{name}.ready").exists():
            self.check_alive()
            if time.monotonic() > deadline:
                raise TimeoutError(f"{name} did not come up within 60 s")
            time.sleep(0.02)

    def kill(self, name: str) -> None:
        """SIGKILL and start again at once (the broker on the same port, empty)."""
        if name == "broker":
            self.broker.kill()
            self.broker.start()
            return
        process = self.processes[name]
        process.send_signal(signal.SIGKILL)
        process.wait()
        self.spawn(name)

    def check_alive(self) -> None:
        for name, process in self.processes.items():
            if process.poll() is not None:
                raise RuntimeError(f"{name} exited by itself ({process.returncode}); see {name}.log")

    def stop(self) -> None:
        for process in self.processes.values():
            process.send_signal(signal.SIGKILL)
            process.wait()
        self.broker.stop()


def stored(directory: Path) -> int:
    with sqlite3.connect(f"file:{directory / 'station.db'}?mode=ro", uri=True) as db:
        return int(db.execute("SELECT count(*) FROM results").fetchone()[0])


def complete(directory: Path, session: Session) -> bool:
    """Every board of every table stored, and every table's outbox acknowledged."""
    with sqlite3.connect(f"file:{directory / 'station.db'}?mode=ro", uri=True) as db:
        stored = {(t, b) for t, b in db.execute("SELECT tbl, board FROM results")}
    if stored != {(a.table, b) for a in session.movement.assignments for b in a.boards}:
        return False
    for table in range(1, session.movement.tables + 1):
        with sqlite3.connect(f"file:{directory / f'table-{table}.db'}?mode=ro", uri=True) as db:
            if db.execute("SELECT count(*) FROM outbox WHERE acked_at IS NULL").fetchone()[0]:
                return False
    return True


def play(directory: Path, options: argparse.Namespace, kills: int) -> dict[str, Any]:
    """One run of the session with up to ``kills`` kills; its figures and its outcome."""
    directory.mkdir(parents=True)
    (directory / "secret").write_text(secrets.token_hex(32))
    setup = demo_setup(DemoOptions(tables=options.tables, rounds=options.rounds,
                                   boards_per_round=options.boards_per_round))
    store = SQLiteStore(directory / "station.db")
    session = Session.create(store, setup, generated_boards(len(setup.build_movement().boards), SEED))
    club = Club(directory, options.tables, options.pace if kills else 0.0)
    victims = ["table", "station", "broker"]
    done: dict[str, int] = {kind: 0 for kind in victims}
    rng = random.Random(options.seed)
    began = time.monotonic()
    club.start()
    try:
        while not complete(directory, session):
            if time.monotonic() - began > SESSION_TIMEOUT:
                raise TimeoutError("the session did not finish")
            club.check_alive()
            if sum(done.values()) >= kills:
                time.sleep(0.1)
                continue
            kind = victims[sum(done.values()) % 3]
            victim = f"table-{rng.randint(1, options.tables)}" if kind == "table" else kind
            club.wait_ready(victim)
            time.sleep(rng.uniform(0, 2 * options.pause))
            club.kill(victim)
            done[kind] += 1
            if options.progress and sum(done.values()) % options.progress == 0:
                print(f"  {sum(done.values())} kills, {stored(directory)} results stored, "
                      f"{time.monotonic() - began:.0f} s", flush=True)
    finally:
        club.stop()
    seconds = time.monotonic() - began
    rows = store.results(session.id, all_revisions=True)
    once = sorted((r.table, r.board) for r in rows) == sorted(
        (a.table, b) for a in session.movement.assignments for b in a.boards)
    ranking = score_session(session).as_json(session.setup.pairs)["ranking"]
    store.close()
    return {"kills": done, "seconds": round(seconds, 1), "results": len(rows), "each_once": once,
            "ranking": ranking}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kills", type=int, default=1000, help="kills in all (default 1000)")
    parser.add_argument("--pause", type=float, default=0.3,
                        help="mean seconds between kills (default 0.3)")
    parser.add_argument("--pace", type=float, default=1.5,
                        help="seconds between a table's events while killing (default 1.5)")
    parser.add_argument("--progress", type=int, default=50, help="print progress every N kills")
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--boards-per-round", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1, help="of the kills' timing and victims")
    parser.add_argument("--dir", help="keep the runs' files here (default: a temporary directory)")
    args = parser.parse_args()
    root = Path(args.dir or tempfile.mkdtemp(prefix="bridgetable-soak-"))
    calm = play(root / "undisturbed", args, kills=0)
    print(f"undisturbed: {calm['results']} results in {calm['seconds']} s", flush=True)
    soak = play(root / "killed", args, kills=args.kills)
    same = soak["ranking"] == calm["ranking"]
    figures = {"kills": soak["kills"], "kills_total": sum(soak["kills"].values()),
               "seconds": soak["seconds"], "results": soak["results"],
               "every_board_stored_once": soak["each_once"], "ranking_as_undisturbed": same}
    print(json.dumps(figures, indent=2))
    sys.exit(0 if soak["each_once"] and calm["each_once"] and same else 1)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] in ("station", "table"):
        os.environ.setdefault("PYTHONUNBUFFERED", "1")
        if sys.argv[1] == "station":
            run_station(Path(sys.argv[2]), int(sys.argv[3]))
        else:
            run_table(Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]))
    else:
        main()
