"""`bridgetable demo --language`: the seat displays, the station's pages and the printed lines in
the language asked for ($LANG's when not given)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from luma.core.device import dummy
from PIL import Image

from bridgetable import i18n
from bridgetable.bridge import Seat
from bridgetable.demo import club
from bridgetable.devices.display import Display
from bridgetable.link.broker import free_port
from bridgetable.table.screens import render, render_traveller

SMALL = ("--tables", "3", "--rounds", "1", "--boards-per-round", "1")


def demo_lines(*options: str, lang: str = "C.UTF-8") -> list[str]:
    env = {**os.environ, "LANG": lang, "PATH": f"/usr/sbin:{os.environ.get('PATH', '')}"}
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        env.pop(name, None)
    command = [sys.executable, "-m", "bridgetable.cli", "demo", "--headless", *SMALL, *options]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120, env=env)
    assert run.returncode == 0, run.stderr
    return run.stdout.splitlines()


def test_the_demo_prints_in_the_language_asked_for():
    lines = demo_lines("--language", "da")
    assert lines[0] == ("bridgetable demo: 3 borde, en Mitchell med 1 runde á 1 spil; hvert resultat, som "
                        "stationen gemmer det:")
    results = lines[1:4]
    assert all(line.startswith("runde 1  bord ") and "  spil  " in line for line in results)
    assert {line.split()[1] for line in lines[4:]} == {"NS", "ØV"}  # the ranking's directions
    assert all(" par " in line for line in lines[4:])


def test_without_language_the_demo_speaks_lang():
    lines = demo_lines("--movement", "robots", lang="de_DE.UTF-8")
    assert lines[0] == ("bridgetable demo: ein Tisch gegen die Roboter, 1 Board; jedes Ergebnis, wie die "
                        "Station es speichert:")
    assert lines[1].startswith("Runde 1  Tisch 1  Board  1  ")
    assert lines[2].startswith("Board  1: wir NS ") and " IMP für NS" in lines[2]
    assert lines[3].startswith("NS 0 IMP, OW 0 IMP: ")


class Recording(Display):
    """A seat display (luma's dummy device) that also keeps every frame shown, and the language
    spoken where it was drawn."""

    def __init__(self) -> None:
        super().__init__(dummy(width=128, height=64, mode="1"))
        self.shown: list[tuple[Image.Image, str]] = []

    def show(self, image: Image.Image) -> bool:
        self.shown.append((image.copy(), i18n.current()))
        return super().show(image)


def test_the_demo_draws_the_seat_displays_in_its_language(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    tables: list[club.RobotTable] = []
    original = club.RobotTable

    def table(*args: object, **kwargs: object) -> club.RobotTable:
        made = original(*args, **kwargs)  # type: ignore[arg-type]
        tables.append(made)
        return made

    monkeypatch.setattr(club, "RobotTable", table)
    monkeypatch.setattr(club.Display, "dummy", classmethod(lambda cls: Recording()))
    options = club.DemoOptions(tables=3, rounds=1, boards_per_round=1, headless=True, displays=True,
                               language="da", directory=tmp_path, broker="embedded")
    standings = club.run_demo(options)
    assert len(standings["ranking"]) == 6 and len(tables) == 3
    differs = []
    for robot_table in tables:
        service = robot_table.service
        assert service.language == "da"
        view = service.flow.view()
        for seat, display in robot_table.displays.items():
            assert isinstance(display, Recording) and display.shown
            assert {language for _, language in display.shown} == {"da"}
            last = display.shown[-1][0]
            drawn = {}
            for language in ("da", "en"):
                with i18n.speaking(language):
                    drawn[language] = (render(view, Seat(seat), service.moves) if service.traveller is None
                                       else render_traveller(service.traveller, robot_table.number)).tobytes()
            assert last.tobytes() == drawn["da"]
            differs.append(drawn["da"] != drawn["en"])
    assert any(differs)  # the screens at the end say something in words: Danish ones, not English


def test_the_demo_station_answers_in_its_language(tmp_path: Path) -> None:
    """With its web page, the demo's station serves a visitor whose browser asks for no language
    of ours in the demo's language."""
    env = {**os.environ, "LANG": "C.UTF-8", "PATH": f"/usr/sbin:{os.environ.get('PATH', '')}"}
    command = [sys.executable, "-m", "bridgetable.cli", "demo", *SMALL, "--language", "da",
               "--port", str(free_port()), "--dir", str(tmp_path)]
    demo = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                            text=True, env=env)
    try:
        url = None
        deadline = time.monotonic() + 120
        assert demo.stdout is not None
        while url is None and time.monotonic() < deadline:
            line = demo.stdout.readline()
            assert line, demo.stderr.read() if demo.stderr else "the demo ended"
            if line.startswith("den endelige resultatliste bliver på "):  # the session is over
                url = re.search(r"http://\S+", line).group()  # type: ignore[union-attr]
        assert url is not None
        request = urllib.request.Request(url, headers={"Accept-Language": "sv, fr;q=0.5"})
        with urllib.request.urlopen(request, timeout=10) as response:
            page = response.read().decode("utf-8")
        assert '<html lang="da">' in page and "Resultatliste" in page
    finally:
        demo.send_signal(signal.SIGTERM)  # the demo stops as on Ctrl-C
        assert demo.wait(timeout=30) == 0
