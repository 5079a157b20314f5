"""Player search by name at the center (issue 23, "For the operator"): a page and ``/api/players
?name=``, any case, the name's own ``%`` and ``_`` taken as written, a page at a time, and nothing
but what a session's set-up shows anyone (``tests/test_fair_play.py`` crawls the search too)."""

from __future__ import annotations

from starlette.testclient import TestClient

from bridgetable.central import web
from bridgetable.central.db import PAGE, CentralDb

from .test_pages import CLUB, PLAYING, center  # noqa: F401 (center: the pages' fixture)


def test_a_player_found_by_part_of_the_name_in_any_case(center: str) -> None:  # noqa: F811
    with TestClient(web.create_app(center)) as client:
        page = client.get("/players?name=hOLm", headers={"Accept-Language": "de"})
        assert page.status_code == 200 and "<h2>Spieler suchen</h2>" in page.text
        assert 'href="/player/10001">Ann Holm</a>' in page.text and "Bo Dahl" not in page.text
        assert f"{CLUB}, {PLAYING}" in page.text  # the two clubs of its two sessions
        eva = client.get("/players?name=eva").text
        assert "<td class=\"text\">Eva Lund</td>" in eva  # no national number: no player page to link
        api = client.get("/api/players?name=ann").json()
        assert [(p["name"], p["number"], p["sessions"], p["clubs"]) for p in api] == [
            ("Ann Holm", "10001", 2, f"{CLUB}, {PLAYING}")]
        assert set(api[0]) == {"name", "number", "sessions", "clubs", "last"}
        for literal in ("%", "_", "\\"):  # a wildcard of SQL is a character like any other
            assert client.get("/api/players", params={"name": literal}).json() == []
        none = client.get("/players?name=%25", headers={"Accept-Language": "da"}).text
        assert "Ingen spiller med det navn er nået frem til centralen." in none
        form = client.get("/players").text
        assert 'name="name"' in form and 'id="players"' not in form  # no name yet: the form alone
        asked = client.get("/api/players", headers={"Accept-Language": "nl"})
        assert asked.status_code == 400 and "/api/players?name=" in asked.json()["error"]


def test_the_players_found_come_a_page_at_a_time(central_url: str) -> None:
    db = CentralDb(central_url)
    try:
        db.db.execute("INSERT INTO clubs (club) VALUES (%s)", (CLUB,))
        db.db.execute("INSERT INTO sessions (club, session, event) VALUES (%s, 's1', 'Evening')", (CLUB,))
        db.db.execute("INSERT INTO players SELECT %s, 's1', n, 'Spiller ' || lpad(n::text, 3, '0'), "
                      "n::text FROM generate_series(1, %s) n", (CLUB, PAGE + 5))
    finally:
        db.close()
    with TestClient(web.create_app(central_url)) as client:
        first = client.get("/api/players?name=spiller")
        assert [p["name"] for p in first.json()][:2] == ["Spiller 001", "Spiller 002"]
        assert len(first.json()) == PAGE
        assert first.headers["link"] == '</api/players?name=spiller&page=2>; rel="next"'
        second = client.get("/api/players?name=spiller&page=2")
        assert len(second.json()) == 5 and "link" not in second.headers
        page = client.get("/players?name=spiller").text
        assert page.count('<a href="/player/') == PAGE
        assert 'href="?name=spiller&amp;page=2" rel="next">More players</a>' in page
        last = client.get("/players?name=spiller&page=2").text
        assert 'href="?name=spiller&amp;page=1" rel="prev">Previous players</a>' in last
        beyond = client.get("/api/players?name=spiller&page=3")
        assert beyond.status_code == 404 and "has no page 3" in beyond.json()["error"]
