"""Seat displays: the screens' 128x64 one-bit images shown on an OLED, or kept for tests, or as PNG.

One class, Display, around a luma device: an SSD1306 or SH1106 on I2C (directly on the bus or
behind a TCA9548A multiplexer channel, as the pin map says), luma.core's ``dummy`` device (keeps
the last image: tests), or luma.emulator's ``capture`` device (one PNG file per frame: ``--sim``).

The four OLEDs share one 400 kHz bus, where a whole frame takes some 25 ms. So an OLED gets its
first frame whole (luma's own ``display``) and after that only the bytes that changed: for each
8-pixel page the runs of changed columns (``changed_spans``), joined into SSD1306 address windows
where that sends fewer bytes (``PageWriter``). After a failed transfer the next frame goes whole.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from luma.core.device import device as LumaDevice
from luma.core.device import dummy
from luma.core.interface.serial import i2c
from PIL import Image

from ..bridge import Seat
from ..extras import require_extra
from ..i18n import CLI
from .pinmap import DisplayWiring, PinMap

WIDTH, HEIGHT = 128, 64
PAGES = HEIGHT // 8
_BIT_REVERSED = bytes(int(f"{i:08b}"[::-1], 2) for i in range(256))
_ = CLI.gettext


def pages(image: Image.Image) -> list[bytes]:
    """A 128x64 frame as the controllers hold it: 8 pages of 128 column bytes, the top pixel in bit 0."""
    columns = image.transpose(Image.Transpose.TRANSPOSE).tobytes()  # 8 bytes per column, top pixel first
    return [columns[page::PAGES].translate(_BIT_REVERSED) for page in range(PAGES)]


Span = tuple[int, int, int, int]  # first page, last page, first column, last column
GAP = 10  # unchanged bytes that cost about as much as opening a new window (command and data transfers)


def changed_spans(old: list[bytes], new: list[bytes]) -> list[Span]:
    """The changed runs of columns of each page, a run ending where ``GAP`` unchanged bytes follow
    (sending those would cost more than a new window)."""
    spans = []
    for page, (before, after) in enumerate(zip(old, new, strict=True)):
        if before == after:
            continue
        changed = [x for x in range(WIDTH) if before[x] != after[x]]
        first = last = changed[0]
        for x in changed[1:]:
            if x - last > GAP:
                spans.append((page, page, first, last))
                first = x
            last = x
        spans.append((page, page, first, last))
    return spans


def _cost(span: Span) -> int:
    """Bytes on the bus to send a window: its command and its data, in 32-byte SMBus blocks."""
    size = (span[1] - span[0] + 1) * (span[3] - span[2] + 1)
    return 8 + size + 2 * -(-size // 32)


def merged_windows(spans: list[Span]) -> list[Span]:
    """Neighbouring spans joined into one window (pages and columns) where that sends fewer bytes."""
    windows: list[Span] = []
    for span in spans:
        if windows:
            last = windows[-1]
            joined = (last[0], span[1], min(last[2], span[2]), max(last[3], span[3]))
            if _cost(joined) <= _cost(last) + _cost(span):
                windows[-1] = joined
                continue
        windows.append(span)
    return windows


class PageWriter:
    """Sends changed spans of a frame to an SSD1306 (column and page address window, horizontal
    addressing as luma sets it up) or an SH1106 (page addressing: one page at a time)."""

    def __init__(self, device: LumaDevice, driver: str) -> None:
        self.device = device
        self.driver = driver
        # luma's sh1106 shows RAM columns 2-129 (its page_address_offset); the ssd1306 starts at 0
        self.column_offset = int(getattr(device, "_page_address_offset", 2)) if driver == "sh1106" else 0

    def write(self, frame: list[bytes], spans: list[Span]) -> None:
        if self.driver == "ssd1306":
            for first_page, last_page, first, last in merged_windows(spans):
                self.device.command(0x21, first, last, 0x22, first_page, last_page)
                self.device.data(b"".join(frame[page][first:last + 1]
                                          for page in range(first_page, last_page + 1)))
            return
        for page, _, first, last in spans:
            column = first + self.column_offset
            self.device.command(0xB0 | page, column & 0x0F, 0x10 | column >> 4)
            self.device.data(frame[page][first:last + 1])


def page_writer(device: LumaDevice) -> PageWriter | None:
    """A PageWriter for an unrotated luma SSD1306 or SH1106; None for any other device."""
    driver = type(device).__name__
    if driver not in ("ssd1306", "sh1106") or getattr(device, "rotate", 0) != 0:
        return None
    return PageWriter(device, driver)


class Display:
    """Shows frames on one luma device; a frame equal to the one on show is not sent again, and
    an OLED is sent only the changed part of a frame (its first frame whole)."""

    def __init__(self, device: LumaDevice) -> None:
        if device.size != (WIDTH, HEIGHT):
            raise ValueError(f"a seat display is {WIDTH}x{HEIGHT}, not {device.width}x{device.height}")
        self.device = device
        self.frames = 0  # frames actually sent to the device
        self._shown: bytes | None = None
        self._writer = page_writer(device)
        self._pages: list[bytes] | None = None  # the OLED's content, as sent

    def show(self, image: Image.Image) -> bool:
        """Show a screen; False when it was already on show. ValueError for a wrong size or mode."""
        if image.size != (WIDTH, HEIGHT) or image.mode != "1":
            raise ValueError(f"a screen is a {WIDTH}x{HEIGHT} mode '1' image, not {image.size} {image.mode}")
        data = image.tobytes()
        if data == self._shown:
            return False
        if self._writer is None:
            self.device.display(image)
        else:
            frame = pages(image)
            try:
                if self._pages is None:
                    self.device.display(image)
                else:
                    self._writer.write(frame, changed_spans(self._pages, frame))
            except BaseException:  # what the OLED holds is not known: send the next frame whole
                self._shown = self._pages = None
                raise
            self._pages = frame
        self._shown = data
        self.frames += 1
        return True

    def close(self) -> None:
        self.device.cleanup()

    @classmethod
    def dummy(cls) -> Display:
        """A display that only keeps the last image (``display.device.image``): for tests."""
        return cls(dummy(width=WIDTH, height=HEIGHT, mode="1"))

    @classmethod
    def png(cls, directory: str | Path, seat: Seat, scale: int = 2) -> Display:
        """A display writing each frame to ``directory/<seat>-000001.png`` ... (luma.emulator)."""
        require_extra("sim", _("writing PNG frames"))
        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # luma.emulator imports pygame: no banner
        from luma.emulator.device import capture

        Path(directory).mkdir(parents=True, exist_ok=True)
        template = str(Path(directory) / f"{seat.name}-{{0:06}}.png")
        transform = "none" if scale == 1 else "scale2x"
        device = capture(
            width=WIDTH, height=HEIGHT, mode="1", transform=transform, scale=scale, file_template=template
        )
        return cls(device)

    @classmethod
    def oled(cls, wiring: DisplayWiring, smbus: Any, mux: Multiplexer | None = None) -> Display:
        """The OLED a pin map entry describes, on an open SMBus (and behind ``mux`` if it has a channel)."""
        from luma.oled.device import sh1106, ssd1306

        interface: Any = i2c(bus=smbus, address=wiring.address)
        if wiring.channel is not None:
            if mux is None:
                raise ValueError(_("display on channel {channel} needs its bus's multiplexer").format(
                    channel=wiring.channel))
            interface = MuxChannel(interface, mux, wiring.channel)
        driver = {"ssd1306": ssd1306, "sh1106": sh1106}[wiring.driver]
        return cls(driver(interface, width=WIDTH, height=HEIGHT))


def seat_displays(pinmap: PinMap, open_bus: Callable[[int], Any] | None = None) -> dict[Seat, Display]:
    """The OLEDs of every seat the pin map gives a display: one SMBus and one Multiplexer per bus.

    ``open_bus(number)`` opens an SMBus; by default smbus2 opens /dev/i2c-N.
    """
    if open_bus is None:
        import smbus2

        open_bus = smbus2.SMBus
    smbuses: dict[int, Any] = {}
    muxes: dict[int, Multiplexer] = {}
    displays = {}
    for seat, wiring in pinmap.seats.items():
        if wiring.display is None:
            continue
        bus = pinmap.bus(wiring.display.bus)
        if bus.number not in smbuses:
            smbuses[bus.number] = open_bus(bus.number)
            if bus.multiplexer is not None:
                muxes[bus.number] = Multiplexer(smbuses[bus.number], bus.multiplexer)
        displays[seat] = Display.oled(wiring.display, smbuses[bus.number], muxes.get(bus.number))
    return displays


class Multiplexer:
    """A TCA9548A: remembers the selected channel, so switching costs one byte only when needed."""

    def __init__(self, smbus: Any, address: int) -> None:
        self.smbus = smbus
        self.address = address
        self.channel: int | None = None
        self.lock = threading.RLock()  # one channel selection and transfer at a time

    def select(self, channel: int) -> None:
        if channel != self.channel:
            self.smbus.write_byte(self.address, 1 << channel)
            self.channel = channel


class MuxChannel:
    """A luma serial interface for a display behind one multiplexer channel: selects it, then sends."""

    def __init__(self, inner: i2c, mux: Multiplexer, channel: int) -> None:
        self.inner = inner
        self.mux = mux
        self.channel = channel

    def command(self, *cmd: int) -> None:
        with self.mux.lock:
            self.mux.select(self.channel)
            self.inner.command(*cmd)

    def data(self, data: list[int] | bytes) -> None:
        with self.mux.lock:
            self.mux.select(self.channel)
            self.inner.data(data)

    def cleanup(self) -> None:
        self.inner.cleanup()
