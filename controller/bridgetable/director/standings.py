"""Live scoring of a session from the store: the traveller of each board and the rankings.

Everything is recomputed from the latest revision of every result, so a correction or an
adjusted score is reflected at once, and a restarted station shows exactly what it stored.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from ..robots.match import MatchResult
from ..scoring import (
    Adjusted,
    BoardResult,
    RankEntry,
    Scored,
    TeamMatch,
    butler,
    cross_imps,
    matchpoint_board,
    rank_pairs,
)
from .robotmatch import robot_match
from .session import Session
from .store import StoredResult


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
    robots: MatchResult | None = None  # a single table against the robots

    def as_json(self, names: dict[int, str]) -> dict[str, Any]:
        """The demo's JSON: the ranking (every group, best first) and every traveller."""
        ranking = [{"pair": e.pair, "names": names.get(e.pair, ""), "percent": round(e.percent, 2),
                    "rank": e.rank, "group": group, "total": round(e.total, 2)}
                   for group, entries in self.ranking.items() for e in entries]
        travellers = [{"board": board, "rows": [
            {"ns": row.result.ns, "ew": row.result.ew, "contract": row.result.contract or "",
             "declarer": row.result.declarer, "tricks": row.result.tricks, "ns_score": row.result.ns_score,
             "adjusted": row.result.adjusted, "ns_mp": round(row.ns_points, 2),
             "ew_mp": round(row.ew_points, 2)} for row in rows]}
            for board, rows in sorted(self.travellers.items())]
        extra = {"robots": self.robots.to_json()} if self.robots is not None else {}
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
    for r in results:
        by_board[r.board].append(r)
    played = session.movement.times_played()
    scoring = session.setup.scoring
    standings = Standings()
    all_scored: list[Scored] = []
    if scoring == "TEAMS":
        standings.match = TeamMatch(session.setup.teams.get("home", "Home"),
                                    session.setup.teams.get("away", "Away"))
    if scoring == "ROBOTS":
        standings.robots = robot_match(results, session.store.boards(session.id))
        against_robots = {b.board: float(b.imps_ns) for b in standings.robots.boards}
    for board, stored in sorted(by_board.items()):
        inputs = [board_result(r) for r in stored]
        if scoring == "MP":
            scored = matchpoint_board(inputs, max(played.get(board, 0), len(inputs)))
        elif scoring == "XIMP":
            scored = cross_imps(inputs)
        elif scoring == "ROBOTS":  # IMPs against the robots' table (adjusted: its IMP equivalent)
            scored = [Scored(i, *i.score.imps()) if isinstance(i.score, Adjusted)
                      else Scored(i, against_robots[board], 0.0 - against_robots[board]) for i in inputs]
        else:
            scored = butler(inputs)
        if standings.match is not None:
            for r, result in zip(stored, inputs, strict=True):
                standings.match.record(board, r.table, result.score)
            scored = _team_rows(standings.match, board, stored, inputs)
        all_scored.extend(scored)
        standings.travellers[board] = [TravellerRow(r, s.ns, s.ew, s.top)
                                       for r, s in zip(stored, scored, strict=True)]
    standings.ranking = rank_pairs(all_scored, by_direction=session.movement.two_winners)
    return standings


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
