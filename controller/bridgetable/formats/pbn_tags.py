"""The PBN tags that BoardRecord holds as typed fields: how each is read and how it is written.

Reader and writer share this table so that a value written is read back to the same field, and
so that the writer can keep a file's own spelling ("1N", "NS 9 EW 4") when it still means what
the record says.

Readings of the PBN 2.1 standard (section 3.4 and 4.2) used here:
* Result: "<tricks>" are declarer's tricks; "NS <n>", "EW <n>" or both give a side's tricks.
* Score: "<points>" is the declaring side's score; "NS <points>", "EW <points>" or both give a
  side's score. ``score_ns`` is always North-South's view, so "EW -50" is +50 for NS.
* "?" or an empty value means unknown. A leading "^" (an irregularity mark, section 3.9, as in
  Declarer "^S": dummy and declarer swapped, or Result "^5") is read past.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..bridge import (
    DECK,
    Call,
    CallKind,
    Card,
    Contract,
    Deal,
    Hand,
    ParseError,
    Seat,
    Side,
    Suit,
    Vulnerability,
)
from ..bridge.errors import BridgeError
from ..i18n import FILES, N_
from .record import BoardRecord, KnownHands, known_hands

_ = FILES.gettext

UNKNOWN = ("", "?")
_SIDE_VALUES = re.compile(r"^\s*(NS|EW)\s+([+-]?\d+)(?:\s+(NS|EW)\s+([+-]?\d+))?\s*$", re.IGNORECASE)
_PLAIN_INT = re.compile(r"^\s*[+-]?\d+\s*$")


class TagValueError(ValueError):
    """A typed tag whose value cannot be read; ``kind`` is the Problem kind to report, ``tag``
    the tag's name."""

    def __init__(self, kind: str, tag: str, message: str) -> None:
        super().__init__(message)
        self.kind, self.tag = kind, tag


def _wrong(kind: str, tag: str, value: str, message: str, **more: object) -> TagValueError:
    """The error for ``tag``'s ``value``: ``message`` (looked up in the catalogue only now that a
    value is wrong) says it with {tag} and {value} as the file has them."""
    return TagValueError(kind, tag, message.format(tag=tag, value=repr(value), **more))


def _clean(value: str) -> str:
    return value.strip().lstrip("^").strip()


@lru_cache(maxsize=1024)  # Score and Result values repeat: "NS 420", "EW 50"...
def side_values(value: str) -> Mapping[Side, int] | None:
    """{NS: 420, EW: -420} from "NS 420 EW -420"; None when the value names no side."""
    match = _SIDE_VALUES.match(value)
    if match is None:
        return None
    found = {Side(match.group(1).upper()): int(match.group(2))}
    if match.group(3):
        found[Side(match.group(3).upper())] = int(match.group(4))
    return found


def _board(value: str, record: BoardRecord) -> int:
    text = value.strip()
    if not text.isdigit() or int(text) < 1:
        raise _wrong("format", "Board", value, _("{tag} {value} is not a board number"))
    return int(text)


def _seat(kind: str, name: str) -> Callable[[str, BoardRecord], Seat]:
    def parse(value: str, record: BoardRecord) -> Seat:
        try:
            return Seat.parse(_clean(value))
        except ParseError:
            raise _wrong(kind, name, value, _("{tag} {value} is not a seat (N, E, S or W)")) from None
    return parse


def _vulnerability(value: str, record: BoardRecord) -> Vulnerability:
    if value.strip().upper() in ("NONE", "LOVE", "-", "NS", "EW", "ALL", "BOTH"):
        try:
            return Vulnerability.parse(value)
        except ParseError:
            pass
    raise _wrong("format", "Vulnerable", value, _("{tag} {value} is not None, NS, EW or All"))


# The set of the one card of each rank letter ("A", "T", "2"), by suit in the order of a PBN hand:
# spades, hearts, diamonds, clubs. A hand's set is their union, made in one step without hashing
# a card again (Card.__hash__ is Python code); a cache of the holdings read before cost more (its
# thousands of sets are far apart in memory).
_CARD_OF_LETTER = tuple({card.rank.letter: frozenset((card,)) for card in DECK if card.suit == suit}
                        .__getitem__ for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS))
_union = frozenset[Card]().union


@lru_cache(maxsize=1024)
def _parse_deal(text: str) -> Deal:
    """Deal.parse, with a fast path for the usual "N:AK2.QJ3.T98.7654 ..." form (files such as
    rpbridge.net's hold thousands of deals); anything unusual goes to Deal.parse and its errors."""
    body = text.strip()
    first = "NESW".find(body[:1].upper())
    parts = body[2:].split()
    if first < 0 or body[1:2] != ":" or len(parts) != 4 or "10" in body or "-" in parts:
        return Deal.parse(text)
    hands: list[Hand] = []
    spades, hearts, diamonds, clubs = _CARD_OF_LETTER
    for part in parts:
        holdings = part.split(".")
        if len(holdings) != 4:
            return Deal.parse(text)
        try:
            cards = _union(*map(spades, holdings[0]), *map(hearts, holdings[1]),
                           *map(diamonds, holdings[2]), *map(clubs, holdings[3]))
        except KeyError:  # not a rank letter
            return Deal.parse(text)
        if len(cards) != len(part) - 3:  # a rank twice in a suit
            return Deal.parse(text)
        hands.append(Hand(cards))
    return Deal(tuple(hands[(seat - first) % 4] for seat in range(4)))  # type: ignore[arg-type]


