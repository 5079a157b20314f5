"""Fuzzed serial input: whatever bytes arrive, the readers never raise, and every bad line is counted."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetable.bridge import DECK, Seat
from bridgetable.devices.cardreader import CardReader
from bridgetable.devices.lines import LineFramer, SerialLineSource, open_port
from bridgetable.devices.seatmodule import SeatModule, encode_frame
from bridgetable.events import Key

GOOD_FRAMES = [encode_frame(["K", "N", key.value]) for key in Key] + [
    encode_frame(["C", "N", str(card)]) for card in DECK
]


def _bad_line(draw: st.DrawFn) -> bytes:
    """One line that must be refused: a damaged copy of a good frame, or noise."""
    frame = draw(st.sampled_from(GOOD_FRAMES))[:-1]
    kind = draw(st.sampled_from(["truncated", "flipped", "checksum", "noise", "huge", "utf8"]))
    if kind == "truncated":
        return frame[: draw(st.integers(1, len(frame) - 1))]
    if kind == "flipped":  # one byte of the body changed: the checksum must catch it
        i = draw(st.integers(1, len(frame) - 4))
        bit = draw(st.sampled_from([1, 2, 4, 8, 16]))  # printable stays >= 0x20: never a new line
        return frame[:i] + bytes([frame[i] ^ bit]) + frame[i + 1 :]
    if kind == "checksum":
        wrong = (int(frame[-2:], 16) + draw(st.integers(1, 255))) % 256
        return frame[:-2] + f"{wrong:02X}".encode()
    if kind == "huge":
        return frame + b"A" * draw(st.integers(SerialLineSource.max_length, 5000))
    if kind == "utf8":
        return frame[:3] + "é".encode("latin-1") + frame[3:]
    noise = draw(st.binary(min_size=1, max_size=60).filter(lambda b: b"\n" not in b and b.strip()))
    return noise


bad_lines = st.composite(_bad_line)()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(GOOD_FRAMES), bad_lines.map(lambda b: b + b"\n")), max_size=30),
       st.integers(1, 64))
def test_seat_module_counts_every_bad_line_and_keeps_every_good_one(lines: list[bytes], chunk: int) -> None:
    module = SeatModule(open_port("loop://"), Seat.N)
    module.scans.repeat_window = 0  # a fuzzed stream may scan the same card twice in a row
    wire = b"".join(lines)
    events = []
    for start in range(0, len(wire), chunk):  # bytes arrive in arbitrary pieces
        events += module.feed(wire[start : start + chunk])
    good = [line for line in lines if line in GOOD_FRAMES]
    assert len(events) == len(good)
    assert module.stats.bad_total == len(lines) - len(good)
    assert module.stats.accepted == len(good)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=3000))
def test_random_bytes_never_crash_a_card_reader(data: bytes) -> None:
    reader = CardReader(open_port("loop://"), Seat.W)
    events = reader.feed(data + b"\n")
    lines = [line for line in (data + b"\n").split(b"\n")[:-1] if line.strip()]
    assert len(events) + reader.stats.bad_total == len(lines)


@given(st.binary(max_size=20000), st.integers(1, 200))
def test_framer_buffer_stays_bounded_without_newlines(data: bytes, limit: int) -> None:
    framer = LineFramer(limit)
    lines = framer.feed(data.replace(b"\n", b""))
    assert lines == []
    assert len(framer._buffer) <= limit + 1
