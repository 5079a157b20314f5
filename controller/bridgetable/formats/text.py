"""The text of input: decoding the bytes of a bridge file (PBN or LIN), and the bound on a line's
length that every reader of lines keeps (files, a score pad's lines, the keyboard, TableEvents),
with the short quotation of a bad line its errors show."""

from __future__ import annotations

from ..i18n import FILES

_ = FILES.gettext

MAX_LINE = 100_000  # characters a line may have, longer is refused (a real LIN line: a few thousand)
QUOTED = 80  # characters of a bad line an error quotes at most


class LineTooLong(ValueError):
    """A line longer than MAX_LINE: the message names its length and quotes its beginning;
    ``line`` is its number in the text, when known."""

    def __init__(self, text: str, line: int | None = None) -> None:
        super().__init__(_("a line of {length} characters, more than the {most} a line may have: "
                           "{start}").format(length=f"{len(text):,}", most=f"{MAX_LINE:,}",
                                             start=quoted(text)))
        self.line = line


def cut(text: str, most: int = QUOTED) -> str:
    """``text`` cut to at most ``most`` characters, the last one "…" when cut."""
    return text if len(text) <= most else text[:most - 1] + "…"


def quoted(text: str) -> str:
    """``text`` as an error quotes it: the repr of ``cut(text)``."""
    return repr(cut(text))


def bounded(line: str) -> str:
    """The line, if it keeps the bound; else LineTooLong."""
    if len(line) > MAX_LINE:
        raise LineTooLong(line)
    return line


def check_lines(text: str) -> None:
    """LineTooLong, naming the line's number, if a line of ``text`` is longer than MAX_LINE.

    Quick on any size: a window of MAX_LINE + 1 characters from a line's start holds a newline
    unless that line is too long, and the next window starts after its last newline."""
    start = 0
    while len(text) - start > MAX_LINE:
        end = text.rfind("\n", start, start + MAX_LINE + 1)
        if end < 0:
            stop = text.find("\n", start)
            raise LineTooLong(text[start:len(text) if stop < 0 else stop], text.count("\n", 0, start) + 1)
        start = end + 1


def decode_text(data: bytes) -> str:
    """UTF-8 (with or without a byte-order mark), else Windows-1252, else Latin-1.

    Real PBN and LIN files come in all three: older software writes Windows-1252 or Latin-1.
    """
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252")
    except UnicodeDecodeError:
        return data.decode("latin-1")
