"""What a team event's pages show (issue 28): the teams' names, and one match with both tables'
results of each of its boards (a Swiss pairs match: its table's result of each board). The
standings given are those the reader may see (a visitor's hold the boards over everywhere only:
``LiveStandings.public``)."""

from __future__ import annotations

from typing import Any

from ..movements import team_of
from .session import Session
from .standings import Standings


def team_names(session: Session) -> dict[int, str]:
    """Each team's name by number (none unless the session is a team event); Swiss pairs: each
    pair's names."""
    if session.swiss_pairs:
        pairs = session.setup.movement["pairs"]
        return {pair: session.setup.pairs.get(pair, "") for pair in range(1, pairs + 1)}
    if not session.team_event:
        return {}
    return {team: session.team_name(team) for team in range(1, session.setup.movement["teams"] + 1)}


def match_values(session: Session, standings: Standings, round_: int, team: int) -> dict[str, Any] | None:
    """The match ``team`` plays in ``round_``: its two tables' results board by board and each
    board's IMPs; None if there is no such match (or nothing of it may be shown yet)."""
    if standings.event is None:
        return None
    match = standings.event.match_of(round_, team)
    if match is None:
        return None
    seats = {a.table: a for a in session.movement.round(round_) if team_of(a.ns) in (match.home, match.away)}
    first = next(t for t, a in seats.items() if team_of(a.ns) == match.home)
    second = next(t for t, a in seats.items() if team_of(a.ns) == match.away)
    rows = []
    for board in sorted(seats[first].boards):
        results = {row.result.table: row.result for row in standings.travellers.get(board, [])
                   if row.result.round == round_}
        rows.append({"board": board, "first": results.get(first), "second": results.get(second),
                     "imps": match.scores.board_imps(board)})
    return {"match": match, "home": session.team_name(match.home), "away": session.team_name(match.away),
            "tables": (first, second), "rows": rows}


def withheld_boards(session: Session, values: dict[str, Any], over: set[int]) -> list[int]:
    """The boards of a match (``match_values``) that are not ``over`` everywhere, in its playing
    order: its page tells a visitor they are shown once every table has played them."""
    first = values["tables"][0]
    return [board for a in session.movement.round(values["match"].round) if a.table == first
            for board in sorted(a.boards) if board not in over]


def swiss_match_values(session: Session, standings: Standings, round_: int,
                       pair: int) -> dict[str, Any] | None:
    """The match ``pair`` plays in ``round_``: the table's result of each board, both pairs' points
    across the field and the margin; None if there is no such match."""
    if standings.event is None:
        return None
    match = standings.event.match_of(round_, pair)
    if match is None:
        return None
    seat = next((a for a in session.movement.round(round_) if a.ns == match.home), None)
    if seat is None:
        return None
    rows = []
    for board in sorted(seat.boards):
        row = next((row for row in standings.travellers.get(board, []) if row.result.round == round_
                    and row.result.table == seat.table), None)
        rows.append({"board": board, "row": row, "imps": match.scores.board_imps(board)})
    names = session.setup.pairs
    return {"match": match, "home": names.get(match.home) or str(match.home),
            "away": names.get(match.away) or str(match.away), "tables": (seat.table,), "rows": rows,
            "scoring": session.setup.scoring}
