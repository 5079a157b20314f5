"""convert carries the whole game or refuses (exit 2, naming what it cannot carry); round trips
PBN -> LIN -> PBN and LIN -> PBN -> LIN keep deal, auction, play, contract, declarer, result and
commentary. Small files written for each case."""

from __future__ import annotations

import pytest

from bridgetable.cli import main
from bridgetable.formats.convert import ConvertError, convert
from bridgetable.formats.lin import read_lin_file
from bridgetable.formats.pbn import read_pbn_file
from bridgetable.formats.record import BoardRecord

# A robot's output: "1N" and "P", notes on the first two calls, a full play, a comment.
ROBOT = """[Event "Robot duel"]
[Board "1"]
[West "W-bot"]
[North "N-bot"]
[East "E-bot"]
[South "S-bot"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKJ7.87.976.KQ54 T85.QJT9.KQJ.T93 Q962.AK53.84.A62 43.642.AT532.J87"]
[Auction "N"]
1N =1= 2S =2= P P
P
[Note "1:15-17"]
[Note "2:natural, weak"]
[Contract "2S"]
[Declarer "E"]
[Result "5"]
[Play "S"]
D4 D3 D9 DK
H9 HA H2 H7
{Declarer gave up after two tricks}
"""

# A vugraph table whose pairs break across lines, with commentary.
SPLIT_LIN = (
    "pn|Ann,Bob,Cid,Dan|qx|o3|st||md|3SJH468TD26TC457JQ,S37KH359AD49AC268,S458QH7JQKD3QC39K,"
    "|rh||ah|Board 3|sv|e\n|mb|1C|mb|1S!|an|5+ spades|mb|p|mb|2S|mb|p|mb|3D|mb|p|mb|4S|mb|p\n"
    "|mb|p|mb|p|pc|C5|pc|C2|pc|CK|pc|CA|pc|S2|pc|SJ|pc|SK|pc|S4\n|nt|the ace of clubs wins|mc|11|\n"
)

KEPT = ("board", "dealer", "vulnerability", "deal", "partial_deal", "calls", "contract",
        "declarer", "result", "claimed", "commentary")


def same(before: BoardRecord, after: BoardRecord) -> None:
    for name in KEPT:
        assert getattr(after, name) == getattr(before, name), name
    assert {i: n.strip() for i, n in after.call_notes.items()} == {
        i: n.strip() for i, n in before.call_notes.items()}
    assert [t for t in after.tricks if t] == [t for t in before.tricks if t]
    assert all(after.tags.get(p) == before.tags.get(p) for p in ("North", "East", "South", "West"))


def test_pbn_to_lin_to_pbn_keeps_the_game(tmp_path):
    (tmp_path / "robot.pbn").write_text(ROBOT, encoding="utf-8")
    convert(tmp_path / "robot.pbn", tmp_path / "robot.lin")
    lin = (tmp_path / "robot.lin").read_text(encoding="utf-8")
    assert "mb|1N!|an|15-17|mb|2S!|an|natural, weak|mb|p|mb|p|mb|p|" in lin  # passes and notes in place
    convert(tmp_path / "robot.lin", tmp_path / "again.pbn")
    (before,) = read_pbn_file(tmp_path / "robot.pbn")
    (middle,) = read_lin_file(tmp_path / "robot.lin")
    (after,) = read_pbn_file(tmp_path / "again.pbn")
    assert before.commentary == ["Declarer gave up after two tricks"]
    assert len(before.calls) == 5 and before.call_notes == {0: "15-17", 1: "natural, weak"}
    same(before, middle)
    same(before, after)


def test_lin_to_pbn_to_lin_keeps_the_game(tmp_path):
    (tmp_path / "split.lin").write_text(SPLIT_LIN, encoding="utf-8")
    convert(tmp_path / "split.lin", tmp_path / "split.pbn")
    convert(tmp_path / "split.pbn", tmp_path / "again.lin")
    (before,) = read_lin_file(tmp_path / "split.lin")
    (middle,) = read_pbn_file(tmp_path / "split.pbn")
    (after,) = read_lin_file(tmp_path / "again.lin")
    assert before.problems == [] and len(before.calls) == 11 and before.claimed
    assert before.commentary == ["the ace of clubs wins"] and before.call_notes == {1: "5+ spades"}
    same(before, middle)
    same(before, after)
    assert middle.tags["Room"] == after.tags["Room"] == "Open"


