"""A club's session as the center has it, scored with the station's own scoring: the set-up and
the results are put into an in-memory store, from which ``director.standings`` ranks the pairs
exactly as the club's station does.

The center shows what the station shows a visitor (``director.visibility``): of a session being
played, the boards every table that plays them has sent a result of (the movement is in the
set-up, the results come as the tables send them); of a session whose final ranking has come,
every board. A board is shown there as soon as it is on the station's own pages, plus the upload's
delay.
"""

from __future__ import annotations

from typing import Any

from ..director.session import Session, SessionSetup
from ..director.standings import Standings, score_session
from ..director.store import BoardInfo, SQLiteStore, StoredResult
from ..director.visibility import finished_boards
from ..i18n import CENTRAL
from .db import CentralDb

_ = CENTRAL.gettext


class SessionNotFound(LookupError):
    """No such club session at the center (or no set-up received yet)."""


def load_session(db: CentralDb, club: str, session: str) -> tuple[Session, Standings, set[int]]:
    """The session (in a throw-away store) from what the center holds, the boards a visitor may
    see, and the standings of those boards."""
    found = db.session(club, session)
    if found is None or found["setup"] is None:
        raise SessionNotFound(_("the center has no set-up of session {session!r} of club {club!r}").format(
            session=session, club=club))
    setup: dict[str, Any] = found["setup"]
    store = SQLiteStore(":memory:")
    pairs = {int(pair): entry["names"] for pair, entry in setup["pairs"].items()}
    session_setup = SessionSetup(session, setup["event"], setup["movement"], setup["scoring"], pairs=pairs,
                                 teams=setup.get("teams") or {})
    boards = [BoardInfo(b["board"], b["deal"], b["dealer"], b["vulnerability"]) for b in setup["boards"]]
    loaded = Session.create(store, session_setup, boards)
    store.put_results([StoredResult(session=session, **{name: row[name] for name in (
        "round", "table", "board", "revision", "ns", "ew", "contract", "declarer", "tricks", "ns_score",
        "lead", "adjusted", "source", "record", "stored_at")}) for row in db.results(club, session)])
    results = store.results(session)
    over = (set(loaded.movement.boards) if found["seq"] is not None
            else finished_boards(loaded.movement, {(r.table, r.board) for r in results}))
    return loaded, score_session(loaded, [r for r in results if r.board in over]), over


def public_setup(setup: dict[str, Any], over: set[int]) -> dict[str, Any]:
    """A set-up as the API shows it: the deals of the boards still in play left out (null)."""
    return {**setup, "boards": [board if board["board"] in over else {**board, "deal": None}
                                for board in setup["boards"]]}
