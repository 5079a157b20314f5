"""A club's session as the center has it, scored with the station's own scoring: the set-up and
the results are put into an in-memory store, from which ``director.standings`` ranks the pairs
exactly as the club's station does."""

from __future__ import annotations

from typing import Any

from ..director.session import Session, SessionSetup
from ..director.standings import Standings, score_session
from ..director.store import BoardInfo, SQLiteStore, StoredResult
from ..i18n import CENTRAL
from .db import CentralDb

_ = CENTRAL.gettext


class SessionNotFound(LookupError):
    """No such club session at the center (or no set-up received yet)."""


def build_session(name: str, setup: dict[str, Any]) -> Session:
    """The session a club's station sent the set-up of, in a throw-away store; SetupError, as the
    station's own, if it could not run (an unknown movement or scoring, boards the movement plays
    without a deal). The ingest builds each set-up before storing it, so every stored one shows."""
    pairs = {int(pair): entry["names"] for pair, entry in setup["pairs"].items()}
    wanted = SessionSetup(name, setup["event"], setup["movement"], setup["scoring"], pairs=pairs,
                          teams=setup.get("teams") or {})
    boards = [BoardInfo(b["board"], b["deal"], b["dealer"], b["vulnerability"]) for b in setup["boards"]]
    return Session.create(SQLiteStore(":memory:"), wanted, boards)


def load_session(db: CentralDb, club: str, session: str) -> tuple[Session, Standings]:
    """The session (in a throw-away store) and its standings from what the center holds."""
    found = db.session(club, session)
    if found is None or found["setup"] is None:
        raise SessionNotFound(_("the center has no set-up of session {session!r} of club {club!r}").format(
            session=session, club=club))
    loaded = build_session(session, found["setup"])
    loaded.store.put_results([StoredResult(session=session, **{name: row[name] for name in (
        "round", "table", "board", "revision", "ns", "ew", "contract", "declarer", "tricks", "ns_score",
        "lead", "adjusted", "source", "record", "stored_at")}) for row in db.results(club, session)])
    return loaded, score_session(loaded)
