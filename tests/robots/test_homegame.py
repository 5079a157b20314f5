"""`bridgetable play --game`: a rubber, a Chicago and Minibridge in the terminal against the robots,
driven by typed input (adaptive, and through the command line's main())."""

from __future__ import annotations

import io
import random

import pytest

from bridgetable.bridge import DECK, Chicago, Deal, Minibridge, Rubber, Seat, game_form, honours
from bridgetable.bridge.minibridge import Announcement
from bridgetable.cli import main
from bridgetable.robots import choose_card, view_for
from bridgetable.robots.homegame import HomeGame


class Player(io.TextIOBase):
    """Types for the human: passes, a refused announcement then "game NT", the robots' own card."""

    def __init__(self) -> None:
        self.game: HomeGame | None = None
        self.refused = False

    def readline(self, size: int | None = -1) -> str:
        game = self.game
        assert game is not None
        if game.auction is not None and not game.auction.is_complete:
            return "p\n"
        if game.play is None:  # Minibridge: declarer's announcement
            if not self.refused:
                self.refused = True
                return "slam H\n"
            return "game NT\n"
        return f"{choose_card(view_for(game.play))}\n"


def _play(form: Minibridge | Rubber | Chicago, seed: int, seat: Seat = Seat.S) -> str:
    player = Player()
    out = io.StringIO()
    game = HomeGame(form, seat, player, out, random.Random(seed))
    player.game = game
    sheet = game.run()
    assert sheet.over and form.over
    again = game_form(form.name)
    again.replay(form.results)
    assert again.sheet() == sheet  # the terminal game's results replay to the same sheet
    return out.getvalue()


def test_a_minibridge_game_announces_points_and_you_announce_when_you_declare() -> None:
    form = Minibridge()
    text = _play(form, seed=12)
    assert "Points: North" in text and "South declares; dummy is North:" in text
    assert "not accepted: not an announcement (part or game): 'slam'" in text
    assert "South announces game in NT: 9 tricks needed." in text
    assert form.counted == 4 and text.count("Over: ") == 1
    for result in form.results:
        assert result.contract is None or Announcement.of(result.contract) in Announcement


def test_a_whole_rubber_is_played_until_a_side_has_two_games() -> None:
    form = Rubber()
    text = _play(form, seed=4)
    sheet = form.sheet()
    assert max(sheet.games.values()) == 2 and min(sheet.games.values()) < 2
    rubber_bonus = [e for s in form.scores for e in s.entries if e.what == "rubber"]
    assert len(rubber_bonus) == 1 and rubber_bonus[0].points in (500, 700)
    assert f"Deal {len(form.scores)} scores" in text and "Next: deal" in text


def test_a_chicago_in_the_terminal_through_the_command_line(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    typed = ("pass\n" + "".join(f"{card}\n" for card in DECK)) * 200  # whatever is asked: one fits
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert main(["play", "--game", "chicago", "--seed", "5", "--seat", "E"]) == 0
    out = capsys.readouterr().out
    assert "Chicago against the robots; you are East." in out
    assert "=== Deal 4: dealer West, vulnerable All ===" in out and "=== Deal 5" not in out
    assert out.rstrip().splitlines()[-1].startswith("Over: ")


def test_a_game_left_before_its_end_shows_the_sheet_so_far(monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "--game", "rubber", "--seed", "1"]) == 0  # leaving by choice
    assert "Game abandoned: you left the match" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["play", "--game", "rubber", "--seed", "1"]) == 1  # the input ended mid-game
    assert "Game abandoned: the input ended" in capsys.readouterr().err


def test_the_terminal_rubber_counts_honours_from_the_hands() -> None:
    form = Rubber()
    _play(form, seed=4)
    rng = random.Random(4)
    dealt = [Deal.random(rng) for _ in form.scores]  # the game draws one deal per deal, in order
    held = 0
    for score, deal in zip(form.scores, dealt, strict=True):
        result = score.result
        if result.contract is not None:
            assert result.honours == honours(deal, result.contract.strain)
            held += result.honours is not None
    assert held > 0
