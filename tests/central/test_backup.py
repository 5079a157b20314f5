"""Backup and restore as docs/central.md has the operator do them (issue 23, "For the operator"):
``pg_dump -Fc`` of the center's database while it is in use, the tables gone, ``pg_restore``, and
every page and API answer is again what it was."""

from __future__ import annotations

import subprocess
from pathlib import Path

import psycopg
from starlette.testclient import TestClient

from bridgetable.central import web
from bridgetable.central.db import CentralDb
from bridgetable.central.pgserver import pg_binary

from .test_pages import CLUB, PAGES, UID, center  # noqa: F401 (center: the pages' fixture)

ANSWERS = (*PAGES, "/api/clubs", f"/api/clubs/{CLUB}/sessions/{UID}", "/api/players/10001",
           "/api/players?name=a")


def answers(url: str) -> dict[str, str]:
    with TestClient(web.create_app(url)) as client:
        return {path: client.get(path).text for path in ANSWERS}


def test_a_dump_restored_gives_the_same_pages(center: str, tmp_path: Path) -> None:  # noqa: F811
    before = answers(center)
    dump = tmp_path / "central.dump"
    subprocess.run([pg_binary("pg_dump"), "-Fc", "-f", str(dump), "-d", center], check=True, timeout=120)
    with psycopg.connect(center, autocommit=True) as db:
        db.execute("DROP TABLE clubs, sessions, players, results, rankings CASCADE")  # the disaster
    subprocess.run([pg_binary("pg_restore"), "-d", center, "--clean", "--if-exists", "--no-owner", str(dump)],
                   check=True, timeout=120)
    assert answers(center) == before
    db = CentralDb(center, create=False)
    try:
        assert db.counts()["results"] == 17  # CLUB's twelve and PLAYING's five
    finally:
        db.close()
