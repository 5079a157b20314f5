"""The two-player game (seed 001, seed 003 "Honeymoon Bridge"): dealing in turn, scored as a rubber."""

from __future__ import annotations

import pytest

from bridgetable.bridge import DealResult, ParseError, Seat, Side, TwoPlayer


def test_the_two_players_deal_in_turn_and_a_passed_out_deal_goes_to_the_other() -> None:
    form = TwoPlayer((Seat.S, Seat.W))
    assert form.next_deal().dealer is Seat.S
    form.record(DealResult(None))
    assert form.next_deal().dealer is Seat.W
    form.record(DealResult.parse("4H W 10"))
    assert form.next_deal().dealer is Seat.S


def test_the_two_player_game_is_scored_as_a_rubber_with_honours() -> None:
    form = TwoPlayer((Seat.N, Seat.E))
    form.replay(DealResult.parse(line) for line in ("4S N 10 N 150", "3NT E 8", "5C N 11"))
    sheet = form.sheet()
    assert sheet.over and sheet.games == {Side.NS: 2, Side.EW: 0}
    assert sheet.to_json()["deals"] == [{"ns": 270, "ew": 0}, {"ns": 50, "ew": 0},
                                        {"ns": 800, "ew": 0}]


def test_the_two_players_sit_on_different_sides() -> None:
    with pytest.raises(ParseError, match="different sides"):
        TwoPlayer((Seat.N, Seat.S))
