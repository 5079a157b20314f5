"""Double-dummy analysis of a board for its page: the tricks each declarer makes in each strain,
the par contract(s) and score, with endplay's DDS bindings (the optional ``dd`` extra).

Computed once per board and kept in the store (``Store.put_analysis``); without the extra the
board page says how to get it (``templates/analysis.html``) and shows the rest.
"""

from __future__ import annotations

import importlib.util
import threading
from dataclasses import dataclass
from typing import Any

from ..bridge import Seat
from .rulings import contract_of
from .store import BoardInfo, Store, StoredResult

STRAINS = ("C", "D", "H", "S", "N")  # the strains by letter ("N": notrump)
_SOLVING = threading.Lock()  # endplay's DDS solver: one call at a time in this process


def available() -> bool:
    """Whether endplay (the ``dd`` extra) is installed."""
    return importlib.util.find_spec("endplay") is not None


@dataclass(frozen=True, slots=True)
class Analysis:
    """``tricks[seat][strain]``: tricks that seat makes as declarer (strain "N" is notrump);
    ``par``: the par contracts ("5SXW-3"), ``par_score``: North-South's par score."""

    tricks: dict[str, dict[str, int]]
    par: list[str]
    par_score: int

    def row_tricks(self, result: StoredResult) -> int | None:
        """The tricks declarer could make double dummy in the contract a table played."""
        contract = contract_of(result)
        if contract is None or not result.declarer:
            return None
        return self.tricks[result.declarer][contract.strain.letter[0]]

    def to_json(self) -> dict[str, Any]:
        return {"tricks": self.tricks, "par": self.par, "par_score": self.par_score}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Analysis:
        return cls(data["tricks"], list(data["par"]), int(data["par_score"]))


def analyse(deal_text: str, dealer: str, vulnerability: str) -> Analysis:
    """The double-dummy table and par of a deal (PBN Deal value); needs endplay."""
    from endplay.dds import calc_dd_table, par
    from endplay.types import Deal, Denom, Player, Vul

    table = calc_dd_table(Deal(deal_text))
    denoms = {"C": Denom.clubs, "D": Denom.diamonds, "H": Denom.hearts, "S": Denom.spades, "N": Denom.nt}
    tricks = {str(seat): {strain: int(table[denoms[strain], Player.find(str(seat))]) for strain in STRAINS}
              for seat in Seat}
    vul = {"None": Vul.none, "NS": Vul.ns, "EW": Vul.ew, "All": Vul.both}[vulnerability]
    result = par(table, vul, Player.find(dealer))
    contracts = []
    for c in result:
        if c.level == 0:
            continue
        risk = {1: "", 2: "X", 4: "XX"}[int(c.penalty)]
        over = f"{c.result:+d}" if c.result else "="
        contracts.append(f"{c.level}{_strain(c.denom.name)}{risk}{'NESW'[int(c.declarer)]}{over}")
    return Analysis(tricks, list(dict.fromkeys(contracts)), int(result.score))


def _strain(name: str) -> str:
    return {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S", "nt": "NT"}[name]


def board_analysis(store: Store, session: str, info: BoardInfo) -> Analysis | None:
    """The board's stored analysis, computed and stored the first time; None without a deal or
    without endplay. One computation at a time: DDS is not thread-safe (visitors opening a board
    at once, each page in the web server's thread pool, crashed the station), and the visitors
    waiting for it then read the one stored."""
    if not info.deal:
        return None
    stored = store.analysis(session, info.board)
    if stored is not None:
        return Analysis.from_json(stored)
    if not available():
        return None
    with _SOLVING:
        stored = store.analysis(session, info.board)
        if stored is not None:
            return Analysis.from_json(stored)
        analysis = analyse(info.deal, info.dealer, info.vulnerability)
        store.put_analysis(session, info.board, analysis.to_json())
    return analysis
