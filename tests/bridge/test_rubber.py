"""Rubber bridge and the shared game-form types, against seed 001's rule-change table, seed 003's
"Varianten" and worked scoring examples, and whole rubbers checked by hand."""

from __future__ import annotations

import pytest

from bridgetable.bridge import (
    Card,
    Contract,
    Deal,
    DealResult,
    DealSetup,
    GameOver,
    Honour,
    ParseError,
    Rubber,
    Seat,
    Side,
    Strain,
    Vulnerability,
    game_form,
    honours,
)
from bridgetable.bridge.rubber import line_entries


def rubber(*lines: str) -> Rubber:
    form = Rubber()
    form.replay(DealResult.parse(line) for line in lines)
    return form


def split(line: str, vulnerable: bool) -> tuple[dict[Side, int], dict[Side, int]]:
    """A deal's points below and above the line, by side."""
    below = {Side.NS: 0, Side.EW: 0}
    above = {Side.NS: 0, Side.EW: 0}
    for entry in line_entries(DealResult.parse(line), vulnerable):
        (below if entry.below else above)[entry.side] += entry.points
    return below, above


# Seed 003's worked examples (Teil 4), written with the rubber's line: the trick points go below,
# the rest above, and no game or part-score bonus per deal (seed 001: "Ingen for en enkelt udgang").
@pytest.mark.parametrize(("line", "vulnerable", "below_ns", "above_ns", "above_ew"), [
    ("2S N 9", False, 60, 30, 0),            # 2 Pik, 9 Stiche: 60 + Überstich 30
    ("3NT N 9", True, 100, 0, 0),            # 40 + 30 + 30 = 100 Stichpunkte
    ("4H N 11", False, 120, 30, 0),          # 4 x 30, ein Überstich 30
    ("6C N 12", False, 120, 500, 0),         # 6 x 20, Kleinschlemm 500
    ("7NT N 13", True, 220, 1500, 0),        # 40 + 6 x 30, Großschlemm 1500
    ("3DX N 9", False, 120, 50, 0),          # 3 x 40 durch das Kontra; kontriert 50
    ("1NTX N 8", True, 80, 50 + 200, 0),     # 80; kontriert 50; Überstich kontriert in Gefahr 200
    ("4HXX N 10", False, 480, 100, 0),       # 4 x 120; rekontriert 100
    ("4SX N 8", True, 0, 0, 500),            # 2 Faller kontriert in Gefahr: 200 + 300
    ("3NT N 7", False, 0, 0, 100),           # 2 Faller x 50
])
def test_the_seed_examples_split_above_and_below_the_line(line: str, vulnerable: bool, below_ns: int,
                                                           above_ns: int, above_ew: int) -> None:
    below, above = split(line, vulnerable)
    assert below == {Side.NS: below_ns, Side.EW: 0}
    assert above == {Side.NS: above_ns, Side.EW: above_ew}


def test_a_2_0_rubber_scores_700_on_the_deal_that_wins_it() -> None:
    form = rubber("4S N 10", "3NT S 9")
    sheet = form.sheet()
    assert sheet.over and sheet.next is None
    assert sheet.games == {Side.NS: 2, Side.EW: 0}
    assert sheet.to_json() == {"deals": [{"ns": 120, "ew": 0}, {"ns": 800, "ew": 0}],
                               "ns_total": 920, "ew_total": 0, "over": True, "winner": "NS"}
    assert [e.what for e in form.scores[1].entries] == ["trick points", "rubber"]
    with pytest.raises(GameOver):
        form.record(DealResult.parse("1C N 7"))
    assert len(form.scores) == 2


