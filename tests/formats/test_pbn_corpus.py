"""The PBN reader on the real files of tests/data (facts from its SOURCES.md)."""

from __future__ import annotations

import dataclasses
import re
import time
from functools import cache
from pathlib import Path

import pytest

from bridgetable.formats.pbn import read_pbn, read_pbn_file, write_pbn
from bridgetable.formats.record import BoardRecord

from ..corpus import CORPUS, OURS, REFERENCE

FILES = sorted(CORPUS.glob("**/*.pbn"))


@cache
def records(path: Path) -> list[BoardRecord]:
    return read_pbn_file(path)


def full_plays(rs: list[BoardRecord]) -> int:
    return sum(1 for r in rs if sum(len(trick) for trick in r.tricks) == 52)


# The errors_* files are broken on purpose; what they break cannot all be written back.
@pytest.mark.parametrize("path", [p for p in FILES if not p.name.startswith("errors_")], ids=lambda p: p.name)
def test_every_file_reads_and_round_trips(path: Path) -> None:
    first = records(path)
    assert first
    again = read_pbn(write_pbn(first, export=False))
    assert len(again) == len(first)
    for before, after in zip(first, again, strict=True):
        assert comparable(after) == comparable(before)


def comparable(record: BoardRecord) -> BoardRecord:
    """The record without its place in the file and its format problems (writing fixes those).

    A skipped turn ("^S" in correct_10) is not something a record holds, so it is not written.
    """
    problems = [dataclasses.replace(p, message=re.sub(r"^line \d+: ", "", p.message))
                for p in record.problems if p.kind != "format" and "turn is skipped" not in p.message]
    return dataclasses.replace(record, line=0, problems=problems, warnings=[])


# Games, games with an auction, games with a full 52-card play: counted in each file (or excerpt,
# tests/data/SOURCES.md) apart from this reader, by its tags and the cards of its play section.
@pytest.mark.parametrize(("name", "count", "auctions", "plays"), [
    ("example2.pbn", 60, 40, 10),
    ("implicit-tags.pbn", 6, 5, 1),  # two games per board; the second inherits Board and Deal
    ("wronie_9533_pairs_2720_przyjaciele_wronia.pbn", 21, 20, 8),
    ("acbl_1607_pairs_acbl_sat_1pm_speedball.pbn", 18, 17, 11),
    ("camrose2024_BEN.pbn", 17, 17, 16),
    ("From Jack 2.pbn", 14, 14, 12),
    ("training.pbn", 20, 20, 20),
    ("wb120802.pbn", 13, 0, 0),
    ("PCH1003.pbn", 12, 0, 0),
    ("131108szczyrk.pbn", 13, 0, 0),
])
def test_counts_stated_in_sources(name: str, count: int, auctions: int, plays: int) -> None:
    (path,) = [p for p in FILES if p.name == name]
    rs = records(path)
    assert (len(rs), sum(1 for r in rs if r.calls), full_plays(rs)) == (count, auctions, plays)


def test_bbo_daylongs_have_score_result_and_full_play() -> None:
    bbo = [r for p in FILES if "Daylong" in p.name for r in records(p)]
    assert len(bbo) == 30
    assert all(r.score_ns is not None and (r.contract or r.passed_out) for r in bbo)
    assert not [p for r in bbo for p in r.problems]


def test_games_that_leave_out_board_and_deal_take_them_from_the_game_before() -> None:
    rs = records(OURS / "implicit-tags.pbn")
    second = rs[1]  # the closed room of board 1 inherits Board and Deal (not standard)
    assert second.board == 1 and second.deal == rs[0].deal and second.tags["West"] == "Finn"
    assert (second.dealer, second.vulnerability) == (rs[0].dealer, rs[0].vulnerability)
    assert [r.board for r in rs] == [1, 1, 2, 2, 3, 3]
    assert rs[3].deal == rs[2].deal != rs[0].deal


