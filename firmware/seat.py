# Seat module firmware: key matrix scan with debounce, card reader passthrough, framed output.
#
# MicroPython on an RP2040; also runs under CPython with a stand-in `machine` module
# (tests/firmware/). The frames are those of firmware/PROTOCOL.md: "$T,SEAT,VALUE*HH\n".

import machine

SEATS = "NESW"


def checksum(body):
    value = 0
    for byte in body.encode():
        value ^= byte
    return value


def frame(kind, seat, value):
    body = kind + "," + seat + "," + value
    return f"${body}*{checksum(body):02X}\n"


def read_seat(pins):
    """The seat chosen by the straps: each strap pin jumpered to GND sets one bit."""
    bits = 0
    for i, number in enumerate(pins):
        if machine.Pin(number, machine.Pin.IN, machine.Pin.PULL_UP).value() == 0:
            bits |= 1 << i
    return SEATS[bits]


class KeyMatrix:
    """Scans a row/column key matrix; a key changes state after `debounce` equal readings."""

    def __init__(self, row_pins, col_pins, keymap, debounce):
        self.rows = [machine.Pin(n, machine.Pin.OUT, value=1) for n in row_pins]
        self.cols = [machine.Pin(n, machine.Pin.IN, machine.Pin.PULL_UP) for n in col_pins]
        self.keymap = keymap
        self.debounce = debounce
        self.count = [[0] * len(col_pins) for _ in row_pins]
        self.down = [[False] * len(col_pins) for _ in row_pins]

    def scan(self):
        """One pass over the matrix: the names of the keys that have just been pressed."""
        pressed = []
        for r, row in enumerate(self.rows):
            row.value(0)
            for c, col in enumerate(self.cols):
                if self._settle(r, c, col.value() == 0) and self.keymap[r][c]:
                    pressed.append(self.keymap[r][c])
            row.value(1)
        return pressed

    def _settle(self, r, c, closed):
        """Integrate one reading; True when the key has just settled into the pressed state."""
        count = self.count[r][c]
        count = min(self.debounce, count + 1) if closed else max(0, count - 1)
        self.count[r][c] = count
        if count == self.debounce and not self.down[r][c]:
            self.down[r][c] = True
            return True
        if count == 0:
            self.down[r][c] = False
        return False


class CardLines:
    """Collects the card reader's bytes into lines; yields ("C", text) or ("E", reason)."""

    def __init__(self, uart, limit):
        self.uart = uart
        self.limit = limit
        self.buffer = bytearray()
        self.bad = False

    def poll(self):
        out = []
        waiting = self.uart.any()
        data = self.uart.read(waiting) if waiting else None
        for byte in data or b"":
            if byte in (10, 13):  # LF or CR ends a line
                if self.bad:
                    out.append(("E", "bad card line"))
                elif self.buffer:
                    out.append(("C", bytes(self.buffer).decode()))
                self.buffer = bytearray()
                self.bad = False
            elif 0x20 <= byte < 0x7F and byte not in (0x24, 0x2A, 0x2C):
                # printable ASCII, but never '$', '*' or ',', which would break the frame
                if len(self.buffer) < self.limit:
                    self.buffer.append(byte)
                else:
                    self.bad = True
            else:
                self.bad = True
        return out


class SeatModule:
    def __init__(self, config, uart, out):
        self.seat = read_seat(config.SEAT_PINS)
        self.keys = KeyMatrix(config.ROW_PINS, config.COL_PINS, config.KEYMAP, config.DEBOUNCE_SCANS)
        self.cards = CardLines(uart, config.CARD_MAX)
        self.out = out
        self.out.write(frame("H", self.seat, config.VERSION))

    def step(self):
        """One scan of the keys and one look at the card reader; each event sent as a frame."""
        for key in self.keys.scan():
            self.out.write(frame("K", self.seat, key))
        for kind, text in self.cards.poll():
            self.out.write(frame(kind, self.seat, text))


def run(config, out, sleep_ms, steps=None):
    """The main loop: a step every SCAN_MS milliseconds, forever (or `steps` times, for tests)."""
    uart = machine.UART(config.CARD_UART, baudrate=config.CARD_BAUD,
                        tx=machine.Pin(config.CARD_TX), rx=machine.Pin(config.CARD_RX))
    module = SeatModule(config, uart, out)
    done = 0
    while steps is None or done < steps:
        module.step()
        sleep_ms(config.SCAN_MS)
        done += 1
    return module
