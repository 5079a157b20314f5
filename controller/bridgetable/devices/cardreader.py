"""Card readers: one serial line per scanned card, as barcode text or as an RFID tag id.

Barcode decks print the card on it ("SA", "AS", "10H"); RFID decks carry a tag id that means
nothing until the deck is enrolled: its 52 cards scanned once in ENROLMENT_ORDER, and the mapping
kept in a JSON file. Garbled, unknown and repeated scans are counted and reported, never raised.
"""

from __future__ import annotations

import json
import os
import re
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

import serial

from .. import durable
from ..bridge import Card, ParseError, Rank, Seat, Suit
from ..events import TableEvent
from ..i18n import CLI, notation
from .lines import BadLine, LineFramer, LineStats, SerialLineSource, line_texts, open_port

ENROLMENT_ORDER: tuple[Card, ...] = tuple(
    Card(suit, rank) for suit in reversed(Suit) for rank in reversed(Rank)
)
"""The order a deck is enrolled in, as the cards of a new deck are sorted: spades ace to two,
then hearts, diamonds and clubs, each from the ace down."""

_ = CLI.gettext
DECK_FORMAT = "bridgetable-deck/1"
_TAG = re.compile(r"[0-9A-F]{4,32}")


def normalise_tag(text: str) -> str:
    """An RFID tag id in one spelling: hex digits in upper case, without ':' '-' or ' ' separators."""
    tag = re.sub(r"[:\- ]", "", text.strip()).upper()
    if not _TAG.fullmatch(tag):
        raise BadLine("unknown", _("neither a card nor a tag id: {text}").format(text=repr(text)))
    return tag


@dataclass
class Deck:
    """An enrolled RFID deck: tag id -> card."""

    name: str
    tags: dict[str, Card] = field(default_factory=dict)

    def card(self, tag: str) -> Card | None:
        return self.tags.get(tag)

    def save(self, path: str | Path) -> None:
        """Write the deck as JSON, atomically: a power cut leaves the old file or the new one."""
        path = Path(path)
        data = {
            "format": DECK_FORMAT,
            "name": self.name,
            "tags": {tag: str(card) for tag, card in self.tags.items()},
        }
        temporary = path.with_suffix(path.suffix + ".tmp")
        with temporary.open("w", encoding="utf-8") as file:
            json.dump(data, file, indent=1)
            file.flush()
            os.fsync(file.fileno())
        durable.rename(temporary, path)  # and its directory synced: the new name is on the card

    @classmethod
    def load(cls, path: str | Path) -> Deck:
        """Read a deck file; ValueError says what is wrong with it (a card twice, a tag not hex...)."""
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        if data.get("format") != DECK_FORMAT:
            raise ValueError(_("{path}: not a {format} file").format(path=path, format=DECK_FORMAT))
        tags = {normalise_tag(tag): Card.parse(card) for tag, card in data["tags"].items()}
        if len(tags) != 52 or len(set(tags.values())) != 52:
            cards = len(set(tags.values()))
            raise ValueError(_("{path}: a deck maps 52 tags to 52 different cards, not {tags} to "
                               "{cards}").format(path=path, tags=len(tags), cards=cards))
        return cls(str(data.get("name", Path(path).stem)), tags)


class DeckEnrolment:
    """Learns a deck: each scanned tag is the next card of ENROLMENT_ORDER; a tag seen before is refused."""

    def __init__(self, name: str) -> None:
        self.deck = Deck(name)

    @property
    def expected(self) -> Card | None:
        """The card to scan next, or None when all 52 are enrolled."""
        count = len(self.deck.tags)
        return ENROLMENT_ORDER[count] if count < 52 else None

    def scan(self, text: str) -> Card:
        """Enrol one scanned tag as the expected card; BadLine if it is not a tag or is a repeat."""
        card = self.expected
        if card is None:
            raise BadLine("repeated", _("the deck is complete"))
        tag = normalise_tag(text)
        if tag in self.deck.tags:
            raise BadLine("repeated", _("tag {tag} is already {card}: scan {expected} again").format(
                tag=tag, card=notation.card(str(self.deck.tags[tag])), expected=notation.card(str(card))))
        self.deck.tags[tag] = card
        return card


