"""The message catalogues: extract the messages from the code, merge them into each language's
``.po`` file, compile the ``.mo`` files the program reads, and check them.

    python tools/catalogues.py update    # after changing messages in the code: extract, merge, compile
    python tools/catalogues.py compile   # after translating in a .po file
    python tools/catalogues.py check     # what the tests check: complete, current, compiled

A Python module belongs to the domain whose catalogue it imports from ``bridgetable.i18n``
(``TABLE``, ``LAWS``, ``STATION``, ``CENTRAL``, ``CLI``, ``FILES``, ``NOTATION``); the templates of the
station belong to ``station``, the central server's to ``central``. English is the source: its
catalogue says each message as written.
Needs Babel (the ``dev`` extra); the program itself reads the ``.mo`` files with ``gettext``.
"""

from __future__ import annotations

import ast
import copy
import io
import re
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "controller" / "bridgetable"
LOCALE_DIR = PACKAGE / "i18n" / "locale"
LANGUAGES = ("en", "da", "de", "nl", "hu")
DOMAINS = {"TABLE": "table", "LAWS": "laws", "STATION": "station", "CENTRAL": "central", "CLI": "cli",
           "FILES": "files", "NOTATION": "notation"}
VERSION = "0.1.0"
TEMPLATES = {"station": "director/templates", "central": "central/templates"}
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None}
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\(\w+\)[sdfr]|%[sdfr]")


def module_domain(path: Path) -> str | None:
    """The domain of a module: the one catalogue it imports from ``i18n`` (at most one)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom):
            continue
        inside = node.module is None and path.parent.name == "i18n"  # from . import NOTATION
        if isinstance(node, ast.ImportFrom) and (inside or (node.module or "").endswith("i18n")):
            names |= {alias.name for alias in node.names if alias.name in DOMAINS}
    if len(names) > 1:
        raise SystemExit(f"{path}: imports the catalogues {sorted(names)}; a module speaks for one part")
    return DOMAINS[names.pop()] if names else None


@cache
def module_domains() -> dict[Path, str | None]:
    """Each module of the package and its domain, read once for every domain's extraction."""
    return {path: module_domain(path) for path in sorted(PACKAGE.rglob("*.py"))}


def sources(domain: str) -> Iterator[tuple[Path, str]]:
    """The files whose messages go into ``domain``'s catalogue, and how to read each."""
    for path, speaks in module_domains().items():
        if speaks == domain:
            yield path, "python"
    if domain in TEMPLATES:
        for path in sorted((PACKAGE / TEMPLATES[domain]).glob("*.html")):
            yield path, "jinja2.ext:babel_extract"


def extract(domain: str) -> Catalog:
    """The catalogue template of ``domain``: every message its code says, with where."""
    template = Catalog(domain=domain, project="bridgetable", fuzzy=False)
    for path, method in sources(domain):
        where = str(path.relative_to(ROOT))
        for lineno, message, comments, context in extract_from_file(
                method, str(path), keywords=KEYWORDS, comment_tags=("Translators:",),
                options={"extensions": "jinja2.ext.i18n", "trimmed": "true", "newstyle_gettext": "true"}):
            template.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
    return template


def po_path(language: str, domain: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def read(language: str, domain: str) -> Catalog:
    path = po_path(language, domain)
    if not path.exists():
        return Catalog(locale=language, domain=domain, project="bridgetable", version=VERSION,
                       copyright_holder="the bridgetable authors", fuzzy=False)
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=domain)


def write(catalog: Catalog, language: str, domain: str) -> None:
    path = po_path(language, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=100, sort_output=True, include_lineno=False, ignore_obsolete=True)
    with path.with_suffix(".mo").open("wb") as file:
        write_mo(file, catalog)


def update() -> None:
    """Extract, merge into each language (new messages untranslated, gone ones dropped; English
    says each as written), and compile."""
    for domain in DOMAINS.values():
        template = extract(domain)
        for language in LANGUAGES:
            catalog = read(language, domain)
            created = catalog.creation_date  # kept, so that an update changes only the messages
            catalog.update(copy.deepcopy(template), no_fuzzy_matching=True)  # its messages: this one's
            catalog.creation_date, catalog.fuzzy = created, False
            if language == "en":
                for message in catalog:  # a plural's string is a tuple, empty strings when new
                    if message.id and not all(message.string if isinstance(message.string, tuple)
                                              else (message.string,)):
                        message.string = message.id
            write(catalog, language, domain)


def compile_all() -> None:
    for domain in DOMAINS.values():
        for language in LANGUAGES:
            write(read(language, domain), language, domain)


def _key(message_id: str | tuple[str, ...], context: str | None) -> tuple[str | None, str]:
    return context, message_id if isinstance(message_id, str) else message_id[0]


def problems() -> list[str]:
    """Everything wrong with the catalogues: a message of the code missing from a catalogue or
    left there after the code dropped it, a message untranslated or fuzzy, a translation that
    loses or adds a placeholder, a ``.mo`` file that is not the compiled ``.po``."""
    found: list[str] = []
    for domain in DOMAINS.values():
        template = extract(domain)
        wanted = {_key(message.id, message.context) for message in template if message.id}
        for language in LANGUAGES:
            where = f"{language}/{domain}.po"
            if not po_path(language, domain).exists():
                found.append(f"{where}: missing")
                continue
            catalog = read(language, domain)
            have = {_key(message.id, message.context): message for message in catalog if message.id}
            found += [f"{where}: no entry for {msgid!r}" + (f" ({context})" if context else "")
                      for context, msgid in sorted(wanted - set(have), key=str)]
            found += [f"{where}: {msgid!r} is no longer in the code"
                      for context, msgid in sorted(set(have) - wanted, key=str)]
            for message in have.values():
                found += [f"{where}: {message.id!r}: {problem}" for problem in _message_problems(message)]
            found += _compiled_problems(catalog, language, domain)
    return found


def _message_problems(message: object) -> list[str]:
    ids = message.id if isinstance(message.id, tuple) else (message.id,)  # type: ignore[attr-defined]
    strings = message.string if isinstance(message.string, tuple) else (message.string,)  # type: ignore[attr-defined]
    if message.fuzzy:  # type: ignore[attr-defined]
        return ["fuzzy"]
    if not all(strings):
        return ["untranslated"]
    expected = sorted(PLACEHOLDER.findall(ids[-1]))
    wrong = [string for string in strings if sorted(PLACEHOLDER.findall(string)) != expected
             and sorted(PLACEHOLDER.findall(string)) != sorted(PLACEHOLDER.findall(ids[0]))]
    return [f"placeholders {expected} but {string!r}" for string in wrong]


def _compiled_problems(catalog: Catalog, language: str, domain: str) -> list[str]:
    mo = po_path(language, domain).with_suffix(".mo")
    if not mo.exists():
        return [f"{language}/{domain}.mo: missing (python tools/catalogues.py compile)"]
    with mo.open("rb") as file:
        compiled = read_mo(file)
    expected = io.BytesIO()
    write_mo(expected, catalog)
    actual = io.BytesIO()
    write_mo(actual, compiled)
    if expected.getvalue() != actual.getvalue():
        return [f"{language}/{domain}.mo: not the compiled .po (python tools/catalogues.py compile)"]
    return []


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        found = problems()
        print("\n".join(found) or "catalogues complete and compiled")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
