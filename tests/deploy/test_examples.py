"""deploy/table.toml.example and deploy/station.env.example: what they document is what the code reads."""

import json
import re
from pathlib import Path

from bridgetable.cli import build_parser
from bridgetable.director.session import generated_boards
from bridgetable.table.linkconfig import KNOWN as LINK_SETTINGS
from bridgetable.table.service import load_config

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
# every setting load_config knows (it refuses any other)
TABLE_SETTINGS = {"club", "session", "table", "boards", "rounds", "deals", "hand_check", "card_readers",
                  "bidding_boxes", "journal", "pinmap", "deck", "frames", "policy", "stop_seconds", "game",
                  "honours", "players", "language", "player_numbers"}
KEY = "ab" * 32


def sections(text: str) -> dict[str, set[str]]:
    """The settings each section of the example documents, on or commented out (an alternative
    is indented: "#   key = ...")."""
    parts = re.split(r"^\[(\w+)\]$", text, flags=re.MULTILINE)
    return {name: set(re.findall(r"^#?\s*(\w+) = ", body, flags=re.MULTILINE))
            for name, body in zip(parts[1::2], parts[2::2], strict=True)}


def write_account(directory: Path) -> None:
    """table-3.json as the example's jq line makes it from bridgetable.link.accounts' file."""
    entry = {"username": "table3", "password": "pw3", "key": KEY}
    (directory / "table-3.json").write_text(json.dumps({"club": "myclub", "tables": {"3": entry}}))


def write_deals(path: Path, count: int) -> None:
    path.write_text("".join(f'[Board "{b.board}"]\n[Dealer "{b.dealer}"]\n[Vulnerable "{b.vulnerability}"]\n'
                            f'[Deal "{b.deal}"]\n\n' for b in generated_boards(count, 1)))


def test_table_example_loads_with_every_setting(tmp_path):
    """The example with its commented settings switched on and its absolute paths moved into tmp."""
    text = (DEPLOY / "table.toml.example").read_text()
    assert sections(text) == {"table": TABLE_SETTINGS, "link": LINK_SETTINGS}
    text = re.sub(r"^# (\w+ = )", r"\1", text, flags=re.MULTILINE)  # the optional settings, on
    text = text.replace("/var/lib/bridgetable/", f"{tmp_path}/state/")
    (tmp_path / "state").mkdir()
    write_deals(tmp_path / "state" / "session.pbn", 8)
    write_account(tmp_path)
    (tmp_path / "ca.crt").write_text("the club's CA\n")
    (tmp_path / "table.toml").write_text(text)

    config = load_config(tmp_path / "table.toml")
    flow = config.flow
    assert (flow.club, flow.session, flow.table, flow.policy) == ("myclub", "2026-11-29", "3", "laws")
    assert flow.boards == list(range(1, 9)) and sorted(flow.deals) == flow.boards and not flow.more_boards
    assert flow.rounds == {1: 1, 2: 1, 3: 1, 4: 1, 5: 2, 6: 2, 7: 2, 8: 2}
    assert (flow.hand_check, flow.card_readers, flow.bidding_boxes) == (False, True, True)
    assert (flow.game, flow.honours, config.language) == ("duplicate", True, "da")
    assert config.journal == tmp_path / "state" / "journal.db"
    assert config.pinmap == tmp_path / "pinmap.toml" and config.deck == tmp_path / "deck.json"
    assert config.frames == tmp_path / "state" / "frames"
    link = config.link
    assert link is not None and (link.host, link.port, link.tls, link.ca) == ("station.local", 1883, True,
                                                                             tmp_path / "ca.crt")
    assert (link.username, link.password, link.key) == ("table3", "pw3", bytes.fromhex(KEY))
    assert (link.show_traveller, link.keepalive) == (False, 30)


def test_table_example_as_shipped_takes_session_and_boards_from_the_station(tmp_path):
    (tmp_path / "table.toml").write_text((DEPLOY / "table.toml.example").read_text())
    write_account(tmp_path)
    config = load_config(tmp_path / "table.toml")
    assert config.flow.deals == {} and config.deck is None and config.frames is None
    assert config.journal == Path("/var/lib/bridgetable/journal.db")
    assert (config.flow.session, config.flow.boards, config.flow.more_boards) == ("", [], True)
    assert config.language == "en"
    assert config.link is not None and (config.link.port, config.link.tls) == (1883, False)


def test_station_example_documents_every_station_option():
    """Each option of `bridgetable station` appears in station.env.example, as a variable the unit
    passes or in the STATION_OPTIONS list."""
    text = (DEPLOY / "station.env.example").read_text()
    station = build_parser()._subparsers._group_actions[0].choices["station"]  # type: ignore[union-attr]
    options = {option for action in station._actions for option in action.option_strings} - {"-h", "--help"}
    unit = (ROOT / "systemd" / "bridgetable-station.service").read_text()
    passed = set(re.findall(r"(--[\w-]+) \"\$\$\w+\"", unit)) | {"--password"}  # --password: the environment
    documented = set(re.findall(r"^#\s+(--[\w-]+)", text, flags=re.MULTILINE))
    assert passed | documented == options
    assert not passed & documented
