"""A stand-in for MicroPython's `machine` module, so the seat firmware runs on a host.

The same file is the `machine` module under CPython and under the real MicroPython interpreter
(tests/firmware/runtimes.py), so it keeps to what both run: no `from __future__`, annotations that
CPython 3.11 can evaluate.

It models the electrics the firmware relies on: output pins hold a level, input pins with a pull-up
read 1 unless something closes them to a low output or to ground. A test presses a matrix key by
closing the switch between its row and column pins (``BOARD.press(row, col)``), fits a seat strap
(``BOARD.grounded``), and feeds bytes to a UART (``UART.instances[0].feed(b"...")``).
"""


class Board:
    def __init__(self) -> None:
        self.levels: dict[int, int] = {}  # output pins and the level they drive
        self.switches: set[frozenset[int]] = set()  # closed contacts between two pins
        self.grounded: set[int] = set()  # pins jumpered to GND

    def press(self, a: int, b: int) -> None:
        self.switches.add(frozenset((a, b)))

    def release(self, a: int, b: int) -> None:
        self.switches.discard(frozenset((a, b)))

    def read(self, pin: int) -> int:
        if pin in self.levels:
            return self.levels[pin]
        if pin in self.grounded:
            return 0
        for switch in self.switches:
            if pin in switch:
                (other,) = switch - {pin}
                if self.levels.get(other) == 0:
                    return 0
        return 1  # pulled up

    def reset(self) -> None:
        self.__init__()  # type: ignore[misc]


BOARD = Board()


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1

    def __init__(self, number: int, mode: int = -1, pull: int = -1, *, value: int | None = None) -> None:
        self.number = number
        self.mode = mode
        if mode == Pin.OUT:
            BOARD.levels[number] = 1 if value is None else value
        elif mode == Pin.IN:
            assert pull == Pin.PULL_UP, "the firmware reads every input with its pull-up"
            BOARD.levels.pop(number, None)

    def value(self, level: int | None = None) -> int | None:
        if level is None:
            return BOARD.read(self.number)
        assert self.mode == Pin.OUT, f"GP{self.number} is not an output"
        BOARD.levels[self.number] = level
        return None


class UART:
    instances: "dict[int, UART]" = {}

    def __init__(self, number: int, baudrate: int, tx: Pin, rx: Pin) -> None:
        self.number = number
        self.baudrate = baudrate
        self.pending = bytearray()
        UART.instances[number] = self

    def feed(self, data: bytes) -> None:
        self.pending += data

    def any(self) -> int:
        return len(self.pending)

    def read(self, n: int) -> bytes | None:
        if not self.pending:
            return None  # as MicroPython's UART.read on a timeout
        data, self.pending = bytes(self.pending[:n]), self.pending[n:]
        return data
