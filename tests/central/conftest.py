"""A private PostgreSQL server for the central database's tests (initdb + pg_ctl, as the store's)."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from bridgetable.central.pgserver import PrivatePostgres


@pytest.fixture(scope="module")
def postgres_server() -> Iterator[str]:
    with PrivatePostgres() as url:
        yield url


@pytest.fixture
def central_url(postgres_server: str) -> str:
    """The server's database, emptied."""
    with psycopg.connect(postgres_server, autocommit=True) as db:
        db.execute("DROP TABLE IF EXISTS clubs, sessions, players, results, rankings, refused, deletions, "
                   "club_keys, waiting_setups CASCADE")
    return postgres_server
