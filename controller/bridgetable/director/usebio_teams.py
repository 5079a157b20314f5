"""Events of matches in USEBIO 1.2 (issues 25 and 28), in the elements a results program that
takes them reads (the Scottish Bridge Union's import; tests/data/SOURCES.md; no scorer's file of
such an event was at hand): a club's team evening, a round robin as ``TEAMS_OF_FOUR`` and a Swiss
as ``SWISS_TEAMS``; the two-table team match and the match against the robots (the match of two
tables it is) as ``TEAMS_OF_FOUR``; Swiss pairs as ``SWISS_PAIRS``.

- the header as the pairs files have it, with ``BOARD_SCORING_METHOD``, ``MATCH_SCORING_METHOD``
  VPS and ``BOARDS_PER_ROUND`` (a match's boards);
- ``PARTICIPANTS``: each ``TEAM`` (its number and name as the attributes ``TEAM_ID`` and
  ``TEAM_NAME``) with its VPs (``TOTAL_SCORE``), its ``PLACE`` (a tie the same bare number) and its
  two ``PAIR``s with their ``PLAYER``s; in Swiss pairs each ``PAIR`` so; ranked as the event ranks;
- each match begun, round by round, a ``MATCH``: ``ROUND_NUMBER``, the home ``TEAM`` and the
  ``OPPOSING_TEAM`` (Swiss pairs: ``NS_PAIR_NUMBER``, ``EW_PAIR_NUMBER``), the boards
  (``START_BOARD_NUMBER``, ``END_BOARD_NUMBER``), both sides' VPs (``TEAM_SCORE``,
  ``OPPOSING_TEAM_SCORE``; ``NS_SCORE``, ``EW_SCORE``) and each ``BOARD`` with the home side's net
  ``IMPS`` (the reader scores the match again from them) and its tables' ``TRAVELLER_LINE``s, in a
  team match each with the ``DIRECTION`` the home team sat in there; a bye a ``MATCH`` with no
  opponent, the bye's VPs its score.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import date

from ..scoring import TeamEvent
from ..scoring.teams import TeamMatch
from .robotmatch import robots_result
from .session import Session
from .standings import Standings, board_result
from .store import StoredResult
from .teampages import match_values, swiss_match_values
from .usebio import artificial_score, played_fields, text_element, usebio_event, usebio_players, usebio_points

# a MATCH's elements: the home side, the other side, their scores
TEAM_MATCH = ("TEAM", "OPPOSING_TEAM", "TEAM_SCORE", "OPPOSING_TEAM_SCORE")
PAIR_MATCH = ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER", "NS_SCORE", "EW_SCORE")
# the robots' two pairs in the match against them: North-South and East-West at their table
ROBOTS_NS, ROBOTS_EW = 3, 4
# a board's scoring in Swiss pairs, by the session's scoring
_SWISS_PAIRS_BOARDS = {"MP": "MATCH_POINTS", "IMP": "IMPS", "XIMP": "CROSS_IMPS"}


@dataclass(frozen=True, slots=True)
class Line:
    """One table's result on a board of a match; ``direction``: where the home team sat there
    (None in a match of pairs, which has one table); ``points``: in Swiss pairs, the name of the
    board's points across the field and both pairs' ("MATCH_POINTS", 3.0, 1.0)."""

    direction: str | None
    ns: int
    ew: int
    result: StoredResult
    points: tuple[str, float, float] | None = None


@dataclass(frozen=True, slots=True)
class Board:
    number: int
    imps: float | None  # the home side's net IMPs, once every table has played it
    lines: list[Line]  # none: not played yet


@dataclass(frozen=True, slots=True)
class Match:
    round: int
    home: int
    away: int
    vp: tuple[float, float]
    boards: list[Board]


def matches_usebio(session: Session, standings: Standings, on: date, club: str) -> ET.Element:
    """The USEBIO root of a session of matches: a team event, Swiss pairs, the robots match or the
    two-table team match."""
    if standings.robots is not None:
        return robots_usebio(session, standings, on, club)
    if standings.match is not None:
        return team_match_usebio(session, standings, on, club)
    assert standings.event is not None
    if session.swiss_pairs:
        return swiss_pairs_usebio(session, standings.event, standings, on, club)
    return team_event_usebio(session, standings.event, standings, on, club)


def team_event_usebio(session: Session, event: TeamEvent, standings: Standings, on: date,
                      club: str) -> ET.Element:
    """The USEBIO root of a team event scored as ``event``, its tables' results from ``standings``."""
    event_type = "SWISS_TEAMS" if session.setup.movement.get("swiss") else "TEAMS_OF_FOUR"
    root, element, participants = _header(session, on, club, event_type, "IMPS", event.boards_per_match)
    for line in event.ranking():
        _team(participants, line.team, session.team_name(line.team), line.vp, line.rank, [
            (pair, _players(session, pair)) for pair in (2 * line.team - 1, 2 * line.team)])
    matches = [_team_match(session, standings, m.round, m.home)
               for m in event.matches.values() if m.started]
    _matches(element, matches, _byes(event), TEAM_MATCH)
    return root


