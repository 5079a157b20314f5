"""Fair play: what of a session's boards a page may show, and to whom (issue 22).

Nothing of a board — its deal, auction, play, lead, contract, result, score or points — reaches
anyone but the logged-in director before every table that plays it in the movement has sent its
result (``board_finished``): a pair still to play it could read it on a phone. The station's and
the center's pages, their ``/api/`` and the printable results take what they show a visitor from
here:

- the boards over everywhere (``finished_boards``, ``results_over``); the visitor's ranking and
  score cards count those boards only, so that no total gives away a board still in play;
- the live view of a table (``live_shown``): the board being played there to the director, to
  everyone once it is over everywhere, or to everyone while the director has turned the kibitzers
  on (``SessionSetup.kibitzers``: an event where no one still to play a board can watch, such as
  a match against the robots), off by default.

The tempo of the calls and cards (``tempo``: how long each took) is unauthorised information to
the players (Law 16): the director's alone, on the director's pages only, even once the board is
over everywhere (``tempo_shown``); the center is not sent it.

The center has no director: it shows a visitor what the station would, from what the club sent
(the set-up's movement and the results), and everything once the session's final ranking has come.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar

from ..movements import Movement


class _Result(Protocol):
    @property
    def table(self) -> int: ...
    @property
    def board(self) -> int: ...
    @property
    def ns(self) -> int: ...
    @property
    def ew(self) -> int: ...


R = TypeVar("R", bound=_Result)


def board_finished(movement: Movement, played: set[tuple[int, int]], board: int) -> bool:
    """Whether every table that plays ``board`` in the movement has sent its result (not a board no
    table plays yet: a Swiss's rounds to come are paired as the evening goes)."""
    tables = [a.table for a in movement.assignments if board in a.boards]
    return bool(tables) and all((table, board) in played for table in tables)


def finished_boards(movement: Movement, played: set[tuple[int, int]]) -> set[int]:
    """The boards of the movement every table that plays them has sent a result of."""
    return {board for board in movement.boards if board_finished(movement, played, board)}


def results_over(movement: Movement, results: Iterable[R]) -> list[R]:
    """The results of the boards over everywhere."""
    results = list(results)
    over = finished_boards(movement, {(r.table, r.board) for r in results})
    return [r for r in results if r.board in over]


def in_play(results: Iterable[_Result], over: set[int], pair: int) -> list[int]:
    """The boards ``pair`` has played that are not ``over`` (other tables have still to play them)."""
    return sorted({r.board for r in results if pair in (r.ns, r.ew) and r.board not in over})


def live_shown(movement: Movement, played: set[tuple[int, int]], board: int, *, director: bool,
               kibitzers: bool) -> bool:
    """Whether the live view of a table shows the calls, cards and hands of ``board``."""
    return director or kibitzers or board_finished(movement, played, board)


def tempo_shown(*, director: bool) -> bool:
    """Whether a page shows the tempo of the calls and cards: to the logged-in director only."""
    return director
