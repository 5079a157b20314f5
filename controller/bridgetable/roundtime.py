"""The round clock's time left as the displays and the station's pages say it: whole minutes,
rounded up while the round runs ("15" at 14:05 left), then the minutes over as a negative time
("-2": up to 2 minutes over), as a club's timer counts on."""

from __future__ import annotations

import math


def minutes_left(left: float) -> int:
    """The minutes shown for ``left`` seconds left in the round (negative: over); never 0."""
    return math.ceil(left / 60) if left > 0 else -(math.floor(-left / 60) + 1)