def robots_usebio(session: Session, standings: Standings, on: date, club: str) -> ET.Element:
    """The match against the robots as the team match of two tables it is: our table (pairs 1 and
    2) against the robots' (their North-South pair 3, their East-West 4) on the same boards,
    North-South's scores compared. Team 1 is our North-South with the robots' East-West, team 2
    our East-West with the robots' North-South (a team plays both directions, one at each table),
    each named after our pair in it; scored as a team match of two tables (``_match_of_two``)."""
    boards = session.store.boards(session.id)
    match = TeamMatch("1", "2")
    lines: dict[int, list[Line]] = {}
    for number, rows in sorted(standings.travellers.items()):
        ours = rows[0].result  # our table's, the only one on the traveller
        robots = robots_result(boards[number], session.id)
        match.record(number, 1, board_result(ours).score)
        match.record(number, 2, robots.ns_score or 0)
        lines[number] = [Line("NS", ours.ns, ours.ew, ours), Line("EW", ROBOTS_NS, ROBOTS_EW, robots)]
    names = [session.setup.pairs.get(pair) or f"Pair {pair}" for pair in (1, 2)]
    members = [[(1, _players(session, 1)), (ROBOTS_EW, _robots)],
               [(2, _players(session, 2)), (ROBOTS_NS, _robots)]]
    return _match_of_two(session, on, club, match, lines, names, members)


def team_match_usebio(session: Session, standings: Standings, on: date, club: str) -> ET.Element:
    """The two-table team match: the home team (pair 1 North-South at table 1, pair 2 East-West at
    table 2) against the away team (pairs 3 and 4), scored as ``_match_of_two``."""
    assert standings.match is not None
    lines: dict[int, list[Line]] = {}
    for number, rows in sorted(standings.travellers.items()):
        by_table = {row.result.table: row.result for row in rows}
        lines[number] = [Line(direction, r.ns, r.ew, r) for direction, r in (
            ("NS", by_table.get(1)), ("EW", by_table.get(2))) if r is not None]
    names = [standings.match.home or "Home", standings.match.away or "Away"]
    members = [[(pair, _players(session, pair)) for pair in pairs] for pairs in ((1, 2), (3, 4))]
    return _match_of_two(session, on, club, standings.match, lines, names, members)


def _match_of_two(session: Session, on: date, club: str, match: TeamMatch, lines: dict[int, list[Line]],
                  names: list[str], members: list[list[tuple[int, PlayersWriter]]]) -> ET.Element:
    """One match of two teams over the session's boards, team 1 (the home team, North-South at
    the first table) against team 2: each board's IMPs as ``match`` has them (``TeamMatch``, an
    adjusted score its IMP equivalent) and the VPs on the WBF scale for the match's boards, as a
    team event's match; ``lines`` each board's tables."""
    length = len(session.movement.boards)
    event = TeamEvent(2, length)
    event.add_match(1, 1, 2).scores = match
    root, element, participants = _header(session, on, club, "TEAMS_OF_FOUR", "IMPS", length)
    for line in event.ranking():
        _team(participants, line.team, names[line.team - 1], line.vp, line.rank, members[line.team - 1])
    if match.completed:
        _matches(element, [Match(1, 1, 2, event.matches[(1, 1)].victory_points(), [
            Board(number, _net(match.board_imps(number)), lines.get(number, []))
            for number in sorted(session.movement.boards)])], {}, TEAM_MATCH)
    return root


def swiss_pairs_usebio(session: Session, event: TeamEvent, standings: Standings, on: date,
                       club: str) -> ET.Element:
    """Swiss pairs as ``SWISS_PAIRS``: the pairs ranked by VPs and each round's matches of one
    table, pair against pair, with each board's North-South margin as its ``IMPS`` (in
    matchpoints, the margin's IMP equivalent: ``scoring.swiss_pairs``) and its table's traveller
    line with the board's points across the field under the pairs files' names (NS_MATCH_POINTS,
    NS_BUTLER_POINTS, NS_CROSS_IMP_POINTS), which readers of Swiss pairs take from there."""
    root, element, participants = _header(session, on, club, "SWISS_PAIRS",
                                          _SWISS_PAIRS_BOARDS[session.setup.scoring], event.boards_per_match)
    for line in event.ranking():
        pair = ET.SubElement(participants, "PAIR")
        text_element(pair, "PAIR_NUMBER", line.team)
        text_element(pair, "TOTAL_SCORE", f"{line.vp:.2f}")
        text_element(pair, "PLACE", line.rank.rstrip("="))
        usebio_players(pair, session, line.team)
    points = usebio_points(session.setup.scoring)
    matches = []
    for m in (m for m in event.matches.values() if m.started):
        values = swiss_match_values(session, standings, m.round, m.home)
        assert values is not None  # the event's own match
        matches.append(Match(m.round, m.home, m.away, m.victory_points(), [
            Board(row["board"], _net(row["imps"]), [] if row["row"] is None else [
                Line(None, m.home, m.away, row["row"].result, (points, row["row"].ns_points,
                                                                row["row"].ew_points))])
            for row in values["rows"]]))
    _matches(element, matches, _byes(event), PAIR_MATCH)
    return root


