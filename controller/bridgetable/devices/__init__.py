"""Device adapters: seat hardware in, TableEvents out; screens in, OLED frames out.

Every input device has the same small interface: ``start(sink)`` delivers each TableEvent to
``sink`` (from the device's own thread) until ``close()``. Bad input is counted in the device's
``stats`` (serial devices, keyboard) or ``bounces`` (GPIO bidding box), never raised.

- biddingbox.BiddingBox: gpiozero Buttons on GPIO pins, one group of pins per seat
- seatmodule.SeatModule: a seat module (RP2040, firmware/) on USB serial: keys and cards
- cardreader.CardReader: a barcode or RFID card reader on serial; deck enrolment
- keyboard.Keyboard: typed lines in a terminal, for all four seats (simulation)
- display.Display: a seat's OLED (luma.oled), luma's dummy device, or PNG frames (luma.emulator)
- pinmap: the machine-readable pin map in hardware/
"""

from __future__ import annotations

from typing import Protocol

from .lines import EventSink


class InputDevice(Protocol):
    def start(self, sink: EventSink) -> None: ...

    def close(self) -> None: ...


__all__ = ["EventSink", "InputDevice"]
