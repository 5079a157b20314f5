from __future__ import annotations

from collections.abc import Iterator

import pytest

from . import machine_standin


@pytest.fixture(autouse=True)
def board() -> Iterator[machine_standin.Board]:
    """A fresh board for each test: no key pressed, no strap fitted, no UART bytes waiting."""
    machine_standin.BOARD.reset()
    machine_standin.UART.instances.clear()
    yield machine_standin.BOARD