def _header(session: Session, on: date, club: str, event_type: str, board_scoring: str,
            boards: int) -> tuple[ET.Element, ET.Element, ET.Element]:
    """The root, its EVENT with the header of an event of matches, and its PARTICIPANTS."""
    root, element = usebio_event(session, on, club, event_type, 1, [
        ("BOARD_SCORING_METHOD", board_scoring), ("MATCH_SCORING_METHOD", "VPS"),
        ("BOARDS_PER_ROUND", boards)])
    return root, element, ET.SubElement(element, "PARTICIPANTS", EVENT_TYPE=event_type)


PlayersWriter = Callable[[ET.Element], None]


def _players(session: Session, pair: int) -> PlayersWriter:
    return lambda parent: usebio_players(parent, session, pair)


def _robots(parent: ET.Element) -> None:
    """A robots' pair's two PLAYERs: no names the federation knows, so number 0."""
    for _seat in range(2):
        player = ET.SubElement(parent, "PLAYER")
        text_element(player, "PLAYER_NAME", "Robot")
        text_element(player, "NATIONAL_ID_NUMBER", 0)


def _team(participants: ET.Element, number: int, name: str, vp: float, rank: str,
          pairs: list[tuple[int, PlayersWriter]]) -> None:
    team = ET.SubElement(participants, "TEAM", TEAM_ID=str(number), TEAM_NAME=name)
    text_element(team, "TOTAL_SCORE", f"{vp:.2f}")
    text_element(team, "PLACE", rank.rstrip("="))
    for pair, players in pairs:
        entry = ET.SubElement(team, "PAIR")
        text_element(entry, "PAIR_NUMBER", pair)
        players(entry)


def _byes(event: TeamEvent) -> dict[int, tuple[int, float]]:
    return {round_: (side, event.bye_vp) for round_, side in event.byes_had().items()}


def _matches(element: ET.Element, matches: Iterable[Match], byes: dict[int, tuple[int, float]],
             tags: tuple[str, str, str, str]) -> None:
    """The ``matches`` round by round (home side's order), each round's bye after its matches."""
    by_round = sorted(matches, key=lambda m: (m.round, m.home))
    for round_ in sorted({m.round for m in by_round} | set(byes)):
        for match in (m for m in by_round if m.round == round_):
            _match(ET.SubElement(element, "MATCH"), match, tags)
        if round_ in byes:
            bye = ET.SubElement(element, "MATCH")
            side, vp = byes[round_]
            for tag, value in (("ROUND_NUMBER", round_), (tags[0], side), (tags[2], f"{vp:.2f}")):
                text_element(bye, tag, value)


def _match(element: ET.Element, match: Match, tags: tuple[str, str, str, str]) -> None:
    home, away, home_score, away_score = tags
    numbers = [board.number for board in match.boards]  # the match's boards, played or not
    for tag, value in (("ROUND_NUMBER", match.round), (home, match.home), (away, match.away),
                       ("START_BOARD_NUMBER", min(numbers)), ("END_BOARD_NUMBER", max(numbers)),
                       (home_score, f"{match.vp[0]:.2f}"), (away_score, f"{match.vp[1]:.2f}")):
        text_element(element, tag, value)
    for board in (board for board in match.boards if board.lines):
        entry = ET.SubElement(element, "BOARD")
        text_element(entry, "BOARD_NUMBER", board.number)
        if board.imps is not None:
            text_element(entry, "IMPS", f"{board.imps:g}")
        for line in board.lines:
            row = ET.SubElement(entry, "TRAVELLER_LINE")
            if line.direction is not None:
                text_element(row, "DIRECTION", line.direction)
            text_element(row, "NS_PAIR_NUMBER", line.ns)
            text_element(row, "EW_PAIR_NUMBER", line.ew)
            r = line.result
            played_fields(row, r, artificial_score(r.adjusted) if r.adjusted else "")
            if line.points is not None:
                name, ns, ew = line.points
                text_element(row, f"NS_{name}", f"{ns:.2f}")
                text_element(row, f"EW_{name}", f"{ew:.2f}")


def _team_match(session: Session, standings: Standings, round_: int, home: int) -> Match:
    values = match_values(session, standings, round_, home)
    assert values is not None  # the event's own match
    match = values["match"]
    boards = []
    for row in values["rows"]:
        # the home team sits North-South at the match's first table, East-West at its second
        lines = [Line(direction, row[table].ns, row[table].ew, row[table])
                 for direction, table in (("NS", "first"), ("EW", "second")) if row[table] is not None]
        boards.append(Board(row["board"], _net(row["imps"]), lines))
    return Match(round_, match.home, match.away, match.victory_points(), boards)


def _net(imps: tuple[float, float] | None) -> float | None:
    return None if imps is None else imps[0] - imps[1]
