"""The languages the table, the station and the command line speak: gettext catalogues.

English is the source language: a message id is the English text, written in the code inside
``_()`` (or ``ngettext``, ``pgettext``). Each part of the product has its own catalogue (a gettext
domain), so that a table's Pi loads only its own and the parts are translated independently:

- ``table``: the seat displays;
- ``laws``: what the Laws engine and the table refuse, and why (shown by the table, the station
  and the command line alike);
- ``station``: the director's station's pages, the director's actions, the exports' headings;
- ``central``: the federation's central results server's pages;
- ``cli``: the command line's messages and errors;
- ``files``: what is wrong in a file another program wrote (PBN, LIN), wherever it is read;
- ``notation``: the game's notation (strains, calls, seats, ranks; see ``notation.py``).

The catalogues live in ``locale/<language>/LC_MESSAGES/<domain>.po``, compiled to ``.mo`` beside
them; ``tools/catalogues.py`` extracts the messages from the code and compiles them.

The language is chosen for a process with ``use`` (a table's ``[table] language``, the station's
``--language``, ``LANG`` for the command line) and, for one web visitor's request, with
``speaking``: a context variable, so that concurrent requests in other languages do not mix.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

LANGUAGES = {"en": "English", "da": "Dansk", "de": "Deutsch", "nl": "Nederlands", "hu": "Magyar"}
SOURCE = "en"
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAINS = ("table", "laws", "station", "central", "cli", "files", "notation")


class UnknownLanguage(ValueError):
    """A language this product has no catalogues for (``code``: as it was written). Its message is
    English; what shows it to a person says it in their language, with ``spoken()``."""

    def __init__(self, code: str) -> None:
        self.code = code
        super().__init__(f"no language {code!r}: bridgetable speaks {spoken()}")


def spoken() -> str:
    """The languages we speak, each by its code and its own name: "en (English), da (Dansk), …"."""
    return ", ".join(f"{key} ({name})" for key, name in LANGUAGES.items())


def parse(code: str) -> str:
    """The language of a code as people and systems write it: "da", "da_DK.UTF-8", "de-AT", "NL"."""
    language = code.strip().replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    if language not in LANGUAGES:
        raise UnknownLanguage(code)
    return language


def from_environment(environ: Mapping[str, str] = os.environ) -> str:
    """The command line's language, looked up as gettext does: LANGUAGE (a list, first known
    one wins), LC_ALL, LC_MESSAGES, LANG; English when none names a language we speak."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if not value:
            continue
        for code in value.split(":"):
            try:
                return parse(code)
            except UnknownLanguage:
                continue
        if name != "LANGUAGE":  # the first of the LC_*/LANG that is set decides, as in gettext
            return SOURCE
    return SOURCE


def from_accept_language(header: str | None, default: str = SOURCE) -> str:
    """The language a browser asks for (its Accept-Language header, by preference), or
    ``default`` when it asks for none we speak."""
    choices: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        code, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        try:
            choices.append((-quality, index, parse(code)))
        except UnknownLanguage:
            continue
    wanted = [language for quality, _, language in sorted(choices) if quality < 0]
    return wanted[0] if wanted else default


@cache
def translations(domain: str, language: str, fallback: str | None = None) -> gettext.NullTranslations:
    """A domain's compiled catalogue in a language (English: its own, which says the same); with
    ``fallback``, a message it lacks is looked up in that domain's catalogue (gettext's fallback)."""
    if domain not in DOMAINS:
        raise ValueError(f"no catalogue {domain!r}: the domains are {', '.join(DOMAINS)}")
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.mo"
    if not path.exists():
        raise FileNotFoundError(f"{path} is missing: this installation of bridgetable is incomplete")
    with path.open("rb") as file:
        found = gettext.GNUTranslations(file)
    if fallback is not None:  # an object of its own: the one without fallback stays as it is
        found.add_fallback(translations(fallback, language))
    return found


_process_language = SOURCE
_request_language: ContextVar[str | None] = ContextVar("bridgetable_language", default=None)


def use(language: str) -> None:
    """Speak ``language`` in this process (where no request chose another)."""
    global _process_language
    _process_language = parse(language)


def current() -> str:
    """The language spoken here and now."""
    return _request_language.get() or _process_language


@contextmanager
def speaking(language: str) -> Iterator[str]:
    """Speak ``language`` within this block (this thread or task only)."""
    token = _request_language.set(parse(language))
    try:
        yield current()
    finally:
        _request_language.reset(token)


class Catalogue:
    """One domain's messages, in the language spoken when they are looked up; with ``fallback``,
    another domain's for the messages this one lacks (the central server's pages around the
    station's templates)."""

    def __init__(self, domain: str, fallback: str | None = None) -> None:
        self.domain, self.fallback = domain, fallback

    def translations(self, language: str | None = None) -> gettext.NullTranslations:
        return translations(self.domain, language or current(), self.fallback)

    def gettext(self, message: str) -> str:
        return self.translations().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.translations().ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self.translations().pgettext(context, message)


def speak_argparse(catalogue: Catalogue) -> None:
    """argparse's own words (usage, the headings of --help, its errors) from ``catalogue``: argparse
    says them through its module's ``_`` and ``ngettext`` (gettext's)."""
    import argparse

    setattr(argparse, "_", catalogue.gettext)  # noqa: B010 (the module's own name for gettext)
    setattr(argparse, "ngettext", catalogue.ngettext)  # noqa: B010


def N_(message: str) -> str:  # noqa: N802 (gettext's own name for it)
    """Marks a message for the catalogue where it is defined; ``_()`` translates it where shown."""
    return message


TABLE = Catalogue("table")
LAWS = Catalogue("laws")
STATION = Catalogue("station")
CENTRAL = Catalogue("central")
CLI = Catalogue("cli")
FILES = Catalogue("files")
NOTATION = Catalogue("notation")
