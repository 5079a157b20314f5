"""Benchmark: `bridgetable check` on 10,000 boards with a full auction and a full play.

Writes the boards to a temporary PBN file with the project's own writer, then times reading and
checking it (the whole command's work, on one core), several times, by the process's CPU time
(less sensitive to other work on the machine than the wall clock, which is shown too). Each
figure is printed beside its target and beside the previous approach, timed in the same run:
reading every game token by token (``read_records(..., fast=False)``: the careful reading that
the shortcuts for the usual games, lines, calls and cards fall back to) and checking every
record through the engine (``check_record(..., engine=True)``, as `check` did before its fast
path). With the dd extra installed (endplay), endplay's plain parse of the same file is timed
too, and the ratio printed.

    .venv/bin/python bench/bench_check.py [RUNS [BOARDS]]
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from bridgetable.bridge import (
    PASS,
    Auction,
    Deal,
    Play,
    board_dealer,
    board_vulnerability,
    duplicate_score,
)
from bridgetable.check import BoardReport, check_files, check_record, read_records
from bridgetable.formats.gcpause import gc_paused
from bridgetable.formats.pbn import write_pbn
from bridgetable.formats.record import BoardRecord

BOARDS = 10_000
RUNS = 5


def random_auction(rng: random.Random, auction: Auction) -> None:
    """A random legal auction: mostly passes, some bids a step or two up, rare doubles."""
    while not auction.is_complete:
        legal = auction.legal_calls()
        bids = [call for call in legal if call.is_bid]
        roll = rng.random()
        if bids and roll < 0.35 and len(auction) < 30:
            auction.add(bids[min(len(bids) - 1, int(rng.expovariate(0.5)))])
        elif roll < 0.40 and len(legal) > 1 and not legal[1].is_bid:
            auction.add(legal[1])  # a double or redouble when one is legal
        else:
            auction.add(PASS)


def random_board(rng: random.Random, number: int) -> BoardRecord:
    deal = Deal.random(rng)
    dealer, vul = board_dealer(number), board_vulnerability(number)
    auction = Auction(dealer)
    random_auction(rng, auction)
    record = BoardRecord(
        tags={"Event": "bench", "Board": str(number)}, board=number, dealer=dealer,
        vulnerability=vul, deal=deal, auction_first=dealer, calls=auction.calls,
        auction_ended=True,
    )
    if auction.contract is None or auction.declarer is None:
        record.passed_out, record.score_ns = True, 0
        return record
    play = Play(deal, auction.contract, auction.declarer)
    while not play.is_complete:
        play.play(rng.choice(play.legal_cards()))
    record.opening_leader = play.opening_leader
    record.tricks = [{t.seat_of(i): c for i, c in enumerate(t.cards)} for t in play.tricks]
    record.contract, record.declarer, record.result = auction.contract, auction.declarer, play.declarer_tricks
    score = duplicate_score(auction.contract, play.declarer_tricks, vul.is_vulnerable(auction.declarer))
    record.score_ns = score if auction.declarer.side.value == "NS" else -score
    return record


TARGET = 10_000  # boards per second, reading and checking (issue 15)


def timed(work: Callable[[], object]) -> tuple[float, float, object]:
    """Wall-clock seconds, process CPU seconds, and the work's result."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def rate(seconds: list[float], boards: int) -> float:
    """The best run, in boards per second."""
    return boards / min(seconds)


def check_each(records: list[BoardRecord], engine: bool = False) -> list[BoardReport]:
    with gc_paused():  # as check_files checks
        return [check_record(record, engine=engine) for record in records]


def write_boards(path: Path, boards: int) -> int:
    """Write ``boards`` random boards to ``path``; returns how many have a full play."""
    rng = random.Random(2026)
    records = [random_board(rng, n % 32 + 1) for n in range(boards)]
    path.write_text(write_pbn(records), encoding="utf-8")
    return sum(1 for record in records if record.tricks)


