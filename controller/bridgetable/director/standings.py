"""Live scoring of a session: the traveller of each board and the rankings.

``score_session`` scores a session whole from the latest revision of every result, as a restarted
station or an export does. ``LiveStandings`` keeps the same standings up to date result by result:
an arriving result (a correction, an adjusted score) rescores its own board and the totals of the
pairs who played it, and always equals what ``score_session`` would give.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..robots.match import MatchResult
from ..scoring import (
    Adjusted,
    BoardResult,
    RankEntry,
    Scored,
    Tally,
    TeamEvent,
    TeamMatch,
    rank_pairs,
)
from .robotmatch import robot_match
from .rulings import played, score_results, with_penalties
from .session import Session
from .store import StoredResult
from .teamevent import event_json, score_event
from .visibility import board_finished, results_over


@dataclass(frozen=True, slots=True)
class TravellerRow:
    result: StoredResult
    ns_points: float  # matchpoints or IMPs
    ew_points: float
    top: float        # the matchpoint top; 0 for IMPs

    def message_row(self) -> dict[str, Any]:
        """The row as the link's traveller message carries it."""
        r = self.result
        return {"table": r.table, "round": r.round or 1, "ns": r.ns, "ew": r.ew,
                "contract": r.contract or (f"adj {r.adjusted}" if r.adjusted else "?"),
                "declarer": r.declarer, "tricks": r.tricks, "ns_score": r.ns_score or 0,
                "ns_mp": round(self.ns_points, 2), "ew_mp": round(self.ew_points, 2)}


@dataclass
class Standings:
    travellers: dict[int, list[TravellerRow]] = field(default_factory=dict)
    ranking: dict[str, list[RankEntry]] = field(default_factory=dict)
    match: TeamMatch | None = None
    event: TeamEvent | None = None  # a team event (issue 28), or Swiss pairs
    swiss_pairs: bool = False  # the event's entrants are pairs
    margin: str = "IMP"  # a match's margin: IMPs, or "MP" (Swiss pairs in matchpoints: an IMP equivalent)
    robots: MatchResult | None = None  # a single table against the robots

    def as_json(self, names: dict[int, str]) -> dict[str, Any]:
        """The demo's JSON: the ranking (every group, best first) and every traveller."""
        ranking = [{"pair": e.pair, "names": names.get(e.pair, ""), "percent": round(e.percent, 2),
                    "rank": e.rank, "group": group, "total": round(e.total, 2),
                    **({"factored": round(e.factored, 2)} if e.factored is not None else {})}
                   for group, entries in self.ranking.items() for e in entries]
        travellers = [{"board": board, "rows": [
            {"ns": row.result.ns, "ew": row.result.ew, "contract": row.result.contract or "",
             "declarer": row.result.declarer, "tricks": row.result.tricks, "ns_score": row.result.ns_score,
             "adjusted": row.result.adjusted, "ns_mp": round(row.ns_points, 2),
             "ew_mp": round(row.ew_points, 2)} for row in rows]}
            for board, rows in sorted(self.travellers.items())]
        extra: dict[str, Any] = {"robots": self.robots.to_json()} if self.robots is not None else {}
        if self.event is not None:
            extra["event"] = event_json(self.event, names, self.swiss_pairs, self.margin)
        return {"ranking": ranking, "travellers": travellers, **extra}


def board_result(stored: StoredResult) -> BoardResult:
    score: int | Adjusted
    if stored.adjusted:
        score = Adjusted.parse(stored.adjusted)
    else:
        score = stored.ns_score or 0
    return BoardResult(stored.board, stored.ns, stored.ew, score, stored.table, stored.round)


