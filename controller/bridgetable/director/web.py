"""The station's web pages (Starlette + Jinja2): live ranking, travellers with the hand diagram,
table status, and the director's actions behind a login.

Pages update by themselves: ``/events`` is a server-sent-event stream that says "result" or
"status" whenever the ingest stores something; the page's script (``/live.js``) then fetches its
fragment again. The director's login and forms are guarded as ``websecurity`` describes (a CSRF
token and Origin check on every POST, wrong passwords throttled, logins kept server-side so that a
logout or a new password ends every session before it, security headers). Every page, fragment and
API shows a visitor only the boards every table has played; the director, logged in, sees
everything (``visibility``).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
from collections.abc import AsyncIterator, Callable, Collection, Mapping
from pathlib import Path
from typing import Any, Protocol

import uvicorn
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import Request
from starlette.responses import (
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
    StreamingResponse,
)
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import i18n
from ..i18n import STATION, notation
from .actions import (
    ActionError,
    adjust,
    enter_result,
    fouled,
    kibitzers,
    new_player,
    not_played,
    penalty,
    rename_pair,
    sit_out,
    swap_pairs,
    unstarted,
    weighted,
)
from .boardpage import board_values, live_values, score_card
from .exports import DOWNLOADS, download_file, results_html
from .ingest import Ingest
from .roundclock import Progress
from .standings import Standings
from .store import StoredResult
from .teamactions import match_vps, vp_penalty
from .teampages import match_values, swiss_match_values, team_names, withheld_boards
from .templating import TEMPLATES
from .tempo import HESITATION_SECONDS
from .tempopage import board_tempo_values, session_tempo_values, threshold
from .visibility import board_finished, finished_boards, in_play, tempo_shown
from .weblanguage import Language
from .websecurity import Logins, LoginThrottle, SecurityHeaders, client_address, csrf_token, post_problem

_ = STATION.gettext
ngettext = STATION.ngettext
log = logging.getLogger("bridgetable.director")

KEEPALIVE = 15.0  # seconds between comments on an idle event stream
MIN_PASSWORD = 8  # characters of a new password
LIVE_SCRIPT = (Path(__file__).parent / "templates" / "live.js").read_text("utf-8")
STATIC = Path(__file__).parent / "static"  # the pages' own scripts and style: no CDN, works offline


class Rounds(Protocol):
    """The rounds of a running station (``station.Station``): the director's buttons."""

    def advance(self, actor: str) -> int: ...
    def resend(self, actor: str) -> int: ...
    def republish(self) -> None: ...
    def progress(self) -> Mapping[int, Progress]: ...
    def not_started(self, actor: str, table: int, round_: int) -> list[StoredResult]: ...


class Station:
    """What the pages show and do, around one session's ingest."""

    def __init__(self, ingest: Ingest, password: str, rounds: Rounds | None = None,
                 trusted_proxies: Collection[str] = (), hesitation: float = HESITATION_SECONDS) -> None:
        self.ingest = ingest
        self.password = password
        self.rounds = rounds
        self.throttle = LoginThrottle()
        self.trusted_proxies = frozenset(trusted_proxies)
        self.logins = Logins()
        self.hesitation = hesitation  # seconds: a hesitation's threshold (--hesitation-seconds)

    def director(self, request: Request) -> str | None:
        """The director's name when the request's session is a login the station still knows."""
        session = request.session
        return session.get("director") if self.logins.valid(session.get("login")) else None

    def change_password(self, password: str) -> None:
        """A new password: every session logged in with the old one must log in again."""
        if len(password) < MIN_PASSWORD:
            raise ValueError(_("a password has at least {n} characters").format(n=MIN_PASSWORD))
        self.password = password
        self.logins.revoke_all()

    @property
    def session(self) -> Any:
        return self.ingest.session

    def standings(self, request: Request) -> Standings:
        """Every board's for the director; for anyone else, those of the boards over everywhere."""
        if is_director(request):
            return self.ingest.live.standings()
        return self.ingest.live.public()

    def render(self, name: str, status_code: int = 200, **values: Any) -> HTMLResponse:
        page = TEMPLATES.get_template(name).render(event=self.session.setup.event, **values)
        return HTMLResponse(page, status_code=status_code)


