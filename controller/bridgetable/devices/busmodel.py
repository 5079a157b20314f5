"""A model of a seat-display I2C bus, for tests and benchmarks: an SMBus stand-in that counts what
crosses the wire and keeps what each SSD1306 or SH1106 controller on it would hold in its display
RAM, behind an optional TCA9548A multiplexer.

luma's real drivers talk to it through luma's own ``i2c`` interface (``i2c(bus=ModelBus(...))``),
so the bytes counted are the bytes luma would send, in luma's 32-byte SMBus blocks. Only what the
drivers use is modelled: display RAM addressing (horizontal and page modes) and data writes;
other commands are taken with their arguments and otherwise ignored.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .pinmap import PinMap

WIDTH, PAGES = 128, 8
I2C_HZ = 400_000
BITS_PER_BYTE = 9       # eight bits and the acknowledge
BITS_PER_TRANSFER = 2   # start and stop conditions

# argument bytes after each command byte that takes any (the datasheets' command tables)
_SSD1306_ARGS = {0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0x81: 1, 0x8D: 1,
                 0xA3: 2, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}
_SH1106_ARGS = {0x81: 1, 0x8D: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}


class Controller:
    """The display RAM of one SSD1306 (128 columns) or SH1106 (132 columns, 128 shown from
    ``offset``) and the address pointer that the commands and data move."""

    def __init__(self, driver: str, offset: int = 2) -> None:
        if driver not in ("ssd1306", "sh1106"):
            raise ValueError(f"no model of a {driver!r} display controller")
        self.driver = driver
        self.columns = WIDTH if driver == "ssd1306" else WIDTH + 4
        self.offset = 0 if driver == "ssd1306" else offset
        self.ram = [bytearray(self.columns) for _ in range(PAGES)]
        self.horizontal = False  # SSD1306 memory mode 0 (luma's); page mode otherwise
        self.page, self.column = 0, 0
        self.window = (0, self.columns - 1, 0, PAGES - 1)  # SSD1306 columns and pages, horizontal mode
        self._command: list[int] = []

    def command(self, data: Sequence[int]) -> None:
        args = _SSD1306_ARGS if self.driver == "ssd1306" else _SH1106_ARGS
        for byte in data:
            self._command.append(byte)
            if len(self._command) > args.get(self._command[0], 0):
                self._execute(self._command)
                self._command = []

    def _execute(self, command: list[int]) -> None:
        first = command[0]
        if self.driver == "ssd1306" and first == 0x20:
            self.horizontal = command[1] & 3 == 0
        elif self.driver == "ssd1306" and first == 0x21:
            self.window = (command[1], command[2], *self.window[2:])
            self.column = command[1]
        elif self.driver == "ssd1306" and first == 0x22:
            self.window = (*self.window[:2], command[1] & 7, command[2] & 7)
            self.page = command[1] & 7
        elif 0xB0 <= first <= 0xB7:
            self.page = first & 7
        elif first <= 0x0F:
            self.column = self.column & 0xF0 | first
        elif first <= 0x1F:
            self.column = self.column & 0x0F | (first & 0x0F) << 4

    def data(self, data: Sequence[int]) -> None:
        for byte in data:
            if self.column < self.columns:
                self.ram[self.page][self.column] = byte
            self.column += 1
            if self.horizontal and self.column > self.window[1]:
                self.column = self.window[0]
                self.page = self.window[2] if self.page >= self.window[3] else self.page + 1

    def shown(self) -> bytes:
        """The 128 columns of each page the panel shows, page after page (1,024 bytes)."""
        return b"".join(bytes(page[self.offset:self.offset + WIDTH]) for page in self.ram)


@dataclass
class Traffic:
    """What crossed the bus: bytes (addresses included), transfers, multiplexer channel switches."""

    bytes: int = 0
    transfers: int = 0
    switches: int = 0

    @property
    def seconds(self) -> float:
        """The time on a 400 kHz bus, start and stop conditions included."""
        return (BITS_PER_BYTE * self.bytes + BITS_PER_TRANSFER * self.transfers) / I2C_HZ


class ModelBus:
    """An SMBus with the controllers ``{(channel, address): driver}`` on it (channel None: on the
    bus itself) and, if ``multiplexer`` gives its address, a TCA9548A."""

    def __init__(self, controllers: Mapping[tuple[int | None, int], str], multiplexer: int | None = None):
        self.controllers = {key: Controller(driver) for key, driver in controllers.items()}
        self.multiplexer = multiplexer
        self.channel: int | None = None
        self.traffic = Traffic()

    @classmethod
    def for_pinmap(cls, pinmap: PinMap, number: int) -> ModelBus:
        """The bus ``number`` of a pin map with the seats' displays on it."""
        wirings = [seat.display for seat in pinmap.seats.values()
                   if seat.display is not None and seat.display.bus == number]
        return cls({(wiring.channel, wiring.address): wiring.driver for wiring in wirings},
                   pinmap.bus(number).multiplexer)

    def _transfer(self, length: int) -> None:
        self.traffic.bytes += 1 + length  # the address byte, then the payload
        self.traffic.transfers += 1

    def _target(self, address: int) -> Controller:
        controller = self.controllers.get((self.channel, address)) or self.controllers.get((None, address))
        if controller is None:
            raise OSError(f"no device answers at 0x{address:02X} (multiplexer channel {self.channel})")
        return controller

    def write_byte(self, address: int, value: int) -> None:
        self._transfer(1)
        if address != self.multiplexer:
            raise OSError(f"write_byte to 0x{address:02X}: only the multiplexer takes single bytes")
        channels = [bit for bit in range(8) if value >> bit & 1]
        channel = channels[0] if len(channels) == 1 else None
        self.traffic.switches += channel != self.channel
        self.channel = channel

    def write_i2c_block_data(self, address: int, register: int, data: Sequence[int]) -> None:
        if len(data) > 32:
            raise ValueError(f"an SMBus block is at most 32 bytes, not {len(data)}")
        self._transfer(1 + len(data))
        controller = self._target(address)
        if register == 0x00:
            controller.command(data)
        elif register == 0x40:
            controller.data(data)
        else:
            raise OSError(f"control byte 0x{register:02X} is neither command (0x00) nor data (0x40)")

    def close(self) -> None:
        """Nothing to release (smbus2's SMBus has close)."""
