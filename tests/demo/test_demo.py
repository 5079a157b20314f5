"""`bridgetable demo` end to end: Mosquitto, the station, robot tables through their seat modules
and the link."""

import json
import os
import re
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import httpx
import pytest

from bridgetable import i18n
from bridgetable.bridge import Contract, Seat, Vulnerability, duplicate_score, imps
from bridgetable.demo import club
from bridgetable.demo.command import ranking_line, result_line, robot_board_line, robot_match_line, team_line
from bridgetable.director.session import Session, generated_boards
from bridgetable.director.store import SQLiteStore, StoredResult
from bridgetable.formats.pbn import read_pbn_file
from bridgetable.link.broker import free_port, local_broker


def run_demo(*options: str) -> dict:
    command = [sys.executable, "-m", "bridgetable.cli", "demo", "--headless", "--json", *options]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "ERROR" not in run.stderr
    return json.loads(run.stdout)


def journaled_events_by_seat(journal) -> dict[str, int]:
    with sqlite3.connect(journal) as db:
        return dict(db.execute("SELECT seat, count(*) FROM events GROUP BY seat").fetchall())


def test_demo_plays_a_whole_mitchell_and_exports_it(tmp_path):
    out = tmp_path / "export"
    data = run_demo("--tables", "3", "--rounds", "3", "--export", str(out), "--dir", str(tmp_path / "w"))
    assert {e["pair"] for e in data["ranking"]} == set(range(1, 7))
    assert all({"pair", "names", "percent"} <= set(entry) for entry in data["ranking"])
    boards = {b.board: b for b in generated_boards(6, 1)}
    assert [t["board"] for t in data["travellers"]] == list(range(1, 7))
    for traveller in data["travellers"]:
        assert len(traveller["rows"]) == 3  # a 3-table Mitchell plays every board at every table
        vulnerability = Vulnerability.parse(boards[traveller["board"]].vulnerability)
        for row in traveller["rows"]:
            declarer = Seat.parse(row["declarer"])
            score = duplicate_score(Contract.parse(row["contract"]), row["tricks"],
                                    vulnerability.is_vulnerable(declarer))
            assert row["ns_score"] == (score if declarer in (Seat.N, Seat.S) else -score)
            assert row["ns_mp"] + row["ew_mp"] == 4
    # each table put in its results the round of its assignment; the station keys them by it
    with sqlite3.connect(tmp_path / "w" / "station.db") as db:
        stored = {(t, b): r for r, t, b in db.execute("SELECT round, tbl, board FROM results")}
    sent = {}
    tempos = []
    for table in (1, 2, 3):
        with sqlite3.connect(tmp_path / "w" / f"table-{table}.db") as db:
            for key, payload in db.execute("SELECT key, payload FROM outbox"):
                record = json.loads(payload)
                sent[(table, record["board"])] = record["round"]
                tempos.append(record["tempo"])
                assert key == f"democlub/demo/{record['round']}/{table}/{record['board']}/1"
    assert sent == stored and len(stored) == 18
    # the robots take their time (demo.thinking): the director's tempo pages have something to show
    calls = [tenths for tempo in tempos for tenths in tempo["calls"]]
    cards = [tenths for tempo in tempos for tenths in tempo["cards"]]
    assert min(calls) >= 3 and 10 <= statistics.median(calls) <= 60 and 10 <= statistics.median(cards) <= 60
    assert max(calls) > 100  # a hesitation or more (over 10 s) in the session
    assert sorted(sent.values()) == [1] * 6 + [2] * 6 + [3] * 6
    # robots at every seat: the kibitzers are let in (the live tables show everyone the boards in play)
    assert Session.load(SQLiteStore(tmp_path / "w" / "station.db"), "demo").setup.kibitzers
    records = [r for r in read_pbn_file(out / "demo.pbn") if r.tags.get("Table")]
    assert len(records) == 18
    assert all(len(r.tricks) == 13 and len(r.calls) >= 4 and not r.problems for r in records)


