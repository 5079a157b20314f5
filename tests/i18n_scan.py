"""Finds text a person would read that does not pass through the message catalogues: string
literals in the code that draws the displays, prints to the terminal or fills the pages, and text
in the templates outside ``{% trans %}`` and ``_()``. Used by each part's translation test."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from html.parser import HTMLParser
from pathlib import Path

import jinja2

WORD = re.compile(r"[^\W\d_]{2,}")  # two letters or more: "OK", "Board"; not "N", "?", "%+d"
GETTEXT = {"_", "gettext", "ngettext", "pgettext", "N_"}


def _called(node: ast.Call) -> str:
    func = node.func
    return func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""


def untranslated_literals(path: Path, allowed: Iterable[str] = (), exempt_calls: Iterable[str] = (),
                          exempt_keywords: Iterable[str] = ()) -> list[str]:
    """The string literals of a module with a word in them that do not go through the catalogue:
    not in a gettext call, not a docstring (a module's, a function's or a constant's: a string on a
    line of its own does nothing), a dictionary key, a subscript, a comparison's operand, an argument
    of ``exempt_calls`` or a keyword argument in ``exempt_keywords``, nor one of the ``allowed`` texts
    (notation and names that are the same in every language)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    calls, keywords, allowed = set(exempt_calls) | GETTEXT, set(exempt_keywords), set(allowed)

    def mark(node: ast.AST) -> None:
        skip.update(id(inner) for inner in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            mark(node)
        elif isinstance(node, ast.Call):
            if _called(node) in calls:
                mark(node)
            for keyword in node.keywords:
                if keyword.arg in keywords:
                    mark(keyword.value)
        elif isinstance(node, ast.Dict):
            skip.update(id(key) for key in node.keys if isinstance(key, ast.Constant))
        elif isinstance(node, ast.Subscript):
            skip.update(id(inner) for inner in ast.walk(node.slice) if isinstance(inner, ast.Constant))
        elif isinstance(node, ast.Compare):
            operands = (node.left, *node.comparators)
            skip.update(id(inner) for operand in operands for inner in ast.walk(operand)
                        if isinstance(operand, (ast.Constant, ast.Tuple, ast.Set, ast.List)))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            mark(node)
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip
                and node.value not in allowed and WORD.search(node.value)):
            found.append(f"{path.name}:{node.lineno}: {node.value!r}")
    return sorted(found)


class _Text(HTMLParser):
    """The text of an HTML fragment a person reads: its text and its readable attributes."""

    READABLE = {"title", "alt", "placeholder", "aria-label"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._hidden += 1
        self.texts += [value for name, value in attrs if name in self.READABLE and value]
        if tag == "input" and dict(attrs).get("type") in ("submit", "button"):
            self.texts += [value for name, value in attrs if name == "value" and value]

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden = max(0, self._hidden - 1)

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.texts.append(data)


def _template_data(source: str) -> Iterator[tuple[int, str]]:
    """The template's literal text (with its line), outside ``{% trans %}`` blocks; each
    expression ``{{ … }}`` stands as a placeholder word-free mark."""
    env = jinja2.Environment(extensions=["jinja2.ext.i18n"])
    in_trans = 0
    previous: str | None = None
    for lineno, kind, value in env.lex(source):
        if kind == "name" and previous == "block_begin":
            if value == "trans":
                in_trans += 1
            elif value == "endtrans":
                in_trans -= 1
        elif kind == "data" and not in_trans:
            yield lineno, value
        elif kind == "variable_begin" and not in_trans:
            yield lineno, " § "
        if kind not in ("whitespace",):
            previous = kind


def untranslated_template_text(path: Path, allowed: Iterable[str] = ()) -> list[str]:
    """Text a template shows that is written in it rather than looked up in the catalogue."""
    allowed = set(allowed)
    found = []
    parts = list(_template_data(path.read_text(encoding="utf-8")))
    parser = _Text()
    for lineno, data in parts:
        before = len(parser.texts)
        parser.feed(data)
        for text in parser.texts[before:]:
            for word in WORD.findall(text):
                if word not in allowed:
                    found.append(f"{path.name}:{lineno}: {word!r} in {text.strip()[:60]!r}")
    return found
