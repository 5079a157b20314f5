"""The game's words in the engine's messages, in the language spoken when a message is made:
seats, calls, cards and suits.

English keeps the engine's own notation ("SA", "1H"), which the files' problems, the logs and
the tests have always shown; the other languages write calls and cards as their rulebooks and
bidding boxes print them (``i18n.notation``: "♠E", "1UT"). Seats are named in every language.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..i18n import LAWS, SOURCE, current, notation

pgettext = LAWS.pgettext


def seat(seat: object) -> str:
    """A seat's name: "North", "Nord", "Észak" (``seat`` is a Seat or its letter)."""
    return notation.seat_name(str(seat))


def call(call: object) -> str:
    """A call or contract: "1NT" in English, "1UT" in Danish, "4♠X" in German."""
    text = str(call)
    return text if current() == SOURCE else notation.call(text)


def card(card: object) -> str:
    """A card: "SA" in English, "♠E" in Danish."""
    text = str(card)
    return text if current() == SOURCE else notation.card(text)


def suits(suit: object) -> str:
    """A suit named as its cards: "spades" ("holding spades", "a spades lead")."""
    letter = str(suit)
    names = {"S": pgettext("suits", "spades"), "H": pgettext("suits", "hearts"),
             "D": pgettext("suits", "diamonds"), "C": pgettext("suits", "clubs")}
    return names.get(letter, letter)


def suit(suit: object) -> str:
    """A suit named as one of its cards: "spade" ("must lead a spade")."""
    letter = str(suit)
    names = {"S": pgettext("suit", "spade"), "H": pgettext("suit", "heart"),
             "D": pgettext("suit", "diamond"), "C": pgettext("suit", "club")}
    return names.get(letter, letter)


def seats(seats: Iterable[object]) -> str:
    """Seats as alternatives: "North or South"."""
    return LAWS.gettext(" or ").join(seat(each) for each in seats)
