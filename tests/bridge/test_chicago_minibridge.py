"""Chicago, Chicago with duplicate scoring, Minibridge and the duplicate form, against seed 003's
"Varianten" and scoring sections, seed 001's rule-change table and hand-checked games."""

from __future__ import annotations

import pytest

from bridgetable.bridge import (
    GAME_FORMS,
    Announcement,
    Chicago,
    ChicagoDuplicate,
    Contract,
    DealResult,
    Duplicate,
    GameForm,
    GameOver,
    Minibridge,
    ParseError,
    Seat,
    Side,
    Strain,
    Vulnerability,
    game_form,
    minibridge_declarer,
    parse_minibridge_result,
)


def played(form: GameForm, *lines: str) -> GameForm:
    read = parse_minibridge_result if isinstance(form, Minibridge) else DealResult.parse
    form.replay(read(line) for line in lines)
    return form


def deals(form: GameForm) -> list[tuple[int, int]]:
    return [(deal.ns, deal.ew) for deal in form.sheet().deals]


def test_chicago_deals_as_boards_1_to_4() -> None:
    form = Chicago()
    setups = []
    for line in ("1C N 7", "1C N 7", "1C N 7", "1C N 7"):
        setups.append((form.next_deal().dealer, form.next_deal().vulnerability))
        form.record(DealResult.parse(line))
    assert setups == [(Seat.N, Vulnerability.NONE), (Seat.E, Vulnerability.NS),
                      (Seat.S, Vulnerability.EW), (Seat.W, Vulnerability.BOTH)]
    assert form.over


def test_a_chicago_with_a_passed_out_deal_and_a_part_score_left_on_deal_4() -> None:
    form = Chicago()
    form.record(DealResult.parse("2S N 8"))                # NS 60 below
    form.record(DealResult.parse("Pass"))                  # dealt again by East, not counted
    assert (form.next_deal().number, form.next_deal().dealer) == (2, Seat.E)
    form.record(DealResult.parse("2H S 9"))                # 60 + 60: game, NS vulnerable: 500
    assert [e.what for e in form.scores[2].entries] == ["trick points", "overtricks", "game"]
    form.record(DealResult.parse("3NT E 8"))               # one down, EW vulnerable: NS 100
    form.record(DealResult.parse("2C W 8"))                # 40 on deal 4, no game: 100
    sheet = form.sheet()
    assert deals(form) == [(60, 0), (0, 0), (590, 0), (100, 0), (0, 140)]
    assert sheet.to_json()["ns_total"] == 750 and sheet.to_json()["ew_total"] == 140
    assert sheet.over and sheet.winner is Side.NS and sheet.closing == ()
    with pytest.raises(GameOver):
        form.record(DealResult.parse("Pass"))


def test_a_chicago_game_scores_300_or_500_at_once_and_a_fourth_deal_game_gets_no_100() -> None:
    form = played(Chicago(), "4S N 10", "2D E 8", "1NT S 7", "2S E 8")
    # Deal 1: 120 + 300 (nobody vulnerable). Deal 4: EW 40 + 60 = game, both vulnerable: 500.
    assert deals(form) == [(420, 0), (0, 40), (40, 0), (0, 560)]
    assert [e.what for e in form.scores[3].entries] == ["trick points", "game"]


def test_chicago_honours_are_a_setting() -> None:
    assert deals(played(Chicago(), "4S N 10 E 100")) == [(420, 100)]
    assert Chicago().counts_honours and game_form("rubber").counts_honours
    assert not game_form("chicago-duplicate").counts_honours
    without = Chicago(honours=False)
    assert not without.counts_honours
    with pytest.raises(ParseError, match="honours"):
        without.record(DealResult.parse("4S N 10 E 100"))
    assert without.scores == ()


def test_chicago_rounds_start_again_without_part_scores() -> None:
    form = played(Chicago(rounds=2), "1C N 7", "1C N 7", "1C N 7", "2C N 8")
    assert not form.over and form.next_deal() == form.next_deal()
    assert (form.next_deal().number, form.next_deal().dealer) == (5, Seat.N)
    form.record(DealResult.parse("2S N 8"))  # 60, not a game on top of the first round's 80
    assert [e.what for e in form.scores[4].entries] == ["trick points"]


def test_chicago_with_duplicate_scoring_uses_the_seed_examples_and_the_sum_decides() -> None:
    form = ChicagoDuplicate()
    form.record(DealResult.parse("2S N 9"))      # nobody vulnerable: 140
    form.record(DealResult.parse("Pass"))        # dealt again by East
    form.record(DealResult.parse("3NT S 9"))     # NS vulnerable: 600
    form.record(DealResult.parse("3NT N 7"))     # EW vulnerable, NS not: 2 x 50 to EW
    form.record(DealResult.parse("4SX E 8"))     # both vulnerable: 200 + 300 to NS
    assert deals(form) == [(140, 0), (0, 0), (600, 0), (0, 100), (500, 0)]
    assert form.sheet().to_json() == {"deals": [{"ns": n, "ew": e} for n, e in deals(form)],
                                      "ns_total": 1240, "ew_total": 100, "over": True, "winner": "NS"}
    with pytest.raises(ParseError, match="honours"):
        ChicagoDuplicate().record(DealResult.parse("4S N 10 N 100"))


