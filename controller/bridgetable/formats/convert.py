"""Conversion between PBN and LIN files, the format of each chosen by its extension: lossless,
or refused.

The converted text is read back with the target format's reader before anything is written,
and every record must come back with the same game: board, dealer, vulnerability, deal (known
hands), auction with its alerts and notes, play with its notes, claim, contract, declarer,
result and commentary. A record the source reader could not read whole, or one the target
cannot hold (a PBN auction that does not start with the dealer, a claim without a result, a
bidding quiz's "to be continued"...), refuses the conversion: ``ConvertError`` names each
record and what it could not carry, and no file is written.

What only one format has a place for is left out, and said (``Converted.left_out``: the tags
that do not come back): LIN has no Site, Date, Score or optimum tables; PBN keeps every LIN key
it reads as a tag.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..i18n import FILES, N_
from .lin import read_lin, read_lin_file, write_lin
from .pbn import read_pbn, read_pbn_file, write_pbn
from .record import BoardRecord

_ = FILES.gettext
ngettext = FILES.ngettext
Reader = Callable[[Path], list[BoardRecord]]
Writer = Callable[[Iterable[BoardRecord]], str]
READERS: dict[str, Reader] = {".pbn": read_pbn_file, ".lin": read_lin_file}
WRITERS: dict[str, Writer] = {".pbn": write_pbn, ".lin": write_lin}
TEXT_READERS: dict[str, Callable[[str], list[BoardRecord]]] = {".pbn": read_pbn, ".lin": read_lin}

# The fields of the game that a conversion must carry, as the issue of lossless convert lists them
# (marked for the catalogue: a refusal names the fields lost in the language spoken).
GAME_FIELDS = (N_("board"), N_("dealer"), N_("vulnerability"), N_("deal"), N_("partial_deal"), N_("calls"),
               N_("skipped"), N_("auction_ended"), N_("auction_continues"), N_("claimed"), N_("contract"),
               N_("passed_out"), N_("declarer"), N_("result"), N_("commentary"))
# Tags carried as the game's fields (compared as fields, not as the file's spelling).
_FIELD_TAGS = frozenset({"Board", "Dealer", "Vulnerable", "Deal", "Auction", "Play", "Contract",
                         "Declarer", "Result", "Note"})


class ConvertError(ValueError):
    """A conversion that cannot be done: a file name whose extension is neither .pbn nor .lin,
    or records the target format cannot carry whole."""


@dataclass(slots=True)
class Converted:
    """The records converted, and the tags left out because the target has no place for them."""

    records: list[BoardRecord]
    left_out: dict[str, int] = field(default_factory=dict)  # tag -> records that had it


def _format_of(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix not in READERS:
        raise ConvertError(_("{file}: the format follows the extension, .pbn or .lin, not {suffix}").format(
            file=path, suffix=repr(suffix)))
    return suffix


def convert(path_in: str | os.PathLike[str], path_out: str | os.PathLike[str]) -> Converted:
    """Read ``path_in`` and write its records to ``path_out`` (UTF-8), or raise ConvertError
    saying what could not be carried. The output appears whole or not at all: it is written
    beside its destination, then renamed."""
    source, target = Path(path_in), Path(path_out)
    kind = _format_of(target)
    records = READERS[_format_of(source)](source)
    text = WRITERS[kind](records)
    lost = [_record(index, record, str(problem))
            for index, record in enumerate(records) for problem in record.problems]
    again = TEXT_READERS[kind](text)
    lost += _lost(records, again)
    if lost:
        said = ngettext("{file}: not converted, {n} thing cannot be carried to {format}:",
                        "{file}: not converted, {n} things cannot be carried to {format}:", len(lost)).format(
            file=source, n=len(lost), format=kind[1:].upper())
        raise ConvertError("\n  ".join((said, *lost)))
    partial = target.with_name(target.name + ".part")
    partial.write_text(text, encoding="utf-8")
    partial.replace(target)
    left_out: dict[str, int] = {}
    for old, new in zip(records, again, strict=True):
        for name, value in old.tags.items():
            if name not in _FIELD_TAGS and value.strip() not in ("", "?") and new.tags.get(name) != value:
                left_out[name] = left_out.get(name, 0) + 1
    return Converted(records, left_out)


def _lost(before: list[BoardRecord], after: list[BoardRecord]) -> list[str]:
    """What each record lost on its way through the other format."""
    if len(after) != len(before):
        return [ngettext("{n} record became {after}", "{n} records became {after}", len(before)).format(
            n=len(before), after=len(after))]
    lost = []
    for index, (old, new) in enumerate(zip(before, after, strict=True)):
        # lost: a field the record had that comes back otherwise (one the target's reader works
        # out from the rest, such as the contract from the auction, is not a loss)
        fields = [name for name in GAME_FIELDS
                  if _said(old, name) and getattr(old, name) != getattr(new, name)]
        if old.calls and old.auction_first != new.auction_first:
            fields.append(N_("auction_first"))
        if _notes(old.call_notes) != _notes(new.call_notes):
            fields.append(N_("call_notes"))
        if [t for t in old.tricks if t] != [t for t in new.tricks if t]:
            fields.append(N_("tricks"))
        if _notes(old.play_notes) != _notes(new.play_notes):
            fields.append(N_("play_notes"))
        said = [_(name) for name in fields]
        said += [_("problem on reading back ({problem})").format(problem=problem) for problem in new.problems]
        if said:
            lost.append(_record(index, old, ", ".join(said)))
    return lost


def _record(index: int, record: BoardRecord, what: str) -> str:
    """What is wrong with the record ``index`` of a file, named with its board."""
    return _("record {index} (board {board}): {what}").format(index=index, board=record.board, what=what)


def _said(record: BoardRecord, name: str) -> bool:
    """Whether the record says something in this field (a passed-out board's declarer and
    result say nothing: LIN has no place for them, and no reader needs them)."""
    value = getattr(record, name)
    if name in ("declarer", "result") and record.passed_out:
        return False
    return not (value is None or value is False or value == [])


def _notes(notes: Mapping[Any, str]) -> dict[Any, str]:
    """Notes as both formats keep them: PBN trims a note's spaces."""
    return {key: text.strip() for key, text in notes.items()}
