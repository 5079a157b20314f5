"""Power cuts, not only kills: the table unit and the scoring station on the power-cut file system.

The tests' FUSE file system (tests/powercutfs.py) keeps, apart, what an SD card would still hold
when the plug is pulled: each file as of its last fsync, each directory as of its last fsync. A
cut SIGKILLs the program and throws the rest away (every other cut tears the unsynced writes at a
512-byte sector instead). Two runs:

- the table unit (a process on its journal, fed its two boards' events): cut at its start (the
  journal being created) and at random moments of the boards, sometimes with an event on its
  way; started again, it must resume exactly at the state it had shown (or the one after the
  event on its way), and its journal must end with each board's result once;
- the scoring station (a process on its store, the results of a 4-table session coming through
  a real Mosquitto): cut at random moments; every result it had acknowledged before a cut must
  still be in its store after it, and at the end every result stored once.

Printed: cuts, exact resumes, results lost, results doubled, for each. Exit status 1 if any is
not as it must be. Needs FUSE (/dev/fuse, Debian's libfuse2, fusepy, root); says so and exits 0
where it is missing.

    .venv/bin/python bench/bench_powercut.py [--cuts 200] [--seed 26]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the tests' file system and runs

from tests.director.test_powercut import run_station_cuts  # noqa: E402
from tests.powercutfs import unavailable  # noqa: E402
from tests.table.test_powercut import run_table_cuts  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cuts", type=int, default=200,
                        help="power cuts in all (three quarters at the table)")
    parser.add_argument("--seed", type=int, default=26)
    args = parser.parse_args()
    reason = unavailable()
    if reason is not None:
        print(f"bench_powercut: skipped: {reason}")
        return 0
    table_cuts = max(1, args.cuts * 3 // 4)
    station_cuts = max(1, args.cuts - table_cuts)
    with tempfile.TemporaryDirectory(prefix="bridgetable-powercut-") as folder:
        started = time.monotonic()
        table = run_table_cuts(Path(folder) / "table", table_cuts, args.seed)
        table["seconds"] = round(time.monotonic() - started)
        started = time.monotonic()
        station = run_station_cuts(Path(folder) / "station", station_cuts, args.seed)
        station["seconds"] = round(time.monotonic() - started)
    print(json.dumps({"table unit": table, "scoring station": station}, indent=2))
    print(f"cuts {table['cuts'] + station['cuts']}: table {table['cuts']} ({table['exact resumes']} exact "
          f"resumes, results lost {table['results lost']}, doubled {table['results doubled']}); station "
          f"{station['cuts']} (acknowledged results lost {station['lost']}, doubled {station['doubled']})")
    good = (table["exact resumes"] == table["cuts"] and not table["results lost"]
            and not table["results doubled"] and not station["lost"] and not station["doubled"]
            and station["stored"] == station["results"])
    return 0 if good else 1


if __name__ == "__main__":
    raise SystemExit(main())
