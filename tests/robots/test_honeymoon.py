"""`bridgetable play --game two-player`: you against one robot, the stock phase, the bidding with
the empty seats passing, the play of the hands, scored as a rubber."""

from __future__ import annotations

import io
import random

import pytest

from bridgetable.bridge import DECK, PASS, Auction, Seat, Side, TwoPlayer, stock_phase
from bridgetable.cli import main
from bridgetable.robots.honeymoon import HoneymoonGame, robot_call, robot_card, tricks_as_declarer


class Player(io.TextIOBase):
    """Types for the human: a card not held once, then passes and the robot's own card choice."""

    def __init__(self) -> None:
        self.game: HoneymoonGame | None = None
        self.tried = False

    def readline(self, size: int | None = -1) -> str:
        game = self.game
        assert game is not None and game.tricks is not None
        if game.auction is not None and not game.auction.is_complete:
            return "p\n"
        play = game.tricks
        if not self.tried:
            self.tried = True
            return f"{next(card for card in DECK if card not in play.hands[play.turn])}\n"
        return f"{robot_card(play)}\n"


def test_a_whole_two_player_rubber_against_the_robot() -> None:
    player = Player()
    out = io.StringIO()
    game = HoneymoonGame(Seat.S, player, out, random.Random(7))
    player.game = game
    sheet = game.run()
    text = out.getvalue()
    assert sheet.over and max(sheet.games.values()) == 2
    assert "Two-player bridge: you (South) against the robot (West)." in text
    assert "(Law 44)" in text  # the card not held was refused
    assert "; S draws " in text and "; W draws " in text  # the stock phase's draws are shown
    dealers = [score.setup.dealer for score in game.form.scores]
    assert dealers == [(Seat.S, Seat.W)[i % 2] for i in range(len(dealers))]
    again = TwoPlayer((Seat.S, Seat.W))
    again.replay(game.form.results)
    assert again.sheet() == sheet
    for result in game.form.results:
        assert result.declarer in (None, Seat.W)  # you only passed: the robot declares or none


def test_the_robot_bids_only_what_it_makes_in_its_play_out() -> None:
    cards = list(DECK)
    random.Random(3).shuffle(cards)
    stock = stock_phase({Seat.S: cards[:13], Seat.W: cards[13:26]}, cards[26:], Seat.S)
    while not stock.is_complete:
        stock.play(robot_card(stock))
    auction = Auction(Seat.W)
    call = robot_call(auction, stock, Seat.W, vulnerable=False)
    assert str(call) == "2NT" and call.strain is not None
    assert tricks_as_declarer(stock, Seat.W, call.strain) == call.level + 6
    auction.add(call)
    assert robot_call(auction, stock, Seat.S, vulnerable=False) in (PASS, *auction.legal_calls())
    assert stock.is_complete and len(stock.hands[Seat.W]) == 13  # the play-out changed nothing


def test_two_player_through_the_command_line(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    typed = ("pass\n" + "".join(f"{card}\n" for card in DECK)) * 400
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    assert main(["play", "--game", "two-player", "--seed", "2", "--seat", "N"]) == 0
    out = capsys.readouterr().out
    assert "you (North) against the robot (East)" in out and "Over: " in out
    assert Side.NS.value in out
