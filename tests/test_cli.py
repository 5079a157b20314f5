"""The command line's front: what --help promises and how a missing setting is refused."""

import pytest

from bridgetable.cli import build_parser, main


def test_station_password_is_optional_in_help_and_needed_to_run(monkeypatch, capsys):
    monkeypatch.delenv("BRIDGETABLE_PASSWORD", raising=False)
    with pytest.raises(SystemExit) as exit_:
        main(["station", "--help"])
    assert exit_.value.code == 0 and "[--password PASSWORD]" in capsys.readouterr().out
    assert main(["station", "--accounts", "accounts.json", "--session", "s1"]) == 2
    assert "--password, or $BRIDGETABLE_PASSWORD" in capsys.readouterr().err


def test_station_password_from_the_environment(monkeypatch):
    monkeypatch.setenv("BRIDGETABLE_PASSWORD", "secret")
    args = build_parser().parse_args(["station", "--accounts", "a.json", "--session", "s1"])
    assert args.password == "secret"
