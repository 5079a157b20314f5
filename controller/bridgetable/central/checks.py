"""What the center stores of a club's message, checked before it is stored (``check_body``): a
set-up, result or ranking (or a lookup of a player's number in the register) of the right shape
that PostgreSQL can hold (no NUL or lone surrogate in a text, no integer beyond 32 bits) and that
the station's own code, which the pages use, can run (the set-up's movement and deals, the
result's scoring and board replay). Each failure is a ``Refusal`` (a ValueError) naming the field
and what is wrong with it: the message's refusal reason, which the station says in its director's
language (``director.refusal``)."""

from __future__ import annotations

import re
from typing import Any

from ..bridge import Deal, Seat, Vulnerability
from ..director import refusal
from ..director.downlink import BOARD_FIELDS, well_typed
from ..director.refusal import Refusal
from ..director.replay import replay
from ..director.rulings import options
from ..director.store import StoredResult
from ..director.teamevent import score_event
from .db import RESULT_FIELDS
from .scoring import build_session

KINDS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "setup": {"seq": int, "event": str, "movement": dict, "scoring": str, "teams": dict, "pairs": dict,
              "boards": list},
    "result": {"round": int, "table": int, "board": int, "revision": int, "ns": int, "ew": int,
               "contract": str, "declarer": (str, type(None)), "tricks": (int, type(None)),
               "ns_score": (int, type(None)), "lead": (str, type(None)), "adjusted": (str, type(None)),
               "source": str, "record": dict, "stored_at": str},
    "ranking": {"seq": int, "ranking": list},
    "lookup": {"number": str},  # a player's number the club's member list does not know: its name?
}
UID = re.compile(r"[0-9A-Za-z-]{1,64}")
NUMBER = re.compile(r"[0-9]{1,20}")
INTEGER = 2**31  # PostgreSQL's INTEGER holds -2**31 .. 2**31 - 1
MOVEMENT_MAX = 200  # no movement has more tables, rounds or boards per round


def check_body(message: dict[str, Any]) -> None:
    """Raise ValueError naming the field unless ``message`` is a setup, result or ranking that the
    database can store and the pages can show."""
    kind = message.get("kind")
    if kind not in KINDS:
        raise Refusal(refusal.KIND, kind=str(kind)[:20], kinds=", ".join(KINDS))
    for name, types in {"id": str, "session": str, "uid": str, **KINDS[kind]}.items():
        value = message.get(name)
        if not isinstance(value, types) or isinstance(value, bool):  # no field is a bool
            raise Refusal(refusal.WRONG_TYPE, kind=kind, name=name, value=str(value)[:30])
    if not message["session"] or len(message["session"]) > 200:
        raise Refusal(refusal.SESSION_LENGTH, kind=kind)
    if not UID.fullmatch(message["uid"]):
        raise Refusal(refusal.UID, kind=kind)
    storable(message, kind)
    if kind == "setup":
        check_setup(message)
    elif kind == "result":
        check_result(message)
    elif kind == "lookup" and not NUMBER.fullmatch(message["number"]):
        raise Refusal(refusal.NUMBER)
    elif kind == "ranking" and not all(isinstance(entry, dict) and well_typed(entry.get("pair"), int)
                                       for entry in message["ranking"]):
        raise Refusal(refusal.RANKING)


def storable(value: Any, path: str) -> None:
    """ValueError naming the place of what PostgreSQL cannot store: a NUL or a lone surrogate in
    a text (or a key), an integer beyond 32 bits."""
    if isinstance(value, str):
        if "\x00" in value:
            raise Refusal(refusal.NUL, path=path)
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise Refusal(refusal.NOT_UTF8, path=path) from None
    elif isinstance(value, int) and not isinstance(value, bool):
        if not -INTEGER <= value < INTEGER:
            raise Refusal(refusal.OUT_OF_RANGE, path=path, value=str(value)[:20])
    elif isinstance(value, dict):
        for key, item in value.items():
            storable(key, path)
            storable(item, f"{path}.{key[:20]}")
    elif isinstance(value, list):
        for n, item in enumerate(value):
            storable(item, f"{path}[{n}]")


