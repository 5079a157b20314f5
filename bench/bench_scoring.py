"""Benchmark: live scoring at the station with 100 tables x 30 boards (3,000 results, each board
played at every table) already stored, now beside the previous approach in the same run.

- A result arriving: the live standings (director/standings.py LiveStandings) rescore its board
  and the totals of its pairs, and rank again (target <= 2 ms). Measured over 300 corrections.
- A full rescore of the 3,000 results the station holds (target <= 20 ms), and reading them from
  the store (SQLite on disk), as a restarted station does once.
- The previous approach: after every result, read every latest revision from the store and score
  the session whole with the quadratic matchpoints and ranking that came before.
- Butler IMPs and cross-IMPs over the whole session, now.

Times are this process's CPU time (``time.process_time``): the machine is shared, and CPU time
is what a busier or slower station would add up.

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
from dataclasses import replace
from pathlib import Path

from bridgetable.bridge import Contract, Seat, board_vulnerability, duplicate_score, neuberg
from bridgetable.director.session import Session, SessionSetup, generated_boards
from bridgetable.director.standings import LiveStandings, board_result, score_session
from bridgetable.director.store import SQLiteStore, StoredResult
from bridgetable.scoring import Adjusted, BoardResult, RankEntry, Scored, butler, cross_imps

TABLES, BOARDS = 100, 30
CONTRACTS = ["4S", "3NT", "4H", "2S", "3NT", "4SX", "1NT", "5D", "6S", "3C"]
CORRECTIONS = 300
TARGET_RESULT_MS, TARGET_RESCORE_MS = 2.0, 20.0


def result(rng: random.Random, table: int, board: int, revision: int = 0) -> StoredResult:
    contract = Contract.parse(rng.choice(CONTRACTS))
    declarer = rng.choice(list(Seat))
    tricks = rng.randint(max(0, contract.tricks_needed - 3), min(13, contract.tricks_needed + 2))
    score = duplicate_score(contract, tricks, board_vulnerability(board).is_vulnerable(declarer))
    return StoredResult("bench", 1, table, board, revision, table, TABLES + (table + board) % TABLES + 1,
                        str(contract),
                        str(declarer), tricks, score if declarer in (Seat.N, Seat.S) else -score)


def previous_rescore(store: SQLiteStore) -> dict[str, list[RankEntry]]:
    """The previous approach, kept here to compare: every result read from the store, every board
    matchpointed by comparing each score with each other one, the pairs ranked by quadratic scans."""
    boards: dict[int, list[BoardResult]] = defaultdict(list)
    for stored in store.results("bench"):
        boards[stored.board].append(board_result(stored))
    scored = []
    for results in boards.values():
        top = 2.0 * (len(results) - 1)
        real = [r for r in results if not isinstance(r.score, Adjusted)]
        for r in real:
            mp = float(sum(2 if r.score > o.score else 1 if r.score == o.score else 0 for o in real) - 1)
            ns = mp if len(real) == len(results) else neuberg(mp, len(real), len(results))
            scored.append(Scored(r, ns, top - ns, top))
    totals: dict[tuple[str, int], list[float]] = defaultdict(lambda: [0.0, 0.0, 0])
    direction: dict[tuple[str, int], str] = {}
    for s in scored:
        for pair, value, way in ((s.result.ns, s.ns, "NS"), (s.result.ew, s.ew, "EW")):
            entry = totals[(s.result.section, pair)]
            entry[0] += value
            entry[1] += s.top
            entry[2] += 1
            direction[(s.result.section, pair)] = way
    groups: dict[str, list[RankEntry]] = defaultdict(list)
    for (section, pair), (total, top, played) in totals.items():
        way = direction[(section, pair)]
        groups[f"{section} {way}"].append(RankEntry("", pair, section, way, total, top, int(played)))
    ranking = {}
    for group, entries in groups.items():
        entries.sort(key=lambda e: (-e.key, e.pair))
        ranking[group] = [replace(e, rank=f"{next(j for j, o in enumerate(entries) if o.key == e.key) + 1}="
                                  if sum(1 for o in entries if o.key == e.key) > 1 else str(i + 1))
                          for i, e in enumerate(entries)]
    return ranking


def arrive(live: LiveStandings, arrivals: list[StoredResult]) -> tuple[list[float], list[float]]:
    """Each result put into the live standings and the ranking taken: CPU and wall seconds, sorted."""
    times, walls = [], []
    for stored in arrivals:
        start, wall = time.process_time(), time.perf_counter()
        live.put(stored)
        live.standings()
        times.append(time.process_time() - start)
        walls.append(time.perf_counter() - wall)
    return sorted(times), sorted(walls)


def median_ms(runs: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return 1000 * statistics.median(times)


def line(what: str, now: float, before: float | None, target: str = "") -> None:
    previous = f"previous {before:8.1f} ms" if before is not None else " " * 20
    print(f"  {what:<44} {now:8.2f} ms   {previous}   {target}")


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    rng = random.Random(1)
    with tempfile.TemporaryDirectory() as tmp:
        store = SQLiteStore(Path(tmp) / "bench.db")
        # a Mitchell for the ranking by direction; the results are every board at every table
        movement = {"kind": "mitchell", "tables": 4, "boards_per_round": 2, "rounds": 3}
        session = Session.create(store, SessionSetup("bench", "Bench", movement, scoring="MP"),
                                 generated_boards(BOARDS, seed=1))
        start = time.process_time()
        store.put_results([result(rng, table, board) for board in range(1, BOARDS + 1)
                           for table in range(1, TABLES + 1)])
        print(f"{TABLES} tables x {BOARDS} boards: {TABLES * BOARDS} results stored in "
              f"{time.process_time() - start:.2f} s; median of {runs} runs, now beside the previous approach")

        live = LiveStandings(session)
        held = live.results()
        assert live.standings().ranking == score_session(session, held).ranking
        read = median_ms(runs, lambda: store.results("bench"))
        rescore = median_ms(runs, lambda: score_session(session, held))
        previous = median_ms(runs, lambda: previous_rescore(store))

        arrivals = [result(rng, rng.randint(1, TABLES), rng.randint(1, BOARDS), revision=1 + i)
                    for i in range(CORRECTIONS)]
        times, walls = arrive(live, arrivals)
        assert live.standings().ranking == score_session(session, live.results()).ranking
        arriving, worst = 1000 * statistics.median(times), 1000 * times[int(len(times) * 0.99)]
        ximp = Session(store, replace(session.setup, scoring="XIMP"))
        ximp_times, _ = arrive(LiveStandings(ximp, held), arrivals)

        line("a result arriving: board + ranking, median", arriving, previous,
             f"target <= {TARGET_RESULT_MS:g} ms")
        line("a result arriving: board + ranking, p99", worst, None)
        line("a result arriving, wall clock, median", 1000 * statistics.median(walls), None,
             "(the machine shared)")
        line("a result arriving, cross-IMPs, median", 1000 * statistics.median(ximp_times), None)
        line("full rescore of the results held (MP + rank)", rescore, None,
             f"target <= {TARGET_RESCORE_MS:g} ms")
        line("read every latest revision from SQLite", read, None, "(once, when the station starts)")
        line("full rescore with that read", read + rescore, previous)
        boards: dict[int, list[BoardResult]] = defaultdict(list)
        for stored in held:
            boards[stored.board].append(board_result(stored))
        line("Butler IMPs, every board", median_ms(runs, lambda: [butler(b) for b in boards.values()]), None)
        line("cross-IMPs, every board",
             median_ms(runs, lambda: [cross_imps(b) for b in boards.values()]), None)
        store.close()


if __name__ == "__main__":
    main()
