"""`bridgetable demo` end to end: Mosquitto, the station, robot tables through their seat modules
and the link."""

import json
import sqlite3
import subprocess
import sys

from bridgetable.bridge import Contract, Seat, Vulnerability, duplicate_score, imps
from bridgetable.demo.command import print_robot_match
from bridgetable.director.session import generated_boards
from bridgetable.formats.pbn import read_pbn_file


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
    for table in (1, 2, 3):
        with sqlite3.connect(tmp_path / "w" / f"table-{table}.db") as db:
            for key, payload in db.execute("SELECT key, payload FROM outbox"):
                record = json.loads(payload)
                sent[(table, record["board"])] = record["round"]
                assert key == f"democlub/demo/{record['round']}/{table}/{record['board']}/1"
    assert sent == stored and len(stored) == 18
    assert sorted(sent.values()) == [1] * 6 + [2] * 6 + [3] * 6
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


def test_the_demo_against_the_robots_prints_the_match_board_by_board(capsys):
    print_robot_match({"boards": [{"board": 1, "open_ns": 130, "closed_ns": 150, "imps_ns": -1},
                                  {"board": 2, "open_ns": 620, "closed_ns": 170, "imps_ns": 10}],
                       "imps_ns": 10, "imps_ew": 1, "winner": "NS"})
    assert capsys.readouterr().out.splitlines() == [
        "Board  1: ours NS   130, robots NS   150: -1 IMPs to NS",
        "Board  2: ours NS   620, robots NS   170: +10 IMPs to NS",
        "NS 10 IMPs, EW 1 IMPs: NS win"]
