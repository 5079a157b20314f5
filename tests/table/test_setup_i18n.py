"""A table unit's set-up errors (table.toml's [table] and [link], the pin map, the journal it
replays) are said in the language spoken: `bridgetable table`'s ($LANG), or the table's own."""

from __future__ import annotations

import ast
import copy
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

import bridgetable.table
from bridgetable import i18n
from bridgetable.cli import main
from bridgetable.devices import pinmap as pinmap_module
from bridgetable.devices.pinmap import PinMapError, parse_pinmap
from bridgetable.table.service import load_config

from ..i18n_scan import untranslated_literals

TABLE = Path(bridgetable.table.__file__).parent
HARDWARE = Path(__file__).parents[2] / "hardware"
KEY = "ab" * 32


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """main() sets the process's language from $LANG: the other tests expect English."""
    yield
    i18n.use("en")


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_bad_link_setting_in_german_from_the_command_line(tmp_path, monkeypatch, capsys) -> None:
    path = write(tmp_path, f'[table]\nclub = "c"\ntable = "3"\n'
                           f'[link]\nhost = "h"\nport = 70000\nkey = "{KEY}"\n')
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main(["table", "--config", str(path)]) == 2
    assert capsys.readouterr().err == (f"bridgetable table: {path} [link] port: 70000 ist keine Portnummer "
                                       "(1-65535)\n")


@pytest.mark.parametrize(("link", "language", "said"), [
    ('host = ""\n', "de", "[link] host: Hostname oder Adresse des Brokers fehlt"),
    (f'host = "h"\nkey = "{KEY}"\nkey_file = "k"\n', "nl", "[link]: geef key of key_file, niet beide"),
    ('host = "h"\nkey = "abcd"\n', "da", "[link] key: nøglen er mindst 32 hexadecimale cifre (som "
                                         "bridgetable.link.accounts skriver den)"),
    (f'host = "h"\nkey = "{KEY}"\nkeepalive = true\n', "hu", "[link] keepalive: int kellene, nem True"),
])
def test_link_settings_refused_in_each_language(tmp_path: Path, link: str, language: str, said: str) -> None:
    path = write(tmp_path, f'[table]\nclub = "c"\ntable = "3"\n[link]\n{link}')
    with i18n.speaking(language), pytest.raises(ValueError) as refused:
        load_config(path)
    assert str(refused.value) == f"{path} {said}"


@pytest.mark.parametrize(("table", "language", "said"), [
    ('boards = "8-1"\n', "da",
     '[table]: boards er en liste af spilnumre eller et interval som "1-8", ikke \'8-1\''),
    ('policy = "lenient"\n', "de", '[table] policy ist "prevent" oder "laws", nicht \'lenient\''),
    ('colour = "red"\n', "nl", "onbekende instellingen in [table]: colour"),
    ('rounds = { 1 = "1-3", 2 = "3-4" }\n', "hu",
     "[table] rounds: a(z) 3. osztás a(z) 1. és a(z) 2. fordulóban is szerepel"),
])
def test_table_settings_refused_in_each_language(tmp_path: Path, table: str, language: str,
                                                 said: str) -> None:
    path = write(tmp_path, f"[table]\n{table}")
    with i18n.speaking(language), pytest.raises(ValueError) as refused:
        load_config(path)
    assert str(refused.value).removeprefix(f"{path}").lstrip(": ") == said.lstrip(": ")


def test_pin_map_problems_all_named_in_danish_and_german() -> None:
    data = copy.deepcopy(tomllib.loads((HARDWARE / "pinmap-pilot.toml").read_text()))
    keys = data["seats"]["N"]["keys"]
    keys["PASS"] = keys["OK"]  # one pin, two keys
    data["seats"]["Q"] = {}
    with i18n.speaking("da"), pytest.raises(PinMapError) as danish:
        parse_pinmap(data, source="pinmap.toml")
    assert "[seats.Q]: ikke en plads (N, E, S eller W)" in danish.value.problems
    pin = keys["OK"]
    assert any(problem.startswith(f"GPIO {pin} bruges to gange: ") for problem in danish.value.problems)
    with i18n.speaking("de"), pytest.raises(PinMapError) as german:
        parse_pinmap(data, source="pinmap.toml")
    assert "[seats.Q]: kein Sitz (N, E, S oder W)" in german.value.problems
    assert str(german.value).startswith("pinmap.toml: ")


def _config_part(path: Path, skip_class: str) -> str:
    """A module's source without one class (the part of service.py that reads table.toml)."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    return "\n\n".join(ast.get_source_segment(source, node) or "" for node in tree.body
                       if not (isinstance(node, ast.ClassDef) and node.name == skip_class))


# TOML sections, keys and values the file holds; the pin map's names of its wiring; the files' encoding
NOT_PROSE = {
    "linkconfig.py": {" [link]", " accounts", " key_file: ", "key_file (", "accounts", "ca", "host",
                      "keepalive", "key", "key_file", "password", "port", "show_traveller", "tls", "username",
                      "utf-8"},
    "pinmap.py": {" display", " key ", " scl", " sda", "[seats.", "seats.", "card_reader", "display", "keys",
                  "module", "sh1106", "ssd1306", "utf-8", "pin map"},  # "pin map": the default source's name
    "service.py": {" [table]", " [table] rounds", ": language: ", "table.toml", "utf-8", "bidding_boxes",
                   "boards", "card_readers", "club", "deals", "deck", "frames", "game", "hand_check",
                   "honours", "journal", "language", "link", "pinmap", "player_numbers", "players", "policy",
                   "rounds", "session", "stop_seconds", "table"},
}


@pytest.mark.parametrize("name", sorted(NOT_PROSE))
def test_no_set_up_error_bypasses_the_catalogue(name: str, tmp_path: Path) -> None:
    path = {"pinmap.py": Path(pinmap_module.__file__)}.get(name, TABLE / name)
    part = tmp_path / name
    source = _config_part(path, "TableService")  # the service's own texts: test_screens_i18n.py
    part.write_text(source, encoding="utf-8")
    found = untranslated_literals(part, allowed=NOT_PROSE[name],
                                  exempt_calls={"getLogger", "info", "warning", "exception", "get",
                                                "setdefault", "with_name", "getattr", "pop", "Path"})
    assert found == []
