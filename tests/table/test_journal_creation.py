"""A power cut while the journal is created (issue 11, item 6): the table is killed before each
SQL statement of the creation in turn, and every following start is clean, for a journal of a
configured session and for one told its session by the station (adopt_session)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bridgetable.bridge import Seat
from bridgetable.events import Key, TableEvent
from bridgetable.table.journal import Journal

# The child creates a journal, its connection dying (os._exit, as SIGKILL would) before statement
# number KILL_AT; it prints the number of statements when it was not killed.
CHILD = """
import os, sqlite3, sys
kill_at, path, session, adopt = int(sys.argv[1]), sys.argv[2], sys.argv[3] or None, sys.argv[4]
statements = 0
connect = sqlite3.connect
def counted(*args, **kwargs):
    db = connect(*args, **kwargs)
    def trace(sql):
        global statements
        statements += 1
        if statements == kill_at:
            os._exit(9)
    db.set_trace_callback(trace)
    return db
sqlite3.connect = counted
from bridgetable.table.journal import Journal
journal = Journal(path, session=session)
if adopt:
    journal.adopt_session(adopt)
print(statements)
"""
LIMIT = 60  # statements: far more than a creation takes


def create_killed(path: Path, kill_at: int, session: str, adopt: str = "") -> bool:
    """Run the creation, killed before statement ``kill_at``; True if it was killed."""
    done = subprocess.run([sys.executable, "-c", CHILD, str(kill_at), str(path), session, adopt],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode in (0, 9), done.stderr
    return done.returncode == 9


def kill_points(tmp_path: Path, session: str, adopt: str = "") -> int:
    """Kill the creation at each statement in turn, each time on a fresh file; check the start that
    follows each kill. Returns how many kill points there were."""
    for kill_at in range(1, LIMIT):
        path = tmp_path / f"journal-{kill_at}.db"
        if not create_killed(path, kill_at, session, adopt):
            return kill_at - 1
        journal = Journal(path, session=session or None)  # the clean start after the power cut
        if adopt:
            journal.adopt_session(adopt)
            journal.close()
            journal = Journal(path, session=None)  # and once more: the adopted session is kept
            assert journal.session == adopt
        else:
            assert journal.session == session
        journal.add_assignment(1, [1, 2], final=False)
        journal.append(TableEvent.key(Seat.N, Key.OK))
        assert len(journal) == 1 and journal.assignments() == [(1, [1, 2], False)]
        journal.close()
    raise AssertionError(f"the creation took more than {LIMIT} statements")


def test_a_kill_at_any_point_of_creating_a_sessions_journal_is_followed_by_a_clean_start(tmp_path: Path):
    assert kill_points(tmp_path, "s") >= 3


def test_a_kill_at_any_point_of_creating_and_adopting_is_followed_by_a_clean_start(tmp_path: Path):
    assert kill_points(tmp_path, "", adopt="s") >= 4
