"""Every benchmark of bench/ runs from the checkout, each with a tiny size (so that none rots
unseen, as bench_table.py did): exit status 0, no traceback, its figures printed. The figures
themselves are not checked here (the README quotes full runs). All at once, in their own processes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# each bench, its tiny size, and a line of its figures it must print
SMALL = {
    "bench_check.py": (["1", "50"], "read and check: "),
    "bench_claims.py": (["--most", "3"], "claim analysis, 3 tricks left: "),
    "bench_devices.py": ([], "peak resident memory"),
    "bench_mqtt.py": (["--tables", "2", "--boards", "1"], "raw mosquitto QoS 1"),
    "bench_powercut.py": (["--cuts", "4"], "cuts 4: table 3 (3 exact resumes"),
    "bench_robots.py": (["--deals", "10", "--dd", "2"], "robots over 10 random boards"),
    "bench_scoring.py": (["1"], "cross-IMPs, every board"),
    "bench_soak.py": (["--kills", "1", "--tables", "3", "--rounds", "1", "--boards-per-round", "1",
                       "--pace", "0.05", "--pause", "0.1"], '"every_board_stored_once": true'),
    "bench_table.py": (["--boards", "1"], "bytes on the bus per event, median"),
    "check_corpus.py": ([str(ROOT / "tests" / "data")], "files (0 unreadable)"),
}
# not run here, and where they are
LEFT_OUT = {"bench_central.py": "tests/central/test_bench.py runs it tiny, with its own PostgreSQL, and "
                                 "checks that it stops what it started"}


def test_every_bench_is_run_or_named_as_left_out() -> None:
    assert sorted(p.name for p in (ROOT / "bench").glob("*.py")) == sorted([*SMALL, *LEFT_OUT])


def test_each_bench_runs_with_a_tiny_size(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "controller"), "TMPDIR": str(tmp_path)}
    running = {name: subprocess.Popen([sys.executable, str(ROOT / "bench" / name), *argv], cwd=tmp_path,
                                      env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
               for name, (argv, _shown) in SMALL.items()}
    for name, process in running.items():
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0 and "Traceback" not in err, f"{name}\n{out[-1000:]}\n{err[-3000:]}"
        assert SMALL[name][1] in out, f"{name}\n{out}"
