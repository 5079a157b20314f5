"""The pin map: which GPIO pins, I2C addresses and serial ports a table unit uses (hardware/*.toml).

The file is read once at start-up and checked as a whole: every problem (a pin used twice, two
displays answering at one address on the same bus and multiplexer channel, a bidding box missing a
key...) is collected and reported together, with where it was found, before any device is opened.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..bridge import Seat
from ..events import Key
from ..i18n import TABLE

_ = TABLE.gettext

HEADER_GPIOS = range(2, 28)
"""BCM GPIO numbers on the Raspberry Pi's 40-pin header (0 and 1 are the HAT EEPROM's I2C)."""

I2C_ADDRESSES = range(0x08, 0x78)
"""7-bit addresses a device may use; the rest are reserved by the I2C specification."""

DISPLAY_DRIVERS = ("ssd1306", "sh1106")


class PinMapError(ValueError):
    """The pin map is unusable; ``problems`` lists every reason, each with where it was found."""

    def __init__(self, source: str, problems: list[str]) -> None:
        super().__init__(f"{source}: " + "; ".join(problems))
        self.source = source
        self.problems = problems


@dataclass(frozen=True, slots=True)
class I2CBus:
    number: int  # /dev/i2c-N
    sda: int
    scl: int
    multiplexer: int | None = None  # address of a TCA9548A on this bus, if any


@dataclass(frozen=True, slots=True)
class DisplayWiring:
    driver: str  # "ssd1306" or "sh1106"
    bus: int
    address: int
    channel: int | None = None  # TCA9548A channel 0-7, None when on the bus itself


@dataclass(frozen=True, slots=True)
class SeatWiring:
    seat: Seat
    keys: dict[Key, int] = field(default_factory=dict)  # bidding box wired to GPIO pins
    module: str | None = None  # serial port of a seat module (keys and card reader)
    card_reader: str | None = None  # serial port of a card reader on its own
    display: DisplayWiring | None = None


@dataclass(frozen=True, slots=True)
class PinMap:
    buses: dict[int, I2CBus]
    seats: dict[Seat, SeatWiring]
    bounce_time: float = 0.02

    def bus(self, number: int) -> I2CBus:
        return self.buses[number]


def load_pinmap(path: str | Path) -> PinMap:
    """Read and validate a pin map file; raise PinMapError naming every problem."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise PinMapError(str(path), [_("cannot read: {error}").format(error=error)]) from error
    return parse_pinmap(data, source=str(path))


def parse_pinmap(data: dict[str, Any], source: str = "pin map") -> PinMap:
    problems: list[str] = []
    buses = _parse_buses(data.get("i2c", {}), problems)
    seats: dict[Seat, SeatWiring] = {}
    for name, table in data.get("seats", {}).items():
        try:
            seat = Seat.parse(name)
        except ValueError:
            problems.append(_("[seats.{name}]: not a seat (N, E, S or W)").format(name=name))
            continue
        seats[seat] = _parse_seat(seat, table, problems)
    bounce_time = data.get("buttons", {}).get("bounce_time", 0.02)
    if not isinstance(bounce_time, int | float) or not 0 < bounce_time < 1:
        problems.append(_("[buttons] bounce_time: {value} is not a number of seconds in (0, 1)").format(
            value=repr(bounce_time)))
        bounce_time = 0.02
    pinmap = PinMap(buses, seats, float(bounce_time))
    problems.extend(validate(pinmap))
    if problems:
        raise PinMapError(source, problems)
    return pinmap


def _parse_buses(table: dict[str, Any], problems: list[str]) -> dict[int, I2CBus]:
    buses: dict[int, I2CBus] = {}
    for name, spec in table.items():
        where = f"[i2c.{name}]"
        try:
            number = int(name)
            buses[number] = I2CBus(number, int(spec["sda"]), int(spec["scl"]), spec.get("multiplexer"))
        except (KeyError, TypeError, ValueError) as error:
            problems.append(_("{where}: needs integer sda and scl pins ({error})").format(
                where=where, error=repr(error)))
    return buses


def _parse_seat(seat: Seat, table: dict[str, Any], problems: list[str]) -> SeatWiring:
    where = f"[seats.{seat.name}]"
    keys: dict[Key, int] = {}
    for key_name, pin in table.get("keys", {}).items():
        try:
            keys[Key(key_name)] = int(pin)
        except ValueError:
            problems.append(_("{where} keys: {key} = {pin} is not a key and a pin number").format(
                where=where, key=repr(key_name), pin=repr(pin)))
    display = None
    if "display" in table:
        spec = table["display"]
        try:
            driver = str(spec.get("driver", "ssd1306"))
            display = DisplayWiring(driver, int(spec["bus"]), int(spec["address"]), spec.get("channel"))
        except (KeyError, TypeError, ValueError) as error:
            problems.append(_("{where} display: needs bus and address ({error})").format(
                where=where, error=repr(error)))
    unknown = set(table) - {"keys", "module", "card_reader", "display"}
    if unknown:
        problems.append(_("{where}: unknown entries {names}").format(where=where, names=sorted(unknown)))
    return SeatWiring(seat, keys, table.get("module"), table.get("card_reader"), display)