def test_demo_tables_read_every_event_from_their_seat_modules(tmp_path):
    data = run_demo("--tables", "3", "--rounds", "1", "--displays", "--dir", str(tmp_path / "w"))
    assert [t["table"] for t in data["devices"]] == [1, 2, 3]
    for table in data["devices"]:
        journaled = journaled_events_by_seat(tmp_path / "w" / f"table-{table['table']}.db")
        seats = table["seats"]
        assert set(seats) == {"N", "E", "S", "W"}
        for seat, report in seats.items():
            assert report["firmware"] == "sim"  # each module's hello frame was read
            assert report["rejected"] == {}
            # every event the table journaled arrived as a frame through that seat's module
            assert report["accepted"] == journaled[seat] > 13
            assert report["display_frames"] > 2 * 2  # the seat's OLED redrawn through the boards


def test_demo_on_the_embedded_amqtt_broker(tmp_path):
    data = run_demo("--tables", "3", "--rounds", "2", "--broker", "embedded", "--dir", str(tmp_path / "w"))
    assert {e["pair"] for e in data["ranking"]} == set(range(1, 7))
    rows = {t["board"]: len(t["rows"]) for t in data["travellers"]}
    assert rows == {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2}  # 2 rounds of a 3-table Mitchell: 2 rows each


def test_demo_of_a_single_table_against_the_robots(tmp_path):
    data = run_demo("--movement", "robots", "--rounds", "2", "--dir", str(tmp_path / "w"),
                    "--export", str(tmp_path / "out"))
    assert [e["pair"] for e in sorted(data["ranking"], key=lambda e: e["pair"])] == [1, 2]
    match = data["robots"]
    scores = {t["board"]: t["rows"][0]["ns_score"] for t in data["travellers"]}
    assert [b["board"] for b in match["boards"]] == [1, 2, 3, 4] == sorted(scores)
    for board in match["boards"]:  # our table's result (through the link) against the robot table's
        assert board["open_ns"] == scores[board["board"]]
        assert board["imps_ns"] == imps(board["open_ns"] - board["closed_ns"])
    assert match["winner"] in ("NS", "EW", "draw")
    records = read_pbn_file(tmp_path / "out" / "demo.pbn")
    rooms = {(r.board, r.tags.get("Room")): r for r in records if r.tags.get("Room")}
    assert sorted(rooms) == [(b, room) for b in (1, 2, 3, 4) for room in ("Closed", "Open")]
    for board in match["boards"]:  # both rooms played out in full, with the IMPs of the board
        closed, ours = rooms[(board["board"], "Closed")], rooms[(board["board"], "Open")]
        assert closed.score_ns == board["closed_ns"] and len(closed.tricks) == 13 and not closed.problems
        assert closed.tags["ScoreIMP"] == f"NS {board['imps_ns']}" and ours.deal == closed.deal


def test_the_match_against_the_robots_lines():
    board = {"board": 2, "open_ns": 620, "closed_ns": 170, "imps_ns": 10}
    assert robot_board_line(board) == "Board  2: ours NS   620, robots NS   170: +10 IMPs to NS"
    assert robot_match_line({"imps_ns": 10, "imps_ew": 1, "winner": "NS"}) == "NS 10 IMPs, EW 1 IMPs: NS win"
    assert robot_match_line({"imps_ns": 3, "imps_ew": 3, "winner": "draw"}) == "NS 3 IMPs, EW 3 IMPs: a draw"


def stored(contract, declarer, tricks, ns_score, adjusted=None):
    return StoredResult(session="s", round=2, table=3, board=5, revision=1, ns=3, ew=6, contract=contract,
                        declarer=declarer, tricks=tricks, ns_score=ns_score, adjusted=adjusted)


def test_a_result_as_it_arrives():
    assert result_line(stored("4S", "N", 10, 620)) == "round 2  table 3  board  5  4♠= N  NS +620"
    assert result_line(stored("4HX", "E", 8, 500)) == "round 2  table 3  board  5  4♥X-2 E  NS +500"
    assert result_line(stored("3NT", "S", 11, 460)) == "round 2  table 3  board  5  3NT+2 S  NS +460"
    assert result_line(stored("Pass", None, None, 0)) == "round 2  table 3  board  5  passed out  NS +0"
    assert result_line(stored("", None, None, None, "60/40")) == "round 2  table 3  board  5  adjusted 60/40"


