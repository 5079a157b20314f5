"""The live view of a table (vugraph) in headless Chromium, on a real Mosquitto: a visitor sees
nothing of the board being played until every table that plays it has finished it, unless the
director lets the kibitzers in; then a table's call shows on the page within a second of the
table publishing it."""

from __future__ import annotations

import time

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from bridgetable.bridge import Contract, Deal, Play, Seat
from bridgetable.director import web
from bridgetable.director.actions import kibitzers
from bridgetable.director.station import Station
from bridgetable.link import Broker, SQLiteOutbox, TableLink
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.signing import DerivedKeys

from .helpers import CLUB, new_session, received, result_message
from .pages import chromium, keep_screenshot, serve

SECRET = b"live view test secret"


def texts(browser, selector: str) -> list[str]:
    """The non-empty texts of the elements, read at once (the page replaces its fragment live)."""
    return browser.execute_script("return Array.from(document.querySelectorAll(arguments[0]))"
                                  ".map(e => e.textContent.trim()).filter(t => t)", selector)


@pytest.fixture
def running(tmp_path, monkeypatch):
    monkeypatch.setattr(web, "KEEPALIVE", 0.5)
    with MosquittoProcess(tmp_path / "broker") as broker:
        session = new_session(tmp_path)
        keys = DerivedKeys(SECRET, CLUB, 4)
        address = Broker(port=broker.port, min_delay=0.1, max_delay=0.5)
        station = Station(session, address, keys, CLUB)
        station.start()
        table = TableLink(CLUB, 2, keys[2], SQLiteOutbox(tmp_path / "outbox.db"), address)
        table.start()
        assert table.connected.wait(10)
        try:
            with serve(station.ingest) as url, chromium(tmp_path / "chromium") as browser:
                yield station, table, url, browser
        finally:
            table.stop()
            station.stop()


def test_a_call_shows_within_a_second_to_kibitzers_and_the_board_to_all_only_once_it_is_over(running):
    station, table, url, browser = running
    session = station.ingest.session
    board = session.movement.at(1, 2).boards[0]
    dealer = station.ingest.boards[board].dealer
    browser.get(f"{url}/live/2")
    wait = WebDriverWait(browser, 10, poll_frequency=0.02)
    wait.until(lambda d: d.execute_script("return typeof source !== 'undefined' && source.readyState === 1"))
    assert browser.find_element(By.ID, "waiting").is_displayed()

    calls = ["1NT", "Pass", "3NT", "Pass", "Pass", "Pass"]
    seats = "NESW"
    first = seats.index(dealer)
    table.publish_live(board, 0, "call", calls[0], dealer, session=session.id, round=1)
    wait.until(lambda d: d.find_elements(By.ID, "live-board"))  # the board, not its calls
    assert browser.find_element(By.ID, "hands-hidden").is_displayed()
    assert not browser.find_elements(By.ID, "live-auction") and calls[0] not in browser.page_source
    kibitzers(station.ingest, "td", True)  # the director lets the kibitzers watch
    wait.until(lambda d: texts(d, "#live-auction td") == calls[:1])
    assert browser.find_elements(By.CSS_SELECTOR, ".compass .hand-N")
    delays = []
    for seq, call in enumerate(calls[1:], start=1):
        sent = time.monotonic()
        table.publish_live(board, seq, "call", call, seats[(first + seq) % 4], session=session.id, round=1)
        wait.until(lambda d, n=seq + 1: len(texts(d, "#live-auction td")) == n)
        delays.append(time.monotonic() - sent)
    assert max(delays) < 1.0, delays
    assert texts(browser, "#live-auction td") == calls
    table.publish_live(board, 2, "alert", "3NT", seats[(first + 3) % 4], session=session.id, round=1)
    wait.until(lambda d: texts(d, "#live-auction td.alert") == ["3NT*"])
    assert browser.find_element(By.ID, "live-board").get_attribute("data-board") == str(board)

    # the first trick: the lead is marked, the winner counted
    declarer = dealer  # the dealer bid 1NT first
    play = Play(Deal.parse(station.ingest.boards[board].deal), Contract.parse("3NT"), Seat.parse(declarer))
    for i in range(4):
        seat, card = str(play.turn), play.legal_cards()[0]
        play.play(card)
        table.publish_live(board, len(calls) + i, "card", str(card), seat, session=session.id, round=1)
    won = play.tricks_won(Seat.parse(declarer).side)
    ns = won if declarer in "NS" else 1 - won
    counted = [f"Tricks: NS {ns}, EW {1 - ns}"]
    # the count shows after the first card, the trick's winner once the fourth has arrived
    wait.until(lambda d: texts(d, "#live-count") == counted)
    lead = play.completed_tricks[0].cards[0]
    assert texts(browser, "#live-tricks td.lead") == [lead.symbol]

    browser.set_window_size(1000, 640)
    keep_screenshot(browser, "live")
    # the kibitzers sent away; the board is over at this table, but other tables still have it
    # to play: hidden
    kibitzers(station.ingest, "td", False)
    station.ingest.store_result(received(result_message(session, 2, board, "3NT", declarer, 9)))
    wait.until(lambda d: d.find_elements(By.ID, "hands-hidden"))
    assert not browser.find_elements(By.ID, "live-tricks")
    others = [(r, a.table) for r in range(1, session.movement.rounds + 1) for a in session.movement.round(r)
              if board in a.boards and a.table != 2]
    assert others
    for _, other in others:
        station.ingest.store_result(received(result_message(session, other, board, "4S", "N", 10)))
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".compass .hand-N"))
    assert not browser.find_elements(By.ID, "hands-hidden")
    assert texts(browser, "#live-auction td") == ["1NT", "Pass", "3NT*", "Pass", "Pass", "Pass"]
    assert browser.find_elements(By.ID, "live-tricks")
