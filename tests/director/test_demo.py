"""`bridgetable demo` end to end: Mosquitto, the station, robot tables through the link."""

import json
import subprocess
import sys

from bridgetable.bridge import Contract, Seat, Vulnerability, duplicate_score
from bridgetable.director.session import generated_boards
from bridgetable.formats.pbn import read_pbn_file


def test_demo_plays_a_whole_mitchell_and_exports_it(tmp_path):
    out = tmp_path / "export"
    command = [sys.executable, "-m", "bridgetable.cli", "demo", "--headless", "--json", "--tables", "3",
               "--rounds", "3", "--export", str(out), "--dir", str(tmp_path / "w")]
    run = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "ERROR" not in run.stderr
    data = json.loads(run.stdout)
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
    records = [r for r in read_pbn_file(out / "demo.pbn") if r.tags.get("Table")]
    assert len(records) == 18
    assert all(len(r.tricks) == 13 and len(r.calls) >= 4 and not r.problems for r in records)