def test_a_directors_weighted_score_or_board_not_played_as_it_arrives():
    weighted = replace(stored("Weighted", None, None, None), record={"weighted": [
        {"weight": 0.3, "contract": "4S", "declarer": "N", "tricks": 10, "ns_score": 620},
        {"weight": 0.7, "contract": "4S", "declarer": "N", "tricks": 9, "ns_score": -100}]})
    assert result_line(weighted) == "round 2  table 3  board  5  weighted score: 30% 4♠ N 10, 70% 4♠ N 9"
    assert result_line(stored("Not played", None, None, None)) == "round 2  table 3  board  5  not played"


def test_the_ranking_line_of_each_scoring():
    entry = {"pair": 3, "names": "Ann & Bob", "percent": 62.5, "rank": 1, "group": "A NS", "total": 12.3}
    assert ranking_line(entry) == " A NS    1 pair  3  62.50% Ann & Bob"
    assert ranking_line({**entry, "percent": 0.0}, "IMP") == " A NS    1 pair  3 +12.30 IMPs Ann & Bob"
    assert ranking_line({**entry, "percent": 0.0, "total": -4.0}, "XIMP") == \
        " A NS    1 pair  3 -4.00 IMPs Ann & Bob"
    assert ranking_line({**entry, "percent": 0.0, "total": 1230.0}, "TOTAL") == \
        " A NS    1 pair  3  +1230 points Ann & Bob"
    with i18n.speaking("da"):
        assert ranking_line(entry) == " A NS    1 par  3  62,50% Ann & Bob"


def test_the_team_line_says_imps_or_a_matchpoint_margin():
    """A team's IMPs, or Swiss pairs' margin in matchpoints (an IMP equivalent: not IMPs)."""
    line = {"rank": 1, "name": "Ann & Bob", "vp": 52.17, "imps_for": 30.4, "imps_against": 7.1}
    assert team_line(line) == "   1 Ann & Bob     52.17 VP +23 IMPs"
    assert team_line(line, "MP") == "   1 Ann & Bob     52.17 VP margin +23"
    with i18n.speaking("de"):
        assert team_line(line, "MP") == "   1 Ann & Bob     52.17 SP Differenz +23"


def demo_process(tmp_path, *options: str, stdin: int | None = None) -> subprocess.Popen:
    """The demo in its own process, its temporary files under tmp_path/tmp (TMPDIR)."""
    (tmp_path / "tmp").mkdir()
    return subprocess.Popen([sys.executable, "-m", "bridgetable.cli", "demo", *options], text=True,
                            stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "TMPDIR": str(tmp_path / "tmp")})


def test_the_demo_prints_each_result_as_it_arrives_then_the_ranking_and_leaves_nothing(tmp_path):
    process = demo_process(tmp_path, "--headless", "--tables", "3", "--rounds", "2", "--export",
                           str(tmp_path / "out"))
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    heading, *lines = out.splitlines()
    assert heading == "bridgetable demo: 3 tables, a Mitchell of 2 rounds of 2 boards; each result as the " \
                      "station stores it:"
    results = [line for line in lines if line.startswith("round ")]
    assert len(results) == 12 and lines[:12] == results  # 2 rounds of 3 tables of 2 boards, then the ranking
    pattern = r"round [12]  table [123]  board +[1-6]  \S+ [NESW]  NS [+-]\d+"
    assert all(re.fullmatch(pattern, result) for result in results)
    assert len(lines) == 12 + 6 and all(" pair " in line and "%" in line for line in lines[12:])
    assert f"exports written to {tmp_path / 'out'}" in err and (tmp_path / "out" / "demo.pbn").exists()
    assert list((tmp_path / "tmp").iterdir()) == []  # its working directory is gone (no --dir)


def test_against_the_robots_each_board_is_scored_as_it_arrives(tmp_path):
    process = demo_process(tmp_path, "--headless", "--movement", "robots", "--rounds", "2")
    out, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    lines = out.splitlines()[1:]  # after the heading
    assert [line.split()[5] for line in lines[0:8:2]] == ["1", "2", "3", "4"]  # round, table, board N
    assert [line.split()[1] for line in lines[1:8:2]] == ["1:", "2:", "3:", "4:"]  # Board N: its IMPs
    assert len(lines) == 9 and re.fullmatch(r"NS \d+ IMPs, EW \d+ IMPs: (NS win|EW win|a draw)", lines[8])