def test_a_2_1_rubber_with_a_part_score_cancelled_by_the_other_sides_game() -> None:
    form = rubber("2H N 8")                                   # NS 60 below
    assert form.sheet().part_scores == {Side.NS: 60, Side.EW: 0}
    form.record(DealResult.parse("4S E 10"))                  # EW game: NS's 60 no longer counts
    sheet = form.sheet()
    assert sheet.games == {Side.NS: 0, Side.EW: 1}
    assert sheet.part_scores == {Side.NS: 0, Side.EW: 0}
    assert form.next_deal().vulnerability is Vulnerability.EW
    form.replay(DealResult.parse(line) for line in ("2S N 8", "1NT S 7"))  # 60 + 40: NS game
    assert form.sheet().games == {Side.NS: 1, Side.EW: 1}
    assert form.next_deal().vulnerability is Vulnerability.BOTH
    form.record(DealResult.parse("3NT W 8"))                  # one down vulnerable: NS 100 above
    form.record(DealResult.parse("5D E 11"))                  # EW's second game: 500
    sheet = form.sheet()
    assert [(d["ns"], d["ew"]) for d in sheet.to_json()["deals"]] == [  # type: ignore[attr-defined]
        (60, 0), (0, 120), (60, 0), (40, 0), (100, 0), (0, 600)]
    assert (sheet.total(Side.NS), sheet.total(Side.EW)) == (260, 720)
    assert sheet.over and sheet.winner is Side.EW
    assert sheet.line_total(Side.EW, below=True) == 220 and sheet.line_total(Side.EW, below=False) == 500


def test_the_deal_passes_clockwise_and_a_passed_out_deal_goes_to_the_next_dealer() -> None:
    form = Rubber()
    assert form.next_deal() == DealSetup(1, Seat.N, Vulnerability.NONE)  # seed 001: nobody at first
    form.record(DealResult(None))
    assert form.next_deal().number == 2 and form.next_deal().dealer is Seat.E
    assert form.scores[0].entries == ()
    started_west = Rubber(first_dealer=Seat.W)
    started_west.record(DealResult.parse("Pass"))
    assert started_west.next_deal().dealer is Seat.N


def test_honours_count_for_a_defender_made_or_not() -> None:
    made = rubber("4S N 10 E 100").sheet()
    assert made.to_json()["deals"] == [{"ns": 120, "ew": 100}]
    defeated = rubber("4S N 9 W 150").sheet()
    assert defeated.to_json()["deals"] == [{"ns": 0, "ew": 50 + 150}]


def test_four_aces_at_no_trump_are_150_and_only_the_aces_count_there() -> None:
    assert rubber("3NT S 9 S 150").sheet().to_json()["deals"] == [{"ns": 250, "ew": 0}]
    with pytest.raises(ParseError, match="four aces"):
        DealResult.parse("3NT S 9 S 100")


def test_a_doubled_part_score_that_makes_game() -> None:
    form = rubber("2HX S 8")  # 2 x 30 doubled = 120 below: a game
    assert form.sheet().games == {Side.NS: 1, Side.EW: 0}
    assert form.scores[0].points(Side.NS, below=True) == 120
    assert form.scores[0].points(Side.NS, below=False) == 50


def test_an_unfinished_rubber_scores_300_for_a_game_up_and_100_for_a_part_score() -> None:
    sheet = rubber("4S N 10", "2D E 8").sheet()
    assert not sheet.over and sheet.winner is Side.NS
    assert {(e.side, e.points, e.what) for e in sheet.closing} == {
        (Side.NS, 300, "unfinished game"), (Side.EW, 100, "unfinished part-score")}
    assert sheet.to_json() == {"deals": [{"ns": 120, "ew": 0}, {"ns": 0, "ew": 40}],
                               "ns_total": 420, "ew_total": 140, "over": False, "winner": "NS"}
    level = rubber("4S N 10", "4S E 10").sheet()  # a game each: nobody is a game up
    assert level.closing == () and level.winner is None


def test_replaying_the_results_gives_the_same_sheet() -> None:
    played = rubber("2H N 8", "4S E 10 E 100", "Pass", "2S N 8", "1NT S 7", "3NT W 8")
    again = game_form("rubber")
    again.replay(played.results)
    assert again.sheet() == played.sheet()


