"""The game forms on the table unit, one module each (the rules are in ``bridge``): which deal
comes next, the phase a deal begins with, how it is scored and what the score sheet shows."""

from __future__ import annotations

from ...i18n import LAWS
from ..board import FlowConfig
from .base import TableForm
from .chicago import ChicagoAtTable
from .duplicate import DuplicateBoards
from .minibridge import MinibridgeAtTable
from .rubber import RubberAtTable
from .twoplayer import TwoPlayerAtTable

_ = LAWS.gettext

FORMS: dict[str, type[TableForm]] = {
    "duplicate": DuplicateBoards, "rubber": RubberAtTable,
    "chicago": ChicagoAtTable, "chicago-duplicate": ChicagoAtTable, "minibridge": MinibridgeAtTable,
    "two-player": TwoPlayerAtTable,
}


def table_form(config: FlowConfig) -> TableForm:
    """The form table.toml's ``game`` names, for a new session."""
    if config.game not in FORMS:
        raise ValueError(_("the table unit does not play {game!r} yet").format(game=config.game))
    return FORMS[config.game](config)
