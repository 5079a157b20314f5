"""The central server's pages in the visitor's language (issue 16): a club's sessions and results,
a player's page and the errors in Danish and German with the seeds' words, chosen by
Accept-Language, by the pages' language menu (kept in a cookie) or by ``--language``; concurrent
visitors in other languages never mix; no text of the pages bypasses the catalogue."""

from __future__ import annotations

import random
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from bridgetable.central import operator, web
from bridgetable.central.db import CentralDb, Message
from bridgetable.director.ingest import Ingest
from bridgetable.director.session import Session, SessionSetup, generated_boards
from bridgetable.director.store import SQLiteStore
from bridgetable.director.upstream import ranking_message, result_message, setup_message

from ..director.helpers import play_round
from ..i18n_scan import untranslated_literals, untranslated_template_text

CLUB = "nordklub"
UID = "0d1f5a0e7b6c4a4f9f3e2c1b0a998877"  # the session's identity, which the center's addresses use
PLAYING = "sydklub"
CENTRAL = Path(web.__file__).parent


def played(tmp_path: Path) -> Session:
    """Two rounds of a three-table Mitchell, the players with their national numbers."""
    setup = SessionSetup("mandag", "Mandagsturnering",
                         {"kind": "mitchell", "tables": 3, "boards_per_round": 2, "rounds": 2}, "MP",
                         pairs={1: "Ann Holm (10001) & Bo Dahl (10002)", 4: "Eva Lund & Finn Berg"}, uid=UID)
    session = Session.create(SQLiteStore(tmp_path / "station.db"), setup, generated_boards(6, seed=3))
    ingest = Ingest(session)
    rng = random.Random(16)
    for round_ in (1, 2):
        play_round(ingest, round_, rng)
    return session


@pytest.fixture
def center(central_url: str, tmp_path: Path) -> Iterator[str]:
    """The center's database, holding a finished session of CLUB (set-up, results, final ranking)
    and the same session of PLAYING, being played (no final ranking yet)."""
    session = played(tmp_path)
    results = session.store.results(session.id)
    db = CentralDb(central_url)
    try:
        db.ingest([Message(CLUB, setup_message(session)),
                   *(Message(CLUB, result_message(r, UID)) for r in results),
                   Message(CLUB, ranking_message(session, len(results))),
                   Message(PLAYING, setup_message(session)),
                   *(Message(PLAYING, result_message(r, UID)) for r in results[:5])])
    finally:
        db.close()
    yield central_url


@pytest.fixture
def client(center: str) -> Iterator[TestClient]:
    with TestClient(web.create_app(center)) as c:
        yield c


def test_every_text_of_the_central_pages_goes_through_the_catalogue() -> None:
    for template in sorted((CENTRAL / "templates").glob("*.html")):
        assert untranslated_template_text(template) == []
    assert untranslated_literals(
        CENTRAL / "web.py",
        exempt_calls={"render", "station_page", "Route", "Mount", "FileSystemLoader", "RedirectResponse",
                      "startswith", "get", "setdefault", "hasattr"},  # templates, paths, a path's start, keys
        exempt_keywords={"fallback"},  # a catalogue's name
        allowed={'href="/board/', 'href="/pair/', 'href="/match/',  # the station's links, made the center's
                 "Link", "?page=", '>; rel="next"'}) == []  # the next page's link, an HTTP header
    assert untranslated_literals(CENTRAL / "operator.py", exempt_calls={"get", "partition", "decode", "open"},
                                 allowed={"authorization", "basic", "payload", "refused", "waiting", "clubs",
                                          "error", "?", operator.REALM},  # HTTP's words
                                 exempt_keywords={"encoding"}) == []


def test_a_clubs_sessions_and_results_in_danish(client: TestClient) -> None:
    page = client.get(f"/club/{CLUB}", headers={"Accept-Language": "da-DK,da;q=0.9,en;q=0.5"})
    assert page.status_code == 200
    assert '<html lang="da">' in page.text and page.headers["content-language"] == "da"
    assert {"Accept-Language", "Cookie"} <= {v.strip() for v in page.headers["vary"].split(",")}
    assert f"Turneringer i {CLUB}" in page.text and "<th>Resultater</th>" in page.text
    assert "<td>ja</td>" in page.text  # the final ranking has come
    assert ">Klubber</a>" in page.text and ">Spilles nu</a>" in page.text and "<title>Forbundets" in page.text
    session = " ".join(client.get(f"/club/{CLUB}/{UID}", headers={"Accept-Language": "da"}).text.split())
    assert f"{CLUB}, turnering mandag: 12 resultater; endelig resultatliste modtaget." in session
    assert "Spillere:" in session and 'href="/player/10001">Ann Holm</a>' in session
    assert f'href="/club/{CLUB}/{UID}/board/1"' in session  # the station's ranking, linked under the club
    assert "Resultatliste" in session  # its words, from the station's catalogue


def test_the_stations_pages_at_the_center_in_its_words_and_the_centers_frame(client: TestClient) -> None:
    board = client.get(f"/club/{CLUB}/{UID}/board/1", headers={"Accept-Language": "da"}).text
    assert '<html lang="da">' in board and "Spil 1" in board and "Giver:" in board  # the station's words
    assert ">Klubber</a>" in board and f'href="/club/{CLUB}">{CLUB}</a>' in board  # the center's links
    assert 'href="/tables"' not in board and 'href="/director"' not in board  # not the station's
    card = client.get(f"/club/{CLUB}/{UID}/pair/1", headers={"Accept-Language": "de"}).text
    assert '<html lang="de">' in card and "Ann Holm (10001)" in card and "Stiche" in card