def test_a_result_reads_back_from_its_text_as_a_journal_would_keep_it() -> None:
    for line in ("4SX N 9", "3NT E 10 W 150", "7NTXX S 13 N 150", "Pass", "1C W 0 E 100"):
        result = DealResult.parse(line)
        assert DealResult.parse(str(result)) == result and str(result) == line


def test_a_refused_result_changes_nothing() -> None:
    form = rubber("2H N 8")
    before = form.sheet()
    with pytest.raises(ParseError):
        form.record(DealResult(Contract(4, Strain.SPADES), None, 10))
    assert form.sheet() == before


@pytest.mark.parametrize("line", ["4S N", "4S N 14", "4S Q 10", "5 N 10", "4S N 10 E", "4S N 10 E 120",
                                  "4S N ten", "Pass N"])
def test_a_score_pad_line_it_cannot_read_is_refused(line: str) -> None:
    with pytest.raises(ParseError):
        DealResult.parse(line)


def _deal(north: str, east: str, south: str) -> Deal:
    return Deal.parse(f"N:{north} {east} {south} -")


def test_honours_are_computed_from_a_known_deal_for_whoever_holds_them() -> None:
    deal = _deal("AKQJ2.AK2.AK2.32", "T98.QJT9.QJT.QJT", "765.8765.9876.A5")
    assert honours(deal, Strain.SPADES) == Honour(Seat.N, 100)
    assert honours(deal, Strain.HEARTS) is None  # A K with North, Q J 10 with East
    assert honours(deal, Strain.DIAMONDS) is None
    assert honours(deal, Strain.NOTRUMP) is None
    aces = _deal("A32.A32.A432.A32", "KQJ.KQJ.KQJ5.KQJ", "T98.T98.T987.T98")
    assert honours(aces, Strain.NOTRUMP) == Honour(Seat.N, 150)
    five = _deal("AKQJT.A32.A32.32", "987.KQJ.KQJ5.KQJ", "654.T98.T987.T98")
    assert honours(five, Strain.SPADES) == Honour(Seat.N, 150)
    two_hands = {Seat.S: [Card.parse(c) for c in ("HA", "HK", "HQ", "HT")], Seat.W: [Card.parse("HJ")]}
    assert honours(two_hands, Strain.HEARTS) == Honour(Seat.S, 100)


def test_an_unfinished_part_score_scores_100_only_for_the_side_that_alone_has_one() -> None:
    """The Laws of Contract Bridge: both sides with a part-score in the unfinished game: they cancel."""
    both = rubber("2H N 8", "2D E 8").sheet()  # NS 60, EW 40 below, no game
    assert both.closing == () and both.part_scores == {Side.NS: 60, Side.EW: 40}
    alone = rubber("2H N 8").sheet()
    assert {(e.side, e.points, e.what) for e in alone.closing} == {(Side.NS, 100, "unfinished part-score")}
    up = rubber("4S N 10", "2H N 8", "2D E 8").sheet()  # NS a game up; both part-scores cancel
    assert {(e.side, e.points, e.what) for e in up.closing} == {(Side.NS, 300, "unfinished game")}


@pytest.mark.parametrize("name", ["rubber", "two-player"])
def test_a_rubber_without_honours_as_seed_001_plays_it(name: str) -> None:
    """Seed 001: "Honnører tælles ikke, ligesom i standardspillet"; seed 003 counts them (default)."""
    seats = {"seats": (Seat.S, Seat.W)} if name == "two-player" else {}
    counted = game_form(name, **seats)
    counted.record(DealResult.parse("4S S 10 E 100"))
    assert counted.counts_honours and counted.scores[0].points(Side.EW) == 100
    without = game_form(name, honours=False, **seats)
    assert not without.counts_honours
    with pytest.raises(ParseError, match="this game does not count honours"):
        without.record(DealResult.parse("4S S 10 E 100"))
    assert without.scores == ()
    without.record(DealResult.parse("4S S 10"))
    assert without.scores[0].points(Side.NS) == 120 and without.scores[0].points(Side.EW) == 0
