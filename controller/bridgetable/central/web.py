"""The central server's pages and its HTTP JSON API (Starlette), read from PostgreSQL.

Pages: the clubs, each club's sessions, a session's ranking (a team event's VP ranking and
cross-table, each match board by board), its boards (the hand viewer with each
table's auction and play) and its pairs' score cards (the station's own templates, under the
center's ``base.html``), a player's history across clubs by national number, the sessions being
played now, the players found by name (``/players?name=``). ``/api/...`` serves the same as JSON
for a federation's other systems. The operator's page (``operator``) also deletes a junk session
or club (a POST, recorded). Of a session being played, pages and API show only the boards every
table has played (``scoring``). Each page is in its visitor's language (``director.weblanguage``:
the pages' menu, Accept-Language, else ``--language``): the center's own words from the
``central`` catalogue, the station's templates' from ``station``. The endpoints are plain
functions (the deletion, which awaits its form, runs its query in the same pool): Starlette runs
them in its thread pool, each query on the one connection in turn (psycopg serialises them).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import psycopg
from jinja2 import ChoiceLoader, FileSystemLoader, PrefixLoader
from markupsafe import Markup
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import i18n
from ..director import templating
from ..director.boardpage import hand_diagram, score_card, viewer_data, weighted_text
from ..director.teampages import match_values, team_names, withheld_boards
from ..director.visibility import in_play
from ..director.weblanguage import Language
from ..i18n import CENTRAL, N_, Catalogue
from .db import PAGE, CentralDb
from .operator import OperatorLogin, json_refusal, overview
from .scoring import ScoredSessions, SessionNotFound, public_setup

_ = CENTRAL.gettext

STATION = Path(templating.__file__).parent  # the station's templates and static files
# The center's base.html (extending the station's, "station/base.html") frames the station's own
# pages that it shows (a board, a pair's score card, the ranking), which say the station's words.
TEMPLATES = templating.environment(ChoiceLoader([
    FileSystemLoader(Path(__file__).parent / "templates"),
    PrefixLoader({"station": FileSystemLoader(STATION / "templates")}),
    FileSystemLoader(STATION / "templates")]), Catalogue(CENTRAL.domain, fallback="station"))
TITLE = N_("Central results")
NAME_LENGTH = 100  # of a name searched for
STATION_LINKS = ('href="/board/', 'href="/pair/', 'href="/match/')  # the station's pages link from its root


def _json(value: Any) -> Any:
    """Rows as JSON: timestamps as ISO text."""
    if isinstance(value, dict):
        return {key: _json(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_json(item) for item in value]
    return value.isoformat() if hasattr(value, "isoformat") else value


def render(name: str, status_code: int = 200, **values: Any) -> HTMLResponse:
    values.setdefault("event", _(TITLE))
    return HTMLResponse(TEMPLATES.get_template(name).render(**values), status_code=status_code)


def station_page(name: str, prefix: str, **values: Any) -> str:
    """One of the station's own templates, its links made to point under ``prefix``."""
    page = TEMPLATES.get_template(name).render(**values)
    for link in STATION_LINKS:
        page = page.replace(link, link.replace('="', f'="{prefix}'))
    return page


