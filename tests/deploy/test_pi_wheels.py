"""A Pi is set up without a compiler: every package of the `pi` extra has a wheel on PyPI for the
Pi's CPUs (aarch64: a 64-bit Raspberry Pi OS; armv7l: a 32-bit one) and Bookworm's Python, 3.11.
RPi.GPIO, which the extra once named, has none for aarch64: deploy/install-table.sh failed building it
(`aarch64-linux-gnu-gcc` missing) on a stock arm64 Debian 12, what deploy/test-arm64.sh runs."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).parents[2]
PLATFORMS = {"aarch64": "manylinux_2_34_aarch64", "armv7l": "linux_armv7l"}


def pi_requirements(machine: str) -> list[str]:
    extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["pi"]
    environment = {"sys_platform": "linux", "platform_machine": machine, "platform_system": "Linux"}
    return [f"{req.name}{req.specifier}" for req in map(Requirement, extra)
            if req.marker is None or req.marker.evaluate(environment)]


@pytest.mark.parametrize("machine", sorted(PLATFORMS))
def test_every_pin_library_of_the_pi_extra_installs_as_a_wheel(tmp_path: Path, machine: str) -> None:
    requirements = pi_requirements(machine)
    assert requirements, f"the pi extra names no pin library for {machine}"
    run = subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:",
                          "--platform", PLATFORMS[machine], "--python-version", "3.11",
                          "--dest", str(tmp_path), *requirements],
                         capture_output=True, text=True, timeout=170)
    assert run.returncode == 0, run.stderr[-800:]
    wheels = sorted(path.name for path in tmp_path.glob("*.whl"))
    assert len(wheels) == len(requirements) and all(machine in wheel for wheel in wheels), wheels


def test_the_install_script_is_shellcheck_clean_with_the_arm64_test() -> None:
    checker = shutil.which("shellcheck")
    assert checker, "shellcheck is missing: deploy/debian-packages.sh installs it (make test runs that)"
    run = subprocess.run([checker, "-x", str(ROOT / "deploy" / "test-arm64.sh")], capture_output=True,
                         text=True, cwd=ROOT / "deploy", timeout=60)
    assert run.returncode == 0, run.stdout
