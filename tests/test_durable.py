"""What the program writes besides its SQLite files survives a power cut once written (issue 26):
the broker accounts and keys, a deck's enrolment. Each is written on the power-cut file system
(``tests.powercutfs``), then the power is cut: before, the files vanished (their directory was
never synced) or came back empty (never synced at all)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bridgetable import durable
from bridgetable.bridge import DECK
from bridgetable.devices.cardreader import Deck
from bridgetable.link.accounts import write_accounts

from .powercutfs import PowerCutMount, unavailable

pytestmark = pytest.mark.skipif(unavailable() is not None, reason=f"power-cut file system: {unavailable()}")


@pytest.fixture
def card(tmp_path: Path):
    with PowerCutMount(tmp_path / "card", tmp_path / "mnt") as mount:
        yield mount


def test_the_accounts_and_keys_written_survive_a_power_cut(card: PowerCutMount, tmp_path: Path) -> None:
    folder = tmp_path / "mnt" / "accounts"
    folder.mkdir()
    durable.sync_parent(folder)
    accounts = write_accounts(folder, "club", 3, secret=b"k" * 32)
    before = {name: (folder / name).read_bytes() for name in ("acl", "passwords", "accounts.json")}
    card.cut(random.Random(1))
    assert sorted(path.name for path in folder.iterdir()) == ["accounts.json", "acl", "passwords"]
    assert {name: (folder / name).read_bytes() for name in before} == before
    assert json.loads(before["accounts.json"])["station"]["secret"] == accounts.secret.hex()
    assert (folder / "accounts.json").stat().st_mode & 0o777 == 0o600


def test_a_deck_saved_survives_a_power_cut_old_or_new(card: PowerCutMount, tmp_path: Path) -> None:
    path = tmp_path / "mnt" / "deck.json"
    first = {f"04A1{number:02X}": deck_card for number, deck_card in enumerate(DECK)}
    Deck("club deck", first).save(path)
    card.cut()
    assert Deck.load(path).tags == first
    second = {f"04B2{number:02X}": deck_card for number, deck_card in enumerate(DECK)}  # a new deck
    Deck("club deck", second).save(path)
    card.cut(random.Random(2))
    assert Deck.load(path).tags == second
    assert sorted(p.name for p in path.parent.iterdir()) == ["deck.json"]


def test_the_file_system_keeps_only_what_was_synced(card: PowerCutMount, tmp_path: Path) -> None:
    """The power-cut file system itself: a file written and synced but never named in a synced
    directory is gone; named and synced, it stays; a write after the last fsync is lost, or torn at
    a 512-byte sector."""
    mnt = tmp_path / "mnt"
    (mnt / "never synced").write_bytes(b"x" * 100)
    with (mnt / "synced").open("wb") as file:
        file.write(b"a" * 1000)
        file.flush()
        durable.os.fsync(file.fileno())
    assert card.cut() == 1  # the write of "never synced"
    assert sorted(p.name for p in mnt.iterdir()) == []  # nothing was named in a synced directory
    with (mnt / "synced").open("wb") as file:
        file.write(b"a" * 1000)
        file.flush()
        durable.os.fsync(file.fileno())
    durable.sync_dir(mnt)
    with (mnt / "synced").open("r+b") as file:
        file.seek(1000)
        file.write(b"b" * 2000)  # never synced
    card.cut()
    assert (mnt / "synced").read_bytes() == b"a" * 1000
    with (mnt / "synced").open("r+b") as file:
        file.seek(1000)
        file.write(b"b" * 2000)
    sizes = set()
    for seed in range(12):
        card.cut(random.Random(seed))
        data = (mnt / "synced").read_bytes()
        assert data[:1000] == b"a" * 1000 and set(data[1000:]) <= {ord("b")}
        sizes.add(len(data))
        with (mnt / "synced").open("r+b") as file:
            file.truncate(1000)
            file.flush()
            durable.os.fsync(file.fileno())
            file.seek(1000)
            file.write(b"b" * 2000)
    assert sizes <= {1000, 1024, 1536, 2048, 2560, 3000} and len(sizes) > 1
