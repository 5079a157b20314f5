"""Pausing the cyclic garbage collector while a file is read or checked.

Reading a file of thousands of boards allocates millions of small objects and makes no
reference cycles; the collector, set off by the allocations alone, took a third of the reading
time (bench/bench_check.py). Reference counting still frees everything while it is paused.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector, and restore it as it was (nested uses are fine)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            # Re-enabled as it is, the collector would at once go through every object made
            # while it was paused (a tenth of `check`'s time on a large file). Those objects hold
            # no cycles: they join the oldest generation instead, as objects that live on do.
            gc.freeze()
            gc.unfreeze()
            gc.enable()