def _deal(value: str, record: BoardRecord) -> Deal | KnownHands:
    """A Deal, or the known hands of one with two or more hands unknown ("-", PBN 3.4.11)."""
    try:
        return _parse_deal(value)
    except BridgeError as error:
        if value.count("-") < 2:
            raise _wrong("deal", "Deal", value, _("{tag} {value}: {error}"), error=error) from None
    body = value.strip()
    parts = body[2:].split(" ")
    try:
        if len(parts) != 4 or parts.count("-") < 2:
            return _parse_deal(value)
        if body[1:2] != ":":
            raise ParseError(_("a deal starts with the first seat and a colon: {value}").format(
                value=repr(value)))
        if parts.count("-") == 4:
            raise ParseError(_("no hand is known"))
        first = Seat.parse(body[0])
        return known_hands({first.after(i): Hand.parse(part) for i, part in enumerate(parts)
                            if part != "-"})
    except BridgeError as error:
        raise _wrong("deal", "Deal", value, _("{tag} {value}: {error}"), error=error) from None


def format_hands(hands: KnownHands, first: Seat) -> str:
    """A Deal tag value with "-" for each unknown hand."""
    return f"{first}:" + " ".join(str(hands[first.after(i)] or "-") for i in range(4))


def _contract(value: str, record: BoardRecord) -> Contract | None:
    """A Contract, or None for "Pass" (the reader sets ``passed_out`` from that)."""
    try:
        return _parse_contract(_clean(value))
    except ParseError:
        raise _wrong("contract", "Contract", value, _("{tag} {value} is not a contract")) from None


_parse_contract = lru_cache(maxsize=256)(Contract.parse_or_pass)  # a few dozen values in practice


def _declarer_side(record: BoardRecord, name: str, value: str) -> Side:
    if record.declarer is None:
        raise _wrong(name.lower(), name, value, _("{tag} {value} names a side, but there is no Declarer"))
    return record.declarer.side


def _result(value: str, record: BoardRecord) -> int:
    text = _clean(value)
    if text.isdigit():
        tricks = int(text)
    else:
        sides = side_values(text)
        if sides is None:
            raise _wrong("result", "Result", value, _("{tag} {value} is not a number of tricks"))
        side = _declarer_side(record, "Result", value)
        tricks = sides[side] if side in sides else 13 - sides[side.other]
        if len(sides) == 2 and sum(sides.values()) != 13:
            raise _wrong("result", "Result", value, _("{tag} {value}: the two sides' tricks do not add up "
                                                      "to 13"))
    if not 0 <= tricks <= 13:
        raise _wrong("result", "Result", value, _("{tag} {value} is not 0 to 13 tricks"))
    return tricks


def _score(value: str, record: BoardRecord) -> int:
    text = value.strip()
    sides = side_values(text)
    if sides is not None:
        return sides[Side.NS] if Side.NS in sides else -sides[Side.EW]
    if not _PLAIN_INT.match(text):
        raise _wrong("score", "Score", value, _("{tag} {value} is not a score"))
    points = int(text)
    if record.passed_out:
        return points
    side = _declarer_side(record, "Score", value)
    return points if side is Side.NS else -points


def _format_score(score_ns: int, record: BoardRecord) -> str:
    return f"NS {score_ns}"


def _format_deal(deal: Deal, record: BoardRecord) -> str:
    """Hands from the dealer, as the export format writes them (from North if none is known)."""
    return deal.to_pbn(record.dealer or Seat.N)


def _format_plain(value: object, record: BoardRecord) -> str:
    return str(value)


@dataclass(frozen=True)
class TypedTag:
    """A tag read into ``field`` of BoardRecord; ``parse`` may look at fields read before it."""

    name: str
    field: str
    parse: Callable[[str, BoardRecord], Any]
    format: Callable[[Any, BoardRecord], str] = _format_plain


# In the order they must be read: Result and Score need Declarer and Contract.
TYPED_TAGS: tuple[TypedTag, ...] = (
    TypedTag("Board", "board", _board),
    TypedTag("Dealer", "dealer", _seat("format", "Dealer")),
    TypedTag("Vulnerable", "vulnerability", _vulnerability),
    TypedTag("Deal", "deal", _deal, _format_deal),
    TypedTag("Declarer", "declarer", _seat("declarer", "Declarer")),
    TypedTag("Contract", "contract", _contract),
    TypedTag("Result", "result", _result),
    TypedTag("Score", "score_ns", _score, _format_score),
)

TYPED_NAMES = frozenset(tag.name for tag in TYPED_TAGS)


