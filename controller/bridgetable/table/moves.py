"""Where each pair and the boards go at the end of a round: the station's assignment's "next".

The station's "assign" message names this table's pairs and, unless it is the last round, where
each pair and the boards go next (``{"ns": {"table", "direction"}, "ew": {...}, "boards_to"}``, or
``"boards_done"`` where no table plays them again, as in a team event).
The table keeps that in its journal with the assignment, and shows it once the round's boards
are confirmed (see ``screens.render``), across a restart too. In a team event (a Swiss) the
assignment also names each pair's team, which the moves name the pair by, and the round's match,
which each board's start screen shows ("Team 3 v Team 5").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from ..bridge import Side
from ..i18n import TABLE, notation

_ = TABLE.gettext


@dataclass(frozen=True, slots=True)
class Moves:
    """A round's pairs at this table and where they go after it (None: the station did not say)."""

    round: int
    table: int
    ns: int  # the NS pair's number (0: not told)
    ew: int
    ns_to: tuple[int, str] | None = None  # (table, "NS"/"EW") next round
    ew_to: tuple[int, str] | None = None
    boards_to: int | None = None
    boards_done: bool = False  # no table plays the boards again: they go to the director
    final: bool = False  # the session's last round: nobody moves
    passes: tuple[tuple[int, int], ...] = ()  # (board, table): where a shared board goes once played
    ns_team: int = 0  # a team event: the team of the NS pair (0: pairs, named by number)
    ew_team: int = 0
    home: str = ""  # a team event's (a Swiss's) match this round: the home team (pair), the away one
    away: str = ""

    @classmethod
    def of(cls, assignment: Mapping[str, Any]) -> Moves:
        """From an "assign" message (or ``to_json``'s dict) already validated by the link's schema."""
        nxt = assignment.get("next") or {}

        def seat(side: str) -> tuple[int, str] | None:
            to = nxt.get(side)
            return (int(to["table"]), str(to["direction"])) if to else None

        return cls(round=int(assignment["round"]), table=int(assignment.get("table", 0)),
                   ns=int(assignment.get("ns", 0)), ew=int(assignment.get("ew", 0)),
                   ns_to=seat("ns"), ew_to=seat("ew"), boards_to=nxt.get("boards_to"),
                   boards_done=bool(nxt.get("boards_done", False)),
                   final=bool(assignment.get("final", False)),
                   passes=tuple((int(p["board"]), int(p["to"])) for p in assignment.get("passes") or ()),
                   ns_team=int(assignment.get("ns_team", 0)), ew_team=int(assignment.get("ew_team", 0)),
                   home=str(assignment.get("home", "")), away=str(assignment.get("away", "")))

    def to_json(self) -> dict[str, Any]:
        """The assignment's shape again (what ``of`` reads), for the journal."""
        data = asdict(self)
        nxt: dict[str, Any] = {}
        for side in ("ns", "ew"):
            to = data.pop(f"{side}_to")
            if to is not None:
                nxt[side] = {"table": to[0], "direction": to[1]}
        if data.pop("boards_to") is not None:
            nxt["boards_to"] = self.boards_to
        if data.pop("boards_done"):
            nxt["boards_done"] = True
        ns_team, ew_team = data.pop("ns_team"), data.pop("ew_team")
        teams = {"ns_team": ns_team, "ew_team": ew_team} if ns_team and ew_team else {}
        home, away = data.pop("home"), data.pop("away")
        if home and away:
            teams.update(home=home, away=away)
        passed = [{"board": board, "to": table} for board, table in data.pop("passes")]
        return {**data, "next": nxt, **({"passes": passed} if passed else {}), **teams}

    def match(self) -> str | None:
        """"Team 3 v Team 5": the round's match (None: not a match)."""
        if not (self.home and self.away):
            return None
        return _("{home} v {away}").format(home=self.home, away=self.away)

    def board_pass(self, board: int) -> str | None:
        """"Board 2: to table 1" where a shared board goes once played here (None: it stays)."""
        table = next((to for b, to in self.passes if b == board), None)
        if table is None:
            return None
        return _("Board {board}: to table {table}").format(board=board, table=table)

    def pair_move(self, side: Side) -> str:
        """"stay", "table 2 EW", or "?" when the station did not say."""
        to = self.ns_to if side is Side.NS else self.ew_to
        if to is None:
            return "?"
        if to == (self.table, side.value):
            return _("stay")
        return _("table {number} {side}").format(number=to[0], side=notation.side(to[1]))

    def pair_name(self, side: Side) -> str:
        """"NS pair 3"; in a team event the team, which its players know: "NS team 2"."""
        team = self.ns_team if side is Side.NS else self.ew_team
        if team:
            return _("{side} team {number}").format(side=notation.side(side.value), number=team)
        number = self.ns if side is Side.NS else self.ew
        return _("{side} pair {number}").format(side=notation.side(side.value), number=number)

    def pair_line(self, side: Side) -> str:
        """"NS pair 3: stay" ("NS team 2: stay")."""
        return _("{pair}: {move}").format(pair=self.pair_name(side), move=self.pair_move(side))

    def boards_line(self) -> str:
        if self.boards_done:
            return _("Boards: to the director")
        if self.boards_to is None:
            return _("Boards: ?")
        if self.boards_to == self.table:
            return _("Boards: stay")
        return _("Boards: to table {number}").format(number=self.boards_to)

    def summary(self) -> str:
        """The whole move as one text: "Round 2 done. NS pair 3: stay. EW pair 6: table 2 EW.
        Boards: to table 4." or, after the last round, "Session over: thank you"."""
        if self.final:
            return _("Session over: thank you")
        lines = [_("Round {number} done").format(number=self.round), self.pair_line(Side.NS),
                 self.pair_line(Side.EW), self.boards_line()]
        return ". ".join(lines) + "."
