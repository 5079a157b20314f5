"""The station's subcommands: ``bridgetable demo``."""

from __future__ import annotations

import argparse
import json
import logging
import signal
import sys
from pathlib import Path

from ..link.broker import find_mosquitto
from .demo import DemoOptions, run_demo


def run_demo_command(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if find_mosquitto() is None:
        print("bridgetable demo: Mosquitto is not installed (Debian: apt-get install mosquitto); the "
              "embedded amqtt fallback is not built yet", file=sys.stderr)
        return 2
    options = DemoOptions(tables=args.tables, rounds=args.rounds, boards_per_round=args.boards_per_round,
                          seed=args.seed, web_port=args.port, headless=args.headless,
                          export=Path(args.export) if args.export else None,
                          directory=Path(args.dir) if args.dir else None)
    signal.signal(signal.SIGTERM, _interrupted)  # stop as on Ctrl-C: the broker and tables too
    standings = run_demo(options)
    if args.json:
        print(json.dumps(standings, indent=2))
    else:
        for entry in standings["ranking"]:
            print(f"{entry['group']:>5} {entry['rank']:>4} pair {entry['pair']:>2} {entry['percent']:6.2f}% "
                  f"{entry['names']}")
    if options.export:
        print(f"exports written to {options.export}", file=sys.stderr)
    return 0


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt
