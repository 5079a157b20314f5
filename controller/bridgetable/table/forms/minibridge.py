"""Minibridge at the table (the rules: ``bridge.minibridge``): no auction but the announcement
(``phases.announcement``), deals dealt as boards 1-4 with nobody vulnerable, a deal of 20 points
each dealt again by the same dealer and not counted, four deals scored each on its own."""

from __future__ import annotations

from ..board import TWENTY_EACH, Phase
from .base import EngineForm


class MinibridgeAtTable(EngineForm):
    passed_out = TWENTY_EACH

    def first_phase(self) -> Phase:
        return Phase.ANNOUNCE
