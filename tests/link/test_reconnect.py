"""A table is back within seconds of the broker (issue 26): the reconnect delay doubles from
``min_delay`` up to a low ceiling, each wait drawn with jitter so that a club's tables do not all
knock at the same moment."""

from __future__ import annotations

import time
from pathlib import Path

from bridgetable.link import Broker, SQLiteOutbox, TableLink
from bridgetable.link.broker import MosquittoProcess

from .support import CLUB, table_key, wait_until


def table(tmp_path: Path, number: int, broker: Broker) -> TableLink:
    return TableLink(CLUB, number, table_key(number), SQLiteOutbox(tmp_path / f"outbox-{number}.db"), broker)


def test_each_wait_doubles_up_to_the_ceiling_with_jitter(tmp_path: Path) -> None:
    assert Broker().max_delay <= 5.0  # was 30 s: a table stayed away long after the broker was back
    broker = Broker(min_delay=0.5, max_delay=4.0)
    first, second = table(tmp_path, 1, broker), table(tmp_path, 2, broker)
    waits = [[link.next_delay() for _ in range(12)] for link in (first, second)]
    for delays in waits:
        for attempt, delay in enumerate(delays):
            ceiling = min(4.0, 0.5 * 2 ** attempt)
            assert ceiling / 2 <= delay <= ceiling
    assert waits[0] != waits[1]  # two tables wait differently
    assert len({round(delay, 6) for delay in waits[0][4:]}) > 1  # and one table differently each time


def test_a_table_is_back_within_seconds_of_a_broker_that_was_away(broker: MosquittoProcess,
                                                                   tmp_path: Path) -> None:
    """The broker is away 8 s: with the old backoff (0.5 s doubling up to 30 s) the table came back
    7.5 s after it; now within the 5 s ceiling."""
    link = table(tmp_path, 1, Broker(port=broker.port))  # the defaults a table runs with
    link.start()
    try:
        assert link.connected.wait(5)
        broker.kill()
        wait_until(lambda: not link.connected.is_set(), what="the table to notice")
        time.sleep(8.0)
        broker.start()
        back = time.monotonic()
        wait_until(lambda: link.connected.is_set(), timeout=20, what="the table back")
        assert time.monotonic() - back < 5.5
    finally:
        link.stop()
