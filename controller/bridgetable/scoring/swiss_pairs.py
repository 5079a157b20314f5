"""Swiss pairs' scores (issue 28): each board is scored across the field (matchpoints, IMPs
against a datum or cross-IMPs), each match's margin, what its two pairs' scores on the round's
boards differ by, is turned into victory points on the WBF scale for the round's boards as a team
match's IMPs are, and the pairs are ranked as the teams of a team event (``TeamEvent``: the bye,
the director's VPs and penalties, the tie-break).

A board's margin in its match, North-South's, in IMPs (docs/movements.md, "Swiss pairs"):

- IMPs (Butler or cross-IMPs): half the difference of the two pairs' IMPs on the board, which is
  North-South's IMPs against the field when neither has an adjusted score (East-West's are the
  opposite), as in the EBU's Swiss pairs scored by IMPs;
- matchpoints: the difference of the two pairs' percentages on the board over ``PERCENT_PER_IMP``
  (a top against a bottom, 100 points of difference, is worth 14.29 IMPs), so that on the WBF
  scale a 7-board match's percentage gets the VPs of the EBU's published 7-board matchpoint Swiss
  pairs scale, made continuous (each step's lowest percentage at most 0.5 VP below the step).

Each margin is rounded to 0.01 IMP; the match's margin is their sum.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .results import Scored
from .team_event import BYE_VP, TeamEvent
from .teams import TeamMatch

PERCENT_PER_IMP = 7.0


def board_margin(scored: Scored) -> float:
    """North-South's margin on one board over East-West, in IMPs (or their matchpoint equivalent)."""
    if scored.top:
        return round((scored.ns_percent - scored.ew_percent) / PERCENT_PER_IMP, 2)
    return round((scored.ns - scored.ew) / 2, 2)


@dataclass
class FieldMatch(TeamMatch):
    """A Swiss pairs match at one table: the home pair sat North-South. ``scores`` holds
    North-South's score of each board played (the second place, another table's, stays None);
    ``margins`` North-South's margin on it (``board_margin``)."""

    margins: dict[int, float] = field(default_factory=dict)

    def put(self, scored: Scored) -> None:
        board = scored.result.board
        self.scores[board] = [scored.result.score, None]
        self.margins[board] = board_margin(scored)

    def board_imps(self, board: int) -> tuple[float, float] | None:
        """IMPs of (home, away) on a board once it is played: the margin to its winner."""
        margin = self.margins.get(board)
        if margin is None:
            return None
        return max(margin, 0.0), max(-margin, 0.0)


Round = tuple[Sequence[tuple[int, int]], int | None]  # a round's matches (North-South, East-West), its bye


def swiss_pairs_event(pairs: int, boards_per_round: int, rounds: Sequence[Round], scored: Iterable[Scored],
                      tie_break: str = "quotient", bye_vp: float = BYE_VP) -> TeamEvent:
    """The event of ``pairs`` pairs whose ``rounds`` ((North-South, East-West) of each match, the bye)
    have been paired, from the boards ``scored`` across the field. A result of a match the rounds
    do not hold is left out."""
    event = TeamEvent(pairs, boards_per_round, tie_break=tie_break, bye_vp=bye_vp)
    for number, (matches, bye) in enumerate(rounds, start=1):
        for ns, ew in matches:
            event.add_match(number, ns, ew).scores = FieldMatch(str(ns), str(ew))
        if bye:
            event.byes[number] = bye
    for s in scored:
        match = event.matches.get((s.result.round, s.result.ns))
        if match is not None and match.away == s.result.ew and isinstance(match.scores, FieldMatch):
            match.scores.put(s)
    return event

