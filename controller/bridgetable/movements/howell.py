"""The Howell movement: every pair meets every other pair, all pairs ranked together.

Built rather than looked up: the pairs move as in a round robin (the "circle"): with m = 2n - 1
for n tables, in round r pair r plays the stationary pair at table 1 and pairs r + k and r - k
(mod m) meet at table k + 1. The boards rotate too: table k + 1 plays set r + s_k. The offsets s_k
are found by a small search such that s_0 and every s_k - k, s_k + k are all different mod m:
then each pair plays every set exactly once, and no set is at two tables in a round. For n tables
that is a complete Howell of 2n - 1 rounds (fewer may be played). With an odd number of pairs the
stationary pair is missing and table 1 sits out each round.

For 2, 3 and 5 tables no such rotation exists (for 2 and 3 tables no assignment of sets at all,
an exhaustive search shows), so there the tables share: round r's boards are split into one part
per table and the parts go round the tables, each part a short round (stanza) of its own. Then
``boards_per_round`` must be a multiple of the number of tables, and the movement has
tables x rounds stanzas.

Which way round the pairs sit at each table does not change who meets whom or who plays what, but
it decides how often two pairs sitting the same way are compared on a board: each table's
direction is chosen (over all the choices, once per size) to balance those comparisons
best. That makes the Howells of 2, 4, 6 and 8 tables perfectly balanced; the figures of each size
are in docs/movements.md. No published table is copied here: the circle with a rotating set is
Howell's own scheme, and the checks in properties.py are what a director asks of a published card.
"""

from __future__ import annotations

from functools import cache

from ..i18n import STATION
from .base import Movement, MovementError, TableRound, at_least_one_board, board_set
from .properties import profile, span

_ = STATION.gettext


@cache
def board_offsets(tables: int) -> tuple[int, ...]:
    """The set offset of each table (s_0 .. s_{n-1}), see the module docstring."""
    m = 2 * tables - 1
    offsets = [0] * tables
    used: set[int] = set()      # values s_k - k, s_k + k (and s_0) taken
    chosen: set[int] = set()    # offsets taken

    def place(k: int) -> bool:
        if k == 0:
            free = [s for s in range(m) if s not in used and s not in chosen]
            if free:
                offsets[0] = free[0]
            return bool(free)
        for s in range(m):
            low, high = (s - k) % m, (s + k) % m
            if s in chosen or low in used or high in used or low == high:
                continue
            offsets[k] = s
            chosen.add(s)
            used.update((low, high))
            if place(k - 1):
                return True
            chosen.discard(s)
            used.difference_update((low, high))
        return False

    if not place(tables - 1):
        raise MovementError(_("no Howell board rotation found for {tables} tables").format(tables=tables))
    return tuple(offsets)


@cache
def shares_boards(tables: int) -> bool:
    """Whether the tables share each round's boards in stanzas (no board rotation exists)."""
    try:
        board_offsets(tables)
    except MovementError:
        return True
    return False


def howell(pairs: int, boards_per_round: int, rounds: int | None = None) -> Movement:
    """A Howell for ``pairs`` pairs (4 or more; an odd number gives a sit-out each round)."""
    if pairs < 4:
        raise MovementError(_("a Howell needs 4 pairs or more, not {pairs}").format(pairs=pairs))
    if boards_per_round < 1:
        raise MovementError(at_least_one_board(boards_per_round))
    tables = (pairs + 1) // 2
    m = 2 * tables - 1
    if not 1 <= (rounds or m) <= m:
        raise MovementError(_("a Howell of {pairs} pairs has 1 to {most} rounds, not {rounds}").format(
            pairs=pairs, most=m, rounds=rounds))
    return _build(pairs, boards_per_round, rounds or m, orientation(tables))


