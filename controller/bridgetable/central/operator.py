"""The federation operator's page and API, behind the operator's login (HTTP Basic, any user name,
the password of ``--operator-password-file``; wrong passwords throttled per client): the messages
the center refused lately (when, whose, which, why), the set-ups sent down that wait for their
club, each club's last message with how long its outbox had held it, the clubs whose key was
revoked (``central --revoke-key``); and the operator's
deletions of a junk session or a whole club (a POST from the operator's own page: its Origin
checked and its form carrying a token made from the operator's password, which another site
cannot read)."""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..director.websecurity import CSRF_FIELD, LoginThrottle, origin_problem
from ..i18n import CENTRAL
from .db import CentralDb

_ = CENTRAL.gettext
REALM = 'Basic realm="bridgetable central operator", charset="UTF-8"'


def read_password(path: str) -> str:
    """The operator's password, the first line of a file."""
    try:
        with open(path, encoding="utf-8") as file:
            password = file.readline().strip()
    except OSError as exc:
        raise ValueError(_("--operator-password-file {file}: {error}").format(file=path, error=exc)) from None
    if not password:
        raise ValueError(_("--operator-password-file {file}: the file is empty").format(file=path))
    return password


def overview(db: CentralDb) -> dict[str, Any]:
    """What the operator's page and API show."""
    return {"refused": db.refusals(),
            "waiting": [{k: v for k, v in row.items() if k != "payload"} for row in db.waiting_setups()],
            "clubs": db.activity(), "deletions": db.deletions(), "revoked": db.revocations()}


class OperatorLogin:
    """Checks a request's Basic credentials against the operator's password."""

    def __init__(self, password: str | None) -> None:
        self.password, self.throttle = password, LoginThrottle()

    def form_token(self) -> str:
        """The token the operator's forms carry: the same in every page process of the center."""
        assert self.password is not None
        form = b"bridgetable central operator form"
        return hmac.new(self.password.encode(), form, hashlib.sha256).hexdigest()

    def post_problem(self, request: Request, form: Any) -> str | None:
        """Why the operator's POST must be refused (another site's, or without the form's token), or None."""
        problem = origin_problem(request)
        if problem is None and not hmac.compare_digest(str(form.get(CSRF_FIELD, "")).encode(),
                                                       self.form_token().encode()):
            problem = _("the form did not come from the operator's page: reload it")
        return problem

    def refusal(self, request: Request, render: Callable[[str, int], Response]) -> Response | None:
        """None if the request carries the operator's password, else the answer to give (``render``
        the message and status: 404 without an operator login, 429 while throttled, 401)."""
        if self.password is None:
            return render(_("this center has no operator login (--operator-password-file)"), 404)
        client = request.client.host if request.client else "?"
        wait = self.throttle.wait(client)
        if wait > 0:
            return render(_("too many wrong passwords: try again in {seconds:.0f} s").format(seconds=wait),
                          429)
        scheme, _sep, value = request.headers.get("authorization", "").partition(" ")
        if scheme.lower() == "basic":
            try:
                password = base64.b64decode(value, validate=True).decode("utf-8").partition(":")[2]
            except (binascii.Error, UnicodeDecodeError):
                password = ""
            if hmac.compare_digest(password.encode(), self.password.encode()):
                self.throttle.succeeded(client)
                return None
            self.throttle.failed(client)
        answer = render(_("the operator's page needs the operator's login"), 401)
        answer.headers["WWW-Authenticate"] = REALM
        return answer


def json_refusal(message: str, status: int) -> Response:
    return JSONResponse({"error": message}, status_code=status)
