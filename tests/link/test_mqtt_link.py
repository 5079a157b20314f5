"""The link end to end through a real Mosquitto: delivery exactly once, and every outage."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from bridgetable.link import Broker, SQLiteOutbox, StationLink, TableLink, encode, message, sign, topics
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.signing import DerivedKeys

from .procs import BROKER_DELAYS
from .support import CLUB, SECRET, ResultStore, result, table_key, wait_until

REPO = Path(__file__).resolve().parents[2]


class Club:
    """A station and tables on one broker, all stopped at the end of the test."""

    def __init__(self, broker: MosquittoProcess, tmp_path: Path) -> None:
        self.broker, self.tmp_path = broker, tmp_path
        self.address = Broker(port=broker.port, **BROKER_DELAYS)
        self.store = ResultStore(tmp_path / "store.db")
        self.links: list[StationLink | TableLink] = []

    def station(self, store: Callable[[Any], bool] | None = None, **options: Any) -> StationLink:
        link = StationLink(CLUB, DerivedKeys(SECRET, CLUB, 50), store or self.store, self.address, **options)
        return self._started(link)

    def table(self, number: int, resend_min: float = 0.2, **options: Any) -> TableLink:
        outbox = SQLiteOutbox(self.tmp_path / f"outbox-{number}.db")
        link = TableLink(CLUB, number, table_key(number), outbox, self.address, resend_min=resend_min,
                         resend_max=1.0, **options)
        return self._started(link)

    def _started(self, link: Any) -> Any:
        link.start()
        assert link.connected.wait(10), "no connection to the broker"
        self.links.append(link)
        return link

    def close(self) -> None:
        for link in self.links:
            link.stop()
        self.store.close()


@pytest.fixture
def club(broker: MosquittoProcess, tmp_path: Path) -> Iterator[Club]:
    club = Club(broker, tmp_path)
    yield club
    club.close()


def expected_keys(tables: range, boards: range) -> list[str]:
    return sorted(f"s1/1/{t}/{b}/r1" for t in tables for b in boards)


def play(links: list[TableLink], boards: range, pause: float = 0.0,
         midway: Callable[[], None] | None = None) -> None:
    """Each table sends one result per board, all tables at once; ``midway`` runs halfway."""
    def one_table(link: TableLink) -> None:
        for board in boards:
            link.outbox.put(result(link.table, board))  # type: ignore[attr-defined]
            link.flush()
            time.sleep(pause)

    threads = [threading.Thread(target=one_table, args=(link,)) for link in links]
    for thread in threads:
        thread.start()
    if midway is not None:
        time.sleep(pause * len(boards) / 2)
        midway()
    for thread in threads:
        thread.join()


def all_acknowledged(links: list[TableLink]) -> Callable[[], bool]:
    return lambda: all(not link.outbox.pending() for link in links)


def each_result_arrives_once(club: Club, tables: range, boards: range) -> None:
    """The tables play the boards at QoS 1: every result is acknowledged, stored once, none refused."""
    station = club.station()
    links = [club.table(t, resend_min=5.0) for t in tables]
    play(links, boards)
    wait_until(all_acknowledged(links), what="every result acknowledged")
    assert club.store.stored() == expected_keys(tables, boards)
    assert club.store.calls == len(tables) * len(boards)  # each result reached the store callback once
    assert sum(station.refused.values()) == 0


def test_results_from_several_tables_arrive_exactly_once(club: Club) -> None:
    each_result_arrives_once(club, range(1, 5), range(1, 9))


def test_broker_killed_and_restarted_midway_loses_nothing(club: Club) -> None:
    club.station()
    tables = [club.table(t) for t in range(1, 4)]

    stored_before: list[int] = []

    def crash() -> None:
        club.broker.kill()
        stored_before.append(len(club.store.stored()))
        time.sleep(0.5)  # results queued meanwhile stay in the outboxes
        club.broker.start()

    play(tables, range(1, 21), pause=0.02, midway=crash)
    wait_until(all_acknowledged(tables), timeout=20, what="every result acknowledged after the restart")
    assert 0 < stored_before[0] < 60  # the broker really died mid-session
    assert club.store.stored() == expected_keys(range(1, 4), range(1, 21))


def test_table_offline_for_a_while_then_back(club: Club) -> None:
    states: list[dict[str, Any]] = []
    club.station(on_state=states.append)
    table = club.table(1)
    table.outbox.put(result(1, 1))  # type: ignore[attr-defined]
    table.flush()
    wait_until(lambda: club.store.stored() == ["s1/1/1/1/r1"], what="the first result")
    table.stop()
    wait_until(lambda: states and states[-1]["status"] == "offline", what="the table's offline state")
    outbox = SQLiteOutbox(club.tmp_path / "outbox-1.db")
    for board in range(2, 6):  # the table plays on without a connection
        outbox.put(result(1, board))
    outbox.close()
    time.sleep(0.3)
    assert club.store.stored() == ["s1/1/1/1/r1"]
    back = club.table(1)
    wait_until(all_acknowledged([back]), what="the queued results acknowledged")
    assert club.store.stored() == expected_keys(range(1, 2), range(1, 6))
    assert states[-1]["status"] == "online"


def test_last_will_says_offline_when_a_table_dies(club: Club, broker: MosquittoProcess,
                                                  tmp_path: Path) -> None:
    states: list[dict[str, Any]] = []
    club.station(on_state=states.append)
    table = spawn(["table", str(broker.port), "7", str(tmp_path / "outbox-7.db")])
    try:
        wait_until(lambda: any(s["table"] == 7 and s["status"] == "online" for s in states),
                   what="table 7 online")
    finally:
        table.kill()
        table.wait()
    wait_until(lambda: states[-1] == {"schema": 2, "kind": "state", "table": 7, "status": "offline"},
               what="table 7's last will")


def spawn(args: list[str]) -> subprocess.Popen[str]:
    """Start ``python -m tests.link.procs ARGS`` and wait for it to say it is connected."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    process = subprocess.Popen([sys.executable, "-m", "tests.link.procs", *args], cwd=REPO, env=env,
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    if line.strip() != "ready":
        process.kill()
        raise AssertionError(f"{args[0]} process did not start: {line!r}")
    return process


