"""Power cuts, not only kills (issue 26): the table unit runs with its journal on the power-cut
file system (``tests.powercutfs``), is SIGKILLed and then loses whatever the card had not synced;
started again on what survived, it resumes exactly at a state it had shown, and no confirmed
result is lost or doubled."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bridgetable import durable
from bridgetable.bridge import Auction, Seat
from bridgetable.table.flow import BoardFlow, FlowConfig
from bridgetable.table.journal import Journal
from bridgetable.table.script import auction_events, play_events

from ..powercutfs import PowerCutMount, unavailable
from .helpers import DEAL, key, reference_run
from .test_recovery import BOARD, _send, _start, finish_session, write_pbn

pytestmark = pytest.mark.skipif(unavailable() is not None, reason=f"power-cut file system: {unavailable()}")

SECOND = [key("E", "OK"), *auction_events(Seat.E, "1S Pass 4S Pass Pass Pass"),
          *play_events(DEAL, Auction(Seat.E, "1S Pass 4S Pass Pass Pass".split()), tricks=4),
          key("S", "CLAIM"), key("S", "X"), key("S", "OK"), key("E", "OK"), key("N", "OK")]
EVENTS = [*BOARD, *SECOND]


def _kill(process: subprocess.Popen[str]) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait()


def _resumed(config: Path, journal: Path) -> tuple[int, dict, subprocess.Popen[str]]:
    """Start the table on what survived: how many events it replayed, its state, the process."""
    process = _start(config, journal)
    reply = _send(process, '{"seat": "N", "kind": "key", "value": "NOKEY"}')  # refused: reports the state
    assert not reply["accepted"]
    return reply["events"], reply["state"], process


def _table_config(folder: Path) -> Path:
    write_pbn(folder / "deals.pbn")
    config = folder / "table.toml"
    config.write_text('[table]\nclub = "c"\nsession = "s"\ntable = "3"\nboards = "1-2"\n'
                      f'deals = "{folder / "deals.pbn"}"\n')
    return config


def run_table_cuts(tmp_path: Path, cuts: int, seed: int) -> dict[str, int]:
    """The table plays its two boards again and again (a new journal each time), its power cut
    ``cuts`` times: at its start (the journal's creation) and at random moments of the boards,
    sometimes with an event on its way, every other cut tearing what was not synced. The figures:
    cuts, exact resumes (at the state shown last, or the one after the event on its way), results
    lost and doubled (the journal's results against an uncut run's)."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    config = _table_config(tmp_path)
    flow = BoardFlow(FlowConfig(boards=[1, 2], deals={1: DEAL, 2: DEAL}, club="c", session="s", table="3"))
    states, expected = reference_run(flow, EVENTS)
    expected_keys = [result["board"] for result in expected]
    rng = random.Random(seed)
    names = ("cuts", "exact resumes", "results lost", "results doubled", "unsynced writes lost")
    figures = dict.fromkeys(names, 0)
    with PowerCutMount(tmp_path / "card", tmp_path / "mnt") as card:
        run = 0
        while figures["cuts"] < cuts:
            run += 1
            journal = tmp_path / "mnt" / f"journal-{run}.db"
            count = min(12, cuts - figures["cuts"])
            moments = sorted([0] * min(3, count) + rng.sample(range(1, len(EVENTS)), count - min(3, count)))
            position = 0
            for moment in moments:
                process = _start(config, journal)
                if moment == 0:
                    time.sleep(rng.uniform(0.0, 0.4))  # somewhere in the start: the journal's creation
                while position < moment:
                    reply = _send(process, EVENTS[position].to_json())
                    assert reply["accepted"] and reply["state"] == states[position + 1]
                    position += 1
                in_flight = moment > 0 and rng.random() < 0.5
                if in_flight:  # the next event on its way when the power goes
                    assert process.stdin is not None
                    process.stdin.write(EVENTS[position].to_json() + "\n")
                    process.stdin.flush()
                _kill(process)
                card.cut(rng if figures["cuts"] % 2 else None)
                figures["cuts"] += 1
                resumed, state, process = _resumed(config, journal)
                _kill(process)
                allowed = (position, position + 1) if in_flight else (position,)
                figures["exact resumes"] += resumed in allowed and state == states[resumed]
                position = resumed
            finish_session(config, journal, EVENTS[position:])
            finished = Journal(journal, session="s")
            boards = [entry.payload["board"] for entry in finished.results()]
            finished.close()
            figures["results lost"] += len(set(expected_keys) - set(boards))
            figures["results doubled"] += len(boards) - len(set(boards))
        figures["unsynced writes lost"] = card.lost
    return figures


def test_a_table_whose_power_is_cut_at_random_moments_resumes_at_a_state_it_had_shown(tmp_path: Path) -> None:
    figures = run_table_cuts(tmp_path, cuts=12, seed=26)
    assert figures["exact resumes"] == figures["cuts"] == 12
    assert (figures["results lost"], figures["results doubled"]) == (0, 0)
    assert figures["unsynced writes lost"] > 0  # the cuts did throw unsynced writes away


# The child: a table told its session by the station (``adopt``), then the next session, which
# archives the journal and begins a new one, and the first event of that one; each step is done,
# then the child dies (os._exit, as a power cut's SIGKILL would) at step KILL_AT or prints it.
CHILD = """
import os, sys
from bridgetable.bridge import Seat
from bridgetable.events import Key, TableEvent
from bridgetable.table.flow import FlowConfig
from bridgetable.table.journal import Journal
from bridgetable.table.service import TableService
kill_at, path = int(sys.argv[1]), sys.argv[2]
step = 0
def done(what):
    global step
    step += 1
    if step == kill_at:
        os._exit(9)
    print(what, flush=True)
config = FlowConfig(boards=[], more_boards=True, club="c", table="3")
service = TableService(config, Journal(path, session=None))
done("started")
service.assign(1, [1], session="first")
done("first")
service.assign(1, [1], session="second")
done("second")
service.handle(TableEvent.key(Seat.N, Key.OK))
done("event")
"""
STEPS = ["started", "first", "second", "event"]


def test_a_power_cut_at_the_session_change_keeps_each_session_in_its_own_journal(tmp_path: Path) -> None:
    """The table archives the finished session's journal (journal.db -> journal-first.db) and
    creates the next one: whatever step the power is cut after, what the table had done is on the
    card (the first session's assignment in one file, named for it), and nothing more."""
    rng = random.Random(7)
    with PowerCutMount(tmp_path / "card", tmp_path / "mnt") as card:
        for kill_at in range(1, len(STEPS) + 2):
            folder = tmp_path / "mnt" / f"run-{kill_at}"
            folder.mkdir()
            durable.sync_parent(folder)
            done = subprocess.run([sys.executable, "-c", CHILD, str(kill_at), str(folder / "journal.db")],
                                  capture_output=True, text=True, timeout=60)
            assert done.returncode in (0, 9), done.stderr
            card.cut(rng if kill_at % 2 else None)
            did = STEPS[:kill_at]  # each step is done (and synced) before the next would be shown
            found = {}
            for path in sorted(folder.glob("journal*.db")):
                journal = Journal(path, session=None)
                found[path.name] = (journal.session, len(journal.assignments()), len(journal))
                journal.close()
            if "second" in did:
                expected = {"journal-first.db": ("first", 1, 0),
                            "journal.db": ("second", 1, did.count("event"))}
            elif "first" in did:
                expected = {"journal.db": ("first", 1, 0)}
            else:
                expected = {"journal.db": ("", 0, 0)}
            assert found == expected, f"power cut after step {kill_at}: {did}"
