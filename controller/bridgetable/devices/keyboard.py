"""The terminal keyboard as the four bidding boxes and card readers (simulation, ``--sim``).

One line per input, the seat first, then keys, bids or cards::

    N 1NT          North presses 1, then NT
    E pass         East presses PASS        (also: p, x, xx, ok, undo, claim, dir, alert, stop)
    S SA           South scans the ace of spades (cards suit first: "H10", "DT", "C7")
    W claim ok     West presses CLAIM, then OK

Bids are level first ("7S": keys 7 and S), cards suit first ("S7": the seven of spades), so the two
never look alike. A line that cannot be read is reported and counted, and yields no event at all;
a blank line, or one starting with "#" (a comment in a file of typed lines), yields none either.
"""

from __future__ import annotations

import re
import threading
from typing import TextIO

from ..bridge import Card, Seat
from ..events import Key, TableEvent
from ..formats.text import LineTooLong, bounded, quoted
from ..i18n import CLI
from .lines import BadLine, EventSink, LineStats

ALIASES = {"P": Key.PASS, "N": Key.NOTRUMP, "U": Key.UNDO, "DIR": Key.DIRECTOR, "TD": Key.DIRECTOR}
_BID = re.compile(r"([1-7])(C|D|H|S|NT|N)")
_CARD = re.compile(r"[CDHS](10|[2-9TJQKA])")
_ = CLI.gettext


def parse_line(text: str) -> list[TableEvent]:
    """The events one typed line stands for; BadLine naming the first word that is not understood."""
    try:
        words = bounded(text.rstrip("\r\n")).upper().split()
    except LineTooLong as error:
        raise BadLine("overlong", str(error)) from None
    if not words or words[0].startswith("#"):  # a blank line, or a comment in a typed script
        return []
    try:
        seat = Seat.parse(words[0])
    except ValueError:
        raise BadLine("unknown", _("start with the seat (N, E, S or W), not {word}").format(
            word=quoted(words[0]))) from None
    if len(words) == 1:
        raise BadLine("unknown", _("nothing after the seat in {line}").format(line=quoted(text.strip())))
    events = []
    for word in words[1:]:
        if _CARD.fullmatch(word):
            events.append(TableEvent.card(seat, Card.parse(word)))
        elif bid := _BID.fullmatch(word):
            events += [TableEvent.key(seat, _key(part)) for part in bid.groups()]
        else:
            events.append(TableEvent.key(seat, _key(word)))
    return events


def _key(word: str) -> Key:
    if word in ALIASES:
        return ALIASES[word]
    try:
        return Key(word)
    except ValueError:
        raise BadLine("unknown", _("{word} is neither a key, a bid nor a card (suit first: SA)").format(
            word=quoted(word))) from None


class Keyboard:
    """Reads typed lines from a text stream (the terminal) on a thread and delivers their events."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.stats = LineStats(_("keyboard"))
        self._thread: threading.Thread | None = None

    def feed_line(self, text: str) -> list[TableEvent]:
        try:
            events = parse_line(text)
        except BadLine as error:
            self.stats.reject(error)
            return []
        self.stats.accepted += len(events)
        return events

    def start(self, sink: EventSink) -> None:
        self._thread = threading.Thread(target=self._run, args=(sink,), name="keyboard", daemon=True)
        self._thread.start()

    def _run(self, sink: EventSink) -> None:
        try:
            for line in self.stream:
                for event in self.feed_line(line):
                    sink(event)
        except (OSError, UnicodeDecodeError) as error:  # the terminal went away, or sent non-text
            stopped = _("keyboard input stopped: {error}").format(error=error)
            self.stats.reject(BadLine("disconnected", stopped))

    def close(self) -> None:
        """Stop listening; a thread blocked on the terminal ends with the process (it is a daemon)."""
        if self._thread is not None:
            self._thread.join(timeout=0.1)
