"""deploy/*.sh and .ci/run: shellcheck clean, and the install scripts' option checks refuse bad
input before touching the machine."""

import shutil
import subprocess
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
SCRIPTS = [DEPLOY / "install-table.sh", DEPLOY / "install-station.sh"]


def test_scripts_are_strict_bash_and_pass_the_checker():
    scripts = [*SCRIPTS, DEPLOY / "debian-packages.sh", DEPLOY.parent / ".ci" / "run"]
    for text in (script.read_text() for script in scripts):
        assert text.startswith("#!/usr/bin/env bash\n") and "\nset -euo pipefail\n" in text
    checker = shutil.which("shellcheck")
    assert checker, "shellcheck is missing: deploy/debian-packages.sh installs it (make test runs that)"
    run = subprocess.run([checker, "-x", *map(str, scripts), str(DEPLOY / "lib.sh")], capture_output=True,
                         text=True, cwd=DEPLOY, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_help_and_unknown_options(script):
    run = subprocess.run(["bash", str(script), "--help"], capture_output=True, text=True, timeout=30)
    assert run.returncode == 0 and "sudo deploy/" in run.stdout and "Idempotent" in run.stdout
    run = subprocess.run(["bash", str(script), "--tabel", "3"], capture_output=True, text=True, timeout=30)
    assert run.returncode == 2 and "unknown option --tabel" in run.stderr


def test_table_number_is_checked_first():
    run = subprocess.run(["bash", str(SCRIPTS[0]), "--table", "three"], capture_output=True, text=True,
                         timeout=30)
    assert run.returncode == 2 and "--table three: a table number" in run.stderr
