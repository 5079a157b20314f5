"""The live ranking page in headless Chromium (Debian's chromium and chromedriver, driven by
Selenium): the ranking updates by itself when a result arrives (once every table has played
its board); the printable results print without the menu."""

import http.server
import threading

import pytest
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from bridgetable.director import web
from bridgetable.director.ingest import Ingest

from .helpers import new_session, received, result_message
from .pages import chromium, serve


@pytest.fixture
def served(tmp_path, monkeypatch):
    monkeypatch.setattr(web, "KEEPALIVE", 0.5)
    ingest = Ingest(new_session(tmp_path))
    with serve(ingest) as url:
        yield ingest, url


@pytest.fixture
def browser(tmp_path):
    with chromium(tmp_path / "chromium") as driver:
        yield driver


def test_the_ranking_updates_when_a_result_arrives(served, browser):
    ingest, url = served
    browser.get(url + "/")
    assert browser.find_element(By.ID, "no-results").text == "No results yet."
    wait = WebDriverWait(browser, 10)
    wait.until(lambda d: d.execute_script("return typeof source !== 'undefined' && source.readyState === 1"))

    session = ingest.session
    ingest.store_result(received(result_message(session, 1, 1, "4S", "N", 10)))
    ingest.store_result(received(result_message(session, 4, 1, "4S", "N", 11)))  # beats pair 1
    last = next(a.table for a in session.movement.assignments if 1 in a.boards and a.table not in (1, 4))
    assert browser.find_element(By.ID, "no-results")  # board 1 is still in play at a third table
    ingest.store_result(received(result_message(session, last, 1, "4S", "N", 9)))  # pair 1 beats it
    # read in one script: the ranking's fragment may be replaced between finding a row and reading it
    row = "document.querySelector('table[data-group=\"A NS\"] tr[data-pair=\"1\"]')"
    wait.until(lambda d: "Ann & Bob" in (d.execute_script(f"var r = {row}; return r ? r.textContent : ''")))
    cell = 'table[data-group="A NS"] tr[data-pair="1"] td.percent'
    percent = f"return document.querySelector('{cell}').textContent"
    wait.until(lambda d: d.execute_script(percent) == "50.00")  # 1 of 2


def shown(browser, by, name):
    """The text of an element once the page showing it has loaded (retried while it reloads)."""
    def text(driver):
        try:
            found = driver.find_elements(by, name)
            return found[0].text if found else False
        except WebDriverException:  # the page is being replaced
            return False
    return WebDriverWait(browser, 10).until(text)


def gone(element):
    """A wait condition: ``element`` is no longer in the page. Selenium's staleness_of lets
    chromedriver's "node does not belong to the document" through as an error, not as stale."""
    def condition(driver):
        try:
            element.is_enabled()
        except WebDriverException:
            return True
        return False
    return condition


def log_in(browser, url, password):
    browser.get(url + "/login")

    def filled(driver):  # retried while the page is still being replaced
        try:
            field = driver.find_element(By.NAME, "password")
            field.clear()
            field.send_keys(password)
            return driver.find_element(By.CSS_SELECTOR, "form[action='/login'] button")
        except WebDriverException:
            return False
    button = WebDriverWait(browser, 10).until(filled)
    button.click()
    WebDriverWait(browser, 10).until(gone(button))  # the answer has loaded


@pytest.fixture
def other_site():
    """Another web service on the station's host (another port: "same site" to a browser), whose
    page posts a result to the station's director form as soon as it is opened."""
    pages: dict[str, bytes] = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(pages["page"])

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield pages, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def test_a_form_posted_by_another_site_on_the_same_host_is_refused(served, browser, other_site):
    ingest, url = served
    pages, other = other_site
    pages["page"] = (f'<form id="f" method="post" action="{url}/director">'
                     '<input name="action" value="result"><input name="table" value="1">'
                     '<input name="board" value="1"><input name="contract" value="7NTXX">'
                     '<input name="declarer" value="N"><input name="tricks" value="13"></form>'
                     '<script>document.getElementById("f").submit()</script>').encode()
    log_in(browser, url, "pw")
    WebDriverWait(browser, 10).until(lambda d: "Director (director)" in d.page_source)
    browser.get(other + "/")
    WebDriverWait(browser, 10).until(lambda d: d.current_url.startswith(url + "/director"))
    assert shown(browser, By.ID, "message") == f"refused: a form posted from {other}, not from {url}"
    assert ingest.session.store.results(ingest.session.id) == []
    # the station's own form still works
    form = browser.find_element(By.XPATH, "//form[input[@name='action'][@value='result']]")
    entries = (("table", "1"), ("board", "1"), ("contract", "4S"), ("declarer", "N"), ("tricks", "10"))
    for name, value in entries:
        form.find_element(By.NAME, name).send_keys(value)
    form.find_element(By.TAG_NAME, "button").click()
    WebDriverWait(browser, 10).until(gone(form))
    assert "stored as revision" in shown(browser, By.ID, "message")
    assert len(ingest.session.store.results(ingest.session.id)) == 1


def test_wrong_passwords_are_throttled_in_the_browser(served, browser):
    _, url = served
    for _ in range(5):
        log_in(browser, url, "guess")
        assert "wrong password" in shown(browser, By.CLASS_NAME, "red")
    log_in(browser, url, "pw")  # the right one, too soon
    assert "too many wrong passwords" in shown(browser, By.CLASS_NAME, "red")
    browser.get(url + "/director")
    assert browser.current_url == url + "/login"


def test_logging_out_in_the_browser(served, browser):
    _, url = served
    log_in(browser, url, "pw")
    WebDriverWait(browser, 10).until(lambda d: d.current_url == url + "/director")
    browser.find_element(By.CSS_SELECTOR, "#logout button").click()
    WebDriverWait(browser, 10).until(lambda d: d.current_url == url + "/login")
    browser.get(url + "/director")
    assert browser.current_url == url + "/login"


def test_the_tables_page_updates_in_place(served, browser):
    ingest, url = served
    browser.get(url + "/tables")
    wait = WebDriverWait(browser, 10)
    wait.until(lambda d: d.execute_script("return typeof source !== 'undefined' && source.readyState === 1"))
    browser.execute_script("window.notReloaded = true")
    ingest.on_state({"schema": 1, "kind": "state", "table": 3, "status": "online", "round": 2, "board": 5,
                     "director_call": True, "detail": "lead out of turn"})
    text = "return document.querySelector('table.tables').textContent"  # at once: the fragment is replaced
    wait.until(lambda d: "director called" in d.execute_script(text))  # a visitor: the reason is not said
    assert "lead out of turn" not in browser.execute_script(text)
    assert browser.execute_script("return window.notReloaded === true")  # the fragment, not the whole page


def test_the_printable_results_print_without_the_menu(served, browser):
    """/results on paper stands alone: the print stylesheet hides the menu and the languages, and
    keeps the event, the ranking and the travellers."""
    _ingest, url = served
    browser.get(url + "/results")
    menu, languages = browser.find_element(By.TAG_NAME, "nav"), browser.find_element(By.ID, "languages")
    assert menu.is_displayed() and languages.is_displayed()  # on the screen
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    assert browser.execute_script("return matchMedia('print').matches")
    assert not menu.is_displayed() and not languages.is_displayed()
    printed = [e for e in browser.find_elements(By.CSS_SELECTOR, "body > *") if e.is_displayed()]
    assert printed and all(e.tag_name != "nav" for e in printed)
    assert browser.find_element(By.TAG_NAME, "h1").is_displayed()
    assert all(t.is_displayed() for t in browser.find_elements(By.TAG_NAME, "table"))
