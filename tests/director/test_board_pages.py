"""The board page's hand viewer and a pair's score card, in headless Chromium, on a session the
real demo played to the end: each table's auction and play, trick by trick, the hands emptying as
the cards go; the score card sums to the ranking's total."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from bridgetable.bridge import Card, Deal, Seat
from bridgetable.director.ingest import Ingest
from bridgetable.director.replay import replay
from bridgetable.director.roundclock import RoundClock
from bridgetable.director.station import Station
from bridgetable.link import Broker
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.signing import DerivedKeys

from .helpers import CLUB, new_session, received, result_message
from .pages import chromium, finished_demo, keep_screenshot, serve
from .test_browser import log_in
from .test_roundclock import Clock
from .test_station import SECRET


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    directory = tmp_path_factory.mktemp("demo")
    ingest = Ingest(finished_demo(directory, tables=3, rounds=3))
    with serve(ingest) as url, chromium(directory / "chromium") as browser:
        browser.set_window_size(1100, 900)
        yield ingest, url, browser


def hand_cards(browser, seat: str) -> int:
    return int(browser.find_element(By.ID, f"hand-{seat}").get_attribute("data-cards"))


def shown_hand(browser, seat: str) -> list[str]:
    """The ranks shown in each suit line of a seat's hand, "—" for a void."""
    lines = browser.find_elements(By.CSS_SELECTOR, f"#hand-{seat} .suit-line")
    return [line.text[1:].strip() for line in lines]


def test_stepping_through_a_tables_play_to_trick_13(demo):
    ingest, url, browser = demo
    row = ingest.traveller(1)[1].result  # the second table to play board 1
    deal = Deal.parse(ingest.boards[1].deal)
    browser.get(f"{url}/board/1")
    assert browser.find_element(By.ID, "viewer").get_attribute("hidden") is not None  # nothing selected
    browser.find_element(By.CSS_SELECTOR, f'tr[data-table="{row.table}"]').click()
    wait = WebDriverWait(browser, 5)
    wait.until(lambda d: d.find_element(By.ID, "viewer").is_displayed())
    assert f"Table {row.table}" in browser.find_element(By.ID, "viewer-title").text
    # the auction as the table sent it, dealer's call first
    cells = [c.text for c in browser.find_elements(By.CSS_SELECTOR, "#auction-body td") if c.text]
    assert [c.replace("♠", "S").replace("♥", "H").replace("♦", "D").replace("♣", "C") for c in cells] \
        == row.record["auction"]
    assert all(hand_cards(browser, s) == 13 for s in "NESW")

    cards = [Card.parse(c) for c in row.record["play"]]
    tricks = replay(row, ingest.boards[1].dealer)["tricks"]
    for number in range(1, 14):
        browser.find_element(By.ID, "next-trick").click()
        count = browser.find_element(By.ID, "trick-count")
        assert count.get_attribute("data-tricks") == str(number)
        assert all(hand_cards(browser, s) == 13 - number for s in "NESW")
        played = set(cards[:4 * number])
        north = [c for c in deal[Seat.N] if c not in played]
        spades = " ".join(c.symbol[1:] for c in north if c.suit.letter == "S") or "—"
        assert shown_hand(browser, "N")[0] == spades
        winner = tricks[number - 1]["winner"]
        won = browser.find_element(By.CSS_SELECTOR, "#trick .winner")
        assert f"spot-{winner}" in won.get_attribute("class")
    declarer_side = "NS" if row.declarer in ("N", "S") else "EW"
    text = browser.find_element(By.ID, "trick-count").text
    assert f"{declarer_side} {row.tricks}" in text and "Tricks played: 13" in text
    assert shown_hand(browser, "S") == ["—"] * 4
    browser.find_element(By.ID, "next-card").click()  # nothing after the last card
    assert browser.find_element(By.ID, "trick-count").get_attribute("data-tricks") == "13"
    browser.find_element(By.ID, "prev-card").click()
    assert browser.find_element(By.ID, "trick-count").get_attribute("data-tricks") == "12"
    assert sum(hand_cards(browser, s) for s in "NESW") == 1
    browser.find_element(By.ID, "first").click()
    assert all(hand_cards(browser, s) == 13 for s in "NESW")


def test_a_link_selects_a_table_and_contracts_show_suit_symbols(demo):
    ingest, url, browser = demo
    row = ingest.traveller(2)[-1].result
    browser.get(f"{url}/board/2#table-{row.table}")
    WebDriverWait(browser, 5).until(lambda d: d.find_element(By.ID, "viewer").is_displayed())
    selected = browser.find_element(By.CSS_SELECTOR, "tr.selected")
    assert selected.get_attribute("data-table") == str(row.table)
    red = browser.find_elements(By.CSS_SELECTOR, "#hand-N .red")
    assert [e.text for e in red] == ["♥", "♦"]
    assert red[0].value_of_css_property("color") == "rgba(204, 0, 0, 1)"


