"""The station's web pages: through Starlette's TestClient, and the live event stream through a
real uvicorn server on a free port."""

import re
import threading
import time

import httpx
import pytest
import uvicorn
from starlette.testclient import TestClient

from bridgetable.director import web
from bridgetable.director.ingest import Ingest
from bridgetable.director.session import Session
from bridgetable.director.store import DIRECTOR_REVISIONS, SQLiteStore
from bridgetable.link.broker import free_port

from .helpers import new_session, received, result_message

PASSWORD = "s3cret"


@pytest.fixture
def ingest(tmp_path):
    return Ingest(new_session(tmp_path))


@pytest.fixture
def client(ingest):
    with TestClient(web.create_app(ingest, password=PASSWORD)) as c:
        yield c


def send(ingest, table, board, contract="4S", declarer="N", tricks=10):
    ingest.store_result(received(result_message(ingest.session, table, board, contract, declarer, tricks)))


def test_ranking_page_shows_results_and_updates_its_fragment(client, ingest):
    page = client.get("/")
    assert page.status_code == 200 and "No results yet" in page.text and 'src="/live.js"' in page.text
    assert "EventSource" in client.get("/live.js").text
    send(ingest, 1, 1)
    send(ingest, 4, 1, tricks=9)
    assert "No results yet" in client.get("/fragment/ranking").text  # board 1 is still in play
    log_in(client)
    fragment = client.get("/fragment/ranking").text
    # board 1 is played 3 times: 2 of 2 with two results in is 3.5 of 4 by Neuberg
    assert "Ranking A NS" in fragment and "Ann &amp; Bob" in fragment and "87.50" in fragment
    client.post("/logout", data={"csrf": token(client, "/director")})
    last = next(a.table for a in ingest.session.movement.assignments
                if 1 in a.boards and a.table not in (1, 4))
    send(ingest, last, 1, tricks=8)
    fragment = client.get("/fragment/ranking").text  # board 1 over everywhere: everyone sees it
    assert "Ranking A NS" in fragment and "Ann &amp; Bob" in fragment and "100.00" in fragment


def test_traveller_has_the_hand_diagram_and_every_row_once_every_table_has_played_it(client, ingest):
    tables = [a.table for a in ingest.session.movement.assignments if 1 in a.boards]  # 1, 4 and another
    send(ingest, tables[0], 1)
    send(ingest, tables[1], 1, contract="3NT", declarer="S", tricks=8)
    page = client.get("/board/1").text
    assert 'id="withheld"' in page and "♠" not in page and "3NT" not in page  # a table still to play it
    log_in(client)
    page = client.get("/board/1").text  # the director sees it all
    assert page.count("♠") >= 4 and "3NT" in page and "withheld" not in page
    client.post("/logout", data={"csrf": token(client, "/director")})
    send(ingest, tables[2], 1, contract="2H", declarer="E", tricks=8)
    page = client.get("/board/1").text
    assert page.count("♠") >= 4 and "North" in page and "West" in page
    assert "3NT" in page and "4" in page and 'id="withheld"' not in page
    assert client.get("/board/99").status_code == 404


def test_a_score_card_shows_how_a_board_went_only_once_every_table_has_played_it(client, ingest):
    tables = [a for a in ingest.session.movement.assignments if 1 in a.boards]
    send(ingest, tables[0].table, 1, contract="3NT", declarer="S", tricks=8)
    card = client.get(f"/pair/{tables[0].ns}").text
    assert 'id="in-play"' in card and "boards 1." in card and "3NT" not in card  # nor its points
    assert 'id="card-total">0.00<' in card and 'data-board="1"' not in card
    for a in tables[1:]:
        send(ingest, a.table, 1)
    card = client.get(f"/pair/{tables[0].ns}").text
    assert "3NT" in card and 'id="in-play"' not in card and 'data-board="1"' in card


def test_traveller_shows_the_alerted_calls(client, ingest):
    tables = sorted({a.table for a in ingest.session.movement.assignments if 1 in a.boards})
    for table in tables:  # the traveller is shown once every table has played the board
        message = result_message(ingest.session, table, 1, "4S", "N", 10)
        if table == tables[0]:
            message["alerts"] = [next(i for i, call in enumerate(message["auction"]) if call != "Pass")]
        ingest.store_result(received(message))
    page = client.get("/board/1").text
    spades = '4<span class="black">♠</span>'  # the calls in the reader's notation, the suit in colour
    assert page.count(spades + "! ") == 1 and page.count(spades + " ") >= len(tables) - 1


