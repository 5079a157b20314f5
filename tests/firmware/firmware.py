"""The firmware's modules, loaded from firmware/ under CPython with the `machine` stand-in.

They are loaded under their own names (not put on sys.path), so that the firmware's `config` and
`seat` cannot shadow anything else in the test process.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from . import machine_standin

FIRMWARE = Path(__file__).parents[2] / "firmware"
sys.modules.setdefault("machine", machine_standin)


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"firmware_{name}", FIRMWARE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


config = _load("config")
seat = _load("seat")
