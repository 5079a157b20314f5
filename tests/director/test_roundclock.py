"""The round clock: each round's length from the minutes per board, its start kept with the
session, what the assignments tell the tables (through a real Mosquitto), and a table's progress."""

import queue
import re
from dataclasses import dataclass

import pytest
from starlette.testclient import TestClient

from bridgetable.bridge import Seat
from bridgetable.devices.display import Display
from bridgetable.director.actions import ActionError, not_started
from bridgetable.director.roundclock import RoundClock
from bridgetable.director.rulings import NOT_PLAYED
from bridgetable.director.session import Session
from bridgetable.director.station import Station
from bridgetable.director.store import SQLiteStore
from bridgetable.director.templating import clock_time
from bridgetable.director.web import create_app
from bridgetable.link import Broker, SQLiteOutbox, TableLink, message
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.schema import SchemaError, validate
from bridgetable.link.signing import DerivedKeys
from bridgetable.link.unit import UnitLink
from bridgetable.table.flow import FlowConfig, Phase
from bridgetable.table.journal import Journal
from bridgetable.table.screens import compose, render
from bridgetable.table.service import TableService

from .helpers import CLUB, new_session, received, result_message
from .test_station import SECRET, next_round, wait_for
from .test_web import PASSWORD, log_in

START = 1_800_000_000.0  # 2027-01-15 08:00:00 UTC


class Clock:
    """A wall clock the test moves by hand."""

    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_a_round_lasts_its_boards_times_the_minutes_per_board_and_the_changeover(tmp_path):
    session = new_session(tmp_path)  # 2 boards a round
    clock = Clock()
    rounds = RoundClock(session, minutes_per_board=7, changeover=2, now=clock)
    assert rounds.fields(1) == {} and rounds.end(1) is None  # not begun: nothing to tell
    rounds.start(1)
    assert rounds.end(1) == START + (2 + 2 * 7) * 60
    clock.now += 100
    assert rounds.fields(1) == {"ends_in": 16 * 60 - 100, "ends_at": "2027-01-15T08:16:00+00:00"}
    rounds.start(1)  # sent again: the clock runs on from the first start
    assert rounds.started(1) == START
    # kept with the session: a restarted station has the same clock
    again = RoundClock(Session.load(SQLiteStore(tmp_path / "station.db"), session.id), 7, 2, now=clock)
    assert again.end(1) == START + 16 * 60


@pytest.mark.parametrize(("minutes", "changeover", "error"), [
    (0, 0, r"--minutes-per-board: 0 is out of range \(more than 0, at most 60\)"),
    (90, 0, "--minutes-per-board: 90 is out"), (7, -1, r"--changeover: -1 is out of range \(0 to 60\)")])
def test_a_clock_out_of_bounds_is_refused_by_name(tmp_path, minutes, changeover, error):
    with pytest.raises(ValueError, match=error):
        RoundClock(new_session(tmp_path), minutes, changeover)


def test_the_assignment_s_clock_fields_are_checked_by_the_schema():
    assign = message("assign", session="s", round=1, table=1, ns=1, ew=2, boards=[1, 2],
                     ends_in=-120, ends_at="2027-01-15T08:16:00+00:00")
    assert validate(assign, "assign")["ends_in"] == -120
    with pytest.raises(SchemaError, match="ends_in"):
        validate({**assign, "ends_in": 10 ** 6}, "assign")


@pytest.mark.parametrize(("minutes", "done", "behind"), [
    (7, 0, False),  # the first board is under way: not behind
    (8, 0, True),  # 8 minutes gone (one board's 7.5) and no board done
    (8, 1, False),
    (16, 1, True),  # two boards' time gone, one done
    (22, 2, False),  # on schedule, half a minute left for the last board
    (23, 2, True),  # the round is over with a board left
    (30, 3, False),  # finished (late, but finished: nothing to flag)
])
def test_a_table_is_behind_once_a_whole_board_behind_the_schedule_or_over_time(tmp_path, minutes, done,
                                                                                behind):
    session = new_session(tmp_path, movement={"kind": "mitchell", "tables": 4, "boards_per_round": 3,
                                              "rounds": 3})
    clock = Clock()
    rounds = RoundClock(session, now=clock)  # 7.5 minutes a board: 22½ minutes a round
    assert rounds.progress(1, 3, 0) is None  # not begun
    rounds.start(1)
    clock.now += minutes * 60
    progress = rounds.progress(1, 3, done)
    assert progress is not None and progress.behind is behind
    assert progress.left == START + 22.5 * 60 - clock.now
    assert progress.projected == (START + minutes * 60 * 3 / done if done else None)


