"""Time of the Law 70 claim analysis (bridge/claims.py) by tricks remaining: the slowest of five
random positions for each count, worst line and best play together."""

from __future__ import annotations

import argparse
import random
import time

from bridgetable.bridge import DECK, Contract, Deal, Play, Seat, Strain
from bridgetable.bridge.claims import analyse_claim


def position(seed: int, tricks_left: int) -> Play:
    rnd = random.Random(seed)
    cards = list(DECK)
    rnd.shuffle(cards)
    deal = Deal.from_hands({seat: cards[13 * seat:13 * seat + 13] for seat in Seat})
    play = Play(deal, Contract(3, Strain.NOTRUMP if seed % 2 else Strain.HEARTS), Seat(seed % 4))
    for _ in range(4 * (13 - tricks_left)):
        play.play(rnd.choice(play.legal_cards()))
    return play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--most", type=int, default=6, choices=range(3, 7), metavar="3-6",
                        help="time 3 up to this many tricks left (default 6)")
    for tricks_left in range(3, parser.parse_args().most + 1):
        slowest = 0.0
        for seed in range(5):
            play = position(seed, tricks_left)
            start = time.perf_counter()
            analyse_claim(play, play.declarer, 1, limit=13)
            slowest = max(slowest, time.perf_counter() - start)
        print(f"claim analysis, {tricks_left} tricks left: slowest of 5 {slowest * 1000:.0f} ms")


if __name__ == "__main__":
    main()