def played_everywhere(ingest, board):
    for a in ingest.session.movement.assignments:
        if board in a.boards:
            send(ingest, a.table, board)


def test_printable_results_page(client, ingest):
    send(ingest, 1, 1)
    assert 'class="traveller"' not in client.get("/results").text  # board 1 is still in play
    played_everywhere(ingest, 1)
    page = client.get("/results").text
    assert page.count('class="traveller"') == 1 and "Ranking A EW" in page


def test_standings_json(client, ingest):
    send(ingest, 1, 1)
    assert client.get("/api/standings").json() == {"ranking": [], "travellers": []}  # still in play
    log_in(client)
    assert client.get("/api/standings").json()["travellers"][0]["board"] == 1  # the director's
    client.post("/logout", data={"csrf": token(client, "/director")})
    played_everywhere(ingest, 1)
    data = client.get("/api/standings").json()
    assert [t["board"] for t in data["travellers"]] == [1]
    assert {e["pair"] for e in data["ranking"]} == {p for a in ingest.session.movement.assignments
                                                    if 1 in a.boards for p in (a.ns, a.ew)}


def test_table_status_page_shows_director_calls(client, ingest):
    ingest.on_state({"schema": 1, "kind": "state", "table": 3, "status": "online", "round": 2, "board": 5,
                     "director_call": True, "detail": "lead out of turn"})
    page = client.get("/tables").text  # what the call is about only to the director (it may name a card)
    assert "director called" in page and "lead out of turn" not in page and 'class="call"' in page
    log_in(client)
    page = client.get("/tables").text
    assert "called: lead out of turn" in page and 'class="call"' in page


def token(client, path="/login"):
    """The CSRF token in the forms of the page at ``path``."""
    return re.search(r'name="csrf" value="([^"]+)"', client.get(path).text).group(1)


def log_in(client, name="Tom", password=PASSWORD):
    return client.post("/login", data={"name": name, "password": password, "csrf": token(client)})


def test_director_pages_need_the_login_and_act_with_an_audit_trail(client, ingest):
    assert client.get("/director", follow_redirects=False).headers["location"] == "/login"
    refused = log_in(client, "td", "guess")
    assert "wrong password" in refused.text
    log_in(client)
    send(ingest, 1, 1)
    csrf = token(client, "/director")
    page = client.post("/director", data={"action": "result", "table": "1", "board": "1", "csrf": csrf,
                                          "contract": "4SX", "declarer": "N", "tricks": "10"}).text
    assert f"stored as revision {DIRECTOR_REVISIONS}" in page
    page = client.post("/director", data={"action": "adjust", "table": "4", "board": "1", "csrf": csrf,
                                          "adjusted": "A+/A-"}).text
    assert "adjusted 60/40" in page and "Tom" in page
    page = client.post("/director", data={"action": "adjust", "table": "4", "board": "1", "csrf": csrf,
                                          "adjusted": "maybe"}).text
    assert "refused: not an adjusted score" in page
    assert [e.action for e in ingest.session.store.audit_trail(ingest.session.id)] == ["correct", "adjust"]


def test_the_director_lets_the_kibitzers_watch_the_live_tables(client, ingest, tmp_path):
    for seq, call in enumerate(["1NT", "Pass", "3NT"]):
        ingest.on_live({"schema": 1, "kind": "live", "session": ingest.session.id, "table": 2, "board": 3,
                        "round": 1, "seq": seq, "event": "call", "value": call, "seat": "NESW"[seq]})
    page = client.get("/live/2").text
    assert 'id="hands-hidden"' in page and "3NT" not in page and 'id="live-auction"' not in page
    log_in(client)
    assert "3NT" in client.get("/fragment/live/2").text  # the director sees the board being played
    page = client.post("/director", data={"action": "kibitzers", "on": "1",
                                          "csrf": token(client, "/director")}).text
    assert "show everyone the boards being played" in page and 'name="on" value="0"' in page
    client.post("/logout", data={"csrf": token(client, "/director")})
    page = client.get("/live/2").text  # everyone now, the hands too
    assert "3NT" in page and 'class="compass"' in page and 'id="hands-hidden"' not in page
    assert Session.load(SQLiteStore(tmp_path / "station.db"), ingest.session.id).setup.kibitzers  # kept
    log_in(client)
    client.post("/director", data={"action": "kibitzers", "on": "0", "csrf": token(client, "/director")})
    client.post("/logout", data={"csrf": token(client, "/director")})
    assert "3NT" not in client.get("/live/2").text
    assert [(e.action, e.detail) for e in ingest.session.store.audit_trail(ingest.session.id)] == [
        ("kibitzers", "on"), ("kibitzers", "off")]