def test_unknown_hands_survive_both_ways(tmp_path):
    text = ROBOT.replace("AKJ7.87.976.KQ54 T85.QJT9.KQJ.T93", "AKJ7.87.976.KQ54 -").replace(
        "Q962.AK53.84.A62 43.642.AT532.J87", "Q962.AK53.84.A62 -")
    (tmp_path / "part.pbn").write_text(text.split("[Play")[0], encoding="utf-8")
    convert(tmp_path / "part.pbn", tmp_path / "part.lin")
    assert "md|3SQ962HAK53D84CA62,,SAKJ7H87D976CKQ54,|" in (tmp_path / "part.lin").read_text()
    convert(tmp_path / "part.lin", tmp_path / "part2.pbn")
    (before,) = read_pbn_file(tmp_path / "part.pbn")
    (after,) = read_pbn_file(tmp_path / "part2.pbn")
    assert before.partial_deal is not None and after.partial_deal == before.partial_deal


@pytest.mark.parametrize(("change", "said"), [
    # the auction starts with East, not the dealer: LIN's auction always starts with the dealer
    (lambda t: t.replace('[Auction "N"]\n1N =1=', '[Auction "E"]\n1N =1='), "auction_first"),
    # a note on a card: LIN has no place for it
    (lambda t: t.replace("D4 D3", "D4 =1= D3").replace("H7\n", 'H7\n[Note "1:top of nothing"]\n'),
     "play_notes"),
    # a token the reader cannot read is not carried
    (lambda t: t.replace("2S =2= P P", "2S =2= P 9Z"), "is not a call"),
])
def test_what_lin_cannot_carry_refuses_with_exit_2(tmp_path, capsys, change, said):
    (tmp_path / "in.pbn").write_text(change(ROBOT), encoding="utf-8")
    with pytest.raises(ConvertError, match=said):
        convert(tmp_path / "in.pbn", tmp_path / "out.lin")
    assert main(["convert", str(tmp_path / "in.pbn"), str(tmp_path / "out.lin")]) == 2
    err = capsys.readouterr().err
    assert "not converted" in err and "record 0 (board 1)" in err and said in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["in.pbn"]  # nothing written


def test_tags_lin_has_no_place_for_are_said(tmp_path, capsys):
    (tmp_path / "in.pbn").write_text(ROBOT.replace('[Board "1"]', '[Site "Aarhus"]\n[Board "1"]'),
                                     encoding="utf-8")
    assert main(["convert", str(tmp_path / "in.pbn"), str(tmp_path / "out.lin")]) == 0
    out, err = capsys.readouterr()
    assert out.strip() == f"1 record written to {tmp_path / 'out.lin'}"
    assert "left out (no place in" in err and "Site in 1 record" in err and "Event in 1 record" in err


def test_a_passed_out_boards_declarer_and_result_need_no_place(tmp_path):
    """BBO writes a passed-out board with Declarer and Result tags; they say nothing, and LIN's
    passed-out auction carries the board whole."""
    passed = ('[Board "6"]\n[Dealer "E"]\n[Vulnerable "EW"]\n'
              '[Deal "N:AKJ7.87.976.KQ54 T85.QJT9.KQJ.T93 Q962.AK53.84.A62 43.642.AT532.J87"]\n'
              '[Declarer "S"]\n[Contract "Pass"]\n[Result "0"]\n[Auction "E"]\nPass Pass Pass Pass\n')
    (tmp_path / "in.pbn").write_text(passed, encoding="utf-8")
    convert(tmp_path / "in.pbn", tmp_path / "out.lin")
    (record,) = read_lin_file(tmp_path / "out.lin")
    assert record.passed_out and len(record.calls) == 4 and record.problems == []
    # a real contract's result is carried, or the conversion refused
    played = passed.replace('[Contract "Pass"]', '[Contract "1NT"]').replace("Pass Pass Pass Pass",
                                                                             "Pass Pass 1NT Pass\nPass Pass")
    played = played.replace('[Declarer "S"]', '[Declarer "W"]').replace('"0"', '"7"')
    (tmp_path / "played.pbn").write_text(played, encoding="utf-8")
    convert(tmp_path / "played.pbn", tmp_path / "played.lin")
    assert read_lin_file(tmp_path / "played.lin")[0].result == 7
