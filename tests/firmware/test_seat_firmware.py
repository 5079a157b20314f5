"""The seat-module firmware on CPython and on the real MicroPython: matrix scan, debounce, card
passthrough, framing, checksum (the scenarios are in scenarios.py, the interpreters in runtimes.py)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bridgetable.bridge import Card, Seat
from bridgetable.devices.lines import open_port
from bridgetable.devices.seatmodule import SeatModule, encode_frame
from bridgetable.events import Key, TableEvent

from .conftest import micropython_or_skip
from .runtimes import FIRMWARE, CPython, FirmwareFailed, MicroPython

Runtime = CPython | MicroPython
VERSION = "1.0"  # firmware/config.py's VERSION, which the host reads from the hello frame


def test_keymap_covers_every_key_of_the_host_once(runtime: Runtime) -> None:
    assert sorted(runtime.run("keymap")) == sorted(key.value for key in Key)


def test_frames_are_the_hosts_frames(runtime: Runtime) -> None:
    fields = [["K", "N", "PASS"], ["C", "W", "04A1B2C3"], ["H", "E", "1.0"]]
    assert [frame.encode() for frame in runtime.run("frames", fields)] == [encode_frame(f) for f in fields]


@pytest.mark.parametrize(("straps", "expected"), [((), "N"), ((20,), "E"), ((21,), "S"), ((20, 21), "W")])
def test_straps_choose_the_seat(runtime: Runtime, straps: tuple[int, ...], expected: str) -> None:
    assert runtime.run("start", straps) == [expected, encode_frame(["H", expected, VERSION]).decode()]


def test_a_key_is_sent_once_after_it_settles_and_again_only_after_release(runtime: Runtime) -> None:
    hello = encode_frame(["H", "N", VERSION]).decode()
    not_yet, held, pressed_again = runtime.run("hold_release_press", "PASS")
    assert not_yet == hello  # not yet settled
    assert held == hello + "$K,N,PASS*14\n"  # held down: one frame only
    assert pressed_again == hello + "$K,N,PASS*14\n" * 2


def test_contact_bounce_shorter_than_the_debounce_sends_nothing(runtime: Runtime) -> None:
    assert "$K" not in runtime.run("bounce", "X", 20)


def test_two_keys_in_different_rows_and_columns_are_both_reported(runtime: Runtime) -> None:
    assert runtime.run("press_together", ["1", "NT"]).splitlines()[1:] == ["$K,N,1*34", "$K,N,NT*1F"]


def test_card_reader_lines_pass_through_and_bad_ones_are_reported(runtime: Runtime) -> None:
    chunks = ["SA\r\n04:A1:B2", ":C3\r\nS$A\n" + "7" * 40 + "\n\n10H\n"]
    baud, output = runtime.run("card_reader", [20], chunks)
    assert baud == 9600
    frames = [encode_frame(fields).decode().rstrip("\n") for fields in (
        ["C", "E", "SA"], ["C", "E", "04:A1:B2:C3"], ["E", "E", "bad card line"], ["E", "E", "bad card line"],
        ["C", "E", "10H"])]
    assert output.splitlines()[1:] == frames


def test_firmware_output_read_by_the_host_gives_the_table_events(runtime: Runtime) -> None:
    """End to end: the firmware's frames through pyserial's loop:// into the host's SeatModule."""
    output = runtime.run("press_together", ["DIRECTOR"], [21], "HK\n")
    port = open_port("loop://")
    host = SeatModule(port, Seat.S)
    port.write(output.encode())
    events = host.feed(port.read(port.in_waiting))
    assert host.firmware == VERSION
    assert events == [TableEvent.card(Seat.S, Card.parse("HK")), TableEvent.key(Seat.S, Key.DIRECTOR)]
    assert host.stats.bad_total == 0
    port.close()


def test_a_construct_micropython_lacks_fails_there_and_passes_on_cpython(tmp_path: Path) -> None:
    """The test of the tests: `str.removeprefix` (CPython 3.9+) slipped into the card reader's relay."""
    firmware = tmp_path / "firmware"
    shutil.copytree(FIRMWARE, firmware)
    seat = firmware / "seat.py"
    relay = 'out.append(("C", bytes(self.buffer).decode()))'
    assert relay in seat.read_text()
    slipped = relay.replace(".decode()", '.decode().removeprefix(" ")')
    seat.write_text(seat.read_text().replace(relay, slipped))
    card_frame = encode_frame(["C", "N", "SA"]).decode()
    assert CPython(firmware).run("card_reader", [], ["SA\n"])[1].endswith(card_frame)
    with pytest.raises(FirmwareFailed, match="removeprefix"):
        MicroPython(micropython_or_skip().package, firmware).run("card_reader", [], ["SA\n"])
