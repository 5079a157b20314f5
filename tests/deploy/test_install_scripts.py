"""deploy/*.sh and .ci/run: shellcheck clean, and the install scripts' option checks refuse bad
input before touching the machine."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
SCRIPTS = [DEPLOY / "install-table.sh", DEPLOY / "install-station.sh", DEPLOY / "install-central.sh"]


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


def stub(folder: Path, name: str, body: str) -> None:
    (folder / name).write_text(f"#!/bin/sh\n{body}\n")
    (folder / name).chmod(0o755)


@pytest.mark.parametrize(("uid", "prefix"), [("0", ""), ("1000", "sudo ")])
def test_debian_packages_installs_the_missing_ones_through_sudo_when_not_root(tmp_path, uid, prefix):
    """dpkg-query, apt-get, id and sudo replaced by stubs on PATH that log what they are asked."""
    log = tmp_path / "log"
    bin_ = tmp_path / "bin"
    bin_.mkdir()
    stub(bin_, "dpkg-query", 'case "$3" in mosquitto|shellcheck) exit 1;; esac; '
                             'printf "install ok installed"')
    stub(bin_, "apt-get", f'echo "apt-get $* (${{DEBIAN_FRONTEND:-}})" >> {log}')
    stub(bin_, "id", f"echo {uid}")
    stub(bin_, "sudo", f'printf "sudo " >> {log}; "$@"')
    env = {name: value for name, value in os.environ.items() if name != "DEBIAN_FRONTEND"}
    run = subprocess.run(["bash", str(DEPLOY / "debian-packages.sh")], capture_output=True, text=True,
                         timeout=30, env={**env, "PATH": f"{bin_}:{env['PATH']}"})
    assert run.returncode == 0, run.stderr
    assert "==> installing mosquitto shellcheck (Debian packages)" in run.stdout
    assert log.read_text().splitlines() == [
        f"{prefix}apt-get update ()",
        f"{prefix}apt-get install -y --no-install-recommends mosquitto shellcheck (noninteractive)"]
