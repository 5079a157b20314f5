"""The JSON messages of the link, with a schema version, and their validation.

Every message is a JSON object with ``"schema": SCHEMA_VERSION`` and a ``"kind"`` (one of
MESSAGE_KINDS). ``decode`` turns received bytes into a validated message or raises SchemaError
with the precise reason and the place ("result.tricks: expected an integer 0..13, got 14"), so
a receiver can log it and drop the message. A result is also checked against the Laws: its
contract must parse, and its score must be the Law 77 score of its contract and tricks.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..bridge import Card, Contract, ParseError, Seat, Vulnerability, board_vulnerability, duplicate_score
from ..table.tempo import MAX_TENTHS
from . import topics

SCHEMA_VERSION = 2  # 2: results and acks carry the round (part of the result's key)
MAX_PAYLOAD = 64 * 1024  # bytes; a whole board (auction and play) is about 1 KiB
MAX_DEPTH = 32  # arrays and objects within each other; a message of ours nests 6 deep at most
_STRING = re.compile(rb'"(?:[^"\\]|\\.)*"')  # a JSON string (its brackets are not nesting)
_BRACKET = re.compile(rb"[\[\]{}]")

Check = Callable[[Any, str], None]


class SchemaError(ValueError):
    """A message that is not valid; the text says where and why."""


def _fail(path: str, expected: str, value: Any) -> SchemaError:
    shown = repr(value)
    if len(shown) > 60:
        shown = shown[:57] + "..."
    return SchemaError(f"{path}: expected {expected}, got {shown}")


def integer(lo: int | None = None, hi: int | None = None) -> Check:
    if lo is None or hi is None:
        bounds = "" if lo is None and hi is None else f" >= {lo}" if hi is None else f" <= {hi}"
    else:
        bounds = f" {lo}..{hi}"

    def check(value: Any, path: str) -> None:
        if (isinstance(value, bool) or not isinstance(value, int) or (lo is not None and value < lo)
                or (hi is not None and value > hi)):
            raise _fail(path, f"an integer{bounds}", value)
    return check


def number() -> Check:
    def check(value: Any, path: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise _fail(path, "a finite number", value)
    return check


def boolean() -> Check:
    def check(value: Any, path: str) -> None:
        if not isinstance(value, bool):
            raise _fail(path, "true or false", value)
    return check


def string(max_len: int = 64, choices: tuple[str, ...] | None = None, allow_empty: bool = False) -> Check:
    """Text of 1 (0 with ``allow_empty``) to ``max_len`` characters, valid Unicode (JSON's
    ``\\ud800`` escapes give a lone surrogate, which no page, log or store can encode), or one of
    ``choices``."""
    shortest = 0 if allow_empty else 1

    def check(value: Any, path: str) -> None:
        if choices is not None:
            if value not in choices:
                raise _fail(path, "one of " + ", ".join(choices), value)
        elif not isinstance(value, str) or not shortest <= len(value) <= max_len:
            raise _fail(path, f"a string of {shortest}..{max_len} characters", value)
        elif not _is_unicode(value):
            raise _fail(path, "valid Unicode text (no lone surrogate)", value)
    return check


def _is_unicode(text: str) -> bool:
    """Whether ``text`` can be written as UTF-8: it has no lone surrogate."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def card() -> Check:
    """A card as the link writes it: suit then rank, e.g. "SA", "H7", "DT" (``str(Card)``)."""
    def check(value: Any, path: str) -> None:
        try:
            canonical = isinstance(value, str) and str(Card.parse(value)) == value
        except ParseError:
            canonical = False
        if not canonical:
            raise _fail(path, "a card such as SA, H7 or DT", value)
    return check


def nullable(inner: Check) -> Check:
    def check(value: Any, path: str) -> None:
        if value is not None:
            inner(value, path)
    return check


def array(item: Check, min_items: int = 0, max_items: int = 1000) -> Check:
    def check(value: Any, path: str) -> None:
        if not isinstance(value, list) or not min_items <= len(value) <= max_items:
            raise _fail(path, f"a list of {min_items}..{max_items} items", value)
        for i, element in enumerate(value):
            item(element, f"{path}[{i}]")
    return check


