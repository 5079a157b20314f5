"""Fair play (issue 22): during a session, no route of the station's or the center's web app shows a
visitor who is not the logged-in director any card, call, contract or score of a board that some
table has still to play. The routes are read from the apps themselves, so that a new route is
crawled too; the director, logged in, finds every one of those things somewhere.

Every result carries its tempo (each call and card 432.1 s): the director's alone, on no page of a
visitor's, not even of a board over everywhere, nor of the center.

The session: a three-table Mitchell of two rounds, two boards a round. Round 1 is over; in round 2
table 1 has played boards 3 and 4 (so they are over everywhere), tables 2 and 3 are playing boards
5 and 1 (their calls and cards on the live feed). The boards still in play carry contracts and
scores no finished board has (slams, a doubled five), so that finding one of them is a leak.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.testclient import TestClient

from bridgetable.bridge import Deal, Seat
from bridgetable.central import web as central_web
from bridgetable.central.db import CentralDb, Message
from bridgetable.central.pgserver import PrivatePostgres
from bridgetable.director import web
from bridgetable.director.boardpage import hand_diagram
from bridgetable.director.ingest import Ingest
from bridgetable.director.session import Session, SessionSetup, generated_boards
from bridgetable.director.standings import score_session
from bridgetable.director.store import SQLiteStore
from bridgetable.director.templating import call
from bridgetable.director.upstream import result_message as upstream_result
from bridgetable.director.upstream import setup_message

from .director.helpers import received, result_message
from .director.pages import serve

PASSWORD = "pw"
CLUB = "fairclub"
# (table, board): contract, declarer, tricks. Boards 1, 2, 5, 6 are still in play elsewhere.
IN_PLAY = {(1, 1): ("6NT", "N", 12), (1, 2): ("7NT", "S", 13), (3, 5): ("5CX", "W", 7),
           (3, 6): ("6NT", "E", 12)}
OVER = {(2, 3): ("2H", "N", 8), (2, 4): ("3S", "S", 9), (1, 3): ("1NT", "E", 7), (1, 4): ("4S", "N", 10)}
LIVE = {2: (5, ["1C", "Pass", "7NT", "Pass", "Pass", "Pass"], ["SA", "S2"]),  # table: board, calls, cards
        3: (1, ["Pass", "1D", "6NT", "Pass"], [])}
CALL_CARD = "♥5 on a ♠ lead, Law 61-64"  # what a table calling the director says of its board
TEMPO = 4321  # tenths of a second: each call's and card's time in every result
STYLE = re.compile(r"<style>.*?</style>", re.S)
SPAN = re.compile(r"</?span[^>]*>")  # inline: a suit symbol's colour inside a contract
TAG = re.compile(r"<[^>]+>")


def fair_session(directory: Path) -> Ingest:
    setup = SessionSetup("fair", "Fair night", {"kind": "mitchell", "tables": 3, "boards_per_round": 2,
                                                "rounds": 2}, "MP",
                         pairs={1: "Ann Holm (10001) & Bo Dahl (10002)", 4: "Eva Lund & Finn Berg"})
    ingest = Ingest(Session.create(SQLiteStore(directory / "station.db"), setup, generated_boards(6, seed=5)))
    for (table, board), (contract, declarer, tricks) in {**IN_PLAY, **OVER}.items():
        message = result_message(ingest.session, table, board, contract, declarer, tricks)
        message["tempo"] = {"calls": [TEMPO] * len(message["auction"]),
                            "cards": [TEMPO] * len(message["play"])}
        ingest.store_result(received(message))
    for table, (board, calls, cards) in LIVE.items():
        live(ingest, table, board, calls, cards)
    ingest.on_state({"schema": 1, "kind": "state", "table": 3, "status": "online", "round": 2, "board": 1,
                     "phase": "play", "director_call": True,
                     "detail": f"revoke by N in trick 2 ({CALL_CARD})"})
    return ingest


def live(ingest: Ingest, table: int, board: int, calls: list[str], cards: list[str]) -> None:
    events = [("call", c) for c in calls] + [("card", c) for c in cards]
    for seq, (kind, value) in enumerate(events):
        ingest.on_live({"schema": 1, "kind": "live", "session": "fair", "table": table, "board": board,
                        "round": 2, "seq": seq, "event": kind, "value": value, "seat": "NESW"[seq % 4]})


def board_secrets(deal: str) -> dict[str, str]:
    """A deal's hands as PBN (the API), as the pages' diagrams draw them (tags and spaces gone)
    and as the hand viewer's JSON lists them: "N pbn" -> text..."""
    parsed = Deal.parse(deal)
    diagrams = hand_diagram(deal) or {}
    found = {}
    for seat in Seat:
        found[f"{seat} pbn"] = str(parsed[seat])
        found[f"{seat} diagram"] = diagram(diagrams[str(seat)])
        found[f"{seat} viewer"] = json.dumps([str(card) for card in parsed[seat]], separators=(",", ":"))
    return found