@cache
def orientation(tables: int) -> tuple[bool, ...]:
    """Which tables turn the circle's pairs round (the second pair North-South): the choice that
    best balances the comparisons (see properties.py), the first if tied. Turning every table round
    compares the same pairs, so table 1 keeps its stationary pair North-South, as on the cards."""
    best: tuple[float, tuple[bool, ...]] | None = None
    for mask in range(0, 2 ** tables, 2):
        flips = tuple(bool(mask >> k & 1) for k in range(tables))
        whole = _build(2 * tables, tables if shares_boards(tables) else 1, 2 * tables - 1, flips)
        balance = profile(whole).balance
        if best is None or balance > best[0] + 1e-9:
            best = (balance, flips)
    assert best is not None
    return best[1]


def _build(pairs: int, boards_per_round: int, rounds: int, flips: tuple[bool, ...]) -> Movement:
    tables = (pairs + 1) // 2
    m = 2 * tables - 1
    stationary = 2 * tables  # the pair that stays at table 1 (absent when pairs is odd)
    meetings = [[(k, *_meeting(r, k, tables, stationary, flips[k])) for k in range(tables)]
                for r in range(rounds)]
    meetings = [[(k, ns, ew) for k, ns, ew in rnd if max(ns, ew) <= pairs] for rnd in meetings]
    if shares_boards(tables):
        return _shared_howell(meetings, tables, boards_per_round)
    offsets = board_offsets(tables)
    assignments = [TableRound(r + 1, k + 1, ns, ew, board_set((r + offsets[k]) % m, boards_per_round))
                   for r, rnd in enumerate(meetings) for k, ns, ew in rnd]
    return Movement("howell", tables, rounds, boards_per_round, tuple(assignments))


def _meeting(r: int, k: int, tables: int, stationary: int, turned: bool) -> tuple[int, int]:
    """The pairs (NS, EW) at table k + 1 in round r of the circle (the other way round if
    ``turned``)."""
    m = 2 * tables - 1
    first, second = (stationary, r + 1) if k == 0 else ((r + k) % m + 1, (r - k) % m + 1)
    return (second, first) if turned else (first, second)


def _shared_howell(meetings: list[list[tuple[int, int, int]]], tables: int,
                   boards_per_round: int) -> Movement:
    if boards_per_round % tables:
        raise MovementError(_("a Howell of {tables} tables shares each round's boards between the "
                              "tables: boards per round must be a multiple of {tables}, not "
                              "{boards}").format(tables=tables, boards=boards_per_round))
    part = boards_per_round // tables
    assignments = []
    for r, rnd in enumerate(meetings):
        for stanza in range(tables):
            for k, ns, ew in rnd:
                assignments.append(TableRound(r * tables + stanza + 1, k + 1, ns, ew,
                                              board_set(r * tables + (k + stanza) % tables, part)))
    return Movement("howell", tables, len(meetings) * tables, part, tuple(assignments))


def howell_figures(sizes: range = range(2, 9)) -> list[str]:
    """The figures of the complete Howell of each number of tables, as the rows of a Markdown
    table (docs/movements.md shows them; a round has one board, or one per table when shared)."""
    rows = ["| tables | pairs | rounds | boards | every two meet | boards missed | played at "
            "| N-S boards | comparisons (mean) | balance |",
            "|---|---|---|---|---|---|---|---|---|---|"]
    for tables in sizes:
        movement = howell(2 * tables, tables if shares_boards(tables) else 1)
        p = profile(movement)
        rounds = movement.rounds // tables if shares_boards(tables) else movement.rounds
        rounds_text = f"{rounds} x {tables} stanzas" if shares_boards(tables) else str(rounds)
        rows.append(f"| {tables} | {p.pairs} | {rounds_text} | {len(movement.boards)} "
                    f"| {'yes' if p.met_all else 'no'} | {span(p.boards_missed)} "
                    f"| {span(p.times_played)} | {span(p.north_south)} "
                    f"| {span(p.comparisons)} ({p.mean_comparisons:.2f}) | {p.balance:.1f}% |")
    return rows
