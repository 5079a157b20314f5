"""A log that a repeating fault cannot flood: the same line is written once per window, and at
most ``limit`` lines of any kind are; what was held back is counted and said with the next line.
A traceback counts as its line: the same exception raised at the same place is written once per
window, with its traceback, however often it happens.

A table resending a bad message, or an attacker sending thousands, then costs a few lines a
minute instead of megabytes.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
import traceback
from collections.abc import Callable


class LogThrottle:
    """``warning(text)`` logs ``text`` unless it (or too many lines) went out within ``window`` s;
    ``error``, ``info`` likewise at their level; ``exception`` with the traceback being handled."""

    def __init__(self, logger: logging.Logger, window: float = 60.0, limit: int = 50,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._log, self._window, self._limit, self._clock = logger, window, limit, clock
        self._lock = threading.Lock()
        self._last: dict[str, float] = {}  # a line -> when it was last written
        self._start = clock()
        self._written = 0  # lines written in the current window
        self.held = 0  # lines held back since the last one written

    def warning(self, text: str) -> bool:
        """Log ``text`` as a warning unless it is held back; True if it was written."""
        return self._write(logging.WARNING, text)

    def error(self, text: str) -> bool:
        return self._write(logging.ERROR, text)

    def info(self, text: str) -> bool:
        return self._write(logging.INFO, text)

    def exception(self, text: str) -> bool:
        """In an ``except`` block: log ``text`` as an error with the traceback, unless the same
        exception type raised at the same place was logged within the window."""
        kind, _value, tb = sys.exc_info()
        where = traceback.extract_tb(tb)[-1] if tb is not None else None
        place = f"{where.filename}:{where.lineno}" if where is not None else ""
        return self._write(logging.ERROR, text, key=f"{text}\0{getattr(kind, '__name__', '')}\0{place}",
                           exc_info=True)

    def _write(self, level: int, text: str, key: str | None = None, exc_info: bool = False) -> bool:
        held = self.admit(text if key is None else key)
        if held is None:
            return False
        suffix = f" ({held} repeated or similar lines held back)" if held else ""
        self._log.log(level, "%s%s", text, suffix, exc_info=exc_info, stacklevel=3)  # the caller's line
        return True

    def admit(self, key: str) -> int | None:
        """None if the line ``key`` is held back (it, or ``limit`` lines, went out within the
        window), else how many were held back since the last one admitted; for a caller that
        writes the line itself."""
        with self._lock:
            now = self._clock()
            if now - self._start >= self._window:
                self._start, self._written = now, 0
                self._last = {line: at for line, at in self._last.items() if now - at < self._window}
            last = self._last.get(key)
            if (last is not None and now - last < self._window) or self._written >= self._limit:
                self.held += 1
                return None
            self._last[key] = now
            self._written += 1
            held, self.held = self.held, 0
        return held
