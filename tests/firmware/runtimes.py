"""The interpreters the seat firmware's tests run on: CPython, and the real MicroPython.

Both run the same files: firmware/*.py, machine_standin.py as `machine`, and scenarios.py, whose
functions return plain data that the tests judge under CPython. MicroPython is the official
WebAssembly port (MicroPython 1.27, the npm registry's
`@micropython/micropython-webassembly-pyscript`), run by Node.js and installed with npm into the
build directory the first time it is needed. A construct that CPython accepts and MicroPython
refuses (a `str` method MicroPython lacks, `from __future__`, ...) then fails a test.
"""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from . import machine_standin

ROOT = Path(__file__).parents[2]
FIRMWARE = ROOT / "firmware"
TESTS = Path(__file__).parent
NPM_PACKAGE = "@micropython/micropython-webassembly-pyscript"
NPM_VERSION = "1.27.0"
BUILD = ROOT / "build" / "micropython"
HOST_SCRIPT = TESTS / "micropython_host.mjs"
FIRMWARE_IMPORTS = ("machine", "config", "seat")  # the names the firmware and scenarios import


class Unavailable(Exception):
    """MicroPython cannot be run here (no Node.js or npm, or the package did not install)."""


class FirmwareFailed(Exception):
    """The scenario raised inside the interpreter: the firmware (or scenario) does not run there."""


class CPython:
    name = "cpython"

    def __init__(self, firmware: Path = FIRMWARE) -> None:
        self.firmware = firmware

    def run(self, scenario: str, *args: Any) -> Any:
        """The scenario's result, round-tripped through JSON as MicroPython's is."""
        try:
            result = getattr(self._scenarios(), scenario)(*args)
        except Exception as error:  # the firmware does not run: said as MicroPython's would be
            raise FirmwareFailed(f"{type(error).__name__}: {error}") from error
        return json.loads(json.dumps(result))

    def _scenarios(self) -> ModuleType:
        """Firmware and scenarios loaded under names of their own; sys.modules as before after."""
        saved = {name: sys.modules.get(name) for name in FIRMWARE_IMPORTS}
        try:
            sys.modules["machine"] = machine_standin
            for name in ("config", "seat"):
                sys.modules[name] = _load(name, self.firmware / f"{name}.py")
            return _load("scenarios", TESTS / "scenarios.py")
        finally:
            for name, module in saved.items():
                if module is None:
                    sys.modules.pop(name, None)
                else:
                    sys.modules[name] = module


class MicroPython:
    name = "micropython"

    def __init__(self, package: Path, firmware: Path = FIRMWARE) -> None:
        self.package = package
        self.firmware = firmware

    def run(self, scenario: str, *args: Any) -> Any:
        command = ["node", str(HOST_SCRIPT), str(self.package), str(self.firmware), str(TESTS), scenario,
                   json.dumps(args)]
        done = subprocess.run(command, capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            raise FirmwareFailed(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else
                                 f"node exited {done.returncode}")
        (line,) = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
        return json.loads(line.removeprefix("RESULT "))


def micropython_package() -> Path:
    """The npm package's folder, installed into build/micropython when it is not there yet."""
    package = BUILD / "node_modules" / NPM_PACKAGE
    if (package / "micropython.mjs").is_file():
        return package
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            raise Unavailable(f"no {tool} (Debian: deploy/debian-packages.sh installs nodejs and npm)")
    BUILD.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["npm", "install", "--prefix", str(BUILD), "--no-audit", "--no-fund",
                           "--no-save", f"{NPM_PACKAGE}@{NPM_VERSION}"],
                          capture_output=True, text=True, timeout=300)
    if done.returncode != 0 or not (package / "micropython.mjs").is_file():
        raise Unavailable(f"npm could not install {NPM_PACKAGE}@{NPM_VERSION}: {done.stderr.strip()[-300:]}")
    return package


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"firmware_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
