"""``bridgetable demo``: the whole club on this machine, from the command line."""

from __future__ import annotations

import argparse
import json
import logging
import signal
import sys
from pathlib import Path
from typing import Any

from .club import DemoOptions, run_demo


def run_demo_command(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    options = DemoOptions(tables=args.tables, rounds=args.rounds, boards_per_round=args.boards_per_round,
                          seed=args.seed, web_port=args.port, headless=args.headless,
                          displays=args.displays or not args.headless, broker=args.broker,
                          movement=args.movement,
                          export=Path(args.export) if args.export else None,
                          directory=Path(args.dir) if args.dir else None)
    signal.signal(signal.SIGTERM, _interrupted)  # stop as on Ctrl-C: the broker and tables too
    try:
        standings = run_demo(options)
    except FileNotFoundError as error:  # no broker can run here
        print(f"bridgetable demo: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(standings, indent=2))
    elif "robots" in standings:  # one table against the robots: the match, not a percentage ranking
        print_robot_match(standings["robots"])
    else:
        for entry in standings["ranking"]:
            print(f"{entry['group']:>5} {entry['rank']:>4} pair {entry['pair']:>2} {entry['percent']:6.2f}% "
                  f"{entry['names']}")
    if options.export:
        print(f"exports written to {options.export}", file=sys.stderr)
    return 0


def print_robot_match(match: dict[str, Any]) -> None:
    """The demo's match against the robots, board by board: our North-South score, theirs, IMPs."""
    for board in match["boards"]:
        print(f"Board {board['board']:>2}: ours NS {board['open_ns']:>5}, robots NS {board['closed_ns']:>5}: "
              f"{board['imps_ns']:+d} IMPs to NS")
    winner = "a draw" if match["winner"] == "draw" else f"{match['winner']} win"
    print(f"NS {match['imps_ns']} IMPs, EW {match['imps_ew']} IMPs: {winner}")


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt
