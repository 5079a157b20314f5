"""Reference screens, compared pixel by pixel (BRIDGETABLE_UPDATE_SCREENS=1 rewrites them)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bridgetable.bridge import Card, Seat
from bridgetable.events import TableEvent
from bridgetable.table.flow import BoardFlow, FlowConfig
from bridgetable.table.moves import Moves
from bridgetable.table.screens import render, render_traveller
from bridgetable.table.script import auction_events, board_events

from .helpers import DEAL, feed, finish_play, key

SCREENS = Path(__file__).parent / "screens"


def _flow(*events) -> BoardFlow:  # type: ignore[no-untyped-def]
    flow = BoardFlow(FlowConfig(boards=[1, 2], deals={1: DEAL}))
    feed(flow, *events)
    return flow


def _auction_with_message() -> BoardFlow:
    flow = _flow(key("N", "OK"), *auction_events(Seat.N, "1NT 2H"), key("S", "2"))
    flow.handle(key("S", "C"))  # insufficient: refused, with a message
    return flow


def _play() -> BoardFlow:
    flow = _flow(key("N", "OK"), *auction_events(Seat.N, "1NT Pass 3NT Pass Pass Pass"))
    finish_play(flow, tricks=3)
    play = flow.play
    assert play is not None
    for _ in range(2):  # two cards of the fourth trick
        feed(flow, TableEvent.card(play.turn, play.legal_cards()[-1]))
    return flow


def _result() -> BoardFlow:
    events = board_events(DEAL, Seat.N, "1NT Pass 3NT Pass Pass Pass")[:-1]
    return _flow(*events, key("W", "DIRECTOR"))


def _waiting() -> BoardFlow:
    """Board 1 confirmed; the station has not yet assigned the next round's boards."""
    flow = BoardFlow(FlowConfig(boards=[], more_boards=True))
    flow.add_boards([1], final=False)
    feed(flow, *board_events(DEAL, Seat.N, "1NT Pass 3NT Pass Pass Pass"))
    return flow


def _over() -> BoardFlow:
    """The session's last board confirmed."""
    return _flow(*board_events(DEAL, Seat.N, "1NT Pass 3NT Pass Pass Pass"),
                 *board_events(DEAL, Seat.E, "Pass 1NT Pass 3NT Pass Pass Pass"))


def _claim_entry() -> BoardFlow:
    """North claims all 13 tricks; a card scanned meanwhile is refused with a two-line notice."""
    flow = _flow(key("N", "OK"), *auction_events(Seat.N, "1NT Pass 3NT Pass Pass Pass"), key("N", "CLAIM"),
                 key("N", "7"), *[key("N", "XX")] * 6)
    assert not flow.handle(TableEvent.card(Seat.E, Card.parse("SA"))).changed
    return flow


def _players() -> BoardFlow:
    """North's number entered, East keying theirs."""
    flow = BoardFlow(FlowConfig(boards=[1, 2], deals={1: DEAL}, player_numbers=True))
    feed(flow, key("N", "1"), key("N", "2"), key("N", "OK"), key("E", "4"), key("E", "7"), key("E", "XX"))
    return flow


CASES = {
    "players": (_players, Seat.E),
    "players-entered": (_players, Seat.N),
    "start": (lambda: _flow(), Seat.N),
    "waiting": (_waiting, Seat.S),
    "auction": (_auction_with_message, Seat.S),
    "play": (_play, Seat.W),
    "result": (_result, Seat.E),
    "over": (_over, Seat.N),
    "claim": (_claim_entry, Seat.N),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_reference_screens(name: str) -> None:
    make, seat = CASES[name]
    check_reference(name, render(make().view(), seat))


def test_reference_moves_screen() -> None:
    """Round 2 done: East sees the EW pair's move in large type, the NS pair's and the boards' below."""
    moves = Moves.of({"round": 2, "table": 3, "ns": 3, "ew": 6, "next": {
        "ns": {"table": 3, "direction": "NS"}, "ew": {"table": 2, "direction": "EW"}, "boards_to": 4}})
    check_reference("moves", render(_waiting().view(), Seat.E, moves))


def test_reference_traveller_screen() -> None:
    """Five rows fit: this table's (table 3, in bold) is shown although it comes sixth."""
    rows = [{"ns": ns, "ew": ns + 6, "contract": contract, "declarer": declarer, "tricks": tricks,
             "ns_score": score, "table": ns, "ns_mp": mp, "ew_mp": 10 - mp}
            for ns, contract, declarer, tricks, score, mp in [
                (1, "3NT", "N", 10, 430, 8.0), (2, "4SX", "W", 8, 500, 10.0), (4, "Pass", None, None, 0, 1.0),
                (5, "3NT", "S", 9, 400, 4.0), (6, "2H", "E", 8, -110, 0.0), (3, "3NT", "N", 9, 400, 4.0)]]
    check_reference("traveller", render_traveller({"session": "s", "board": 7, "rows": rows}, table=3))


def check_reference(name: str, image: Image.Image) -> None:
    assert (image.size, image.mode) == ((128, 64), "1")
    path = SCREENS / f"{name}.png"
    if os.environ.get("BRIDGETABLE_UPDATE_SCREENS"):
        SCREENS.mkdir(exist_ok=True)
        image.save(path)
    reference = Image.open(path)
    assert ImageChops.difference(image.convert("L"), reference.convert("L")).getbbox() is None, (
        f"{name} differs from {path}: look at it, and if the change is meant, rerun with "
        "BRIDGETABLE_UPDATE_SCREENS=1")


def test_suit_symbols_are_drawn_and_screens_differ_by_seat() -> None:
    flow = _flow(key("N", "OK"), *auction_events(Seat.N, "1NT Pass"))
    mine, other = render(flow.view(), Seat.S), render(flow.view(), Seat.W)
    assert ImageChops.difference(mine, other).getbbox() is not None  # each seat's own label in bold
    hearts = _flow(key("N", "OK"), *auction_events(Seat.N, "1H"))
    spades = _flow(key("N", "OK"), *auction_events(Seat.N, "1S"))
    assert ImageChops.difference(render(hearts.view(), Seat.N), render(spades.view(), Seat.N)).getbbox()
