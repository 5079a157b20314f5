"""Seat displays through luma's own devices: dummy (keeps the image), capture (PNG), ssd1306 and
sh1106 on I2C (a mock SMBus, or the model bus that keeps each controller's display RAM)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from unittest import mock

import pytest
import smbus2
from hypothesis import given, settings
from hypothesis import strategies as st
from luma.core.device import device as LumaDevice
from luma.core.error import DeviceNotFoundError
from PIL import Image, ImageDraw

from bridgetable.bridge import Seat
from bridgetable.devices.busmodel import ModelBus
from bridgetable.devices.display import HEIGHT, WIDTH, Display, pages, seat_displays
from bridgetable.devices.pinmap import load_pinmap

HARDWARE = Path(__file__).parents[2] / "hardware"


def screen(text: str) -> Image.Image:
    image = Image.new("1", (WIDTH, HEIGHT))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH - 1, HEIGHT - 1), outline=1)
    draw.text((4, 4), text, fill=1)
    return image


def test_dummy_device_keeps_the_frame_and_unchanged_frames_are_not_resent() -> None:
    display = Display.dummy()
    assert display.show(screen("1NT by N"))
    assert display.device.image.tobytes() == screen("1NT by N").tobytes()
    assert not display.show(screen("1NT by N"))
    assert display.show(screen("Pass"))
    assert display.frames == 2
    assert display.device.image.tobytes() == screen("Pass").tobytes()


@pytest.mark.parametrize("image", [Image.new("1", (128, 32)), Image.new("L", (128, 64))])
def test_wrong_size_or_mode_is_refused_clearly(image: Image.Image) -> None:
    with pytest.raises(ValueError, match="128x64 mode '1' image"):
        Display.dummy().show(image)


def test_png_frames_through_luma_emulator(tmp_path: Path) -> None:
    display = Display.png(tmp_path, Seat.W, scale=1)
    display.show(screen("W to play"))
    display.show(screen("W to play"))
    display.show(screen("Tricks 3-2"))
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["W-000001.png", "W-000002.png"]
    saved = Image.open(tmp_path / "W-000002.png").convert("1")
    assert saved.tobytes() == screen("Tricks 3-2").tobytes()
    big = Display.png(tmp_path / "big", Seat.N)  # the default doubles each pixel, for people to look at
    big.show(screen("x"))
    assert Image.open(tmp_path / "big" / "N-000001.png").size == (2 * WIDTH, 2 * HEIGHT)


def _pages_to_image(data: list[int]) -> Image.Image:
    """Decode SSD1306 page-mode bytes (8 pages x 128 columns, LSB at the top) back to an image."""
    image = Image.new("1", (WIDTH, HEIGHT))
    for index, byte in enumerate(data):
        page, x = divmod(index, WIDTH)
        for bit in range(8):
            if byte >> bit & 1:
                image.putpixel((x, page * 8 + bit), 1)
    return image


def test_four_ssd1306_behind_a_tca9548a_select_their_channel_before_each_frame() -> None:
    pinmap = load_pinmap(HARDWARE / "pinmap.toml")
    bus = mock.create_autospec(smbus2.SMBus, instance=True)
    displays = seat_displays(pinmap, open_bus=lambda number: bus)
    assert set(displays) == set(Seat)
    bus.reset_mock()

    displays[Seat.E].show(screen("East"))
    displays[Seat.E].show(screen("East again"))
    displays[Seat.W].show(screen("West"))
    selects = [c.args for c in bus.method_calls if c[0] == "write_byte"]
    assert selects == [(0x70, 1 << 1), (0x70, 1 << 3)]  # E's channel once, then W's

    bus.reset_mock()
    displays[Seat.N].show(screen("North"))
    assert bus.method_calls[0] == mock.call.write_byte(0x70, 1 << 0)
    data = [
        byte
        for name, args, _ in bus.method_calls
        if name == "write_i2c_block_data" and args[:2] == (0x3C, 0x40)
        for byte in args[2]
    ]
    assert _pages_to_image(data).tobytes() == screen("North").tobytes()


def test_sh1106_on_the_bus_itself_needs_no_multiplexer() -> None:
    pinmap = load_pinmap(HARDWARE / "pinmap-pilot.toml")
    bus = mock.create_autospec(smbus2.SMBus, instance=True)
    display = seat_displays(pinmap, open_bus=lambda number: bus)[Seat.N]
    display.show(screen("pilot"))
    assert not [c for c in bus.method_calls if c[0] == "write_byte"]
    assert any(c[0] == "write_i2c_block_data" and c.args[1] == 0x40 for c in bus.method_calls)


def _model_displays(driver: str) -> tuple[ModelBus, dict[Seat, Display], ModelBus, dict[Seat, LumaDevice]]:
    """Four ``driver`` OLEDs behind a TCA9548A, as Displays, and four more driven only by luma's
    own full-frame ``display``, each on a model bus."""
    pinmap = load_pinmap(HARDWARE / "pinmap.toml")
    seats = {seat: replace(wiring, display=replace(wiring.display, driver=driver))
             for seat, wiring in pinmap.seats.items() if wiring.display is not None}
    pinmap = replace(pinmap, seats=seats)
    bus, reference = ModelBus.for_pinmap(pinmap, 1), ModelBus.for_pinmap(pinmap, 1)
    displays = seat_displays(pinmap, open_bus=lambda number: bus)
    full = {seat: display.device for seat, display in seat_displays(pinmap, lambda n: reference).items()}
    return bus, displays, reference, full


def _shown(bus: ModelBus, seat: Seat) -> bytes:
    return bus.controllers[(int(seat), 0x3C)].shown()


rectangles = st.lists(st.tuples(st.integers(0, WIDTH - 1), st.integers(0, HEIGHT - 1),
                                st.integers(0, 40), st.integers(0, 20), st.integers(0, 1)), max_size=6)


def _drawn(base: Image.Image, shapes: list[tuple[int, int, int, int, int]]) -> Image.Image:
    image = base.copy()
    draw = ImageDraw.Draw(image)
    for x, y, w, h, fill in shapes:
        draw.rectangle((x, y, x + w, y + h), fill=fill)
    return image


@pytest.mark.parametrize("driver", ["ssd1306", "sh1106"])
@settings(max_examples=40, deadline=None)
@given(changes=st.lists(st.tuples(st.sampled_from(list(Seat)), rectangles), min_size=1, max_size=12))
def test_partial_updates_leave_each_display_as_a_full_redraw_would(
        driver: str, changes: list[tuple[Seat, list[tuple[int, int, int, int, int]]]]) -> None:
    bus, displays, reference, full = _model_displays(driver)
    frames = {seat: screen(str(seat)) for seat in Seat}
    for seat in Seat:
        displays[seat].show(frames[seat])
    for seat, shapes in changes:
        frames[seat] = _drawn(frames[seat], shapes)
        displays[seat].show(frames[seat])
    for seat in Seat:
        full[seat].display(frames[seat])
        assert _shown(bus, seat) == _shown(reference, seat)
        assert _shown(bus, seat) == b"".join(pages(frames[seat]))


@pytest.mark.parametrize("driver", ["ssd1306", "sh1106"])
def test_only_the_changed_columns_of_the_changed_pages_go_over_the_bus(driver: str) -> None:
    bus, displays, _, _ = _model_displays(driver)
    displays[Seat.N].show(screen("1NT"))
    before = bus.traffic.bytes
    assert not displays[Seat.N].show(screen("1NT"))
    assert bus.traffic.bytes == before  # an unchanged frame: nothing at all, not even the channel
    changed = screen("1NT")
    changed.putpixel((60, 20), 1)  # page 2, one column
    changed.putpixel((62, 21), 1)
    displays[Seat.N].show(changed)
    # the command (address, control, 3 or 6 bytes) and the data (address, control, 3 columns)
    assert bus.traffic.bytes - before == {"ssd1306": 8 + 5, "sh1106": 5 + 5}[driver]
    assert _shown(bus, Seat.N) == b"".join(pages(changed))


def test_after_a_failed_transfer_the_next_frame_goes_whole() -> None:
    bus, displays, _, _ = _model_displays("ssd1306")
    displays[Seat.S].show(screen("1NT"))
    with (mock.patch.object(bus, "write_i2c_block_data", side_effect=OSError(121, "Remote I/O error")),
          pytest.raises(DeviceNotFoundError)):  # luma's name for the I2C error
        displays[Seat.S].show(screen("2NT"))
    bus.controllers[(int(Seat.S), 0x3C)].ram[3][:] = bytes(WIDTH)  # whatever the glitch left there
    assert displays[Seat.S].show(screen("2NT"))  # not taken as already on show
    assert _shown(bus, Seat.S) == b"".join(pages(screen("2NT")))