@dataclass
class Club:
    """A session's station on a real Mosquitto, its round clock at 7.5 minutes a board on a clock
    the test moves; started by the test, stopped after it."""

    session: Session
    keys: DerivedKeys
    address: Broker
    clock: Clock
    station: Station


@pytest.fixture
def club(tmp_path):
    with MosquittoProcess(tmp_path / "broker") as broker:
        session = new_session(tmp_path)
        clock = Clock()
        address = Broker(port=broker.port, min_delay=0.1, max_delay=0.5)
        keys = DerivedKeys(SECRET, CLUB, 4)
        station = Station(session, address, keys, CLUB, clock=RoundClock(session, 7.5, now=clock))
        yield Club(session, keys, address, clock, station)
        station.stop()


def test_the_tables_are_told_the_time_left_and_a_table_coming_online_is_told_afresh(club, tmp_path):
    session, keys, address, clock, station = club.session, club.keys, club.address, club.clock, club.station
    station.start()
    assigned: queue.Queue = queue.Queue()
    table = TableLink(CLUB, 1, keys[1], SQLiteOutbox(tmp_path / "outbox-1.db"), address,
                      on_assign=assigned.put, resend_min=0.2)
    table.start()
    try:
        first = assigned.get(timeout=10)
        assert (first["round"], first["ends_in"]) == (1, 15 * 60)
        assert first["ends_at"] == "2027-01-15T08:15:00+00:00"
        clock.now += 5 * 60
        table.set_state(round=1, board=1, phase="auction")  # already online: not answered
        clock.now += 60
        assert station.advance("td") == 2  # the director starts round 2: its clock starts now
        second = next_round(assigned, 1)
        assert (second["round"], second["ends_in"]) == (2, 15 * 60)
        assert session.store.session_setup(session.id)["round_started"] == {"1": START, "2": START + 360}
        table.stop()  # the table goes away (its last will: offline) and comes back 4 minutes later
        clock.now += 4 * 60
        while not assigned.empty():
            assigned.get_nowait()
        table = TableLink(CLUB, 1, keys[1], SQLiteOutbox(tmp_path / "outbox-1.db"), address,
                          on_assign=assigned.put, resend_min=0.2)
        table.start()
        table.set_state(round=2, board=3, phase="auction")  # online, in round 2 already
        # the broker's retained copy tells the time left as it was when sent (15 minutes); the
        # station's answer to the table coming online counts from now
        told = [assigned.get(timeout=10)]
        while told[-1]["ends_in"] == 15 * 60:
            told.append(assigned.get(timeout=10))
        assert (told[-1]["round"], told[-1]["ends_in"]) == (2, 11 * 60)
    finally:
        table.stop()


def test_a_table_shows_the_time_left_that_its_assignment_says(club, tmp_path):
    """Through the broker and the table's UnitLink: the round's clock on the seat displays."""
    keys, address, station_clock, station = club.keys, club.address, club.clock, club.station
    table_clock = Clock(50.0)  # the table's clock: seconds since it booted
    display = Display.dummy()
    service = TableService(FlowConfig(boards=[], more_boards=True, club=CLUB, table="1"),
                           Journal(tmp_path / "journal.db", session=None), {Seat.N: display})
    service.clock = table_clock
    station_clock.now += 100  # the station's clock runs on before it sends round 1
    unit = UnitLink(service, keys[1], address, resend_min=0.2, resend_max=0.4)
    station.start()
    unit.start()
    try:
        wait_for(lambda: service.round_end is not None, what="the assignment of round 1")
        assert service.round_end == 50.0 + 15 * 60  # counted from the table's own clock
        frame = render(service.flow.view(), Seat.N, service.moves, left=15 * 60)
        assert display.device.image.convert("1").tobytes() == frame.tobytes()
        assert "15 min" in [p.text for p in compose(service.flow.view(), Seat.N, left=15 * 60).placed]
    finally:
        unit.stop()