def test_station_killed_and_restarted_each_result_stored_once(broker: MosquittoProcess,
                                                              tmp_path: Path) -> None:
    store_path = tmp_path / "station.db"
    station = spawn(["station", str(broker.port), str(store_path)])
    club = Club(broker, tmp_path)
    stored_before: list[int] = []
    try:
        tables = [club.table(t) for t in range(1, 4)]

        def crash() -> None:
            nonlocal station
            station.kill()  # SIGKILL: whatever it had not acknowledged, the tables send again
            station.wait()
            stored_before.append(len(ResultStore(store_path).stored()))
            time.sleep(0.3)
            station = spawn(["station", str(broker.port), str(store_path)])

        play(tables, range(1, 21), pause=0.02, midway=crash)
        wait_until(all_acknowledged(tables), timeout=20, what="every result acknowledged")
    finally:
        station.kill()
        station.wait()
        club.close()
    stored = ResultStore(store_path)
    assert stored.stored() == expected_keys(range(1, 4), range(1, 21))
    assert 0 < stored_before[0] < 60  # the station really died mid-session
    stored.close()


def test_a_correction_is_a_new_revision_stored_beside_the_first(club: Club) -> None:
    club.station()
    table = club.table(2)
    table.outbox.put(result(2, 3, tricks=9))  # type: ignore[attr-defined]
    table.outbox.put(result(2, 3, tricks=10, revision=2))  # type: ignore[attr-defined]
    table.flush()
    wait_until(all_acknowledged([table]), what="both revisions acknowledged")
    assert club.store.stored() == ["s1/1/2/3/r1", "s1/1/2/3/r2"]


def test_assignments_and_travellers_reach_the_table(club: Club) -> None:
    station = club.station()
    assignments: list[dict[str, Any]] = []
    travellers: list[dict[str, Any]] = []
    station.publish_assignment(message("assign", session="s1", round=2, table=3, ns=5, ew=12,
                                       boards=[4, 5, 6], next={"ns": {"table": 4, "direction": "NS"}}))
    station.publish_assignment(message("assign", session="s1", round=2, table=4, ns=6, ew=13, boards=[7]))
    club.table(3, on_assign=assignments.append, on_traveller=travellers.append)  # retained: arrives late
    wait_until(lambda: len(assignments) == 1, what="the retained assignment")
    assert assignments[0]["boards"] == [4, 5, 6] and assignments[0]["ns"] == 5
    row = {"ns": 5, "ew": 12, "contract": "3NT", "declarer": "S", "tricks": 9, "ns_score": 400,
           "ns_mp": 2.0, "ew_mp": 0.0}
    station.publish_traveller(message("traveller", session="s1", board=4, rows=[row]))
    wait_until(lambda: len(travellers) == 1, what="the traveller")
    assert travellers[0]["rows"] == [row]
    assert len(assignments) == 1  # table 4's assignment is not table 3's business
    table = club.links[-1]
    wrong = message("assign", session="s1", round=3, table=4, ns=6, ew=13, boards=[8])
    station.publish(topics.director_topic(CLUB, "assign", 3), encode(wrong))  # on table 3's topic
    wait_until(lambda: table.refused["assign"] == 1, what="the misaddressed assignment refused")
    assert len(assignments) == 1


