"""Benchmark: rescoring a session of 100 tables x 30 boards (3,000 results, each board played at
every table) the way the scoring station does after every stored result: read the latest revision
of every result from the store (SQLite on disk), score every board and rank the pairs.

Prints the median of several runs for: the store read, matchpoints with ranking, Butler IMPs,
cross-IMPs, and the whole rescore (read + matchpoints + ranking).

    .venv/bin/python bench/bench_scoring.py [RUNS]
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from bridgetable.bridge import Contract, Seat, board_vulnerability, duplicate_score
from bridgetable.director.standings import board_result
from bridgetable.director.store import SQLiteStore, StoredResult
from bridgetable.scoring import butler, cross_imps, matchpoint_board, rank_pairs

TABLES, BOARDS = 100, 30
CONTRACTS = ["4S", "3NT", "4H", "2S", "3NT", "4SX", "1NT", "5D", "6S", "3C"]


def fill(store: SQLiteStore, rng: random.Random) -> None:
    for board in range(1, BOARDS + 1):
        for table in range(1, TABLES + 1):
            contract = Contract.parse(rng.choice(CONTRACTS))
            declarer = rng.choice(list(Seat))
            tricks = rng.randint(max(0, contract.tricks_needed - 3), min(13, contract.tricks_needed + 2))
            score = duplicate_score(contract, tricks, board_vulnerability(board).is_vulnerable(declarer))
            store.put_result(StoredResult(
                "bench", 1, table, board, 1, table, TABLES + (table + board) % TABLES + 1, str(contract),
                str(declarer), tricks, score if declarer in (Seat.N, Seat.S) else -score))


def median_ms(runs: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    with tempfile.TemporaryDirectory() as tmp:
        store = SQLiteStore(Path(tmp) / "bench.db")
        start = time.perf_counter()
        fill(store, random.Random(1))
        print(f"stored {TABLES * BOARDS} results one by one: {time.perf_counter() - start:.2f} s "
              f"({TABLES * BOARDS / (time.perf_counter() - start):.0f} results/s, synchronous FULL)")

        def read() -> dict[int, list]:
            boards: dict[int, list] = defaultdict(list)
            for stored in store.results("bench"):
                boards[stored.board].append(board_result(stored))
            return boards

        boards = read()
        assert sum(len(b) for b in boards.values()) == TABLES * BOARDS

        def matchpoints() -> object:
            return rank_pairs([s for b in boards.values() for s in matchpoint_board(b)], by_direction=True)

        def rescore() -> object:
            fresh = read()
            return rank_pairs([s for b in fresh.values() for s in matchpoint_board(b)], by_direction=True)

        print(f"{TABLES} tables x {BOARDS} boards, median of {runs} runs:")
        print(f"  read latest revisions from SQLite  {median_ms(runs, read):8.1f} ms")
        print(f"  matchpoints + ranking              {median_ms(runs, matchpoints):8.1f} ms")
        print(f"  Butler IMPs                        "
              f"{median_ms(runs, lambda: [butler(b) for b in boards.values()]):8.1f} ms")
        print(f"  cross-IMPs                         "
              f"{median_ms(runs, lambda: [cross_imps(b) for b in boards.values()]):8.1f} ms")
        print(f"  whole rescore (read + MP + rank)   {median_ms(runs, rescore):8.1f} ms")
        store.close()


if __name__ == "__main__":
    main()
