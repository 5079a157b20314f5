"""`bridgetable tally`: the score pad, driven through the command line's main() with deals on stdin."""

from __future__ import annotations

import io
import json

import pytest

from bridgetable.bridge import DealResult, Rubber
from bridgetable.cli import main
from bridgetable.tally import sheet_text


def tally(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], typed: str,
          *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    status = main(["tally", *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_a_2_1_rubber_as_json(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    typed = "2H N 8\n4S E 10\n2S N 8\n1NT S 7\n3NT W 8 N 150\n5D E 11\n"
    status, out, _ = tally(monkeypatch, capsys, typed, "--game", "rubber", "--json")
    assert status == 0
    assert json.loads(out) == {
        "deals": [{"ns": 60, "ew": 0}, {"ns": 0, "ew": 120}, {"ns": 60, "ew": 0}, {"ns": 40, "ew": 0},
                  {"ns": 250, "ew": 0}, {"ns": 0, "ew": 600}],
        "ns_total": 410, "ew_total": 720, "over": True, "winner": "EW"}


def test_an_unfinished_rubber_includes_300_and_100_in_the_totals(monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = tally(monkeypatch, capsys, "4S N 10\n\n# a part-score\n2D E 8\n", "--game", "rubber",
                           "--json")
    assert status == 0 and out == (
        '{"deals": [{"ns": 120, "ew": 0}, {"ns": 0, "ew": 40}], "ns_total": 420, "ew_total": 140, '
        '"over": false, "winner": "NS"}\n')


def test_a_chicago_sheet_in_text(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    typed = "2S N 8\nPass\n2H S 9\n3NT E 8\n2C W 8\n"
    status, out, _ = tally(monkeypatch, capsys, typed, "--game", "chicago")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Chicago"
    assert lines[3] == "   2 E   NS   passed out, dealt again                   0      0         0      0"
    assert lines[4] == "   2 E   NS   2♥ by S, 9 tricks                       530     60         0      0"
    assert "Total: NS 750, EW 140" in lines and lines[-1] == "Over: NS wins by 610"


def test_minibridge_and_chicago_with_duplicate_scoring(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = tally(monkeypatch, capsys, "game H S 10\npart NT E 8\ngame C N 10\npart S W 6\n",
                           "--game", "minibridge", "--json")
    assert status == 0 and json.loads(out)["deals"] == [
        {"ns": 420, "ew": 0}, {"ns": 0, "ew": 120}, {"ns": 0, "ew": 50}, {"ns": 50, "ew": 0}]
    typed = "2S N 9\n3NT S 9\n3NT N 7\n4SX E 8\n" * 2
    status, out, _ = tally(monkeypatch, capsys, typed, "--game", "chicago-duplicate", "--rounds", "2",
                           "--json")
    assert status == 0 and json.loads(out)["ns_total"] == 2 * 1240 and json.loads(out)["over"] is True


@pytest.mark.parametrize(("game", "typed", "message"), [
    ("rubber", "4S N 10\n3NT S 9\n1C N 7\n", "line 3 ('1C N 7'): Rubber bridge: the game is over"),
    ("chicago", "1C N 7\n\n4Z N 10\n", "line 3 ('4Z N 10'): not a contract: '4Z'"),
    ("chicago", "1C N 7\n" * 5, "line 5 ('1C N 7'): Chicago: the game is over"),
    ("rubber", "3NT N 9 N 100\n", "line 1 ('3NT N 9 N 100'): at no trump only the four aces count"),
    ("rubber", "4S N 10 E\n", "line 1 ('4S N 10 E'): expected CONTRACT DECLARER TRICKS [SEAT POINTS]"),
    ("minibridge", "game H S\n", "line 1 ('game H S'): expected part|game STRAIN DECLARER TRICKS or Pass"),
    ("minibridge", "4H H S 10\n", "line 1 ('4H H S 10'): not an announcement (part or game): '4H'"),
    ("chicago-duplicate", "4S N 10 N 100\n", "line 1 ('4S N 10 N 100'): honours do not count in duplicate"),
])
def test_a_line_it_cannot_take_is_refused_by_its_number(monkeypatch: pytest.MonkeyPatch,
                                                        capsys: pytest.CaptureFixture[str], game: str,
                                                        typed: str, message: str) -> None:
    status, out, err = tally(monkeypatch, capsys, typed, "--game", game)
    assert status == 2 and out == ""
    assert err.startswith(f"bridgetable tally: {message}")


def _rubber(*lines: str) -> Rubber:
    form = Rubber()
    form.replay(DealResult.parse(line) for line in lines)
    return form


def test_the_rubber_sheet_shows_both_sides_above_and_below_the_line() -> None:
    text = sheet_text(_rubber("4S N 10 E 100", "2D E 8").sheet())
    assert text.splitlines() == [
        "Rubber bridge",
        "Deal Dlr Vul  Result                             NS above  below  EW above  below",
        "   1 N   None 4♠ by N, 10 tricks, honours E 100         0    120       100      0",
        "   2 E   NS   2♦ by E, 8 tricks                         0      0         0     40",
        "              unfinished game                         300      0         0      0",
        "              unfinished part-score                     0      0       100      0",
        "              total above / below the line            300    120       200     40",
        "Games won: NS 1, EW 0; part-scores in this game: NS 0, EW 40",
        "Total: NS 420, EW 240",
        "Next: deal 3, dealer S, vulnerable NS",
    ]


@pytest.mark.parametrize("game", ["rubber", "chicago"])
def test_no_honours_refuses_a_deal_with_honours_by_its_line(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], game: str) -> None:
    status, out, err = tally(monkeypatch, capsys, "4S N 10\n2H E 8 W 100\n", "--game", game, "--no-honours")
    assert status == 2 and out == ""
    assert err == "bridgetable tally: line 2 ('2H E 8 W 100'): this game does not count honours\n"
    status, out, _ = tally(monkeypatch, capsys, "4S N 10 E 100\n", "--game", game, "--json")
    assert status == 0 and json.loads(out)["deals"][0]["ew"] == 100  # counted by default (seed 003)


def test_play_takes_no_honours_to_its_game(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """`play --no-honours`: the robots' table scores no honours (quit at once: the sheet is empty)."""
    import random

    from bridgetable.bridge import Seat
    from bridgetable.cli import build_parser
    from bridgetable.robots.honeymoon import HoneymoonGame

    assert build_parser().parse_args(["play", "--game", "rubber", "--no-honours"]).no_honours
    assert not build_parser().parse_args(["play", "--game", "rubber"]).no_honours
    game = HoneymoonGame(Seat.S, io.StringIO(), io.StringIO(), random.Random(1), counts_honours=False)
    assert not game.form.counts_honours
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--game", "rubber", "--no-honours", "--seed", "1"]) == 0
    assert "Rubber" in capsys.readouterr().out
