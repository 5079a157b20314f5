"""Fixtures of the table tests."""

from __future__ import annotations

import pytest

from bridgetable.table.flow import BoardFlow, FlowConfig

from .helpers import DEAL


@pytest.fixture
def known() -> BoardFlow:
    """Boards 1 and 2, board 1's deal from the session's deal file (board 2's is unknown)."""
    return BoardFlow(FlowConfig(boards=[1, 2], deals={1: DEAL}, club="c", session="s", table="3"))
