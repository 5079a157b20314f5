"""The round clock: each round's length from the minutes a board is given, when it began and
ends, what the tables are told of it, and each table's progress against it.

A round's clock starts when the station first publishes the round (the session's start, the
director's "next round", or the round before complete at every table); its start is kept with
the session's set-up, so that a restarted station keeps the same clock. A round lasts the
change-over allowance plus its boards (the most any table of the round plays) times the minutes
per board.

The tables are told ``ends_in`` (seconds left when the station sends the assignment) and
``ends_at`` (the end by the station's clock, UTC). A table counts down from ``ends_in`` with its
own clock from the moment it receives it: a Pi without a real-time clock may not know the time
of day, but it measures a quarter of an hour well. ``ends_at`` is for the record (and a reader
whose clock is right). The station sends the assignment again to a table that comes online
(``Station._answer``), so a table that restarts counts from a fresh ``ends_in``.

A table is behind (flagged to the director) once it has finished fewer boards than the schedule
allows: fewer than the whole boards the minutes gone by (after the change-over) give; or when
the round is over with boards still to play.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ..i18n import STATION

if TYPE_CHECKING:  # the command line reads the defaults without loading the station
    from .session import Session

_ = STATION.gettext
MINUTES_PER_BOARD = 7.5  # what clubs give a board, the change of tables included (3 boards: 22½ min)
CHANGEOVER = 0.0  # minutes a round gives besides its boards


@dataclass(frozen=True, slots=True)
class Progress:
    """A table's round against the clock (times in seconds since the epoch, the station's)."""

    round: int
    done: int  # boards of the round with a result
    boards: int  # boards of the round at the table
    start: float
    end: float
    now: float
    projected: float | None  # when the table finishes at its pace so far (None: no board done yet)
    behind: bool  # will not finish in time at the club's pace (flagged to the director)

    @property
    def left(self) -> float:
        """Seconds left in the round (negative: over by so much)."""
        return self.end - self.now

    @property
    def finished(self) -> bool:
        return self.done >= self.boards

    @property
    def overrun(self) -> bool:
        """The round is over with boards still to play: the director may mark those not started
        as not played (``actions.not_started``)."""
        return self.left <= 0 and not self.finished


def check_minutes(minutes_per_board: float, changeover: float) -> None:
    """Refuse a round clock out of bounds (ValueError naming the option): the station checks its
    options with it before it opens anything."""
    if not 0 < minutes_per_board <= 60:
        raise ValueError(_("--minutes-per-board: {minutes} is out of range (more than 0, at most 60)").format(
            minutes=f"{minutes_per_board:g}"))
    if not 0 <= changeover <= 60:
        raise ValueError(_("--changeover: {minutes} is out of range (0 to 60)").format(
            minutes=f"{changeover:g}"))


class RoundClock:
    """The round clock of one session's station. ``now`` is the wall clock (injected in tests)."""

    def __init__(self, session: Session, minutes_per_board: float = MINUTES_PER_BOARD,
                 changeover: float = CHANGEOVER, now: Callable[[], float] = time.time) -> None:
        check_minutes(minutes_per_board, changeover)
        self.session = session
        self.per_board = minutes_per_board * 60
        self.changeover = changeover * 60
        self.now = now

    def start(self, round_: int) -> None:
        """The round begins now, unless its clock already runs (a station restarted, a round sent again)."""
        started = self.session.setup.round_started
        if str(round_) not in started:
            started[str(round_)] = self.now()
            self.session.save()

    def started(self, round_: int) -> float | None:
        return self.session.setup.round_started.get(str(round_))

    def length(self, round_: int) -> float:
        """Seconds the round lasts: the change-over and the most boards a table plays in it."""
        boards = max((len(a.boards) for a in self.session.movement.round(round_)), default=0)
        return self.changeover + boards * self.per_board

    def end(self, round_: int) -> float | None:
        start = self.started(round_)
        return None if start is None else start + self.length(round_)

    def fields(self, round_: int) -> dict[str, Any]:
        """What an assignment of the round says of the clock (nothing before the round began)."""
        end = self.end(round_)
        if end is None:
            return {}
        return {"ends_in": round(end - self.now()),
                "ends_at": datetime.fromtimestamp(end, UTC).isoformat(timespec="seconds")}

    def progress(self, round_: int, boards: int, done: int) -> Progress | None:
        """A table's progress in the round: ``done`` of its ``boards`` (None: the round has not begun)."""
        start, end = self.started(round_), self.end(round_)
        if start is None or end is None:
            return None
        now = self.now()
        gone = max(0.0, now - start)
        projected = start + gone * boards / done if done else None
        due = min(boards, math.floor(max(0.0, gone - self.changeover) / self.per_board))
        behind = done < boards and (done < due or now >= end)
        return Progress(round_, done, boards, start, end, now, projected, behind)
