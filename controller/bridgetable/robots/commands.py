"""The handlers of `bridgetable robots`, `bridgetable match` and `bridgetable replay`."""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from ..bridge import Seat
from ..formats.pbn import read_pbn_file, write_pbn
from ..formats.record import BoardRecord
from ..i18n import CLI, notation
from .display import result_text
from .live import Abandoned, LiveMatch, Quit
from .match import (
    MatchError,
    MatchResult,
    as_board,
    check_length,
    deal_boards,
    ns_score,
    random_boards,
    robots_for,
    score_match,
)
from .replay import match_from_records, match_text, replay_text

_ = CLI.gettext


def percentile(values: list[float], fraction: float) -> float:
    """The value below which ``fraction`` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(fraction * len(ordered)) - 1))]


def _write(path: str, records: list[BoardRecord]) -> None:
    try:
        Path(path).write_text(write_pbn(records), encoding="utf-8")
    except OSError as error:
        raise ValueError(_("cannot write {file}: {error}").format(file=path, error=error.strerror or error)) \
            from None


def _distinct(records: list[BoardRecord]) -> list[BoardRecord]:
    """Each board once: a file with several results of a board (a traveller) holds it repeatedly."""
    seen: set[tuple[int | None, str]] = set()
    boards = []
    for record in records:
        key = (record.board, str(record.deal))
        if key not in seen:
            seen.add(key)
            boards.append(record)
    return boards


def run_robots(args: argparse.Namespace) -> int:
    if args.deals is not None:
        boards = _distinct(read_pbn_file(args.deals))
    elif args.random < 1:
        raise ValueError(_("--random needs one board or more, not {n}").format(n=args.random))
    else:
        boards = random_boards(args.random, args.seed)
    records, millis = [], []
    for board in boards:
        start = time.perf_counter()
        records.append(robots_for(board))
        millis.append((time.perf_counter() - start) * 1000)
    _write(args.out, records)
    made = sum(1 for r in records if r.contract and r.result is not None
               and r.result >= r.contract.tricks_needed)
    summary = {
        "boards": len(records), "made": made, "make_rate": round(made / len(records), 4) if records else 0,
        "ms_per_board_median": round(statistics.median(millis), 2) if millis else 0,
        "ms_per_board_p95": round(percentile(millis, 0.95), 2) if millis else 0,
        "out": args.out,
        "results": [{"board": r.board, "contract": str(r.contract), "declarer": str(r.declarer),
                     "result": r.result, "score_ns": r.score_ns} for r in records],
    }
    if args.json:
        print(json.dumps(summary, indent=2))
        return 0
    for record in records:
        print(_("Board {board}: {result}").format(board=f"{record.board:>3}",
                                                  result=result_text(record, ns_score(record))))
    print(_("{made} of {boards} contracts made ({percent:.1f}%), {ms} ms per board (median); written to "
            "{file}").format(made=made, boards=len(records), percent=100 * summary["make_rate"],
                             ms=summary["ms_per_board_median"], file=args.out))
    return 0


def _print_match(result: MatchResult) -> None:
    for board in result.boards:
        side = notation.side("NS" if board.imps_ns >= 0 else "EW")
        print(_("Board {board}: open {open}; closed {closed}; {side} {imps} IMPs").format(
            board=f"{board.board:>2}", open=result_text(board.open, board.open_ns),
            closed=result_text(board.closed, board.closed_ns), side=side, imps=abs(board.imps_ns)))
    print(match_text(result))


def run_match(args: argparse.Namespace) -> int:
    if args.ours is not None:
        if args.deals is None:
            raise ValueError(_("--ours needs --deals: the boards our results were played on"))
        result = score_match(read_pbn_file(args.deals), read_pbn_file(args.ours))
    else:
        try:
            result = _live(args)
        except Abandoned as reason:
            print("\n" + _("Match abandoned: {reason}").format(reason=reason), file=sys.stderr)
            return 0 if isinstance(reason, Quit) else 1
    if args.out:
        _write(args.out, result.records())
    if args.json:
        print(json.dumps(result.to_json(), indent=2))
    elif args.ours is not None:
        _print_match(result)
    return 0


def _live(args: argparse.Namespace) -> MatchResult:
    count = check_length(args.boards)
    if args.deals is not None:
        boards = sorted((as_board(b) for b in read_pbn_file(args.deals)), key=lambda b: b.board or 0)
        if len(boards) < count:
            raise MatchError(_("{file} has {n} boards, not the {count} of the match").format(
                file=args.deals, n=len(boards), count=count))
        boards = boards[:count]
    else:
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
        print(_("Random boards, seed {seed} (play them again with --seed {seed})").format(seed=seed))
        boards = deal_boards(count, seed)
    return LiveMatch(boards, Seat.parse(args.seat), sys.stdin, sys.stdout).run()


def run_replay(args: argparse.Namespace) -> int:
    print(replay_text(match_from_records(read_pbn_file(args.file)), args.board), end="")
    return 0
