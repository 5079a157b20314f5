"""Writing BoardRecords as PBN 2.1 text (export format by default).

Tags come in the standard's mandatory order, then the others in the record's order. A typed
field wins over its tag when they disagree; otherwise the record's own spelling is kept, so
that read -> write -> read gives the same record.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ..bridge import ParseError, Seat
from .pbn_tags import TYPED_TAGS, auction_complete, format_hands, tag_value
from .record import BoardRecord

MANDATORY_TAGS = ("Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
                  "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result")
_CALLS_PER_LINE = 4


def write_pbn(records: Iterable[BoardRecord], *, export: bool = True) -> str:
    """PBN text for the records, one game each.

    With ``export`` (the default) the file says "% EXPORT" and every game has all fifteen
    mandatory tags ("?" where unknown); without it only the tags the record has are written.
    """
    lines = ["% PBN 2.1", "% EXPORT"] if export else ["% PBN 2.1"]
    lines.append("")
    for record in records:
        lines.extend(_game(record, export))
        lines.append("")
    return "\n".join(lines)


def _tag(name: str, value: str) -> str:
    """A tag line. Only a backslash before a quote, a backslash or the end needs escaping (PBN
    3.3.2): a table header's "Table\\2R" is written as real files write it."""
    escaped = re.sub(r'\\(?=[\\"]|$)', r"\\\\", value).replace('"', '\\"')
    return f'[{name} "{escaped}"]'


def _values(record: BoardRecord) -> dict[str, str]:
    values = {name: value for name, value in record.tags.items() if name not in ("Note",)}
    for tag in TYPED_TAGS:
        value = tag_value(tag, record)
        if value is not None:
            values[tag.name] = value
    if record.deal is None and record.partial_deal is not None and "Deal" not in record.tags:
        values["Deal"] = format_hands(record.partial_deal, record.dealer or Seat.N)
    if record.auction_first is not None and _seat(values.get("Auction")) is None:
        values["Auction"] = str(record.auction_first)
    if record.opening_leader is not None:
        values["Play"] = str(record.opening_leader)
    return values


def _seat(value: str | None) -> Seat | None:
    try:
        return Seat.parse(value) if value else None
    except ParseError:
        return None


def _game(record: BoardRecord, export: bool) -> list[str]:
    values = _values(record)
    names = [name for name in MANDATORY_TAGS if export or name in values]
    names += [name for name in values if name not in MANDATORY_TAGS]
    lines: list[str] = []
    for name in names:
        lines.append(_tag(name, values.get(name, "?")))
        if name == "Auction":
            lines.extend(_auction(record, _seat(values[name])))
        elif name == "Play":
            lines.extend(_play(record))
        else:
            lines.extend(record.sections.get(name, ()))
    lines.extend(f"{{{text}}}" for text in record.commentary)
    return lines


def _auction(record: BoardRecord, tag_seat: Seat | None) -> list[str]:
    """The calls, after a "-" for each player between the Auction tag's seat and the first caller,
    and a "-" for each turn lost between two calls (Law 29A)."""
    numbers: dict[str, int] = {}
    tokens: list[list[str]] = []
    if tag_seat is not None and record.auction_first is not None:
        tokens += [["-"]] * ((record.auction_first - tag_seat) % 4)
    for index, call in enumerate(record.calls):
        tokens += [["-"]] * record.skipped.count(index) if index else []
        token = [str(call)]
        if index in record.call_notes:
            token.append(f"={numbers.setdefault(record.call_notes[index], len(numbers) + 1)}=")
        tokens.append(token)
    if record.auction_ended and not auction_complete(record.calls):
        tokens.append(["AP"])
    elif record.auction_continues:
        tokens.append(["+"])
    lines = [" ".join(t for token in tokens[i:i + _CALLS_PER_LINE] for t in token)
             for i in range(0, len(tokens), _CALLS_PER_LINE)]
    return lines + _notes(numbers)


def _play(record: BoardRecord) -> list[str]:
    leader = record.opening_leader
    if leader is None:
        return []
    numbers: dict[str, int] = {}
    lines = []
    for index, trick in enumerate(record.tricks):
        tokens = []
        for column in range(4):
            seat = leader.after(column)
            card = trick.get(seat)
            tokens.append(str(card) if card is not None else "-")
            note = record.play_notes.get((index, seat))
            if note is not None and card is not None:
                tokens.append(f"={numbers.setdefault(note, len(numbers) + 1)}=")
        lines.append(" ".join(tokens))
    if record.claimed:
        lines.append("*")
    return lines + _notes(numbers)


def _notes(numbers: dict[str, int]) -> list[str]:
    return [_tag("Note", f"{number}:{text}") for text, number in numbers.items()]
