"""The pin maps in hardware/ are sound, and every kind of wiring conflict is caught and named."""

from __future__ import annotations

import copy
import re
import tomllib
from pathlib import Path

import pytest

from bridgetable.bridge import Seat
from bridgetable.devices.pinmap import PinMapError, load_pinmap, parse_pinmap
from bridgetable.events import Key

HARDWARE = Path(__file__).parents[2] / "hardware"
PINMAPS = sorted(HARDWARE.glob("*.toml"))
PILOT = tomllib.loads((HARDWARE / "pinmap-pilot.toml").read_text())
TABLE = tomllib.loads((HARDWARE / "pinmap.toml").read_text())


@pytest.mark.parametrize("path", PINMAPS, ids=lambda p: p.name)
def test_every_pinmap_in_hardware_is_valid(path: Path) -> None:
    pinmap = load_pinmap(path)
    assert pinmap.seats


def test_reference_table_has_four_seats_with_module_and_display() -> None:
    pinmap = load_pinmap(HARDWARE / "pinmap.toml")
    assert set(pinmap.seats) == set(Seat)
    channels = {wiring.display.channel for wiring in pinmap.seats.values() if wiring.display}
    assert channels == {0, 1, 2, 3}
    assert all(wiring.module for wiring in pinmap.seats.values())


def test_pilot_wires_all_nineteen_keys_on_distinct_pins() -> None:
    north = load_pinmap(HARDWARE / "pinmap-pilot.toml").seats[Seat.N]
    assert set(north.keys) == set(Key)
    assert len(set(north.keys.values())) == len(Key)


def _problems(data: dict) -> list[str]:
    with pytest.raises(PinMapError) as caught:
        parse_pinmap(data, source="test")
    return caught.value.problems


def test_pin_used_twice_is_named_with_both_users() -> None:
    data = copy.deepcopy(PILOT)
    data["seats"]["N"]["keys"]["OK"] = 4  # the pin of key 1
    problems = _problems(data)
    assert any("GPIO 4 used twice" in p and "key 1" in p and "key OK" in p for p in problems)


def test_key_on_an_i2c_pin_is_a_clash() -> None:
    data = copy.deepcopy(PILOT)
    data["seats"]["N"]["keys"]["UNDO"] = 3
    assert any("GPIO 3 used twice: i2c.1 scl" in p for p in _problems(data))


def test_pin_outside_header_and_missing_key() -> None:
    data = copy.deepcopy(PILOT)
    data["seats"]["N"]["keys"]["X"] = 40
    del data["seats"]["N"]["keys"]["CLAIM"]
    problems = _problems(data)
    assert any("GPIO 40" in p and "not a header GPIO" in p for p in problems)
    assert any("lacks keys CLAIM" in p for p in problems)


def test_two_displays_same_address_same_channel_clash() -> None:
    data = copy.deepcopy(TABLE)
    data["seats"]["E"]["display"]["channel"] = 0  # North's channel
    problems = _problems(data)
    assert any("seats.E display" in p and "clashes with seats.N display" in p for p in problems)


def test_same_address_on_different_channels_is_fine_but_not_beside_a_direct_device() -> None:
    data = copy.deepcopy(TABLE)
    parse_pinmap(data)  # four 0x3C displays on four channels: no clash
    del data["seats"]["W"]["display"]["channel"]  # now W sits on the bus itself at 0x3C
    problems = _problems(data)
    assert len([p for p in problems if "seats.W display" in p and "clashes" in p]) == 3


def test_display_at_multiplexer_address_or_on_a_channel_without_multiplexer() -> None:
    data = copy.deepcopy(TABLE)
    data["seats"]["N"]["display"]["address"] = 0x70
    assert any("multiplexer's own" in p for p in _problems(data))
    data = copy.deepcopy(PILOT)
    data["seats"]["N"]["display"]["channel"] = 2
    assert any("has no multiplexer" in p for p in _problems(data))


def test_bad_values_are_reported_together() -> None:
    data = copy.deepcopy(TABLE)
    data["seats"]["Q"] = {}
    data["seats"]["N"]["display"]["driver"] = "st7735"
    data["seats"]["S"]["display"]["channel"] = 9
    data["seats"]["E"]["module"] = data["seats"]["W"]["module"]
    data["seats"]["W"]["card_reader"] = "/dev/ttyUSB0"
    data["buttons"]["bounce_time"] = 5
    problems = _problems(data)
    assert len(problems) == 6, problems
    text = " | ".join(problems)
    needles = ("not a seat", "st7735", "channel 9", "given to 2 devices", "drop card_reader", "bounce_time")
    assert all(needle in text for needle in needles)


def test_unreadable_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("[seats.N\n")
    with pytest.raises(PinMapError, match="broken.toml: cannot read"):
        load_pinmap(path)


def test_wiring_document_pilot_table_matches_the_pin_map() -> None:
    text = (HARDWARE / "WIRING.md").read_text().split("## Pilot seat", 1)[1]
    rows = re.findall(r"^\| (\w+) \| (\d+) \| \d+ \|$", text, flags=re.MULTILINE)
    documented = {Key(key): int(gpio) for key, gpio in rows}
    assert documented == load_pinmap(HARDWARE / "pinmap-pilot.toml").seats[Seat.N].keys
