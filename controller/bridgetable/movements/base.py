"""What every movement is: a list of table-rounds, checked to be playable."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..i18n import STATION

_ = STATION.gettext


class MovementError(ValueError):
    """A movement that cannot be played (a pair or a board in two places at once, a pair playing
    a board twice), or a request for one that does not exist."""


@dataclass(frozen=True, slots=True)
class TableRound:
    """Who plays what at one table in one round (rounds and tables count from 1); ``boards`` in
    the order the table plays them."""

    round: int
    table: int
    ns: int
    ew: int
    boards: tuple[int, ...]


@dataclass(frozen=True)
class Movement:
    """A movement: ``kind`` is "mitchell", "howell" or "teams"; ``two_winners`` says whether
    North-South and East-West are ranked apart (a Mitchell without arrow-switch); ``relays`` are
    the groups of tables that share sets of boards in the same round, passing them on between
    boards (two tables across a relay stand, or a team event's tables when it has fewer sets than
    matches): each table plays them in its own order, so that no copy is wanted at two tables at
    once; ``copies`` is how many copies of each board there are (a team event plays every board
    of a round in each of its matches)."""

    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    assignments: tuple[TableRound, ...]
    two_winners: bool = False
    relays: tuple[tuple[int, ...], ...] = ()
    copies: int = 1

    def __post_init__(self) -> None:
        check(self.assignments, self.relays, self.copies)

    def round(self, number: int) -> list[TableRound]:
        if not 1 <= number <= self.rounds:
            raise MovementError(_("round {number} is not in 1-{rounds}").format(number=number,
                                                                                rounds=self.rounds))
        return [a for a in self.assignments if a.round == number]

    def at(self, round_: int, table: int) -> TableRound | None:
        """What a table plays in a round (None if it sits out)."""
        return next((a for a in self.assignments if a.round == round_ and a.table == table), None)

    def seat_of(self, pair: int, round_: int) -> TableRound | None:
        """Where a pair plays in a round (None if it sits out, or after the last round)."""
        return next((a for a in self.assignments if a.round == round_ and pair in (a.ns, a.ew)), None)

    def next_for(self, pair: int, round_: int) -> str:
        """What to tell a pair at the end of a round: where it goes next."""
        nxt = self.seat_of(pair, round_ + 1)
        if round_ >= self.rounds:
            return _("pair {pair}: the session is over").format(pair=pair)
        if nxt is None:
            return _("pair {pair}: sit out round {round}").format(pair=pair, round=round_ + 1)
        if nxt.ns == pair:
            return _("pair {pair}: table {table}, North-South, boards {boards}").format(
                pair=pair, table=nxt.table, boards=span(nxt.boards))
        return _("pair {pair}: table {table}, East-West, boards {boards}").format(
            pair=pair, table=nxt.table, boards=span(nxt.boards))

    @property
    def pairs(self) -> list[int]:
        return sorted({p for a in self.assignments for p in (a.ns, a.ew)})

    @property
    def boards(self) -> list[int]:
        return sorted({b for a in self.assignments for b in a.boards})

    def times_played(self) -> Counter[int]:
        """How many tables play each board over the session."""
        return Counter(b for a in self.assignments for b in a.boards)


def check(assignments: tuple[TableRound, ...], relays: tuple[tuple[int, ...], ...] = (),
          copies: int = 1) -> None:
    """Refuse a movement that cannot be played: each copy of a board is at one table in a round, or
    passed on between the tables of a relay that want it at different turns."""
    group_of = {table: frozenset(group) for group in relays for table in group}
    seen_pair: set[tuple[int, int]] = set()
    # (round, board): the copies in use, each the [(table, turn)] sharing it
    seen_board: dict[tuple[int, int], list[list[tuple[int, int]]]] = {}
    seen_table: set[tuple[int, int]] = set()
    played: set[tuple[int, int]] = set()
    for a in assignments:
        where = _("round {round} table {table}").format(round=a.round, table=a.table)
        if a.ns == a.ew:
            raise MovementError(_("{where}: pair {pair} cannot play against itself").format(
                where=where, pair=a.ns))
        if (a.round, a.table) in seen_table:
            raise MovementError(_("{where} is assigned twice").format(where=where))
        seen_table.add((a.round, a.table))
        for pair in (a.ns, a.ew):
            if (a.round, pair) in seen_pair:
                raise MovementError(_("{where}: pair {pair} is at two tables in the round").format(
                    where=where, pair=pair))
            seen_pair.add((a.round, pair))
            for b in a.boards:
                if (pair, b) in played:
                    raise MovementError(_("{where}: pair {pair} would play board {board} twice").format(
                        where=where, pair=pair, board=b))
                played.add((pair, b))
        group = group_of.get(a.table, frozenset())
        for turn, b in enumerate(a.boards):
            in_use = seen_board.setdefault((a.round, b), [])
            relayed = [c for c in in_use if all(table in group for table, _turn in c)]
            free = next((c for c in relayed if all(at != turn for _table, at in c)), None)
            if free is not None:
                free.append((a.table, turn))
            elif len(in_use) < copies:
                in_use.append([(a.table, turn)])
            elif relayed:
                other = next(table for c in relayed for table, at in c if at == turn)
                raise MovementError(_("{where}: board {board} is wanted at the relay tables {first} "
                                      "and {second} at the same time").format(
                    where=where, board=b, first=other, second=a.table))
            else:
                raise MovementError(_("{where}: board {board} is at two tables in the round").format(
                    where=where, board=b) if copies == 1 else
                    _("{where}: board {board} is at more tables in the round than its {copies} "
                      "copies").format(where=where, board=b, copies=copies))


def at_least_one_board(boards_per_round: int) -> str:
    """Why a movement of ``boards_per_round`` boards a round (fewer than one) is refused."""
    return _("a round has at least one board, not {boards}").format(boards=boards_per_round)


def board_set(number: int, boards_per_round: int) -> tuple[int, ...]:
    """The boards of set ``number`` (from 0): 1-3, 4-6, ... for three boards a round."""
    return tuple(range(number * boards_per_round + 1, (number + 1) * boards_per_round + 1))


def span(boards: tuple[int, ...]) -> str:
    """Boards as a player reads them: "4-6" for a run in order, else in playing order "5,6,4"."""
    if len(boards) > 1 and boards == tuple(range(boards[0], boards[0] + len(boards))):
        return f"{boards[0]}-{boards[-1]}"
    return ",".join(map(str, boards))