def test_the_sessions_being_played_in_dutch_and_hungarian(client: TestClient) -> None:
    page = client.get("/live", headers={"Accept-Language": "nl"}).text
    assert "<h2>Wordt nu gespeeld</h2>" in page and "<th>Laatste resultaat</th>" in page
    assert f'href="/club/{PLAYING}/{UID}"' in page and f'href="/club/{CLUB}/{UID}"' not in page
    assert f'href="/club/{PLAYING}/{UID}">mandag</a>' in page  # the session's name, its address its identity
    club = client.get(f"/club/{PLAYING}", headers={"Accept-Language": "hu"}).text
    assert f"{PLAYING} – versenyek" in club and "<td>folyik</td>" in club
    session = " ".join(client.get(f"/club/{PLAYING}/{UID}", headers={"Accept-Language": "hu"}).text.split())
    assert f"{PLAYING}, mandag verseny: 5 eredmény; még folyik." in session


def test_a_players_page_in_german(client: TestClient) -> None:
    page = client.get("/player/10002", headers={"Accept-Language": "de"})
    assert page.status_code == 200 and '<html lang="de">' in page.text
    assert "<h2>Spieler 10002</h2>" in page.text and "— Spieler 10002</title>" in page.text
    assert all(f"<th>{word}</th>" in page.text for word in ("Klub", "Turnier", "Paar", "Platz"))
    assert "Mandagsturnering" in page.text and f'href="/club/{CLUB}/{UID}"' in page.text
    assert "<td>25,00</td>" in page.text  # pair 1's percentage, as a German reader writes it
    nobody = client.get("/player/99999", headers={"Accept-Language": "de"}).text
    assert "Kein Turnier dieses Spielers ist bei der Zentrale angekommen." in nobody


PAGES = ("/", "/live", f"/club/{CLUB}", f"/club/{CLUB}/{UID}", f"/club/{CLUB}/{UID}/board/2",
         f"/club/{CLUB}/{UID}/pair/4", "/player/10001")
CENTRAL_NAV = {"en": ">Clubs</a>", "da": ">Klubber</a>", "de": ">Klubs</a>", "nl": ">Clubs</a>",
               "hu": ">Klubok</a>"}


@pytest.mark.parametrize("language", sorted(CENTRAL_NAV))
def test_every_page_in_every_language(client: TestClient, language: str) -> None:
    for path in PAGES:
        page = client.get(path, headers={"Accept-Language": language})
        assert page.status_code == 200, path
        assert f'<html lang="{language}">' in page.text and CENTRAL_NAV[language] in page.text, path


def test_errors_in_the_visitors_language(client: TestClient) -> None:
    page = client.get("/club/nowhere", headers={"Accept-Language": "da"})
    assert page.status_code == 404 and "Ingen turnering fra klubben &#39;nowhere&#39;" in page.text
    api = client.get("/api/clubs/nowhere/sessions", headers={"Accept-Language": "de"})
    assert api.status_code == 404
    assert api.json() == {"error": "kein Turnier des Klubs 'nowhere' ist bei der Zentrale angekommen"}
    board = client.get(f"/club/{CLUB}/{UID}/board/40", headers={"Accept-Language": "nl"})
    assert board.status_code == 404 and "heeft geen spel 40" in board.text
    setup = client.get(f"/club/{CLUB}/tirsdag", headers={"Accept-Language": "hu"})
    assert setup.status_code == 404 and "A központban nincsenek meg" in setup.text


def test_the_language_menu_overrides_the_browser_and_is_kept(client: TestClient) -> None:
    home = client.get("/", headers={"Accept-Language": "da"}).text
    for code, name in (("da", "Dansk"), ("de", "Deutsch"), ("nl", "Nederlands"), ("hu", "Magyar")):
        assert f'href="?lang={code}" lang="{code}" hreflang="{code}"' in home and f">{name}</a>" in home
    chosen = client.get("/?lang=de", headers={"Accept-Language": "da"})
    assert '<html lang="de">' in chosen.text and "<h2>Klubs</h2>" in chosen.text
    assert "lang=de;" in chosen.headers["set-cookie"]
    later = client.get(f"/club/{CLUB}", headers={"Accept-Language": "da"})  # the cookie goes along
    assert '<html lang="de">' in later.text and f"Turniere von {CLUB}" in later.text
    assert "set-cookie" not in later.headers
    unknown = client.get("/?lang=sv", headers={"Accept-Language": "da"})  # kept: German
    assert '<html lang="de">' in unknown.text and "set-cookie" not in unknown.headers


def test_the_servers_language_for_a_browser_that_asks_for_none_of_ours(center: str) -> None:
    with TestClient(web.create_app(center, language="nl")) as client:
        for asked in ({"Accept-Language": "fr-FR, sv;q=0.5"}, {}):
            page = client.get(f"/club/{CLUB}", headers=asked).text
            assert '<html lang="nl">' in page and f"Zittingen van {CLUB}" in page
        assert f"Sessions of {CLUB}" in client.get(f"/club/{CLUB}", headers={"Accept-Language": "en"}).text


def test_concurrent_visitors_each_read_their_own_language(client: TestClient) -> None:
    expected = {"da": "Turneringer i", "de": "Turniere von", "nl": "Zittingen van", "hu": "– versenyek",
                "en": "Sessions of"}
    asked = [language for _ in range(8) for language in expected]

    def visit(language: str) -> tuple[str, str]:
        return language, client.get(f"/club/{CLUB}", headers={"Accept-Language": language}).text

    with ThreadPoolExecutor(max_workers=10) as pool:
        pages = list(pool.map(visit, asked, timeout=60))
    for language, page in pages:
        assert f'<html lang="{language}">' in page and expected[language] in page
        assert all(text not in page for other, text in expected.items() if other != language)