def diagram(lines: list[tuple[str, str]]) -> str:
    """A hand as a page's diagram draws it, without spaces: "♠AKJ♥..."."""
    return "".join(symbol + held.replace(" ", "") for symbol, held in lines)


def word(text: str) -> re.Pattern[str]:
    """``text`` as a word of a page's text (the first line of ``words``)."""
    return re.compile(rf"^.*(?<![\w.]){re.escape(text)}(?!\w|\.\d)")


def cards(text: str) -> re.Pattern[str]:
    """``text`` anywhere in a page's text without spaces (the second line of ``words``)."""
    return re.compile(rf"\n.*{re.escape(text)}")


def secrets(ingest: Ingest) -> dict[str, re.Pattern[str]]:
    """What no one but the director may see: name -> how to find it in a page (``words``)."""
    found: dict[str, re.Pattern[str]] = {}
    boards = ingest.session.store.boards(ingest.session.id)
    for board in sorted({b for _, b in IN_PLAY}):
        for form, text in board_secrets(boards[board].deal or "").items():
            found[f"board {board} hand {form} {text}"] = cards(text)
    for r in ingest.live.results():
        if (r.table, r.board) in IN_PLAY:
            for text in {r.contract, text_of(call(r.contract))}:
                found[f"board {r.board} contract {text}"] = word(text)
            found[f"board {r.board} score {r.ns_score}"] = word(str(r.ns_score))
    for table, (board, calls, _) in LIVE.items():
        found[f"table {table} board {board} live call {calls[2]}"] = word(text_of(call(calls[2])))
    found["table 3 board 1 director call"] = word(CALL_CARD)
    found["the tempo of every board"] = word(f"{TEMPO / 10:.1f}")  # as the director's pages write it
    return found


def standings_over(ingest: Ingest) -> dict[str, Any]:
    """The JSON standings of the boards every table has played (3 and 4): all a visitor's ranking counts."""
    over = [r for r in ingest.live.results() if r.board in {b for _, b in OVER}]
    return score_session(ingest.session, over).as_json(ingest.session.setup.pairs)


def over_hands(ingest: Ingest) -> set[str]:
    """The hands of the boards every table has played, as the diagrams draw them: anyone may see them."""
    boards = ingest.session.store.boards(ingest.session.id)
    return {diagram(lines) for b in sorted({b for _, b in OVER})
            for lines in (hand_diagram(boards[b].deal) or {}).values()}


def text_of(page: str) -> str:
    """A page's text: no style sheet, each tag a space (but a colour's), spaces in one."""
    return " ".join(TAG.sub(" ", SPAN.sub("", STYLE.sub("", page))).split())


def words(page: str) -> str:
    """A page's text, then the same without spaces (where a hand's cards meet): two lines."""
    text = text_of(page)
    return f"{text}\n{text.replace(' ', '')}"


def urls(routes: list[Any], values: dict[str, list[Any]]) -> Iterator[tuple[str, set[str]]]:
    """Every route with every value of its parameters: (path, methods); a Mount of static files,
    each of its files."""
    for route in routes:
        if isinstance(route, Mount) and isinstance(route.app, StaticFiles):
            directory = Path(str(route.app.directory))
            for path in sorted(p for p in directory.rglob("*") if p.is_file()):
                yield f"{route.path}/{path.relative_to(directory)}", {"GET"}
            continue
        assert isinstance(route, Route), f"a route of a kind the crawl does not know: {route!r}"
        names = list(route.param_convertors)
        missing = [name for name in names if name not in values]
        assert not missing, f"{route.path}: the crawl has no values for {missing}"
        for chosen in itertools.product(*(values[name] for name in names)):
            path = route.path
            for name, value in zip(names, chosen, strict=True):
                path = re.sub(r"\{" + name + r"(:\w+)?\}", str(value), path)
            yield path, set(route.methods or {"GET"})


def leaks(pages: dict[str, str], hidden: dict[str, re.Pattern[str]]) -> list[str]:
    return sorted(f"{path}: {name}" for path, page in pages.items() for name, pattern in hidden.items()
                  if pattern.search(page))


def crawl_station(base: str, ingest: Ingest, client: httpx.Client) -> dict[str, str]:
    """Every route of the station's app, GET (and POST where it takes one): path -> its ``words``."""
    app = web.create_app(ingest)  # the routes, read from a station app like the served one
    movement = ingest.session.movement
    values = {"board": [*movement.boards, 99], "table": [*range(1, movement.tables + 1), 9],
              "pair": [*movement.pairs, 99], "kind": ["pbn", "usebio", "html", "zip"],
              "round": [*range(1, movement.rounds + 1), 9],
              "team": [*range(1, movement.tables + 1), 99]}  # a team event's matches
    pages = {}
    for path, methods in urls(app.routes, values):
        with client.stream("GET", base + path) as reply:
            if reply.headers.get("content-type", "").startswith("text/event-stream"):
                pages[f"GET {path}"] = words(read_events(reply, ingest))
                continue
            reply.read()
            assert reply.status_code < 500, path
            pages[f"GET {path}"] = words(reply.text)
        if "POST" in methods:
            posted = client.post(base + path, data={"action": "result"})
            pages[f"POST {path}"] = words(posted.text)
    return pages