def validate(pinmap: PinMap) -> list[str]:
    """Every wiring conflict in a pin map, as readable sentences (empty when it is sound)."""
    problems: list[str] = []
    users: dict[int, list[str]] = {}
    for bus in pinmap.buses.values():
        users.setdefault(bus.sda, []).append(f"i2c.{bus.number} sda")
        users.setdefault(bus.scl, []).append(f"i2c.{bus.number} scl")
    for wiring in pinmap.seats.values():
        for key, pin in wiring.keys.items():
            users.setdefault(pin, []).append(f"seats.{wiring.seat.name} key {key.value}")
    for pin, names in sorted(users.items()):
        if pin not in HEADER_GPIOS:
            problems.append(_("GPIO {pin} ({users}) is not a header GPIO (2-27)").format(
                pin=pin, users=", ".join(names)))
        if len(names) > 1:
            problems.append(_("GPIO {pin} used twice: {users}").format(pin=pin, users=", ".join(names)))
    problems.extend(_validate_seats(pinmap))
    problems.extend(_validate_i2c(pinmap))
    ports = Counter(
        port for w in pinmap.seats.values() for port in (w.module, w.card_reader) if port is not None
    )
    problems.extend(_("serial port {port} given to {n} devices").format(port=port, n=n)
                    for port, n in ports.items() if n > 1)
    return problems


def _validate_seats(pinmap: PinMap) -> list[str]:
    problems = []
    for wiring in pinmap.seats.values():
        where = f"seats.{wiring.seat.name}"
        if wiring.keys and wiring.module:
            problems.append(_("{where}: both GPIO keys and a seat module; choose one bidding box").format(
                where=where))
        missing = [key.value for key in Key if key not in wiring.keys]
        if wiring.keys and missing:
            problems.append(_("{where}: bidding box lacks keys {keys}").format(where=where,
                                                                              keys=", ".join(missing)))
        if wiring.module and wiring.card_reader:
            problems.append(_("{where}: the seat module reads the cards; drop card_reader").format(
                where=where))
    return problems


def _validate_i2c(pinmap: PinMap) -> list[str]:
    problems = []
    seen: dict[tuple[int, int | None, int], str] = {}
    for wiring in pinmap.seats.values():
        display = wiring.display
        if display is None:
            continue
        where = f"seats.{wiring.seat.name} display"
        if display.driver not in DISPLAY_DRIVERS:
            problems.append(_("{where}: driver {driver} is not one of {drivers}").format(
                where=where, driver=repr(display.driver), drivers=", ".join(DISPLAY_DRIVERS)))
        if display.address not in I2C_ADDRESSES:
            problems.append(_("{where}: address {address} is outside 0x08-0x77").format(
                where=where, address=f"{display.address:#04x}"))
        bus = pinmap.buses.get(display.bus)
        if bus is None:
            problems.append(_("{where}: no [i2c.{bus}] bus in the pin map").format(where=where,
                                                                                  bus=display.bus))
            continue
        if display.channel is not None:
            if bus.multiplexer is None:
                problems.append(_("{where}: channel {channel} but i2c.{bus} has no multiplexer").format(
                    where=where, channel=display.channel, bus=bus.number))
            elif display.channel not in range(8):
                problems.append(_("{where}: channel {channel} is not a TCA9548A channel (0-7)").format(
                    where=where, channel=display.channel))
        if display.address == bus.multiplexer:
            problems.append(_("{where}: address {address} is the multiplexer's own").format(
                where=where, address=f"{display.address:#04x}"))
        # A device on the bus itself answers whatever channel is selected, so it clashes with all.
        clashes = [
            other
            for (number, channel, address), other in seen.items()
            if number == display.bus
            and address == display.address
            and (channel == display.channel or channel is None or display.channel is None)
        ]
        for other in clashes:
            problems.append(_("{where}: address {address} on i2c.{bus} channel {channel} clashes with "
                              "{other}").format(where=where, address=f"{display.address:#04x}",
                                                bus=display.bus, channel=display.channel, other=other))
        seen[(display.bus, display.channel, display.address)] = where
    return problems