def create_app(db_url: str, language: str = i18n.SOURCE, operator_password: str | None = None, *,
               workers: Callable[[], list[dict[str, Any]]] | None = None) -> Starlette:
    """The pages on ``db_url``, which may be a read-only replica (the ingest made the tables), in
    each visitor's language (``weblanguage``); ``language`` for a visitor who chose none of ours;
    the operator's page and API with ``operator_password`` (``operator``). ``/health`` says
    whether the database answers and how this process's ingest ``workers`` are."""
    db = CentralDb(db_url, create=False)
    login = OperatorLogin(operator_password)
    scored = ScoredSessions()

    def database_away(request: Request, exc: Exception) -> Response:
        message = _("the results database does not answer; try again in a moment")
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": message}, status_code=503)
        return render("error.html", message=message, status_code=503)

    def health(request: Request) -> Response:
        state: dict[str, Any] = {"database": db.connected(), "workers": workers() if workers else []}
        healthy = state["database"] and all(w["broker"] and w["database"] for w in state["workers"])
        return JSONResponse(state, status_code=200 if healthy else 503)

    def not_found(request: Request, exc: Exception) -> Response:
        if request.url.path.startswith("/api/"):
            return JSONResponse({"error": str(exc)}, status_code=404)
        return render("error.html", message=str(exc), status_code=404)

    def page_asked(request: Request) -> int:
        """The page a request asks for (``?page=N``, 1 by default)."""
        asked = request.query_params.get("page", "1")
        if not asked.isdigit() or int(asked) < 1:
            raise SessionNotFound(_("page {page!r}: a page is a number from 1").format(page=asked[:20]))
        return int(asked)

    def next_page(request: Request, page: int, more: bool) -> dict[str, str] | None:
        """An API answer's ``Link`` header naming the next page (the other parameters kept), when
        there is one."""
        if not more:
            return None
        query = urlencode({**request.query_params, "page": page + 1})
        return {"Link": f'<{request.url.path}?{query}>; rel="next"'}

    def paged(request: Request, fetch: Callable[[int], list[dict[str, Any]]], past_end: str,
              none: str | None = None, **names: str) -> tuple[int, list[dict[str, Any]], bool]:
        """The page a request asks for (``?page=N``), its rows and whether a next page follows:
        ``fetch(page)`` reads a page and one row more, which tells that a next page exists. A page
        after the last is not found (``past_end`` says why), nor an empty first page where ``none``
        says why there is nothing; both are formatted with ``names`` (and ``page``)."""
        page = page_asked(request)
        rows = fetch(page)
        if not rows and page > 1:
            raise SessionNotFound(past_end.format(page=page, **names))
        if not rows and none is not None:
            raise SessionNotFound(none.format(**names))
        return page, rows[:PAGE], len(rows) > PAGE

    def players_found(request: Request) -> tuple[str, int, list[dict[str, Any]], bool]:
        """The name searched for (``?name=``), the page asked for, the players found, and whether a
        next page follows; no name, no players."""
        name = request.query_params.get("name", "").strip()[:NAME_LENGTH]
        if not name:
            return name, page_asked(request), [], False
        return name, *paged(request, lambda page: db.players_named(name, page),
                            _("the search for {name!r} has no page {page}"), name=name)

    def player_sessions(request: Request) -> tuple[str, int, list[dict[str, Any]], bool]:
        """The player, the page asked for, its sessions, and whether an older page follows."""
        number = request.path_params["number"]
        return number, *paged(request, lambda page: db.player(number, page),
                              _("player {number} has no page {page} of sessions"), number=number)

    def club_sessions(request: Request) -> tuple[str, int, list[dict[str, Any]], bool]:
        """The club, the page asked for (``?page=N``), its sessions, and whether an older page follows."""
        name = request.path_params["club"]
        return name, *paged(request, lambda page: db.sessions(name, page),
                            _("club {club!r} has no page {page} of sessions"),
                            _("no session of club {club!r} has reached the center"), club=name)

    def clubs(request: Request) -> Response:
        return render("clubs.html", clubs=db.clubs(), live=db.live())

    def live(request: Request) -> Response:
        return render("now.html", live=db.live())

    def club(request: Request) -> Response:
        name, page, sessions, older = club_sessions(request)
        return render("club.html", club=name, sessions=sessions, page=page, older=older)

    def session(request: Request) -> Response:
        name, session_id = request.path_params["club"], request.path_params["session"]
        loaded, standings, _over = scored.get(db, name, session_id)
        values = {"ranking": standings.ranking, "names": loaded.setup.pairs, "match": standings.match,
                  "boards": sorted(standings.travellers), "scoring": loaded.setup.scoring,
                  "robots": standings.robots, "session_boards": len(loaded.movement.boards),
                  "team_event": standings.event, "team_names": team_names(loaded)}
        fragment = station_page("ranking_table.html", f"/club/{name}/{session_id}", **values)
        found = db.session(name, session_id) or {}
        pairs = (found.get("setup") or {}).get("pairs", {})
        players = [p for entry in pairs.values() for p in entry["players"]]
        return render("session.html", event=loaded.setup.event, club=name,
                      session=found.get("name", session_id),
                      ranking_html=Markup(fragment), final=found.get("seq") is not None,
                      results=len(db.results(name, session_id)), players=players)

    def board(request: Request) -> Response:
        name, session_id = request.path_params["club"], request.path_params["session"]
        number = request.path_params["board"]
        loaded, standings, over = scored.get(db, name, session_id)
        info = loaded.store.boards(session_id).get(number)
        if info is None:
            raise SessionNotFound(_("session {session!r} of {club!r} has no board {board}").format(
                session=session_id, club=name, board=number))
        if number not in over:  # still in play at a table
            return HTMLResponse(station_page("board.html", f"/club/{name}/{session_id}",
                                             event=loaded.setup.event, club=name, board=info, withheld=True))
        rows = standings.travellers.get(number, [])
        return HTMLResponse(station_page(
            "board.html", f"/club/{name}/{session_id}", event=loaded.setup.event, club=name, board=info,
            rows=rows, hands=hand_diagram(info.deal), names=loaded.setup.pairs,
            viewer=viewer_data(info, rows), analysis=None, analysis_note="", not_played=[],
            weighted=weighted_text, fouled=[]))

    def pair(request: Request) -> Response:
        name, session_id = request.path_params["club"], request.path_params["session"]
        number = request.path_params["pair"]
        loaded, standings, over = scored.get(db, name, session_id)
        entry = next((e for entries in standings.ranking.values() for e in entries if e.pair == number), None)
        lines = score_card(standings, number)
        playing = in_play(loaded.store.results(session_id), over, number)
        if entry is None and not lines and not playing:
            raise SessionNotFound(_("pair {pair} has no results in session {session!r} of {club!r}").format(
                pair=number, session=session_id, club=name))
        return HTMLResponse(station_page(
            "pair.html", f"/club/{name}/{session_id}", event=loaded.setup.event, club=name, pair=number,
            entry=entry, lines=lines, penalties=[], names=loaded.setup.pairs, scoring=loaded.setup.scoring,
            in_play=playing))

    def match(request: Request) -> Response:
        """A team event's match, board by board: a board once every table of its round has played it."""
        name, session_id = request.path_params["club"], request.path_params["session"]
        round_, team = request.path_params["round"], request.path_params["team"]
        loaded, standings, over = scored.get(db, name, session_id)
        values = match_values(loaded, standings, round_, team)
        if values is None:
            raise SessionNotFound(_("team {team} plays no match in round {round} of session {session!r} "
                                    "of {club!r}").format(team=team, round=round_, session=session_id,
                                                          club=name))
        return HTMLResponse(station_page("match.html", f"/club/{name}/{session_id}", event=loaded.setup.event,
                                         club=name, withheld=withheld_boards(loaded, values, over), **values))

    def player(request: Request) -> Response:
        number, page, history, older = player_sessions(request)
        return render("player.html", number=number, history=history, page=page, older=older)

    def players(request: Request) -> Response:
        name, page, found, more = players_found(request)
        return render("players.html", searched=name, players=found, page=page, older=more,
                      keep=urlencode({"name": name}) + "&")

    def api_players(request: Request) -> Response:
        """A page of the players whose name holds ``?name=``; a ``Link`` header (rel="next") names
        the next one."""
        name, page, found, more = players_found(request)
        if not name:
            return JSONResponse({"error": _("give a name to search for: /api/players?name=...")},
                                status_code=400)
        return JSONResponse(_json(found), headers=next_page(request, page, more))

    def api_clubs(request: Request) -> Response:
        return JSONResponse(_json(db.clubs()))

    def api_sessions(request: Request) -> Response:
        """A page of the club's sessions; a ``Link`` header (rel="next") names the next one."""
        _name, page, sessions, older = club_sessions(request)
        return JSONResponse(_json(sessions), headers=next_page(request, page, older))

    def api_session(request: Request) -> Response:
        name, session_id = request.path_params["club"], request.path_params["session"]
        loaded, standings, over = scored.get(db, name, session_id)
        found = db.session(name, session_id) or {}
        return JSONResponse(_json({"club": name, "session": session_id,
                                   "setup": public_setup(found["setup"], over),
                                   "final_ranking": found.get("ranking"),
                                   "standings": standings.as_json(loaded.setup.pairs),
                                   "results": [row for row in db.results(name, session_id)
                                               if row["board"] in over]}))

    def api_player(request: Request) -> Response:
        """A page of the player's sessions; a ``Link`` header (rel="next") names the next one."""
        _number, page, history, older = player_sessions(request)
        return JSONResponse(_json(history), headers=next_page(request, page, older))

    def api_live(request: Request) -> Response:
        return JSONResponse(_json(db.live()))

    def error_page(message: str, status: int) -> Response:
        return render("error.html", message=message, status_code=status)

    def operator(request: Request) -> Response:
        refused = login.refusal(request, error_page)
        return refused or render("operator.html", csrf=login.form_token(), **overview(db))

    async def delete(request: Request) -> Response:
        """The operator deletes a junk session (``session``: its identity) or a whole ``club``."""
        refused = login.refusal(request, error_page)
        if refused:
            return refused
        form = await request.form()
        problem = login.post_problem(request, form)
        if problem:
            return error_page(problem, 403)
        club_name, session_id = str(form.get("club", "")).strip(), str(form.get("session", "")).strip()
        if not club_name:
            return error_page(_("name the club to delete (or whose session)"), 400)
        by = request.client.host if request.client else "?"
        done = await run_in_threadpool(db.delete, club_name, session_id or None, by)
        if done is None and session_id:
            raise SessionNotFound(_("the center holds no session {session!r} of club {club!r}").format(
                session=session_id, club=club_name))
        if done is None:
            raise SessionNotFound(_("the center holds no club {club!r}").format(club=club_name))
        return RedirectResponse("/operator", status_code=303)

    def api_operator(request: Request) -> Response:
        return login.refusal(request, json_refusal) or JSONResponse(_json(overview(db)))

    routes = [
        Route("/", clubs), Route("/live", live), Route("/club/{club}", club),
        Route("/club/{club}/{session}", session), Route("/club/{club}/{session}/board/{board:int}", board),
        Route("/club/{club}/{session}/pair/{pair:int}", pair),
        Route("/club/{club}/{session}/match/{round:int}/{team:int}", match),
        Route("/player/{number}", player), Route("/players", players),
        Route("/api/clubs", api_clubs), Route("/api/clubs/{club}/sessions", api_sessions),
        Route("/api/clubs/{club}/sessions/{session}", api_session),
        Route("/api/players", api_players), Route("/api/players/{number}", api_player),
        Route("/api/live", api_live), Route("/health", health),
        Route("/operator", operator), Route("/operator/delete", delete, methods=["POST"]),
        Route("/api/operator", api_operator),
        Mount("/static", StaticFiles(directory=STATION / "static"), name="static"),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        db.close()

    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={SessionNotFound: not_found, psycopg.OperationalError: database_away},
                    middleware=[Middleware(Language, default=language)])
    app.state.scored = scored  # how often the session pages were scored
    return app
