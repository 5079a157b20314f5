"""Card readers and deck enrolment over pyserial's loop:// port."""

from __future__ import annotations

import json
import os
import queue
import termios
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import serial

from bridgetable.bridge import DECK, Card, Seat
from bridgetable.devices.cardreader import (
    ENROLMENT_ORDER,
    CardReader,
    CardScans,
    Deck,
    barcode_lines,
    enrol_deck,
    run_enrolment,
)
from bridgetable.devices.lines import open_port
from bridgetable.events import TableEvent


@pytest.fixture
def port() -> Iterator[serial.SerialBase]:
    port = open_port("loop://")
    yield port
    port.close()


def tag_of(card: Card) -> str:
    """A made-up 7-byte RFID UID per card, as NTAG stickers have."""
    return f"04{DECK.index(card):02X}A1B2C3D4E5"


def test_barcode_lines_become_card_events_on_a_reader_thread(port: serial.SerialBase) -> None:
    reader = CardReader(port, Seat.W)
    events: queue.Queue[TableEvent] = queue.Queue()
    reader.start(events.put)
    port.write(b"SA\r\n10H\nd7\n")
    received = [events.get(timeout=2) for _ in range(3)]
    reader.close()
    assert received == [TableEvent.card(Seat.W, Card.parse(c)) for c in ("SA", "HT", "D7")]
    assert reader.stats.accepted == 3 and reader.stats.bad_total == 0


def test_half_a_line_waits_for_the_rest(port: serial.SerialBase) -> None:
    reader = CardReader(port, Seat.N)
    assert reader.feed(b"H") == []
    assert reader.feed(b"K\n") == [TableEvent.card(Seat.N, Card.parse("HK"))]


def test_garbled_unknown_and_repeated_scans_are_counted_not_raised() -> None:
    now = [0.0]
    reader = CardReader(open_port("loop://"), Seat.S, CardScans(repeat_window=1.0, clock=lambda: now[0]))
    events = reader.feed(b"S2\n\xff\xfe\x00\nS2\nZZ\n04AABBCC\n" + b"Q" * 500 + b"\nS3\n")
    now[0] = 2.0
    events += reader.feed(b"S3\n")  # the same card again, after the window: passed on
    assert [e.value for e in events] == ["S2", "S3", "S3"]
    assert dict(reader.stats.bad) == {"garbled": 1, "repeated": 1, "unknown": 2, "overlong": 1}
    assert "no deck is enrolled" in " ".join(reader.stats.recent)
    assert reader.stats.summary() == (
        "card reader S: 3 accepted, 5 bad (1 garbled, 1 overlong, 1 repeated, 2 unknown)"
    )


def test_enrolment_learns_52_tags_in_order_refuses_a_duplicate_and_round_trips(
    port: serial.SerialBase, tmp_path: Path
) -> None:
    cards = list(ENROLMENT_ORDER)
    assert cards[:2] == [Card.parse("SA"), Card.parse("SK")] and cards[-1] == Card.parse("C2")
    lines = [tag_of(card) for card in cards[:10]]
    lines += [tag_of(cards[3]), "garbage!", "", "\x07\x07"]  # a card twice, noise, an empty line
    lines += [tag_of(card) for card in cards[10:]]
    port.write("".join(f"{line}\r\n" for line in lines).encode())
    prompts: list[str] = []
    deck, stats = enrol_deck(port, "club deck 1", prompts.append)
    assert len(deck.tags) == 52
    assert all(deck.card(tag_of(card)) == card for card in DECK)
    assert dict(stats.bad) == {"repeated": 1, "unknown": 1, "garbled": 1}
    assert prompts[0] == "scan ♠A" and prompts[-1] == "♣2 enrolled; deck complete"  # cards as printed
    assert any("already ♠J: scan ♠4 again" in p for p in prompts)  # cards[3] is SJ, [10] S4

    path = tmp_path / "deck.json"
    deck.save(path)
    assert Deck.load(path) == deck
    reader = CardReader(open_port("loop://"), Seat.E, CardScans(Deck.load(path)))
    events = reader.feed(f"{tag_of(Card.parse('H9'))}\n04:00:A1:B2:C3:D4:E5\nFFFFFFFF\nDQ\n".encode())
    assert [e.value for e in events] == ["H9", "C2", "DQ"]
    assert reader.stats.bad == {"unknown": 1}
    assert "not in deck 'club deck 1'" in reader.stats.recent[-1]


def test_a_damaged_deck_file_is_refused_with_the_reason(tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    tags = {f"{i:08X}": str(card) for i, card in enumerate(DECK)}
    tags["FFFFFFFF"] = "SA"  # 53 tags, the ace of spades twice
    path.write_text(json.dumps({"format": "bridgetable-deck/1", "name": "x", "tags": tags}))
    with pytest.raises(ValueError, match="52 different cards, not 53 to 52"):
        Deck.load(path)
    path.write_text(json.dumps({"format": "something else"}))
    with pytest.raises(ValueError, match="not a bridgetable-deck/1 file"):
        Deck.load(path)


def test_barcode_lines_helper_matches_what_a_reader_sends() -> None:
    assert barcode_lines([Card.parse("SA"), Card.parse("C10")]) == b"SA\r\nCT\r\n"


def test_enrol_deck_command_reads_a_tty_and_writes_the_deck(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    controller, device = os.openpty()
    scans = "".join(f"{tag_of(card)}\n" for card in ENROLMENT_ORDER).encode()

    def scan_when_listening() -> None:
        """pyserial empties the input buffer as it opens the port: scan once it has (raw mode set)."""
        deadline = time.monotonic() + 5
        while termios.tcgetattr(device)[3] & termios.ICANON and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.2)
        os.write(controller, scans)

    scanner = threading.Thread(target=scan_when_listening)
    scanner.start()
    path = tmp_path / "club.json"
    assert run_enrolment(os.ttyname(device), path) == 0
    scanner.join()
    os.close(controller)
    os.close(device)
    assert Deck.load(path).card(tag_of(Card.parse("D5"))) == Card.parse("D5")
    out = capsys.readouterr().out
    assert out.startswith("scan ♠A\n♠A enrolled; scan ♠K\n")
    assert out.endswith(f"deck 'club': 52 cards written to {path}; enrolment of club: 52 accepted, 0 bad\n")
