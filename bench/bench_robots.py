"""Benchmark: the robots at the other table (seed 001: they make about 69% of their contracts).

Plays N random boards (board numbers cycling 1-16 for dealer and vulnerability) and prints the
make rate with its 95% interval and the spread of per-100-board batches, the make rate by kind
of contract, and the time per board (median, 95th percentile). With the optional double-dummy
extra installed (`pip install -e '.[dd]'`, the `endplay` package), it also solves each of the
first D boards in the robots' contract and prints how many tricks the robots' play loses
against double-dummy play on average (declarer's losses, defenders' gifts, net).

    .venv/bin/python bench/bench_robots.py [--deals N] [--dd D]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import Counter

from bridgetable.bridge import Deal
from bridgetable.bridge.scoring import trick_score
from bridgetable.formats.record import BoardRecord
from bridgetable.robots import robot_board


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(fraction * len(ordered)) - 1))]


def made(record: BoardRecord) -> bool:
    assert record.contract is not None and record.result is not None
    return record.result >= record.contract.tricks_needed


def kind(record: BoardRecord) -> str:
    """E.g. "major game", "NT partscore", "minor slam"."""
    contract = record.contract
    assert contract is not None
    size = "slam" if contract.level >= 6 else "game" if trick_score(contract) >= 100 else "partscore"
    strain = "NT" if contract.strain.trump is None else "minor" if contract.strain.is_minor else "major"
    return f"{strain} {size}"


def double_dummy(deals: list[Deal], records: list[BoardRecord]) -> None:
    try:
        from endplay.dds import solve_board
        from endplay.types import Deal as DdDeal
        from endplay.types import Denom, Player
    except ImportError:
        print("double dummy: skipped (install the optional extra: pip install -e '.[dd]')")
        return
    denoms = {0: Denom.clubs, 1: Denom.diamonds, 2: Denom.hearts, 3: Denom.spades, 4: Denom.nt}
    lost = gifts = dd_made = 0
    start = time.perf_counter()
    for deal, record in zip(deals, records, strict=True):
        assert record.contract is not None and record.declarer is not None
        assert record.result is not None
        board = DdDeal(deal.to_pbn())
        board.trump = denoms[int(record.contract.strain)]
        board.first = Player(int(record.declarer.lho))
        dd = 13 - max(tricks for _, tricks in solve_board(board))
        lost += max(0, dd - record.result)
        gifts += max(0, record.result - dd)
        dd_made += dd >= record.contract.tricks_needed
    n = len(records)
    print(f"double dummy over {n} boards ({time.perf_counter() - start:.0f} s):")
    print(f"  the robots' contracts make double dummy on {100 * dd_made / n:.1f}% of boards")
    print(f"  tricks below double dummy for declarer's side: {lost / n:.2f} a board")
    print(f"  tricks the defenders give beyond double dummy:  {gifts / n:.2f} a board")
    print(f"  net tricks the declarer loses to double dummy:  {(lost - gifts) / n:+.2f} a board")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="random boards to play (default 2000)")
    parser.add_argument("--dd", type=int, default=1000,
                        help="boards to compare with double dummy, if endplay is installed (default 1000)")
    args = parser.parse_args()
    deals = [Deal.random(random.Random(f"bench-robots-{i}")) for i in range(args.deals)]
    records, millis = [], []
    for i, deal in enumerate(deals):
        start = time.perf_counter()
        records.append(robot_board(i % 16 + 1, deal))
        millis.append((time.perf_counter() - start) * 1000)
    n = len(records)
    rate = sum(made(r) for r in records) / n
    half = 1.96 * math.sqrt(rate * (1 - rate) / n)
    batch = min(100, n)  # boards a batch (fewer in a small run)
    batches = [sum(made(r) for r in records[i:i + batch]) for i in range(0, n - batch + 1, batch)]
    print(f"robots over {n} random boards")
    low, high = 100 * (rate - half), 100 * (rate + half)
    print(f"  make rate {100 * rate:.1f}% (95% interval {low:.1f}-{high:.1f}%; "
          f"per {batch} boards: mean {statistics.mean(batches):.1f}, std {statistics.pstdev(batches):.1f}, "
          f"min {min(batches)}, max {max(batches)})")
    counts, makes = Counter(kind(r) for r in records), Counter(kind(r) for r in records if made(r))
    for name in sorted(counts):
        print(f"  {name:<16} {counts[name]:>5} boards, {100 * makes[name] / counts[name]:5.1f}% made")
    print(f"  time per board: median {statistics.median(millis):.2f} ms, "
          f"95th percentile {percentile(millis, 0.95):.2f} ms, max {max(millis):.2f} ms")
    if args.dd > 0:
        double_dummy(deals[:args.dd], records[:args.dd])


if __name__ == "__main__":
    main()