def test_a_large_file_is_read_in_well_under_a_few_seconds(tmp_path: Path) -> None:
    """7,632 games in 1.9 MB, the size of the largest match archive the reader was tried on."""
    games = (OURS / "implicit-tags.pbn").read_text(encoding="utf-8").split("\n\n")
    path = tmp_path / "large.pbn"
    path.write_text("\n\n".join(games * 1272), encoding="utf-8")
    start = time.perf_counter()
    rs = read_pbn_file(path)
    elapsed = time.perf_counter() - start
    assert len(rs) == 7632 and path.stat().st_size > 1_800_000
    assert elapsed < 10.0, f"{elapsed:.2f} s"  # about 1.5 s on one idle core
    assert rs[-1].board == 3 and rs[-1].deal == rs[-2].deal


def test_training_file_breaks_the_standard_in_the_documented_ways() -> None:
    rs = records(next(p for p in FILES if p.name == "training.pbn"))
    assert rs[0].tags["Event"] == "Random Deal #"
    assert [p for r in rs for p in r.problems] == []
    kinds = {w.split(": ", 1)[1].split(" ")[0] for r in rs for w in r.warnings}
    assert kinds == {"the", "Date"}  # the unquoted Event, the non-PBN Date; nothing else


@pytest.mark.parametrize("name", ["correct_10.pbn", "correct_20.pbn", "correct_21.pbn"])
def test_reference_correct_files_have_no_format_problems(name: str) -> None:
    rs = read_pbn_file(REFERENCE / name)
    assert rs
    assert [str(p) for r in rs for p in r.problems if p.kind == "format"] == []


def error_messages(name: str) -> list[str]:
    rs = read_pbn_file(REFERENCE / name)
    return [str(p) for r in rs for p in r.problems] + [f"warning: {w}" for r in rs for w in r.warnings]


def test_reference_errors_10_are_reported() -> None:
    messages = error_messages("errors_10.pbn")
    for expected in [
        "format: line 11: tag Event has no value",
        "warning: line 15: the value of tag Event is not in quotes",
        "format: line 19: Event 'Here is a tab\\t' holds a control character (such as a tab)",
        "warning: line 31: Date '1995.o6.10' is not a PBN date (YYYY.MM.DD, with ? for what is unknown)",
        "format: line 39: Dealer 'Black' is not a seat (N, E, S or W)",
        "format: line 43: Vulnerable 'E' is not None, NS, EW or All",
        "declarer: line 79: Declarer 'White' is not a seat (N, E, S or W)",
        "contract: line 83: Contract '5Hearts' is not a contract",
        "result: line 91: Result 'C-2' is not a number of tricks",
        "format: line 95: 'bad' is outside any tag or section",
        "format: line 127: tag Site appears twice in the game; the second is ignored",
        "auction: line 177: '1' is not a call",
        "warning: line 186: '1N' is written 1NT in PBN",
        "format: line 223: '!!!' is not a suffix annotation",
        "format: line 226: a second judgement (suffix or NAG) on one call",
        "format: line 238: '$256' is not a NAG ($0 to $255)",
        "format: line 244: '=a=' is not a note reference (=1= to =32=)",
        "format: line 247: note =44= has no [Note \"44:...\"]",
        "play: line 405: 'S1' is not a card",
        "format: line 529: Note 0 is not numbered 1 to 32",
        "format: line 531: Note 33 is not numbered 1 to 32",
        "result: line 636: Result 'NS 9 EW 2': the two sides' tricks do not add up to 13",
    ]:
        assert expected in messages
    assert sum("$7 is a NAG for a card, not a call" in m for m in messages) == 1


def test_reference_errors_20_and_21_are_reported() -> None:
    messages = error_messages("errors_20.pbn")
    assert "format: line 40: a second '+' in the play" in messages
    assert "format: line 66: '+' after the end of the auction" in messages
    assert "format: line 117: tag [ is not closed with ] before the game ends" in messages
    assert error_messages("errors_21.pbn") == [
        "format: line 7: OptimumScore '100' does not name a side (NS or EW)",
        "format: line 11: OptimumScore 'EW' is not a number, or a side (NS, EW) and a number"]
