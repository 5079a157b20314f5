"""Results through a real Mosquitto: 100 and 500 simulated tables against one scoring station.

Each table is a TableLink with its own SQLite outbox; the station is a StationLink that
validates, verifies the HMAC and stores every result in SQLite (WAL, synchronous FULL) before it
acks. Every round, all tables finish a board at once and queue its result. Measured: results
acknowledged per second (first queued to last acked) and the end-to-end latency of each result
(queued in the outbox -> ack back at the table: median, 99th percentile). Beside it, the station
alone: the same signed payloads from one plain paho publisher at QoS 1 to the StationLink, timed to
their acks (no table outboxes: what the station's group commit sustains); and the raw broker: the
same payloads from the plain publisher to one plain subscriber at QoS 1.

    .venv/bin/python bench/bench_mqtt.py [--tables 100 500] [--boards 6]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sqlite3
import statistics
import tempfile
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from bridgetable.bridge import Contract, Seat, board_vulnerability, duplicate_score
from bridgetable.link import (
    Broker,
    ReceivedResult,
    ResultKey,
    SQLiteOutbox,
    StationLink,
    TableLink,
    encode,
    message,
    sign,
    topics,
)
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.signing import DerivedKeys

CLUB = "bench"
SECRET = b"bench secret"
TABLES_PER_PROCESS = 100


def result(table: int, board: int) -> dict[str, Any]:
    contract, declarer, tricks = Contract.parse("4H"), Seat.S, 10
    score = duplicate_score(contract, tricks, board_vulnerability(board).is_vulnerable(declarer))
    return message("result", club=CLUB, session="bench", round=1, table=table, board=board, revision=1,
                   dealer="N", contract=str(contract), declarer=str(declarer), tricks=tricks, score_ns=score,
                   auction=["1H", "Pass", "4H", "Pass", "Pass", "Pass"], confirmed_by="W")


class Store:
    """The station's durable, idempotent store (what the director's store does, reduced to it)."""

    def __init__(self, path: Path) -> None:
        self.db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=FULL")
        self.db.execute("CREATE TABLE results (key TEXT PRIMARY KEY, message TEXT)")

    def __call__(self, received: ReceivedResult) -> bool:
        cursor = self.db.execute("INSERT OR IGNORE INTO results VALUES (?, ?)",
                                 (str(received.key), encode(received.message).decode()))
        return cursor.rowcount == 1

    def many(self, received: Sequence[ReceivedResult]) -> list[bool]:
        """The results waiting together, in one transaction: one fsync for them all."""
        self.db.execute("BEGIN")
        try:
            new = [self(one) for one in received]
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")
        return new

    def count(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM results").fetchone()[0])


class TimedOutbox(SQLiteOutbox):
    """An outbox that notes when each result was queued and when its ack came back
    (time.monotonic: one clock for every process on the machine)."""

    def __init__(self, path: Path, acked: dict[ResultKey, float]) -> None:
        super().__init__(path)
        self.queued: dict[ResultKey, float] = {}
        self._acked = acked

    def put(self, result: dict[str, Any]) -> ResultKey:
        key = super().put(result)
        self.queued[key] = time.monotonic()
        return key

    def acknowledge(self, key: ResultKey) -> bool:
        first = super().acknowledge(key)
        if first:
            self._acked[key] = time.monotonic()
        return first


def wait_for(condition: Any, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        time.sleep(0.005)


def figures(timings: list[tuple[float, float]]) -> str:
    """(sent, done) pairs -> rate over the whole run, latency median and 99th percentile."""
    latencies = [done - sent for sent, done in timings]
    elapsed = max(done for _, done in timings) - min(sent for sent, _ in timings)
    cuts = statistics.quantiles(latencies, n=100)
    return (f"{len(timings) / elapsed:8.0f}/s   latency median {statistics.median(latencies) * 1000:7.1f} ms"
            f"   p99 {cuts[98] * 1000:7.1f} ms")


def table_worker(port: int, numbers: list[int], tables: int, boards: int, work: str,
                 barrier: Any, out: Any) -> None:
    """Simulated tables in a process of their own (one process cannot select() on 500 clients'
    sockets): every round, queue one result per table at once, wait for all the acks."""
    address = Broker(port=port, keepalive=60)
    keys = DerivedKeys(SECRET, CLUB, tables)
    acked: dict[ResultKey, float] = {}
    outboxes = {t: TimedOutbox(Path(work) / f"t{t}.db", acked) for t in numbers}
    links = [TableLink(CLUB, t, keys[t], outboxes[t], address, resend_min=30.0, resend_max=60.0)
             for t in numbers]
    for link in links:
        link.start()
    wait_for(lambda: all(link.connected.is_set() for link in links), 60, "table connections")

    def finish(link: TableLink, board: int) -> None:
        outboxes[link.table].put(result(link.table, board))
        link.flush()

    with ThreadPoolExecutor(8) as at_once:  # a real table has a disk of its own; here they share one
        for board in range(1, boards + 1):
            barrier.wait()  # every table of every process finishes board ``board`` now
            list(at_once.map(finish, links, [board] * len(links)))
            wait_for(lambda b=board: len(acked) == b * len(links), 120, "acks")  # type: ignore[misc]
    for link in links:
        link.stop()
    out.put([(at, acked[key]) for outbox in outboxes.values() for key, at in outbox.queued.items()])


def run_link(broker: MosquittoProcess, work: Path, tables: int, boards: int) -> str:
    context = multiprocessing.get_context("spawn")
    numbers = list(range(1, tables + 1))
    groups = [numbers[i:i + TABLES_PER_PROCESS] for i in range(0, tables, TABLES_PER_PROCESS)]
    barrier, out = context.Barrier(len(groups) + 1), context.Queue()
    workers = [context.Process(target=table_worker, args=(broker.port, group, tables, boards, str(work),
                                                          barrier, out)) for group in groups]
    store = Store(work / "station.db")
    station = StationLink(CLUB, DerivedKeys(SECRET, CLUB, tables), store, Broker(port=broker.port),
                          store_many=store.many)
    station.start()
    station.connected.wait(10)
    for worker in workers:
        worker.start()
    for _ in range(boards):
        barrier.wait(120)
    timings = [timing for _ in workers for timing in out.get(timeout=300)]
    for worker in workers:
        worker.join()
    station.stop()
    assert sum(station.refused.values()) == 0 and store.count() == tables * boards
    return figures(timings)


def run_direct(broker: MosquittoProcess, tables: int, boards: int, work: Path | None = None) -> str:
    """The same signed payloads from one plain paho publisher at QoS 1 to one plain subscriber:
    the raw broker, or (``work`` given) through a StationLink that stores them, the subscriber
    then timing their acks: the station alone, without the tables' outboxes."""
    keys = DerivedKeys(SECRET, CLUB, tables)
    results = [result(t, b) for b in range(1, boards + 1) for t in range(1, tables + 1)]
    sent: dict[ResultKey, float] = {}
    received: dict[ResultKey, float] = {}  # time.monotonic, as for the link
    done = threading.Event()

    def on_message(client: Any, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        received[ResultKey.of(json.loads(msg.payload))] = time.monotonic()
        if len(received) == len(results):
            done.set()

    station = None
    if work is not None:
        store = Store(work / "direct.db")
        station = StationLink(CLUB, keys, store, Broker(port=broker.port), store_many=store.many,
                              client_id="bench-direct-station")
        station.start()
        station.connected.wait(10)
    subscriber = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
    subscriber.on_message = on_message
    subscriber.connect("127.0.0.1", broker.port)
    what = "results" if station is None else "acks"
    subscriber.subscribe(topics.table_filter(CLUB, "result") if station is None
                         else f"{topics.club_root(CLUB)}/director/ack/+", qos=1)
    subscriber.loop_start()
    publisher = mqtt.Client(CallbackAPIVersion.VERSION2, protocol=mqtt.MQTTv311)
    publisher.max_inflight_messages_set(100)
    publisher.connect("127.0.0.1", broker.port)
    publisher.loop_start()
    time.sleep(0.5)
    for one in results:
        sent[ResultKey.of(one)] = time.monotonic()
        table = one["table"]
        publisher.publish(topics.table_topic(CLUB, table, "result"), encode(sign(one, keys[table])), qos=1)
    if not done.wait(120):
        raise TimeoutError(f"{what}: {len(received)} of {len(results)} received")
    for client in (publisher, subscriber):
        client.disconnect()
        client.loop_stop()
    if station is not None:
        station.stop()
    return figures([(sent[key], received[key]) for key in sent])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, nargs="+", default=[100, 500])
    parser.add_argument("--boards", type=int, default=6, help="rounds: each table sends one result a round")
    args = parser.parse_args()
    for tables in args.tables:
        with tempfile.TemporaryDirectory() as tmp, MosquittoProcess(Path(tmp) / "broker") as broker:
            count = tables * args.boards
            link = run_link(broker, Path(tmp), tables, args.boards)
            station = run_direct(broker, tables, args.boards, Path(tmp))
            raw = run_direct(broker, tables, args.boards)
            print(f"{tables:4d} tables, {count:5d} results   link (stored + acked): {link}")
            print(f"{'':4s}        {'':5s}    station alone (stored + acked): {station}")
            print(f"{'':4s}        {'':5s}           raw mosquitto QoS 1 : {raw}")


if __name__ == "__main__":
    main()
