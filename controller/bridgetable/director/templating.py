"""The Jinja2 environment of the station's pages and printable exports."""

from __future__ import annotations

import re
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

TEMPLATES = Environment(loader=FileSystemLoader(Path(__file__).parent / "templates"),
                        autoescape=select_autoescape(["html"]))
SYMBOLS = {"S": ("♠", "black"), "H": ("♥", "red"), "D": ("♦", "red"), "C": ("♣", "black")}
_SUIT_IN = re.compile(r"^([1-7])([SHDC])(?=X{0,2}[NESW]?[-+=\d]*$)|^([SHDC])(?=[2-9TJQKA]$|10$)")


def suits(text: object) -> Markup:
    """A contract ("4SX", "3NT", "5SXW-3") or a card ("HQ") with its suit symbol, red or black."""
    plain = str(escape(text))
    match = _SUIT_IN.match(plain)
    if match is None:
        return Markup(plain)
    letter = match.group(2) or match.group(3)
    symbol, colour = SYMBOLS[letter]
    start, end = match.span(2) if match.group(2) else match.span(3)
    rest = plain[end:]
    rest = "10" if rest == "T" and match.group(3) else rest
    return Markup(f'{plain[:start]}<span class="{colour}">{symbol}</span>{rest}')


TEMPLATES.filters["suits"] = suits
# inline in every page, so that an exported results.html keeps it too
TEMPLATES.globals["station_css"] = (Path(__file__).parent / "static" / "station.css").read_text("utf-8")
