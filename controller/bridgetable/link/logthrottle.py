"""A log that a repeating fault cannot flood: the same line is written once per window, and at
most ``limit`` lines of any kind are; what was held back is counted and said with the next line.

A table resending a bad message, or an attacker sending thousands, then costs a few lines a
minute instead of megabytes.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable


class LogThrottle:
    """``warning(text)`` logs ``text`` unless it (or too many lines) went out within ``window`` s."""

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
        held = self.admit(text)
        if held is None:
            return False
        suffix = f" ({held} repeated or similar lines held back)" if held else ""
        self._log.warning("%s%s", text, suffix)
        return True

    def admit(self, text: str) -> int | None:
        """None if ``text`` is held back (it, or ``limit`` lines, went out within the window), else
        how many were held back since the last one admitted; for a caller that writes it itself."""
        with self._lock:
            now = self._clock()
            if now - self._start >= self._window:
                self._start, self._written = now, 0
                self._last = {line: at for line, at in self._last.items() if now - at < self._window}
            last = self._last.get(text)
            if (last is not None and now - last < self._window) or self._written >= self._limit:
                self.held += 1
                return None
            self._last[text] = now
            self._written += 1
            held, self.held = self.held, 0
        return held
