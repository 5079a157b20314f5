"""The exported PBN of boards with an irregularity, an alert, a change of call (Law 25A) and a
corrected revoke (Law 62) reads back through `bridgetable check` with the same auction, play,
result and director calls."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgetable.bridge import Seat
from bridgetable.cli import main
from bridgetable.formats.pbn import read_pbn_file
from bridgetable.table.flow import FlowConfig
from bridgetable.table.journal import Journal
from bridgetable.table.service import TableService

from .helpers import card, key
from .test_laws_table import SEED_002

SESSION = "2026-12-01"


def bid(seat: str, text: str) -> list:
    return [key(seat, text[0]), key(seat, text[1:])] if text[0].isdigit() else [key(seat, text)]


def test_a_board_with_irregularities_alerts_and_a_corrected_revoke_reads_back(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = FlowConfig(boards=[1], deals={1: SEED_002}, club="Club", session=SESSION, table="2",
                        policy="laws")
    journal_path = tmp_path / "journal.db"
    service = TableService(config, Journal(journal_path, SESSION))
    events = [key("N", "OK"), *bid("N", "1H"), *bid("E", "PASS"), key("N", "UNDO"),
              key("S", "OK"),  # Law 25A: East has called over it, so the director rules
              *bid("N", "1NT"), key("S", "ALERT"), *bid("E", "1C"),  # alerted; an insufficient bid
              key("S", "OK"),  # South accepts it (Law 27A)
              *bid("S", "3NT"), *bid("W", "PASS"), *bid("N", "PASS"), *bid("E", "PASS"),
              card("E", "S3"), card("S", "SJ"), card("W", "C4"), key("W", "UNDO"),  # Law 62
              card("W", "SK"), card("N", "SA")]
    for event in events:
        outcome = service.handle(event)
        assert outcome.changed, f"{event}: {outcome.message}"
    play = service.flow.play
    assert play is not None
    while not play.is_complete:
        outcome = service.handle(card(str(play.turn), str(play.legal_cards()[0])))
        assert outcome.changed, outcome.message
    assert service.handle(key("E", "OK")).changed  # confirmed
    [stored] = service.journal.results()
    result = stored.payload
    service.journal.close()

    ours = tmp_path / "ours.pbn"
    assert main(["table", "--journal", str(journal_path), "--export", str(ours)]) == 0
    capsys.readouterr()
    code = main(["check", "--json", str(ours)])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, [b["problems"] for b in report["boards"]]
    assert [(r["problems"], r["warnings"]) for r in report["boards"]] == [([], [])]
    [record] = read_pbn_file(ours)
    assert [str(call) for call in record.calls] == result["auction"] == ["1NT", "1C", "3NT", "Pass",
                                                                         "Pass", "Pass"]
    assert record.call_notes == {0: "alert", 1: "accepted (Law 27A)"} and result["alerts"] == [0]
    played = [str(c) for trick in record.tricks for c in (trick[s] for s in Seat) if c is not None]
    assert sorted(played) == sorted(result["play"]) and len(played) == 52
    assert str(record.tricks[0][Seat.W]) == "SK"  # the corrected card, not the revoke
    assert record.result == result["tricks"] and record.score_ns == result["score_ns"]
    comments = "\n".join(record.commentary)
    for call in result["director_calls"]:
        assert call.replace("}", ")") in comments
    assert "Law 25A" in comments and "Law 27" in comments and "Law 62B1" in comments
    assert record.play_notes == {}  # a corrected revoke is no revoke note (Law 64 does not apply)
