"""MQTT topic names under ``bridgetable/v1/{club}/``: builders for each topic and a parser.

```
bridgetable/v1/{club}/table/{t}/state          retained; last will "offline"
bridgetable/v1/{club}/table/{t}/live           calls and cards as they happen
bridgetable/v1/{club}/table/{t}/result         QoS 1, signed
bridgetable/v1/{club}/director/ack/{t}         QoS 1: the station has stored it
bridgetable/v1/{club}/director/assign/{t}      retained: pairs, boards, round
bridgetable/v1/{club}/director/traveller/{b}   retained: results on that board so far
```
"""

from __future__ import annotations

from dataclasses import dataclass

ROOT = "bridgetable/v1"
TABLE_KINDS = ("state", "live", "result")
DIRECTOR_KINDS = ("ack", "assign", "traveller")


class TopicError(ValueError):
    """A topic that is not one of ours, with the reason."""


def check_club(club: str) -> str:
    """A club name is one non-empty topic level without MQTT wildcards."""
    if not club or any(ch in club for ch in "/+#\0"):
        raise TopicError(f"bad club name {club!r}: must be non-empty, without '/', '+', '#'")
    return club


MAX_NUMBER = 9999  # the largest table or board number (schema.MAX_NUMBER)


def _number(text: str | int, what: str) -> int:
    digits = isinstance(text, str) and text.isascii() and text.isdigit() and len(text) <= 4
    value = text if isinstance(text, int) else int(text) if digits else 0
    if not 1 <= value <= MAX_NUMBER:
        raise TopicError(f"bad {what} number {str(text)[:12]!r}: must be an integer 1..{MAX_NUMBER}")
    return value


def club_root(club: str) -> str:
    return f"{ROOT}/{check_club(club)}"


def table_topic(club: str, table: int, kind: str) -> str:
    """``kind`` is one of TABLE_KINDS."""
    if kind not in TABLE_KINDS:
        raise TopicError(f"unknown table topic {kind!r}")
    return f"{club_root(club)}/table/{_number(table, 'table')}/{kind}"


def director_topic(club: str, kind: str, number: int) -> str:
    """``kind`` is one of DIRECTOR_KINDS; ``number`` is a table (ack, assign) or a board (traveller)."""
    if kind not in DIRECTOR_KINDS:
        raise TopicError(f"unknown director topic {kind!r}")
    what = "board" if kind == "traveller" else "table"
    return f"{club_root(club)}/director/{kind}/{_number(number, what)}"


def table_filter(club: str, kind: str) -> str:
    """The subscription filter for one kind of topic of every table."""
    if kind not in TABLE_KINDS:
        raise TopicError(f"unknown table topic {kind!r}")
    return f"{club_root(club)}/table/+/{kind}"


def table_namespace(club: str, table: int) -> str:
    """Everything table ``table`` may publish under (what the broker's ACL grants it)."""
    return f"{club_root(club)}/table/{_number(table, 'table')}/#"


@dataclass(frozen=True, slots=True)
class Topic:
    """A parsed topic: ``side`` is "table" or "director"; ``number`` the table (or board)."""

    club: str
    side: str
    kind: str
    number: int

    def __str__(self) -> str:
        if self.side == "table":
            return table_topic(self.club, self.number, self.kind)
        return director_topic(self.club, self.kind, self.number)


def parse_topic(topic: str) -> Topic:
    """Read one of our topics; anything else raises TopicError saying what is wrong."""
    levels = topic.split("/")
    if "/".join(levels[:2]) != ROOT:
        raise TopicError(f"topic {topic!r} is not under {ROOT}/")
    if len(levels) != 6:
        raise TopicError(f"topic {topic!r} has {len(levels)} levels, expected 6")
    club, side = check_club(levels[2]), levels[3]
    if side == "table":
        number, kind = levels[4], levels[5]
        if kind not in TABLE_KINDS:
            raise TopicError(f"unknown table topic {kind!r} in {topic!r}")
        return Topic(club, side, kind, _number(number, "table"))
    if side == "director":
        kind, number = levels[4], levels[5]
        if kind not in DIRECTOR_KINDS:
            raise TopicError(f"unknown director topic {kind!r} in {topic!r}")
        return Topic(club, side, kind, _number(number, "board" if kind == "traveller" else "table"))
    raise TopicError(f"topic {topic!r}: expected 'table' or 'director' after the club")