def test_chicago_with_duplicate_scoring_repeats_the_vulnerability_of_boards_1_to_4() -> None:
    form = played(ChicagoDuplicate(rounds=2), "1C N 7", "1C N 7", "1C N 7", "1C N 7")
    assert form.next_deal() == form.next_deal()
    assert (form.next_deal().dealer, form.next_deal().vulnerability) == (Seat.N, Vulnerability.NONE)
    form.record(DealResult.parse("4H N 10"))
    assert deals(form)[-1] == (420, 0)


def test_the_duplicate_form_scores_each_board_alone_and_a_passed_out_board_counts() -> None:
    form = Duplicate(boards=[5, 6])
    assert (form.next_deal().number, form.next_deal().dealer, form.next_deal().vulnerability) == (
        5, Seat.N, Vulnerability.NS)
    form.record(DealResult.parse("Pass"))        # seed 001: no points, still one of the boards
    form.record(DealResult.parse("4S E 10"))     # board 6, EW vulnerable: 620
    assert deals(form) == [(0, 0), (0, 620)] and form.over
    with pytest.raises(ParseError, match="honours"):
        Duplicate().record(DealResult.parse("4S N 10 N 100"))


def test_minibridge_scores_the_announcement() -> None:
    form = played(Minibridge(), "game H S 10", "part NT E 8", "game C N 10", "Pass", "part S W 6")
    # 4 x 30 + 300; 40 + 30 + 50; one short: 50 to EW; 20-20 thrown in; one short: 50 to NS.
    assert deals(form) == [(420, 0), (0, 120), (0, 50), (0, 0), (50, 0)]
    assert form.over and form.sheet().winner is Side.NS
    assert all(score.setup.vulnerability is Vulnerability.NONE for score in form.scores)
    assert [score.setup.dealer for score in form.scores] == [Seat.N, Seat.E, Seat.S, Seat.W, Seat.W]


def test_a_minibridge_part_score_counts_every_trick_over_six() -> None:
    assert deals(played(Minibridge(), "part S N 10")) == [(120 + 50, 0)]
    assert deals(played(Minibridge(), "part D N 7")) == [(20 + 50, 0)]


def test_the_minibridge_announcement_stands_for_a_contract() -> None:
    assert Announcement.GAME.contract(Strain.NOTRUMP) == Contract(3, Strain.NOTRUMP)
    assert Announcement.GAME.contract(Strain.DIAMONDS) == Contract(5, Strain.DIAMONDS)
    assert Announcement.PART.contract(Strain.HEARTS) == Contract(1, Strain.HEARTS)
    assert Announcement.of(Contract(4, Strain.SPADES)) is Announcement.GAME
    with pytest.raises(ParseError, match="not a Minibridge announcement"):
        Minibridge().record(DealResult.parse("2S N 8"))
    for line in ("slam S N 12", "game X N 10", "game S N", "game S N x"):
        with pytest.raises(ParseError):
            parse_minibridge_result(line)


def test_the_minibridge_declarer_is_the_stronger_partner_of_the_stronger_pair() -> None:
    points = {Seat.N: 12, Seat.E: 8, Seat.S: 10, Seat.W: 10}
    assert minibridge_declarer(points, Seat.N) is Seat.N
    tie = {Seat.N: 11, Seat.E: 9, Seat.S: 11, Seat.W: 9}
    assert minibridge_declarer(tie, Seat.N) is Seat.N
    assert minibridge_declarer(tie, Seat.E) is Seat.S  # East announces first, then South before North
    assert minibridge_declarer({Seat.N: 10, Seat.E: 10, Seat.S: 10, Seat.W: 10}, Seat.N) is None
    with pytest.raises(ParseError, match="not 40"):
        minibridge_declarer({Seat.N: 10, Seat.E: 10, Seat.S: 10, Seat.W: 9}, Seat.N)


def test_every_form_is_made_by_name() -> None:
    assert set(GAME_FORMS) == {"duplicate", "rubber", "chicago", "chicago-duplicate", "minibridge",
                               "two-player"}
    for name in GAME_FORMS:
        form = game_form(name)
        assert form.name == name and not form.over and form.sheet().deals == ()
    with pytest.raises(ParseError, match="not a game form"):
        game_form("whist")
    with pytest.raises(ParseError):
        game_form("chicago", rounds=0)


def test_chicagos_final_sheet_counts_the_games_won_in_every_round() -> None:
    """The final sheet said "Games won: NS 0, EW 0" after games were made (the new round's)."""
    form = played(Chicago(), "4S N 10", "2D E 8", "1NT S 7", "2S E 8")  # NS game on deal 1, EW on 4
    sheet = form.sheet()
    assert sheet.over and sheet.games == {Side.NS: 1, Side.EW: 1}
    assert sheet.part_scores == {Side.NS: 0, Side.EW: 0}
    two = played(Chicago(rounds=2), "4S N 10", "4H N 10", "1C N 7", "1C E 7", "3NT W 9")
    assert two.sheet().games == {Side.NS: 2, Side.EW: 1}
    assert two.sheet().part_scores == {Side.NS: 0, Side.EW: 0}