def score_session(session: Session, results: list[StoredResult] | None = None) -> Standings:
    """Score every board with the session's scoring and rank the pairs."""
    if results is None:
        results = session.store.results(session.id)
    by_board: dict[int, list[StoredResult]] = defaultdict(list)
    for r in played(results):
        by_board[r.board].append(r)
    times = session.movement.times_played()
    scoring = session.setup.scoring
    standings = Standings(swiss_pairs=session.swiss_pairs,
                          margin="MP" if session.swiss_pairs and scoring == "MP" else "IMP")
    all_scored: list[Scored] = []
    if session.team_event or session.swiss_pairs:  # Swiss pairs: the travellers across the field
        standings.event = score_event(session, results)
    elif scoring == "TEAMS":
        standings.match = TeamMatch(session.setup.teams.get("home", ""),  # unnamed: the pages say
                                    session.setup.teams.get("away", ""))  # "Home", "Away" in their language
    if scoring == "ROBOTS":
        standings.robots = robot_match(played(results), session.store.boards(session.id))
        against_robots = {b.board: float(b.imps_ns) for b in standings.robots.boards}
    for board, stored in sorted(by_board.items()):
        inputs = [board_result(r) for r in stored]
        if scoring == "ROBOTS":  # IMPs against the robots' table (adjusted: its IMP equivalent)
            scored = [Scored(i, *i.score.imps()) if isinstance(i.score, Adjusted)
                      else Scored(i, against_robots[board], 0.0 - against_robots[board]) for i in inputs]
        else:
            scored = score_results(scoring, stored, times.get(board, 0), session.setup.fouled.get(str(board)),
                                   session.setup.butler_trim_from)
        if standings.match is not None:
            for r, result in zip(stored, inputs, strict=True):
                standings.match.record(board, r.table, result.score)
            scored = _team_rows(standings.match, board, stored, inputs)
        elif standings.event is not None and session.team_event:
            scored = _event_rows(standings.event, board, stored, inputs)
        all_scored.extend(scored)
        standings.travellers[board] = [TravellerRow(r, s.ns, s.ew, s.top)
                                       for r, s in zip(stored, scored, strict=True)]
    standings.ranking = with_penalties(rank_pairs(all_scored, by_direction=session.movement.two_winners),
                                       session.setup.penalties)
    return standings


INCREMENTAL = ("MP", "IMP", "XIMP", "TOTAL")  # the scorings where a board's scores depend on that board alone


