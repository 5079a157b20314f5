"""Benchmark: `bridgetable check` on 10,000 boards with a full auction and a full play.

Writes the boards to a temporary PBN file with the project's own writer, then times reading and
checking it (the whole command's work, on one core). Prints boards per second.
"""

from __future__ import annotations

import random
import tempfile
import time
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
from bridgetable.check import check_files
from bridgetable.formats.pbn import write_pbn
from bridgetable.formats.record import BoardRecord

BOARDS = 10_000


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


def main() -> None:
    rng = random.Random(2026)
    records = [random_board(rng, n % 32 + 1) for n in range(BOARDS)]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.pbn"
        path.write_text(write_pbn(records), encoding="utf-8")
        size = path.stat().st_size
        start = time.perf_counter()
        reports, unreadable = check_files([str(path)])
        elapsed = time.perf_counter() - start
    bad = sum(1 for report in reports if not report.ok)
    played = sum(1 for record in records if record.tricks)
    print(f"check: {len(reports)} boards ({played} with full play), {size / 1e6:.1f} MB PBN")
    print(f"  {elapsed:.2f} s, {len(reports) / elapsed:,.0f} boards/s on one core")
    print(f"  problems found: {bad} (expected 0), unreadable files: {len(unreadable)}")


if __name__ == "__main__":
    main()
