"""The Jinja2 environment of the station's pages and printable exports, in the language of the
request (``weblanguage``): texts through the ``station`` catalogue (``{% trans %}``, ``_()``), the
game's notation through ``i18n.notation`` as filters (``|call``, ``|card``, ``|seat``,
``|seat_name``, ``|side``, ``|vulnerability``), the suits in their colours."""

from __future__ import annotations

import re
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

from .. import i18n
from ..i18n import STATION, notation
from .actions import audit_action
from .boardpage import contract_text, viewer_words

pgettext = STATION.pgettext

TEMPLATES = Environment(loader=FileSystemLoader(Path(__file__).parent / "templates"),
                        autoescape=select_autoescape(["html"]), extensions=["jinja2.ext.i18n"])
# looked up when a page is rendered, in the language of its request (a context variable)
TEMPLATES.install_gettext_callables(STATION.gettext, STATION.ngettext, newstyle=True,  # type: ignore[attr-defined]
                                    pgettext=STATION.pgettext)
TEMPLATES.policies["ext.i18n.trimmed"] = True  # as tools/catalogues.py extracts them
COLOURS = {"♠": "black", "♥": "red", "♦": "red", "♣": "black"}
_CONTRACT = re.compile(r"^([1-7](?:NT|[SHDC])X{0,2})([NESW]?)(.*)$")  # "5SXW-3": call, declarer, result


def _coloured(text: str) -> Markup:
    """``text`` escaped, each suit symbol in its colour."""
    return Markup(re.sub("[♠♥♦♣]", lambda m: f'<span class="{COLOURS[m[0]]}">{m[0]}</span>', str(escape(text))))


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
    return {"waiting": pgettext("phase", "waiting"), "start": pgettext("phase", "start"),
            "hand check": pgettext("phase", "hand check"), "stock": pgettext("phase", "stock"),
            "auction": pgettext("phase", "auction"), "announcement": pgettext("phase", "announcement"),
            "contract entry": pgettext("phase", "contract entry"), "lead entry": pgettext("phase", "lead entry"),
            "play": pgettext("phase", "play"), "tricks entry": pgettext("phase", "tricks entry"),
            "claim entry": pgettext("phase", "claim entry"), "claim": pgettext("phase", "claim"),
            "claim ruling": pgettext("phase", "claim ruling"), "result": pgettext("phase", "result"),
            "done": pgettext("phase", "done")}.get(name, name)


TEMPLATES.filters.update(call=call, card=card, phase=phase, **{
    name: lambda value, say=say: say(str(value)) for name, say in (
        ("seat", notation.seat), ("seat_name", notation.seat_name), ("side", notation.side),
        ("vulnerability", notation.vulnerability), ("strain", notation.strain))})
TEMPLATES.globals.update(language=i18n.current, languages=i18n.LANGUAGES, contract=contract_text,
                         viewer_words=viewer_words, audit_action=audit_action)
# inline in every page, so that an exported results.html keeps it too
TEMPLATES.globals["station_css"] = (Path(__file__).parent / "static" / "station.css").read_text("utf-8")