def obj(required: Mapping[str, Check], optional: Mapping[str, Check] | None = None) -> Check:
    """An object with exactly these fields (every required one, any optional one, nothing else)."""
    optional = optional or {}

    def check(value: Any, path: str) -> None:
        if not isinstance(value, dict):
            raise _fail(path, "an object", value)
        missing = [name for name in required if name not in value]
        if missing:
            raise SchemaError(f"{path}: missing field {missing[0]!r}")
        unknown = sorted(name for name in value if name not in required and name not in optional)
        if unknown:
            raise SchemaError(f"{path}: unknown field {unknown[0]!r}")
        for name, field_check in (*required.items(), *optional.items()):
            if name in value:
                field_check(value[name], f"{path}.{name}")
    return check


# Every integer is bounded, well inside SQLite's 64-bit range, so that no value a message can
# carry fails in the store (one such value would fail every result stored with it).
MAX_NUMBER = topics.MAX_NUMBER  # a table, board, pair or round number
MAX_TABLE_REVISION = 999  # a table's revisions; the director's own start above (DIRECTOR_REVISIONS)
SEAT = string(choices=("N", "E", "S", "W"))
SESSION = string(64, allow_empty=True)  # a table not given a session sends ""
POSITIVE = integer(1, MAX_NUMBER)
ROUND = integer(0, MAX_NUMBER)  # of a result: 0 when the table was not told (the station takes it
# from its movement)
REVISION = integer(0, MAX_TABLE_REVISION)
TRICKS = integer(0, 13)
SIGNATURE = string(64)  # hex HMAC-SHA256; its value is checked by signing.verify
CARD = card()
ROUND_SECONDS = 86400  # a round clock's seconds left (or over), at most a day

TENTHS = integer(0, MAX_TENTHS)  # a time in tenths of a second
TEMPO = obj({"calls": array(TENTHS, max_items=400), "cards": array(TENTHS, max_items=52)},
            {"stops": array(integer(0, 400), max_items=400)})  # the bids made after a STOP

TRAVELLER_ROW = obj(  # pair 0: not known; contract may be an adjusted score, e.g. "adj 60/40"
    {"ns": integer(0, MAX_NUMBER), "ew": integer(0, MAX_NUMBER), "contract": string(24),
     "declarer": nullable(SEAT),
     "tricks": nullable(TRICKS), "ns_score": integer(-10000, 10000)},
    {"table": POSITIVE, "round": POSITIVE, "ns_mp": number(), "ew_mp": number()})

