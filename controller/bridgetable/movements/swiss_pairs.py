"""Swiss pairs (issue 28): N pairs meet in matches of one table, pair against pair, paired each
round as the Swiss teams are (``team_event.swiss_round``: down the ranking, never a rematch, with
an odd number the bye to the lowest-ranked pair that has not had one).

Round r's match m (from 1) is at table m, its first pair (the higher ranked) North-South. Every
table of a round plays the round's boards, (r - 1) b + 1 .. r b for b boards a round, so each
board is scored across the field. The club needs one set of the round's boards for each table, or
(``sets`` fewer than the tables, at least half of them) one for each two tables, 1 and 2, 3 and 4,
..., passed across a relay stand, the second table starting halfway through.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..i18n import STATION
from .base import Movement, MovementError, TableRound, at_least_one_board, board_set
from .team_event import SWISS_ROUNDS, TeamRound, swiss_round

_ = STATION.gettext

FEWEST_PAIRS = 4
MOST_PAIRS = 60


def check_pairs(pairs: int) -> None:
    if not FEWEST_PAIRS <= pairs <= MOST_PAIRS:
        raise MovementError(_("Swiss pairs has {fewest} to {most} pairs, not {pairs}").format(
            fewest=FEWEST_PAIRS, most=MOST_PAIRS, pairs=pairs))


def swiss_pairs_rounds(pairs: int, rounds: int | None) -> int:
    """How many rounds the event has: ``rounds``, checked (a pair meets each other pair at most
    once), or 4 (fewer with too few pairs)."""
    check_pairs(pairs)
    most = pairs if pairs % 2 else pairs - 1
    rounds = rounds or min(most, SWISS_ROUNDS)
    if not 1 <= rounds <= most:
        raise MovementError(_("Swiss pairs of {pairs} pairs has 1 to {most} rounds, not {rounds}").format(
            pairs=pairs, most=most, rounds=rounds))
    return rounds


def swiss_pairs_schedule(pairs: int, schedule: Sequence[dict[str, Any]] | None = None) -> list[TeamRound]:
    """The rounds paired so far (``team_event.to_schedule``'s form); round 1 pairs 1 v 2, 3 v 4..."""
    check_pairs(pairs)
    paired = [TeamRound(tuple((int(ns), int(ew)) for ns, ew in r["matches"]), r.get("bye"))
              for r in schedule or ()]
    return paired or [swiss_round(range(1, pairs + 1), (), ())]


def swiss_pairs(pairs: int, boards_per_round: int, rounds: int | None = None, sets: int | None = None,
                schedule: Sequence[dict[str, Any]] | None = None) -> Movement:
    """The movement a session's set-up describes: the rounds of ``schedule`` paired so far, of
    ``rounds`` in all; ``sets`` copies of each board (default: one a table)."""
    count = swiss_pairs_rounds(pairs, rounds)
    return swiss_pairs_movement(pairs, swiss_pairs_schedule(pairs, schedule), boards_per_round, sets, count)


def swiss_pairs_movement(pairs: int, schedule: Sequence[TeamRound], boards_per_round: int,
                         sets: int | None = None, rounds: int | None = None) -> Movement:
    """The tables' assignments for the rounds of ``schedule``."""
    check_pairs(pairs)
    if boards_per_round < 1:
        raise MovementError(at_least_one_board(boards_per_round))
    tables = pairs // 2
    sets = sets or tables
    needed = (tables + 1) // 2 if boards_per_round > 1 else tables
    if sets < needed:
        raise MovementError(_("{tables} tables playing the same boards need {needed} sets of boards, "
                              "not {sets}").format(tables=tables, needed=needed, sets=sets))
    relays = tuple((t, t + 1) for t in range(1, tables, 2)) if sets < tables else ()
    second = {b for _, b in relays}
    half = boards_per_round // 2
    assignments = []
    for r, round_ in enumerate(schedule, start=1):
        boards = board_set(r - 1, boards_per_round)
        for table, (ns, ew) in enumerate(round_.matches, start=1):
            order = boards[half:] + boards[:half] if table in second else boards
            assignments.append(TableRound(r, table, ns, ew, order))
    return Movement("swiss-pairs", tables, rounds or len(schedule), boards_per_round, tuple(assignments),
                    relays=relays, copies=sets)
