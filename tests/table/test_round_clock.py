"""The round clock on the seat displays: the time left in the round at the header, in the five
languages (reference frames), fitting in every frame; counted on by the table's own clock (injected
here), drawn again when its minute changes, and never journaled."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest
from PIL import Image

from bridgetable import i18n
from bridgetable.bridge import Seat
from bridgetable.devices.busmodel import ModelBus
from bridgetable.devices.display import Display, pages, seat_displays
from bridgetable.devices.pinmap import load_pinmap
from bridgetable.table.flow import FlowConfig
from bridgetable.table.journal import Journal
from bridgetable.table.screens import clock_text, compose, render
from bridgetable.table.service import TICK, TableService

from .helpers import DEAL, key
from .test_screens import CASES, check_reference
from .test_screens_i18n import _all_states

# (the reference screen's case, seat) and the seconds left in the round
CLOCKS = {"clock": ("auction", 14 * 60 + 5), "clock-over": ("play", -90)}


@pytest.mark.parametrize("language", sorted(i18n.LANGUAGES))
@pytest.mark.parametrize("name", sorted(CLOCKS))
def test_reference_screens_with_the_round_clock(name: str, language: str) -> None:
    """South's auction with 15 minutes left (14:05, rounded up); West's play 2 minutes over."""
    case, left = CLOCKS[name]
    make, seat = CASES[case]
    suffix = "" if language == "en" else f".{language}"
    with i18n.speaking(language):
        check_reference(f"{name}{suffix}", render(make().view(), seat, left=left))


@pytest.mark.parametrize(("left", "text"), [
    (45 * 60, "45 min"), (14 * 60 + 5, "15 min"), (60, "1 min"), (1, "1 min"),
    (0, "-1 min"), (-59, "-1 min"), (-60, "-2 min"), (-25 * 60 - 1, "-26 min")])
def test_the_clock_says_the_minutes_left_then_over_as_a_negative_time(left: float, text: str) -> None:
    assert clock_text(left) == text


def test_the_clock_in_each_language() -> None:
    said = {}
    for language in sorted(i18n.LANGUAGES):
        with i18n.speaking(language):
            said[language] = clock_text(-120.5)
    assert said == {"da": "-3 min", "de": "-3 Min.", "en": "-3 min", "hu": "-3 perc", "nl": "-3 min"}


@pytest.mark.parametrize("language", sorted(i18n.LANGUAGES))
def test_every_header_with_the_clock_fits_in_every_language(language: str) -> None:
    """The longest clocks (two-digit minutes, over) in every phase's header, at one seat (the
    header is the same at each)."""
    overflows = set()
    count = 0
    for flow in _all_states(language):
        view = flow.view()
        with i18n.speaking(language):
            for left in (99 * 60, -99 * 60):
                canvas = compose(view, Seat.N, left=left)
                count += 1
                overflows |= {(p.text, p.covers, p.box) for p in canvas.placed if not p.fits}
    assert count > 200 and not overflows


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _service(path: Path, clock: Clock) -> tuple[TableService, Display]:
    display = Display.dummy()
    service = TableService(FlowConfig(boards=[1, 2], deals={1: DEAL}), Journal(path, session="s"),
                           {Seat.N: display})
    service.clock = clock
    return service, display


def _shown(display: Display) -> Image.Image:
    image = display.device.image  # type: ignore[attr-defined]
    assert isinstance(image, Image.Image)
    return image.convert("1")


def test_the_table_counts_the_round_down_on_its_own_clock_and_journals_none_of_it(tmp_path: Path) -> None:
    clock = Clock()
    service, display = _service(tmp_path / "journal.db", clock)
    service.handle(key("N", "OK"))
    service.round_clock(15 * 60)  # the station's assignment: 15 minutes left
    view = service.flow.view()
    assert _shown(display).tobytes() == render(view, Seat.N, left=15 * 60).tobytes()
    sent = display.frames
    clock.now += 30  # still "15 min": nothing drawn
    service.tick()
    assert display.frames == sent
    clock.now += 31  # 13:59 left: "14 min"
    service.tick()
    assert display.frames == sent + 1
    assert _shown(display).tobytes() == render(view, Seat.N, left=15 * 60 - 61).tobytes()
    clock.now += 15 * 60  # over: "-2 min", then an event draws the clock too
    service.handle(key("E", "PASS"))
    assert _shown(display).tobytes() == render(service.flow.view(), Seat.N, left=-61).tobytes()
    durable = service.flow.view().durable()
    service.journal.close()
    again, _display = _service(tmp_path / "journal.db", Clock())  # a restart: the journal replays
    assert again.flow.view().durable() == durable and again.round_end is None  # until the station says
    service.round_clock(None)  # a round without a clock: the dealer again
    assert _shown(display).tobytes() == render(service.flow.view(), Seat.N).tobytes()


def test_an_idle_table_draws_the_clock_s_new_minute(tmp_path: Path) -> None:
    """No key pressed: the service's loop looks at the clock every second (``TICK``)."""
    clock = Clock()
    service, display = _service(tmp_path / "journal.db", clock)
    service.round_clock(60)
    sent = display.frames
    runner = threading.Thread(target=service.run)
    runner.start()
    try:
        clock.now += 61  # over: "-1 min"
        deadline = time.monotonic() + 5 * TICK
        while display.frames == sent and time.monotonic() < deadline:
            time.sleep(0.05)
        assert display.frames == sent + 1
        assert _shown(display).tobytes() == render(service.flow.view(), Seat.N, left=-1).tobytes()
    finally:
        service.stop()
        runner.join()


def test_a_new_minute_costs_the_four_displays_little_on_their_bus(tmp_path: Path) -> None:
    """Four SSD1306 behind their multiplexer, luma's real driver, the model bus counting bytes."""
    pinmap = load_pinmap(Path(__file__).parents[2] / "hardware" / "pinmap.toml")
    bus = ModelBus.for_pinmap(pinmap, 1)
    displays = seat_displays(pinmap, lambda n: bus)
    service = TableService(FlowConfig(boards=[1], deals={1: DEAL}, session="s"),
                           Journal(tmp_path / "journal.db", session="s"), displays)
    clock = Clock()
    service.clock = clock
    service.handle(key("N", "OK"))
    service.round_clock(15 * 60)
    start = clock.now
    for left in (14 * 60, 9 * 60, 60, -1, -61):  # "14 min", "9 min", "1 min", "-1 min", "-2 min"
        clock.now = start + 15 * 60 - left
        before = bus.traffic.bytes
        service.tick()
        assert 0 < bus.traffic.bytes - before <= 200, left  # a few characters of the header
        for seat in Seat:
            screen = render(service.flow.view(), seat, left=left)
            assert bus.controllers[(int(seat), 0x3C)].shown() == b"".join(pages(screen))
