"""Cards, suits, ranks, seats, sides and strains: the small value types of the game."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, IntEnum

from ..i18n import LAWS
from .errors import ParseError

_ = LAWS.gettext


class Suit(IntEnum):
    """A suit, ordered as in the auction (Law 1A): clubs lowest, spades highest."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    def __bool__(self) -> bool:
        return True  # clubs is 0, but a suit is never "nothing"

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    def __str__(self) -> str:
        return self.letter

    @classmethod
    def parse(cls, text: str) -> Suit:
        suit = _SUIT_NAMES.get(text.strip().upper())
        if suit is None:
            raise ParseError(_("not a suit: {text!r}").format(text=text))
        return suit


_SUIT_NAMES = {name: suit for suit in Suit for name in (suit.letter, suit.symbol, suit.name)}


_RANK_LETTERS = "23456789TJQKA"


class Rank(IntEnum):
    """A rank from the two (2) to the ace (14)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        return _RANK_LETTERS[self - 2]

    @property
    def hcp(self) -> int:
        """Milton Work high-card points: A 4, K 3, Q 2, J 1."""
        return max(0, self - 10)

    def __str__(self) -> str:
        return self.letter

    @classmethod
    def parse(cls, text: str) -> Rank:
        key = text.strip().upper()
        if key == "10":
            return cls.TEN
        if len(key) == 1 and key in _RANK_LETTERS:
            return cls(_RANK_LETTERS.index(key) + 2)
        raise ParseError(_("not a rank: {text!r}").format(text=text))


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One of the 52 cards; ``str(Card.parse("SA")) == "SA"``. Ordered by suit, then rank."""

    suit: Suit
    rank: Rank

    def __hash__(self) -> int:
        return self.suit * 16 + self.rank  # cards fill sets in every play: keep hashing cheap

    def __str__(self) -> str:
        return f"{self.suit.letter}{self.rank.letter}"

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, e.g. "♠A"."""
        return f"{self.suit.symbol}{'10' if self.rank == Rank.TEN else self.rank.letter}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read "SA", "sa", "S10", "♠A" (suit first) or "AS" (rank first)."""
        key = text.strip()
        if len(key) >= 2:
            for suit, rank in ((key[0], key[1:]), (key[-1], key[:-1])):
                try:
                    return _card_of(Suit.parse(suit), Rank.parse(rank))
                except ParseError:
                    pass
        raise ParseError(_("not a card: {text!r}").format(text=text))


def _card_of(suit: Suit, rank: Rank) -> Card:
    """The card from DECK: one instance per card, so that sets of cards find it by identity."""
    return DECK[suit * 13 + rank - 2]


DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in Rank)
"""The 52 cards, clubs 2 first, spades ace last."""


class Side(Enum):
    """A partnership: North-South or East-West."""

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS

    def __str__(self) -> str:
        return self.value


class Seat(IntEnum):
    """A compass seat, in clockwise order (the order of the auction and of play)."""

    N = 0
    E = 1
    S = 2
    W = 3

    def __bool__(self) -> bool:
        return True  # North is 0, but a seat is never "nothing": `if seat:` means "not None"

    @property
    def lho(self) -> Seat:
        """The left-hand opponent: the next player clockwise."""
        return _SEATS[(self + 1) % 4]

    @property
    def partner(self) -> Seat:
        return _SEATS[(self + 2) % 4]

    @property
    def rho(self) -> Seat:
        """The right-hand opponent: the previous player clockwise."""
        return _SEATS[(self + 3) % 4]

    @property
    def side(self) -> Side:
        return _SIDES[self]

    @property
    def full_name(self) -> str:
        return ("North", "East", "South", "West")[self]

    def after(self, steps: int) -> Seat:
        """The seat ``steps`` places clockwise from this one."""
        return _SEATS[(self + steps) % 4]

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str) -> Seat:
        seat = _SEAT_NAMES.get(text.strip().upper())
        if seat is None:
            raise ParseError(_("not a seat: {text!r}").format(text=text))
        return seat


# By value, for the fast paths of Seat.after and Seat.side; by name (N, NORTH...) for Seat.parse.
_SEATS: tuple[Seat, ...] = tuple(Seat)
_SIDES = (Side.NS, Side.EW, Side.NS, Side.EW)
_SEAT_NAMES = {name: seat for seat in Seat for name in (seat.name, seat.full_name.upper())}


class Strain(IntEnum):
    """The denomination of a bid, in the order of Law 18E: clubs lowest, notrump highest."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    def __bool__(self) -> bool:
        return True  # clubs is 0, but a strain is never "nothing"

    @property
    def letter(self) -> str:
        return "CDHSN"[self]

    @property
    def symbol(self) -> str:
        return ("♣", "♦", "♥", "♠", "NT")[self]

    @property
    def trump(self) -> Suit | None:
        """The trump suit, or None in notrump."""
        return None if self is Strain.NOTRUMP else Suit(int(self))

    @property
    def is_minor(self) -> bool:
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    def __str__(self) -> str:
        return "NT" if self is Strain.NOTRUMP else self.letter

    @classmethod
    def parse(cls, text: str) -> Strain:
        key = text.strip().upper()
        if key in ("N", "NT", "SA", "UT", "NOTRUMP", "NOTRUMPS"):
            return cls.NOTRUMP
        try:
            return cls(int(Suit.parse(key)))
        except ParseError:
            raise ParseError(_("not a strain: {text!r}").format(text=text)) from None