def create_app(ingest: Ingest, password: str | None = None, secret_key: str | None = None,
               rounds: Rounds | None = None, language: str = i18n.SOURCE,
               trusted_proxies: Collection[str] = (),
               central: Callable[[], dict[str, Any]] | None = None,
               hesitation: float = HESITATION_SECONDS) -> Starlette:
    """The web application for a running session. ``password`` guards the director's pages;
    ``rounds`` (the running station) gives the director "send the round again" and "next round";
    ``language`` is the pages' language for a visitor who chose none of ours (``weblanguage``);
    ``trusted_proxies``: the reverse proxies whose X-Forwarded-For the login throttle believes;
    ``central`` (``Upstream.status``) what the central results server has not taken, and why;
    ``hesitation`` the seconds over which the director's tempo pages list a call (``tempo``)."""
    station = Station(ingest, password or secrets.token_urlsafe(12), rounds, trusted_proxies, hesitation)

    async def ranking(request: Request) -> Response:
        return station.render("ranking.html", **_ranking_values(station, request))

    async def ranking_fragment(request: Request) -> Response:
        return station.render("ranking_table.html", **_ranking_values(station, request))

    async def board(request: Request) -> Response:
        number = request.path_params["board"]
        info = station.session.store.boards(station.session.id).get(number)
        if info is None:
            return station.render("error.html", message=_("there is no board {number}").format(number=number),
                                  status_code=404)
        boards = sorted(station.ingest.boards)
        place = boards.index(number)
        links: dict[str, Any] = {"previous": boards[place - 1] if place > 0 else None,
                                 "next": boards[place + 1] if place + 1 < len(boards) else None}
        played_out = board_finished(station.session.movement, station.ingest.played, number)
        if not (played_out or is_director(request)):  # no leaking to pairs still to play it
            return station.render("board.html", board=info, withheld=True, **links)
        # the first view of a board computes its double-dummy analysis (a second or so): not on the loop
        values = await run_in_threadpool(board_values, station.ingest, info)
        if tempo_shown(director=is_director(request)):  # the director's alone (Law 16)
            seconds, problem = threshold(request.query_params.get("hesitation"), station.hesitation)
            values.update(await run_in_threadpool(board_tempo_values, station.ingest, number, seconds,
                                                  problem))
        return station.render("board.html", **values, **links)

    async def tempo(request: Request) -> Response:
        """The director's tempo report: hesitations per board and table, slow play per pair."""
        if not tempo_shown(director=is_director(request)):
            return RedirectResponse("/login", status_code=303)
        seconds, problem = threshold(request.query_params.get("hesitation"), station.hesitation)
        values = await run_in_threadpool(session_tempo_values, station.ingest, seconds, problem)
        return station.render("tempo.html", **values)

    async def pair(request: Request) -> Response:
        number = request.path_params["pair"]
        standings = station.standings(request)
        entry = next((e for entries in standings.ranking.values() for e in entries if e.pair == number), None)
        lines = score_card(standings, number)
        over = finished_boards(station.session.movement, station.ingest.played)
        playing = [] if is_director(request) else in_play(station.ingest.live.results(), over, number)
        if entry is None and not lines and not playing:
            return station.render("error.html", status_code=404,
                                  message=_("pair {number} has no results").format(number=number))
        penalties = [p for p in station.session.setup.penalties if p["pair"] == number]
        return station.render("pair.html", pair=number, entry=entry, lines=lines, penalties=penalties,
                              names=station.session.setup.pairs, scoring=station.session.setup.scoring,
                              in_play=playing, players=station.session.setup.numbers.get(number, []))

    async def match(request: Request) -> Response:
        round_, team = request.path_params["round"], request.path_params["team"]
        swiss_pairs = station.session.swiss_pairs  # "team": the pair
        values = (swiss_match_values if swiss_pairs else match_values)(
            station.session, station.standings(request), round_, team)
        if values is None:
            return station.render("error.html", status_code=404, message=_(
                "pair {pair} plays no match in round {round}").format(pair=team, round=round_) if swiss_pairs
                else _("team {team} plays no match in round {round}").format(team=team, round=round_))
        over = finished_boards(station.session.movement, station.ingest.played)
        values["withheld"] = [] if is_director(request) else withheld_boards(station.session, values, over)
        return station.render("swiss_match.html" if swiss_pairs else "match.html", **values)

    async def live_table(request: Request) -> Response:
        table = request.path_params["table"]
        if table not in station.ingest.status:
            return station.render("error.html", message=_("there is no table {table}").format(table=table),
                                  status_code=404)
        return station.render("live.html", **live_values(station.ingest, table,
                                                         director=is_director(request)))

    async def live_fragment(request: Request) -> Response:
        return station.render("live_table.html", **live_values(station.ingest, request.path_params["table"],
                                                               director=is_director(request)))

    async def tables(request: Request) -> Response:
        return station.render("tables.html", **_tables_values(station, request))

    async def tables_fragment(request: Request) -> Response:  # what /tables fetches again on each event
        return station.render("tables_table.html", **_tables_values(station, request))

    async def printable(request: Request) -> Response:
        return HTMLResponse(results_html(station.session, station.standings(request)))

    async def download(request: Request) -> Response:
        """The director's downloads: the session's PBN, USEBIO XML or printable results (a file)."""
        if not is_director(request):
            return RedirectResponse("/login", status_code=303)
        kind = request.path_params["kind"]
        if kind not in DOWNLOADS:
            raise HTTPException(404)
        text, media_type, disposition = await run_in_threadpool(download_file, station.session, kind)
        return Response(text, media_type=media_type, headers={"content-disposition": disposition})

    async def standings_json(request: Request) -> Response:
        return JSONResponse(station.standings(request).as_json(station.session.setup.pairs))

    async def events(request: Request) -> Response:
        return StreamingResponse(_event_stream(request, station.ingest), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache"})

    async def live_script(request: Request) -> Response:
        return PlainTextResponse(LIVE_SCRIPT, media_type="text/javascript")

    def login_page(request: Request, error: str = "", status_code: int = 200) -> Response:
        return station.render("login.html", status_code=status_code, error=error,
                              csrf=csrf_token(request.session))

    async def login(request: Request) -> Response:
        if request.method != "POST":
            return login_page(request)
        form = await request.form()
        problem = post_problem(request, form)
        if problem is not None:
            return login_page(request, _("refused: {reason}").format(reason=problem), 403)
        client = client_address(request, station.trusted_proxies)
        wait = station.throttle.wait(client)
        if wait:
            return login_page(request, _("too many wrong passwords: try again in {seconds:.0f} s").format(
                seconds=wait), 429)
        if not hmac.compare_digest(str(form.get("password", "")).encode(), station.password.encode()):
            station.throttle.failed(client)
            return login_page(request, _("wrong password"))
        station.throttle.succeeded(client)
        request.session.clear()  # a new session (and token) for the director
        request.session["director"] = str(form.get("name") or _("director"))
        request.session["login"] = station.logins.issue()
        return RedirectResponse("/director", status_code=303)

    async def logout(request: Request) -> Response:
        problem = post_problem(request, await request.form())
        if problem is not None:
            return login_page(request, _("refused: {reason}").format(reason=problem), 403)
        station.logins.revoke_all()  # every copy of every director's cookie, this one's too
        request.session.clear()
        return RedirectResponse("/login", status_code=303)

    async def director(request: Request) -> Response:
        actor = station.director(request)
        if actor is None:
            return RedirectResponse("/login", status_code=303)
        message, status_code = "", 200
        if request.method == "POST":
            form = await request.form()
            problem = post_problem(request, form)
            if problem is None and form.get("action") == "password":
                try:
                    station.change_password(str(form.get("password", "")))
                except ValueError as exc:
                    message = _("refused: {reason}").format(reason=exc)
                else:
                    request.session.clear()
                    return RedirectResponse("/login", status_code=303)
            elif problem is None:
                message = _director_action(station, form, actor)
            else:
                message, status_code = _("refused: {reason}").format(reason=problem), 403
        return station.render("director.html", status_code=status_code, message=message,
                              actor=actor, csrf=csrf_token(request.session),
                              rounds=station.rounds is not None, kibitzers=station.session.setup.kibitzers,
                              team_event=station.session.team_event or station.session.swiss_pairs,
                              trail=station.session.store.audit_trail(station.session.id),
                              calls=[s for s in station.ingest.status.values() if s.director_call],
                              behind=_behind(station),
                              central=central() if central is not None else None)

    routes = [
        Route("/", ranking), Route("/fragment/ranking", ranking_fragment),
        Route("/board/{board:int}", board), Route("/pair/{pair:int}", pair), Route("/tables", tables),
        Route("/fragment/tables", tables_fragment),
        Route("/match/{round:int}/{team:int}", match),
        Route("/live/{table:int}", live_table), Route("/fragment/live/{table:int}", live_fragment),
        Route("/results", printable), Route("/api/standings", standings_json), Route("/events", events),
        Route("/live.js", live_script), Route("/login", login, methods=["GET", "POST"]),
        Route("/logout", logout, methods=["POST"]), Route("/director", director, methods=["GET", "POST"]),
        Route("/director/export/{kind}", download), Route("/director/tempo", tempo),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    middleware = [Middleware(SecurityHeaders), Middleware(Language, default=language),
                  Middleware(SessionMiddleware, secret_key=secret_key or secrets.token_hex(32),
                             same_site="strict")]
    async def http_error(request: Request, exc: Exception) -> Response:
        """A page that is not there (``/board/abc``) or a method not allowed: the site's own page."""
        code = exc.status_code if isinstance(exc, HTTPException) else 500
        message = _("there is no page {path} on this station").format(path=request.url.path) if code == 404 \
            else _("this page cannot do that (HTTP {code})").format(code=code)
        return station.render("error.html", status_code=code, message=message)

    async def server_error(request: Request, exc: Exception) -> Response:
        log.exception("page %s failed", request.url.path, exc_info=exc)
        return station.render("error.html", status_code=500,
                              message=_("the station could not show this page; the director can see why "
                                        "in its log"))

    app = Starlette(routes=routes, middleware=middleware,
                    exception_handlers={HTTPException: http_error, 500: server_error})
    app.state.station = station
    return app


def is_director(request: Request) -> bool:
    """Whether the request comes from the director, logged in (a login the station still knows)."""
    station: Station = request.app.state.station
    return station.director(request) is not None


def server(app: Starlette, host: str, port: int) -> uvicorn.Server:
    """The uvicorn server of the station's pages. ``proxy_headers`` off: the peer is the
    connection's own, and X-Forwarded-For counts only from a trusted proxy (``client_address``),
    where uvicorn would otherwise believe it from any client on the station's own machine."""
    return uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level=logging.WARNING,
                                         proxy_headers=False))


