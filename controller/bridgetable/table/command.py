"""``bridgetable table``: run a table unit from table.toml, or simulate one in a terminal.

    bridgetable table --config table.toml           the devices of the pin map, the OLEDs, and
                                                     with [link] the station's broker (link/unit.py)
    bridgetable table --sim                          the keyboard as the four seats; screens in the
                                                     terminal and as PNG frames (--frames DIR)
    bridgetable table --config table.toml --events -    TableEvents as JSON lines on stdin
    bridgetable table --journal J --export OURS.pbn  the confirmed boards as PBN (table/export.py)
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image

from ..bridge import Seat
from .flow import FlowConfig
from .journal import Journal, JournalError
from .screens import Display
from .service import TableConfig, TableService, load_config, open_devices, parse_boards

if TYPE_CHECKING:
    from ..link.unit import UnitLink

# Unicode quadrant blocks indexed by the 2x2 pixels they show: top-left 1, top-right 2,
# bottom-left 4, bottom-right 8. A 128x64 frame becomes 64 columns by 32 lines.
_QUADRANTS = " ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█"


def terminal_frame(image: Image.Image) -> str:
    """A 1-bit frame as text that fits an 80-column terminal, 2x2 pixels per character."""
    pixels = image.load()
    assert pixels is not None

    def lit(x: int, y: int) -> int:
        return int(x < image.width and y < image.height and bool(pixels[x, y]))

    lines = []
    for y in range(0, image.height, 2):
        lines.append("".join(
            _QUADRANTS[lit(x, y) | lit(x + 1, y) << 1 | lit(x, y + 1) << 2 | lit(x + 1, y + 1) << 3]
            for x in range(0, image.width, 2)))
    return "\n".join(lines)


class TerminalDisplay:
    """Draws one seat's frames in the terminal (the simulation watches one seat)."""

    def __init__(self, seat: Seat) -> None:
        self.seat = seat

    def show(self, image: Image.Image) -> None:
        print(f"\n-- {self.seat.full_name}'s display --\n{terminal_frame(image)}", flush=True)


def _sim_config(args: argparse.Namespace) -> TableConfig:
    flow = FlowConfig(boards=parse_boards(args.boards, "--boards"), session="sim")
    return TableConfig(flow=flow, journal=Path(args.journal or "sim-journal.db"),
                       frames=Path(args.frames) if args.frames else None, source="--sim")


def _export(args: argparse.Namespace) -> int:
    from .export import export_journal

    try:
        if args.sim or not (args.journal or args.config):
            raise ValueError("--export needs the journal: --journal FILE or --config FILE (not --sim)")
        session, journal = None, Path(args.journal) if args.journal else None
        if args.config:
            config = load_config(args.config)
            session, journal = config.flow.session, journal or config.journal
        assert journal is not None
        count = export_journal(journal, Path(args.export), session)
    except (ValueError, JournalError) as error:
        print(f"bridgetable table: {error}", file=sys.stderr)
        return 2
    print(f"{count} confirmed boards of {journal} written to {args.export}")
    return 0


def run(args: argparse.Namespace) -> int:
    if args.export:
        return _export(args)
    if args.sim == bool(args.config):
        print("bridgetable table: give either --config FILE or --sim", file=sys.stderr)
        return 2
    try:
        config = _sim_config(args) if args.sim else load_config(args.config)
        if args.journal:
            config.journal = Path(args.journal)
        # a table told its session by the station: whichever session the journal holds
        told = config.link is not None and not config.flow.session
        journal = Journal(config.journal, session=None if told else config.flow.session)
    except (ValueError, JournalError) as error:
        print(f"bridgetable table: {error}", file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    link = service = None
    try:
        if args.sim:
            return _run_sim(config, journal)
        devices, displays = ([], {}) if args.events else open_devices(config)
        if args.events and config.frames is not None:
            displays = _png_displays(config.frames)
        service = TableService(config.flow, journal, displays)
        link = _start_link(config, service)
        if args.events:
            stream = sys.stdin if args.events == "-" else open(args.events, encoding="utf-8")  # noqa: SIM115
            service.feed_lines(stream, echo=sys.stdout if args.echo else None)
        else:
            service.run(devices)
        return 0
    except (ValueError, JournalError, OSError) as error:
        print(f"bridgetable table: {error}", file=sys.stderr)
        return 2
    finally:
        if link is not None:
            link.stop()
        (service.journal if service is not None else journal).close()  # a new session's, perhaps


def _start_link(config: TableConfig, service: TableService) -> UnitLink | None:
    """With [link]: the service on the station's broker (logged to stderr, as journald keeps it)."""
    if config.link is None:
        return None
    # The table command is where a table is wired to the link, which sits above the table unit;
    # imported here, not at the top, so that a table without [link] never loads paho-mqtt.
    from ..link.unit import UnitLink, broker_of

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    settings = config.link
    link = UnitLink(service, settings.key, broker_of(settings), show_traveller=settings.show_traveller)
    link.start()
    return link


def _png_displays(frames: Path) -> dict[Seat, Display]:
    from ..devices.display import Display as SeatDisplay

    return {seat: SeatDisplay.png(frames, seat) for seat in Seat}


def _run_sim(config: TableConfig, journal: Journal) -> int:
    from ..devices.keyboard import Keyboard

    displays: dict[Seat, Display] = {Seat.S: TerminalDisplay(Seat.S)}
    if config.frames is not None:
        displays = _png_displays(config.frames) | displays
    service = TableService(config.flow, journal, displays)
    print("type a seat then keys, bids or cards: 'N 1NT', 'E pass', 'S SA', 'W ok'; Ctrl-D ends")
    keyboard = Keyboard(sys.stdin)
    for line in sys.stdin:  # the keyboard's parsing, in this thread: the loop ends with the input
        for event in keyboard.feed_line(line):
            service.handle(event)
        if keyboard.stats.recent:
            print(keyboard.stats.recent.pop())
    return 0
