"""The Jinja2 environment of the station's pages and printable exports, in the language of the
request (``weblanguage``): texts through the ``station`` catalogue (``{% trans %}``, ``_()``), the
game's notation through ``i18n.notation`` as filters (``|call``, ``|card``, ``|seat``,
``|seat_name``, ``|side``, ``|vulnerability``, ``|strain``), the suits in their colours.

Every filter that speaks is looked up when a page is rendered: Jinja would otherwise compute
``{{ "EW"|side }}`` once, when it compiles the template, in the language of its first visitor.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from jinja2 import BaseLoader, Environment, FileSystemLoader, pass_context, select_autoescape
from jinja2.runtime import Context
from markupsafe import Markup, escape

from .. import i18n
from ..i18n import STATION, Catalogue, notation
from ..roundtime import minutes_left
from .actions import audit_action
from .boardpage import contract_text, high_card_points, par_contracts, viewer_words

pgettext = STATION.pgettext
COLOURS = {"♠": "black", "♥": "red", "♦": "red", "♣": "black"}
_CONTRACT = re.compile(r"^([1-7](?:NT|[SHDC])X{0,2})([NESW]?)(.*)$")  # "5SXW-3": call, declarer, result


def _coloured(text: str) -> Markup:
    """``text`` escaped, each suit symbol in its colour."""
    return Markup(re.sub("[♠♥♦♣]", lambda m: f'<span class="{COLOURS[m[0]]}">{m[0]}</span>',
                         str(escape(text))))


def call(text: object) -> Markup:
    """A call or a contract ("4SX", "Pass", the par "5SXW-3") in the reader's notation; other
    text (already in words: "adjusted 60/40") as it is."""
    plain = str(text)
    match = _CONTRACT.match(plain)
    if match is not None:
        return _coloured(notation.call(match[1]) + notation.seat(match[2]) + match[3])
    return _coloured(notation.call(plain) if plain in ("Pass", "X", "XX") else plain)


def card(text: object) -> Markup:
    """A card ("HQ") in the reader's notation, its suit in colour."""
    return _coloured(notation.card(str(text)))


def phase(name: str) -> str:
    """A table's phase as its state message names it ("auction"), in the reader's language."""
    return {
        "waiting": pgettext("phase", "waiting"),
        "players": pgettext("phase", "players' numbers"),
        "start": pgettext("phase", "start"),
        "hand check": pgettext("phase", "hand check"),
        "stock": pgettext("phase", "stock"),
        "auction": pgettext("phase", "auction"),
        "announcement": pgettext("phase", "announcement"),
        "contract entry": pgettext("phase", "contract entry"),
        "lead entry": pgettext("phase", "lead entry"),
        "play": pgettext("phase", "play"),
        "tricks entry": pgettext("phase", "tricks entry"),
        "claim entry": pgettext("phase", "claim entry"),
        "claim": pgettext("phase", "claim"),
        "claim ruling": pgettext("phase", "claim ruling"),
        "result": pgettext("phase", "result"),
        "done": pgettext("phase", "done"),
    }.get(name, name)


def local_time(stamp: str) -> str:
    """A stored UTC time ("2026-12-01T23:40:03.123+00:00") in the station's local time, to the
    second ("2026-12-02 00:40:03"); what is not such a time, as it is."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M:%S")
    except ValueError:
        return stamp


def clock_time(stamp: float) -> str:
    """A moment (seconds since the epoch) as the station's local time of day ("21:34")."""
    return datetime.fromtimestamp(stamp).strftime("%H:%M")


def _when_rendered(say: Callable[[str], Any]) -> Callable[..., Any]:
    """``say`` as a filter of the value's text, called when the page is rendered (a filter that
    takes the context is never folded into the compiled template)."""
    @pass_context
    def filter_(context: Context, value: object) -> Any:
        return say(str(value))
    return filter_


FILTERS = {name: _when_rendered(say) for name, say in (
    ("call", call), ("card", card), ("phase", phase), ("seat", notation.seat),
    ("seat_name", notation.seat_name), ("side", notation.side), ("vulnerability", notation.vulnerability),
    ("strain", notation.strain))}
FILTERS["local_time"] = local_time
FILTERS["clock_time"] = clock_time


@pass_context
def _decimal(context: Context, value: float, places: int = 2) -> str:
    """``|decimal``: "75.00" as the reader writes it ("75,00"), when the page is rendered."""
    return notation.decimal(float(value), places)


FILTERS["decimal"] = _decimal
GLOBALS = {"language": i18n.current, "languages": i18n.LANGUAGES, "contract": contract_text,
           "viewer_words": viewer_words, "audit_action": audit_action, "high_card_points": high_card_points,
           "par_contracts": par_contracts, "minutes_left": minutes_left,
           # inline in every page, so that an exported results.html keeps it too
           "station_css": (Path(__file__).parent / "static" / "station.css").read_text("utf-8")}


def environment(loader: BaseLoader, catalogue: Catalogue = STATION) -> Environment:
    """An environment that renders the station's templates (and those that extend or include
    them, the central server's): ``catalogue``'s texts and the notation filters, in the
    language of the request (a context variable, read when a page is rendered)."""
    made = Environment(loader=loader, autoescape=select_autoescape(["html"]), extensions=["jinja2.ext.i18n"])
    made.install_gettext_callables(catalogue.gettext, catalogue.ngettext, newstyle=True,  # type: ignore[attr-defined]
                                   pgettext=catalogue.pgettext)
    made.policies["ext.i18n.trimmed"] = True  # as tools/catalogues.py extracts them
    made.filters.update(FILTERS)
    made.globals.update(GLOBALS)
    return made


TEMPLATES = environment(FileSystemLoader(Path(__file__).parent / "templates"))
