"""PBN <-> LIN conversion: the pbntools expected conversion, corpus PBN files, and the command."""

from __future__ import annotations

import pytest

from bridgetable.cli import main
from bridgetable.formats.convert import ConvertError, convert
from bridgetable.formats.lin import LinError, read_lin_file
from bridgetable.formats.pbn import PbnError, read_pbn_file
from bridgetable.formats.record import BoardRecord

from ..corpus import BEN, CORPUS, ENDPLAY, OURS, PBNTOOLS

HISTORY = PBNTOOLS / "test_bbo_history_with_lins"
DAYLONG = BEN / "Boards/BBO/Ben & Friends Daily - 2024-07-24 Daylong.pbn"
REALBRIDGE = ENDPLAY / "tests/pbn/example2.pbn"
RESULTS_ONLY = PBNTOOLS / "test_1_pary/WB120802/wb120802.pbn"

GAME = ("board", "dealer", "vulnerability", "deal", "calls", "contract", "declarer", "result")
PLAYERS = ("North", "East", "South", "West")


def same_game(before: BoardRecord, after: BoardRecord, fields: tuple[str, ...] = GAME) -> None:
    for name in fields:
        assert getattr(after, name) == getattr(before, name), (before.board, name)
    assert _explained(after) == _explained(before), before.board
    assert [t for t in after.tricks if t] == [t for t in before.tricks if t], before.board


def _explained(record: BoardRecord) -> dict[int, str]:
    """The calls' explanations: PBN notes lose surrounding spaces, and bare alerts have none."""
    return {i: note.strip() for i, note in record.call_notes.items() if note.strip()}


@pytest.mark.parametrize(("lin", "index"), [("3381671193.lin", 0), ("3381683999.lin", 1)])
def test_lin_to_pbn_gives_pbntools_expected_conversion(tmp_path, lin, index):
    """pbntools keeps explanations (an) but not bare alerts (2S!), which are notes "" here."""
    expected = read_pbn_file(HISTORY / "history_expected.pbn")[index]
    convert(HISTORY / lin, tmp_path / "out.pbn")
    (converted,) = read_pbn_file(tmp_path / "out.pbn")
    assert converted.problems == []
    same_game(expected, converted)
    assert [converted.tags[p] for p in PLAYERS] == [expected.tags[p] for p in PLAYERS]
    assert len([t for t in converted.tricks if t]) == (11 if index == 0 else 13)


def test_a_lin_claim_becomes_a_pbn_claim(tmp_path):
    convert(HISTORY / "3381671193.lin", tmp_path / "out.pbn")
    assert "\nH8 H6 H9 C8\n*\n" in (tmp_path / "out.pbn").read_text(encoding="utf-8")
    (converted,) = read_pbn_file(tmp_path / "out.pbn")
    assert converted.claimed and converted.result == 11


def test_pbn_to_lin_keeps_deal_auction_alerts_and_play(tmp_path):
    records = read_pbn_file(DAYLONG)
    convert(DAYLONG, tmp_path / "out.lin")
    again = read_lin_file(tmp_path / "out.lin")
    assert len(again) == len(records) == 8
    assert sum(bool(r.call_notes) for r in again) > 0
    for before, after in zip(records, again, strict=True):
        assert after.problems == []
        same_game(before, after)
        assert sum(len(t) for t in after.tricks) == 52
        assert [after.tags[p] for p in PLAYERS] == [before.tags[p] for p in PLAYERS]


def test_pbn_to_lin_with_claims_and_passed_out_boards(tmp_path):
    records = read_pbn_file(REALBRIDGE)
    convert(REALBRIDGE, tmp_path / "out.lin")
    again = read_lin_file(tmp_path / "out.lin")
    assert len(again) == len(records) == 60
    for before, after in zip(records, again, strict=True):
        same_game(before, after, ("board", "deal", "calls", "contract", "declarer", "result",
                                  "claimed", "passed_out"))
    assert sum(r.claimed for r in again) > 0 and sum(r.passed_out for r in again) > 0


