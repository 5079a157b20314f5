"""``bridgetable selftest``: the first check of a table built for real, before its first session.

What an emulated Pi cannot show (the I2C wiring, each key's contact, the readers' serial lines, the
club's network) is asked of the hardware itself, in the order a club builder goes round the table:
each display draws a test card (a frame and the seat's name), each key of each bidding box is asked
for on its seat's display and in the terminal, each card reader is asked to scan any card, and the
station's broker is reached with the table's own login. Every step is a line of the checklist;
a step not done within the timeout fails with the reason, and the next step goes on.
"""

from __future__ import annotations

import argparse
import queue
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from functools import partial

from PIL import Image, ImageDraw

from ..bridge import Seat
from ..devices import InputDevice
from ..events import EventKind, Key, TableEvent
from ..i18n import CLI, notation
from .linkconfig import LinkSettings
from .screens import HEIGHT, WIDTH, Display

_ = CLI.gettext


@dataclass(frozen=True, slots=True)
class Check:
    """One line of the checklist: what was tried, whether it worked, and what was seen."""

    what: str
    ok: bool
    detail: str = ""

    def __str__(self) -> str:
        mark = _("ok") if self.ok else _("FAIL")
        return f"{mark:4} {self.what}" + (f": {self.detail}" if self.detail else "")


def pattern(lines: Sequence[str]) -> Image.Image:
    """A display's test card: a frame round the edge (every corner pixel lit) and the lines."""
    image = Image.new("1", (WIDTH, HEIGHT))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH - 1, HEIGHT - 1), outline=1)
    for row, line in enumerate(lines):
        draw.text((4, 4 + 14 * row), line, fill=1)
    return image


def waited(seconds: float) -> str:
    return _("nothing within {seconds:g} s").format(seconds=seconds)


class SelfTest:
    """The checklist over a table's devices. ``say`` prints each instruction for the builder;
    ``timeout`` is how long a key press or a card scan is waited for."""

    def __init__(self, devices: Sequence[InputDevice], displays: Mapping[Seat, Display],
                 say: Callable[[str], None], timeout: float = 20.0) -> None:
        self.devices = devices
        self.displays = displays
        self.say = say
        self.timeout = timeout
        self.events: queue.Queue[TableEvent] = queue.Queue()

    def displays_drawn(self) -> list[Check]:
        checks = []
        for seat, display in self.displays.items():
            what = _("display {seat}").format(seat=notation.seat_name(seat.name))
            try:
                display.show(pattern([_("self-test"), notation.seat_name(seat.name)]))
            except (OSError, ValueError) as error:
                checks.append(Check(what, False, str(error)))
            else:
                checks.append(Check(what, True, _("drawn: a frame round the edge and the seat's name")))
        return checks

    def keys(self, seat: Seat, keys: Iterable[Key]) -> list[Check]:
        return [self._wait_for(seat, EventKind.KEY, key.value,
                               _("press {key} at {seat}").format(key=key.value,
                                                                   seat=notation.seat_name(seat.name)))
                for key in keys]

    def card_reader(self, seat: Seat) -> Check:
        return self._wait_for(seat, EventKind.CARD, None,
                              _("scan any card at {seat}").format(seat=notation.seat_name(seat.name)))

    def _wait_for(self, seat: Seat, kind: EventKind, value: str | None, instruction: str) -> Check:
        """Ask for one input at ``seat`` and wait for it; another seat's input is not this step's."""
        self.say(instruction)
        display = self.displays.get(seat)
        if display is not None:
            with suppress(OSError, ValueError):  # the display's own step has said what is wrong
                display.show(pattern([_("self-test"), instruction]))
        while True:
            try:
                event = self.events.get(timeout=self.timeout)
            except queue.Empty:
                return Check(instruction, False, waited(self.timeout))
            if event.seat is not seat:
                continue
            if event.kind is kind and value in (None, event.value):
                return Check(instruction, True, event.value)
            return Check(instruction, False, _("got {value} instead").format(value=event.value))

    def run(self, key_seats: Mapping[Seat, Sequence[Key]], card_seats: Iterable[Seat],
            broker: Callable[[], Check] | None = None) -> list[Check]:
        """The whole checklist, in the order a builder goes round the table."""
        for device in self.devices:
            device.start(self.events.put)
        try:
            checks = self.displays_drawn()
            for seat, keys in key_seats.items():
                checks += self.keys(seat, keys)
            checks += [self.card_reader(seat) for seat in card_seats]
        finally:
            for device in self.devices:
                device.close()
        if broker is not None:
            checks.append(broker())
        return checks


def broker_check(settings: LinkSettings, club: str, table: int, timeout: float) -> Check:
    """The station's broker, logged in to with this table's account (the link's own client)."""
    from ..link.client import BrokerProbe
    from ..link.unit import broker_of

    what = _("the station's broker {host}:{port}").format(host=settings.host, port=settings.port)
    probe = BrokerProbe(club, table, broker_of(settings))
    probe.start()
    try:
        if probe.connected.wait(timeout):
            return Check(what, True, _("logged in as table {table}").format(table=table))
        return Check(what, False, probe.refusal or waited(timeout))
    finally:
        probe.stop()


def run(args: argparse.Namespace) -> int:
    """``bridgetable selftest --config table.toml``: exit 0 when every step passed, 1 otherwise."""
    from ..devices.pinmap import load_pinmap
    from .service import load_config, open_devices

    try:
        config = load_config(args.config)
        devices, displays = open_devices(config)  # refuses a config without a pin map
        assert config.pinmap is not None
        pinmap = load_pinmap(config.pinmap)
    except (ValueError, OSError) as error:
        print(f"bridgetable selftest: {error}", file=sys.stderr)
        return 2
    key_seats = {seat: list(wiring.keys) if wiring.keys else list(Key)
                 for seat, wiring in pinmap.seats.items() if wiring.keys or wiring.module}
    card_seats = [seat for seat, wiring in pinmap.seats.items() if wiring.module or wiring.card_reader]
    link, flow = config.link, config.flow
    broker = None if link is None else partial(broker_check, link, flow.club, int(flow.table), args.timeout)
    selftest = SelfTest(devices, displays, lambda line: print(line, flush=True), args.timeout)
    checks = selftest.run(key_seats, card_seats, broker)
    print()
    for check in checks:
        print(check)
    failed = sum(not check.ok for check in checks)
    print(_("{passed} of {total} steps passed").format(passed=len(checks) - failed, total=len(checks)))
    return 1 if failed else 0
