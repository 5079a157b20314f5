"""The live ranking page in headless Chromium (Debian's chromium and chromedriver, driven by
Selenium): the ranking updates by itself when a result arrives."""

import threading
import time

import pytest
import uvicorn
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from bridgetable.director import web
from bridgetable.director.ingest import Ingest
from bridgetable.link.broker import free_port

from .helpers import new_session, received, result_message

CHROMIUM_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage"]


@pytest.fixture
def served(tmp_path, monkeypatch):
    monkeypatch.setattr(web, "KEEPALIVE", 0.5)
    ingest = Ingest(new_session(tmp_path))
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(web.create_app(ingest, password="pw"), host="127.0.0.1",
                                           port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    yield ingest, f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)


@pytest.fixture
def browser(tmp_path):
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in [*CHROMIUM_FLAGS, f"--user-data-dir={tmp_path / 'chromium'}"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    yield driver
    driver.quit()


def test_the_ranking_updates_when_a_result_arrives(served, browser):
    ingest, url = served
    browser.get(url + "/")
    assert browser.find_element(By.ID, "no-results").text == "No results yet."
    wait = WebDriverWait(browser, 10)
    wait.until(lambda d: d.execute_script("return typeof source !== 'undefined' && source.readyState === 1"))

    session = ingest.session
    ingest.store_result(received(result_message(session, 1, 1, "4S", "N", 10)))
    row = wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, 'table[data-group="A NS"] tr[data-pair="1"]'))
    assert "Ann & Bob" in row[0].text

    ingest.store_result(received(result_message(session, 4, 1, "4S", "N", 11)))  # beats pair 1
    # 0 of 2 with two results in: 0.5 of 4 by Neuberg (board 1 is played three times)
    cell = 'table[data-group="A NS"] tr[data-pair="1"] td.percent'
    percent = f"return document.querySelector('{cell}').textContent"
    wait.until(lambda d: d.execute_script(percent) == "12.50")