def test_results_without_auction_or_play_travel_in_rs(tmp_path):
    records = read_pbn_file(RESULTS_ONLY)
    convert(RESULTS_ONLY, tmp_path / "out.lin")
    assert (tmp_path / "out.lin").read_text(encoding="utf-8").startswith("rs|")
    again = read_lin_file(tmp_path / "out.lin")
    assert len(again) == len(records) == 13
    for before, after in zip(records, again, strict=True):
        same_game(before, after, ("board", "contract", "declarer", "result"))


def test_what_lin_cannot_say_refuses_the_conversion(tmp_path):
    """wrong-seat.pbn: the Declarer tag (E) is not the auction's declarer (N). LIN's auction
    decides the declarer, so LIN cannot carry the record: nothing is written."""
    source = OURS / "wrong-seat.pbn"
    with pytest.raises(ConvertError, match=r"record 0 \(board 1\): declarer"):
        convert(source, tmp_path / "out.lin")
    assert not (tmp_path / "out.lin").exists()


def test_a_turn_lost_to_a_call_out_of_rotation_refuses_the_conversion_to_lin(tmp_path):
    """PBN's "-" between two calls (Law 29A: West's 2C at South's turn, accepted): LIN has no way
    to say it, so nothing is written."""
    source = tmp_path / "lost-turn.pbn"
    source.write_text('[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Auction "N"]\n'
                      "1H Pass - 2C\nPass Pass Pass\n")
    [record] = read_pbn_file(source)
    assert record.skipped == [2] and record.problems == []
    with pytest.raises(ConvertError, match=r"record 0 \(board 1\): skipped"):
        convert(source, tmp_path / "out.lin")
    assert not (tmp_path / "out.lin").exists()


def test_unknown_extension_and_unreadable_input_write_nothing(tmp_path):
    with pytest.raises(ConvertError, match=r"\.pbn or \.lin, not '\.txt'"):
        convert(DAYLONG, tmp_path / "out.txt")
    with pytest.raises(LinError, match="cannot read the file"):
        convert(tmp_path / "missing.lin", tmp_path / "out.pbn")
    (tmp_path / "not.pbn").write_bytes(b"\0\1\2")
    with pytest.raises(PbnError):
        convert(tmp_path / "not.pbn", tmp_path / "out.lin")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["not.pbn"]


def test_convert_command(tmp_path, capsys):
    source = tmp_path / "in.lin"
    source.write_text((HISTORY / "3381683999.lin").read_text() + "pn|a,b,c,d|md|3SAKQ|mb|9Z|\n")
    assert main(["convert", str(source), str(tmp_path / "out.pbn")]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "not converted" in err
    assert "record 1 (board None): deal: line 2, token 2 (md|3SAKQ|)" in err
    assert "auction: line 2, token 3 (mb|9Z|): not a call" in err
    assert not (tmp_path / "out.pbn").exists()


@pytest.mark.parametrize(("argv", "message"), [
    (["x.lin", "y.doc"], "the format follows the extension"),
    (["missing.lin", "y.pbn"], "cannot read the file"),
])
def test_convert_command_errors_exit_2(tmp_path, capsys, argv, message):
    assert main(["convert", *(str(tmp_path / a) for a in argv)]) == 2
    assert message in capsys.readouterr().err


def test_convert_command_unwritable_target_exits_2(tmp_path, capsys):
    target = tmp_path / "no-such-dir" / "out.pbn"
    assert main(["convert", str(HISTORY / "3381683999.lin"), str(target)]) == 2
    assert "No such file or directory" in capsys.readouterr().err


def test_every_corpus_lin_board_survives_pbn_and_back():
    """LIN -> PBN -> LIN keeps each game (PBN notes lose surrounding spaces, nothing else)."""
    from bridgetable.formats.lin import read_lin, write_lin
    from bridgetable.formats.pbn import read_pbn, write_pbn

    boards = 0
    for path in sorted(CORPUS.rglob("*.lin")):
        records = read_lin_file(path)
        again = read_lin(write_lin(read_pbn(write_pbn(records))))
        for before, after in zip(records, again, strict=True):
            same_game(before, after, (*GAME, "claimed", "passed_out", "auction_ended"))
            assert all(after.tags.get(t) == before.tags.get(t) for t in (*PLAYERS, "Room", "Event"))
            boards += 1
    assert boards == 41
