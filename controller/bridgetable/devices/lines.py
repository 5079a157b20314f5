"""Line-oriented serial input shared by the card reader and the seat module.

A serial device sends one line per event. Anything can arrive on the wire (noise at power-up, a
reader in the wrong mode, a cable pulled mid-line), so every line is judged on its own: a good one
becomes a TableEvent, a bad one is counted under its reason and reported, and reading goes on.
"""

from __future__ import annotations

import logging
import threading
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass, field

import serial

from ..events import TableEvent
from ..i18n import CLI

EventSink = Callable[[TableEvent], None]
"""Where an input device delivers its events (the table's queue.put, a list.append in tests)."""

log = logging.getLogger(__name__)
_ = CLI.gettext


class BadLine(ValueError):
    """A line that yields no event: ``reason`` is a short counter name, the message says why."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass
class LineStats:
    """What a line source has seen: events accepted, and bad lines counted by reason."""

    name: str
    accepted: int = 0
    bad: Counter[str] = field(default_factory=Counter)
    recent: deque[str] = field(default_factory=lambda: deque(maxlen=20))

    @property
    def bad_total(self) -> int:
        return sum(self.bad.values())

    def reject(self, error: BadLine) -> None:
        self.bad[error.reason] += 1
        message = f"{self.name}: {error}"
        self.recent.append(message)
        log.warning(message)

    def summary(self) -> str:
        """What a person is told at the end (``bridgetable enrol-deck``); the reasons are the counters'
        names, as the log writes them."""
        summary = _("{name}: {accepted} accepted, {bad} bad").format(name=self.name, accepted=self.accepted,
                                                                     bad=self.bad_total)
        reasons = ", ".join(f"{n} {reason}" for reason, n in sorted(self.bad.items()))
        return f"{summary} ({reasons})" if reasons else summary


class LineFramer:
    """Splits a byte stream into lines at LF (a CR before it is dropped).

    A line longer than ``max_length`` is cut to ``max_length + 1`` bytes and the rest of it skipped
    up to the next LF, so a device that never sends a newline cannot make the buffer grow without
    bound; the caller recognises such a line by its length.
    """

    def __init__(self, max_length: int) -> None:
        self.max_length = max_length
        self._buffer = bytearray()
        self._skipping = False

    def feed(self, data: bytes) -> list[bytes]:
        *complete, tail = data.split(b"\n")
        lines = [self._finish(chunk) for chunk in complete]
        self._append(tail)
        return lines

    def _finish(self, chunk: bytes) -> bytes:
        self._append(chunk)
        line = bytes(self._buffer)
        self._buffer.clear()
        self._skipping = False
        return line.removesuffix(b"\r") if len(line) <= self.max_length else line

    def _append(self, chunk: bytes) -> None:
        if self._skipping:
            return
        room = self.max_length + 1 - len(self._buffer)
        self._buffer += chunk[:room]
        self._skipping = len(chunk) > room


def decode_text(raw: bytes, max_length: int) -> str:
    """A line's text: printable ASCII within the length limit, or BadLine saying what is wrong."""
    if len(raw) > max_length:
        raise BadLine("overlong", _("line longer than {n} bytes: {start}...").format(n=max_length,
                                                                                    start=repr(raw[:24])))
    try:
        text = raw.decode("ascii")
    except UnicodeDecodeError:
        raise BadLine("garbled", _("not ASCII text: {line}").format(line=repr(raw))) from None
    if not text.isprintable():
        raise BadLine("garbled", _("control characters in line: {line}").format(line=repr(raw)))
    return text.strip()


def line_texts(framer: LineFramer, data: bytes, stats: LineStats) -> list[str]:
    """The text of each complete, readable line in ``data``; unreadable ones go to ``stats``."""
    texts = []
    for raw in framer.feed(data):
        if not raw.strip():
            continue  # an empty line (CR LF readers, a bare newline) is no scan at all
        try:
            texts.append(decode_text(raw, framer.max_length))
        except BadLine as error:
            stats.reject(error)
    return texts


class SerialLineSource:
    """Base of the serial input devices: reads lines from a pyserial port and turns each into events.

    ``feed`` does the work synchronously (tests and benchmarks call it); ``start`` runs it on a
    reader thread that delivers to a sink until ``close``.
    """

    max_length = 80

    def __init__(self, port: serial.SerialBase, name: str) -> None:
        self.port = port
        self.stats = LineStats(name)
        self._framer = LineFramer(self.max_length)
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def handle_line(self, text: str) -> TableEvent | None:
        """The event a well-formed line stands for (None for a line that carries none), or BadLine."""
        raise NotImplementedError

    def feed(self, data: bytes) -> list[TableEvent]:
        events = []
        for text in line_texts(self._framer, data, self.stats):
            try:
                event = self.handle_line(text)
            except BadLine as error:
                self.stats.reject(error)
                continue
            if event is not None:
                self.stats.accepted += 1
                events.append(event)
        return events

    def start(self, sink: EventSink) -> None:
        self._thread = threading.Thread(target=self._run, args=(sink,), name=self.stats.name, daemon=True)
        self._thread.start()

    def _run(self, sink: EventSink) -> None:
        while not self._stop.is_set():
            try:
                data = self.port.read(self.port.in_waiting or 1)
            except (serial.SerialException, OSError) as error:  # unplugged: say so, end this reader
                self.stats.reject(BadLine("disconnected", _("port stopped: {error}").format(error=error)))
                return
            for event in self.feed(data):
                sink(event)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
        self.port.close()


def open_port(url: str, baudrate: int = 115200) -> serial.SerialBase:
    """A pyserial port for a device path or URL ("/dev/ttyACM0", "loop://", "socket://host:port")."""
    return serial.serial_for_url(url, baudrate=baudrate, timeout=0.05)
