"""Rubber bridge at the table (the rules: ``bridge.rubber``): deal after deal until a side has
won two games; the engine gives each deal's dealer (clockwise, a passed-out deal included: the
next dealer deals) and vulnerability (a side with a game); honours count (unless table.toml's
``honours = false``, seed 001's standard game), worked out from the hands when the table knows
them, else entered with the keys; the score sheet (We/They above and
below the line) is shown between deals."""

from __future__ import annotations

from ..board import PASSED_OUT_NEXT_DEALER
from .base import EngineForm


class RubberAtTable(EngineForm):
    passed_out = PASSED_OUT_NEXT_DEALER