def _row(page: str, table: int) -> str:
    """The status page's row of ``table``: its class and cells."""
    match = re.search(rf'<tr class="([^"]*)">\s*<td><a href="/live/{table}">.*?</tr>', page, re.S)
    assert match is not None, f"no row of table {table}"
    return match.group(0)


def test_the_status_page_flags_a_table_behind_the_clock_to_the_director(club, tmp_path):
    """Four tables, rounds of 2 boards at 7.5 minutes: 8 minutes in, tables 1 and 2 have sent a
    result through the broker, 3 and 4 none: those two are flagged, on the director's page only."""
    session, keys, address, clock, station = club.session, club.keys, club.address, club.clock, club.station
    station.start()
    links = [TableLink(CLUB, t, keys[t], SQLiteOutbox(tmp_path / f"outbox-{t}.db"), address, resend_min=0.2)
             for t in (1, 2)]
    try:
        for link in links:
            link.start()
        with TestClient(create_app(station.ingest, password=PASSWORD, rounds=station)) as client:
            log_in(client)
            clock.now += 3 * 60
            page = client.get("/fragment/tables").text
            assert "Time left" in page and 'class="behind"' not in page and "12 min" in page
            assert 'id="behind"' not in client.get("/director").text
            clock.now += 5 * 60  # 8 minutes gone: the first board's 7.5 are over
            for link in links:
                board = next(a.boards[0] for a in session.movement.round(1) if a.table == link.table)
                link.outbox.put(result_message(session, link.table, board, "4S", "N", 10))
                link.flush()
            wait_for(lambda: len(station.ingest.played) == 2, what="two results through the broker")
            page = client.get("/fragment/tables").text
            for table in (1, 2):
                row = _row(page, table)
                assert 'class="behind"' not in row and "1 of 2" in row
                assert clock_time(START + 16 * 60) in row  # a board in 8 minutes: the round in 16
            for table in (3, 4):
                row = _row(page, table)
                assert 'class="behind"' in row and "0 of 2" in row and "behind the clock" in row
            assert "The round ends at " + clock_time(START + 15 * 60) + " (7 min)" in page
            assert "Behind the round clock: tables 3, 4." in client.get("/director").text
            visitor = TestClient(create_app(station.ingest, password=PASSWORD, rounds=station))
            shown = visitor.get("/fragment/tables").text  # a visitor: the state of each table, as before
            assert "behind" not in shown and "Time left" not in shown and " min" not in shown
    finally:
        for link in links:
            link.stop()


