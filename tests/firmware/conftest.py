from __future__ import annotations

import os

import pytest

from .runtimes import CPython, MicroPython, Unavailable, micropython_package


def micropython_or_skip() -> MicroPython:
    """MicroPython, installed on first use; where it cannot be, CI fails and a developer skips."""
    try:
        return MicroPython(micropython_package())
    except Unavailable as reason:
        if os.environ.get("CI"):
            pytest.fail(f"MicroPython is needed in CI: {reason}")
        pytest.skip(f"MicroPython not available here: {reason}")


@pytest.fixture(params=["cpython", "micropython"])
def runtime(request: pytest.FixtureRequest) -> CPython | MicroPython:
    """Each firmware test runs on both interpreters."""
    return CPython() if request.param == "cpython" else micropython_or_skip()
