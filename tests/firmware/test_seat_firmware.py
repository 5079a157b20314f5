"""The seat-module firmware on the host: matrix scan, debounce, card passthrough, framing, checksum."""

from __future__ import annotations

import io

import pytest

from bridgetable.bridge import Card, Seat
from bridgetable.devices.lines import open_port
from bridgetable.devices.seatmodule import SeatModule, encode_frame
from bridgetable.events import Key, TableEvent

from .firmware import config, seat
from .machine_standin import UART, Board


def key_pins(name: str) -> tuple[int, int]:
    """The (row, column) GPIO pair a key closes in the matrix of firmware/config.py."""
    for r, row in enumerate(config.KEYMAP):
        if name in row:
            return config.ROW_PINS[r], config.COL_PINS[row.index(name)]
    raise KeyError(name)


def make_module(board: Board, straps: tuple[int, ...] = ()) -> tuple[object, io.StringIO]:
    board.grounded.update(straps)
    out = io.StringIO()
    module = seat.run(config, out, sleep_ms=lambda ms: None, steps=0)
    return module, out


def test_keymap_covers_every_key_of_the_host_once() -> None:
    names = [name for row in config.KEYMAP for name in row if name]
    assert sorted(names) == sorted(key.value for key in Key)


def test_frames_are_the_hosts_frames() -> None:
    for fields in (("K", "N", "PASS"), ("C", "W", "04A1B2C3"), ("H", "E", "1.0")):
        assert seat.frame(*fields).encode() == encode_frame(list(fields))


@pytest.mark.parametrize(("straps", "expected"), [((), "N"), ((20,), "E"), ((21,), "S"), ((20, 21), "W")])
def test_straps_choose_the_seat(board: Board, straps: tuple[int, ...], expected: str) -> None:
    module, out = make_module(board, straps)
    assert module.seat == expected
    assert out.getvalue() == seat.frame("H", expected, config.VERSION)


def test_a_key_is_sent_once_after_it_settles_and_again_only_after_release(board: Board) -> None:
    module, out = make_module(board)
    out.truncate(0), out.seek(0)
    board.press(*key_pins("PASS"))
    for _ in range(config.DEBOUNCE_SCANS - 1):
        module.step()
    assert out.getvalue() == ""  # not yet settled
    for _ in range(10):  # held down: one frame only
        module.step()
    assert out.getvalue() == "$K,N,PASS*14\n"
    board.release(*key_pins("PASS"))
    for _ in range(config.DEBOUNCE_SCANS):
        module.step()
    board.press(*key_pins("PASS"))
    for _ in range(config.DEBOUNCE_SCANS):
        module.step()
    assert out.getvalue() == "$K,N,PASS*14\n" * 2


def test_contact_bounce_shorter_than_the_debounce_sends_nothing(board: Board) -> None:
    module, out = make_module(board)
    pins = key_pins("X")
    for _ in range(20):  # closed one scan, open the next: never stable for DEBOUNCE_SCANS scans
        board.press(*pins)
        module.step()
        board.release(*pins)
        module.step()
    assert "$K" not in out.getvalue()


def test_two_keys_in_different_rows_and_columns_are_both_reported(board: Board) -> None:
    module, out = make_module(board)
    board.press(*key_pins("1"))
    board.press(*key_pins("NT"))
    for _ in range(config.DEBOUNCE_SCANS):
        module.step()
    assert out.getvalue().splitlines()[1:] == ["$K,N,1*34", "$K,N,NT*1F"]


def test_card_reader_lines_pass_through_and_bad_ones_are_reported(board: Board) -> None:
    module, out = make_module(board, straps=(20,))
    uart = UART.instances[config.CARD_UART]
    assert uart.baudrate == config.CARD_BAUD
    uart.feed(b"SA\r\n04:A1:B2")
    module.step()
    uart.feed(b":C3\r\nS$A\n" + b"7" * 40 + b"\n\n10H\n")
    module.step()
    assert out.getvalue().splitlines()[1:] == [
        "$C,E,SA*14",
        seat.frame("C", "E", "04:A1:B2:C3")[:-1],
        seat.frame("E", "E", "bad card line")[:-1],
        seat.frame("E", "E", "bad card line")[:-1],
        seat.frame("C", "E", "10H")[:-1],
    ]


def test_firmware_output_read_by_the_host_gives_the_table_events(board: Board) -> None:
    """End to end: firmware frames through pyserial's loop:// into the host's SeatModule."""
    port = open_port("loop://")
    host = SeatModule(port, Seat.S)
    module, out = make_module(board, straps=(21,))
    board.press(*key_pins("DIRECTOR"))
    UART.instances[config.CARD_UART].feed(b"HK\n")
    for _ in range(config.DEBOUNCE_SCANS):
        module.step()
    port.write(out.getvalue().encode())
    events = host.feed(port.read(port.in_waiting))
    assert host.firmware == config.VERSION
    assert events == [TableEvent.card(Seat.S, Card.parse("HK")), TableEvent.key(Seat.S, Key.DIRECTOR)]
    assert host.stats.bad_total == 0
    port.close()
