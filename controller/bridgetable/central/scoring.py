"""A club's session as the center has it, scored with the station's own scoring: the set-up and
the results are put into an in-memory store, from which ``director.standings`` ranks the pairs
exactly as the club's station does. ``ScoredSessions`` keeps the sessions shown lately, scored:
a page is scored again only when a result, a set-up or the final ranking arrived since (as the
station rescores when a result arrives), not on every request.

The center shows what the station shows a visitor (``director.visibility``): of a session being
played, the boards every table that plays them has sent a result of (the movement is in the
set-up, the results come as the tables send them); of a session whose final ranking has come,
every board. A board is shown there as soon as it is on the station's own pages, plus the upload's
delay.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from ..director.session import Session, SessionSetup
from ..director.standings import Standings, score_session
from ..director.store import BoardInfo, SQLiteStore, StoredResult
from ..director.visibility import finished_boards
from ..i18n import CENTRAL
from .db import CentralDb

_ = CENTRAL.gettext
Loaded = tuple[Session, Standings, set[int]]  # the session, its standings, the boards a visitor sees


class SessionNotFound(LookupError):
    """No such club session at the center (or no set-up received yet)."""


def build_session(name: str, setup: dict[str, Any]) -> Session:
    """The session a club's station sent the set-up of (a team event's with its rules and the
    director's VPs and penalties, ``upstream.team_event_rules``), in a throw-away store; SetupError,
    as the station's own, if it could not run (an unknown movement or scoring, boards the movement
    plays without a deal). The ingest builds each set-up before storing it, so every stored one shows."""
    pairs = {int(pair): entry["names"] for pair, entry in setup["pairs"].items()}
    wanted = SessionSetup(name, setup["event"], setup["movement"], setup["scoring"], pairs=pairs,
                          teams=setup.get("teams") or {}, **setup.get("team_event", {}))
    boards = [BoardInfo(b["board"], b["deal"], b["dealer"], b["vulnerability"]) for b in setup["boards"]]
    return Session.create(SQLiteStore(":memory:"), wanted, boards)


def load_session(db: CentralDb, club: str, session: str) -> Loaded:
    """The session (in a throw-away store) from what the center holds, the boards a visitor may
    see, and the standings of those boards."""
    found = db.session(club, session)
    if found is None or found["setup"] is None:
        raise SessionNotFound(_("the center has no set-up of session {session!r} of club {club!r}").format(
            session=session, club=club))
    loaded = build_session(session, found["setup"])
    loaded.store.put_results([StoredResult(session=session, **{name: row[name] for name in (
        "round", "table", "board", "revision", "ns", "ew", "contract", "declarer", "tricks", "ns_score",
        "lead", "adjusted", "source", "record", "stored_at")}) for row in db.results(club, session)])
    results = loaded.store.results(session)
    over = (set(loaded.movement.boards) if found["seq"] is not None
            else finished_boards(loaded.movement, {(r.table, r.board) for r in results}))
    return loaded, score_session(loaded, [r for r in results if r.board in over]), over


def public_setup(setup: dict[str, Any], over: set[int]) -> dict[str, Any]:
    """A set-up as the API shows it: the deals of the boards still in play left out (null)."""
    return {**setup, "boards": [board if board["board"] in over else {**board, "deal": None}
                                for board in setup["boards"]]}


class ScoredSessions:
    """The standings of the ``size`` sessions shown last, each kept as long as the center holds the
    same set-up and the same number of results for it."""

    def __init__(self, size: int = 64) -> None:
        self.size = size
        self.scored = 0  # how many times a session was scored (the rest were served as kept)
        self._kept: OrderedDict[tuple[str, str], tuple[Any, Loaded]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, db: CentralDb, club: str, session: str) -> Loaded:
        found = db.rows("SELECT s.setup_id, k.seq, (SELECT count(*) FROM results r WHERE r.club = s.club "
                        "AND r.session = s.session) AS results FROM sessions s LEFT JOIN rankings k "
                        "USING (club, session) WHERE s.club = %s AND s.session = %s", (club, session))
        state = (found[0]["setup_id"], found[0]["seq"], found[0]["results"]) if found else None
        with self._lock:
            kept = self._kept.get((club, session))
            if kept is not None and kept[0] == state:
                self._kept.move_to_end((club, session))
                return kept[1]
        scored = load_session(db, club, session)
        with self._lock:
            self.scored += 1
            self._kept[(club, session)] = (state, scored)
            self._kept.move_to_end((club, session))
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return scored
