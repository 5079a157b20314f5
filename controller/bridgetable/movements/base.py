"""What every movement is: a list of table-rounds, checked to be playable."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass


class MovementError(ValueError):
    """A movement that cannot be played (a pair or a board in two places at once, a pair playing
    a board twice), or a request for one that does not exist."""


@dataclass(frozen=True, slots=True)
class TableRound:
    """Who plays what at one table in one round (rounds and tables count from 1)."""

    round: int
    table: int
    ns: int
    ew: int
    boards: tuple[int, ...]


@dataclass(frozen=True)
class Movement:
    """A movement: ``kind`` is "mitchell", "howell" or "teams"; ``two_winners`` says whether
    North-South and East-West are ranked apart (a Mitchell without arrow-switch)."""

    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    assignments: tuple[TableRound, ...]
    two_winners: bool = False

    def __post_init__(self) -> None:
        check(self.assignments)

    def round(self, number: int) -> list[TableRound]:
        if not 1 <= number <= self.rounds:
            raise MovementError(f"round {number} is not in 1-{self.rounds}")
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
            return f"pair {pair}: the session is over"
        if nxt is None:
            return f"pair {pair}: sit out round {round_ + 1}"
        side = "North-South" if nxt.ns == pair else "East-West"
        return f"pair {pair}: table {nxt.table}, {side}, boards {_span(nxt.boards)}"

    @property
    def pairs(self) -> list[int]:
        return sorted({p for a in self.assignments for p in (a.ns, a.ew)})

    @property
    def boards(self) -> list[int]:
        return sorted({b for a in self.assignments for b in a.boards})

    def times_played(self) -> Counter[int]:
        """How many tables play each board over the session."""
        return Counter(b for a in self.assignments for b in a.boards)


def check(assignments: tuple[TableRound, ...]) -> None:
    """Refuse a movement that cannot be played."""
    seen_pair: set[tuple[int, int]] = set()
    seen_board: set[tuple[int, int]] = set()
    seen_table: set[tuple[int, int]] = set()
    played: set[tuple[int, int]] = set()
    for a in assignments:
        where = f"round {a.round} table {a.table}"
        if a.ns == a.ew:
            raise MovementError(f"{where}: pair {a.ns} cannot play against itself")
        if (a.round, a.table) in seen_table:
            raise MovementError(f"{where} is assigned twice")
        seen_table.add((a.round, a.table))
        for pair in (a.ns, a.ew):
            if (a.round, pair) in seen_pair:
                raise MovementError(f"{where}: pair {pair} is at two tables in the round")
            seen_pair.add((a.round, pair))
            for b in a.boards:
                if (pair, b) in played:
                    raise MovementError(f"{where}: pair {pair} would play board {b} twice")
                played.add((pair, b))
        for b in a.boards:
            if (a.round, b) in seen_board:
                raise MovementError(f"{where}: board {b} is at two tables in the round")
            seen_board.add((a.round, b))


def board_set(number: int, boards_per_round: int) -> tuple[int, ...]:
    """The boards of set ``number`` (from 0): 1-3, 4-6, ... for three boards a round."""
    return tuple(range(number * boards_per_round + 1, (number + 1) * boards_per_round + 1))


def _span(boards: tuple[int, ...]) -> str:
    return f"{boards[0]}-{boards[-1]}" if len(boards) > 1 else str(boards[0])
