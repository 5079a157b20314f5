# Seat module wiring (Raspberry Pi Pico / any RP2040 board). See firmware/PROTOCOL.md and
# hardware/WIRING.md. GP numbers are the RP2040's GPIO numbers.

VERSION = "1.0"

# Bidding-box key matrix: 5 rows driven low one at a time, 5 columns read with pull-ups.
# A diode per key (cathode towards the row) stops ghost presses when keys are held together.
ROW_PINS = (2, 3, 4, 5, 11)
COL_PINS = (6, 7, 8, 9, 10)
KEYMAP = (
    ("1", "2", "3", "4", "5"),
    ("6", "7", "C", "D", "H"),
    ("S", "NT", "PASS", "X", "XX"),
    ("OK", "UNDO", "CLAIM", "DIRECTOR", "ALERT"),
    ("STOP", None, None, None, None),
)

SCAN_MS = 5  # one full matrix scan every 5 ms
DEBOUNCE_SCANS = 4  # a key must read the same for 4 scans (20 ms) to change state

# Card reader on UART0 (TTL serial barcode or RFID reader, 9600 baud, one line per card).
CARD_UART = 0
CARD_BAUD = 9600
CARD_TX = 0
CARD_RX = 1
CARD_MAX = 32  # longest line a reader may send (an RFID tag id is up to 20 hex digits)

# Seat straps: two pins with pull-ups, jumpered to GND to choose the seat (N E S W = 0..3).
SEAT_PINS = (20, 21)
