"""A club's team event: N teams (3 to 20; with an odd number one team has a bye each round) meet in
matches of two tables, by a round robin or a Swiss.

Each round is a set of matches. A match between a home and an away team is two tables: at the
first the home team's pair 1 sits North-South against the away team's pair 2, at the second the
away team's pair 1 sits North-South against the home team's pair 2. Both tables play the same
boards (the round's boards), so each board's two North-South scores compare (Law 78B).

Numbering: team t has pairs 2t - 1 (always North-South) and 2t (always East-West); round r's
match m (from 1) is at tables 2m - 1 and 2m; round r plays boards (r - 1) b + 1 .. r b for b
boards a round. Every match of a round plays every board of the round: with two sets a match each
table has its own; with one a match its two tables share it across a relay stand (the second
starting halfway through); with fewer sets than matches the round's boards are split into groups
that circulate among all the tables of the round (``shared_sets``).

- **Round robin** by the circle method: team 1 stays, the others turn one place a round, so over
  N - 1 rounds (N with an odd number, the bye being the missing team) every team meets every other
  once.
- **Swiss**: each round pairs down the ranking (the first with the highest team it has not met),
  the bye to the lowest-ranked team that has not had one, backtracking where the greedy pairing
  runs into teams that have all met.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from ..i18n import STATION
from .base import Movement, MovementError, TableRound, at_least_one_board, board_set

_ = STATION.gettext

FEWEST_TEAMS = 3
MOST_TEAMS = 20
SWISS_ROUNDS = 4  # a Swiss evening's rounds unless the director says


@dataclass(frozen=True, slots=True)
class TeamRound:
    """One round's matches, (home, away) in table order, and the team with the bye (or None)."""

    matches: tuple[tuple[int, int], ...]
    bye: int | None = None


def check_teams(teams: int) -> None:
    if not FEWEST_TEAMS <= teams <= MOST_TEAMS:
        raise MovementError(_("a team event has {fewest} to {most} teams, not {teams}").format(
            fewest=FEWEST_TEAMS, most=MOST_TEAMS, teams=teams))