FIELDS: dict[str, tuple[dict[str, Check], dict[str, Check]]] = {
    # kind: (required fields besides schema and kind, optional fields)
    "result": (  # the table's confirmed result (table.flow's result record) and its signature
        {"club": string(64), "session": SESSION, "round": ROUND, "table": POSITIVE,
         "board": POSITIVE, "revision": REVISION, "contract": string(8), "declarer": nullable(SEAT),
         "tricks": nullable(TRICKS), "score_ns": integer(-10000, 10000)},
        {"ns": POSITIVE, "ew": POSITIVE, "dealer": SEAT,
         "vulnerability": string(choices=("None", "NS", "EW", "All")), "deal": nullable(string(80)),
         "auction": nullable(array(string(4), max_items=400)),
         "lead": nullable(CARD),
         "alerts": array(integer(0, 400), max_items=400),  # indices of the alerted calls
         "accepted": array(integer(0, 400), max_items=400),  # insufficient bids accepted (27A)
         "skipped": array(integer(0, 400), max_items=400),  # turns lost to calls out of rotation (29A)
         "play": array(CARD, max_items=52),
         "claim": nullable(obj({"claimer": SEAT, "tricks": nullable(TRICKS), "remaining": TRICKS,
                                "state": string(16)})),
         "revokes": array(string(40), max_items=20), "director_calls": array(string(200), max_items=50),
         "confirmed_by": SEAT, "played_at": string(40), "sig": SIGNATURE,
         "players": obj({}, {seat: string(12) for seat in "NESW"}),  # federation numbers, "0": a guest
         "answered": array(string(12), max_items=4),  # the station's asks for a new player's number
         "tempo": TEMPO},  # each call's and card's time (table.tempo); a table before it sends none
    ),
    "ack": (  # signed with the table's key (the station holds it): a forged ack is ignored
        {"session": SESSION, "round": ROUND, "table": POSITIVE, "board": POSITIVE,
         "revision": REVISION, "status": string(choices=("stored", "duplicate", "refused"))},
        {"reason": string(200), "sig": SIGNATURE},  # reason: why the station refused it
    ),
    "state": (
        {"table": POSITIVE, "status": string(choices=("online", "offline"))},
        {"session": SESSION, "round": POSITIVE, "board": POSITIVE, "phase": string(32),
         "director_call": boolean(), "detail": string(200)},
    ),
    "live": (
        {"table": POSITIVE, "board": POSITIVE, "seq": integer(0, 99999), "event": string(32),
         "value": string(16)},
        {"seat": nullable(SEAT), "session": SESSION, "round": POSITIVE},
    ),
    "assign": (
        {"session": SESSION, "round": POSITIVE, "table": POSITIVE, "ns": POSITIVE, "ew": POSITIVE,
         "boards": array(POSITIVE, 1, 100)},
        {"ns_names": string(200), "ew_names": string(200), "show_traveller": boolean(),
         "event": string(200), "final": boolean(),
         "ns_team": POSITIVE, "ew_team": POSITIVE,  # a team event: each pair's team
         "home": string(64), "away": string(64),  # a team event's (a Swiss's) match: its two sides' names
         "next": obj({}, {"ns": obj({"table": POSITIVE, "direction": string(choices=("NS", "EW"))}),
                          "ew": obj({"table": POSITIVE, "direction": string(choices=("NS", "EW"))}),
                          "boards_to": POSITIVE,
                          # no table plays the round's boards again (a team event, a Swiss): they
                          # go to the director
                          "boards_done": boolean()}),
         # boards shared among the tables (a team event with fewer sets than matches): after
         # playing a board, the table that takes this copy next
         "passes": array(obj({"board": POSITIVE, "to": POSITIVE}), 1, 100),
         "players": obj({}, {seat: obj({"number": string(12), "name": string(64, allow_empty=True)})
                             for seat in "NESW"}),  # the names of the numbers keyed there ("": unknown)
         # the director's asks for a new player's number at these seats, until it comes
         "ask": array(obj({"id": string(12), "seats": string(choices=("N", "E", "S", "W", "NS", "EW"))}),
                      max_items=2),
         # the round clock (director.roundclock): seconds left when sent (negative: over), and the
         # end by the station's clock (UTC, ISO 8601), for the record
         "ends_in": integer(-ROUND_SECONDS, ROUND_SECONDS), "ends_at": string(40),
         "not_played": array(POSITIVE, max_items=1000),  # boards the director marked not played here
         "sig": SIGNATURE},  # signed like an ack
    ),
    "traveller": (
        {"session": SESSION, "board": POSITIVE,
         "rows": array(TRAVELLER_ROW, max_items=1000)},
        {},
    ),
}
MESSAGE_KINDS = tuple(FIELDS)
_CHECKS = {kind: obj({"schema": integer(0, 99), "kind": string(16), **required}, optional)
           for kind, (required, optional) in FIELDS.items()}


def validate(message: Any, kind: str) -> dict[str, Any]:
    """Check a decoded message of the expected ``kind``; return it, or raise SchemaError."""
    if not isinstance(message, dict):
        raise _fail(kind, "a JSON object", message)
    if message.get("schema") != SCHEMA_VERSION:
        raise SchemaError(f"{kind}.schema: unsupported schema version {message.get('schema')!r}, "
                          f"this program reads {SCHEMA_VERSION}")
    if message.get("kind") != kind:
        raise SchemaError(f"{kind}.kind: expected {kind!r}, got {message.get('kind')!r}")
    _CHECKS[kind](message, kind)
    if kind == "result":
        _check_played(message, "result")
        _check_tempo(message, "result")
    return message


def _check_tempo(row: Mapping[str, Any], path: str) -> None:
    """A tempo has one time per call of the auction and one per card of the play."""
    if "tempo" not in row:
        return
    for name, made, what in (("calls", row.get("auction") or [], "calls in the auction"),
                             ("cards", row.get("play") or [], "cards in the play")):
        times = row["tempo"][name]
        if len(times) != len(made):
            raise SchemaError(f"{path}.tempo.{name}: {len(times)} times for {len(made)} {what}")
    auction = row.get("auction") or []
    for i, stop in enumerate(row["tempo"].get("stops", [])):
        if stop >= len(auction) or not auction[stop][:1].isdigit():
            raise SchemaError(f"{path}.tempo.stops[{i}]: call {stop} of the auction is not a bid")


