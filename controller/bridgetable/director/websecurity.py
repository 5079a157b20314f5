"""What guards the director's pages: a CSRF token and an Origin check on every POST, throttling of
wrong passwords, logins known server-side, and the headers every response carries.

The session cookie is signed but kept by the browser: a copy taken before a logout would open
the director's pages for ever. So each login gets a random id (``Logins``) that the station
keeps; a cookie opens the director's pages only while its id is kept, and a logout or a change
of password forgets every id issued before it.

SameSite cookies are not enough on a club's station: "same site" ignores the port, so any other
web service on the station's host could post to the director's forms. Every form therefore
carries the session's token (``csrf_token``), and ``post_problem`` refuses a POST whose token is
missing or wrong, or whose Origin (or Referer) is another site's. ``SecurityHeaders`` adds a
Content-Security-Policy (scripts only from the station itself), forbids framing, and marks the
session cookie Secure whenever the page is served over TLS.
"""

from __future__ import annotations

import hmac
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Collection, MutableMapping
from typing import Any

from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..i18n import STATION

_ = STATION.gettext

CSRF_FIELD = "csrf"
CONTENT_SECURITY_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                           "img-src 'self' data:; object-src 'none'; base-uri 'none'; "
                           "form-action 'self'; frame-ancestors 'none'")
HEADERS = [(b"content-security-policy", CONTENT_SECURITY_POLICY.encode()), (b"x-frame-options", b"DENY"),
           (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"same-origin")]


def csrf_token(session: MutableMapping[str, Any]) -> str:
    """The session's token for its forms (made on first use)."""
    if CSRF_FIELD not in session:
        session[CSRF_FIELD] = secrets.token_urlsafe(32)
    return str(session[CSRF_FIELD])


def origin_problem(request: Request) -> str | None:
    """Why this POST came from another site (its Origin, else its Referer, says so), or None."""
    own = f"{request.url.scheme}://{request.headers.get('host', '')}"
    origin = request.headers.get("origin")
    if origin is not None and origin != own:
        return _("a form posted from {origin}, not from {own}").format(origin=origin[:80], own=own)
    referer = request.headers.get("referer")
    if origin is None and referer is not None and not (referer + "/").startswith(own + "/"):
        return _("a form posted from another site")
    return None


def post_problem(request: Request, form: Any) -> str | None:
    """Why this POST must be refused (another site's Origin, a missing or wrong token), or None."""
    problem = origin_problem(request)
    if problem is not None:
        return problem
    expected = request.session.get(CSRF_FIELD)
    sent = str(form.get(CSRF_FIELD, ""))
    if not isinstance(expected, str) or not hmac.compare_digest(sent.encode(), expected.encode()):
        return _("the form has expired or did not come from this station: reload the page")
    return None


def client_address(request: Request, trusted_proxies: Collection[str] = ()) -> str:
    """Whom a request comes from, for the login throttle: the peer's address, or, when the peer
    is one of ``trusted_proxies`` (a reverse proxy in front of the station), the address that
    proxy put last in X-Forwarded-For. From anyone else that header is a client's own claim, and
    ignored: it would let a client reset its wrong passwords by forging it. (The servers run
    uvicorn with ``proxy_headers=False``, so the peer is the connection's own.)"""
    peer = request.client.host if request.client else ""
    if peer not in trusted_proxies:
        return peer
    forwarded = [hop.strip() for hop in request.headers.get("x-forwarded-for", "").split(",") if hop.strip()]
    return forwarded[-1] if forwarded else peer


class Logins:
    """The director's logins the station knows: ``issue`` one at a login, ``valid`` for each
    request, ``revoke_all`` at a logout or a change of password."""

    def __init__(self) -> None:
        self._ids: set[str] = set()
        self._lock = threading.Lock()

    def issue(self) -> str:
        login = secrets.token_urlsafe(24)
        with self._lock:
            self._ids.add(login)
        return login

    def valid(self, login: object) -> bool:
        with self._lock:
            return isinstance(login, str) and login in self._ids

    def revoke_all(self) -> None:
        with self._lock:
            self._ids.clear()


class LoginThrottle:
    """At most ``attempts`` wrong passwords per client in ``window`` seconds; then ``wait`` says
    how long until the next try is allowed (the password is not even checked until then)."""

    def __init__(self, attempts: int = 5, window: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.attempts, self.window, self._clock = attempts, window, clock
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, client: str, now: float) -> deque[float]:
        failures = self._failures.setdefault(client, deque())
        while failures and now - failures[0] >= self.window:
            failures.popleft()
        return failures

    def wait(self, client: str) -> float:
        """Seconds before ``client`` may try a password again (0: now)."""
        with self._lock:
            now = self._clock()
            failures = self._recent(client, now)
            return 0.0 if len(failures) < self.attempts else self.window - (now - failures[0])

    def failed(self, client: str) -> None:
        with self._lock:
            now = self._clock()
            self._recent(client, now).append(now)

    def succeeded(self, client: str) -> None:
        with self._lock:
            self._failures.pop(client, None)


class SecurityHeaders:
    """ASGI middleware: the security headers on every response; Secure on cookies over TLS."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        tls = scope.get("scheme") == "https"

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(name, _secure(value) if tls and name.lower() == b"set-cookie" else value)
                           for name, value in message.get("headers", [])]
                message["headers"] = headers + HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _secure(cookie: bytes) -> bytes:
    return cookie if b"; secure" in cookie.lower() else cookie + b"; Secure"
