"""Benchmark: the table unit from an event to its four displays, as the Pi runs it, now and with
the previous approach, in the same run.

A table service with a journal file on disk (WAL, synchronous=FULL: every event waits for its
fsync) and four SSD1306 displays behind a TCA9548A, driven by luma.oled's real driver through
luma's real I2C interface onto a model bus (bridgetable.devices.busmodel) that counts every byte
on the wire and keeps each controller's display RAM. 16 boards are played through it (auction,
52 card scans, confirmation). For each event:

- bytes on the bus (addresses, control bytes and multiplexer channel switches included) and the
  time they take at 400 kHz: until then the last player has not seen the event;
- CPU time (this process's, ``time.process_time``: the machine is shared): from handing the
  event to the service to all four frames handed to the driver, the journal's write excluded; the
  journal's write and fsync are reported apart, as the time they take.

The previous approach: every changed frame sent whole through luma's ``display``, every text of
every frame rendered by FreeType. Also the process's resident memory after the current approach
(the bench imports little beyond the table unit's own modules, to keep that figure honest).

    .venv/bin/python bench/bench_table.py [--boards N]
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from luma.core.device import device as LumaDevice
from PIL import Image

from bridgetable.bridge import Deal, Seat, board_dealer
from bridgetable.devices.busmodel import ModelBus
from bridgetable.devices.display import Display, pages, seat_displays
from bridgetable.devices.pinmap import PinMap, load_pinmap
from bridgetable.events import TableEvent
from bridgetable.table import screens
from bridgetable.table.flow import FlowConfig
from bridgetable.table.journal import Journal
from bridgetable.table.script import board_events
from bridgetable.table.service import TableService, replay

BOARDS = 16
AUCTIONS = ("1NT Pass 3NT Pass Pass Pass", "1S Pass 2S Pass 4S Pass Pass Pass",
            "Pass 1H Pass 2H Pass Pass Pass", "1C 1D 1H 2D 2NT Pass 3NT Pass Pass Pass")
PINMAP = Path(__file__).parents[1] / "hardware" / "pinmap.toml"
TARGET_MEDIAN_BYTES, TARGET_P99_BYTES, TARGET_P99_CPU_MS, TARGET_MB = 300, 2500, 5.0, 40


class WholeFrames:
    """The previous approach to a display: a changed frame is sent whole (luma's ``display``)."""

    def __init__(self, device: LumaDevice) -> None:
        self.device = device
        self.shown: bytes | None = None

    def show(self, image: Image.Image) -> bool:
        data = image.tobytes()
        if data == self.shown:
            return False
        self.device.display(image)
        self.shown = data
        return True


def freetype_text(canvas: Any, x: int, y: int, text: str, size: int = 10, bold: bool = False,
                  anchor: str = "la", fill: int = 1, left: int = 0, right: int = screens.WIDTH) -> None:
    """The previous approach to text: rendered by FreeType every time it is drawn (the bounds
    ``left`` and ``right`` of ``screens._Canvas.text``, which it stands in for, unused)."""
    canvas.draw.text((x, y), text, fill=fill, font=screens.font(size, bold), anchor=anchor)


@dataclass
class Run:
    cpu: list[float] = field(default_factory=list)       # CPU seconds per event, journal excluded
    journal: list[float] = field(default_factory=list)   # seconds per event in the journal (fsync)
    bytes: list[int] = field(default_factory=list)
    bus: list[float] = field(default_factory=list)       # seconds on the bus per event
    switches: int = 0
    resume: float = 0.0                                  # seconds to replay the journal


def percentile(values: list[Any], fraction: float) -> Any:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def median(values: list[Any]) -> Any:
    return percentile(values, 0.5)


@contextmanager
def timed(journal: Journal, spent: list[tuple[float, float]]) -> Iterator[None]:
    """Adds the wall and CPU time of each ``journal.append`` (its write and fsync) to ``spent``."""
    append = journal.append

    def timed_append(*args: Any, **kwargs: Any) -> int:
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            return append(*args, **kwargs)
        finally:
            spent.append((time.perf_counter() - wall, time.process_time() - cpu))

    journal.append = timed_append  # type: ignore[method-assign]
    try:
        yield
    finally:
        del journal.append


def with_driver(pinmap: PinMap, driver: str) -> PinMap:
    """The pin map with every display of the kind ``driver``."""
    seats = {seat: replace(wiring, display=replace(wiring.display, driver=driver))
             if wiring.display is not None else wiring for seat, wiring in pinmap.seats.items()}
    return replace(pinmap, seats=seats)


def play(config: FlowConfig, events: list[TableEvent], wrap: Callable[[Display], Any],
         pinmap: PinMap) -> Run:
    """All events through a fresh table service; ``wrap`` makes each seat's display."""
    bus = ModelBus.for_pinmap(pinmap, 1)
    displays = {seat: wrap(display) for seat, display in seat_displays(pinmap, lambda n: bus).items()}
    run = Run()
    with tempfile.TemporaryDirectory() as tmp:
        journal = Journal(Path(tmp) / "table.db", session="bench")
        service = TableService(config, journal, displays)
        spent: list[tuple[float, float]] = []
        with timed(journal, spent):
            for event in events:
                before, seconds, switches = bus.traffic.bytes, bus.traffic.seconds, bus.traffic.switches
                start = time.process_time()
                outcome = service.handle(event)
                cpu = time.process_time() - start
                assert outcome.changed, outcome.message
                journal_wall, journal_cpu = spent.pop() if spent else (0.0, 0.0)
                run.cpu.append(cpu - journal_cpu)
                run.journal.append(journal_wall)
                run.bytes.append(bus.traffic.bytes - before)
                run.bus.append(bus.traffic.seconds - seconds)
                run.switches += bus.traffic.switches - switches
        assert len(journal.results()) == len(config.boards)
        start = time.perf_counter()
        replay(config, Journal(Path(tmp) / "table.db", session="bench"))
        run.resume = time.perf_counter() - start
    for seat in Seat:  # what each display holds is its screen
        screen = screens.render(service.flow.view(), seat, service.moves)
        assert bus.controllers[(int(seat), 0x3C)].shown() == b"".join(pages(screen)), seat
    return run


def memory_mb() -> dict[str, float]:
    fields = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = int(value.split()[0]) / 1024
    return fields


def line(what: str, now: str, before: str, target: str) -> None:
    previous = f"previous {before:>12}" if before else " " * 21
    print(f"  {what:<38} {now:>12}   {previous}   {f'target {target}' if target else ''}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=BOARDS, help=f"boards to play (default {BOARDS})")
    boards = parser.parse_args().boards
    rng = random.Random(4)
    deals = {board: Deal.random(rng) for board in range(1, boards + 1)}
    events = []
    for board, deal in deals.items():
        events += board_events(deal, board_dealer(board), AUCTIONS[board % len(AUCTIONS)])

    def config() -> FlowConfig:
        return FlowConfig(boards=list(deals), deals=deals, session="bench")

    pinmap = load_pinmap(PINMAP)
    now = play(config(), events, lambda display: display, pinmap)
    memory = memory_mb()
    cached_text = screens._Canvas.text
    screens._Canvas.text = freetype_text  # type: ignore[method-assign]
    try:
        before = play(config(), events, lambda display: WholeFrames(display.device), pinmap)
    finally:
        screens._Canvas.text = cached_text  # type: ignore[method-assign]

    ms = 1000.0
    print(f"table unit: {len(events)} events over {boards} boards (auction and full play), four SSD1306 "
          "behind a TCA9548A on a 400 kHz bus; now beside the previous approach, same run")
    line("bytes on the bus per event, median", f"{median(now.bytes):.0f} B",
         f"{median(before.bytes):.0f} B", f"<= {TARGET_MEDIAN_BYTES} B")
    line("bytes on the bus per event, p99", f"{percentile(now.bytes, 0.99)} B",
         f"{percentile(before.bytes, 0.99)} B", f"<= {TARGET_P99_BYTES:,} B")
    line("bus time per event, median", f"{median(now.bus) * ms:.2f} ms",
         f"{median(before.bus) * ms:.2f} ms", "")
    line("bus time per event, p99", f"{percentile(now.bus, 0.99) * ms:.2f} ms",
         f"{percentile(before.bus, 0.99) * ms:.2f} ms", "")
    sh1106 = play(config(), events, lambda display: display, with_driver(pinmap, "sh1106"))
    line("the same with four SH1106, median", f"{median(sh1106.bytes)} B", "", "")
    line("the same with four SH1106, p99", f"{percentile(sh1106.bytes, 0.99)} B", "", "")
    line("multiplexer channel switches", f"{now.switches}", f"{before.switches}", "")
    line("CPU per event (no fsync), median", f"{median(now.cpu) * ms:.2f} ms",
         f"{median(before.cpu) * ms:.2f} ms", "")
    p99_now, p99_before = percentile(now.cpu, 0.99) * ms, percentile(before.cpu, 0.99) * ms
    line("CPU per event (no fsync), p99", f"{p99_now:.2f} ms", f"{p99_before:.2f} ms",
         f"<= {TARGET_P99_CPU_MS:g} ms (now/previous {p99_now / p99_before:.2f})")
    line("journal write + fsync (apart), median", f"{median(now.journal) * ms:.2f} ms",
         f"{median(before.journal) * ms:.2f} ms", "")
    line("journal write + fsync (apart), p99", f"{percentile(now.journal, 0.99) * ms:.2f} ms",
         f"{percentile(before.journal, 0.99) * ms:.2f} ms", "")
    line(f"resume ({len(events)} events replayed)", f"{now.resume * ms:.0f} ms",
         f"{before.resume * ms:.0f} ms", "")
    line("resident memory (peak)", f"{memory['VmHWM']:.1f} MB", "", f"< {TARGET_MB} MB")


if __name__ == "__main__":
    main()
