"""The center's read side at scale (issue 23, item 11): a club's and a player's sessions a page at a
time, a session scored again only when a result arrived, the sessions being played found by an
index."""

from __future__ import annotations

from pathlib import Path

import psycopg
import pytest
from starlette.testclient import TestClient

from bridgetable.central import web
from bridgetable.central.db import PAGE, CentralDb, Message, Outcome
from bridgetable.director.upstream import result_message

from .test_pages import CLUB, PLAYING, UID, center, played  # noqa: F401 (center: the pages' fixture)


@pytest.fixture
def many(central_url: str) -> str:
    """CLUB with 2 * PAGE + 20 sessions, a day apart, the newest last; player 10001 in each."""
    db = CentralDb(central_url)
    try:
        db.db.execute("INSERT INTO clubs (club) VALUES (%s)", (CLUB,))
        db.db.execute("INSERT INTO sessions (club, session, event, created) SELECT %s, "
                      "'s' || lpad(n::text, 3, '0'), 'Evening', now() - (200 - n) * interval '1 day' "
                      "FROM generate_series(1, %s) n",
                      (CLUB, 2 * PAGE + 20))
        db.db.execute("INSERT INTO players SELECT club, session, 1, 'Ann Holm', '10001' FROM sessions")
    finally:
        db.close()
    return central_url


def test_a_clubs_sessions_come_a_page_at_a_time_newest_first(many: str) -> None:
    with TestClient(web.create_app(many)) as client:
        first = client.get(f"/club/{CLUB}")
        assert first.status_code == 200 and first.text.count("data-session=") == PAGE
        assert 'data-session="s120"' in first.text and 'data-session="s071"' in first.text
        assert 'href="?page=2" rel="next">Older sessions' in first.text and 'rel="prev"' not in first.text
        last = client.get(f"/club/{CLUB}?page=3")
        assert last.text.count("data-session=") == 20 and 'data-session="s001"' in last.text
        assert 'href="?page=2" rel="prev">Newer sessions' in last.text and 'rel="next"' not in last.text
        beyond = client.get(f"/club/{CLUB}?page=4")
        assert beyond.status_code == 404 and "has no page 4 of sessions" in beyond.text
        wrong = client.get(f"/club/{CLUB}?page=x", headers={"Accept-Language": "de"})
        assert wrong.status_code == 404 and "Seite &#39;x&#39;: eine Seite ist eine Zahl ab 1" in wrong.text
        api = client.get(f"/api/clubs/{CLUB}/sessions?page=2")
        assert [s["session"] for s in api.json()][:2] == ["s070", "s069"] and len(api.json()) == PAGE
        assert api.headers["link"] == f'</api/clubs/{CLUB}/sessions?page=3>; rel="next"'
        assert "link" not in client.get(f"/api/clubs/{CLUB}/sessions?page=3").headers
        unknown = client.get("/club/Nowhere")
        assert unknown.status_code == 404
        assert "No session of club &#39;Nowhere&#39; has reached the center" in unknown.text
        assert client.get("/api/clubs/Nowhere/sessions?page=2").status_code == 404


def test_a_players_sessions_come_a_page_at_a_time(many: str) -> None:
    with TestClient(web.create_app(many)) as client:
        first = client.get("/player/10001")
        assert first.text.count(f'<a href="/club/{CLUB}/s') == PAGE and "/s120" in first.text
        assert 'href="?page=2" rel="next">Older sessions' in first.text
        assert client.get("/player/10001?page=3").text.count(f'<a href="/club/{CLUB}/s') == 20
        beyond = client.get("/player/10001?page=4", headers={"Accept-Language": "da"})
        assert beyond.status_code == 404 and "Spiller 10001 har ingen side 4 med turneringer" in beyond.text
        api = client.get("/api/players/10001?page=2")
        assert len(api.json()) == PAGE and api.headers["link"] == '</api/players/10001?page=3>; rel="next"'
        assert client.get("/player/20002").status_code == 200  # no session yet: the page says so


def test_a_session_is_scored_again_only_when_a_result_arrived(center: str, tmp_path: Path) -> None:  # noqa: F811
    app = web.create_app(center)
    with TestClient(app) as client:
        for _ in range(3):
            assert client.get(f"/club/{PLAYING}/{UID}").status_code == 200
        assert client.get(f"/club/{PLAYING}/{UID}/board/1").status_code == 200
        assert "standings" in client.get(f"/api/clubs/{PLAYING}/sessions/{UID}").json()
        assert app.state.scored.scored == 1  # five requests, one scoring
        (tmp_path / "again").mkdir()
        sixth = played(tmp_path / "again").store.results("mandag")[5]  # the same play: its sixth result
        db = CentralDb(center)
        try:
            assert db.ingest([Message(PLAYING, result_message(sixth, UID))]) == [Outcome(True)]
        finally:
            db.close()
        api = client.get(f"/api/clubs/{PLAYING}/sessions/{UID}").json()
        assert app.state.scored.scored == 2 and len(api["results"]) == 6
        travellers = api["standings"]["travellers"]
        rows = [row for board in travellers for value in board.values() if isinstance(value, list)
                for row in value]
        assert len(rows) == 6  # scored with it


def test_the_sessions_being_played_are_found_by_an_index(center: str) -> None:  # noqa: F811
    with psycopg.connect(center, autocommit=True) as db:
        db.execute("SET enable_seqscan = off")  # a plan that can use an index must
        plan = "\n".join(row[0] for row in db.execute(
            "EXPLAIN SELECT club, session, max(received) FROM results "
            "WHERE received > now() - interval '30 minutes' GROUP BY club, session"))
    assert "results_by_received" in plan
    with TestClient(web.create_app(center)) as client:
        assert [s["club"] for s in client.get("/api/live").json()] == [PLAYING]