def enrol_deck(port: serial.SerialBase, name: str, prompt: Callable[[str], None]) -> tuple[Deck, LineStats]:
    """Read scans from ``port`` until all 52 cards are enrolled.

    ``prompt`` is told which card to scan next and why a scan was refused.
    """
    enrolment = DeckEnrolment(name)
    stats = LineStats(_("enrolment of {name}").format(name=name))
    framer = LineFramer(SerialLineSource.max_length)
    prompt(_scan(enrolment.expected))
    while enrolment.expected is not None:
        data = port.read(port.in_waiting or 1)
        bad_before = stats.bad_total
        texts = line_texts(framer, data, stats)
        if stats.bad_total > bad_before:
            prompt(_("refused: {reason}").format(reason=stats.recent[-1]))
        for text in texts:
            try:
                card = enrolment.scan(text)
            except BadLine as error:
                stats.reject(error)
                prompt(_("refused: {reason}").format(reason=error))
                continue
            stats.accepted += 1
            after = _scan(enrolment.expected) if enrolment.expected else _("deck complete")
            prompt(_("{card} enrolled; {next}").format(card=notation.card(str(card)), next=after))
    return enrolment.deck, stats


def _scan(card: Card | None) -> str:
    """The prompt for the card to scan next."""
    return _("scan {card}").format(card=notation.card(str(card)))


class CardScans:
    """Turns the text of one scan into a card: a barcode's text, or a tag id through an enrolled deck.

    A card read again within ``repeat_window`` seconds of the same card at the same reader is a
    reader's double read (a card lingering on an RFID antenna), not a second play: it is refused.
    """

    def __init__(
        self,
        deck: Deck | None = None,
        repeat_window: float = 1.5,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.deck = deck
        self.repeat_window = repeat_window
        self._clock = clock
        self._last: tuple[Card, float] | None = None

    def card(self, text: str) -> Card:
        card = self._decode(text)
        now = self._clock()
        if self._last is not None and self._last[0] == card and now - self._last[1] < self.repeat_window:
            raise BadLine("repeated", _("{card} read again within {seconds} s").format(
                card=notation.card(str(card)), seconds=f"{self.repeat_window:g}"))
        self._last = (card, now)
        return card

    def _decode(self, text: str) -> Card:
        if len(text) <= 3:
            try:
                return Card.parse(text)
            except ParseError:
                pass
        tag = normalise_tag(text)
        if self.deck is None:
            raise BadLine("unknown", _("tag {tag} read, but no deck is enrolled").format(tag=tag))
        card = self.deck.card(tag)
        if card is None:
            raise BadLine("unknown", _("tag {tag} is not in deck {deck}").format(tag=tag,
                                                                                deck=repr(self.deck.name)))
        return card


class CardReader(SerialLineSource):
    """A seat's card reader on its own serial port: each line a scan, each good scan a CARD event."""

    def __init__(self, port: serial.SerialBase, seat: Seat, scans: CardScans | None = None) -> None:
        super().__init__(port, f"card reader {seat.name}")  # the log's name for it
        self.seat = seat
        self.scans = scans or CardScans()

    def handle_line(self, text: str) -> TableEvent:
        return TableEvent.card(self.seat, self.scans.card(text))


def barcode_lines(cards: Iterable[Card]) -> bytes:
    """What a barcode reader sends for these cards (one line each): for tests, benches and demos."""
    return b"".join(f"{card}\r\n".encode() for card in cards)


def run_enrolment(url: str, path: str | Path, name: str | None = None, baudrate: int = 9600) -> int:
    """`bridgetable enrol-deck`: enrol a deck from the reader at ``url`` and save it to ``path``."""
    name = name or Path(path).stem
    try:
        with open_port(url, baudrate) as port:
            deck, stats = enrol_deck(port, name, print)
        deck.save(path)
    except (serial.SerialException, OSError) as error:
        print(f"bridgetable enrol-deck: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(_("enrolment abandoned: nothing written"), file=sys.stderr)
        return 1
    print(_("deck {name}: 52 cards written to {file}; {summary}").format(name=repr(name), file=path,
                                                                        summary=stats.summary()))
    return 0
