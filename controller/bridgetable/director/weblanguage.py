"""The language of a web request, for the station's pages and the central server's alike.

A visitor's own choice comes first: a link of the pages' language menu (``?lang=da``), which is
kept in a cookie for the pages that follow; then the languages their browser asks for
(Accept-Language); then the server's ``--language``. ``Language`` is the ASGI middleware that
decides it and answers the whole request in it (``i18n.speaking``: a context variable, so that
concurrent visitors in other languages never mix); the templates read it with ``i18n.current``.
"""

from __future__ import annotations

from starlette.datastructures import MutableHeaders
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import i18n

PARAMETER = "lang"  # ?lang=da: the language menu's choice
COOKIE = "lang"     # where that choice is kept
COOKIE_AGE = 365 * 24 * 3600  # seconds: a club's visitors come back next week


def known(code: str | None) -> str | None:
    """The language of ``code`` if we speak it, else None (a stale cookie, a hand-written link)."""
    try:
        return i18n.parse(code) if code else None
    except i18n.UnknownLanguage:
        return None


def request_language(request: Request, default: str = i18n.SOURCE) -> str:
    """The language to answer ``request`` in: its ``?lang=``, its cookie, its Accept-Language,
    or ``default``."""
    return (known(request.query_params.get(PARAMETER)) or known(request.cookies.get(COOKIE))
            or i18n.from_accept_language(request.headers.get("accept-language"), default))


class Language:
    """ASGI middleware: each request answered in its visitor's language (``request_language``),
    with ``Content-Language``, ``Vary: Accept-Language, Cookie`` (a cache must not give one
    visitor's language to another), and the cookie set when the menu chose."""

    def __init__(self, app: ASGIApp, default: str = i18n.SOURCE) -> None:
        self.app = app
        self.default = i18n.parse(default)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        language = request_language(request, self.default)
        chosen = known(request.query_params.get(PARAMETER))

        async def send_with_language(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.add_vary_header("Accept-Language")
                headers.add_vary_header("Cookie")
                headers["Content-Language"] = language
                if chosen:
                    headers.append("Set-Cookie",
                                   f"{COOKIE}={chosen}; Path=/; Max-Age={COOKIE_AGE}; SameSite=Lax")
            await send(message)

        with i18n.speaking(language):
            await self.app(scope, receive, send_with_language)