class LiveStandings:
    """A session's standings, kept up to date as results arrive (``put``), thread-safe: all of
    them for the director (``standings``), those of the boards over everywhere for everyone else
    (``public``, ``visibility``).

    For MP, IMP and XIMP a result rescores its board and the totals of that board's pairs; a team
    match or event, Swiss pairs or a match against the robots is scored whole when asked.
    """

    def __init__(self, session: Session, results: Iterable[StoredResult] | None = None) -> None:
        """Begin with ``results`` (by default, the session's in the store)."""
        self.session = session
        # Swiss pairs: a board's scores change the VPs of the matches that played it, scored whole
        self.incremental = session.setup.scoring in INCREMENTAL and not session.swiss_pairs
        self._played = session.movement.times_played()
        self._latest: dict[int, dict[tuple[int, int], StoredResult]] = defaultdict(dict)
        self._travellers: dict[int, list[TravellerRow]] = {}
        self._tally = Tally()
        self._ranking: dict[str, list[RankEntry]] | None = None
        self._public = Tally()  # the boards over everywhere only, brought up to date when asked
        self._over: set[int] = set()  # those boards (a board over stays over)
        self._stale: dict[int, list[Scored]] = {}  # boards over: scores the public tally has to take
        self._public_ranking: dict[str, list[RankEntry]] | None = None
        self._lock = threading.Lock()
        for stored in session.store.results(session.id) if results is None else results:
            self._keep(stored)
        for board in self._latest:
            self._rescore(board)

    def _keep(self, stored: StoredResult) -> bool:
        """Keep ``stored`` if it is the latest revision of its result; True if it was."""
        if stored.session != self.session.id:
            return False
        current = self._latest[stored.board].get((stored.round, stored.table))
        if current is not None and current.revision >= stored.revision:
            return False
        self._latest[stored.board][(stored.round, stored.table)] = stored
        return True

    def put(self, stored: StoredResult) -> bool:
        """A stored result arrives; True if it changed the standings (not an older revision)."""
        with self._lock:
            if not self._keep(stored):
                return False
            self._rescore(stored.board)
            return True

    def rescore(self, board: int | None = None) -> None:
        """Score a board again (every board when None) after a ruling in the set-up changed it."""
        with self._lock:
            for number in [board] if board is not None else list(self._latest):
                self._rescore(number)

    def _rescore(self, board: int) -> None:
        self._ranking = self._public_ranking = None
        if not self.incremental:
            return
        stored = played(self._board(board))
        scored = score_results(self.session.setup.scoring, stored, self._played.get(board, 0),
                               self.session.setup.fouled.get(str(board)), self.session.setup.butler_trim_from)
        self._travellers[board] = [TravellerRow(r, s.ns, s.ew, s.top)
                                   for r, s in zip(stored, scored, strict=True)]
        self._tally.put(board, scored)
        if board in self._over or board_finished(self.session.movement,
                                                 {(t, board) for _, t in self._latest[board]}, board):
            self._over.add(board)
            self._stale[board] = scored

    def _board(self, board: int) -> list[StoredResult]:
        """The board's latest revisions in the store's order (by table, then revision)."""
        return sorted(self._latest[board].values(), key=lambda r: (r.table, r.revision, r.round))

    def results(self) -> list[StoredResult]:
        """The latest revision of every result, by board and table."""
        with self._lock:
            return [r for board in sorted(self._latest) for r in self._board(board)]

    def standings(self) -> Standings:
        if not self.incremental:
            return score_session(self.session, self.results())
        with self._lock:
            if self._ranking is None:
                self._ranking = with_penalties(
                    self._tally.ranking(by_direction=self.session.movement.two_winners),
                    self.session.setup.penalties)
            return Standings(travellers=dict(sorted(self._travellers.items())), ranking=self._ranking)

    def public(self) -> Standings:
        """The standings of the boards every table has played: what a visitor sees."""
        if not self.incremental:
            return score_session(self.session, results_over(self.session.movement, self.results()))
        with self._lock:
            for board, scored in self._stale.items():
                self._public.put(board, scored)
            self._stale.clear()
            if self._public_ranking is None:
                self._public_ranking = with_penalties(
                    self._public.ranking(by_direction=self.session.movement.two_winners),
                    self.session.setup.penalties)
            return Standings(travellers={board: rows for board, rows in sorted(self._travellers.items())
                                         if board in self._over}, ranking=self._public_ranking)

    def traveller(self, board: int) -> list[TravellerRow]:
        """One board's rows."""
        if not self.incremental:
            with self._lock:
                stored = self._board(board)
            return score_session(self.session, stored).travellers.get(board, [])
        with self._lock:
            return self._travellers.get(board, [])


def _event_rows(event: TeamEvent, board: int, stored: list[StoredResult],
                inputs: list[BoardResult]) -> list[Scored]:
    """In a team event each table's row shows the IMPs of its NS and EW pairs in their match."""
    rows = []
    for r, result in zip(stored, inputs, strict=True):
        match = event.match_of(r.round, (r.ns + 1) // 2)
        home, away = (match.scores.board_imps(board) if match is not None else None) or (0.0, 0.0)
        ns, ew = (home, away) if r.table % 2 else (away, home)  # home sits NS at the match's first table
        rows.append(Scored(result, ns, ew))
    return rows


def _team_rows(match: TeamMatch, board: int, stored: list[StoredResult],
               inputs: list[BoardResult]) -> list[Scored]:
    """In a team match each table's row shows the IMPs of its NS and EW pairs on the board."""
    imps = match.board_imps(board) or (0.0, 0.0)
    home, away = imps
    rows = []
    for r, result in zip(stored, inputs, strict=True):
        ns, ew = (home, away) if r.table == 1 else (away, home)  # home sits NS at table 1
        rows.append(Scored(result, ns, ew))
    return rows
