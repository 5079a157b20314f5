"""``bridgetable table``: run a table unit from table.toml, or simulate one in a terminal.

    bridgetable table --config table.toml           the devices of the pin map, the OLEDs, and
                                                     with [link] the station's broker (link/unit.py)
    bridgetable table --sim                          the keyboard as the four seats; screens in the
                                                     terminal and as PNG frames (--frames DIR);
                                                     --game rubber|chicago|... plays that form
    bridgetable table --sim --config table.toml      the same with the config's boards, deals and
                                                     settings (and [link]), no pin map devices
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

from .. import i18n
from ..bridge import Seat
from ..i18n import CLI, notation
from .flow import FlowConfig
from .journal import Journal, JournalError
from .screens import Display
from .service import TableConfig, TableService, load_config, open_devices, parse_boards

if TYPE_CHECKING:
    from ..devices import InputDevice
    from ..link.unit import UnitLink

# Unicode quadrant blocks indexed by the 2x2 pixels they show: top-left 1, top-right 2,
# bottom-left 4, bottom-right 8. A 128x64 frame becomes 64 columns by 32 lines.
_QUADRANTS = " ▘▝▀▖▌▞▛▗▚▐▜▄▙▟█"
_ = CLI.gettext
ngettext = CLI.ngettext
SAMPLES = Path(__file__).resolve().parent.parent / "samples"  # the package's sample files


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
    """Draws one seat's frames in the terminal (the simulation watches one seat), and passes them
    on to that seat's other display, if any."""

    def __init__(self, seat: Seat, also: Display | None = None) -> None:
        self.seat = seat
        self.also = also

    def show(self, image: Image.Image) -> None:
        heading = _("-- {seat}'s display --").format(seat=notation.seat_name(self.seat.name))
        print(f"\n{heading}\n{terminal_frame(image)}", flush=True)
        if self.also is not None:
            self.also.show(image)


def _config(args: argparse.Namespace) -> TableConfig:
    """table.toml's configuration, or the simulation's (boards 1-8 unless --boards, the displays in
    the command line's language), with the command line's --journal and --frames."""
    if args.config and args.boards:
        raise ValueError(_("--boards is for --sim without --config: table.toml says the boards"))
    if args.config:
        config = load_config(args.config)
    else:
        flow = FlowConfig(boards=parse_boards(args.boards or "1-8", "--boards"), session="sim",
                          game=args.game)
        config = TableConfig(flow=flow, journal=Path("sim-journal.db"), source="--sim",
                             language=i18n.current())
    if args.journal:
        config.journal = Path(args.journal)
    elif config.journal.resolve().is_relative_to(SAMPLES):  # not inside the installed package: here
        config.journal = Path(config.journal.name)
    if args.frames:
        config.frames = Path(args.frames)
    return config


def _export(args: argparse.Namespace) -> int:
    from .export import export_journal

    try:
        if args.sim or not (args.journal or args.config):
            raise ValueError(_("--export needs the journal: --journal FILE or --config FILE (not --sim)"))
        session, journal = None, Path(args.journal) if args.journal else None
        if args.config:
            config = load_config(args.config)
            session, journal = config.flow.session, journal or config.journal
        assert journal is not None
        count = export_journal(journal, Path(args.export), session)
    except (ValueError, JournalError) as error:
        print(f"bridgetable table: {error}", file=sys.stderr)
        return 2
    print(ngettext("{n} confirmed board of {journal} written to {file}",
                   "{n} confirmed boards of {journal} written to {file}", count).format(
        n=count, journal=journal, file=args.export))
    return 0


def run(args: argparse.Namespace) -> int:
    if args.export:
        return _export(args)
    if not (args.sim or args.config):
        print("bridgetable table: " + _("give --config FILE, --sim, or both"), file=sys.stderr)
        return 2
    if args.config and args.game != "duplicate":
        print("bridgetable table: " + _("--game is for --sim alone; with --config, table.toml's [table] "
                                        "game sets the form"), file=sys.stderr)
        return 2
    try:
        config = _config(args)
        # a table told its session by the station: whichever session the journal holds
        told = config.link is not None and not config.flow.session
        journal = Journal(config.journal, session=None if told else config.flow.session)
    except (ValueError, JournalError) as error:
        print(f"bridgetable table: {error}", file=sys.stderr)
        return 2
    if len(journal):  # an earlier run's (after a power cut: where the table was)
        print("bridgetable table: " + ngettext(
            "resuming {journal}: {n} event of an earlier run (another --journal starts afresh)",
            "resuming {journal}: {n} events of an earlier run (another --journal starts afresh)",
            len(journal)).format(journal=config.journal, n=len(journal)), file=sys.stderr, flush=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    link = service = None
    try:
        if args.sim:
            devices: list[InputDevice] = []
            displays = _sim_displays(config.frames)
        elif args.events:
            devices, displays = [], _png_displays(config.frames) if config.frames is not None else {}
        else:
            devices, displays = open_devices(config)
        service = TableService(config.flow, journal, displays, language=config.language)
        link = _start_link(config, service)
        if args.sim:
            return _run_sim(service)
        if args.events:
            stream = sys.stdin if args.events == "-" else open(args.events, encoding="utf-8")  # noqa: SIM115
            bad = service.feed_lines(stream, echo=sys.stdout if args.echo else None,
                                     errors=None if args.echo else sys.stderr)
            if bad:
                print("bridgetable table: " + ngettext(
                    "{n} line of {file} was not a TableEvent", "{n} lines of {file} were not a TableEvent",
                    bad).format(n=bad, file=args.events), file=sys.stderr)
                return 1
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


def _sim_displays(frames: Path | None) -> dict[Seat, Display]:
    """South's screen in the terminal; every seat's as PNG files too with frames."""
    displays = {} if frames is None else _png_displays(frames)
    return displays | {Seat.S: TerminalDisplay(Seat.S, displays.get(Seat.S))}


def _run_sim(service: TableService) -> int:
    """Typed lines as the four seats' keys and cards until the input ends. A line that cannot be
    read is reported once (the keyboard's warning), a refused key or card with the reason."""
    from ..devices.keyboard import Keyboard

    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    print(_("type a seat then keys, bids or cards; a board starts with OK at any seat: 'N ok', "
            "'N 1NT', 'E pass', 'S SA', 'W ok'; Ctrl-D ends"))
    keyboard = Keyboard(sys.stdin)
    for line in sys.stdin:  # the keyboard's parsing, in this thread: the loop ends with the input
        refusals = [outcome.message for outcome in map(service.handle, keyboard.feed_line(line))
                    if not outcome.changed and outcome.message]
        for message in dict.fromkeys(refusals):  # "N 1NT" is two keys refused for one reason
            print(_("refused: {reason}").format(reason=message), flush=True)
    return 0