def test_event_stream_announces_a_new_result(ingest, monkeypatch):
    monkeypatch.setattr(web, "KEEPALIVE", 0.2)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(web.create_app(ingest, password=PASSWORD), host="127.0.0.1",
                                           port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.02)
        seen = []
        with httpx.stream("GET", f"http://127.0.0.1:{port}/events", timeout=10) as reply:
            for line in reply.iter_lines():
                seen.append(line)
                if line.startswith("retry"):
                    threading.Thread(target=send, args=(ingest, 2, 3)).start()
                if line == "event: result":
                    break
        assert "event: result" in seen
    finally:
        server.should_exit = True
        thread.join(timeout=10)
    assert not thread.is_alive()


RESULT = {"action": "result", "table": "1", "board": "1", "contract": "4SX", "declarer": "N", "tricks": "10"}


def test_a_post_without_the_token_or_from_another_origin_is_refused(client, ingest):
    log_in(client)
    csrf = token(client, "/director")
    refusals = [
        ({**RESULT}, {}, "did not come from this station"),
        ({**RESULT, "csrf": "guessed"}, {}, "did not come from this station"),
        ({**RESULT, "csrf": csrf}, {"Origin": "http://evil.example"}, "posted from http://evil.example"),
        ({**RESULT, "csrf": csrf}, {"Origin": "http://testserver:8081"}, "posted from http://testserver:8081"),
        ({**RESULT, "csrf": csrf}, {"Referer": "http://evil.example/form"}, "posted from another site"),
    ]
    for data, headers, reason in refusals:
        page = client.post("/director", data=data, headers=headers)
        assert page.status_code == 403 and reason in page.text
    assert ingest.session.store.results(ingest.session.id) == []
    page = client.post("/director", data={**RESULT, "csrf": csrf}, headers={"Origin": "http://testserver"})
    assert page.status_code == 200 and "stored as revision" in page.text
    assert client.post("/login", data={"password": PASSWORD}).status_code == 403  # the login form too


def test_wrong_passwords_are_throttled_per_client(client):
    for _ in range(5):
        assert "wrong password" in log_in(client, password="guess").text
    throttled = log_in(client)  # even the right password waits now
    assert throttled.status_code == 429 and "too many wrong passwords: try again in" in throttled.text
    assert client.get("/director", follow_redirects=False).headers["location"] == "/login"


def test_logout_ends_the_directors_session(client):
    log_in(client)
    assert client.get("/director").url.path == "/director"
    assert client.post("/logout", data={}).status_code == 403  # without the token: refused
    client.post("/logout", data={"csrf": token(client, "/director")})
    assert client.get("/director", follow_redirects=False).headers["location"] == "/login"


def test_every_page_forbids_framing_and_foreign_scripts_and_the_cookie_is_secure_over_tls(ingest):
    app = web.create_app(ingest, password=PASSWORD)
    with TestClient(app) as plain, TestClient(app, base_url="https://testserver") as tls:
        assert "secure" not in plain.get("/login").headers["set-cookie"].lower()  # the first visit
        assert "; Secure" in tls.get("/login").headers["set-cookie"]
        for path in ("/", "/login", "/tables", "/board/1"):
            headers = plain.get(path).headers
            assert "frame-ancestors 'none'" in headers["content-security-policy"]
            assert "script-src 'self';" in headers["content-security-policy"]
            assert headers["x-frame-options"] == "DENY"


class Rounds:
    """The station's rounds as the web pages use them (director.station.Station in the station)."""

    def __init__(self):
        self.round, self.done = 1, []

    def resend(self, actor):
        self.done.append(("resend", actor))
        return self.round

    def advance(self, actor):
        self.done.append(("advance", actor))
        self.round += 1
        return self.round

    def progress(self):  # no round clock
        return {}

    def not_started(self, actor, table, round_):
        self.done.append(("not started", actor))
        return []


