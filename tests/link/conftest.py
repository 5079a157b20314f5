"""A real Mosquitto for each test that needs one, on a free port in the test's directory."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bridgetable.link.accounts import Accounts, write_accounts
from bridgetable.link.broker import MosquittoProcess

from .support import CLUB, SECRET


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[MosquittoProcess]:
    """An open broker: anonymous clients, no ACL."""
    with MosquittoProcess(tmp_path / "broker") as process:
        yield process


@pytest.fixture
def accounts(tmp_path: Path) -> Accounts:
    """Accounts for a club of 3 tables and the station (the deploy/mosquitto setup)."""
    return write_accounts(tmp_path / "accounts", CLUB, 3, secret=SECRET)


@pytest.fixture
def secured_broker(tmp_path: Path, accounts: Accounts) -> Iterator[MosquittoProcess]:
    """A broker with per-table passwords and the ACL."""
    with MosquittoProcess(tmp_path / "secured", accounts=accounts) as process:
        yield process
