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
from ..movements import Movement, MovementError, howell, mitchell, robot_table, team_match
from ..scoring.imps import BUTLER_TRIM_FROM
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
    "boards_per_round": 4} or {"kind": "robots", "boards": 8, "boards_per_round": 2} (one table
    against the robots, scored ROBOTS). ``hide_traveller`` lists tables that do not show the traveller.
    ``kibitzers``: the live view of a table shows everyone the board being played there (the
    director turns it on for an event where that is safe; ``visibility``).
    """

    session: str
    event: str
    movement: dict[str, Any]
    scoring: str = "MP"
    pairs: dict[int, str] = field(default_factory=dict)
    numbers: dict[int, list[dict[str, str]]] = field(default_factory=dict)
    teams: dict[str, str] = field(default_factory=dict)  # "home"/"away" -> team name, for TEAMS
    hide_traveller: list[int] = field(default_factory=list)
    kibitzers: bool = False
    # the director's rulings (director.rulings): board -> {table: group} of a fouled board (keys
    # as text: the set-up is JSON), and procedural penalties {"pair", "points", "reason"}
    fouled: dict[str, dict[str, int]] = field(default_factory=dict)
    penalties: list[dict[str, Any]] = field(default_factory=list)
    # the session's identity beyond this station (a UUID made when the station creates it): the
    # name may be used again (a new season, a reinstall, a restored backup), the identity never is
    uid: str = ""
    master_point_type: str = ""  # the federation's kind of master points, written in USEBIO ("GREEN")
    butler_trim_from: int = BUTLER_TRIM_FROM  # Butler: with this many scores or more, drop top and bottom

    def __post_init__(self) -> None:
        if self.scoring not in SCORINGS:
            raise SetupError(_("scoring must be one of {scorings}, not {scoring}").format(
                scorings=", ".join(SCORINGS), scoring=repr(self.scoring)))
        if self.scoring == "TEAMS" and self.movement.get("kind") != "teams":
            raise SetupError(_("team scoring needs the two-table team movement"))
        if (self.scoring == "ROBOTS") != (self.movement.get("kind") == "robots"):
            raise SetupError(_("a single table against the robots is scored against the robots (ROBOTS), "
                               "and only it is"))
        if self.butler_trim_from < 3:
            raise SetupError(_("Butler's datum leaves out the top and bottom from 3 scores or more, "
                               "not {n}").format(n=self.butler_trim_from))
        self.pairs = {int(pair): names for pair, names in self.pairs.items()}
        self.numbers = {int(pair): players for pair, players in self.numbers.items()}

    def build_movement(self) -> Movement:
        spec = dict(self.movement)
        kind = spec.pop("kind", None)
        builders: dict[str, Callable[..., Movement]] = {
            "mitchell": mitchell, "howell": howell, "teams": team_match, "robots": robot_table}
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
        missing = sorted(set(session.movement.boards) - {b.board for b in boards})
        if missing:
            raise SetupError(_("the movement plays boards {first}-{last} but they have no deal").format(
                first=missing[0], last=missing[-1]))
        unknown = sorted(set(session.movement.pairs) - set(setup.pairs))
        setup.pairs.update({pair: f"Pair {pair}" for pair in unknown})
        setup.uid = setup.uid or (store.session_setup(setup.session) or {}).get("uid") or uuid.uuid4().hex
        store.create_session(setup.session, setup.to_json())
        store.set_pairs(setup.session, setup.pairs)
        store.put_boards(setup.session, [b for b in boards if b.board in set(session.movement.boards)])
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

    def round_of(self, table: int, board: int) -> int | None:
        """The round in which a table plays a board (None if it never does)."""
        return next((a.round for a in self.movement.assignments if a.table == table and board in a.boards),
                    None)

    def assignments(self, round_: int) -> list[dict[str, Any]]:
        """The "assign" messages of a round: who plays what at each table, and where everyone
        goes afterwards."""
        messages = []
        for a in self.movement.round(round_):
            msg: dict[str, Any] = {
                "schema": SCHEMA_VERSION, "kind": "assign", "session": self.id, "round": round_,
                "table": a.table,
                "ns": a.ns, "ew": a.ew, "boards": list(a.boards), "event": self.setup.event,
                "ns_names": self.setup.pairs.get(a.ns, ""), "ew_names": self.setup.pairs.get(a.ew, ""),
                "show_traveller": a.table not in self.setup.hide_traveller,
                "final": round_ == self.movement.rounds,
            }
            if round_ < self.movement.rounds:
                nxt: dict[str, Any] = {}
                for side, pair in (("ns", a.ns), ("ew", a.ew)):
                    seat = self.movement.seat_of(pair, round_ + 1)
                    if seat is not None:
                        nxt[side] = {"table": seat.table, "direction": "NS" if seat.ns == pair else "EW"}
                boards_to = next((b.table for b in self.movement.round(round_ + 1)
                                  if set(b.boards) & set(a.boards)), None)
                if boards_to is not None:
                    nxt["boards_to"] = boards_to
                msg["next"] = nxt
            messages.append(msg)
        return messages
