"""A club's team evening in USEBIO 1.2 (issue 28): a round robin as ``TEAMS_OF_FOUR``, a Swiss as
``SWISS_TEAMS``, in the elements a results program that takes team events reads (the Scottish
Bridge Union's import; the board range and each board's IMPs, which it does not read, as another
program's writer names them: tests/data/SOURCES.md; no scorer's file of a team event was at hand):

- the header as the pairs files have it, with ``BOARD_SCORING_METHOD`` IMPS, ``MATCH_SCORING_METHOD``
  VPS and ``BOARDS_PER_ROUND``;
- ``PARTICIPANTS``: each ``TEAM`` (its number and name as the attributes ``TEAM_ID`` and
  ``TEAM_NAME``) with its VPs (``TOTAL_SCORE``), its ``PLACE`` (a tie the same bare number) and its
  two ``PAIR``s with their ``PLAYER``s, ranked as the event ranks them;
- each match begun, round by round, a ``MATCH``: ``ROUND_NUMBER``, the home ``TEAM`` and the
  ``OPPOSING_TEAM``, the boards (``START_BOARD_NUMBER``, ``END_BOARD_NUMBER``), both teams' VPs
  (``TEAM_SCORE``, ``OPPOSING_TEAM_SCORE``) and each ``BOARD`` with the home team's net ``IMPS``
  and both tables' ``TRAVELLER_LINE``s, each with the ``DIRECTION`` the home team sat in there; a
  bye a ``MATCH`` with no opposing team, the bye's VPs its ``TEAM_SCORE``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import date

from ..scoring import TeamEvent
from .exports import _text, artificial_score, played_fields, usebio_event, usebio_players
from .session import Session
from .standings import Standings
from .teampages import match_values


def team_event_usebio(session: Session, event: TeamEvent, standings: Standings, on: date,
                      club: str) -> ET.Element:
    """The USEBIO root of a team event scored as ``event``, its tables' results from ``standings``."""
    event_type = "SWISS_TEAMS" if session.setup.movement.get("swiss") else "TEAMS_OF_FOUR"
    root, element = usebio_event(session, on, club, event_type, 1, [
        ("BOARD_SCORING_METHOD", "IMPS"), ("MATCH_SCORING_METHOD", "VPS"),
        ("BOARDS_PER_ROUND", event.boards_per_match)])
    participants = ET.SubElement(element, "PARTICIPANTS", EVENT_TYPE=event_type)
    for line in event.ranking():
        team = ET.SubElement(participants, "TEAM", TEAM_ID=str(line.team),
                             TEAM_NAME=session.team_name(line.team))
        _text(team, "TOTAL_SCORE", f"{line.vp:.2f}")
        _text(team, "PLACE", line.rank.rstrip("="))
        for pair in (2 * line.team - 1, 2 * line.team):
            entry = ET.SubElement(team, "PAIR")
            _text(entry, "PAIR_NUMBER", pair)
            usebio_players(entry, session, pair)
    byes = event.byes_had()
    for round_ in sorted({m.round for m in event.matches.values() if m.started}):
        for match in sorted((m for m in event.matches.values() if m.round == round_ and m.started),
                            key=lambda m: m.home):
            _match(ET.SubElement(element, "MATCH"), session, standings, round_, match.home)
        if round_ in byes:
            bye = ET.SubElement(element, "MATCH")
            _text(bye, "ROUND_NUMBER", round_)
            _text(bye, "TEAM", byes[round_])
            _text(bye, "TEAM_SCORE", f"{event.bye_vp:.2f}")
    return root


def _match(element: ET.Element, session: Session, standings: Standings, round_: int, home: int) -> None:
    values = match_values(session, standings, round_, home)
    assert values is not None  # the event's own match
    match = values["match"]
    boards = [row["board"] for row in values["rows"]]
    home_vp, away_vp = match.victory_points()
    for tag, value in (("ROUND_NUMBER", round_), ("TEAM", match.home), ("OPPOSING_TEAM", match.away),
                       ("START_BOARD_NUMBER", min(boards)), ("END_BOARD_NUMBER", max(boards)),
                       ("TEAM_SCORE", f"{home_vp:.2f}"), ("OPPOSING_TEAM_SCORE", f"{away_vp:.2f}")):
        _text(element, tag, value)
    for row in values["rows"]:
        played = [(direction, row[table]) for direction, table in (("NS", "first"), ("EW", "second"))
                  if row[table] is not None]
        if not played:
            continue
        board = ET.SubElement(element, "BOARD")
        _text(board, "BOARD_NUMBER", row["board"])
        if row["imps"] is not None:
            _text(board, "IMPS", f"{row['imps'][0] - row['imps'][1]:g}")
        for direction, result in played:  # the home team sits North-South at the match's first table
            line = ET.SubElement(board, "TRAVELLER_LINE")
            _text(line, "DIRECTION", direction)
            _text(line, "NS_PAIR_NUMBER", result.ns)
            _text(line, "EW_PAIR_NUMBER", result.ew)
            played_fields(line, result, artificial_score(result.adjusted) if result.adjusted else "")