def test_the_boards_not_started_when_the_round_ends_are_not_played_in_one_confirmed_action(club, tmp_path):
    """16 minutes in (the round had 15): table 1 has finished, table 3 is in the auction of its
    first board (its state through the broker), table 4 (a table unit) has not begun. The director
    marks table 3's second board and both of table 4's not played from the status page, each in
    one action; the tables are told, and table 4 skips its boards."""
    session, keys, address, clock, station = club.session, club.keys, club.address, club.clock, club.station
    station.start()
    told: queue.Queue = queue.Queue()  # table 3's assignments
    links = {t: TableLink(CLUB, t, keys[t], SQLiteOutbox(tmp_path / f"outbox-{t}.db"), address,
                          on_assign=told.put if t == 3 else None, resend_min=0.2) for t in (1, 3)}
    boards = {a.table: a.boards for a in session.movement.round(1)}
    table_4 = TableService(FlowConfig(boards=[], more_boards=True, club=CLUB, table="4"),
                           Journal(tmp_path / "journal-4.db", session=None))
    unit = UnitLink(table_4, keys[4], address, resend_min=0.2, resend_max=0.4)
    try:
        unit.start()
        for link in links.values():
            link.start()
        wait_for(lambda: table_4.flow.board == boards[4][0], what="table 4's assignment")
        for board in boards[1]:
            links[1].outbox.put(result_message(session, 1, board, "4S", "N", 10))
        links[1].flush()
        links[3].set_state(round=1, board=boards[3][0], phase="auction")
        wait_for(lambda: len(station.ingest.played) == 2 and station.ingest.status[3].phase == "auction",
                 what="table 1's results and table 3's state")
        clock.now += 16 * 60
        with TestClient(create_app(station.ingest, password=PASSWORD, rounds=station)) as client:
            log_in(client)
            page = client.get("/tables").text
            assert 'id="not-started-1"' not in page and 'id="not-started-2"' in page  # finished, or not
            assert f"The round ended at {clock_time(START + 15 * 60)} (-2 min)." in page  # over: in the past
            assert "Behind the round clock: tables 2, 3, 4." in client.get("/director").text
            form = re.search(r'<form method="post" action="/director" class="not-started" id="not-started-3">'
                             r'(.*?)</form>', page, re.S)
            assert form is not None and 'name="confirm" value="yes" required' in form.group(1)
            fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)">', form.group(1)))
            assert fields["action"] == "not-started" and fields["round"] == "1"
            refused = client.post("/director", data=fields).text  # the box not ticked
            assert "tick the box to confirm" in refused and (3, boards[3][1]) not in station.ingest.played
            done = client.post("/director", data={**fields, "confirm": "yes"}).text
            assert "table 3 round 1: 1 board not started, not played" in done
            assert (3, boards[3][0]) not in station.ingest.played  # in play: the table's result will come
            page = client.get("/tables").text  # table 3 has nothing left to mark: no button to refuse
            assert 'id="not-started-3"' not in page and 'id="not-started-4"' in page
            while (assignment := told.get(timeout=10)).get("not_played") is None:
                pass  # the round's assignment as first sent
            assert (assignment["round"], assignment["not_played"]) == (1, [boards[3][1]])  # to skip
            client.post("/director", data={**fields, "table": "4", "confirm": "yes"})
        wait_for(lambda: table_4.flow.phase is Phase.WAITING, what="table 4 skipping its boards")
        assert table_4.journal.skipped() == sorted(boards[4])  # a restart skips them too
        stored = {(r.table, r.board): r for r in session.store.results(session.id)}
        assert {key for key, r in stored.items() if r.contract == NOT_PLAYED} == {
            (3, boards[3][1]), (4, boards[4][0]), (4, boards[4][1])}
        trail = [(e.actor, e.action) for e in session.store.audit_trail(session.id)]
        assert trail.count(("Tom", "not started")) == 2 and trail.count(("Tom", "not played")) == 3
        with pytest.raises(ActionError, match="table 4 has started every board of round 1"):
            not_started(station.ingest, "Tom", 4, 1)  # nothing left to mark
    finally:
        unit.stop()
        for link in links.values():
            link.stop()


def test_once_every_table_has_finished_the_last_round_the_status_page_says_so(club):
    """The last round over everywhere: no round left to count down (it said "The round ends at
    ... (15 min)" after the session)."""
    session, clock, station = club.session, club.clock, club.station
    station.start()
    for round_ in range(1, session.movement.rounds + 1):
        for a in session.movement.round(round_):
            for board in a.boards:
                station.ingest.store_result(received(result_message(session, a.table, board, "4S", "N", 10)))
        wait_for(lambda r=round_: station.finished.is_set() or station.round > r, what=f"round {round_}")
    clock.now += 60
    with TestClient(create_app(station.ingest, password=PASSWORD, rounds=station)) as client:
        log_in(client)
        page = client.get("/fragment/tables").text
    assert f"Every table has finished round {session.movement.rounds}." in page
    assert "The round ends" not in page and 'class="behind"' not in page
