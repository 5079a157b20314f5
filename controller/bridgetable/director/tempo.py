"""The tempo of the boards, for the director alone (issue 29): each call's and card's time as the
table measured it (``table.tempo``: tenths of a second, in the result's ``tempo``), long pauses,
the hesitations over the director's threshold, the pause after a STOP, and slow play per pair.

Tempo is unauthorised information to the players (Law 16): only the logged-in director's pages
show it (``visibility.tempo_shown``), even after the board is over everywhere, and it is not
sent to the center.

- **Kinds of action** (``KINDS``): a pass, a bid, a double or redouble, the opening lead, any
  other card. Each is measured against the session's own median for its kind (every table's
  every board so far), since a pass and a card in the middle of the play are not thought over alike.
- **A long pause** (marked on the board page): at least ``LONG_FACTOR`` times the median of its
  kind and at least ``LONG_MARGIN`` seconds more than it (so that 0.9 s against a median of
  0.3 s is not one).
- **Hesitations**: the calls (not the cards) that took longer than the director's threshold
  (the station's ``--hesitation-seconds``, ``HESITATION_SECONDS`` by default; the page may set
  another), per board and table.
- **After STOP**: the 2017 Laws leave the pause after a skip-bid warning to the regulating
  authority (Law 73A2: "mandatory pauses ... after skip-bid warnings"); the rule books of
  ``shared/seeds`` name the Stop card of the bidding box (000, "Meldekassen": "Stop og Alert")
  and no length, and the federations' regulations ask about ten seconds, which is what the table
  waits (``[table] stop_seconds``, 10 by default). The next player's time is shown against
  ``STOP_PAUSE``: under it "too fast", more than ``STOP_SLACK`` over it "too slow" (a long think
  after the pause tells partner as much as a quick call), else "in tempo".
- **Slow play** (``pair_tempo``): per pair, the average time per board in the auction (the
  pair's own calls), as declarer (declarer's and dummy's cards) and as defenders (their cards).
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..i18n import N_, STATION
from .replay import replay
from .store import StoredResult

_ = STATION.gettext

KINDS = {"pass": N_("pass"), "bid": N_("bid"), "double": N_("double or redouble"),
         "lead": N_("opening lead"), "card": N_("card")}
LONG_FACTOR = 3.0
LONG_MARGIN = 3.0  # seconds
HESITATION_SECONDS = 10.0
STOP_PAUSE = 10.0  # seconds: the regulation's pause after STOP and a skip bid
STOP_SLACK = 5.0  # seconds over the pause that are still in tempo
STOP_VERDICTS = {"fast": N_("too fast"), "slow": N_("too slow"), "within": N_("in tempo")}


def call_kind(call: str) -> str:
    """"pass", "double" (X or XX) or "bid"."""
    return "pass" if call == "Pass" else "double" if call in ("X", "XX") else "bid"


@dataclass(frozen=True, slots=True)
class Timed:
    """One call or card with its time: ``long`` against the session's median of its ``kind``;
    ``stop``: after a STOP, a key of ``STOP_VERDICTS``."""

    seat: str
    action: str  # the call or the card, standard notation
    kind: str
    seconds: float
    long: bool = False
    median: float | None = None
    stop: str | None = None


@dataclass(frozen=True, slots=True)
class TableTempo:
    """One table's board with its tempo: the calls in order, the cards by trick."""

    table: int
    round: int
    ns: int
    ew: int
    board: int
    calls: list[Timed]
    tricks: list[list[Timed]]

    def hesitations(self, threshold: float) -> list[Timed]:
        """The calls that took longer than ``threshold`` seconds."""
        return [timed for timed in self.calls if timed.seconds > threshold]


def _actions(result: StoredResult, dealer: str) -> tuple[list[tuple[str, str, str, float]],
                                                         list[tuple[str, str, str, float]]] | None:
    """Each call and card of a result as (seat, action, kind, seconds), or None: no tempo."""
    tempo = result.record.get("tempo")
    if not isinstance(tempo, dict):
        return None
    shown = replay(result, dealer)
    cards = [card for trick in shown["tricks"] for card in trick["cards"]]
    if len(tempo["calls"]) != len(shown["calls"]) or len(tempo["cards"]) != len(cards):
        return None  # a director's revision with another play: its times are not these cards'
    calls = [(c["seat"], c["call"], call_kind(c["call"]), t / 10)
             for c, t in zip(shown["calls"], tempo["calls"], strict=True)]
    played = [(c["seat"], c["card"], "lead" if i == 0 else "card", t / 10)
              for i, (c, t) in enumerate(zip(cards, tempo["cards"], strict=True))]
    return calls, played


