"""Benchmark: device input to TableEvent, and a screen to the display, through the real adapters.

- card line -> event: a line written to pyserial's loop:// port, read by the CardReader's own
  thread, delivered to a queue (what the table service consumes); median and 99th percentile.
- seat-module frame -> event: the same over a pseudo-terminal (a real tty, as /dev/ttyACM0).
- button press -> event: a gpiozero MockFactory pin driven low, the BiddingBox's callback.
- frame -> display: a 128x64 image through luma.oled's SSD1306 driver behind the TCA9548A channel
  logic (the I2C bus is a unittest.mock: the figure is CPU time, inflated by the mock's own cost;
  on a Pi at 400 kHz the 1 KiB transfer itself adds about 25 ms).
Also the process's peak resident memory. Not part of the tests.
"""

from __future__ import annotations

import os
import queue
import resource
import statistics
import time
from pathlib import Path
from unittest import mock

import serial
import smbus2
from gpiozero import Device
from gpiozero.pins.mock import MockFactory
from PIL import Image, ImageDraw

from bridgetable.bridge import DECK, Seat
from bridgetable.devices.biddingbox import BiddingBox
from bridgetable.devices.cardreader import CardReader, CardScans
from bridgetable.devices.display import seat_displays
from bridgetable.devices.lines import open_port
from bridgetable.devices.pinmap import load_pinmap
from bridgetable.devices.seatmodule import SeatModule, encode_frame
from bridgetable.events import Key, TableEvent

ROUNDS = 2000
PINMAP = Path(__file__).parents[1] / "hardware" / "pinmap.toml"


def report(name: str, seconds: list[float]) -> None:
    ordered = sorted(seconds)
    p99 = ordered[int(len(ordered) * 0.99) - 1]
    print(f"{name:32s} median {statistics.median(ordered) * 1e3:7.3f} ms   p99 {p99 * 1e3:7.3f} ms"
          f"   (n={len(ordered)})")


def serial_latency(port: serial.SerialBase, writer: serial.SerialBase | int, source: CardReader | SeatModule,
                   lines: list[bytes]) -> list[float]:
    events: queue.Queue[TableEvent] = queue.Queue()
    source.start(events.put)
    timings = []
    for line in lines:
        start = time.perf_counter()
        if isinstance(writer, int):
            os.write(writer, line)
        else:
            writer.write(line)
        events.get(timeout=5)
        timings.append(time.perf_counter() - start)
    source.close()
    assert source.stats.bad_total == 0, source.stats.summary()
    return timings


def bench_card_reader() -> None:
    port = open_port("loop://")
    reader = CardReader(port, Seat.N, CardScans(repeat_window=0))
    lines = [f"{DECK[i % 52]}\r\n".encode() for i in range(ROUNDS)]
    report("card line -> event (loop://)", serial_latency(port, port, reader, lines))


def bench_seat_module_pty() -> None:
    controller, device = os.openpty()
    port = serial.Serial(os.ttyname(device), timeout=0.05)
    module = SeatModule(port, Seat.E)
    keys = list(Key)
    lines = [encode_frame(["K", "E", keys[i % len(keys)].value]) for i in range(ROUNDS)]
    report("seat frame -> event (pty)", serial_latency(port, controller, module, lines))
    os.close(controller)
    os.close(device)


def bench_button() -> None:
    factory = MockFactory()
    Device.pin_factory = factory
    box = BiddingBox(Seat.S, {Key.PASS: 5, Key.OK: 6}, bounce_time=1e-6)
    events: list[TableEvent] = []
    box.start(events.append)
    timings = []
    for i in range(ROUNDS):
        pin = factory.pin(5 if i % 2 else 6)
        start = time.perf_counter()
        pin.drive_low()
        timings.append(time.perf_counter() - start)
        pin.drive_high()
    box.close()
    assert len(events) == ROUNDS
    report("button press -> event (mock pin)", timings)


def bench_display() -> None:
    bus = mock.create_autospec(smbus2.SMBus, instance=True)
    displays = seat_displays(load_pinmap(PINMAP), open_bus=lambda number: bus)
    timings = []
    for i in range(ROUNDS // 4):
        image = Image.new("1", (128, 64))
        ImageDraw.Draw(image).text((2, 2), f"frame {i}", fill=1)
        display = displays[Seat(i % 4)]
        start = time.perf_counter()
        display.show(image)
        timings.append(time.perf_counter() - start)
    report("frame -> SSD1306 driver (CPU)", timings)


def main() -> None:
    bench_card_reader()
    bench_seat_module_pty()
    bench_button()
    bench_display()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{'peak resident memory':32s} {peak:.1f} MiB")


if __name__ == "__main__":
    main()