def _ranking_values(station: Station, request: Request) -> dict[str, Any]:
    standings = station.standings(request)
    return {"ranking": standings.ranking, "names": station.session.setup.pairs, "match": standings.match,
            "boards": sorted(standings.travellers), "scoring": station.session.setup.scoring,
            "robots": standings.robots, "session_boards": len(station.session.movement.boards),
            "team_event": standings.event, "team_names": team_names(station.session),
            "swiss_pairs": station.session.swiss_pairs}


def _tables_values(station: Station, request: Request) -> dict[str, Any]:
    """The table status: each table's state; for the director, also its progress against the round
    clock (``roundclock``) and, what a table calling the director says (it may name a card)."""
    director = is_director(request)
    progress = station.rounds.progress() if director and station.rounds is not None else {}
    markable = {table for table, p in progress.items()  # over, with a board not begun: the button
                if p.overrun and unstarted(station.ingest, table, p.round)}
    return {"status": sorted(station.ingest.status.values(), key=lambda s: s.table), "director": director,
            "progress": progress, "markable": markable,
            "csrf": csrf_token(request.session) if director else ""}


def _behind(station: Station) -> list[int]:
    """The tables behind the round clock, which the director's page names too."""
    progress = station.rounds.progress() if station.rounds is not None else {}
    return sorted(table for table, p in progress.items() if p.behind)


