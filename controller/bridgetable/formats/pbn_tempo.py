"""The tempo of a board in PBN: PBN 2.1's supplemental sections AuctionTimeTable (5.4) and
PlayTimeTable (5.8), one row per call of the auction and per card of the play, in order.

Each table has one column, ``Time_Used``: the time the call or card took, in seconds with one
decimal (the table measures tenths, ``table.tempo``). A program that does not know these sections
skips them, as PBN asks of any table it does not read (PBN 5.1); ``bridgetable check`` reads them
back (``check_tables.check_time_tables``). A table is written only when it has exactly one time
per call (per card) of the record, so a file never holds a tempo that disagrees with its auction.
"""

from __future__ import annotations

from typing import Any

from .record import BoardRecord

AUCTION_TIME_TABLE = "AuctionTimeTable"
PLAY_TIME_TABLE = "PlayTimeTable"
TIME_COLUMN = "Time_Used"
TIME_HEADER = TIME_COLUMN + "\\6R"


def played_cards(record: BoardRecord) -> int:
    """The number of cards the record's play holds."""
    return sum(len(trick) for trick in record.tricks)


def add_tempo(record: BoardRecord, tempo: dict[str, Any] | None) -> None:
    """The result's ``tempo`` (tenths of a second) as the record's time tables, each one only when
    it has as many times as the record has calls (cards)."""
    if not tempo:
        return
    for tag, times, count in ((AUCTION_TIME_TABLE, tempo.get("calls") or [], len(record.calls)),
                              (PLAY_TIME_TABLE, tempo.get("cards") or [], played_cards(record))):
        if times and len(times) == count:
            record.tags[tag] = TIME_HEADER
            record.sections[tag] = [f"{tenths / 10:6.1f}" for tenths in times]