def test_the_score_card_sums_to_the_rankings_total(demo):
    ingest, url, browser = demo
    standings = ingest.live.standings()
    for entries in standings.ranking.values():
        for entry in entries:
            browser.get(f"{url}/")
            browser.find_element(By.CSS_SELECTOR, f'tr[data-pair="{entry.pair}"] a').click()
            WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.ID, "card-total"))
            cells = browser.find_elements(By.CSS_SELECTOR, "table.scorecard td.points")
            points = [float(c.text) for c in cells]
            assert len(points) == entry.boards
            assert round(sum(points), 2) == round(entry.total, 2)
            assert browser.find_element(By.ID, "card-total").text == f"{entry.total:.2f}"
    # each line links to the board page with its table selected
    link = browser.find_element(By.CSS_SELECTOR, "table.scorecard td a")
    board, table = link.get_attribute("href").rsplit("/", 1)[1].split("#table-")
    link.click()
    WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "tr.selected"))
    assert browser.find_element(By.CSS_SELECTOR, "tr.selected").get_attribute("data-table") == table


def test_the_board_page_in_one_column_on_a_phone_and_on_paper(demo):
    ingest, url, browser = demo
    row = ingest.traveller(3)[0].result
    browser.set_window_size(390, 844)
    try:
        for page in (f"/board/3#table-{row.table}", f"/pair/{row.ns}", "/", "/tables"):
            browser.get(url + page)
            overflow = browser.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"{page} is {overflow} px wider than a phone"
        browser.get(f"{url}/board/3#table-{row.table}")
        compass = browser.find_element(By.CSS_SELECTOR, ".compass").rect
        viewer = browser.find_element(By.ID, "viewer").rect
        assert viewer["y"] >= compass["y"] + compass["height"]  # one column: the viewer under the hands
        assert browser.execute_script("return parseFloat(getComputedStyle(document.body).fontSize)") >= 16
    finally:
        browser.set_window_size(1100, 900)
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        hidden = browser.execute_script(
            "return ['nav', '#viewer', '.controls']"
            ".map(s => getComputedStyle(document.querySelector(s)).display)")
        assert hidden == ["none"] * 3
        assert browser.find_element(By.CSS_SELECTOR, "table.traveller").is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


def test_the_readmes_pictures_of_the_board_page_and_a_score_card(demo):
    ingest, url, browser = demo
    row = ingest.traveller(4)[1].result
    browser.set_window_size(1000, 820)
    try:
        browser.get(f"{url}/board/4#table-{row.table}")
        WebDriverWait(browser, 5).until(lambda d: d.find_element(By.ID, "viewer").is_displayed())
        for _ in range(5):
            browser.find_element(By.ID, "next-card").click()
        keep_screenshot(browser, "board")
        browser.get(f"{url}/pair/{row.ns}")
        keep_screenshot(browser, "scorecard")
    finally:
        browser.set_window_size(1100, 900)


def feed_live(ingest, row) -> None:
    """A table's board as its live feed published it: the calls, then the cards."""
    dealer = Seat.parse(ingest.boards[row.board].dealer)
    calls = row.record["auction"]
    events = [("call", call, str(dealer.after(i))) for i, call in enumerate(calls)]
    for trick in replay(row, str(dealer))["tricks"]:
        events += [("card", c["card"], c["seat"]) for c in trick["cards"]]
    for seq, (kind, value, seat) in enumerate(events):
        ingest.on_live({"table": row.table, "board": row.board, "round": row.round, "seq": seq, "event": kind,
                        "value": value, "seat": seat})


PHONE = 390


def tables_wider_than_the_screen(browser) -> list[str]:
    """Each table on the page that is wider than the phone's screen or scrolls inside itself."""
    return browser.execute_script("""
        const width = document.documentElement.clientWidth;
        return Array.from(document.querySelectorAll('table')).filter(t => t.offsetParent !== null)
          .filter(t => t.scrollWidth > t.clientWidth + 1 || t.getBoundingClientRect().right > width + 1)
          .map(t => (t.className || t.id || 'table') + ' ' + Math.round(t.getBoundingClientRect().width)
                    + '/' + t.scrollWidth + ' px');""")


def shown(browser, selector: str) -> list[str]:
    """The texts of the cells ``selector`` finds that the page shows."""
    return [e.text for e in browser.find_elements(By.CSS_SELECTOR, selector) if e.is_displayed()]


