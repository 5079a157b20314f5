"""The station's pages in the visitor's language: chosen on the pages (?lang=, kept in a cookie),
else by the browser's Accept-Language, else the station's --language; every text of the templates
and of the director's messages through the ``station`` catalogue, the game's notation through
``i18n.notation``; concurrent visitors in different languages never mixed."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import httpx
import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from starlette.testclient import TestClient

from bridgetable import i18n
from bridgetable.director import actions, web, websecurity
from bridgetable.director.exports import results_html, session_pbn, usebio_xml
from bridgetable.director.ingest import Ingest

from ..i18n_scan import untranslated_literals, untranslated_template_text
from .helpers import new_session, received, result_message
from .pages import chromium, keep_screenshot, serve

DIRECTOR = Path(web.__file__).parent
PASSWORD = "pw"
# What each language's board page says, from the seeds' words (GLOSSARY.md): the heading's
# board, dealer and vulnerability, the traveller's contract, tricks and lead, the notation of a
# contract of 3 no trump and of a pass, East's letter and East-West (in a heading written as a constant:
# ``{{ "EW"|side }}``, which Jinja would fold into the template in its first visitor's language).
BOARD_PAGE = {
    "en": ["Board 1", "Dealer: North", "Vulnerable: None", "Contract", "Tricks", "Lead", "3NT", "Pass",
           ">E<", ">EW<"],
    "da": ["Spil 1", "Giver: Nord", "Zone: Ingen", "Kontrakt", "Stik", "Udspil", "3UT", "Pas", ">Ø<",
           ">ØV<"],
    "de": ["Board 1", "Teiler: Nord", "Gefahr: Keiner", "Kontrakt", "Stiche", "Ausspiel", "3SA", "Pass",
           ">O<", ">OW<"],
    "nl": ["Spel 1", "Gever: Noord", "Kwetsbaar: Niemand", "Contract", "Slagen", "Uitkomst", "3SA", "Pas",
           ">O<", ">OW<"],
    "hu": ["1. osztás", "Osztó: Észak", "Zóna: Senki", "Szerződés", "Ütések", "Indítás", "3SA", "Passz",
           ">K<", ">KNy<"],
}
RANKING_PAGE = {"en": "Ranking", "da": "Resultatliste", "de": "Rangliste", "nl": "Uitslag",
                "hu": "Eredménylista"}


@pytest.fixture
def ingest(tmp_path):
    ingest = Ingest(new_session(tmp_path))
    for assignment in ingest.session.movement.assignments:  # board 1 at every table: its page is open
        if 1 in assignment.boards:
            ingest.store_result(received(result_message(ingest.session, assignment.table, 1, "3NT", "S", 9)))
    return ingest


@pytest.fixture
def client(ingest):
    with TestClient(web.create_app(ingest, password=PASSWORD)) as c:
        yield c


def text_of(page: str) -> str:
    """A page's text as a reader sees it (suits in colour are spans)."""
    return re.sub(r"<(?!/?th>|/?td>)[^>]+>", "", page)


@pytest.mark.parametrize("language", sorted(BOARD_PAGE))
def test_the_board_page_speaks_the_browsers_language(client, language):
    page = client.get("/board/1", headers={"Accept-Language": f"{language};q=0.9, sv;q=1"})
    assert page.headers["content-language"] == language and f'<html lang="{language}">' in page.text
    shown = text_of(page.text)
    for words in BOARD_PAGE[language]:
        assert words in shown, (language, words)
    assert f">{RANKING_PAGE[language]}</a>" in page.text  # the menu


@pytest.mark.parametrize("language", sorted(RANKING_PAGE))
def test_the_ranking_page_speaks_the_browsers_language(client, language):
    page = client.get("/", headers={"Accept-Language": language}).text
    assert f"{RANKING_PAGE[language]} A " in page and "Ann &amp; Bob" in page


NAVIGATION = {"en": "Printable results", "da": "Resultater til udskrift", "de": "Ergebnisse zum Drucken",
              "nl": "Uitslag om af te drukken", "hu": "Nyomtatható eredmények"}