def test_state_and_live_feed_reach_the_station_in_order(club: Club) -> None:
    states: list[dict[str, Any]] = []
    live: list[dict[str, Any]] = []
    station = club.station(on_state=states.append, on_live=live.append)
    table = club.table(4)
    table.set_state(round=2, board=5, phase="auction", director_call=True, detail="insufficient bid")
    calls = ["1H", "Pass", "2H", "Pass", "Pass", "Pass"]
    for seq, call in enumerate(calls):
        table.publish_live(board=5, seq=seq, event="call", value=call, seat="NESW"[seq % 4])
    wait_until(lambda: len(live) == len(calls), what="the live feed")
    assert [event["value"] for event in live] == calls and live[1]["seat"] == "E"
    wait_until(lambda: states and states[-1].get("phase") == "auction", what="the table's state")
    assert states[-1]["director_call"] is True and states[-1]["board"] == 5
    assert sum(station.refused.values()) == 0


def test_a_store_that_fails_gets_no_ack_and_the_result_comes_again(club: Club) -> None:
    failures = [RuntimeError("disk full")]

    def flaky_store(received: Any) -> bool:
        if failures:
            raise failures.pop()
        return club.store(received)

    club.station(store=flaky_store)
    table = club.table(1)
    table.outbox.put(result(1, 1))  # type: ignore[attr-defined]
    table.flush()
    wait_until(all_acknowledged([table]), what="the result acknowledged after a retry")
    assert club.store.stored() == ["s1/1/1/1/r1"] and not failures


def held_station(club: Club, numbers: tuple[int, ...],
                 resend_min: float = 5.0) -> tuple[StationLink, list[TableLink], threading.Event]:
    """Tables, then a station with group commit whose storing thread a lone first result (table
    9's) holds until the event is set: what arrives meanwhile waits, then goes to ``store_many``.
    The tables connect first, so that none sends a result twice when it becomes ready."""
    links = [club.table(t, resend_min=resend_min) for t in numbers]
    first = club.table(9, resend_min=5.0)
    holding, release = threading.Event(), threading.Event()

    def held_store(received: Any) -> bool:
        holding.set()
        release.wait(10)
        return club.store(received)

    station = club.station(store=held_store, store_many=club.store.many)
    send([first])
    assert holding.wait(5), "the first result never reached the store"
    return station, links, release


def send(links: list[TableLink], board: int = 1) -> None:
    for link in links:
        link.outbox.put(result(link.table, board))  # type: ignore[attr-defined]
        link.flush()


def test_results_waiting_together_are_stored_in_one_transaction_then_all_acked(club: Club) -> None:
    station, links, release = held_station(club, (1, 2, 3, 4))
    send(links)
    wait_until(lambda: station.waiting == 4, what="four results waiting")
    time.sleep(0.2)  # an ack sent before the store would have arrived by now
    assert all(link.outbox.pending() for link in links) and club.store.stored() == []
    release.set()
    wait_until(all_acknowledged(links), what="every result acknowledged")
    assert [sorted(batch) for batch in club.store.batches] == [expected_keys(range(1, 5), range(1, 2))]
    assert club.store.stored() == expected_keys(range(1, 5), range(1, 2)) + ["s1/1/9/1/r1"]
    assert club.store.calls == 1  # the lone first result, stored on its own


def test_a_result_twice_in_one_batch_is_stored_once_and_acked(club: Club) -> None:
    station, [link], release = held_station(club, (1,))
    send([link])
    link.publish(topics.table_topic(CLUB, 1, "result"), encode(sign(result(1, 1), table_key(1))))
    wait_until(lambda: station.waiting == 2, what="the result twice")
    release.set()
    wait_until(all_acknowledged([link]), what="the result acknowledged")
    assert club.store.batches == [["s1/1/1/1/r1", "s1/1/1/1/r1"]]
    assert club.store.stored() == ["s1/1/1/1/r1", "s1/1/9/1/r1"]


def test_a_batch_the_store_fails_midway_is_stored_one_by_one_and_only_the_failing_one_resent(
        club: Club) -> None:
    station, links, release = held_station(club, (1, 2, 3), resend_min=1.5)
    # the disk fails at the batch's third row, once the first two are written in its transaction
    club.store.execute("CREATE TRIGGER full BEFORE INSERT ON results "
                       "WHEN (SELECT count(*) FROM results) >= 3 BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    send(links)
    wait_until(lambda: station.waiting == 3, what="three results waiting")
    release.set()
    wait_until(lambda: len(club.store.batches) == 1, what="the batch tried")
    # the batch is rolled back, then each result is stored alone: the two that fit are acked
    wait_until(lambda: sum(not link.outbox.pending() for link in links) == 2, what="two results acked")
    time.sleep(0.3)  # an ack for the third would have arrived by now; the tables resend after 1.5 s
    assert sum(bool(link.outbox.pending()) for link in links) == 1
    assert len(club.store.stored()) == 3
    club.store.execute("DROP TRIGGER full")
    wait_until(all_acknowledged(links), what="the resent results acknowledged")
    assert club.store.stored() == expected_keys(range(1, 4), range(1, 2)) + ["s1/1/9/1/r1"]
    assert sorted(club.store.batches[0]) == expected_keys(range(1, 4), range(1, 2))
