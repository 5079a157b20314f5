"""Every LIN file of tests/data: counts against its SOURCES.md, no reading problem, round trip."""

from __future__ import annotations

import dataclasses
import re

import pytest

from bridgetable.bridge import Card, Contract, Deal, Play, Seat
from bridgetable.formats.lin import read_lin, read_lin_file, write_lin
from bridgetable.formats.record import BoardRecord

from ..corpus import CORPUS, SOURCES

_SOURCES_LINE = re.compile(
    r"^- `(?P<path>.+\.lin)` \| \d+ \| LIN: (?P<boards>\d+) boards, full play (?P<full>\d+), "
    r"claimed (?P<claimed>\d+)")


def _sources() -> dict[str, tuple[int, int, int]]:
    """SOURCES.md's counts per LIN file: boards, full 52-card plays, claims."""
    counts = {}
    for line in SOURCES.read_text(encoding="utf-8").splitlines():
        match = _SOURCES_LINE.match(line)
        if match:
            counts[match["path"]] = (int(match["boards"]), int(match["full"]), int(match["claimed"]))
    return counts


@pytest.fixture(scope="module")
def corpus() -> dict[str, list[BoardRecord]]:
    return {path: read_lin_file(CORPUS / path) for path in _sources()}


def _cards(record: BoardRecord) -> int:
    return sum(len(trick) for trick in record.tricks)


def test_every_lin_file_of_the_corpus_is_listed_and_read(corpus):
    on_disk = {str(path.relative_to(CORPUS)) for path in CORPUS.rglob("*.lin")}
    assert set(corpus) == on_disk and len(on_disk) == 18


def test_counts_per_file_match_sources(corpus):
    expected = _sources()
    found = {path: (len(records), sum(_cards(r) == 52 for r in records), sum(r.claimed for r in records))
             for path, records in corpus.items()}
    assert {p: c for p, c in found.items() if c != expected[p]} == {}
    boards, full, claimed = (sum(counts[i] for counts in found.values()) for i in range(3))
    assert (boards, full, claimed) == (41, 20, 16)


def test_no_reading_problem_and_every_board_complete(corpus):
    problems = [(path, i, str(p)) for path, records in corpus.items()
                for i, record in enumerate(records) for p in record.problems]
    assert problems == []
    records = [record for records in corpus.values() for record in records]
    assert all(r.deal is not None and r.board is not None and r.vulnerability for r in records)
    # two boards of the Wronie pairs event were not played: a deal and no call at all
    not_played = [r for r in records if not r.auction_ended]
    assert len(not_played) == 2 and all(not r.calls and not r.tricks for r in not_played)


def test_results_are_the_engines_count_of_the_play_or_the_claim(corpus):
    """A full play's result is what the engine's Play counts, replaying the cards in order."""
    checked = 0
    for records in corpus.values():
        for record in records:
            if record.claimed:
                assert record.result is not None and 0 <= record.result <= 13
            elif _cards(record) == 52:
                assert record.deal and record.contract and record.declarer
                play = Play(record.deal, record.contract, record.declarer)
                for trick in record.tricks:
                    for _ in range(4):
                        play.play(trick[play.turn], play.turn)
                assert record.result == play.declarer_tricks
                checked += 1
            else:
                assert record.result is None
    assert checked == 20


def test_round_trip_read_write_read_is_equal(corpus):
    fields = [f.name for f in dataclasses.fields(BoardRecord) if f.name not in ("line", "problems")]
    for path, records in corpus.items():
        again = read_lin(write_lin(records), path)
        assert len(again) == len(records), path
        for before, after in zip(records, again, strict=True):
            for name in fields:
                assert getattr(before, name) == getattr(after, name), (path, before.board, name)
            assert after.problems == []


def test_vugraph_file_one_record_per_table(corpus):
    """ours/vugraph.lin, written in the form of BBO's vugraph files (see tests/data/SOURCES.md)."""
    records = corpus["ours/vugraph.lin"]
    assert [(r.board, r.tags["Room"]) for r in records] == [
        (board, room) for board in range(1, 4) for room in ("Open", "Closed")]
    assert all(r.claimed for r in records)
    first = records[0]
    assert (first.tags["Event"], first.tags["Stage"], first.tags["Scoring"]) == (
        "Club Teams Final", "Segment 1 of 1", "IMP")
    assert (first.tags["HomeTeam"], first.tags["VisitTeam"]) == ("Reds", "Blues")
    assert [first.tags[s] for s in ("South", "West", "North", "East")] == [
        "Ada", "Ben", "Cleo", "Dan"]
    assert records[1].tags["South"] == "Eva" and records[1].tags["East"] == "Hana"
    # commentary (nt) in the auction and between the cards does not disturb them: c1 is 4H by
    # West after North's 3D and East's double, two tricks, then a claim of 9
    closed_1 = records[1]
    assert closed_1.contract == Contract.parse("4H") and closed_1.declarer is Seat.W
    assert [str(c) for c in closed_1.calls] == ["3D", "X", "Pass", "4H", "Pass", "Pass", "Pass"]
    assert closed_1.result == 9 and [len(t) for t in closed_1.tricks] == [4, 4]
    assert closed_1.tricks[0][Seat.N] == Card.parse("DK")  # written lower case: pc|dK|
    assert records[3].call_notes == {2: "transfer to hearts"}


def test_vugraph_auctions_and_claims_agree_with_its_rs_line():
    """Read without its rs line, the file's own auctions and claims give back that exact line."""
    text = (CORPUS / "ours/vugraph.lin").read_text(encoding="utf-8")
    rs_line = next(line for line in text.splitlines() if line.startswith("rs|"))
    records = read_lin(text.replace(rs_line, ""))
    assert write_lin(records).splitlines()[1] == rs_line
    assert rs_line == "rs|4SE=,4HW-1,4HW+1,4HE+1,4SN=,2SN+1|"


def test_md_ranks_in_ascending_order(corpus):
    """ours/ascending-ranks.lin writes each suit's ranks low to high (md|2STJH67QA...)."""
    (record,) = corpus["ours/ascending-ranks.lin"]
    assert record.deal == Deal.parse(
        "N:AK.J9843.KQ8.KQ5 Q98764.52.A5.A83 JT.AQ76.T732.T76 532.KT.J964.J942")
    assert (record.board, record.dealer, record.contract, record.declarer) == (
        4, Seat.W, Contract.parse("4H"), Seat.N)
    assert _cards(record) == 52 and record.result == 9


def test_kemistry_rooms_claims_and_zz_scores(corpus):
    records = corpus["Rick-Wilson__Bridge-Parsers/tests/fixtures/input/kemistry-boards-2026-01-14.lin"]
    assert [r.board for r in records] == list(range(1, 13))
    assert all(r.tags["Room"] == "Open" for r in records)
    second = records[1]  # East deals and passes, 1H by South, a claim of 9 after 40 cards
    assert second.contract == Contract.parse("1H") and second.declarer is Seat.S
    assert second.claimed and second.result == 9 and _cards(second) == 40


def test_alert_explanations_of_endplay_example(corpus):
    first = corpus["dominicprice__endplay/tests/lin/example1.lin"][0]
    assert first.call_notes[2].startswith("Major suit opening -- 5+ !H")
    assert first.call_notes[3].startswith("Michaels")
    assert first.contract == Contract.parse("5H") and first.tricks[0][Seat.W] == Card.parse("C9")
