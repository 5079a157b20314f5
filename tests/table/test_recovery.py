"""The journal, the outbox, and a real table process killed with SIGKILL mid-board."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bridgetable.bridge import Auction, Seat
from bridgetable.events import TableEvent
from bridgetable.table.flow import BoardFlow, FlowConfig
from bridgetable.table.journal import Journal, JournalError
from bridgetable.table.script import auction_events, board_events, play_events
from bridgetable.table.service import TableService, load_config, replay

from .helpers import DEAL, key, reference_run, untimed

CALLS = "1NT Pass 3NT Pass Pass Pass"
BOARD = board_events(DEAL, Seat.N, CALLS)


def write_pbn(path: Path) -> None:
    path.write_text(f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL.to_pbn()}"]\n\n'
                    f'[Board "2"]\n[Dealer "E"]\n[Vulnerable "NS"]\n[Deal "{DEAL.to_pbn()}"]\n')


def test_the_journal_replays_to_the_same_state_and_holds_the_outbox(tmp_path: Path) -> None:
    config = FlowConfig(boards=[1, 2], deals={1: DEAL}, club="c", session="s", table="3", rounds={2: 2})
    service = TableService(config, Journal(tmp_path / "j.db", session="s"))
    service.assign(1, [1])  # the station's assignment: board 1 in round 1
    for event in [*BOARD[:20], key("W", "OK"), *BOARD[20:]]:  # one refused event on the way
        service.handle(event)
    assert len(service.journal) == len(BOARD)  # refused events are not journaled
    [entry] = service.journal.pending_results()
    assert entry.key == "c/s/1/3/1/1" and entry.payload["round"] == 1
    assert entry.payload["score_ns"] == service.journal.results()[0].payload["score_ns"]
    assert service.journal.events().__next__() == BOARD[0]
    again = replay(config, Journal(tmp_path / "j.db", session="s"))
    assert again.view().durable() == service.flow.view().durable()

    service.journal.mark_sent(entry.key)
    assert service.journal.pending_results()[0].attempts == 1
    service.journal.mark_acked(entry.key)
    service.journal.mark_acked(entry.key)  # a repeated ack is harmless
    assert service.journal.pending_results() == [] and len(service.journal.results()) == 1
    with pytest.raises(KeyError):
        service.journal.mark_acked("c/s/3/9/1")
    with pytest.raises(JournalError, match="belongs to session 's'"):
        Journal(tmp_path / "j.db", session="other")
    (tmp_path / "bad.db").write_bytes(b"not a database" * 100)
    with pytest.raises(JournalError, match="not a usable journal"):
        Journal(tmp_path / "bad.db")


def _start(config: Path, journal: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "bridgetable.cli", "table", "--config", str(config), "--journal", str(journal),
         "--events", "-", "--echo"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def _send(process: subprocess.Popen[str], event_json: str) -> dict:
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(event_json + "\n")
    process.stdin.flush()
    return json.loads(process.stdout.readline())


def finish_session(config: Path, journal: Path, events: list[TableEvent]) -> None:
    """A fresh table process fed ``events`` (the rest of the session) until its input ends."""
    process = _start(config, journal)
    for event in events:
        _send(process, event.to_json())
    assert process.stdin is not None
    process.stdin.close()
    assert process.wait(timeout=30) == 0


def kill_and_restart(config: Path, journal: Path, events: list[TableEvent], states: list[dict],
                     position: int, moment: int, in_flight: bool) -> tuple[int, subprocess.Popen[str]]:
    """Run the table from ``position`` to ``moment`` (each state as ``states`` says), SIGKILL it
    (``in_flight``: with the next event on its way), restart it: it must resume exactly at one
    of the states; returns where, and the restarted process."""
    process = _start(config, journal)
    while position < moment:
        reply = _send(process, events[position].to_json())
        assert reply["accepted"] and reply["state"] == states[position + 1]
        position += 1
    if in_flight:  # the next event is on its way when the power goes
        assert process.stdin is not None
        process.stdin.write(events[position].to_json() + "\n")
        process.stdin.flush()
    process.send_signal(signal.SIGKILL)
    process.wait()
    # the restarted table reports its state with the first (harmless) line: a refused event
    process = _start(config, journal)
    reply = _send(process, '{"seat": "N", "kind": "key", "value": "NOKEY"}')
    assert not reply["accepted"]
    resumed = reply["events"]
    assert resumed in ((position, position + 1) if in_flight else (position,))
    assert reply["state"] == states[resumed], f"state after restart at event {resumed}"
    return resumed, process


def test_a_table_process_killed_at_any_moment_resumes_exactly(tmp_path: Path) -> None:
    """SIGKILL at 24 moments of a board (auction, each phase of the play, a claim, the result),
    sometimes right after an event is acknowledged, sometimes while one is still in flight."""
    write_pbn(tmp_path / "deals.pbn")
    config = tmp_path / "table.toml"
    config.write_text('[table]\nclub = "c"\nsession = "s"\ntable = "3"\nboards = "1-2"\n'
                      'deals = "deals.pbn"\n')
    journal = tmp_path / "journal.db"
    # board 1 played out; board 2 (dealer E) with a claim after four tricks
    second = [key("E", "OK"), *auction_events(Seat.E, "1S Pass 4S Pass Pass Pass")]
    second += play_events(DEAL, Auction(Seat.E, "1S Pass 4S Pass Pass Pass".split()), tricks=4)
    second += [key("S", "CLAIM"), key("S", "X"), key("S", "OK"), key("E", "OK"), key("N", "OK")]
    events = [*BOARD, *second]
    deals = {1: DEAL, 2: DEAL}
    flow = BoardFlow(FlowConfig(boards=[1, 2], deals=deals, club="c", session="s", table="3"))
    states, expected_results = reference_run(flow, events)

    moments = sorted({int(i * (len(events) - 1) / 23) for i in range(24)})
    assert len(moments) == 24
    position = 0
    for number, moment in enumerate(moments):
        position, process = kill_and_restart(config, journal, events, states, position, moment,
                                             in_flight=number % 2 == 1)
        process.send_signal(signal.SIGKILL)
        process.wait()
    finish_session(config, journal, events[position:])
    results = Journal(journal, session="s").results()
    # each board once, as if never killed; the tempo (real time here: see test_tempo) one per call and card
    assert untimed([r.payload for r in results]) == expected_results
    assert [(len(r.payload["tempo"]["calls"]), len(r.payload["tempo"]["cards"])) for r in results] == [
        (len(r["auction"]), len(r["play"])) for r in expected_results]
    assert results[1].payload["claim"]["tricks"] == 8


@pytest.mark.parametrize(("rounds", "error"), [
    ('{ 1 = "1-2", 2 = [3, 4] }', None),
    ('{ x = "1" }', "'x' is not a round number"),
    ('{ 1 = "1-2", 2 = "2-3" }', "board 2 is in rounds 1 and 2"),
    ('"1-4"', "a table of round = boards"),
])
def test_the_configuration_gives_each_board_its_round(tmp_path: Path, rounds: str, error: str | None) -> None:
    """A table without a link learns its rounds from table.toml (with a link, from its assignments)."""
    config = tmp_path / "table.toml"
    config.write_text(f'[table]\nsession = "s"\nboards = "1-4"\nrounds = {rounds}\n')
    if error is None:
        assert load_config(config).flow.rounds == {1: 1, 2: 1, 3: 2, 4: 2}
    else:
        with pytest.raises(ValueError, match=error):
            load_config(config)


def test_an_unreadable_or_malformed_table_toml_is_refused_by_name(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from bridgetable.cli import main

    malformed = tmp_path / "table.toml"
    malformed.write_text("[table\nclub = 1\n")
    for path, why in ((tmp_path / "missing.toml", "No such file or directory"), (tmp_path, "Is a directory"),
                      (malformed, "line 1")):
        assert main(["table", "--config", str(path)]) == 2
        error = capsys.readouterr().err
        assert error.startswith(f"bridgetable table: {path}: ") and why in error and "Errno" not in error


@pytest.mark.parametrize("boards", ["0-3", "3-1", "x", [0, 1]])
def test_boards_are_numbered_from_1(boards: object) -> None:
    from bridgetable.table.service import parse_boards

    with pytest.raises(ValueError, match="table.toml: boards is a list of board numbers"):
        parse_boards(boards, "table.toml")
    assert parse_boards("1-3", "table.toml") == parse_boards([1, 2, 3], "t") == parse_boards("1,2,3", "t")
