"""Fixtures: a store of each kind. PostgreSQL is a private server (initdb + pg_ctl) in a temp
directory on a free port, run as the ``postgres`` user when the tests run as root."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from bridgetable.director.store import PostgresStore, SQLiteStore, SqlStore


def _pg_bin(name: str) -> str:
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                                                   reverse=True)), None)
    if found is None:
        raise RuntimeError(f"PostgreSQL's {name} is not installed: deploy/debian-packages.sh installs it "
                           "(make test runs that)")
    return found


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    root = Path(tempfile.mkdtemp(prefix="bridgetable-pg-"))
    data, port = root / "data", _free_port()
    as_user: list[str] = []
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        as_user = ["runuser", "-u", "postgres", "--"]
    subprocess.run([*as_user, _pg_bin("initdb"), "-D", str(data), "-U", "station", "--auth=trust",
                    "--no-sync", "-E", "UTF8"], check=True, capture_output=True)
    options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run([*as_user, _pg_bin("pg_ctl"), "-D", str(data), "-o", options, "-l", str(root / "log"),
                    "-w", "start"], check=True, capture_output=True)
    try:
        yield f"postgresql://station@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run([*as_user, _pg_bin("pg_ctl"), "-D", str(data), "-m", "immediate", "stop"],
                       capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[SqlStore]:
    if request.param == "sqlite":
        opened: SqlStore = SQLiteStore(tmp_path / "station.db")
    else:
        url = request.getfixturevalue("postgres_url")
        with psycopg.connect(url, autocommit=True) as db:  # each test starts from an empty store
            db.execute("DROP TABLE IF EXISTS sessions, pairs, boards, results, audit, analyses")
        opened = PostgresStore(url)
    yield opened
    opened.close()
