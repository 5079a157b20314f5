"""Seat displays: the screens' 128x64 one-bit images shown on an OLED, or kept for tests, or as PNG.

One class, Display, around a luma device: an SSD1306 or SH1106 on I2C (directly on the bus or
behind a TCA9548A multiplexer channel, as the pin map says), luma.core's ``dummy`` device (keeps
the last image: tests), or luma.emulator's ``capture`` device (one PNG file per frame: ``--sim``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from luma.core.device import device as LumaDevice
from luma.core.device import dummy
from luma.core.interface.serial import i2c
from PIL import Image

from ..bridge import Seat
from .pinmap import DisplayWiring, PinMap

WIDTH, HEIGHT = 128, 64


class Display:
    """Shows frames on one luma device; a frame equal to the one on show is not sent again."""

    def __init__(self, device: LumaDevice) -> None:
        if device.size != (WIDTH, HEIGHT):
            raise ValueError(f"a seat display is {WIDTH}x{HEIGHT}, not {device.width}x{device.height}")
        self.device = device
        self.frames = 0  # frames actually sent to the device
        self._shown: bytes | None = None

    def show(self, image: Image.Image) -> bool:
        """Show a screen; False when it was already on show. ValueError for a wrong size or mode."""
        if image.size != (WIDTH, HEIGHT) or image.mode != "1":
            raise ValueError(f"a screen is a {WIDTH}x{HEIGHT} mode '1' image, not {image.size} {image.mode}")
        data = image.tobytes()
        if data == self._shown:
            return False
        self.device.display(image)
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
        try:
            from luma.emulator.device import capture
        except ImportError as error:  # luma.emulator comes with the `sim` extra
            raise RuntimeError("PNG frames need luma.emulator: pip install 'bridgetable[sim]'") from error
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
                raise ValueError(f"display on channel {wiring.channel} needs its bus's multiplexer")
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
