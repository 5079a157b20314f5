"""`bridgetable selftest` against the libraries' own doubles: gpiozero's MockFactory for a bidding
box on GPIO, seat modules and a card reader on pyserial's loop://, luma's dummy displays, and a real
Mosquitto with the deploy setup's accounts for the broker step. The builder's actions are played
by the `say` callback: each instruction it is given, it carries out (or, to fail a step, does not).
The broker step is tested in tests/link/test_broker_probe.py."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from gpiozero.pins.mock import MockFactory

from bridgetable.bridge import Seat
from bridgetable.devices.biddingbox import BiddingBox
from bridgetable.devices.cardreader import CardReader
from bridgetable.devices.display import Display
from bridgetable.devices.lines import open_port
from bridgetable.devices.seatmodule import SeatModule, encode_frame
from bridgetable.events import Key
from bridgetable.table.selftest import Check, SelfTest

NORTH_PINS = {Key.PASS: 5, Key.OK: 6, Key.ONE: 7}


def builder(factory: MockFactory, module: SeatModule, reader: CardReader,
            skip: str = "", wrong: str = "") -> Callable[[str], None]:
    """Does what each instruction asks, at the seat it names; ``skip`` is never done, ``wrong``
    is answered with East's X instead."""
    said: list[str] = []

    def act(instruction: str) -> None:
        said.append(instruction)
        if skip and skip in instruction:
            return
        if instruction.startswith("press ") and instruction.endswith("North"):
            key = Key(instruction.split()[1])
            pin = factory.pin(NORTH_PINS[key])
            pin.drive_low()  # the box's buttons pull up: pressed is low
            pin.drive_high()
        elif instruction.startswith("press ") and instruction.endswith("East"):
            key = "X" if wrong and wrong in instruction else instruction.split()[1]
            module.port.write(encode_frame(["K", "E", key]))
        elif instruction == "scan any card at South":
            reader.port.write(b"SA\n")

    act.said = said  # type: ignore[attr-defined]
    return act


def selftest_of(timeout: float, skip: str = "", wrong: str = "") -> tuple[list[Check], dict[Seat, Display]]:
    factory = MockFactory()
    box = BiddingBox(Seat.N, NORTH_PINS, bounce_time=0.001, pin_factory=factory)
    module = SeatModule(open_port("loop://"), Seat.E)
    reader = CardReader(open_port("loop://"), Seat.S)
    displays = {seat: Display.dummy() for seat in Seat}
    act = builder(factory, module, reader, skip, wrong)
    selftest = SelfTest([box, module, reader], displays, act, timeout)
    checks = selftest.run({Seat.N: list(NORTH_PINS), Seat.E: [Key.PASS, Key.NOTRUMP]}, [Seat.S])
    return checks, displays


def test_every_display_key_and_reader_passes_when_the_builder_does_each_step() -> None:
    checks, displays = selftest_of(timeout=5)
    assert [str(check) for check in checks] == [
        *(f"ok   display {seat}: drawn: a frame round the edge and the seat's name"
          for seat in ("North", "East", "South", "West")),
        "ok   press PASS at North: PASS", "ok   press OK at North: OK", "ok   press 1 at North: 1",
        "ok   press PASS at East: PASS", "ok   press NT at East: NT",
        "ok   scan any card at South: SA"]
    west = displays[Seat.W].device.image  # untouched after its own test card: a frame round the edge
    assert all(west.getpixel(corner) for corner in ((0, 0), (127, 0), (0, 63), (127, 63)))
    assert not west.getpixel((64, 60))


def test_a_key_never_pressed_and_a_key_wired_to_another_fail_their_steps_only() -> None:
    checks, _ = selftest_of(timeout=0.3, skip="press OK at North", wrong="press NT at East")
    failed = {check.what: check.detail for check in checks if not check.ok}
    assert failed == {"press OK at North": "nothing within 0.3 s", "press NT at East": "got X instead"}
    assert len(checks) == 10


def test_the_command_refuses_a_config_without_a_pin_map(tmp_path: Path) -> None:
    config = tmp_path / "table.toml"
    config.write_text('[table]\nclub = "c"\ntable = "1"\nboards = "1-2"\n')
    run = subprocess.run([sys.executable, "-m", "bridgetable.cli", "selftest", "--config", str(config)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 2
    assert run.stderr == f"bridgetable selftest: {config}: [table] pinmap is needed to find the devices\n"