def fit_a_phone(browser, base: str, pages: tuple[str, ...]) -> None:
    """At the phone's width, in English, Hungarian and German (the longest words), no table of
    ``pages`` is wider than the screen, nor the page."""
    for language in ("en", "hu", "de"):
        for page in pages:
            path, _, fragment = page.partition("#")
            browser.get(f"{base}{path}?lang={language}" + (f"#{fragment}" if fragment else ""))
            WebDriverWait(browser, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, "table"))
            assert tables_wider_than_the_screen(browser) == [], (language, page)
            overflow = browser.execute_script(
                "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"{page} ({language}) is {overflow} px wider than a phone"


def test_at_390_px_no_table_is_wider_than_a_phones_screen_and_the_key_columns_show(demo):
    ingest, url, browser = demo
    row = ingest.traveller(3)[0].result
    feed_live(ingest, row)
    browser.set_window_size(PHONE, 844)
    try:
        assert browser.execute_script("return document.documentElement.clientWidth") <= PHONE
        fit_a_phone(browser, url, ("/", f"/pair/{row.ns}", f"/pair/{row.ew}", f"/board/3#table-{row.table}",
                                    f"/live/{row.table}", "/tables"))
        browser.get(f"{url}/?lang=en")
        headings = shown(browser, "table.ranking th")
        assert headings[:5] == ["Rank", "Pair", "Names", "%", "MP"] and "Boards" not in headings
        browser.get(f"{url}/pair/{row.ns}")
        assert shown(browser, "table.scorecard tr:first-child th") == \
            ["Board", "Against", "Contract", "Score", "MP", "%"]
        assert browser.find_element(By.ID, "card-total").is_displayed()
        browser.get(f"{url}/board/3#table-{row.table}")
        cells = shown(browser, f'table.traveller tr[data-table="{row.table}"] td')
        assert cells[2].endswith(f" {row.tricks}") and len(cells) == 6  # NS, EW, contract, score, two %
        browser.execute_script("document.querySelector('table.traveller').scrollIntoView()")
        keep_screenshot(browser, "phone-board")
        browser.get(f"{url}/")
        keep_screenshot(browser, "phone-ranking")
        browser.get(f"{url}/pair/{row.ns}")
        keep_screenshot(browser, "phone-scorecard")
        browser.get(f"{url}/live/{row.table}")
        browser.execute_script("document.getElementById('live-auction').scrollIntoView()")
        keep_screenshot(browser, "phone-live")
    finally:
        browser.set_window_size(1100, 900)


def broken(browser, selector: str) -> list[str]:
    """The texts of the elements ``selector`` finds that the page writes on more than one line."""
    return browser.execute_script("""
        return Array.from(document.querySelectorAll(arguments[0])).filter(e => {
            const range = document.createRange();
            range.selectNodeContents(e);
            return new Set(Array.from(range.getClientRects()).filter(r => r.width > 0)
                           .map(r => Math.round(r.top))).size > 1;
        }).map(e => e.textContent);""", selector)


def test_at_390_px_the_directors_tempo_and_the_round_clock_fit_a_phone(demo, tmp_path):
    """Logged in: the board page with each table's tempo and the tempo report of the demo (its
    robots take their time), and the table status with the round clock, a table behind and the
    "not played" form of the tables over time, in English, Hungarian and German."""
    ingest, url, browser = demo
    row = ingest.traveller(3)[0].result
    with MosquittoProcess(tmp_path / "broker") as broker:
        session = new_session(tmp_path)
        clock = Clock()
        station = Station(session, Broker(port=broker.port, min_delay=0.1, max_delay=0.5),
                          DerivedKeys(SECRET, CLUB, 4), CLUB, clock=RoundClock(session, 7.5, now=clock))
        station.start()
        try:
            for board in next(a.boards for a in session.movement.round(1) if a.table == 1):
                station.ingest.store_result(received(result_message(session, 1, board, "4S", "N", 10)))
            station.ingest.on_state({"table": 3, "status": "online", "round": 1, "board": 5,
                                     "phase": "auction", "director_call": True,
                                     "detail": "insufficient bid by West"})
            clock.now += 16 * 60  # the round's 15 minutes are over
            with serve(station.ingest, rounds=station) as clocked:
                browser.set_window_size(PHONE, 844)
                try:
                    log_in(browser, url, "pw")  # the browser keeps one login for the two servers' host
                    fit_a_phone(browser, url, (f"/board/3#table-{row.table}", "/director/tempo"))
                    for language in ("en", "hu", "de"):
                        browser.get(f"{url}/board/3?lang={language}#table-{row.table}")
                        assert browser.find_element(By.ID, f"tempo-{row.table}").is_displayed()
                        # a time ("5.5 s") and the play's first heading ("Trick") each on one line
                        one_line = ".tempo .time, .tempo-play tr:first-child th:first-child"
                        assert broken(browser, one_line) == []
                    browser.get(f"{url}/director/tempo?lang=en")
                    assert browser.find_element(By.ID, "pair-tempo").is_displayed()
                    assert browser.find_element(By.ID, "hesitation-report").is_displayed()
                    log_in(browser, clocked, "pw")
                    fit_a_phone(browser, clocked, ("/tables", "/director"))
                    browser.get(f"{clocked}/tables?lang=en")
                    assert browser.find_element(By.CSS_SELECTOR, "tr.behind").is_displayed()
                    assert browser.find_element(By.ID, "not-started-2").is_displayed()
                finally:
                    browser.set_window_size(1100, 900)
                    browser.delete_all_cookies()  # the other tests are visitors
        finally:
            station.stop()
