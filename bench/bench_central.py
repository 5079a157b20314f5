"""The central results server under load: N simulated clubs feeding one central Mosquitto, stored
in PostgreSQL by 1, 2 and 4 ingest worker processes sharing an MQTT 5 shared subscription.

Each club is a station's store (SQLite, a Mitchell session with its deals) with the real upstream
link (``director.upstream``: the outbox in the station's file, signed messages, resent until the
center acks them), connected straight to the central broker as a station is. Every ``--every``
seconds each club's tables finish a round: the round's results (with a 52-card play record) are
stored at once and the upstream link woken. The workers are separate ``bridgetable central
--no-web`` processes. Measured per worker count: results stored per second at the center (first
result stored at a club to the last stored at the center) and the end-to-end latency of each result
(stored at the club -> committed at the center: median and 95th percentile). The same run again with
every club's link cut (the central broker stopped for ``--cut`` seconds in mid-session, then started
again on the same port): nothing lost, nothing doubled, checked by comparing each club's store with
the center's rows.

    .venv/bin/python bench/bench_central.py [--clubs 20] [--tables 8] [--rounds 7] [--workers 1 2 4]

Whatever happens (an error, Ctrl-C), it stops the Mosquitto, the worker processes and the
PostgreSQL it started, and removes its files (``--dir``: keep them there instead). The workers run
the same code as the bench (this checkout's ``controller`` first on their path).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import random
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import httpx
import psycopg
from psycopg.types.json import Jsonb

import bridgetable
from bridgetable.bridge import Contract, Deal, Seat, board_vulnerability, duplicate_score
from bridgetable.central.db import CentralDb
from bridgetable.central.pgserver import PrivatePostgres
from bridgetable.director.session import Session, SessionSetup, generated_boards
from bridgetable.director.store import SQLiteStore, StoredResult
from bridgetable.director.upstream import (
    RESEND_AFTER,
    Upstream,
    UpstreamOutbox,
    derive_club_key,
    setup_message,
)
from bridgetable.link import Broker
from bridgetable.link.broker import MosquittoProcess, free_port

STARTED = re.compile(r"ingest workers? on")  # what `bridgetable central` prints once subscribed
CONTROLLER = Path(bridgetable.__file__).resolve().parents[1]  # the workers run the bench's code


class BenchClub:
    """A club's station store and its upstream link; ``play_round`` stores a round's results."""

    def __init__(self, name: str, run: str, work: Path, args: argparse.Namespace, secret: bytes,
                 broker_port: int) -> None:
        self.name = name
        self.store = SQLiteStore(work / f"{name}.db")
        setup = SessionSetup(f"{run}-{name}", f"{name} evening", {
            "kind": "mitchell", "tables": args.tables, "rounds": args.rounds,
            "boards_per_round": args.boards_per_round}, "MP",
            pairs={p: f"{name} {p}a ({name}-{p}a) & {name} {p}b ({name}-{p}b)"
                   for p in range(1, 2 * args.tables + 1)})
        self.session = Session.create(self.store, setup, generated_boards(
            len(setup.build_movement().boards), random.randrange(1 << 30)))
        self.deals = {n: Deal.parse(b.deal or "") for n, b in self.store.boards(self.session.id).items()}
        self.outbox = UpstreamOutbox(work / f"{name}.db")
        self.upstream = Upstream(self.session, name, derive_club_key(secret, name),
                                 Broker(port=broker_port, min_delay=0.2, max_delay=1.0), self.outbox,
                                 resend_after=args.resend_after, every=0.5)

    def play_round(self, round_: int) -> None:
        rows = []
        for assignment in self.session.movement.round(round_):
            for board in assignment.boards:
                deal = self.deals[board]
                play = [str(card) for seat in Seat for card in deal[seat].cards]  # 52 cards, a record's size
                vulnerable = board_vulnerability(board).is_vulnerable(Seat.S)
                rows.append(StoredResult(
                    session=self.session.id, round=round_, table=assignment.table, board=board, revision=1,
                    ns=assignment.ns, ew=assignment.ew, contract="4H", declarer="S", tricks=10,
                    ns_score=duplicate_score(Contract.parse("4H"), 10, vulnerable), lead=play[0],
                    record={"auction": ["1H", "Pass", "4H", "Pass", "Pass", "Pass"], "play": play}))
        self.store.put_results(rows)
        self.upstream.wake()

    def close(self) -> None:
        self.upstream.stop()
        self.outbox.close()
        self.store.close()


@contextlib.contextmanager
def workers_running(count: int, url: str, secret_file: Path, port: int, log: Path) -> Iterator[None]:
    """``count`` ingest processes of one worker each, started and subscribed; stopped on leaving,
    whatever happened (none is left running)."""
    command = [sys.executable, "-m", "bridgetable.cli", "central", "--secret-file", str(secret_file),
               "--db", url, "--broker", f"127.0.0.1:{port}", "--workers", "1", "--no-web"]
    path = os.pathsep.join(filter(None, [str(CONTROLLER), os.environ.get("PYTHONPATH")]))
    workers: list[subprocess.Popen[bytes]] = []
    try:
        with log.open("ab") as out:
            for _ in range(count):
                workers.append(subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                                env={**os.environ, "PYTHONPATH": path}))
        deadline = time.monotonic() + 30
        while len(STARTED.findall(log.read_text())) < count:  # each says so once subscribed
            if time.monotonic() > deadline or any(w.poll() is not None for w in workers):
                raise RuntimeError(f"the ingest workers did not start: {log.read_text()[-2000:]}")
            time.sleep(0.1)
        yield
    finally:
        for worker in workers:
            worker.terminate()
        for worker in workers:
            try:
                worker.wait(10)
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.wait()


def one_run(args: argparse.Namespace, workers: int, cut: float, url: str, work: Path) -> dict[str, float]:
    """One evening of ``args.clubs`` clubs against ``workers`` ingest processes (with a cut of
    ``cut`` seconds in mid-session when ``cut``); the figures and the loss/double check."""
    secret = secrets.token_bytes(32)
    secret_file = work / "secret"
    secret_file.write_text(secret.hex())
    with psycopg.connect(url, autocommit=True) as db:
        db.execute("DROP TABLE IF EXISTS clubs, sessions, players, results, rankings, refused, "
                   "waiting_setups CASCADE")
    run = f"w{workers}{'cut' if cut else ''}"
    log = work / f"workers-{run}.log"
    broker = MosquittoProcess(work / f"broker-{workers}-{cut}")
    clubs: list[BenchClub] = []
    try:
        broker.start()
        with workers_running(workers, url, secret_file, broker.port, log):
            clubs = [BenchClub(f"club{n:03d}", run, work, args, secret, broker.port)
                     for n in range(1, args.clubs + 1)]
            figures = play_and_measure(args, clubs, broker, cut, url)
    finally:
        for club in clubs:
            club.close()
        broker.stop()
    figures["resent"] = duplicates(log)
    return figures


def play_and_measure(args: argparse.Namespace, clubs: list[BenchClub], broker: MosquittoProcess, cut: float,
                     url: str) -> dict[str, float]:
    """Play the session at every club (the link cut for ``cut`` s half-way), wait for the center
    to hold it, and compare: stored/s, latencies, lost, doubled."""
    for club in clubs:
        club.upstream.start()
    for round_ in range(1, args.rounds + 1):
        for club in clubs:
            club.play_round(round_)
        if cut and round_ == (args.rounds + 1) // 2:
            broker.stop()  # every club's link to the center is down
            time.sleep(cut)
            broker.start()
        else:
            time.sleep(args.every)
    expected = {(club.name, club.session.setup.uid, r.round, r.table, r.board, r.revision)
                for club in clubs for r in club.store.results(club.session.id, all_revisions=True)}
    deadline = time.monotonic() + 120 + 5 * cut
    with psycopg.connect(url, autocommit=True) as db:
        while True:
            count = db.execute("SELECT count(*) FROM results").fetchone()
            if (count and count[0] >= len(expected)) or time.monotonic() > deadline:
                break
            time.sleep(0.1)
        time.sleep(min(3.0, args.resend_after))  # anything resent late would show up as a double
        rows = db.execute("SELECT club, session, round, tbl, board, revision, stored_at, "
                          "extract(epoch FROM received) FROM results").fetchall()
    got = [tuple(row[:6]) for row in rows]
    latencies = sorted(float(row[7]) - datetime.fromisoformat(row[6]).timestamp() for row in rows)
    last = max(float(row[7]) for row in rows)
    first = min(datetime.fromisoformat(row[6]).timestamp() for row in rows)
    return {"results": len(expected), "lost": len(expected - set(got)), "doubled": len(got) - len(set(got)),
            "per_second": len(got) / (last - first), "p50_ms": 1000 * statistics.median(latencies),
            "p95_ms": 1000 * latencies[int(0.95 * (len(latencies) - 1))]}


def duplicates(log: Path) -> int:
    """The messages the workers found already stored (each prints its counts when it stops)."""
    return sum(int(n) for n in re.findall(r"'duplicates': (\d+)", log.read_text()))


RECORD = '{"auction": [], "play": []}'  # the read side's results: the record's size is not the point


def fill(url: str, args: argparse.Namespace) -> tuple[str, str, str]:
    """The database as after ``args.read`` results: clubs of 60 sessions each, every session a
    whole Mitchell with its set-up, its results (COPY) and its final ranking; one player in every
    session of the first club. Returns a club, one of its sessions and that player's number."""
    pairs = {p: f"Player {p}a (P-{p}a) & Player {p}b (P-{p}b)" for p in range(1, 2 * args.tables + 1)}
    setup = SessionSetup("read", "Evening", {"kind": "mitchell", "tables": args.tables, "rounds": args.rounds,
                                             "boards_per_round": args.boards_per_round}, "MP", pairs=pairs)
    boards = generated_boards(len(setup.build_movement().boards), 1)
    session = Session.create(SQLiteStore(":memory:"), setup, boards)
    body = setup_message(session)
    stored = Jsonb({k: body[k] for k in ("event", "movement", "scoring", "teams", "pairs", "boards")})
    played = [(a.round, a.table, board, a.ns, a.ew)
              for a in session.movement.assignments for board in a.boards]
    per_club = 60
    ranking = Jsonb([{"pair": p, "rank": p, "percent": 50.0} for p in pairs])
    columns = "club, session, round, tbl, board, revision, ns, ew, contract, declarer, tricks, ns_score, " \
              "lead, source, record, stored_at, received"
    with psycopg.connect(url, autocommit=True) as db:
        db.execute("DROP TABLE IF EXISTS clubs, sessions, players, results, rankings, refused, "
                   "waiting_setups CASCADE")
        CentralDb(url).close()  # the tables and their indexes
        for c in range(1, max(1, args.read // (len(played) * per_club)) + 1):
            club = f"club{c:04d}"
            names = [f"s{n:03d}" for n in range(1, per_club + 1)]
            with db.transaction():
                db.execute("INSERT INTO clubs (club) VALUES (%s)", (club,))
                for age, name in enumerate(reversed(names)):
                    db.execute("INSERT INTO sessions (club, session, name, event, setup, setup_id, "
                               "setup_seq, created) VALUES (%s, %s, %s, 'Evening', %s, 'read', 1, "
                               "now() - %s * interval '1 day')", (club, name, name, stored, age))
                    db.execute("INSERT INTO rankings VALUES (%s, %s, %s, %s)",
                               (club, name, len(played), ranking))
                    if c == 1:
                        db.execute("INSERT INTO players VALUES (%s, %s, 1, 'Player 1a', 'P-1a')",
                                   (club, name))
                with db.cursor().copy(f"COPY results ({columns}) FROM STDIN") as copy:
                    for age, name in enumerate(reversed(names)):  # each received on its evening
                        evening = (datetime.now(UTC) - timedelta(days=age)).isoformat()
                        for round_, table, board, ns, ew in played:
                            copy.write_row((club, name, round_, table, board, 1, ns, ew, "4H", "S", 10, 420,
                                            "SA", "table", RECORD, evening, evening))
        db.execute("ANALYZE")
    return "club0001", "s030", "P-1a"


def read_side(args: argparse.Namespace, url: str, work: Path) -> None:
    """Requests/s of the pages on the filled database (one page process, one client at a time)."""
    started = time.monotonic()
    club, session, player = fill(url, args)
    with psycopg.connect(url, autocommit=True) as db:
        results = db.execute("SELECT count(*) FROM results").fetchone()
    print(f"read side: {results[0] if results else 0:,} results stored in {time.monotonic() - started:.0f} s")
    (work / "secret").write_text(secrets.token_hex(32))
    port = free_port()
    log = work / "pages.log"
    with log.open("ab") as out:
        pages = subprocess.Popen([sys.executable, "-m", "bridgetable.cli", "central", "--secret-file",
                                  str(work / "secret"), "--db", url, "--workers", "0", "--port", str(port)],
                                 stdout=out, stderr=subprocess.STDOUT,
                                 env={**os.environ, "PYTHONPATH": os.pathsep.join(
                                     filter(None, [str(CONTROLLER), os.environ.get("PYTHONPATH")]))})
    try:
        base = f"http://127.0.0.1:{port}"
        with httpx.Client(base_url=base, timeout=60) as client:
            deadline = time.monotonic() + 30
            while True:
                try:
                    if client.get("/health").status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline or pages.poll() is not None:
                    raise RuntimeError(f"the pages did not start: {log.read_text()[-2000:]}")
                time.sleep(0.2)
            print(f"{'page':>32} {'requests/s':>10} {'ms each':>8} {'KB':>6}")
            for path in ("/", f"/club/{club}", f"/club/{club}?page=2", f"/club/{club}/{session}",
                         f"/player/{player}", "/api/live"):
                times, size = [], 0
                until = time.monotonic() + args.read_seconds
                while time.monotonic() < until or not times:
                    sent = time.monotonic()
                    answer = client.get(path)
                    answer.raise_for_status()
                    times.append(time.monotonic() - sent)
                    size = len(answer.content)
                print(f"{path:>32} {len(times) / sum(times):>10.1f} {1000 * statistics.mean(times):>8.0f} "
                      f"{size / 1024:>6.0f}", flush=True)
    finally:
        pages.terminate()
        try:
            pages.wait(10)
        except subprocess.TimeoutExpired:
            pages.kill()
            pages.wait()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clubs", type=int, default=20)
    parser.add_argument("--tables", type=int, default=8, help="tables per club (a Mitchell)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--boards-per-round", type=int, default=3)
    parser.add_argument("--every", type=float, default=1.0,
                        help="seconds between two rounds at every club (0: the whole session at once)")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--cut", type=float, default=10.0,
                        help="seconds every club's link is cut in the second set of runs (0: no cut)")
    parser.add_argument("--resend-after", type=float, default=RESEND_AFTER,
                        help=f"the outbox's resend delay (default {RESEND_AFTER:g} s, the station's)")
    parser.add_argument("--read", type=int, default=0, metavar="RESULTS",
                        help="then the read side: the pages' requests/s with this many results stored")
    parser.add_argument("--read-seconds", type=float, default=3.0, help="how long each page is asked")
    parser.add_argument("--dir", type=Path, help="keep the brokers', clubs' and workers' files here "
                        "(default: a temporary directory, removed at the end)")
    args = parser.parse_args(argv)
    per_club = args.tables * args.rounds * args.boards_per_round
    print(f"{args.clubs} clubs x {per_club} results ({args.tables} tables, {args.rounds} rounds of "
          f"{args.boards_per_round} boards, a round every {args.every} s); PostgreSQL and Mosquitto on this "
          f"machine ({os.cpu_count()} cores)")
    print(f"{'workers':>7} {'link':>10} {'results':>7} {'stored/s':>9} {'p50 ms':>8} {'p95 ms':>8} "
          f"{'lost':>5} {'doubled':>7} {'resent':>7}")
    with contextlib.ExitStack() as stack:
        work = args.dir or Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="bench-central-")))
        work.mkdir(parents=True, exist_ok=True)
        url = stack.enter_context(PrivatePostgres())
        for cut in (0.0, args.cut) if args.cut else (0.0,):
            for workers in args.workers if args.workers != [0] else []:
                figures = one_run(args, workers, cut, url, work)
                link = f"cut {cut:g} s" if cut else "up"
                print(f"{workers:>7} {link:>10} {figures['results']:>7.0f} {figures['per_second']:>9.0f} "
                      f"{figures['p50_ms']:>8.0f} {figures['p95_ms']:>8.0f} {figures['lost']:>5.0f} "
                      f"{figures['doubled']:>7.0f} {figures['resent']:>7.0f}", flush=True)
        if args.read:
            read_side(args, url, work)


if __name__ == "__main__":
    main()