def check_result(message: dict[str, Any]) -> None:
    """ValueError unless the station's own scoring and board page can take the result (its
    contract, declarer, adjusted score, auction and play)."""
    stored = StoredResult(session=message["session"], **{f: message[f] for f in RESULT_FIELDS})
    try:
        options(stored)
        replay(stored, "N")
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        raise Refusal(refusal.UNSCORABLE, problem=str(exc)[:100]) from None


def check_setup(message: dict[str, Any]) -> None:
    """ValueError naming what makes a set-up unusable: pairs that are not ``{"names", "players"}``,
    boards without a well-formed deal, a movement or scoring the station's own code would not run."""
    for pair, entry in message["pairs"].items():
        if not (pair.isdigit() and isinstance(entry, dict) and isinstance(entry.get("names"), str)
                and isinstance(entry.get("players"), list)
                and all(isinstance(p, dict) and isinstance(p.get("name"), str)
                        and isinstance(p.get("number", ""), str) for p in entry["players"])):
            raise Refusal(refusal.PAIRS, pair=pair[:20])
    for n, board in enumerate(message["boards"], 1):
        if not (isinstance(board, dict)
                and all(well_typed(board.get(f), t) for f, t in BOARD_FIELDS.items())):
            raise Refusal(refusal.BOARD_FIELDS, n=n)
        try:
            Seat.parse(board["dealer"])
            Vulnerability.parse(board["vulnerability"])
            if board["deal"] is not None:
                Deal.parse(board["deal"])
        except ValueError as exc:
            raise Refusal(refusal.BOARD, n=n, problem=str(exc)) from None
    check_movement(message["movement"])
    rules = message.get("team_event", {})
    if not (isinstance(rules, dict) and well_typed(rules.get("bye_vp", 0), (int, float))):
        raise Refusal(refusal.TEAM_RULES)
    try:
        session = build_session(message["session"], message)
    except (ValueError, TypeError) as exc:  # SetupError is a ValueError
        raise Refusal(refusal.SETUP, problem=str(exc)) from None
    if session.team_event:
        try:  # the director's match VPs and penalties, as the pages will score them
            score_event(session, []).ranking()
        except (ValueError, TypeError, KeyError) as exc:
            raise Refusal(refusal.TEAM_EVENT, problem=str(exc)[:100]) from None


def check_movement(movement: dict[str, Any]) -> None:
    """ValueError naming what of a movement the center will not build: a size that is not a number
    0-``MOVEMENT_MAX`` (a team event's unset ``rounds`` or ``sets`` may be null), a team event's
    ``swiss`` that is not true or false, or a Swiss's rounds paired so far (``schedule``) not
    ``[{"matches": [[home, away], ...], "bye": team or null}, ...]``."""
    def size(value: Any) -> bool:
        return well_typed(value, int) and 0 <= value <= MOVEMENT_MAX

    flags = {"kind", "swiss", "schedule"}
    sizes = [(k, v) for k, v in movement.items() if k not in flags]
    if not all(size(v) or (v is None and k in ("rounds", "sets")) for k, v in sizes):
        raise Refusal(refusal.SIZES, most=MOVEMENT_MAX)
    if not isinstance(movement.get("swiss", False), bool):
        raise Refusal(refusal.SWISS)
    schedule = movement.get("schedule", [])
    if not (isinstance(schedule, list) and all(
            isinstance(r, dict) and isinstance(r.get("matches"), list)
            and all(isinstance(m, list) and len(m) == 2 and all(map(size, m)) for m in r["matches"])
            and (r.get("bye") is None or size(r["bye"])) for r in schedule)):
        raise Refusal(refusal.SCHEDULE, shape='{"matches": [[home, away], ...], "bye": team or null}')