# Values whose reading does not depend on the rest of the record, cached: a file repeats them.
_CONTEXT_FREE = frozenset({"Board", "Dealer", "Vulnerable", "Declarer", "Contract"})
_READ_VALUES: dict[tuple[str, str], Any] = {}


def read_typed_tags(record: BoardRecord) -> list[TagValueError]:
    """Fill the typed fields from ``record.tags``; returns the errors of the values not read."""
    problems: list[TagValueError] = []
    tags = record.tags
    for tag in TYPED_TAGS:
        name = tag.name
        value = tags.get(name)
        if value is None or value in UNKNOWN or value.strip() in UNKNOWN:
            continue
        cached = name in _CONTEXT_FREE
        parsed = _READ_VALUES.get((name, value), _READ_VALUES) if cached else _READ_VALUES
        if parsed is _READ_VALUES:
            try:
                parsed = tag.parse(value, record)
            except TagValueError as error:
                problems.append(error)
                continue
            if cached and len(_READ_VALUES) < 4096:
                _READ_VALUES[name, value] = parsed
        if name == "Contract" and parsed is None:
            record.passed_out = True
        if name == "Deal" and isinstance(parsed, tuple):
            record.partial_deal = parsed
            continue
        setattr(record, tag.field, parsed)
    return problems


def tag_value(tag: TypedTag, record: BoardRecord) -> str | None:
    """The value to write for a typed tag: the record's own text when it still reads to the field's
    value, else the field formatted; None when neither field nor tag has one."""
    typed = getattr(record, tag.field)
    if tag.name == "Contract" and typed is None and record.passed_out:
        typed_text = "Pass"
    elif typed is None:
        return record.tags.get(tag.name)
    else:
        typed_text = tag.format(typed, record)
    raw = record.tags.get(tag.name)
    if raw is not None and raw.strip() not in UNKNOWN:
        try:
            if tag.parse(raw, record) == typed:
                return raw
        except TagValueError:
            pass
    return typed_text


def trailing_passes(calls: list[Call]) -> int:
    count = 0
    for call in reversed(calls):
        if call.kind is not CallKind.PASS:  # as ``call != PASS``, without comparing dataclasses
            break
        count += 1
    return count


def auction_complete(calls: list[Call]) -> bool:
    """Three passes after a call, or four passes (Law 22): the auction of the Auction section ended.
    Both come to the same: four calls or more, the last three of them passes."""
    return len(calls) >= 4 and calls[-1].kind is calls[-2].kind is calls[-3].kind is CallKind.PASS


_DATE = re.compile(r"^[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}$")
_NUMBER = r"[+-]?\d+(?:\.\d*)?"
_SIDE_NUMBERS = re.compile(rf"^(?:(NS|EW)\s+)?({_NUMBER})(?:\s+(NS|EW)\s+({_NUMBER}))?$")
_CONTROL = re.compile(r"[\x00-\x1f]")
DATE_TAGS = ("Date", "EventDate", "UTCDate")
_NUMBER_TAGS = ("ScoreIMP", "ScoreMP", "ScorePercentage", "OptimumScore")


@lru_cache(maxsize=4096)
def _untyped_fault(name: str, value: str) -> str | None:
    """What is wrong with the value of a tag that is not a typed field, if anything: a message of
    the catalogue with {tag} and {value}, not yet translated (the cache holds it in no language)."""
    if _CONTROL.search(value):
        return N_("{tag} {value} holds a control character (such as a tab)")
    if value.strip() in UNKNOWN:
        return None
    if name in DATE_TAGS and not _DATE.match(value):
        return N_("{tag} {value} is not a PBN date (YYYY.MM.DD, with ? for what is unknown)")
    if name in _NUMBER_TAGS:
        match = _SIDE_NUMBERS.match(value.strip())
        if match is None or (match.group(3) and not match.group(1)):
            return N_("{tag} {value} is not a number, or a side (NS, EW) and a number")
        if name == "OptimumScore" and not match.group(1):
            return N_("{tag} {value} does not name a side (NS or EW)")
        if name == "ScorePercentage" and "-" in value:
            return N_("{tag} {value} is negative")
    return None


def _said(fault: str, name: str, value: str) -> str:
    return _(fault).format(tag=name, value=repr(value))


def untyped_problem(name: str, value: str) -> str | None:
    """What is wrong with the value of a tag that is not a typed field, if anything, in the
    language spoken."""
    fault = _untyped_fault(name, value)
    return None if fault is None else _said(fault, name, value)


# The untyped tags whose values ``untyped_problem`` reads; the others it reads for control
# characters only, which a printable value (``str.isprintable``) has none of.
_READ_VALUE_TAGS = frozenset((*DATE_TAGS, *_NUMBER_TAGS))


def untyped_problems(tags: Mapping[str, str]) -> list[tuple[str, str]]:
    """(name, what is wrong) of each tag that is not a typed field and whose value is wrong
    (``untyped_problem``), in the order of the tags."""
    return [(name, _said(fault, name, value)) for name, value in tags.items()
            if (name in _READ_VALUE_TAGS or not value.isprintable()) and name not in TYPED_NAMES
            and (fault := _untyped_fault(name, value)) is not None]
