"""bench/bench_central.py runs from a checkout and leaves nothing running (issue 23, item 12): a tiny
evening with a cut link and the read side, and one interrupted half-way."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_central.py"
TINY = ["--clubs", "2", "--tables", "3", "--rounds", "2", "--boards-per-round", "1", "--every", "0.2",
        "--resend-after", "1"]


def running_with(text: str) -> list[str]:
    """The command lines of the processes that name ``text`` (the bench's directory)."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            command = cmdline.read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if text in command:
            found.append(command)
    return found


def test_the_bench_runs_a_tiny_evening_with_a_cut_and_stops_what_it_started(tmp_path: Path) -> None:
    work = tmp_path / "bench"
    run = subprocess.run([sys.executable, str(BENCH), *TINY, "--workers", "1", "--cut", "1", "--read", "1",
                          "--read-seconds", "0.2", "--dir", str(work)],
                         capture_output=True, text=True, timeout=240)
    assert run.returncode == 0, run.stderr[-3000:]
    rows = re.findall(r"^\s+1\s+(up|cut 1 s)\s+12\s+\d+\s+\d+\s+\d+\s+(\d+)\s+(\d+)", run.stdout, re.M)
    assert [row[0] for row in rows] == ["up", "cut 1 s"], run.stdout
    assert all(row[1:] == ("0", "0") for row in rows)  # nothing lost, nothing doubled
    assert "read side: 360 results stored" in run.stdout  # a club's 60 sessions of 6 results
    pages = re.findall(r"^\s+(/\S*)\s+[\d.]+\s+\d+\s+\d+$", run.stdout, re.M)
    assert pages == ["/", "/club/club0001", "/club/club0001?page=2", "/club/club0001/s030", "/player/P-1a",
                     "/api/live"], run.stdout
    assert running_with(str(work)) == []  # its Mosquittos, workers and page process are gone


def test_an_interrupted_bench_stops_its_broker_and_workers(tmp_path: Path) -> None:
    work = tmp_path / "bench"
    bench = subprocess.Popen([sys.executable, str(BENCH), *TINY, "--rounds", "3", "--every", "5", "--workers",
                              "2", "--cut", "0", "--dir", str(work)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 60
        while len([c for c in running_with(str(work)) if "bridgetable.cli central" in c]) < 2:
            assert time.monotonic() < deadline and bench.poll() is None, "the bench's workers did not start"
            time.sleep(0.2)
        time.sleep(2.0)  # mid-session
        bench.send_signal(signal.SIGINT)  # Ctrl-C
        bench.communicate(timeout=60)
    finally:
        if bench.poll() is None:
            bench.kill()
    assert bench.returncode != 0
    assert running_with(str(work)) == []
