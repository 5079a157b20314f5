"""The corpus sweep: read and check every PBN and LIN file under a directory, and print the counts.

The test suite runs the same reading, round trip and checks on the sample of real files kept in
tests/data (tests/data/SOURCES.md); this runs them over as many files as you have, such as the
whole collections those samples were taken from. It prints, per file and in total: records,
records with an auction, full 52-card plays, claims, records `check` finds a problem in, records
it warns about, and records that do not survive writing and reading back in their own format.
It asserts nothing: compare the figures with what the files' sources say.

    .venv/bin/python bench/check_corpus.py DIRECTORY [--problems]

--problems also prints each problem found.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path

from bridgetable.check import UnreadableFile, check_record, read_records
from bridgetable.formats.lin import read_lin, write_lin
from bridgetable.formats.pbn import read_pbn, write_pbn
from bridgetable.formats.record import BoardRecord

COLUMNS = ("records", "auctions", "full plays", "claims", "problems", "warnings", "round trip lost")


def game(record: BoardRecord) -> tuple[object, ...]:
    """What a round trip must keep: the board, its deal, auction, play and outcome."""
    return (record.board, record.deal, record.calls, record.contract, record.declarer, record.result,
            record.claimed, [dict(trick) for trick in record.tricks if trick])


def round_trip_lost(path: Path, records: list[BoardRecord]) -> int:
    """How many records differ after writing the file in its own format and reading it again."""
    if path.suffix.lower() == ".lin":
        again = read_lin(write_lin(records))
    else:
        again = read_pbn(write_pbn(records, export=False))
    if len(again) != len(records):
        return len(records)
    return sum(game(before) != game(after) for before, after in zip(records, again, strict=True))


def counts(path: Path, show_problems: bool) -> list[int]:
    records = read_records(str(path))
    reports = [check_record(record, str(path), index) for index, record in enumerate(records)]
    if show_problems:
        for report in reports:
            for problem in report.problems:
                print(f"    record {report.index} (board {report.board}): {problem}")
    return [
        len(records),
        sum(1 for r in records if r.calls),
        sum(1 for r in records if sum(len(trick) for trick in r.tricks) == 52),
        sum(1 for r in records if r.claimed),
        sum(1 for report in reports if not report.ok),
        sum(1 for report in reports if report.warnings),
        round_trip_lost(path, [dataclasses.replace(r, problems=[]) for r in records]),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("directory", type=Path)
    parser.add_argument("--problems", action="store_true", help="print each problem found")
    args = parser.parse_args()
    if not args.directory.is_dir():
        print(f"not a directory: {args.directory}", file=sys.stderr)
        return 2
    paths = sorted(p for p in args.directory.rglob("*") if p.suffix.lower() in (".pbn", ".lin"))
    print(" | ".join(COLUMNS) + " | file")
    totals = [0] * len(COLUMNS)
    unreadable = 0
    start = time.perf_counter()
    for path in paths:
        name = path.relative_to(args.directory)
        try:
            row = counts(path, args.problems)
        except UnreadableFile as error:
            unreadable += 1
            print(f"unreadable: {error}")
            continue
        totals = [total + n for total, n in zip(totals, row, strict=True)]
        print(" | ".join(str(n) for n in row) + f" | {name}")
    elapsed = time.perf_counter() - start
    print(f"{len(paths)} files ({unreadable} unreadable) in {elapsed:.1f} s")
    print(", ".join(f"{column} {total}" for column, total in zip(COLUMNS, totals, strict=True)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
