"""The two-player game at the table (the rules: ``bridge.twoplayer``): the players sit at
table.toml's ``players`` (two seats of different sides) and deal in turn; each deal begins with
the stock phase, then the auction and the play (``phases.twoplayer``); scored as a rubber."""

from __future__ import annotations

from ...bridge import GameForm, Seat, TwoPlayer
from ..board import PASSED_OUT_OTHER_PLAYER, Handler, Phase
from ..phases import twoplayer
from .base import EngineForm


class TwoPlayerAtTable(EngineForm):
    passed_out = PASSED_OUT_OTHER_PLAYER

    def new_game(self) -> GameForm:
        return TwoPlayer(self.config.players)

    def first_phase(self) -> Phase:
        return Phase.STOCK

    @property
    def players(self) -> tuple[Seat, Seat] | None:
        return self.config.players

    def handlers(self) -> dict[Phase, Handler]:
        return {Phase.STOCK: twoplayer.on_stock_key, Phase.AUCTION: twoplayer.on_auction_key,
                Phase.PLAY: twoplayer.on_play_key, Phase.RESULT: twoplayer.on_result_key}
