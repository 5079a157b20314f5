"""`bridgetable tally`: a score pad for people who play with ordinary cards.

The deals come on standard input, one a line: ``CONTRACT DECLARER TRICKS [SEAT POINTS]`` (e.g.
"4SX N 9", or "3NT E 10 W 150" for honours held by West) or "Pass"; for Minibridge
``part|game STRAIN DECLARER TRICKS`` (e.g. "game H S 10"), or "Pass" for a deal thrown in at 20
points each. Blank lines and lines starting with "#" are skipped. The score sheet goes to standard
output (with ``as_json`` the one JSON object of ``ScoreSheet.to_json``); a line that cannot be read,
or a deal after the game is over, is refused by its line number with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from .bridge import BridgeError, DealResult, game_form, parse_minibridge_result


def run_tally(game: str, lines: TextIO, out: TextIO, err: TextIO, *, as_json: bool = False,
              rounds: int = 1) -> int:
    """Score the deals read from ``lines`` by the form ``game``; the exit status."""
    form = game_form(game, rounds=rounds)
    read = parse_minibridge_result if game == "minibridge" else DealResult.parse
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            form.record(read(text))
        except BridgeError as error:
            print(f"bridgetable tally: line {number} ({text!r}): {error}", file=err)
            return 2
    sheet = form.sheet()
    print(json.dumps(sheet.to_json()) if as_json else sheet.text(), file=out)
    return 0


def run(args: argparse.Namespace) -> int:
    """The handler of ``bridgetable tally`` (see cli.py for the options)."""
    return run_tally(args.game, sys.stdin, sys.stdout, sys.stderr, as_json=args.json, rounds=args.rounds)
