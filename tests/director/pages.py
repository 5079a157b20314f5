"""Serving the station's pages for the browser tests: a finished demo session (played by the real
`bridgetable demo`, robots at every table), a uvicorn server on a free port, headless Chromium."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from bridgetable.director import web
from bridgetable.director.ingest import Ingest
from bridgetable.director.session import Session
from bridgetable.director.store import SQLiteStore
from bridgetable.link.broker import free_port

CHROMIUM_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--disable-dev-shm-usage"]


def finished_demo(directory: Path, tables: int = 3, rounds: int = 1) -> Session:
    """A demo session played to the end; its store in ``directory``."""
    command = [sys.executable, "-m", "bridgetable.cli", "demo", "--headless", "--json", "--tables",
               str(tables), "--rounds", str(rounds), "--dir", str(directory)]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    return Session.load(SQLiteStore(directory / "station.db"), "demo")


@contextmanager
def serve(ingest: Ingest, password: str = "pw", rounds: web.Rounds | None = None) -> Iterator[str]:
    """The station's pages for ``ingest`` (and its ``rounds``, the running station's) on a free
    port; yields the base URL."""
    port = free_port()
    app = web.create_app(ingest, password=password, rounds=rounds)
    server = web.server(app, "127.0.0.1", port)  # as the station does
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


@contextmanager
def chromium(profile: Path) -> Iterator[webdriver.Chrome]:
    """Headless Chromium in its default window (a test sets another size where it matters)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in [*CHROMIUM_FLAGS, f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    try:
        yield driver
    finally:
        driver.quit()


SCREENS = Path(__file__).parent / "screens"  # the README's pictures of the pages


def keep_screenshot(browser: webdriver.Chrome, name: str) -> None:
    """With BRIDGETABLE_UPDATE_SCREENS=1 (as for the displays' reference frames), save the page
    as the README's picture ``name``; otherwise check that the picture is there."""
    path = SCREENS / f"{name}.png"
    if os.environ.get("BRIDGETABLE_UPDATE_SCREENS"):
        SCREENS.mkdir(exist_ok=True)
        browser.save_screenshot(str(path))
    assert path.is_file(), f"{path} is missing: run the tests with BRIDGETABLE_UPDATE_SCREENS=1"
