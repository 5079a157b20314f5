"""deploy/table.toml.example and deploy/station.env.example: what they document is what the code reads."""

import re
from pathlib import Path

from bridgetable.cli import build_parser
from bridgetable.director.session import generated_boards
from bridgetable.table.service import load_config

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
# every setting load_config knows (it refuses any other)
TABLE_SETTINGS = {"club", "session", "table", "boards", "rounds", "deals", "hand_check", "card_readers",
                  "bidding_boxes", "journal", "pinmap", "deck", "frames"}


def write_deals(path: Path, count: int) -> None:
    path.write_text("".join(f'[Board "{b.board}"]\n[Dealer "{b.dealer}"]\n[Vulnerable "{b.vulnerability}"]\n'
                            f'[Deal "{b.deal}"]\n\n' for b in generated_boards(count, 1)))


def test_table_example_loads_with_every_setting(tmp_path):
    """The example with its commented settings switched on and its absolute paths moved into tmp."""
    text = (DEPLOY / "table.toml.example").read_text()
    text = re.sub(r"^# (\w+ = )", r"\1", text, flags=re.MULTILINE)  # the optional settings, on
    text = text.replace("/var/lib/bridgetable/", f"{tmp_path}/state/")
    settings = set(re.findall(r"^(\w+) = ", text, flags=re.MULTILINE))
    assert settings == TABLE_SETTINGS
    (tmp_path / "state").mkdir()
    write_deals(tmp_path / "state" / "session.pbn", 8)
    (tmp_path / "table.toml").write_text(text)

    config = load_config(tmp_path / "table.toml")
    flow = config.flow
    assert (flow.club, flow.session, flow.table) == ("myclub", "2026-11-29", "3")
    assert flow.boards == list(range(1, 9)) and sorted(flow.deals) == flow.boards
    assert flow.rounds == {1: 1, 2: 1, 3: 1, 4: 1, 5: 2, 6: 2, 7: 2, 8: 2}
    assert (flow.hand_check, flow.card_readers, flow.bidding_boxes) == (False, True, True)
    assert config.journal == tmp_path / "state" / "journal-2026-11-29.db"
    assert config.pinmap == tmp_path / "pinmap.toml" and config.deck == tmp_path / "deck.json"
    assert config.frames == tmp_path / "state" / "frames"


def test_table_example_as_shipped_needs_no_deal_file(tmp_path):
    (tmp_path / "table.toml").write_text((DEPLOY / "table.toml.example").read_text())
    config = load_config(tmp_path / "table.toml")
    assert config.flow.deals == {} and config.deck is None and config.frames is None
    assert config.journal == Path("/var/lib/bridgetable/journal-2026-11-29.db")


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
