"""Bridge notation in the reader's language, as the bidding cards and rulebooks of each country
print it: "1UT" in Danish and "1SA" in Dutch, German and Hungarian where English writes "1NT";
"Pas", "D" and "RD" on a Danish bidding box; the seats N Ø S V, É K D Ny; the ranks E K D B.

Only what a person reads changes: the engine, the files (PBN, LIN, USEBIO) and the MQTT messages
keep the standard notation, which these functions take as input ("4SX", "ST", "E", "NS").
The suits are the symbols ♠ ♥ ♦ ♣ in every language, as the seeds print them.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import cache

from . import NOTATION, current, speaking

_ = NOTATION.gettext

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


@dataclass(frozen=True)
class Words:
    """One language's notation, looked up once."""

    seats: dict[str, str]  # "E" -> "Ø"
    seat_names: dict[str, str]  # "E" -> "Øst"
    sides: dict[str, str]  # "EW" -> "ØV"
    vulnerability: dict[str, str]  # "None" -> "Ingen"
    ranks: dict[str, str]  # "Q" -> "D", "T" -> "10"
    no_trump: str
    calls: dict[str, str]  # "Pass" -> "Pas", "X" -> "D", "XX" -> "RD"


@cache
def words(language: str) -> Words:
    """The notation of ``language``."""
    pgettext = NOTATION.pgettext
    with speaking(language):
        return Words(
            seats={"N": pgettext("seat", "N"), "E": pgettext("seat", "E"),
                   "S": pgettext("seat", "S"), "W": pgettext("seat", "W")},
            seat_names={"N": pgettext("seat", "North"), "E": pgettext("seat", "East"),
                        "S": pgettext("seat", "South"), "W": pgettext("seat", "West")},
            sides={"NS": pgettext("side", "NS"), "EW": pgettext("side", "EW")},
            vulnerability={"None": pgettext("vulnerable", "None"), "NS": pgettext("side", "NS"),
                           "EW": pgettext("side", "EW"), "All": pgettext("vulnerable", "All")},
            ranks={"A": pgettext("rank", "A"), "K": pgettext("rank", "K"),
                   "Q": pgettext("rank", "Q"), "J": pgettext("rank", "J"),
                   "T": "10", **{str(n): str(n) for n in range(2, 10)}},
            no_trump=pgettext("strain", "NT"),
            calls={"Pass": pgettext("call", "Pass"), "X": pgettext("call", "X"),
                   "XX": pgettext("call", "XX")},
        )


def _words() -> Words:
    return words(current())


def seat(letter: str) -> str:
    """A seat's letter: "E" -> "Ø" (Danish), "O" (German, Dutch), "K" (Hungarian)."""
    return _words().seats.get(letter, letter)


def seat_name(letter: str) -> str:
    """A seat's name: "E" -> "Øst", "Ost", "Oost", "Kelet"."""
    return _words().seat_names.get(letter, letter)


def side(name: str) -> str:
    """A partnership: "EW" -> "ØV", "OW", "KNy"."""
    return _words().sides.get(name, name)


def vulnerability(name: str) -> str:
    """Who is vulnerable, as a board prints it: "None", "NS", "EW" or "All" in the language."""
    return _words().vulnerability.get(name, name)


def strain(letters: str) -> str:
    """A strain: a suit's symbol, or no trump in the language's letters ("UT", "SA")."""
    if letters == "NT":
        return _words().no_trump
    return SUIT_SYMBOLS.get(letters, letters)


def card(text: str) -> str:
    """A card, suit first: "ST" -> "♠10", "HQ" -> "♥D" in Danish and German."""
    if len(text) != 2 or text[0] not in SUIT_SYMBOLS:
        return text
    return SUIT_SYMBOLS[text[0]] + _words().ranks.get(text[1], text[1])


def call(text: str) -> str:
    """A call or a contract: "1NT" -> "1UT", "4SX" -> "4♠D" (Danish), "Pass" -> "Pas", "XX" -> "RD";
    "4S=" and "3NT+1" keep their result."""
    calls = _words().calls
    if text in calls:
        return calls[text]
    if not text[:1].isdigit():
        return text
    level, rest = text[0], text[1:]
    strain_letters = "NT" if rest.startswith("NT") else rest[:1]
    rest = rest[len(strain_letters):]
    risk = "XX" if rest.startswith("XX") else "X" if rest.startswith("X") else ""
    return level + strain(strain_letters) + (calls[risk] if risk else "") + rest[len(risk):]


DECIMAL_COMMA = ("da", "de", "nl", "hu")  # the languages that write 75,00 where English writes 75.00


def decimal(value: float, places: int = 2) -> str:
    """A number with ``places`` decimals as the reader's language writes it: "75.00" in English,
    "75,00" in Danish, German, Dutch and Hungarian."""
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if current() in DECIMAL_COMMA else text


PASS_WORDS = ("Pass", "Pas", "Passz", "Passe", "P")  # a pass as any of our languages writes or says it


def read_call(text: str) -> str:
    """A call or contract typed in the reader's notation, as the pages write it, in the standard
    notation the engine reads: "3UT" -> "3NT", "4♠RD" -> "4SXX", "Pas" -> "Pass" (Danish); the
    standard notation is read in every language. What is not one is returned as typed, for the
    engine to refuse."""
    typed = text.strip()
    language = _words()
    if typed.upper() in {w.upper() for w in (*PASS_WORDS, language.calls["Pass"])}:
        return "Pass"
    if not typed[:1].isdigit():
        return typed
    rest = typed[1:].strip().upper()
    symbols = {symbol: letter for letter, symbol in SUIT_SYMBOLS.items()}
    for nt in sorted({language.no_trump.upper(), "NT", "N", "SA", "UT"}, key=len, reverse=True):
        if rest.startswith(nt):
            strain, rest = "NT", rest[len(nt):]
            break
    else:
        strain, rest = symbols.get(rest[:1], rest[:1]), rest[1:]
    risks = {language.calls["XX"].upper(): "XX", language.calls["X"].upper(): "X", "XX": "XX", "X": "X"}
    risk = next((risks[word] for word in sorted(risks, key=len, reverse=True) if rest.strip() == word), None)
    if rest.strip() and risk is None:
        return typed
    return typed[0] + strain + (risk or "")


def read_seat(text: str) -> str:
    """A seat typed in the reader's notation ("Ø", "Øst", "Ny", "Z", "Eszak": a name without its
    accents) as its standard letter; the standard letters and English names are read in every
    language, but for a standard letter that is also a seat's letter of the language without its
    accent (Hungarian "E": É, Észak, North, or E, East): ValueError, which asks for the letter."""
    typed = text.strip().upper()
    language = _words()
    for letter in "NESW":
        if typed in (language.seats[letter].upper(), language.seat_names[letter].upper(),
                     unaccented(language.seat_names[letter]).upper()):
            return letter
    for letter in "NESW":  # "E" typed where the language writes É for North
        if typed != letter and unaccented(language.seats[letter]).upper() == typed:
            other = language.seats.get(typed, typed)
            raise ValueError(_("seat {typed!r} could be {one} ({letter} without its accent) or {other}: "
                               "write {letter} or {other_letter}").format(
                typed=text.strip(), one=language.seat_names[letter], letter=language.seats[letter],
                other=language.seat_names.get(typed, typed), other_letter=other))
    return text.strip()


def unaccented(text: str) -> str:
    """``text`` without its accents: "Észak" -> "Eszak", "Dél" -> "Del" ("Ø" is a letter of its own)."""
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c))
