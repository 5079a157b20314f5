"""TableForm: what the table unit asks of a game form (the rules themselves are the engine's
``bridge.GameForm``): the next deal's setup, the phase a deal begins with, a deal's score, and
the score sheet shown between deals."""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from typing import Any

from ...bridge import DealResult, DealSetup, GameForm, ScoreSheet, Seat, Side, game_form
from ..board import PASSED_OUT, FlowConfig, Handler, Phase


class TableForm(ABC):
    """A game form as the table unit plays it; ``setup(done)`` is the deal to play after
    ``done`` confirmed deals (None: none now, waiting for boards or over)."""

    passed_out = PASSED_OUT  # what the result screen says of a passed-out deal (a message id)

    def __init__(self, config: FlowConfig) -> None:
        self.config = config

    @abstractmethod
    def setup(self, done: int) -> DealSetup | None: ...

    @abstractmethod
    def resting(self, done: int) -> DealSetup:
        """The deal the screens name while there is none to play (waiting, or over)."""

    def board(self, done: int, setup: DealSetup) -> int:
        """The number of the table's deal (the result's key): the board's own number."""
        return setup.number

    def first_phase(self) -> Phase:
        """The phase after the start screen (and the hand check)."""
        return Phase.AUCTION if self.config.bidding_boxes else Phase.CONTRACT_ENTRY

    @property
    def counts_honours(self) -> bool:
        return False

    @property
    def players(self) -> tuple[Seat, Seat] | None:
        """The two players' seats of the two-player game (None: four players)."""
        return None

    def handlers(self) -> dict[Phase, Handler]:
        """The form's own key handlers, by phase, in place of ``flow.HANDLERS``."""
        return {}

    @abstractmethod
    def score(self, setup: DealSetup, result: DealResult) -> tuple[int, int]:
        """What the deal ``setup`` would score for NS and EW if confirmed now (nothing changes)."""

    def record(self, setup: DealSetup, result: DealResult) -> dict[str, Any]:
        """The deal is confirmed: it enters the running score (a BridgeError changes nothing);
        what the outbox's record of it adds (nothing for duplicate boards)."""
        return {}

    def sheet(self) -> ScoreSheet | None:
        """The score sheet (None: the form keeps none at the table, as duplicate boards)."""
        return None


class EngineForm(TableForm):
    """A form whose deals the engine deals and scores (rubber, Chicago, Minibridge, two-player):
    the game's state is the confirmed results, replayed with the journal."""

    def __init__(self, config: FlowConfig) -> None:
        super().__init__(config)
        self.game = self.new_game()

    def new_game(self) -> GameForm:
        return game_form(self.config.game, honours=self.config.honours)

    def setup(self, done: int) -> DealSetup | None:
        return None if self.game.over else self.game.next_deal()

    def board(self, done: int, setup: DealSetup) -> int:
        """The deals are numbered as played (a Chicago's passed-out deal keeps its number in the
        game, not at the table): the last one's once the game is over."""
        return done + (0 if self.game.over and done else 1)

    def resting(self, done: int) -> DealSetup:
        scores = self.game.scores
        return scores[-1].setup if scores else self.game.next_deal()

    @property
    def counts_honours(self) -> bool:
        return self.game.counts_honours

    def score(self, setup: DealSetup, result: DealResult) -> tuple[int, int]:
        deal = copy.deepcopy(self.game).record(result)
        return deal.points(Side.NS), deal.points(Side.EW)

    def record(self, setup: DealSetup, result: DealResult) -> dict[str, Any]:
        """The form, the deal's number in the game, the honours, each side's points on the deal
        and the running score after it (the deals played: an unfinished rubber's bonuses only once
        it is over, as the displays show it), and whether the game is over."""
        deal = self.game.record(result)
        sheet = self.game.sheet()
        return {"game": self.config.game, "deal_number": setup.number,
                "honours": str(result.honours) if result.honours else None,
                "ns": deal.points(Side.NS), "ew": deal.points(Side.EW),
                "ns_total": sheet.running(Side.NS), "ew_total": sheet.running(Side.EW), "over": sheet.over}

    def sheet(self) -> ScoreSheet:
        return self.game.sheet()

