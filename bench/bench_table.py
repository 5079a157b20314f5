"""Benchmark: the table unit's time from an event to the updated frames, and its memory.

Runs a table service as the Pi runs it: a journal file on disk (WAL, synchronous=FULL, so every
event waits for its fsync), four luma displays (luma's dummy device: the real luma code path, no
I2C), and 16 boards played through it (auction, 52 card scans, confirmation). Each event's time
is from handing it to the service to all four frames shown. Also: the time to resume (replay the
journal) and the process's resident memory (VmRSS, and its peak VmHWM) afterwards.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path

from bridgetable.bridge import Deal, Seat, board_dealer
from bridgetable.devices.display import Display
from bridgetable.table.flow import FlowConfig
from bridgetable.table.journal import Journal
from bridgetable.table.script import board_events
from bridgetable.table.service import TableService, replay

BOARDS = 16
AUCTIONS = ("1NT Pass 3NT Pass Pass Pass", "1S Pass 2S Pass 4S Pass Pass Pass",
            "Pass 1H Pass 2H Pass Pass Pass", "1C 1D 1H 2D 2NT Pass 3NT Pass Pass Pass")


def memory_kb() -> dict[str, int]:
    fields = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = int(value.split()[0])
    return fields


def main() -> None:
    rng = random.Random(4)
    deals = {board: Deal.random(rng) for board in range(1, BOARDS + 1)}
    config = FlowConfig(boards=list(deals), deals=deals, session="bench")
    events = []
    for board, deal in deals.items():
        dealer = board_dealer(board)
        calls = AUCTIONS[board % len(AUCTIONS)]
        events += board_events(deal, dealer, calls)
    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal(Path(tmp) / "table.db", session="bench")
        displays = {seat: Display.dummy() for seat in Seat}
        service = TableService(config, journal, displays)
        times = []
        for event in events:
            start = time.perf_counter()
            outcome = service.handle(event)
            times.append(time.perf_counter() - start)
            assert outcome.changed, outcome.message
        assert len(journal.results()) == BOARDS
        start = time.perf_counter()
        replay(config, Journal(Path(tmp) / "table.db", session="bench"))
        resume = time.perf_counter() - start
        frames = sum(display.frames for display in displays.values())
    times.sort()
    memory = memory_kb()
    print(f"table unit: {len(events)} events over {BOARDS} boards, {frames} frames sent to 4 displays")
    print(f"  event -> updated frames: median {statistics.median(times) * 1000:.2f} ms, "
          f"p99 {times[int(len(times) * 0.99)] * 1000:.2f} ms, max {times[-1] * 1000:.2f} ms "
          "(journal fsync included)")
    print(f"  resume after a restart ({len(events)} events replayed): {resume * 1000:.0f} ms")
    print(f"  resident memory: {memory['VmRSS'] / 1024:.1f} MB now, peak {memory['VmHWM'] / 1024:.1f} MB "
          "(a Pi Zero 2 W has 512 MB)")


if __name__ == "__main__":
    main()