def endplay_parse(path: Path) -> Callable[[], object] | None:
    """endplay's plain parse of the file, when the dd extra is installed."""
    try:
        from endplay.parsers import pbn  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None

    def parse() -> object:
        with path.open(encoding="utf-8") as handle:
            return pbn.load(handle)
    return parse


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else RUNS
    boards = int(sys.argv[2]) if len(sys.argv) > 2 else BOARDS
    names = ("read", "check", "both", "careful read", "engine check", "endplay parse")
    walls: dict[str, list[float]] = {name: [] for name in names}
    cpus: dict[str, list[float]] = {name: [] for name in names}
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.pbn"
        played = write_boards(path, boards)  # the generated records are gone before the timing starts
        size = path.stat().st_size
        endplay = endplay_parse(path)
        bad = unreadable = engine_bad = 0
        for _ in range(runs):
            # Each run's results are dropped before the next, as a single `check` would have them.
            wall, cpu, read = timed(lambda: read_records(str(path)))
            walls["read"].append(wall)
            cpus["read"].append(cpu)
            assert isinstance(read, list)
            wall, cpu, _ = timed(lambda: read_records(str(path), fast=False))
            walls["careful read"].append(wall)
            cpus["careful read"].append(cpu)
            for name, engine in (("check", False), ("engine check", True)):
                wall, cpu, checked = timed(partial(check_each, read, engine))
                walls[name].append(wall)
                cpus[name].append(cpu)
                assert isinstance(checked, list)
                engine_bad = sum(1 for report in checked if not report.ok) if engine else engine_bad
            del read, checked
            wall, cpu, result = timed(lambda: check_files([str(path)]))
            walls["both"].append(wall)
            cpus["both"].append(cpu)
            reports, failed = result  # type: ignore[misc]
            bad, unreadable = sum(not report.ok for report in reports), len(failed)
            del result, reports
            if endplay is not None:
                wall, cpu, _ = timed(endplay)
                walls["endplay parse"].append(wall)
                cpus["endplay parse"].append(cpu)
    print(f"check: {boards} boards ({played} with full play), {size / 1e6:.1f} MB PBN, {runs} runs, "
          "one core; best run, CPU time (wall clock)")
    for name in names[:3]:
        print(f"  {name:6} {rate(cpus[name], boards):7,.0f} boards/s ({rate(walls[name], boards):,.0f})")
    both = rate(cpus["both"], boards)
    previous = 1 / (1 / rate(cpus["careful read"], boards) + 1 / rate(cpus["engine check"], boards))
    verdict = "met" if both >= TARGET else "NOT met"
    print(f"  read and check: {both:,.0f} boards/s, target {TARGET:,}: {verdict}; the previous approach "
          f"(careful reading, engine checking) {previous:,.0f} boards/s, x{both / previous:.1f}")
    fast, slow = rate(cpus["read"], boards), rate(cpus["careful read"], boards)
    print(f"  reading alone: {fast:,.0f} boards/s; the previous approach (every game token by token) "
          f"{slow:,.0f} boards/s, x{fast / slow:.1f}")
    fast, slow = rate(cpus["check"], boards), rate(cpus["engine check"], boards)
    print(f"  checking alone: {fast:,.0f} boards/s; the previous approach (every record through the "
          f"engine) {slow:,.0f} boards/s, x{fast / slow:.1f}")
    if endplay is not None:
        parsed = rate(cpus["endplay parse"], boards)
        print(f"  endplay's plain parse of the same file: {parsed:,.0f} boards/s; check reads and checks "
              f"x{both / parsed:.2f} as fast as endplay parses")
    else:
        print("  endplay (the dd extra) is not installed: no comparison with its parse")
    print(f"  problems found: {bad} (expected 0), by the engine: {engine_bad}, "
          f"unreadable files: {unreadable}")


if __name__ == "__main__":
    main()
