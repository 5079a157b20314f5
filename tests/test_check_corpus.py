"""`bridgetable check` on the real files of tests/data, and the command itself."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bridgetable.check import check_files
from bridgetable.cli import main

from .corpus import BEN, CORPUS, ENDPLAY, OURS, PBNTOOLS, REFERENCE

WRONG_SEAT = OURS / "wrong-seat.pbn"


def problems_of(paths: list[Path]) -> list[str]:
    reports, unreadable = check_files([str(p) for p in paths])
    assert unreadable == []
    assert reports
    return [f"{r.file}#{r.index}: {p}" for r in reports for p in r.problems]


# Files that SOURCES.md says are consistent (scores, legal plays, results): nothing to flag.
@pytest.mark.parametrize("paths", [
    sorted((BEN / "Boards" / "BBO").glob("*.pbn")),
    [BEN / "demo" / "camrose2024_BEN.pbn", BEN / "src" / "christy170a.pbn",
     BEN / "scripts" / "data" / "TableMonitor" / "From Jack 2.pbn"],
    [BEN / "scripts" / "data" / "TableMonitor" / "training.pbn"],
    [ENDPLAY / "tests" / "pbn" / "example2.pbn", ENDPLAY / "tests" / "pbn" / "example1.pbn"],
    sorted((PBNTOOLS / "test_8_bbo_wronie_20130824").glob("*.pbn")),
    [PBNTOOLS / "test_7_bbo_www_acbl_20130810" / "acbl_1607_pairs_acbl_sat_1pm_speedball.pbn"],
    [PBNTOOLS / "test_1_pary" / "WB120802" / "wb120802.pbn",
     PBNTOOLS / "test_2_kops" / "PCH1003" / "PCH1003.pbn",
     PBNTOOLS / "test_9_pary_www_szczyrk_20131108" / "131108szczyrk.pbn"],
    [OURS / "implicit-tags.pbn"],
], ids=["bbo-daylong", "ben-robots", "table-manager", "endplay", "bbo-wronie", "acbl", "results-only",
        "implicit-tags"])
def test_consistent_corpus_files_pass(paths: list[Path]) -> None:
    assert paths
    assert problems_of(paths) == []


def test_every_corpus_lin_file_passes() -> None:
    paths = sorted(CORPUS.glob("**/*.lin"))
    assert len(paths) == 18
    reports, unreadable = check_files([str(p) for p in paths])
    assert unreadable == []
    assert len(reports) == 41
    assert [p for r in reports for p in r.problems] == []


def test_non_standard_files_are_read_with_warnings_only() -> None:
    reports, _ = check_files([str(BEN / "scripts" / "data" / "TableMonitor" / "training.pbn")])
    assert all(r.ok for r in reports)
    assert any("not in quotes" in w for r in reports for w in r.warnings)


def test_auctions_written_from_the_wrong_seat_are_flagged() -> None:
    """wrong-seat.pbn lists the auction from North (the dealer) although East opened it:
    read as written, North first names clubs, so Declarer East and the lead from South disagree."""
    reports, _ = check_files([str(WRONG_SEAT)])
    assert [(p.kind, p.message) for p in reports[0].problems] == [
        ("declarer", "Declarer East, but North first named the strain of 5♣"),
        ("play", "the opening lead is shown from South, but East is on declarer's left (Law 41A)"),
    ]


def test_reference_error_file_revoke_and_insufficient_bid() -> None:
    found = problems_of([REFERENCE / "errors_10.pbn"])
    assert any("revoke: trick 1: South played ♣A on a ♠ lead while holding ♠ (Law 61A)"
               in p for p in found)
    assert any("auction: " in p and "insufficient bid" in p and "Law 27" in p for p in found)


def test_json_output_and_exit_status(capsys: pytest.CaptureFixture[str]) -> None:
    good = str(BEN / "src" / "christy170a.pbn")
    bad = str(WRONG_SEAT)
    assert main(["check", "--json", good]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert [b["index"] for b in payload["boards"]] == list(range(8))
    assert set(payload["boards"][0]) >= {"file", "index", "board", "ok", "problems"}
    assert main(["check", "--json", good, bad]) == 1
    flagged = [b for b in json.loads(capsys.readouterr().out)["boards"] if not b["ok"]]
    assert [(b["file"], b["index"], b["board"]) for b in flagged] == [(bad, 0, 1)]
    assert {p["kind"] for p in flagged[0]["problems"]} == {"declarer", "play"}


def test_unreadable_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    binary = tmp_path / "noise.pbn"
    binary.write_bytes(bytes(range(256)) * 4)
    assert main(["check", str(tmp_path / "missing.pbn")]) == 2
    assert "missing.pbn" in capsys.readouterr().err
    assert main(["check", str(binary)]) == 2


def test_human_output_names_the_record_and_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    main(["check", str(WRONG_SEAT)])
    out = capsys.readouterr().out
    assert "wrong-seat.pbn record 0 (board 1): PROBLEMS" in out
    assert "declarer: Declarer East, but North first named the strain of 5♣" in out
    assert "1 record checked: 0 consistent, 1 with problems" in out


@pytest.mark.parametrize(("args", "printed"), [
    (["score", "4SX", "8", "--vul"], "-500"),
    (["score", "3NT", "9"], "400"),
    (["score", "Pass", "0"], "0"),
    (["imps", "450"], "10"),
    (["imps", "-4000"], "-24"),
])
def test_score_and_imps_commands(args: list[str], printed: str,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 0
    assert capsys.readouterr().out.strip() == printed


def test_bad_contract_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "4Z", "8"]) == 2
    assert "not a contract: '4Z'" in capsys.readouterr().err


def test_console_command_is_installed() -> None:
    bridgetable = Path(sys.executable).with_name("bridgetable")
    done = subprocess.run([str(bridgetable), "score", "4SX", "8", "--vul"],
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "-500"
