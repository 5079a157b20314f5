"""`bridgetable table --sim` (the keyboard as the four seats) and `--events`, run as a user runs
them: in their own process, reading stdin."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import bridgetable
from bridgetable.bridge import Seat
from bridgetable.demo.club import robot_events
from bridgetable.events import Key, TableEvent
from bridgetable.table.service import read_deals

SAMPLES = Path(bridgetable.__file__).parent / "samples"


def bridgetable_cli(*argv: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bridgetable.cli", *argv], input=stdin, capture_output=True,
                          text=True, timeout=120)


def typed(events: list[TableEvent]) -> str:
    """The keyboard lines for events: the seat, then the key or the card (suit first)."""
    return "".join(f"{event.seat} {event.value}\n" for event in events)


def test_sim_with_a_config_plays_its_deals_and_the_export_passes_check(tmp_path: Path) -> None:
    deals, rng = read_deals(SAMPLES / "deals.pbn"), random.Random(3)
    lines = typed([event for board, dealer in ((1, Seat.N), (2, Seat.E))
                   for event in robot_events(board, deals[board], dealer, rng)])
    journal, ours = tmp_path / "sim.db", tmp_path / "ours.pbn"
    config = str(SAMPLES / "table.toml")
    run = bridgetable_cli("table", "--sim", "--config", config, "--journal", str(journal), stdin=lines)
    assert run.returncode == 0 and "refused" not in run.stdout and run.stderr == "", run.stdout + run.stderr
    run = bridgetable_cli("table", "--config", config, "--journal", str(journal), "--export", str(ours),
                          stdin="")
    assert run.returncode == 0 and f"2 confirmed boards of {journal}" in run.stdout, run.stderr
    run = bridgetable_cli("check", str(ours), stdin="")
    assert run.returncode == 0 and "2 records checked: 2 consistent" in run.stdout, run.stdout
    assert ours.read_text().count("[Deal ") == 2  # the config's deals: the hands are in the export


def test_sim_says_once_why_a_line_is_refused_or_cannot_be_read(tmp_path: Path) -> None:
    run = bridgetable_cli("table", "--sim", "--journal", str(tmp_path / "sim.db"), "--frames",
                          str(tmp_path / "frames"), stdin="N 1NT\nX 1\nN ok\nE 1NT\nN 1NT\n")
    assert run.returncode == 0, run.stderr
    assert "a board starts with OK at any seat: 'N ok'" in run.stdout
    refusals = [line for line in run.stdout.splitlines() if line.startswith("refused: ")]
    assert refusals == ["refused: board 1: press OK to start",  # the call typed before the OK
                        "refused: East out of rotation: it is North's call (Law 29-32)"]
    assert run.stderr.splitlines() == ["keyboard: start with the seat (N, E, S or W), not 'X'"]
    assert "pygame" not in run.stdout + run.stderr  # luma.emulator's pygame says hello to no one
    assert sorted(path.name for path in (tmp_path / "frames").glob("*-000001.png")) == [
        "E-000001.png", "N-000001.png", "S-000001.png", "W-000001.png"]


def test_sim_takes_the_boards_from_the_config_not_the_command_line(tmp_path: Path) -> None:
    run = bridgetable_cli("table", "--sim", "--config", str(SAMPLES / "table.toml"), "--boards", "1-2",
                          "--journal", str(tmp_path / "sim.db"), stdin="")
    assert run.returncode == 2 and "--boards is for --sim without --config" in run.stderr


def test_events_that_are_not_json_are_reported_and_counted(tmp_path: Path) -> None:
    lines = f"{TableEvent.key(Seat.N, Key.OK).to_json()}\nnot json\n\n{{\"seat\": 1}}\n"
    run = bridgetable_cli("table", "--config", str(SAMPLES / "table.toml"), "--journal",
                          str(tmp_path / "j.db"), "--events", "-", stdin=lines)
    assert run.returncode == 1 and run.stdout == ""
    errors = run.stderr.splitlines()
    assert [error.split(":")[0] for error in errors[:2]] == ["line 2", "line 4"]
    assert all("not a TableEvent" in error for error in errors[:2])
    assert errors[2] == "bridgetable table: 2 lines of - were not a TableEvent"


def test_the_samples_journal_is_written_where_the_user_is_and_a_resumed_one_is_said(
        tmp_path: Path) -> None:
    """`table --config samples/table.toml --events -`: no journal inside the installed package."""
    before = sorted(SAMPLES.iterdir())
    run = subprocess.run([sys.executable, "-m", "bridgetable.cli", "table", "--config",
                          str(SAMPLES / "table.toml"), "--events", "-"],
                         input="", capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert run.returncode == 0 and run.stderr == "", run.stderr
    assert sorted(SAMPLES.iterdir()) == before and (tmp_path / "table-journal.db").exists()
    first = bridgetable_cli("table", "--sim", "--journal", str(tmp_path / "sim.db"), stdin="N ok\n")
    assert first.returncode == 0 and first.stderr == "", first.stderr
    again = bridgetable_cli("table", "--sim", "--journal", str(tmp_path / "sim.db"), stdin="")
    assert again.returncode == 0
    assert again.stderr == (f"bridgetable table: resuming {tmp_path / 'sim.db'}: 1 event of an earlier run "
                            "(another --journal starts afresh)\n")


def test_the_readme_chain_sim_export_check_match_runs_on_the_typed_sample(tmp_path: Path) -> None:
    """samples/keys.txt, boards 1-4 typed, gives a journal whose export check finds consistent and
    `match --ours` scores as a match of 4 boards (the README's commands)."""
    keys = (SAMPLES / "keys.txt").read_text(encoding="utf-8")
    journal, ours = tmp_path / "sim.db", tmp_path / "ours.pbn"
    run = bridgetable_cli("table", "--sim", "--config", str(SAMPLES / "table.toml"), "--journal",
                          str(journal), stdin=keys)
    assert run.returncode == 0 and run.stderr == "" and "refused" not in run.stdout, run.stderr
    export = bridgetable_cli("table", "--journal", str(journal), "--export", str(ours), stdin="")
    assert export.returncode == 0, export.stderr
    check = bridgetable_cli("check", str(ours), stdin="")
    assert check.returncode == 0 and "4 records checked: 4 consistent" in check.stdout
    match = bridgetable_cli("match", "--deals", str(SAMPLES / "deals.pbn"), "--ours", str(ours),
                            stdin="")
    assert match.returncode == 0 and match.stdout.count("\nBoard ") == 3, match.stderr
