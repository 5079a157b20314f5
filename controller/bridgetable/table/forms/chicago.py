"""Chicago and Chicago with duplicate scoring at the table (the rules: ``bridge.chicago``): four
deals with the dealers and vulnerability of boards 1-4; a passed-out deal is dealt again by the
same dealer and is not one of the four; honours as table.toml's ``honours`` says (Chicago only);
the four deals' scores are shown between deals."""

from __future__ import annotations

from ..board import PASSED_OUT_SAME_DEALER
from .base import EngineForm


class ChicagoAtTable(EngineForm):
    passed_out = PASSED_OUT_SAME_DEALER