def test_the_demo_keeps_serving_the_page_after_the_session_and_ends_cleanly_on_ctrl_c(tmp_path):
    taken = socket.create_server(("127.0.0.1", free_port()))  # another program has the port asked for
    asked = taken.getsockname()[1]
    process = demo_process(tmp_path, "--tables", "3", "--rounds", "1", "--port", str(asked),
                           "--dir", str(tmp_path / "kept"))
    assert process.stdout is not None
    lines = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (lines and "until Ctrl-C" in lines[-1]):
        lines.append(process.stdout.readline().rstrip("\n"))
        assert lines[-1] or process.poll() is None, process.stderr.read() if process.stderr else ""
        if lines[-1].startswith("scoring station: http://"):  # printed once the page answers
            url = lines[-1].split()[2]
            assert url != f"http://127.0.0.1:{asked}/" and httpx.get(url).status_code == 200
    taken.close()
    assert lines[0].startswith("bridgetable demo: 3 tables") and lines[1].startswith("scoring station: http://")
    assert sum(line.startswith("round 1  ") for line in lines) == 6
    assert sum(" pair " in line for line in lines) == 6
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0 and "Traceback" not in err, err
    assert f"port {asked} is taken (--port): the page is on port {url.split(':')[2].strip('/')}" in err
    assert (tmp_path / "kept" / "station.db").exists()  # --dir keeps the files


def test_ctrl_c_during_the_session_stops_everything_it_started(tmp_path):
    process = demo_process(tmp_path, "--headless", "--tables", "4", "--rounds", "3", "--broker", "mosquitto")
    assert process.stdout is not None
    deadline, line = time.monotonic() + 120, ""
    while time.monotonic() < deadline and not line.startswith("round 1") and process.poll() is None:
        line = process.stdout.readline()
    assert line.startswith("round 1")
    assert any("mosquitto -c" in command for command in running_with(str(tmp_path)))
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130 and "Traceback" not in err, err  # interrupted: not a success
    assert err.index("bridgetable demo: interrupted: stopping the tables, the station and the broker") < \
        err.index("bridgetable demo: stopped before the end of the session, after")
    assert " pair " in out  # the ranking so far
    assert list((tmp_path / "tmp").iterdir()) == []  # the broker's and tables' files are gone
    assert running_with(str(tmp_path)) == []  # and no Mosquitto is left running on its config


def running_with(text: str) -> list[str]:
    """The command lines of the processes that mention ``text`` (Linux /proc)."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            words = cmdline.read_bytes().split(b"\0")
        except OSError:  # the process has ended meanwhile
            continue
        if any(text.encode() in word for word in words):
            found.append(b" ".join(words).decode(errors="replace"))
    return found


def test_at_a_terminal_enter_ends_the_demo_after_the_session(tmp_path):
    """Enter ends it as cleanly as Ctrl-C, and `make demo` then exits 0 (make itself gets no SIGINT)."""
    terminal, keyboard = os.openpty()
    process = demo_process(tmp_path, "--tables", "3", "--rounds", "1", "--port", str(free_port()),
                           stdin=keyboard)
    os.close(keyboard)
    try:
        assert process.stdout is not None
        deadline, line = time.monotonic() + 120, ""
        while time.monotonic() < deadline and "until Enter or Ctrl-C" not in line and process.poll() is None:
            line = process.stdout.readline()
        assert "until Enter or Ctrl-C" in line
        os.write(terminal, b"\n")
        out, err = process.communicate(timeout=60)
        assert process.returncode == 0 and "Traceback" not in err, err
        assert list((tmp_path / "tmp").iterdir()) == []
    finally:
        os.close(terminal)
        if process.poll() is None:
            process.kill()
            process.wait()


def test_a_failure_after_the_broker_started_stops_it_and_removes_the_files(tmp_path, monkeypatch):
    started = []

    def broker(directory, choice):
        started.append(local_broker(directory, choice))
        return started[-1]

    def no_table(*args, **kwargs):
        assert started[-1].running  # the broker is up when the tables are built
        raise RuntimeError("a table that cannot be built")

    monkeypatch.setattr(club, "local_broker", broker)
    monkeypatch.setattr(club, "RobotTable", no_table)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    with pytest.raises(RuntimeError, match="cannot be built"):
        club.run_demo(club.DemoOptions(tables=3, rounds=1, headless=True, broker="mosquitto"))
    assert not started[-1].running and list(tmp_path.iterdir()) == []