def read_events(reply: httpx.Response, ingest: Ingest) -> str:
    """An event stream for a moment while a table plays on and a result comes in."""
    chunks = []
    stream = reply.iter_text()
    chunks.append(next(stream))  # the stream is open: what happens now goes to it
    live(ingest, 2, 5, [*LIVE[2][1], "7NT"], ["SA", "S2", "S3"])
    ingest.rescore()
    try:
        for chunk in stream:
            chunks.append(chunk)
            if "result" in "".join(chunks):
                break
    except httpx.ReadTimeout:
        pass
    return "".join(chunks)


@pytest.fixture
def ingest(tmp_path: Path) -> Ingest:
    return fair_session(tmp_path)


def test_no_route_of_the_station_shows_a_visitor_a_board_still_in_play(ingest: Ingest) -> None:
    hidden = secrets(ingest)
    with serve(ingest, PASSWORD) as base, httpx.Client(timeout=httpx.Timeout(30)) as visitor:
        pages = crawl_station(base, ingest, visitor)
        assert len(pages) > 30 and any(path.startswith("GET /live/") for path in pages)
        assert {"GET /director/tempo", "GET /tables", "GET /fragment/tables"} <= set(pages)  # issue 29
        assert leaks(pages, hidden) == [], "\n".join(leaks(pages, hidden))
        shown = "".join(pages.values())  # the boards over everywhere are there for all to see
        assert all(hand in shown for hand in over_hands(ingest))
        assert visitor.get(f"{base}/api/standings").json() == standings_over(ingest)  # and counted
        assert "played them: boards 5, 6." in pages["GET /pair/3"]  # pair 3's boards: still in play
        with httpx.Client(timeout=httpx.Timeout(30)) as director:
            login = director.get(f"{base}/login").text
            csrf = re.search(r'name="csrf" value="([^"]+)"', login)
            assert csrf is not None
            director.post(f"{base}/login", data={"name": "td", "password": PASSWORD, "csrf": csrf[1]},
                          headers={"Origin": base})
            seen = crawl_station(base, ingest, director)
    # the director sees every one of them (the station's pages write no hand as PBN)
    assert [name for name, pattern in hidden.items()
            if " pbn " not in name and not any(pattern.search(page) for page in seen.values())] == []


@pytest.fixture(scope="module")
def postgres() -> Iterator[str]:
    with PrivatePostgres() as url:
        yield url


def test_no_route_of_the_center_shows_a_board_still_in_play(ingest: Ingest, postgres: str) -> None:
    session, uid = ingest.session, ingest.session.setup.uid  # the center knows a session by its identity
    db = CentralDb(postgres)
    try:
        db.ingest([Message(CLUB, setup_message(session)),
                   *(Message(CLUB, upstream_result(r, uid)) for r in session.store.results(session.id))])
    finally:
        db.close()
    app = central_web.create_app(postgres, operator_password="the operator's")  # /operator: a login
    values = {"club": [CLUB, "nowhere"], "session": [uid, session.id, "nosuch"],
              "board": [*session.movement.boards, 40], "pair": [*session.movement.pairs, 99],
              "number": ["10001", "99999"], "round": [1, 2, 9], "team": [1, 2, 99]}  # a team event's matches
    pages, statuses = {}, {}
    with TestClient(app) as visitor:
        for path, _methods in urls(app.routes, values):
            reply = visitor.get(path)
            assert reply.status_code < 500, path
            pages[path], statuses[path] = words(reply.text), reply.status_code
        for search in ("/players?name=", "/api/players?name="):  # what a search by name finds
            for name in ("a", "Holm", "Eva Lund"):
                reply = visitor.get(search + name)
                assert reply.status_code == 200, search + name
                pages[search + name] = words(reply.text)
            assert "10001" in pages[search + "Holm"]
        api = visitor.get(f"/api/clubs/{CLUB}/sessions/{uid}").json()
    assert len(pages) > 30
    assert statuses["/operator"] == statuses["/api/operator"] == 401  # a visitor has not the operator's login
    found = leaks(pages, secrets(ingest))
    assert found == [], "\n".join(found)
    shown = "".join(pages.values())
    assert all(hand in shown for hand in over_hands(ingest))
    assert api["standings"] == standings_over(ingest)
    assert "played them: boards 5, 6." in pages[f"/club/{CLUB}/{uid}/pair/3"]
    assert [b["board"] for b in api["setup"]["boards"] if b["deal"]] == [3, 4]
