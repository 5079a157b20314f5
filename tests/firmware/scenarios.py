"""What the firmware's tests do to the seat module, written to run under CPython and MicroPython.

Each scenario starts from a fresh board, drives the firmware through the `machine` stand-in and
returns plain data (strings, numbers, lists) that the tests then judge under CPython
(tests/firmware/runtimes.py carries it back from the MicroPython interpreter as JSON). So this
module keeps to what both interpreters run, like the firmware itself.
"""

import config
import machine
import seat


class Wire:
    """The USB serial link as the firmware sees it: `write` only; the frames are kept in order."""

    def __init__(self):
        self.frames = []

    def write(self, text):
        self.frames.append(text)

    def text(self):
        return "".join(self.frames)


def key_pins(name):
    """The (row, column) GPIO pair a key closes in the matrix of firmware/config.py."""
    for r, row in enumerate(config.KEYMAP):
        for c, key in enumerate(row):
            if key == name:
                return config.ROW_PINS[r], config.COL_PINS[c]
    raise KeyError(name)


def boot(straps=()):
    """A seat module switched on with these strap pins grounded: (module, wire)."""
    machine.BOARD.reset()
    machine.UART.instances.clear()
    for pin in straps:
        machine.BOARD.grounded.add(pin)
    wire = Wire()
    module = seat.run(config, wire, lambda ms: None, 0)
    return module, wire


def steps(module, count):
    for _ in range(count):
        module.step()


def keymap():
    return [name for row in config.KEYMAP for name in row if name]


def frames(fields):
    return [seat.frame(kind, who, value) for kind, who, value in fields]


def start(straps):
    module, wire = boot(straps)
    return [module.seat, wire.text()]


def hold_release_press(name):
    """Press and hold a key, release it, press it again: the output after each stage."""
    module, wire = boot()
    pins = key_pins(name)
    seen = []
    machine.BOARD.press(*pins)
    steps(module, config.DEBOUNCE_SCANS - 1)
    seen.append(wire.text())
    steps(module, 10)
    seen.append(wire.text())
    machine.BOARD.release(*pins)
    steps(module, config.DEBOUNCE_SCANS)
    machine.BOARD.press(*pins)
    steps(module, config.DEBOUNCE_SCANS)
    seen.append(wire.text())
    return seen


def bounce(name, times):
    """A contact closed one scan and open the next, `times` over."""
    module, wire = boot()
    pins = key_pins(name)
    for _ in range(times):
        machine.BOARD.press(*pins)
        module.step()
        machine.BOARD.release(*pins)
        module.step()
    return wire.text()


def press_together(names, straps=(), card=""):
    """Keys held together (and a card line from the reader) for one debounce: the output."""
    module, wire = boot(straps)
    for name in names:
        machine.BOARD.press(*key_pins(name))
    if card:
        machine.UART.instances[config.CARD_UART].feed(card.encode())
    steps(module, config.DEBOUNCE_SCANS)
    return wire.text()


def card_reader(straps, chunks):
    """The reader's bytes (ASCII text) arriving in these chunks, a step after each: (baud, output)."""
    module, wire = boot(straps)
    uart = machine.UART.instances[config.CARD_UART]
    for chunk in chunks:
        uart.feed(chunk.encode())
        module.step()
    return [uart.baudrate, wire.text()]