PAGE_WORDS = {  # a word of each page in each language (en, da, de, nl, hu)
    "/pair/1": ("Against", "Mod", "Gegen", "Tegen", "Ellenfél"),
    "/tables": ("Phase", "Fase", "Phase", "Fase", "Szakasz"),
    "/live/1": ("Trick", "Stik", "Stich", "Slag", "Ütés"),
    "/results": ("Tricks", "Stik", "Stiche", "Slagen", "Ütések"),
    "/director": ("Audit trail", "Logbog", "Protokoll", "Logboek", "Napló"),
    "/director/tempo": ("Hesitations", "Tøven", "Zögern", "Aarzelingen", "Habozások"),
    "/login": ("Password", "Adgangskode", "Passwort", "Wachtwoord", "Jelszó"),
    "/board/99": ("There is no board 99", "Der er intet spil 99", "Es gibt kein Board 99",
                  "Er is geen spel 99", "Nincs 99. osztás"),
}


def test_every_page_in_every_language(client, ingest):
    ingest.on_state({"schema": 1, "kind": "state", "table": 1, "status": "online", "round": 1, "board": 1,
                     "phase": "play", "director_call": True, "detail": "revoke"})
    events = [("call", "1NT", "N"), ("call", "Pass", "E"), ("card", "HQ", "E")]
    for seq, (kind, value, seat) in enumerate(events):
        ingest.on_live({"table": 1, "board": 1, "seq": seq, "event": kind, "value": value, "seat": seat})
    login = client.get("/login").text
    csrf = re.search(r'name="csrf" value="([^"]+)"', login)
    assert csrf is not None
    client.post("/login", data={"csrf": csrf[1], "password": PASSWORD})
    for index, language in enumerate(("en", "da", "de", "nl", "hu")):
        for path, words in PAGE_WORDS.items():
            page = client.get(path, headers={"Accept-Language": language})
            assert page.status_code == (404 if path == "/board/99" else 200), (path, language)
            assert f'<html lang="{language}">' in page.text, (path, language)
            assert NAVIGATION[language] in page.text, (path, language)
            assert words[index] in page.text, (path, language)
    live = text_of(client.get("/live/1", headers={"Accept-Language": "da"}).text)
    assert "1UT" in live and "Pas" in live and "♥D" in live  # the live table's calls and cards
    assert "spil" in client.get("/tables", headers={"Accept-Language": "da"}).text  # the table's phase


def test_a_team_match_names_unnamed_teams_in_the_readers_language(tmp_path):
    session = new_session(tmp_path, scoring="TEAMS",
                          movement={"kind": "teams", "boards": 8, "boards_per_round": 2})
    ingest = Ingest(session)
    ingest.store_result(received(result_message(session, 1, 1, "4S", "N", 10)))
    with TestClient(web.create_app(ingest, password=PASSWORD)) as client:
        heading = client.get("/", headers={"Accept-Language": "de"}).text.split("<h2>")[1]
        assert heading.startswith("Heim ") and "Gast" in heading and "SP" in heading
        session.setup.teams = {"home": "Lions", "away": "Tigers"}
        ingest.rescore()
        heading = client.get("/", headers={"Accept-Language": "de"}).text.split("<h2>")[1]
        assert heading.startswith("Lions ") and "Tigers" in heading


def test_the_station_language_serves_a_browser_that_asks_for_none_of_ours(ingest):
    with TestClient(web.create_app(ingest, password=PASSWORD, language="de")) as german:
        assert "Rangliste A" in german.get("/", headers={"Accept-Language": "sv, fr;q=0.5"}).text
        assert "Rangliste A" in german.get("/").text
        assert "Resultatliste A" in german.get("/", headers={"Accept-Language": "da"}).text


def test_the_language_menu_chooses_for_the_pages_that_follow(client):
    danish_browser = {"Accept-Language": "da"}
    chosen = client.get("/board/1?lang=hu", headers=danish_browser)
    assert "1. osztás" in chosen.text and "lang=hu" in chosen.headers["set-cookie"]
    assert "Path=/" in chosen.headers["set-cookie"]
    assert '<a href="?lang=hu" lang="hu" hreflang="hu" class="current"' in chosen.text
    later = client.get("/", headers=danish_browser)  # the cookie beats the browser's language
    assert 'lang="hu"' in later.text and "Eredménylista A" in later.text
    assert "set-cookie" not in later.headers
    fragment = client.get("/fragment/ranking", headers=danish_browser).text  # the live updates too
    assert "Eredménylista A" in fragment
    client.get("/?lang=en")
    assert "Ranking A" in client.get("/", headers=danish_browser).text


def test_an_unknown_choice_is_ignored(client):
    page = client.get("/?lang=xx", headers={"Accept-Language": "nl"})
    assert "Uitslag A" in page.text and "set-cookie" not in page.headers
    client.cookies.set("lang", "zz")
    assert "Uitslag A" in client.get("/", headers={"Accept-Language": "nl"}).text


