"""Ctrl-C and a closed pipe, as a user meets them: each command in its own process, a real SIGINT
while it waits for its input, a reader that has gone away before it writes. One line (or none) and
the conventional exit status (130 for an interrupt, 141 for a closed pipe), never a traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import bridgetable

SAMPLES = Path(bridgetable.__file__).parent / "samples"


def started(*argv: str, cwd: Path, **pipes: int) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "bridgetable.cli", *argv], text=True, cwd=cwd,
                            **{"stdin": subprocess.PIPE, "stdout": subprocess.PIPE, "stderr": subprocess.PIPE,
                               **pipes})


def wait_blocked(pid: int, timeout: float = 60) -> None:
    """Until the process sleeps with its CPU time unchanged for half a second: it waits for input
    (its imports and set-up are done)."""
    deadline, still, last = time.monotonic() + timeout, 0, None
    while time.monotonic() < deadline:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        state, cpu = fields[0], (fields[11], fields[12])  # state, utime and stime
        still = still + 1 if state == "S" and cpu == last else 0
        if still >= 5:
            return
        last = cpu
        time.sleep(0.1)
    raise AssertionError(f"process {pid} never waited for input")


def interrupted(process: subprocess.Popen[str]) -> tuple[str, str]:
    wait_blocked(process.pid)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    return out, err


@pytest.mark.parametrize("argv", [
    ("tally", "--game", "rubber"),
    ("play", "--game", "minibridge", "--seed", "1"),
    ("play", "--game", "rubber", "--seed", "1"),
    ("match", "--boards", "4", "--seed", "1"),
    ("table", "--sim", "--journal", "sim.db"),
], ids=lambda argv: " ".join(argv[:2]))
def test_ctrl_c_while_a_command_waits_for_its_input_ends_it_with_one_line(tmp_path: Path, argv) -> None:
    out, err = interrupted(started(*argv, cwd=tmp_path))
    assert err == f"bridgetable {argv[0]}: interrupted\n"


def test_ctrl_c_while_check_waits_for_its_file(tmp_path: Path) -> None:
    fifo = tmp_path / "slow.pbn"
    os.mkfifo(fifo)  # opening it blocks until a writer comes: check waits as on a slow disk
    out, err = interrupted(started("check", str(fifo), cwd=tmp_path))
    assert (out, err) == ("", "bridgetable check: interrupted\n")


@pytest.mark.parametrize("argv", [
    ("check", "--json", str(SAMPLES / "results.pbn")),
    ("check", str(SAMPLES / "results.pbn"), str(SAMPLES / "results.lin")),
    ("score", "4SX", "8", "--vul"),
    ("tally", "--game", "chicago", "--json"),
    ("robots", "--random", "4", "--out", "robots.pbn", "--json"),
], ids=lambda argv: " ".join(argv[:2]))
def test_a_reader_that_closed_the_pipe_ends_the_command_quietly(tmp_path: Path, argv) -> None:
    reading, writing = os.pipe()
    os.close(reading)  # `| head` that has already gone: the first write finds the pipe closed
    try:
        process = started(*argv, cwd=tmp_path, stdout=writing)
    finally:
        os.close(writing)
    _out, err = process.communicate(input="4S N 10\n", timeout=60)
    assert (process.returncode, err) == (141, "")
