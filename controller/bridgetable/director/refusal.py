"""Why the central server refuses a club's message, said at the station in the director's language.

The center checks each message (``central.checks``) and tells the club the reason in its ack:
``{"id", "reason", "message", "params"}``. ``reason`` is the English text (what an older station
shows, what the center logs and records); ``message`` is one of the message ids below (the
English text with its ``{placeholders}``) and ``params`` the values that fill them, so that the
station says the reason in the director's page's language (``said``); so is the station's own
reason for keeping back a message too large for the center to read (``PAYLOAD``). The message
ids belong to the station's catalogue: the station shows them, the center only sends them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..i18n import N_, STATION

_ = STATION.gettext

KIND = N_("kind {kind!r} is not one of {kinds}")
WRONG_TYPE = N_("{kind}.{name}: {value!r} has the wrong type")
SESSION_LENGTH = N_("{kind}.session must be 1-200 characters")
UID = N_("{kind}.uid must be the session's identity (1-64 letters, digits and -)")
NUMBER = N_("lookup.number must be a player's number (1-20 digits)")
RANKING = N_("ranking.ranking: each entry is an object with its pair's number")
NUL = N_("{path}: a NUL character in the text")
NOT_UTF8 = N_("{path}: not UTF-8 text (a lone surrogate)")
OUT_OF_RANGE = N_("{path}: {value} is out of range")
UNSCORABLE = N_("result: the center could not score or show it ({problem})")
PAIRS = N_('setup.pairs.{pair}: each pair is {{"names": text, "players": [{{"name", "number"}}]}} under '
           "its number")
BOARD_FIELDS = N_("setup.boards[{n}]: needs board (number), deal, dealer and vulnerability")
BOARD = N_("setup.boards[{n}]: {problem}")
TEAM_RULES = N_("setup.team_event: an object of the team event's rules (its bye_vp a number)")
TEAM_EVENT = N_("setup.team_event: {problem}")
SETUP = N_("setup: {problem}")
SIZES = N_("setup.movement: its sizes are numbers 0-{most}")
SWISS = N_("setup.movement.swiss: true or false")
SCHEDULE = N_("setup.movement.schedule: each round is {shape}")
OTHER_CONTENT = N_("{id} is stored with other content")  # the database's: an id it holds otherwise
DATABASE = N_("the database refuses it: {problem}")
# the station's own, of a message too large for the center to read (it would refuse it unsaid)
PAYLOAD = N_("message: payload of {size} bytes exceeds {most}")
MESSAGES = frozenset({KIND, WRONG_TYPE, SESSION_LENGTH, UID, NUMBER, RANKING, NUL, NOT_UTF8, OUT_OF_RANGE,
                      UNSCORABLE, PAIRS, BOARD_FIELDS, BOARD, TEAM_RULES, TEAM_EVENT, SETUP, SIZES, SWISS,
                      SCHEDULE, OTHER_CONTENT, DATABASE, PAYLOAD})
Params = Mapping[str, str | int]


class Refusal(ValueError):
    """A reason the center refuses a message: ``message`` (one of ``MESSAGES``) filled with
    ``params``; its text (``str()``) is English."""

    def __init__(self, message: str, **params: str | int) -> None:
        if message not in MESSAGES:
            raise ValueError(f"no refusal message {message!r}")
        self.message, self.params = message, params
        super().__init__(message.format(**params))

    def told(self, ident: str) -> dict[str, Any]:
        """What an ack tells the club of its message ``ident``."""
        return {"id": ident, "reason": str(self), "message": self.message, "params": dict(self.params)}


def said(reason: str, message: str | None = None, params: Params | None = None) -> str:
    """A refusal's reason in the language spoken: its ``message`` translated and filled with its
    ``params``; an older center's ``reason`` (English) as it is, and as it is where the message
    is none of ours or its params do not fill it."""
    if message not in MESSAGES:
        return reason
    try:
        return _(message).format(**(params or {}))
    except (KeyError, IndexError, ValueError):
        return reason


def well_formed(refusal: Mapping[str, Any]) -> bool:
    """Whether an ack's refusal says its message and params, if it does, as ``Refusal.told`` does."""
    message, params = refusal.get("message"), refusal.get("params", {})
    return (message is None or isinstance(message, str)) and isinstance(params, dict) and all(
        isinstance(k, str) and isinstance(v, (str, int)) and not isinstance(v, bool)
        for k, v in params.items())