def medians(results: Iterable[StoredResult], dealers: dict[int, str]) -> dict[str, float]:
    """The session's median time (seconds) of each kind of action, over every result with a tempo."""
    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for result in results:
        actions = _actions(result, dealers.get(result.board, "N"))
        if actions is not None:
            for _seat, _action, kind, seconds in [*actions[0], *actions[1]]:
                times[kind].append(seconds)
    return {kind: statistics.median(found) for kind, found in times.items() if found}


def _is_long(seconds: float, median: float | None) -> bool:
    return median is not None and seconds >= LONG_FACTOR * median and seconds >= median + LONG_MARGIN


def stop_verdict(seconds: float) -> str:
    """The next player's time after a STOP and a skip bid, against the regulation's pause."""
    if seconds < STOP_PAUSE:
        return "fast"
    return "slow" if seconds > STOP_PAUSE + STOP_SLACK else "within"


def table_tempo(result: StoredResult, dealer: str, session_medians: dict[str, float]) -> TableTempo | None:
    """One table's board with each call's and card's time, or None if its result has no tempo."""
    actions = _actions(result, dealer)
    if actions is None:
        return None
    calls_made, cards_played = actions
    after_stop = {stop + 1 for stop in result.record["tempo"].get("stops", [])}

    def timed(seat: str, action: str, kind: str, seconds: float, stop: str | None = None) -> Timed:
        median = session_medians.get(kind)
        return Timed(seat, action, kind, seconds, _is_long(seconds, median), median, stop)

    calls = [timed(*made, stop=stop_verdict(made[3]) if i in after_stop else None)
             for i, made in enumerate(calls_made)]
    cards = [timed(*played) for played in cards_played]
    return TableTempo(result.table, result.round, result.ns, result.ew, result.board, calls,
                      [cards[i:i + 4] for i in range(0, len(cards), 4)])


def board_tempo(results: Iterable[StoredResult], dealer: str,
                session_medians: dict[str, float]) -> list[TableTempo]:
    """The tempo of one board at each table whose result has one, by table."""
    found = (table_tempo(result, dealer, session_medians) for result in results)
    return sorted((t for t in found if t is not None), key=lambda t: t.table)


@dataclass(slots=True)
class PairTempo:
    """A pair's average time per board (seconds) in the auction, as declarer, as defenders."""

    pair: int
    auction: list[float] = field(default_factory=list)  # per board: the pair's calls
    declaring: list[float] = field(default_factory=list)  # per board declared: declarer's and dummy's cards
    defending: list[float] = field(default_factory=list)  # per board defended: the defenders' cards

    @staticmethod
    def mean(times: list[float]) -> float | None:
        return statistics.fmean(times) if times else None

    def as_row(self) -> dict[str, Any]:
        return {"pair": self.pair, "boards": len(self.auction),
                "auction": self.mean(self.auction), "declaring": self.mean(self.declaring),
                "defending": self.mean(self.defending)}


def pair_tempo(results: Iterable[StoredResult], dealers: dict[int, str]) -> list[dict[str, Any]]:
    """Slow play in numbers: per pair (by number), its boards with a tempo and its average time per
    board in the auction, as declarer and as defenders (None where it has none)."""
    pairs: dict[int, PairTempo] = {}
    for result in results:
        actions = _actions(result, dealers.get(result.board, "N"))
        if actions is None:
            continue
        calls, cards = actions
        for pair, side in ((result.ns, "NS"), (result.ew, "EW")):
            entry = pairs.setdefault(pair, PairTempo(pair))
            entry.auction.append(sum(seconds for seat, _a, _k, seconds in calls if seat in side))
            mine = sum(seconds for seat, _a, _k, seconds in cards if seat in side)
            if result.declarer is not None and cards:
                (entry.declaring if result.declarer in side else entry.defending).append(mine)
    return [pairs[pair].as_row() for pair in sorted(pairs)]