def _check_played(row: Mapping[str, Any], path: str) -> None:
    """The contract, declarer, tricks and score of a result must agree (Law 77)."""
    try:
        contract = Contract.parse_or_pass(row["contract"])
    except ValueError as exc:  # the engine's ParseError, or a level out of range
        raise SchemaError(f"{path}.contract: {exc}") from None
    if contract is None:
        if row["declarer"] is not None or row["tricks"] not in (None, 0) or row["score_ns"] != 0:
            raise SchemaError(f"{path}: a passed-out board has no declarer, no tricks and scores 0")
        if row.get("lead") is not None or row.get("play"):
            raise SchemaError(f"{path}: a passed-out board has no lead and no play")
        return
    if row["declarer"] is None or row["tricks"] is None:
        raise SchemaError(f"{path}: contract {contract} needs a declarer and tricks")
    play, lead = row.get("play") or [], row.get("lead")
    if play and lead is not None and lead != play[0]:
        raise SchemaError(f"{path}.lead: {lead}, but the play begins with {play[0]}")
    declarer = Seat.parse(row["declarer"])
    if "vulnerability" in row:
        vulnerability = Vulnerability.parse(row["vulnerability"])
    else:
        vulnerability = board_vulnerability(row["board"])
    score = duplicate_score(contract, row["tricks"], vulnerability.is_vulnerable(declarer))
    expected = score if declarer in (Seat.N, Seat.S) else -score
    if row["score_ns"] != expected:
        raise SchemaError(f"{path}.score_ns: {row['score_ns']} but {contract} by {declarer} "
                          f"making {row['tricks']} tricks scores {expected} for NS (Law 77)")


def message(kind: str, **fields: Any) -> dict[str, Any]:
    """Build a valid message of ``kind`` (SchemaError if a field is wrong)."""
    return validate({"schema": SCHEMA_VERSION, "kind": kind, **fields}, kind)


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise SchemaError(f"duplicate key {key!r} in JSON object")
        result[key] = value
    return result


def _no_constant(name: str) -> Any:
    raise SchemaError(f"{name} is not allowed in a message")


def nesting(payload: bytes, limit: int) -> int:
    """How deeply the JSON text nests arrays and objects, counted without parsing it (strings
    skipped); counting stops past ``limit``."""
    depth = deepest = 0
    for bracket in _BRACKET.finditer(_STRING.sub(b'""', payload)):
        if bracket.group() in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
            if deepest > limit:
                break
        else:
            depth -= 1
    return deepest


def parse_json(payload: bytes, what: str, *, max_bytes: int = MAX_PAYLOAD, max_depth: int = MAX_DEPTH) -> Any:
    """JSON of at most ``max_bytes`` bytes nested at most ``max_depth`` deep, both checked before
    parsing (so that no payload can exhaust memory or the parser's recursion), in UTF-8, without
    duplicate keys, NaN or Infinity; SchemaError naming ``what`` and the fault otherwise."""
    if len(payload) > max_bytes:
        raise SchemaError(f"{what}: payload of {len(payload)} bytes exceeds {max_bytes}")
    if nesting(payload, max_depth) > max_depth:
        raise SchemaError(f"{what}: JSON nested too deeply (more than {max_depth} levels)")
    try:
        text = payload.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SchemaError(f"{what}: payload is not UTF-8 ({exc.reason} at byte {exc.start})") from None
    try:
        return json.loads(text, object_pairs_hook=_no_duplicate_keys, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise SchemaError(f"{what}: not JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None


def decode(payload: bytes, kind: str) -> dict[str, Any]:
    """Bytes received on a topic of ``kind`` -> a valid message, or SchemaError with the reason."""
    return validate(parse_json(payload, kind), kind)


def encode(message: Mapping[str, Any]) -> bytes:
    """The wire form of a message: canonical JSON (sorted keys, no spaces, UTF-8)."""
    return json.dumps(message, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


@dataclass(frozen=True, slots=True, order=True)
class ResultKey:
    """What makes a result unique: (session, round, table, board) and the revision. A repeat has the
    same key, a correction a higher revision. The table knows its round from its assignment (or its
    configuration); round 0 says it was not told."""

    session: str
    round: int
    table: int
    board: int
    revision: int

    @classmethod
    def of(cls, message: Mapping[str, Any]) -> ResultKey:
        """The key of a result or of an ack."""
        return cls(message["session"], message["round"], message["table"], message["board"],
                   message["revision"])

    def fields(self) -> dict[str, Any]:
        return {"session": self.session, "round": self.round, "table": self.table, "board": self.board,
                "revision": self.revision}

    def __str__(self) -> str:
        """``session/round/table/board/r<revision>``, e.g. ``s1/2/3/5/r1``."""
        return f"{self.session}/{self.round}/{self.table}/{self.board}/r{self.revision}"
