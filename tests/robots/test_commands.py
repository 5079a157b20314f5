"""`bridgetable robots`, `bridgetable match --deals --ours` and `bridgetable replay`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgetable.bridge import Contract, Seat, duplicate_score
from bridgetable.cli import main
from bridgetable.formats.pbn import read_pbn_file, write_pbn
from bridgetable.formats.record import BoardRecord
from bridgetable.i18n import notation
from bridgetable.robots.match import robots_for


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.fixture
def deals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "deals.pbn"
    code, out, _ = _run(capsys, "robots", "--random", "8", "--seed", "5", "--out", str(path), "--json")
    assert code == 0
    summary = json.loads(out)
    assert summary["boards"] == 8 and 0 <= summary["made"] <= 8
    assert summary["make_rate"] == round(summary["made"] / 8, 4)
    assert 0 < summary["ms_per_board_median"] <= summary["ms_per_board_p95"]
    return path


def _ours(deals: Path, tmp_path: Path, count: int = 8) -> Path:
    """Our table's results: 3NT by North making nine tricks on every board."""
    records = []
    for dealt in read_pbn_file(deals)[:count]:
        records.append(BoardRecord(board=dealt.board, dealer=dealt.dealer, deal=dealt.deal,
                                   vulnerability=dealt.vulnerability, contract=Contract.parse("3NT"),
                                   declarer=Seat.N, result=9))
    path = tmp_path / "ours.pbn"
    path.write_text(write_pbn(records))
    return path


def test_robots_writes_full_records_that_read_back_the_same(deals: Path) -> None:
    records = read_pbn_file(deals)
    assert len(records) == 8
    for record in records:
        assert not record.problems
        assert record.calls and len(record.tricks) == 13 and record.contract is not None
        again = robots_for(record)  # the same cards give the same robot result
        assert (again.calls, again.tricks, again.result, again.score_ns) == (
            record.calls, record.tricks, record.result, record.score_ns)


def test_match_from_files_prints_the_json_of_the_issue(deals: Path, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    ours = _ours(deals, tmp_path)
    out_path = tmp_path / "match.pbn"
    code, out, err = _run(capsys, "match", "--deals", str(deals), "--ours", str(ours),
                          "--out", str(out_path), "--json")
    assert code == 0, err
    result = json.loads(out)
    assert set(result) == {"boards", "imps_ns", "imps_ew", "winner"}
    robots = {r.board: r for r in read_pbn_file(deals)}
    for row in result["boards"]:
        assert set(row) == {"board", "open_ns", "closed_ns", "imps_ns"}
        vul = robots[row["board"]].vulnerability
        assert vul is not None
        assert row["open_ns"] == duplicate_score(Contract.parse("3NT"), 9, vul.is_vulnerable(Seat.N))
        assert row["closed_ns"] == robots[row["board"]].score_ns
    assert result["imps_ns"] == sum(max(0, b["imps_ns"]) for b in result["boards"])
    assert result["imps_ew"] == sum(max(0, -b["imps_ns"]) for b in result["boards"])
    expected = ("draw" if result["imps_ns"] == result["imps_ew"]
                else "NS" if result["imps_ns"] > result["imps_ew"] else "EW")
    assert result["winner"] == expected
    rooms = read_pbn_file(out_path)
    assert [r.tags["Room"] for r in rooms] == ["Open", "Closed"] * 8
    for record, row in zip(rooms[::2], result["boards"], strict=True):
        assert record.tags["ScoreIMP"] == f"NS {row['imps_ns']}"


def test_replay_shows_both_tables_trick_by_trick(deals: Path, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    ours = _ours(deals, tmp_path)
    match = tmp_path / "match.pbn"
    assert _run(capsys, "match", "--deals", str(deals), "--ours", str(ours), "--out", str(match))[0] == 0
    code, out, _ = _run(capsys, "replay", str(match), "--board", "3")
    assert code == 0
    assert out.startswith("Board 3 ") and "Board 4" not in out
    assert "Open room (our table): 3NT by North, 9 tricks" in out and "Closed room (robots):" in out
    closed = next(r for r in read_pbn_file(match) if r.board == 3 and r.tags["Room"] == "Closed")
    lead = closed.tricks[0]
    assert closed.opening_leader is not None
    first = next(line for line in out.splitlines() if line.startswith(" 1  "))
    assert first[34:].startswith(f"{closed.opening_leader}:{notation.card(str(lead[closed.opening_leader]))}")
    assert any(line.startswith("13  ") for line in out.splitlines()) and "IMPs:" in out
    code, out, _ = _run(capsys, "replay", str(match))
    assert out.count("Closed room (robots):") == 8 and "Match: NS" in out
    code, _, err = _run(capsys, "replay", str(match), "--board", "12")
    assert code == 2 and "board 12 is not in the match" in err


def test_bad_input_gets_a_clear_error(deals: Path, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    five = _ours(deals, tmp_path, count=5)
    code, _, err = _run(capsys, "match", "--deals", str(deals), "--ours", str(five))
    assert code == 2 and "a match is 4, 8 or 16 boards, not 5" in err
    code, _, err = _run(capsys, "match", "--deals", str(tmp_path / "missing.pbn"), "--ours", str(five))
    assert code == 2 and "missing.pbn" in err and "cannot read" in err
    code, _, err = _run(capsys, "match", "--ours", str(five))
    assert code == 2 and "--ours needs --deals" in err
    code, _, err = _run(capsys, "replay", str(deals))
    assert code == 2 and "Room" in err
    code, _, err = _run(capsys, "robots", "--random", "0", "--out", str(tmp_path / "x.pbn"))
    assert code == 2 and "--random needs one board or more" in err


def test_robots_play_each_board_of_a_traveller_once(deals: Path, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    records = read_pbn_file(deals)
    traveller = tmp_path / "traveller.pbn"
    traveller.write_text(write_pbn([records[0], records[1], records[0]]))
    out = tmp_path / "robots.pbn"
    code, text, _ = _run(capsys, "robots", str(traveller), "--out", str(out), "--json")
    assert code == 0 and json.loads(text)["boards"] == 2
    assert [r.board for r in read_pbn_file(out)] == [records[0].board, records[1].board]
    unnumbered = tmp_path / "unnumbered.pbn"
    unnumbered.write_text(f'[Deal "{records[0].deal}"]\n\n')
    code, _, err = _run(capsys, "robots", str(unnumbered), "--out", str(out))
    assert code == 2 and "a record without a board number (line 1)" in err