def _director_action(station: Station, form: Any, actor: str) -> str:
    """Do what a form of the director's page asks; what was done (or why not), in the reader's language."""
    ingest = station.ingest
    try:
        action = str(form.get("action"))
        unconfirmed = _unconfirmed(form)
        if unconfirmed:
            return _("refused: {reason}").format(reason=unconfirmed)
        if action in ("resend", "advance"):
            return _round_action(station, action, actor)
        text = {name: str(value).strip() for name, value in form.items()}
        table, board = int(text.get("table") or 0), int(text.get("board") or 0)
        if action == "result":
            stored = enter_result(ingest, actor, table, board, text.get("contract", ""),
                                  text.get("declarer") or None,
                                  int(text["tricks"]) if text.get("tricks") else None,
                                  reason=text.get("reason", ""))
            return _("table {table} board {board}: {contract} stored as revision {revision}").format(
                table=table, board=board, contract=notation.call(stored.contract), revision=stored.revision)
        if action == "adjust":
            stored = adjust(ingest, actor, table, board, text.get("adjusted", ""))
            return _("table {table} board {board}: adjusted {score}").format(
                table=table, board=board, score=stored.adjusted)
        if action == "not-played":
            not_played(ingest, actor, table, board)
            return _("table {table} board {board}: not played").format(table=table, board=board)
        if action == "not-started":
            if station.rounds is None:
                return _("refused: {reason}").format(reason=_("this station runs no rounds"))
            round_ = int(text.get("round") or 0)
            stored_all = station.rounds.not_started(actor, table, round_)
            return ngettext("table {table} round {round}: {n} board not started, not played",
                            "table {table} round {round}: {n} boards not started, not played",
                            len(stored_all)).format(table=table, round=round_, n=len(stored_all))
        if action == "sit-out":
            round_ = int(text.get("round") or 0)
            stored_all = sit_out(ingest, actor, table, round_, text.get("adjusted", ""))
            if text.get("adjusted"):
                return ngettext("table {table} round {round}: {n} board adjusted {score}",
                                "table {table} round {round}: {n} boards adjusted {score}",
                                len(stored_all)).format(table=table, round=round_, n=len(stored_all),
                                                        score=text["adjusted"])
            return ngettext("table {table} round {round}: {n} board not played",
                            "table {table} round {round}: {n} boards not played", len(stored_all)).format(
                table=table, round=round_, n=len(stored_all))
        if action == "weighted":
            weighted(ingest, actor, table, board, text.get("parts", ""))
            return _("table {table} board {board}: weighted score stored").format(table=table, board=board)
        if action == "fouled":
            tables = [int(t) for t in text.get("tables", "").replace(",", " ").split()]
            fouled(ingest, actor, board, tables)
            if tables:
                return _("board {board}: scored in groups").format(board=board)
            return _("board {board}: scored whole").format(board=board)
        pair = int(text.get("pair") or 0)
        if action == "penalty":
            points = float(text.get("points") or 0)
            penalty(ingest, actor, pair, points, text.get("reason", ""))
            return ngettext("pair {pair}: penalty of {points} point",
                            "pair {pair}: penalty of {points} points", 1 if points == 1 else 2).format(
                pair=pair, points=f"{points:g}")
        if action == "swap":
            round_, second = int(text.get("round") or 0), int(text.get("second") or 0)
            revised = swap_pairs(ingest, actor, round_, pair, second)
            return ngettext("round {round}: pairs {pair} and {second} swapped on {n} result",
                            "round {round}: pairs {pair} and {second} swapped on {n} results",
                            len(revised)).format(round=round_, pair=pair, second=second, n=len(revised))
        if action in ("match-vps", "vp-penalty"):
            return _team_action(ingest, action, text, actor)
        if action == "new-player":
            new_player(ingest, actor, pair, text.get("players", ""))
            if station.rounds is not None:  # the pair's table asks at its next board
                station.rounds.republish()
            return _("pair {pair}: the new player's number is asked at the table's next board").format(
                pair=pair)
        if action == "rename":
            rename_pair(ingest, actor, pair, text.get("names", ""))
            return _("pair {pair} is now {names}").format(pair=pair, names=text.get("names"))
        if action == "call":
            ingest.answer_call(table, actor, text.get("note", ""))
            return _("table {table}: call answered").format(table=table)
        if action == "kibitzers":
            on = text.get("on") == "1"
            kibitzers(ingest, actor, on)
            return _("the live tables show everyone the boards being played") if on else _(
                "the live tables show a board once every table has played it")
        return _("unknown action {action!r}").format(action=action)
    except (ActionError, ValueError) as exc:
        return _("refused: {reason}").format(reason=exc)