def test_a_cache_keeps_each_language_apart(client):
    vary = client.get("/", headers={"Accept-Language": "da"}).headers["vary"]
    assert {part.strip() for part in vary.split(",")} >= {"Accept-Language", "Cookie"}


def test_the_directors_messages_speak_the_directors_language(client):
    login = client.get("/login?lang=da").text
    assert "Adgangskode" in login and "Log ind" in login
    csrf = re.search(r'name="csrf" value="([^"]+)"', login)
    assert csrf is not None
    assert "forkert adgangskode" in client.post("/login", data={"csrf": csrf[1], "password": "no"}).text
    client.post("/login", data={"csrf": csrf[1], "password": PASSWORD})
    page = client.get("/director").text
    token = re.search(r'name="csrf" value="([^"]+)"', page)
    assert token is not None and "Procedurestraf (lov 90)" in page
    answer = client.post("/director", data={"csrf": token[1], "action": "result", "table": "1", "board": "1",
                                            "contract": "4SX", "declarer": "E", "tricks": "9"}).text
    assert "bord 1 spil 1: 4♠D gemt som revision 1" in answer
    refused = client.post("/director", data={"csrf": token[1], "action": "penalty", "pair": "99",
                                             "points": "1"}).text
    assert "afvist: der er intet par 99 i denne turnering" in refused
    assert "<td>rettet</td>" in client.get("/director").text  # the audit trail's action


def test_concurrent_visitors_in_other_languages_are_never_mixed(ingest, monkeypatch):
    """Forty board pages asked for at once, in turn Danish and German: each request's language is
    its own while the others are in flight (the slow part of the page, in the thread pool, waits
    a little so that they overlap)."""
    board_values = web.board_values

    def slow(*args):
        time.sleep(0.05)
        return board_values(*args)

    monkeypatch.setattr(web, "board_values", slow)

    async def visit(url: str) -> list[tuple[str, str]]:
        async with httpx.AsyncClient(timeout=30) as http:
            languages = ["da", "de"] * 20
            pages = await asyncio.gather(*(http.get(f"{url}/board/1", headers={"Accept-Language": language})
                                           for language in languages))
            return [(language, page.text) for language, page in zip(languages, pages, strict=True)]

    with serve(ingest, password=PASSWORD) as url:
        answers = asyncio.run(visit(url))
    for language, page in answers:
        other = "de" if language == "da" else "da"
        shown = text_of(page)
        assert all(words in shown for words in BOARD_PAGE[language][:3]), language
        assert not any(words in shown for words in BOARD_PAGE[other][1:3]), language
        hands = " ".join(re.findall(r'<div class="suit-line">.*?</div>', page))  # ranks from the thread pool
        assert "D" in text_of(hands) and "Q" not in text_of(hands)  # the queen is D in both
    assert i18n.current() == i18n.SOURCE  # nothing leaked into the test's own context


def test_every_text_of_the_templates_goes_through_the_catalogue():
    found = [problem for template in sorted((DIRECTOR / "templates").glob("*.html"))
             for problem in untranslated_template_text(template)]
    assert found == []


NOTATION = ("Pass", "XX", "NT", "NS", "EW", "NESW", "WNES", "AKQJT98765432")  # standard, the engine's input
SCAN = {  # what each module may say without the catalogue: (calls whose texts are not read, texts)
    "web.py": (("Route", "Mount", "render", "get", "RedirectResponse", "JSONResponse", "PlainTextResponse",
                "StreamingResponse", "getLogger", "exception"),  # the log is the operator's, in English
               ("templates", "live.js", "static", "utf-8",  # its files
                "retry: 2000\n\n", ": keepalive\n\n", "event: ", "\ndata: ")),  # the event stream's protocol
    # the audit trail is the station's record, in English (its actions translated where shown)
    "actions.py": (("audit", "StoredResult", "_director_revision", "replace"),
                   ("correct", "enter", "ruling", *NOTATION, *actions.KEPT,  # a record's keys
                    *actions.BEFORE_A_BOARD)),  # and a table's phases, as its state names them
    "websecurity.py": (("get",), ("csrf", websecurity.CONTENT_SECURITY_POLICY)),
    "boardpage.py": (("compile",), NOTATION),  # a pattern read, not said
}


