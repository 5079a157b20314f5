"""Session set-up: the event, its boards (from a PBN deal file or generated), its pairs or teams
with names, its movement and scoring; and what each table is told each round.

The set-up is stored as JSON with the session, so a restarted station carries on where it was.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ..bridge import Deal, board_dealer, board_vulnerability
from ..i18n import STATION
from ..link import SCHEMA_VERSION
from ..movements import (
    Movement,
    MovementError,
    howell,
    mitchell,
    robot_table,
    swiss_pairs,
    team_event,
    team_match,
    team_of,
)
from ..movements.base import span
from ..movements.passing import passes
from ..scoring.imps import BUTLER_TRIM_FROM
from ..scoring.team_event import BYE_VP, TIE_BREAKS
from .store import BoardInfo, Store

_ = STATION.gettext
SCORINGS = ("MP", "IMP", "XIMP", "TOTAL", "TEAMS", "ROBOTS")  # matchpoints, Butler IMPs, cross-IMPs, a team
# match, a single table against the robots


class SetupError(ValueError):
    """A session set-up that cannot be run; the text says what is wrong."""


@dataclass
class SessionSetup:
    """What the director decides before the first round.

    ``numbers`` gives a pair's players' numbers for results files, in the order of the names:
    {3: [{"national": "12345", "club": "C17"}, {"national": "67890", "club": ""}]}.
    ``movement`` is {"kind": "mitchell", "tables": 4, "boards_per_round": 3, "rounds": 3},
    {"kind": "howell", "pairs": 8, "boards_per_round": 2}, {"kind": "teams", "boards": 16,
    "boards_per_round": 4}, {"kind": "team-event", "teams": 6, "boards_per_round": 4, "swiss": false,
    "rounds": 5, "sets": 3, "schedule": [...]} (a club's team evening, ``movements.team_event``; a
    Swiss keeps its rounds paired so far in "schedule"), {"kind": "swiss-pairs", "pairs": 10,
    "boards_per_round": 4, "rounds": 4, "sets": 5, "schedule": [...]} (``movements.swiss_pairs``,
    scored MP, IMP or XIMP) or {"kind": "robots", "boards": 8,
    "boards_per_round": 2} (one table against the robots, scored ROBOTS). ``hide_traveller`` lists
    tables that do not show the traveller.
    ``kibitzers``: the live view of a table shows everyone the board being played there (the
    director turns it on for an event where that is safe; ``visibility``).
    """

    session: str
    event: str
    movement: dict[str, Any]
    scoring: str = "MP"
    pairs: dict[int, str] = field(default_factory=dict)
    numbers: dict[int, list[dict[str, str]]] = field(default_factory=dict)
    teams: dict[str, str] = field(default_factory=dict)  # "home"/"away" (a match), "1".. (an event) -> name
    hide_traveller: list[int] = field(default_factory=list)
    kibitzers: bool = False
    # the director's rulings (director.rulings): board -> {table: group} of a fouled board (keys
    # as text: the set-up is JSON), and procedural penalties {"pair", "points", "reason"}
    fouled: dict[str, dict[str, int]] = field(default_factory=dict)
    penalties: list[dict[str, Any]] = field(default_factory=list)
    # a team event's: the director's VPs for a match {"round", "team", "home_vp", "away_vp"} and VP
    # penalties {"team", "vp", "reason"} (director.teamevent)
    vp_adjusted: list[dict[str, Any]] = field(default_factory=list)
    vp_penalties: list[dict[str, Any]] = field(default_factory=list)
    tie_break: str = "quotient"  # a team event's teams level on VPs: "quotient" (IMPs) or "match"
    bye_vp: float = BYE_VP  # a team event's VPs for a bye
    # the session's identity beyond this station (a UUID made when the station creates it): the
    # name may be used again (a new season, a reinstall, a restored backup), the identity never is
    uid: str = ""
    master_point_type: str = ""  # the federation's kind of master points, written in USEBIO ("GREEN")
    butler_trim_from: int = BUTLER_TRIM_FROM  # Butler: with this many scores or more, drop top and bottom
    # a new player in a pair (a substitute, ``actions.new_player``): the director's asks for the
    # numbers at the pair's table, {"id" (text), "pair", "players": [1, 2] (which of the two)}, kept until
    # the numbers come; and each player replaced, {"pair", "index" (0, 1), "from" (the new player's
    # first board: [round, place], ``Session.played_when``), "player" (the one before, as in
    # ``numbers``)}, for the results before it
    number_asks: list[dict[str, Any]] = field(default_factory=list)
    replaced: list[dict[str, Any]] = field(default_factory=list)
    # the round clock (director.roundclock): when each round began, seconds since the epoch (keys
    # as text: the set-up is JSON)
    round_started: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.scoring not in SCORINGS:
            raise SetupError(_("scoring must be one of {scorings}, not {scoring}").format(
                scorings=", ".join(SCORINGS), scoring=repr(self.scoring)))
        if self.scoring == "TEAMS" and self.movement.get("kind") not in ("teams", "team-event"):
            raise SetupError(_("team scoring needs the two-table team movement"))
        if self.movement.get("kind") == "swiss-pairs" and self.scoring not in ("MP", "IMP", "XIMP"):
            raise SetupError(_("Swiss pairs is scored in matchpoints (MP), Butler IMPs (IMP) or cross-IMPs "
                               "(XIMP), not {scoring}").format(scoring=self.scoring))
        if (self.scoring == "ROBOTS") != (self.movement.get("kind") == "robots"):
            raise SetupError(_("a single table against the robots is scored against the robots (ROBOTS), "
                               "and only it is"))
        if self.tie_break not in TIE_BREAKS:
            raise SetupError(_("a team event breaks ties by one of {ways}, not {way}").format(
                ways=", ".join(TIE_BREAKS), way=repr(self.tie_break)))
        if self.butler_trim_from < 3:
            raise SetupError(_("Butler's datum leaves out the top and bottom from 3 scores or more, "
                               "not {n}").format(n=self.butler_trim_from))
        self.pairs = {int(pair): names for pair, names in self.pairs.items()}
        self.numbers = {int(pair): players for pair, players in self.numbers.items()}

    def build_movement(self) -> Movement:
        spec = dict(self.movement)
        kind = spec.pop("kind", None)
        builders: dict[str, Callable[..., Movement]] = {
            "mitchell": mitchell, "howell": howell, "teams": team_match, "team-event": team_event,
            "swiss-pairs": swiss_pairs, "robots": robot_table}
        if kind not in builders:
            raise SetupError(_("movement kind must be one of {kinds}, not {kind}").format(
                kinds=", ".join(builders), kind=repr(kind)))
        try:
            return builders[kind](**spec)
        except TypeError as exc:
            raise SetupError(_("{kind} movement: {error}").format(kind=kind, error=exc)) from None
        except MovementError as exc:
            raise SetupError(str(exc)) from None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def session_boards(movement: Movement) -> list[int]:
    """The boards a session needs deals for: the movement's, and a Swiss's rounds still to pair."""
    if movement.kind in ("team-event", "swiss-pairs"):
        return list(range(1, movement.rounds * movement.boards_per_round + 1))
    return movement.boards


def generated_boards(count: int, seed: int) -> list[BoardInfo]:
    """``count`` random deals, reproducible from ``seed``, with dealer and vulnerability by Law 2."""
    rng = random.Random(seed)
    return [BoardInfo(n, Deal.random(rng).to_pbn(), str(board_dealer(n)), str(board_vulnerability(n)))
            for n in range(1, count + 1)]


def boards_from_pbn(path: str | Path) -> list[BoardInfo]:
    """The deals of a PBN file, by board number (the first record of each board wins)."""
    from ..formats.pbn import PbnError, read_pbn_file

    boards: dict[int, BoardInfo] = {}
    try:
        records = read_pbn_file(path)
    except PbnError as exc:
        raise SetupError(_("no board with a deal: {error}").format(error=exc)) from None
    for record in records:
        if record.board is None or record.deal is None or record.board in boards:
            continue
        dealer = record.dealer or board_dealer(record.board)
        vulnerability = record.vulnerability or board_vulnerability(record.board)
        boards[record.board] = BoardInfo(record.board, record.deal.to_pbn(), str(dealer), str(vulnerability))
    if not boards:
        raise SetupError(_("{path}: no board with a deal").format(path=path))
    return [boards[n] for n in sorted(boards)]


class Session:
    """A session as the station runs it: its set-up, its movement and its store."""

    def __init__(self, store: Store, setup: SessionSetup) -> None:
        self.store, self.setup = store, setup
        self.movement = setup.build_movement()
        self.id = setup.session

    @classmethod
    def create(cls, store: Store, setup: SessionSetup, boards: list[BoardInfo]) -> Session:
        """Set up a new session (or replace the set-up of one not yet played)."""
        session = cls(store, setup)
        needed = set(session_boards(session.movement))
        missing = sorted(needed - {b.board for b in boards})
        if missing:
            raise SetupError(_("the movement plays boards {first}-{last} but they have no deal").format(
                first=missing[0], last=missing[-1]))
        pairs = (range(1, 2 * setup.movement["teams"] + 1) if session.team_event else
                 range(1, setup.movement["pairs"] + 1) if session.swiss_pairs else session.movement.pairs)
        unknown = sorted(set(pairs) - set(setup.pairs))  # a team event's: those with a bye in round 1 too
        setup.pairs.update({pair: session.team_name(team_of(pair)) if session.team_event else f"Pair {pair}"
                            for pair in unknown})
        setup.uid = setup.uid or (store.session_setup(setup.session) or {}).get("uid") or uuid.uuid4().hex
        store.create_session(setup.session, setup.to_json())
        store.set_pairs(setup.session, setup.pairs)
        store.put_boards(setup.session, [b for b in boards if b.board in needed])
        return session

    @classmethod
    def load(cls, store: Store, session: str) -> Session:
        saved = store.session_setup(session)
        if saved is None:
            raise SetupError(_("no session {session} in the store").format(session=repr(session)))
        setup = SessionSetup(**saved)
        setup.pairs = store.pairs(session) or setup.pairs
        if not setup.uid:  # created before sessions had an identity: given one now, for good
            setup.uid = uuid.uuid4().hex
            store.create_session(session, setup.to_json())
        return cls(store, setup)

    @property
    def team_event(self) -> bool:
        """Whether the session is a team event (``movements.team_event``)."""
        return self.movement.kind == "team-event"

    @property
    def swiss_pairs(self) -> bool:
        """Whether the session is Swiss pairs (``movements.swiss_pairs``)."""
        return self.movement.kind == "swiss-pairs"

    @property
    def paired_as_it_goes(self) -> bool:
        """Whether the tables are told each round's boards by the station as the rounds are paired
        (a team event or Swiss pairs), rather than knowing them from the start."""
        return self.team_event or self.swiss_pairs

    def team_name(self, team: int) -> str:
        return self.setup.teams.get(str(team)) or _("Team {team}").format(team=team)

    def save(self) -> None:
        """Store the set-up again after the director or the station changed it."""
        self.store.create_session(self.id, self.setup.to_json())

    def rebuild(self) -> None:
        """Build the movement again after its set-up changed (a Swiss round paired)."""
        self.movement = self.setup.build_movement()

    def round_of(self, table: int, board: int) -> int | None:
        """The round in which a table plays a board (None if it never does)."""
        return next((a.round for a in self.movement.assignments if a.table == table and board in a.boards),
                    None)

    def played_when(self, round_: int, table: int, board: int) -> tuple[int, int]:
        """When a table played a board: its round, and its place among the round's boards there
        (the order the table plays them in); (round, 0) for a board not in the movement."""
        at = self.movement.at(round_, table) if round_ else None
        return round_, at.boards.index(board) if at is not None and board in at.boards else 0

    def assignments(self, round_: int) -> list[dict[str, Any]]:
        """The "assign" messages of a round: who plays what at each table, and where everyone
        goes afterwards."""
        messages = []
        shared = any(len(group) > 2 for group in self.movement.relays)
        relayed = passes(self.movement, round_) if shared else {}
        for a in self.movement.round(round_):
            msg: dict[str, Any] = {
                "schema": SCHEMA_VERSION, "kind": "assign", "session": self.id, "round": round_,
                "table": a.table,
                "ns": a.ns, "ew": a.ew, "boards": list(a.boards), "event": self.setup.event,
                "ns_names": self.setup.pairs.get(a.ns, ""), "ew_names": self.setup.pairs.get(a.ew, ""),
                "show_traveller": a.table not in self.setup.hide_traveller,
                "final": round_ == self.movement.rounds,
            }
            if self.team_event or self.swiss_pairs:  # the displays say the match, "Team 3 v Team 5,
                # boards 1-7": a team's home pair sits North-South at the match's first (odd) table
                home, away = (a.ns, a.ew) if a.table % 2 or self.swiss_pairs else (a.ew, a.ns)
                names = ((self.team_name(team_of(home)), self.team_name(team_of(away))) if self.team_event
                         else (msg["ns_names"] or str(home), msg["ew_names"] or str(away)))
                msg["event"] = _("{event}: {home} v {away}, boards {boards}").format(
                    event=self.setup.event, home=names[0], away=names[1],
                    boards=span(tuple(sorted(a.boards))))[:200]
                msg["home"], msg["away"] = names[0][:64], names[1][:64]  # the displays: "Team 3 v Team 5"
                if self.team_event:  # the moves screen names the teams, which their players know
                    msg["ns_team"], msg["ew_team"] = team_of(a.ns), team_of(a.ew)
            passed = [{"board": b, "to": relayed[(a.table, b)]} for b in a.boards if (a.table, b) in relayed]
            if passed:  # the sets circulate among the tables: where each board goes next
                msg["passes"] = passed
            if round_ < self.movement.rounds:
                nxt: dict[str, Any] = {}
                for side, pair in (("ns", a.ns), ("ew", a.ew)):
                    seat = self.movement.seat_of(pair, round_ + 1)
                    if seat is not None:
                        nxt[side] = {"table": seat.table, "direction": "NS" if seat.ns == pair else "EW"}
                boards_to = next((b.table for b in self.movement.round(round_ + 1)
                                  if set(b.boards) & set(a.boards)), relayed.get((a.table, a.boards[-1])))
                if boards_to is not None:
                    nxt["boards_to"] = boards_to
                elif self.team_event or self.swiss_pairs:  # each round its own boards: these are done
                    nxt["boards_done"] = True
                msg["next"] = nxt
            asks = [{"id": ask["id"], "seats": "".join(seats[index - 1] for index in ask["players"])}
                    for pair, seats in ((a.ns, "NS"), (a.ew, "EW"))
                    for ask in self.setup.number_asks if ask["pair"] == pair]
            if asks:  # a new player's number, asked at the next board (``table.flow``)
                msg["ask"] = asks
            messages.append(msg)
        return messages