def _team_action(ingest: Ingest, action: str, text: dict[str, str], actor: str) -> str:
    team = int(text.get("team") or 0)
    if action == "match-vps":
        round_ = int(text.get("round") or 0)
        match_vps(ingest, actor, round_, team, float(text.get("home_vp") or 0),
                  float(text.get("away_vp") or 0))
        return _("round {round}: the match of team {team} given {home} - {away} VPs").format(
            round=round_, team=team, home=text.get("home_vp"), away=text.get("away_vp"))
    vp_penalty(ingest, actor, team, float(text.get("vp") or 0), text.get("reason", ""))
    return _("team {team}: penalty of {vp} VPs").format(team=team, vp=text.get("vp"))


def _round_action(station: Station, action: str, actor: str) -> str:
    if station.rounds is None:
        return _("refused: {reason}").format(reason=_("this station runs no rounds"))
    if action == "resend":
        return _("round {round} sent to the tables again").format(round=station.rounds.resend(actor))
    return _("round {round} started").format(round=station.rounds.advance(actor))


def _unconfirmed(form: Any) -> str | None:
    """Why a round button's form must be refused (or the boards not started marked not played):
    its box "confirm" not ticked (the browser asks for it first: the box is required)."""
    if str(form.get("action")) in ("resend", "advance", "not-started") and form.get("confirm") != "yes":
        return _("tick the box to confirm")
    return None


async def _event_stream(request: Request, ingest: Ingest) -> AsyncIterator[str]:
    loop = asyncio.get_running_loop()
    queue: asyncio.Queue[str] = asyncio.Queue()

    def listener(what: str) -> None:  # called from the link's thread
        loop.call_soon_threadsafe(queue.put_nowait, what)

    ingest.subscribe(listener)
    try:
        yield "retry: 2000\n\n"
        while not await request.is_disconnected():
            try:
                what = await asyncio.wait_for(queue.get(), KEEPALIVE)
            except TimeoutError:
                yield ": keepalive\n\n"
                continue
            yield f"event: {what}\ndata: {what}\n\n"
    finally:
        ingest.unsubscribe(listener)
