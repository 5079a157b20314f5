"""`bridgetable central` from the command line, as the README shows it."""

from __future__ import annotations

import secrets
from pathlib import Path

import pytest

from bridgetable.cli import main
from bridgetable.link.broker import free_port


def test_a_database_that_is_not_there_is_one_line_naming_it_and_how_to_start_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "secret").write_text(secrets.token_hex(32) + "\n")  # openssl rand -hex 32 > secret
    url = f"postgresql://127.0.0.1:{free_port()}/bridgetable_central"  # nothing listens there
    status = main(["central", "--secret-file", str(tmp_path / "secret"), "--db", url, "--broker",
                   f"127.0.0.1:{free_port()}", "--no-web"])
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1, err
    assert err.startswith(f"bridgetable central: no database at {url} (connection failed: ")
    assert err.endswith("start PostgreSQL (sudo systemctl start postgresql; deploy/install-central.sh sets "
                        "one up) or give its URL with --db\n")
