"""Law 70 with the optional dd extra: best play for a disputed claim on any number of tricks
(endplay's solver), agreeing with the engine's exact search where both answer."""

from __future__ import annotations

import random

import pytest

from bridgetable.bridge import Seat, Strain
from bridgetable.bridge.claims import analyse_claim
from bridgetable.table import claim_dd
from bridgetable.table.flow import BoardFlow, FlowConfig

from ..bridge.test_claims import random_play
from .helpers import feed, key

pytestmark = pytest.mark.skipif(not claim_dd.available(), reason="the dd extra (endplay) is not installed")


def test_law_70_the_dd_extras_best_play_agrees_with_the_engines_search() -> None:
    for seed in range(6):
        play = random_play(random.Random(seed), list(Strain)[seed % 5], 3, seed % 4)
        claimer = play.turn if play.turn != play.dummy else play.declarer
        analysis = analyse_claim(play, claimer, 1)
        assert analysis is not None and claim_dd.best_tricks(play, claimer) == analysis.best
    whole = random_play(random.Random(9), Strain.SPADES, 12, 1)
    best = claim_dd.best_tricks(whole, whole.declarer)
    assert best is not None and 0 <= best <= 12


def test_law_70_a_claim_disputed_early_shows_best_play_from_the_dd_extra() -> None:
    from .test_laws_table import SEED_002, calls

    board = BoardFlow(FlowConfig(boards=[1], deals={1: SEED_002}, club="c", session="s", table="1"))
    feed(board, key("N", "OK"))
    calls(board, "N 3NT", "E PASS", "S PASS", "W PASS")
    feed(board, key("N", "CLAIM"), key("N", "OK"))  # all 13 tricks
    feed(board, key("E", "DIRECTOR"))
    assert board.play is not None
    best = claim_dd.best_tricks(board.play, Seat.N)
    assert board.view().claim_analysis == (f"North claims 13 of 13: {best} on best play (double dummy); "
                                           "the worst line is the director's (Law 70)")
