"""A team event's pages on a phone (390 px, Chromium): the VP ranking and a match page fit the
screen; the cross-table of ten teams, wider than any phone, scrolls inside its own box and never
widens the page."""

from __future__ import annotations

import random

import pytest
from selenium.webdriver.common.by import By

from bridgetable.director.ingest import Ingest
from bridgetable.director.session import Session, SessionSetup, generated_boards
from bridgetable.director.store import SQLiteStore

from .helpers import play_round
from .pages import chromium, serve
from .test_board_pages import PHONE, tables_wider_than_the_screen

TEAMS = 10


@pytest.fixture(scope="module")
def event(tmp_path_factory):
    directory = tmp_path_factory.mktemp("teams")
    setup = SessionSetup("club-night", "Club night", {"kind": "team-event", "teams": TEAMS,
                                                       "boards_per_round": 2, "rounds": 3}, scoring="TEAMS")
    session = Session.create(SQLiteStore(directory / "station.db"), setup, generated_boards(6, seed=7))
    ingest = Ingest(session)
    rng = random.Random(4)
    for round_ in (1, 2, 3):
        play_round(ingest, round_, rng)
    with serve(ingest) as url, chromium(directory / "chromium") as browser:
        browser.set_window_size(PHONE, 844)
        yield url, browser


def page_overflow(browser) -> int:
    """How many px the page is wider than the screen (0 or less: it fits)."""
    return int(browser.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth"))


@pytest.mark.parametrize("language", ["en", "da", "hu"])
def test_the_vp_ranking_and_a_match_fit_a_phone(event, language):
    url, browser = event
    browser.get(f"{url}/?lang={language}")
    assert len(browser.find_elements(By.CSS_SELECTOR, "table.ranking.teams tr")) == TEAMS + 1
    assert page_overflow(browser) <= 0
    ranking = browser.find_element(By.CSS_SELECTOR, "table.ranking.teams")
    assert ranking.rect["x"] + ranking.rect["width"] <= PHONE
    browser.get(f"{url}/match/2/1?lang={language}")
    assert len(browser.find_elements(By.CSS_SELECTOR, "table.match tr td")) > 0  # its boards, played
    assert page_overflow(browser) <= 0, language
    assert tables_wider_than_the_screen(browser) == [], language


def test_ten_teams_cross_table_scrolls_inside_its_own_box(event):
    url, browser = event
    browser.get(f"{url}/?lang=en")
    cross = browser.find_element(By.CSS_SELECTOR, "table.crosstable")
    box = browser.execute_script("return arguments[0].parentElement", cross)
    width = browser.execute_script("return document.documentElement.clientWidth")
    assert cross.size["width"] > width  # ten teams' columns: wider than the phone ...
    assert page_overflow(browser) <= 0  # ... yet the page is not widened
    assert box.rect["x"] + box.rect["width"] <= width + 1  # its box stays on the screen
    assert browser.execute_script("return getComputedStyle(arguments[0]).overflowX", box) == "auto"
    browser.execute_script("arguments[0].scrollLeft = 10000", box)
    assert browser.execute_script("return arguments[0].scrollLeft", box) > 0  # and scrolls
