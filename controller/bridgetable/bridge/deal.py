"""Hands and deals, and the board cycle of Law 2 (dealer and vulnerability by board number)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from enum import Enum

from ..i18n import LAWS
from . import words
from .cards import DECK, Card, Rank, Seat, Side, Suit
from .errors import IllegalDeal, ParseError

_ = LAWS.gettext

_PBN_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@dataclass(frozen=True, slots=True)
class Hand:
    """A set of cards held by one player (13 at the start of a board)."""

    cards: frozenset[Card]

    def __iter__(self) -> Iterator[Card]:
        return iter(sorted(self.cards, reverse=True))

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def suit(self, suit: Suit) -> list[Card]:
        """The cards of one suit, highest first."""
        return sorted((c for c in self.cards if c.suit == suit), reverse=True)

    def length(self, suit: Suit) -> int:
        return sum(1 for c in self.cards if c.suit == suit)

    @property
    def hcp(self) -> int:
        """High-card points (A 4, K 3, Q 2, J 1)."""
        return sum(card.rank.hcp for card in self.cards)

    def __str__(self) -> str:
        """PBN form: spades.hearts.diamonds.clubs, highest first, e.g. "AK2.QJ3.T98.7654"."""
        return ".".join(
            "".join(c.rank.letter for c in self.suit(suit)) for suit in _PBN_SUIT_ORDER
        )

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read the PBN form "S.H.D.C" (ranks in any order and case, "10" for ten)."""
        parts = text.strip().split(".")
        if len(parts) != 4:
            raise ParseError(_("a hand has four suits separated by dots: {text!r}").format(text=text))
        cards: list[Card] = []
        for suit, holding in zip(_PBN_SUIT_ORDER, parts, strict=True):
            holding = holding.upper().replace("10", "T")
            for letter in holding:
                cards.append(Card(suit, Rank.parse(letter)))
        if len(set(cards)) != len(cards):
            raise ParseError(_("a card appears twice in the hand {text!r}").format(text=text))
        return cls(frozenset(cards))

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Hand:
        return cls(frozenset(cards))


def check_hands(hands: Mapping[Seat, Hand]) -> None:
    """Raise IllegalDeal (Law 13) naming every hand that has not 13 cards and every card held
    twice; ``hands`` may leave seats out (a hand a file does not know)."""
    problems = [_("{seat} has {count} cards, not 13").format(seat=words.seat(seat), count=len(hand))
                for seat, hand in hands.items() if len(hand) != 13]
    seen: dict[Card, Seat] = {}
    for seat, hand in hands.items():
        for card in hand.cards:
            if card in seen:
                problems.append(_("{card} is in both {first} and {second}").format(
                    card=words.card(card), first=words.seat(seen[card]), second=words.seat(seat)))
            seen[card] = seat
    if problems:
        raise IllegalDeal("; ".join(problems), law="13")


@dataclass(frozen=True, slots=True)
class Deal:
    """The four hands of a board: 52 distinct cards, 13 to each seat (validated)."""

    hands: tuple[Hand, Hand, Hand, Hand]

    def __post_init__(self) -> None:
        cards = [hand.cards for hand in self.hands]
        if all(len(held) == 13 for held in cards) and len(frozenset().union(*cards)) == 52:
            return  # the usual case, settled without hashing a card again
        check_hands(dict(zip(Seat, self.hands, strict=True)))

    def __getitem__(self, seat: Seat) -> Hand:
        return self.hands[seat]

    def holder(self, card: Card) -> Seat:
        """The seat that was dealt this card."""
        for seat in Seat:
            if card in self.hands[seat]:
                return seat
        raise KeyError(card)  # unreachable: a valid deal holds every card

    def to_pbn(self, first: Seat = Seat.N) -> str:
        """PBN Deal tag value, e.g. "N:AK2.QJ3.T98.7654 ...", hands clockwise from ``first``."""
        return f"{first}:" + " ".join(str(self.hands[first.after(i)]) for i in range(4))

    def __str__(self) -> str:
        return self.to_pbn()

    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read a PBN Deal value; a single missing hand ("-") is completed from the rest."""
        body = text.strip()
        if len(body) < 2 or body[1] != ":":
            raise ParseError(_("a deal starts with the first seat and a colon: {text!r}").format(text=text))
        first = Seat.parse(body[0])
        parts = body[2:].split()
        if len(parts) != 4:
            raise ParseError(_("a deal has four hands, found {count}: {text!r}").format(
                count=len(parts), text=text))
        hands: list[Hand | None] = [None] * 4
        for i, part in enumerate(parts):
            hands[first.after(i)] = None if part == "-" else Hand.parse(part)
        missing = [i for i, hand in enumerate(hands) if hand is None]
        if len(missing) == 1:
            held = set().union(*(h.cards for h in hands if h is not None))
            hands[missing[0]] = Hand(frozenset(DECK) - held)
        elif missing:
            raise IllegalDeal(_("{count} hands are missing from the deal").format(
                count=len(missing)), law="13")
        return cls(tuple(hands))  # type: ignore[arg-type]

    @classmethod
    def from_hands(cls, hands: Mapping[Seat, Iterable[Card]]) -> Deal:
        return cls(tuple(Hand.of(hands[seat]) for seat in Seat))  # type: ignore[arg-type]

    @classmethod
    def random(cls, rng: random.Random) -> Deal:
        """A random deal drawn with the given generator (seed it for a reproducible deal)."""
        cards = list(DECK)
        rng.shuffle(cards)
        return cls(tuple(Hand.of(cards[i * 13 : (i + 1) * 13]) for i in range(4)))  # type: ignore[arg-type]


class Vulnerability(Enum):
    """Which sides are vulnerable on a board (PBN: None, NS, EW, All)."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "All"

    def is_vulnerable(self, who: Seat | Side) -> bool:
        side = who.side if isinstance(who, Seat) else who
        return self is Vulnerability.BOTH or self.value == side.value

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str) -> Vulnerability:
        vulnerability = _VULNERABILITY_NAMES.get(text.strip().upper())
        if vulnerability is None:
            raise ParseError(_("not a vulnerability: {text!r}").format(text=text))
        return vulnerability


_VULNERABILITY_NAMES = {
    "NONE": Vulnerability.NONE, "LOVE": Vulnerability.NONE, "-": Vulnerability.NONE,
    "O": Vulnerability.NONE, "0": Vulnerability.NONE,
    "NS": Vulnerability.NS, "N": Vulnerability.NS,
    "EW": Vulnerability.EW, "E": Vulnerability.EW,
    "ALL": Vulnerability.BOTH, "BOTH": Vulnerability.BOTH, "B": Vulnerability.BOTH,
}


# Law 2: the vulnerability of boards 1-16; board 17 is like board 1, and so on.
_CYCLE = "0NEB" "NEB0" "EB0N" "B0NE"
_CYCLE_VUL = {"0": Vulnerability.NONE, "N": Vulnerability.NS,
              "E": Vulnerability.EW, "B": Vulnerability.BOTH}


def _check_board(board: int) -> None:
    if board < 1:
        raise ValueError(_("board numbers start at 1, not {board}").format(board=board))


def board_dealer(board: int) -> Seat:
    """The dealer of a board by the cycle of Law 2: North on 1, East on 2, and so on."""
    _check_board(board)
    return Seat((board - 1) % 4)


def board_vulnerability(board: int) -> Vulnerability:
    """The vulnerability of a board by the 16-board cycle of Law 2."""
    _check_board(board)
    return _CYCLE_VUL[_CYCLE[(board - 1) % 16]]
