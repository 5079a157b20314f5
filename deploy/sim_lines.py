"""The keyboard lines of `bridgetable table --sim` for the robots playing boards 1 and 2 of a deal
file, as deploy/test-arm64.sh feeds the emulated table: `python deploy/sim_lines.py deals.pbn`."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from bridgetable.bridge import Seat
from bridgetable.demo.club import robot_events
from bridgetable.table.service import read_deals


def main() -> None:
    deals, rng = read_deals(Path(sys.argv[1])), random.Random(3)
    for board, dealer in ((1, Seat.N), (2, Seat.E)):
        for event in robot_events(board, deals[board], dealer, rng):
            print(event.seat, event.value)


if __name__ == "__main__":
    main()
