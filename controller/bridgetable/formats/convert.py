"""Conversion between PBN and LIN files, the format of each chosen by its extension.

What one format cannot hold is left out: LIN has no place for PBN's Site, Date, Score or
optimum tables, PBN none for BBO's ``pg`` pages or ``nt`` commentary. Deal, auction with its
notes, play, claim, contract, declarer, result and players always carry over.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import Path

from .lin import read_lin_file, write_lin
from .pbn import read_pbn_file, write_pbn
from .record import BoardRecord

Reader = Callable[[Path], list[BoardRecord]]
Writer = Callable[[Iterable[BoardRecord]], str]
READERS: dict[str, Reader] = {".pbn": read_pbn_file, ".lin": read_lin_file}
WRITERS: dict[str, Writer] = {".pbn": write_pbn, ".lin": write_lin}


class ConvertError(ValueError):
    """A file name whose extension is neither .pbn nor .lin."""


def _format_of(path: Path) -> str:
    suffix = path.suffix.lower()
    if suffix not in READERS:
        raise ConvertError(f"{path}: the format follows the extension, .pbn or .lin, not {suffix!r}")
    return suffix


def convert(path_in: str | os.PathLike[str], path_out: str | os.PathLike[str]) -> list[BoardRecord]:
    """Read ``path_in`` and write its records to ``path_out`` (UTF-8); returns the records.

    The output appears whole or not at all: it is written beside its destination, then renamed.
    Reading problems stay in the records returned (``record.problems``); the file is still written.
    """
    source, target = Path(path_in), Path(path_out)
    writer = WRITERS[_format_of(target)]
    records = READERS[_format_of(source)](source)
    partial = target.with_name(target.name + ".part")
    partial.write_text(writer(records), encoding="utf-8")
    partial.replace(target)
    return records
