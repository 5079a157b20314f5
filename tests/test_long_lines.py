"""A line of input is bounded (formats/text.py MAX_LINE): a longer one is refused by its number,
quickly and in little memory, and an error quotes at most QUOTED characters of a bad line, in
`check`, `tally`, `table --sim` (the keyboard) and `table --events`; each in its own process."""

from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest

from bridgetable.formats.text import MAX_LINE, QUOTED, LineTooLong, check_lines, quoted

HUGE = 5_000_000  # characters: a 5 MB line took 22 s and 1.6 GB before


def cli(*argv: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bridgetable.cli", *argv], input=stdin, capture_output=True,
                          text=True, timeout=120, cwd=cwd)


def test_a_long_line_is_found_by_its_number_and_quoted_short() -> None:
    check_lines("short\n" * 100_000)  # many lines, each short: nothing to say
    check_lines(("x" * MAX_LINE + "\n") * 3)  # at the bound: kept
    text = "a\nb\n" + "y" * (MAX_LINE + 1) + "\nc\n"
    with pytest.raises(LineTooLong) as error:
        check_lines(text)
    assert error.value.line == 3
    assert str(error.value) == (f"a line of {MAX_LINE + 1:,} characters, more than the {MAX_LINE:,} a line "
                                f"may have: {quoted('y' * 200)}")
    assert quoted("y" * 200) == repr("y" * (QUOTED - 1) + "…") and quoted("N 1NT") == "'N 1NT'"


@pytest.mark.parametrize("suffix", [".pbn", ".lin"])
def test_check_refuses_a_file_with_a_huge_line_quickly_and_in_little_memory(tmp_path: Path, suffix) -> None:
    path = tmp_path / f"huge{suffix}"
    head = '[Event "' if suffix == ".pbn" else "qx|o1|md|"
    path.write_text('[Board "1"]\n' * (suffix == ".pbn") + head + "x" * HUGE + "\n", encoding="utf-8")
    code = ("import resource, sys\nfrom bridgetable.cli import main\nstatus = main(['check', sys.argv[1]])\n"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\nsys.exit(status)")
    run = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=300)
    message, peak = run.stderr.splitlines()
    line = 2 if suffix == ".pbn" else 1
    assert run.returncode == 2 and message == (
        f"unreadable: {path}:{line}: a line of {len(head) + HUGE:,} characters, more than the {MAX_LINE:,} a "
        f"line may have: {quoted(head + 'x' * 100)}")
    assert int(peak) < 150_000  # KiB: the file's text and little more (1.6 GB before)


def test_tally_refuses_a_huge_line_and_quotes_a_bad_one_short() -> None:
    run = cli("tally", "--game", "rubber", stdin="4S N 10\n" + "5" * HUGE + "\n")
    assert run.returncode == 2 and run.stderr == (
        f"bridgetable tally: line 2: a line of {HUGE:,} characters, more than the {MAX_LINE:,} a line may "
        f"have: {quoted('5' * 100)}\n")
    run = cli("tally", "--game", "rubber", stdin="4S N " + "9" * 1000 + "\n")
    assert run.returncode == 2 and len(run.stderr) < 300 and quoted("4S N " + "9" * 1000) in run.stderr


def test_the_keyboard_and_table_events_refuse_a_huge_line_and_quote_short(tmp_path: Path) -> None:
    run = cli("table", "--sim", "--journal", str(tmp_path / "sim.db"),
              stdin="Q" * HUGE + "\nNORTH" * 500 + "\n")
    assert run.returncode == 0 and len(run.stdout) + len(run.stderr) < 200_000
    assert f"a line of {HUGE:,} characters, more than the {MAX_LINE:,}" in run.stdout + run.stderr
    events = '{"seat": "N", "kind": "' + "k" * 1000 + '", "value": "OK"}\n' + "{" * HUGE + "\n"
    run = cli("table", "--config", str(tmp_path / "none.toml"), "--events", "-", stdin=events)
    assert run.returncode == 2  # no such table.toml: said first
    (tmp_path / "table.toml").write_text('[table]\nboards = "1-2"\n', encoding="utf-8")
    run = cli("table", "--config", str(tmp_path / "table.toml"), "--events", "-", stdin=events, cwd=tmp_path)
    lines = run.stderr.splitlines()
    assert run.returncode == 1 and len(run.stderr) < 1000, run.stderr[:1000]
    assert lines[0].startswith("line 1: not a TableEvent: ") and len(lines[0]) < 130
    assert lines[1].startswith(f"line 2: a line of {HUGE:,} characters")


def test_the_bound_costs_a_normal_file_nothing_measurable() -> None:
    text = "[Event \"x\"]\n" * 400_000  # 4.8 MB of short lines, as bench_check's file
    start = resource.getrusage(resource.RUSAGE_SELF).ru_utime
    check_lines(text)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_utime - start < 0.05
