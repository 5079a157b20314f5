"""Seat displays through luma's own devices: dummy (keeps the image), capture (PNG), ssd1306 on I2C."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

import pytest
import smbus2
from PIL import Image, ImageDraw

from bridgetable.bridge import Seat
from bridgetable.devices.display import HEIGHT, WIDTH, Display, seat_displays
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