def round_robin(teams: int) -> list[TeamRound]:
    """Every team meets every other once: N - 1 rounds for an even N, N for an odd N."""
    check_teams(teams)
    circle: list[int | None] = [*range(1, teams + 1), *([None] if teams % 2 else [])]
    size = len(circle)
    rounds = []
    for r in range(size - 1):
        matches, bye = [], None
        for i in range(size // 2):
            first, second = circle[i], circle[size - 1 - i]
            if first is None or second is None:
                bye = first or second
                continue
            # the fixed team and each table's pair swap home and away from round to round
            matches.append((first, second) if (r + i) % 2 == 0 else (second, first))
        rounds.append(TeamRound(tuple(matches), bye))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


def swiss_round(ranking: Sequence[int], met: Collection[frozenset[int]],
                had_bye: Collection[int]) -> TeamRound:
    """The next Swiss round for teams in ``ranking`` order (best first): the bye, with an odd
    number, to the lowest-ranked team without one, the others paired down the ranking, never
    a pair of teams in ``met``. Raises MovementError if no such pairing exists."""
    order = list(ranking)
    candidates: list[int | None] = [None]
    if len(order) % 2:
        candidates = [t for t in reversed(order) if t not in had_bye]
    for bye in candidates:
        matches = _pair_down([t for t in order if t != bye], met)
        if matches is not None:
            return TeamRound(tuple(matches), bye)
    raise MovementError(_("no Swiss pairing of the {teams} teams avoids a rematch").format(teams=len(order)))


def _pair_down(order: list[int], met: Collection[frozenset[int]]) -> list[tuple[int, int]] | None:
    """The highest team against the highest it has not met, and so on; backtracking (the next
    opponent down) where the teams left cannot all be paired. None if nothing works."""
    if not order:
        return []
    first, rest = order[0], order[1:]
    for opponent in rest:
        if frozenset((first, opponent)) in met:
            continue
        tail = _pair_down([t for t in rest if t != opponent], met)
        if tail is not None:
            return [(first, opponent), *tail]
    return None


def team_event(teams: int, boards_per_round: int, rounds: int | None = None, swiss: bool = False,
               sets: int | None = None, schedule: Sequence[dict[str, Any]] | None = None) -> Movement:
    """The movement a session's set-up describes: a round robin of ``rounds`` rounds (default:
    all), or a Swiss of ``rounds`` (default 4 or fewer) of which ``schedule`` holds the rounds paired
    so far (``to_schedule``'s form; round 1 pairs the teams by number)."""
    paired = event_schedule(teams, rounds, swiss, schedule)
    return team_event_movement(teams, paired, boards_per_round, sets, event_rounds(teams, rounds, swiss))


def event_rounds(teams: int, rounds: int | None, swiss: bool) -> int:
    """How many rounds the event has: ``rounds``, checked, or the default."""
    most = len(round_robin(teams))
    rounds = rounds or (min(most, SWISS_ROUNDS) if swiss else most)
    if not 1 <= rounds <= most:
        raise MovementError(_("a team event of {teams} teams has 1 to {most} rounds, not {rounds}").format(
            teams=teams, most=most, rounds=rounds))
    return rounds


def event_schedule(teams: int, rounds: int | None = None, swiss: bool = False,
                   schedule: Sequence[dict[str, Any]] | None = None) -> list[TeamRound]:
    """The rounds known before they are played: all of a round robin's, a Swiss's paired so far."""
    count = event_rounds(teams, rounds, swiss)
    if not swiss:
        return round_robin(teams)[:count]
    paired = [TeamRound(tuple((int(h), int(a)) for h, a in r["matches"]), r.get("bye"))
              for r in schedule or ()]
    return paired or [swiss_round(range(1, teams + 1), (), ())]


def to_schedule(rounds: Sequence[TeamRound]) -> list[dict[str, Any]]:
    """Rounds as the session's set-up keeps them (JSON)."""
    return [{"matches": [list(m) for m in r.matches], "bye": r.bye} for r in rounds]


def team_event_movement(teams: int, schedule: Sequence[TeamRound], boards_per_round: int,
                        sets: int | None = None, rounds: int | None = None) -> Movement:
    """The tables' assignments for the rounds of ``schedule`` (a round robin, or the Swiss rounds
    paired so far, of ``rounds`` in all); ``sets`` is how many copies of each board the club has
    (default: one a match)."""
    check_teams(teams)
    if boards_per_round < 1:
        raise MovementError(at_least_one_board(boards_per_round))
    per_round = teams // 2
    tables = 2 * per_round
    sets = sets or per_round
    if sets >= tables:
        orders = [tuple(range(boards_per_round))] * tables
        relays: tuple[tuple[int, ...], ...] = ()
    elif sets >= per_round and boards_per_round > 1:
        half = boards_per_round // 2
        turned = tuple(range(half, boards_per_round)) + tuple(range(half))
        orders = [tuple(range(boards_per_round)) if t % 2 == 0 else turned for t in range(tables)]
        relays = tuple((2 * m + 1, 2 * m + 2) for m in range(per_round))
    else:
        orders = shared_sets(tables, boards_per_round, sets)
        relays = (tuple(range(1, tables + 1)),)
    assignments = []
    for r, round_ in enumerate(schedule, start=1):
        boards = board_set(r - 1, boards_per_round)
        for m, (home, away) in enumerate(round_.matches):
            assignments.append(TableRound(r, 2 * m + 1, 2 * home - 1, 2 * away,
                                          tuple(boards[i] for i in orders[2 * m])))
            assignments.append(TableRound(r, 2 * m + 2, 2 * away - 1, 2 * home,
                                          tuple(boards[i] for i in orders[2 * m + 1])))
    return Movement("team-event", tables, rounds or len(schedule), boards_per_round,
                    tuple(assignments), relays=relays, copies=sets)


def shared_sets(tables: int, boards: int, sets: int) -> list[tuple[int, ...]]:
    """The order in which each of ``tables`` tables plays a round's ``boards`` boards (indices
    from 0) when there are only ``sets`` copies of them, fewer than the matches: the boards are
    split into G equal groups of consecutive boards, the fewest that keep no more tables than
    copies on any group at once (G at least tables / sets, and dividing the boards). Table t
    starts on group t mod G and takes the groups in turn, so after each group it passes the
    group on to the table before it (t - 1) and takes the next group from the table after it:
    at any time, the tables on one group are those with the same start, at most ``sets``.
    Raises MovementError when even one board a group leaves a board at more tables than sets."""
    needed = -(-tables // sets)  # the fewest groups
    groups = next((g for g in range(needed, boards + 1) if boards % g == 0), None)
    if groups is None:
        raise MovementError(_("{matches} matches a round need {needed} sets of boards, not {sets}").format(
            matches=tables // 2, needed=-(-tables // boards), sets=sets))
    size = boards // groups
    return [tuple(((t % groups + k) % groups) * size + i for k in range(groups) for i in range(size))
            for t in range(tables)]


def team_of(pair: int) -> int:
    """The team a pair plays for."""
    return (pair + 1) // 2
