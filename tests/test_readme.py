"""Every command block of the README, run as printed, in order, from a directory laid out like the
checkout (its `.venv`, `controller`, `bench`...), where the commands' outputs land: each must exit 0
and print no traceback, and the outputs the README shows must be what the command prints. The
commands that need what a test cannot give (root, hardware, a server left running, a person at the
keyboard) are skipped by name below, each with where it is tested instead."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"

# what a command line contains -> why it is not run here (and what tests it instead)
SKIPPED = {
    "make demo": "`.ci/run` runs it in a fresh clone",
    "make test": "`.ci/run` runs it",
    "pip install": "installs into the virtualenv (`make test` installs every extra)",
    "sudo ": "needs root: tests/deploy",
    "bridgetable play ": "a person at the keyboard: tests/robots/test_homegame*.py, tests/test_interrupts.py",
    "match --boards 8 --seat S": "a person at the keyboard: tests/robots/test_live.py",
    "table --config table.toml": "a Pi's table.toml and its devices: tests/table",
    "bridgetable demo": "runs until Ctrl-C or for tens of seconds: tests/demo",
    "central --secret-file secret --db": "a server until Ctrl-C, on PostgreSQL: tests/central",
    "--send-setup": "needs the center's broker: tests/central/test_downlink.py",
    "bridgetable station": "a server until Ctrl-C: tests/director",
    "enrol-deck": "an RFID card reader: tests/devices",
    "bench/": "a benchmark: tests/test_benches.py runs each small",
}


def command_lines(text: str) -> list[str]:
    """The commands of the ```sh blocks, in order (a line ending in \\ continued, comments out)."""
    lines: list[str] = []
    for block in re.findall(r"^```sh\n(.*?)^```", text, flags=re.MULTILINE | re.DOTALL):
        pending = ""
        for line in block.splitlines():
            if pending:
                line, pending = pending + " " + line.strip(), ""
            if line.endswith("\\"):
                pending = line[:-1].rstrip()
            elif line.strip() and not line.startswith("#"):
                lines.append(line)
    return lines


def shown_output(text: str, command: str) -> list[str]:
    """The output the README shows under ``command``: the "# " lines that follow it."""
    after = text.split(command + "\n", 1)[1].splitlines()
    shown = []
    for line in after:
        if not line.startswith("# "):
            break
        shown.append(line[2:])
    return shown


def skipped(command: str) -> str | None:
    return next((why for what, why in SKIPPED.items() if what in command), None)


def test_the_readme_commands_are_found_and_each_skip_is_named() -> None:
    commands = command_lines(README.read_text(encoding="utf-8"))
    assert len(commands) > 30 and any(".venv/bin/bridgetable station --accounts" in c for c in commands)
    assert all(any(what in command for command in commands) for what in SKIPPED)  # no stale skip


def test_every_readme_command_runs_as_printed(tmp_path: Path) -> None:
    for part in ("controller", "bench", "deploy", "tests", "pyproject.toml"):
        (tmp_path / part).symlink_to(ROOT / part)
    (tmp_path / ".venv").symlink_to(Path(sys.executable).parent.parent)  # the virtualenv running the tests
    env = {**os.environ, "PYTHONPATH": str(ROOT / "controller"), "LANG": "C.UTF-8", "LANGUAGE": ""}
    text = README.read_text(encoding="utf-8")
    assignments, ran = "", 0
    for command in command_lines(text):
        if re.fullmatch(r"[A-Z]+=\S+", command):
            assignments += command + "; "
            continue
        if skipped(command):
            continue
        run = subprocess.run(["bash", "-c", "set -o pipefail; " + assignments + command], cwd=tmp_path,
                             env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, f"{command}\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}"
        assert "Traceback" not in run.stdout + run.stderr, f"{command}\n{run.stderr}"
        shown = shown_output(text, command)
        if shown:
            assert run.stdout.splitlines() == shown, command
        ran += 1
    assert ran >= 15
    # what they wrote, as it would be in the checkout, is not for git
    written = sorted(p.name + ("/" if p.is_dir() else "") for p in tmp_path.iterdir() if not p.is_symlink())
    ignored = subprocess.run(["git", "-C", str(ROOT), "check-ignore", "--no-index", *written],
                             capture_output=True, text=True, timeout=30)
    assert len(written) >= 8 and ignored.stdout.split() == written