def test_the_director_sends_the_round_again_or_starts_the_next(ingest):
    rounds = Rounds()
    with TestClient(web.create_app(ingest, password=PASSWORD, rounds=rounds)) as client:
        log_in(client)
        csrf = token(client, "/director")
        for action in ("resend", "advance"):  # the box "confirm" unticked: refused, nothing done
            page = client.post("/director", data={"action": action, "csrf": csrf}).text
            assert "refused: tick the box to confirm" in page
        assert page.count('name="confirm" value="yes" required') == 2
        assert "round 1 sent to the tables again" in client.post(
            "/director", data={"action": "resend", "csrf": csrf, "confirm": "yes"}).text
        assert "round 2 started" in client.post("/director", data={"action": "advance", "csrf": csrf,
                                                                   "confirm": "yes"}).text
    assert rounds.done == [("resend", "Tom"), ("advance", "Tom")]


def test_a_cookie_taken_before_a_logout_opens_nothing_after_it(ingest):
    """Issue 26: a copy of the director's cookie still opened /director and posted a result after
    the logout. The logout forgets every login issued before it, on the station."""
    app = web.create_app(ingest, password=PASSWORD)
    with TestClient(app) as director, TestClient(app) as thief, TestClient(app) as other:
        log_in(director)
        log_in(other, "Ann")  # another director's login, on another browser
        thief.cookies.set("session", director.cookies["session"])
        csrf = token(thief, "/director")  # the copy works until the logout
        director.post("/logout", data={"csrf": token(director, "/director")})
        for browser in (thief, other):
            assert browser.get("/director", follow_redirects=False).headers["location"] == "/login"
        posted = thief.post("/director", follow_redirects=False, data={
            "action": "result", "table": "1", "board": "1", "csrf": csrf, "contract": "7NT",
            "declarer": "N", "tricks": "13"})
        assert posted.headers["location"] == "/login"
        assert ingest.session.store.results(ingest.session.id) == []
        send(ingest, 1, 1)  # a board still in play: its hands are the director's only
        assert thief.get("/board/1").text == other.get("/board/1").text
        log_in(other, "Ann")
        assert thief.get("/board/1").text != other.get("/board/1").text


def test_a_new_password_ends_every_session_and_the_old_password_no_longer_logs_in(ingest):
    app = web.create_app(ingest, password=PASSWORD)
    with TestClient(app) as director, TestClient(app) as thief:
        log_in(director)
        thief.cookies.set("session", director.cookies["session"])
        short = director.post("/director", data={"action": "password", "password": "short",
                                                 "csrf": token(director, "/director")})
        assert "refused: a password has at least 8 characters" in short.text
        assert thief.get("/director").url.path == "/director"  # a refused change ends nothing
        changed = director.post("/director", follow_redirects=False, data={
            "action": "password", "password": "new secret 2", "csrf": token(director, "/director")})
        assert changed.headers["location"] == "/login"
        for browser in (director, thief):
            assert browser.get("/director", follow_redirects=False).headers["location"] == "/login"
        assert "wrong password" in log_in(director).text
        log_in(director, password="new secret 2")
        assert director.get("/director").url.path == "/director"


def test_the_ranking_shows_the_factored_total_of_a_pair_with_fewer_boards(client, ingest):
    """Table 1 has played boards 1 and 2, table 4 only board 1: table 4's pairs are given their
    total scaled to two boards beside the raw one; table 1's, who played both, none."""
    send(ingest, 1, 1)
    send(ingest, 1, 2, contract="3NT", declarer="S", tricks=9)
    send(ingest, 4, 1, tricks=9)
    log_in(client)
    fragment = client.get("/fragment/ranking").text
    assert "Factored" in fragment
    entries = {e.pair: e for group in ingest.live.standings().ranking.values() for e in group}
    at = ingest.session.movement.at(1, 4)
    late, full = entries[at.ns], entries[ingest.session.movement.at(1, 1).ns]
    assert (late.boards, full.boards, full.factored) == (1, 2, None)
    assert late.factored == late.total * full.top / late.top
    row = re.search(rf'<tr data-pair="{at.ns}">.*?</tr>', fragment, re.S)
    assert row is not None and f'<td class="factored">{late.factored:.2f}</td>' in row.group(0)


def test_the_pair_page_names_its_players_with_their_numbers(client, ingest):
    """The numbers the players keyed at the table (director.members), a guest's 0 as a guest."""
    send(ingest, 1, 1)
    send(ingest, 1, 2, contract="3NT", declarer="S", tricks=9)
    ingest.session.setup.numbers[1] = [{"national": "12345", "club": "C17", "name": "Ann Andersen"},
                                       {"national": "0", "club": "", "name": ""}]
    log_in(client)
    page = client.get("/pair/1").text
    assert '<p id="players">Ann Andersen (no. 12345), (guest)</p>' in page
