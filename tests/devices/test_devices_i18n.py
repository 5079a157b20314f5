"""What the devices' command-line tools say, in the command line's language: `bridgetable enrol-deck`
(its prompts, refusals and summary), the simulation's keyboard, `python -m bridgetable.link.accounts`,
and `bridgetable table --sim`, whose displays speak $LANG's language when no table.toml says one."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import serial
from PIL import Image

import bridgetable.devices
from bridgetable import i18n
from bridgetable.bridge import Seat
from bridgetable.devices.cardreader import ENROLMENT_ORDER, Deck, enrol_deck
from bridgetable.devices.keyboard import Keyboard
from bridgetable.devices.lines import open_port
from bridgetable.events import Key, TableEvent
from bridgetable.link import accounts
from bridgetable.table.command import terminal_frame
from bridgetable.table.flow import FlowConfig
from bridgetable.table.journal import Journal
from bridgetable.table.service import TableService

from ..i18n_scan import untranslated_literals

DEVICES = Path(bridgetable.devices.__file__).parent
LINK = Path(accounts.__file__).parent


@pytest.fixture
def port() -> Iterator[serial.SerialBase]:
    port = open_port("loop://")
    yield port
    port.close()


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """accounts.main() sets the process's language from $LANG: the other tests expect English."""
    yield
    i18n.use("en")


def test_enrol_deck_prompts_and_refuses_in_danish(port: serial.SerialBase) -> None:
    tags = [f"04{index:02X}A1B2C3D4E5" for index in range(52)]
    port.write("".join(f"{line}\r\n" for line in [*tags[:2], tags[0], "bad tag!", *tags[2:]]).encode())
    prompts: list[str] = []
    with i18n.speaking("da"):
        deck, stats = enrol_deck(port, "klubspil", prompts.append)
        summary = stats.summary()
    assert len(deck.tags) == 52 and deck.card(tags[51]) == ENROLMENT_ORDER[51]
    assert prompts[:3] == ["scan ♠E", "♠E indlært; scan ♠K", "♠K indlært; scan ♠D"]
    assert prompts[3] == "afvist: tag 0400A1B2C3D4E5 er allerede ♠E: scan ♠D igen"
    assert prompts[4] == "afvist: hverken et kort eller et tag-id: 'bad tag!'"
    assert prompts[-1] == "♣2 indlært; spillet er komplet"
    assert summary == "indlæsning af klubspil: 52 godkendt, 2 dårlige (1 repeated, 1 unknown)"


def test_a_deck_file_refused_in_german(tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    path.write_text('{"format": "other"}', encoding="utf-8")
    with i18n.speaking("de"), pytest.raises(ValueError, match=r"keine bridgetable-deck/1-Datei$"):
        Deck.load(path)


@pytest.mark.parametrize(("language", "said"), [
    ("de", ["Tastatur: mit dem Sitz beginnen (N, E, S oder W), nicht 'Q'",
            "Tastatur: '8S' ist weder Taste noch Gebot noch Karte (Farbe zuerst: SA)",
            "Tastatur: nichts nach dem Sitz in 'S'"]),
    ("hu", ["billentyűzet: a hellyel kezdd (N, E, S vagy W), nem ezzel: 'Q'",
            "billentyűzet: '8S' nem gomb, nem licit és nem lap (előbb a szín: SA)",
            "billentyűzet: semmi sincs a hely után ebben: 'S'"])])
def test_the_simulations_keyboard_says_why_in_german_and_hungarian(language: str, said: list[str]) -> None:
    with open(os.devnull, encoding="utf-8") as stream, i18n.speaking(language):  # only its parsing is used
        keyboard = Keyboard(stream)
        assert [keyboard.feed_line(line) for line in ("Q ok", "N 8S", "S")] == [[], [], []]
    assert list(keyboard.stats.recent) == said


def test_accounts_command_speaks_dutch(tmp_path: Path, monkeypatch, capsys) -> None:
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    monkeypatch.setenv("PATH", f"{os.environ.get('PATH', '')}:/usr/sbin")
    assert accounts.main(["--club", "c", "--tables", "2", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out == f"{tmp_path / 'acl'}, {tmp_path / 'passwords'} en {tmp_path / 'accounts.json'} geschreven\n"
    with pytest.raises(SystemExit):
        accounts.main(["--club", "c"])
    assert "de volgende argumenten zijn verplicht: --tables, --out" in capsys.readouterr().err


def sim_frames(language: str, tmp_path: Path) -> list[str]:
    """South's frames, as the terminal shows them, of a simulated table in ``language`` started
    with North's OK."""
    frames: list[str] = []

    class Terminal:
        def show(self, image: Image.Image) -> None:
            frames.append(terminal_frame(image))

    service = TableService(FlowConfig(boards=list(range(1, 9)), session="sim"),
                           Journal(tmp_path / f"{language}.db", session="sim"), {Seat.S: Terminal()},
                           language=language)
    service.handle(TableEvent.key(Seat.N, Key.OK))
    service.journal.close()
    return frames


def test_table_sim_without_a_config_draws_the_command_lines_language(tmp_path: Path) -> None:
    env = {**os.environ, "LANG": "da_DK.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    run = subprocess.run([sys.executable, "-m", "bridgetable.cli", "table", "--sim", "--journal",
                          str(tmp_path / "sim.db")], input="N ok\nE 1NT\n", capture_output=True, text=True,
                         timeout=120, env=env)
    assert run.returncode == 0, run.stderr
    assert "-- Syds display --" in run.stdout
    assert "afvist: Øst uden for tur: det er Nords melding (Lov 29-32)" in run.stdout
    danish, english = sim_frames("da", tmp_path), sim_frames("en", tmp_path)
    assert danish != english
    assert all(frame in run.stdout for frame in danish)
    assert not any(frame in run.stdout for frame in english if frame not in danish)


# the counters' names (the log's) and the deck file's format, the files' names and encodings, the
# log's name of a reader, the display's attributes and its programming errors (a frame of the wrong
# size, which no person causes), the ACL's lines and the accounts' files, the options' names
NOT_PROSE = {
    DEVICES / "cardreader.py": {"unknown", "repeated", "bridgetable-deck/1", ".tmp", "utf-8", "card reader ",
                                "bridgetable enrol-deck: "},
    DEVICES / "lines.py": {"overlong", "garbled", "disconnected", "ascii"},
    DEVICES / "keyboard.py": {"unknown", "disconnected", "overlong"},
    DEVICES / "display.py": {"sim", "PYGAME_HIDE_SUPPORT_PROMPT", "none", "scale2x", "-{0:06}.png", "rotate",
                             "_page_address_offset", "a seat display is ", ", not ", "a screen is a ",
                             " mode '1' image, not "},
    LINK / "accounts.py": {"station", "table", "user ", "topic read ", "topic write ", "topic readwrite ",
                           "/table/#", "/director/#", "/central/#", "/director/traveller/+", "ack", "assign",
                           "# bridgetable: generated by bridgetable.link.accounts", "acl", "passwords",
                           "accounts.json", "mosquitto_passwd", "/usr/bin:/usr/sbin",
                           "python -m bridgetable.link.accounts", "--club", "--tables", "--out"},
}


@pytest.mark.parametrize("path", sorted(NOT_PROSE), ids=lambda path: path.name)
def test_no_text_a_person_reads_bypasses_the_catalogue(path: Path) -> None:
    found = untranslated_literals(path, allowed=NOT_PROSE[path],
                                  exempt_calls={"getLogger", "info", "warning", "debug", "compile", "get",
                                                "Thread"})
    assert found == []