@pytest.mark.parametrize("module", sorted(SCAN))
def test_no_message_of_the_station_bypasses_the_catalogue(module):
    """What the director and the players read: the web pages' messages, the director's refusals,
    the security refusals, the board page's words; each exemption named above."""
    exempt_calls, allowed = SCAN[module]
    assert untranslated_literals(DIRECTOR / module, allowed=allowed, exempt_calls=exempt_calls,
                                 exempt_keywords=("media_type", "source", "status_code", "same_site")) == []


def test_the_ranking_and_a_board_page_in_danish_in_chromium(ingest, tmp_path):
    """A visitor picks Dansk in the pages' menu: the ranking, then a board page (the cookie keeps
    the choice), its traveller and the hand viewer's auction, drawn by the page's script, in the
    Danish seed's words and notation."""
    with serve(ingest, password=PASSWORD) as url, chromium(tmp_path / "chromium") as browser:
        browser.set_window_size(1100, 900)
        wait = WebDriverWait(browser, 10)
        browser.get(url + "/")
        browser.find_element(By.CSS_SELECTOR, '#languages a[lang="da"]').click()
        wait.until(lambda d: d.find_element(By.TAG_NAME, "html").get_attribute("lang") == "da")
        headings = [h.text for h in browser.find_elements(By.TAG_NAME, "h2")]
        assert "Resultatliste A NS" in headings and "Resultatliste A ØV" in headings
        header = browser.find_element(By.CSS_SELECTOR, 'table[data-group="A NS"] tr').text
        assert header.split() == ["Plac.", "Par", "Navne", "%", "Matchpoint", "Top", "Spil"]

        browser.find_element(By.CSS_SELECTOR, 'a[href="/board/1"]').click()  # the traveller under the ranking
        wait.until(lambda d: d.find_elements(By.ID, "viewer"))
        assert browser.find_element(By.TAG_NAME, "h2").text == "Spil 1 · Giver: Nord · Zone: Ingen"
        traveller = browser.find_element(By.CSS_SELECTOR, "table.traveller").text
        for words in ("Bord", "Kontrakt", "Spilfører", "Stik", "Udspil", "NS-score", "ØV", "3UT", "Pas"):
            assert words in traveller, words
        assert [h.text for h in browser.find_elements(By.CSS_SELECTOR, ".compass .hand b")] == \
            ["Nord", "Vest", "Øst", "Syd"]
        if browser.find_elements(By.ID, "analysis"):  # with the dd extra: the seats as Danes write them
            seats = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "tr[data-seat] th")]
            assert seats == ["N", "S", "Ø", "V"]

        browser.find_element(By.CSS_SELECTOR, 'tr[data-table="1"]').click()
        wait.until(lambda d: d.find_element(By.ID, "viewer").is_displayed())
        assert browser.find_element(By.ID, "viewer-title").text == "Bord 1: NS 1, ØV 5"
        assert [th.text for th in browser.find_elements(By.CSS_SELECTOR, ".viewer .auction th")] == \
            ["Vest", "Nord", "Øst", "Syd"]
        calls = [td.text for td in browser.find_elements(By.CSS_SELECTOR, "#auction-body td") if td.text]
        assert calls == ["Pas", "Pas", "3UT", "Pas", "Pas", "Pas"]  # board 1: North deals, South declares
        browser.find_element(By.ID, "next-trick").click()
        count = browser.find_element(By.ID, "trick-count").text
        assert re.fullmatch(r"Stik spillet: 1 · NS [01] · ØV [01]", count), count
        keep_screenshot(browser, "board-da")


def test_the_printable_results_speak_the_language_and_the_files_stay_standard(ingest):
    """The HTML export's headings and notation are the reader's; PBN and USEBIO keep their
    standard tags and notation whatever the language."""
    with i18n.speaking("da"):
        html = text_of(results_html(ingest.session))
        pbn, usebio = session_pbn(ingest.session), usebio_xml(ingest.session)
    assert "Resultatliste A NS" in html and "Kontrakt" in html and "NS-score" in html and "3UT" in html
    assert '[Contract "3NT"]' in pbn and '[Declarer "S"]' in pbn and "3UT" not in pbn
    assert "<CONTRACT>3NT</CONTRACT>" in usebio and "<PLAYED_BY>S</PLAYED_BY>" in usebio
    assert "3UT" not in usebio



def test_the_players_numbers_phase_is_named_in_the_readers_language() -> None:
    """The live tables' page names a table's phase (its state message) in Danish: the players'
    numbers at a session's first board too."""
    from bridgetable.director.templating import phase

    with i18n.speaking("da"):
        assert phase("players") == "spillernumre"
