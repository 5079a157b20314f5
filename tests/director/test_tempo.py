"""The tempo through the whole chain: a table's TableEvents at moments the test sets, its result
over a real Mosquitto to the station's store, and the director's board page and tempo report
(each call's and card's time, the long pauses, the hesitations, the pause after STOP), which a
visitor never sees."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from bridgetable.bridge import Auction, Deal, Seat
from bridgetable.director import web
from bridgetable.director.station import Station
from bridgetable.director.store import SQLiteStore
from bridgetable.director.tempo import medians, pair_tempo, stop_verdict, table_tempo
from bridgetable.director.tempopage import threshold
from bridgetable.events import TableEvent
from bridgetable.link import Broker, client, schema
from bridgetable.link.broker import MosquittoProcess
from bridgetable.link.signing import DerivedKeys
from bridgetable.link.unit import UnitLink
from bridgetable.table.flow import FlowConfig, Phase
from bridgetable.table.journal import Journal
from bridgetable.table.script import play_events
from bridgetable.table.service import TableService

from ..table.helpers import key
from ..table.test_tempo import Clock
from .helpers import CLUB, new_session
from .test_station import SECRET, wait_for

CALLS = "3NT Pass Pass Pass"
# North's STOP and 3NT 4 s after the start; East waits 16 s (too slow after a STOP), South 1 s,
# West 14 s: two calls over the 10 s threshold
AUCTION = [(0.0, key("N", "OK")), (1.0, key("N", "STOP")), (2.0, key("N", "3")), (1.0, key("N", "NT")),
           (16.0, key("E", "PASS")), (1.0, key("S", "PASS")), (14.0, key("W", "PASS"))]
CALL_TIMES = [40, 160, 10, 140]
SLOW_CARD = 9  # the tenth card takes 9 s, every other 0.5 s but the lead, 20 s


def card_times() -> list[int]:
    return [200 if i == 0 else 90 if i == SLOW_CARD else 5 for i in range(52)]


@pytest.fixture
def broker(tmp_path: Path):  # type: ignore[no-untyped-def]
    with MosquittoProcess(tmp_path / "broker") as process:
        yield process


def login(client: TestClient) -> None:
    found = re.search(r'name="csrf" value="([^"]+)"', client.get("/login").text)
    assert found is not None
    client.post("/login", data={"name": "td", "password": "pw", "csrf": found[1]})


def play_board(station: Station, service: TableService, clock: Clock, deal: Deal) -> None:
    timed: list[tuple[float, TableEvent]] = [*AUCTION]
    cards = play_events(deal, Auction(Seat.N, CALLS.split()))
    timed += [(tenths / 10, event) for tenths, event in zip(card_times(), cards, strict=True)]
    timed.append((5.0, key("E", "OK")))
    for seconds, event in timed:
        clock.now += seconds
        outcome = service.handle(event)
        assert outcome.changed, f"{event}: {outcome.message}"


def test_the_tempo_reaches_the_store_and_the_directors_pages_only(broker, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    session = new_session(tmp_path)
    keys = DerivedKeys(SECRET, CLUB, 4)
    address = Broker(port=broker.port, min_delay=0.1, max_delay=0.5)
    station = Station(session, address, keys, CLUB)
    clock = Clock()
    service = TableService(FlowConfig(boards=[], more_boards=True, club=CLUB, table="1"),
                           Journal(tmp_path / "journal.db", session=None, clock=clock))
    service.clock = clock  # the STOP's pause too
    unit = UnitLink(service, keys[1], address, resend_min=0.2, resend_max=0.4)
    station.start()
    unit.start()
    try:
        wait_for(lambda: service.flow.phase is Phase.START, what="the assignment of round 1")
        info = session.store.boards(session.id)[service.flow.board]
        assert info.dealer == "N"
        play_board(station, service, clock, Deal.parse(info.deal or ""))
        wait_for(lambda: (1, service.flow.config.boards[0]) in station.ingest.played,
                 what="the result stored")
    finally:
        unit.stop()
        station.stop()
    board = service.flow.config.boards[0]
    [stored] = session.store.results(session.id, board=board)
    assert stored.record["tempo"] == {"calls": CALL_TIMES, "cards": card_times(), "stops": [0]}
    [on_disk] = SQLiteStore(tmp_path / "station.db").results(session.id, board=board)  # the file, read again
    assert on_disk.record["tempo"] == stored.record["tempo"]

    with TestClient(web.create_app(station.ingest, password="pw")) as visitor:
        shown = visitor.get(f"/board/{board}").text
        assert 'id="tempo' not in shown and "16.0 s" not in shown and "/director/tempo" not in shown
        assert visitor.get("/director/tempo", follow_redirects=False).status_code == 303
        assert 'id="slow-play"' not in visitor.get("/results").text
    with TestClient(web.create_app(station.ingest, password="pw", hesitation=12.0)) as director:
        login(director)
        page = director.get(f"/board/{board}").text
        assert 'id="tempo-1"' in page and "2 calls over 12.0 s:" in page
        text = " ".join(re.sub(r"<[^>]+>", " ", page).split())
        assert "East Pass (16.0 s), West Pass (14.0 s)" in text
        assert "16.0 s after STOP: too slow (the pause: 10.0 s)" in text
        assert page.count('class="long-mark"') == 1  # the slow tenth card only (the lead is the only lead)
        assert "1 call over 15.0 s:" in director.get(f"/board/{board}?hesitation=15").text
        calm = director.get(f"/board/{board}?hesitation=20").text  # none over: no alarm
        assert '<p class="no-hesitation">No call over 20.0 s.</p>' in calm
        assert 'class="hesitations"' not in calm
        refused = director.get(f"/board/{board}?hesitation=soon").text
        assert "hesitation: a number of seconds from 0 to 3600, not &#39;soon&#39;: 12.0 s used" in refused
        report = director.get("/director/tempo?hesitation=15").text
        assert '<td class="text">East Pass (16.0 s)</td>' in report  # text, left-aligned
        assert re.search(rf'<tr data-board="{board}" data-table="1">.*East', report, re.S)
        assert 'data-pair="1"' in report and 'data-pair="5"' in report
        # North-South (pair 1): 3NT 4.0 s and South's pass 1.0 s; declarer's and dummy's 26 cards
        played = play_events(Deal.parse(info.deal or ""), Auction(Seat.N, CALLS.split()))  # scanned at N or S
        ns_cards = sum(t for t, e in zip(card_times(), played, strict=True) if e.seat in (Seat.N, Seat.S))
        ns_cards /= 10
        pair_row = ('<tr data-pair="1"><td class="text">1 <span class="pair-names">Ann &amp; Bob</span></td>'
                    '<td>1</td>\n')
        assert pair_row + f"<td>5.0 s</td><td>{ns_cards:.1f} s</td><td>—</td></tr>" in report
        printable = director.get("/director/export/html").text  # the director's printable report
        assert 'id="slow-play"' in printable and pair_row in printable


def old_station_decode(payload: bytes, kind: str) -> dict[str, Any]:
    """What a station from before the tempo decodes: the schema of then, a result's ``tempo``
    an unknown field."""
    received = schema.decode(payload, kind)
    if kind == "result":
        required, optional = schema.FIELDS["result"]
        then = {name: check for name, check in optional.items() if name != "tempo"}
        envelope = {"schema": schema.integer(0, 99), "kind": schema.string(16)}
        schema.obj({**envelope, **required}, then)(received, kind)
    return received


def test_a_station_older_than_the_table_loses_no_result_with_a_tempo(broker, tmp_path: Path,  # type: ignore[no-untyped-def]
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's upgrade order is the station first. A table upgraded before it sends results
    with ``tempo``, which the old station refuses ("unknown field") without an ack: the result
    stays in the table's outbox, is sent again and again, and is stored, tempo and all, once the
    station is upgraded."""
    session = new_session(tmp_path)
    keys = DerivedKeys(SECRET, CLUB, 4)
    address = Broker(port=broker.port, min_delay=0.1, max_delay=0.5)
    monkeypatch.setattr(client, "decode", old_station_decode)
    old = Station(session, address, keys, CLUB)
    clock = Clock()
    service = TableService(FlowConfig(boards=[], more_boards=True, club=CLUB, table="1"),
                           Journal(tmp_path / "journal.db", session=None, clock=clock))
    service.clock = clock
    unit = UnitLink(service, keys[1], address, resend_min=0.2, resend_max=0.4)
    old.start()
    unit.start()
    try:
        wait_for(lambda: service.flow.phase is Phase.START, what="the assignment of round 1")
        board = service.flow.board
        info = session.store.boards(session.id)[board]
        play_board(old, service, clock, Deal.parse(info.deal or ""))
        wait_for(lambda: old.link.refused["result"] >= 3, what="the result refused three times")
        assert session.store.results(session.id, board=board) == []
        [kept] = service.journal.pending_results()  # the table still holds it
        assert kept.payload["board"] == board and "tempo" in kept.payload
        old.stop()
        monkeypatch.undo()  # the station upgraded
        upgraded = Station(session, address, keys, CLUB)
        upgraded.start()
        try:
            wait_for(lambda: service.journal.pending_results() == [], what="the result acknowledged")
        finally:
            upgraded.stop()
    finally:
        unit.stop()
    [stored] = session.store.results(session.id, board=board)
    assert stored.record["tempo"] == {"calls": CALL_TIMES, "cards": card_times(), "stops": [0]}


def test_the_slow_play_figures_per_pair(tmp_path: Path) -> None:
    """Per pair: its own calls' time per board, its cards as declarer (declarer's and dummy's) and
    as defenders."""
    from bridgetable.director.store import StoredResult

    deal = Deal.parse("N:AQ6.AKJ5.J8.KJ74 KT932.82.AQT94.A 875.T93.763.Q532 J4.Q764.K52.T986")
    played = [str(event.value) for event in play_events(deal, Auction(Seat.N, CALLS.split()), tricks=1)]
    record = {"auction": CALLS.split(), "play": played, "tempo": {"calls": [40, 160, 10, 140],
                                                                 "cards": [200, 10, 20, 30]}}
    result = StoredResult("s", 1, 1, 1, 0, 1, 5, "3NT", "N", 9, 400, record=record)
    [ns, ew] = pair_tempo([result], {1: "N"})
    assert ns == {"pair": 1, "boards": 1, "auction": 5.0, "declaring": 1.0 + 3.0, "defending": None}
    assert ew == {"pair": 5, "boards": 1, "auction": 30.0, "declaring": None, "defending": 20.0 + 2.0}
    session_medians = medians([result], {1: "N"})
    assert session_medians == {"pass": 14.0, "bid": 4.0, "lead": 20.0, "card": 2.0}
    tempo = table_tempo(result, "N", session_medians)
    assert tempo is not None and [t.seconds for t in tempo.calls] == [4.0, 16.0, 1.0, 14.0]
    assert [t.stop for t in tempo.calls] == [None] * 4  # no STOP on this board
    assert table_tempo(StoredResult("s", 1, 2, 1, 0, 2, 6, "3NT", "N", 9, 400, record={}), "N", {}) is None


def test_after_stop_the_pause_is_judged_against_the_regulations() -> None:
    verdicts = [stop_verdict(seconds) for seconds in (3.0, 9.9, 10.0, 15.0, 15.1)]
    assert verdicts == ["fast", "fast", "within", "within", "slow"]


def test_a_threshold_the_page_asks_is_checked() -> None:
    assert threshold("7,5", 10.0) == (7.5, "")
    assert threshold(None, 10.0) == (10.0, "")
    assert threshold("0", 10.0)[1] == "hesitation: a number of seconds from 0 to 3600, not '0': 10.0 s used"


def test_the_stations_pbn_keeps_the_tempo_and_check_finds_it_consistent(tmp_path: Path) -> None:
    """The director's PBN download: each table's record with its time tables (a table's result
    without a tempo has none), and ``check`` passes."""
    from bridgetable.check import check_files
    from bridgetable.director.exports import session_pbn
    from bridgetable.director.ingest import Ingest

    from .helpers import received, result_message

    session = new_session(tmp_path)
    ingest = Ingest(session)
    timed = result_message(session, 1, 1, "4S", "N", 10)
    timed["tempo"] = {"calls": [12, 34, 56, 78, 90][:len(timed["auction"])],
                      "cards": [5, 15, 25, 35][:len(timed["play"])]}
    ingest.store_result(received(timed))
    ingest.store_result(received(result_message(session, 4, 1, "3NT", "S", 9)))  # an older table: none
    text = session_pbn(session)
    assert text.count('[AuctionTimeTable "Time_Used\\6R"]') == 1 and text.count("[PlayTimeTable") == 1
    assert "   0.5\n   1.5\n   2.5\n   3.5\n" in text
    out = tmp_path / "session.pbn"
    out.write_text(text, encoding="utf-8")
    reports, unreadable = check_files([str(out)])
    assert not unreadable and [str(p) for r in reports for p in r.problems] == []


def test_the_center_is_not_sent_the_tempo(tmp_path: Path) -> None:
    """The result the station forwards to the federation's center keeps its auction and play,
    without the tempo (the director's alone)."""
    from bridgetable.director.ingest import Ingest
    from bridgetable.director.upstream import result_message as upstream_result

    from .helpers import received, result_message

    session = new_session(tmp_path)
    message = result_message(session, 1, 1, "4S", "N", 10)
    message["tempo"] = {"calls": [10] * len(message["auction"]), "cards": [10] * len(message["play"])}
    Ingest(session).store_result(received(message))
    [stored] = session.store.results(session.id)
    assert "tempo" in stored.record
    sent = upstream_result(stored, "uid")["record"]
    assert "tempo" not in sent and sent["auction"] == message["auction"] and sent["play"] == message["play"]


def test_a_directors_correction_keeps_the_tables_tempo(tmp_path: Path) -> None:
    """A score corrected after a hesitation (Law 16B) keeps the facts it was ruled on: the
    table's tempo stays on the director's board page and in the slow play (the PBN writes a
    corrected result without the table's auction and play, so without their times)."""
    from bridgetable.director.actions import enter_result
    from bridgetable.director.ingest import Ingest

    from .helpers import received, result_message

    session = new_session(tmp_path)
    ingest = Ingest(session)
    message = result_message(session, 1, 1, "4S", "N", 10)
    message["tempo"] = {"calls": [150] * len(message["auction"]), "cards": [20] * len(message["play"])}
    ingest.store_result(received(message))
    corrected = enter_result(ingest, "td", 1, 1, "3S", "N", 10, reason="hesitation, Law 16B")
    assert corrected.source == "director" and corrected.record["tempo"] == message["tempo"]
    with TestClient(web.create_app(ingest, password="pw")) as director:
        login(director)
        page = director.get("/board/1").text
        assert 'id="tempo-1"' in page and "15.0 s" in page
        assert 'data-pair="1"' in director.get("/director/tempo").text


def test_a_weighted_score_keeps_the_tables_auction_play_and_tempo(tmp_path: Path) -> None:
    """A weighted score (Law 12C1c), the usual outcome of a hesitation's ruling, keeps the table's
    auction, play and tempo as a correction does: on the director's board page beside the parts;
    the scoring and the PBN take the parts."""
    from bridgetable.check import check_files
    from bridgetable.director.actions import weighted
    from bridgetable.director.exports import session_pbn
    from bridgetable.director.ingest import Ingest

    from .helpers import received, result_message

    session = new_session(tmp_path)
    ingest = Ingest(session)
    message = result_message(session, 1, 1, "4S", "N", 10)
    message["tempo"] = {"calls": [150] * len(message["auction"]), "cards": [20] * len(message["play"])}
    ingest.store_result(received(message))
    ingest.store_result(received(result_message(session, 4, 1, "3NT", "S", 9)))
    ruled = weighted(ingest, "td", 1, 1, "30% 4S N 10; 70% 3S N 10")
    assert ruled.record["auction"] == message["auction"] and ruled.record["tempo"] == message["tempo"]
    with TestClient(web.create_app(ingest, password="pw")) as director:
        login(director)
        page = director.get("/board/1").text
        text = " ".join(re.sub(r"<[^>]+>", " ", page).split())
        assert 'id="tempo-1"' in page and "North 4 ♠ 15.0 s" in text and "30% 4 ♠ N 10, 70% 3 ♠ N 10" in text
        assert "the table had recorded 4 ♠ N 10, its auction and play are kept above" in text
    text = session_pbn(session)
    out = tmp_path / "session.pbn"
    out.write_text(text, encoding="utf-8")
    reports, unreadable = check_files([str(out)])
    assert not unreadable and [str(p) for r in reports for p in r.problems] == []


def test_an_adjusted_score_keeps_the_tables_auction_play_and_tempo(tmp_path: Path) -> None:
    """An artificial adjusted score (Law 12C2: Avg+/Avg-, 60/40) keeps the table's auction, play
    and tempo as a correction and a weighted score do, marked as the ruling's on the board page."""
    from bridgetable.director.actions import adjust
    from bridgetable.director.ingest import Ingest

    from .helpers import received, result_message

    session = new_session(tmp_path)
    ingest = Ingest(session)
    message = result_message(session, 1, 1, "4S", "N", 10)
    message["tempo"] = {"calls": [150] * len(message["auction"]), "cards": [20] * len(message["play"])}
    ingest.store_result(received(message))
    ruled = adjust(ingest, "td", 1, 1, "60/40")
    assert ruled.adjusted and ruled.record["auction"] == message["auction"]
    assert ruled.record["play"] == message["play"] and ruled.record["tempo"] == message["tempo"]
    with TestClient(web.create_app(ingest, password="pw")) as director:
        login(director)
        page = director.get("/board/1").text
        text = " ".join(re.sub(r"<[^>]+>", " ", page).split())
        assert 'id="tempo-1"' in page and "North 4 ♠ 15.0 s" in text
        assert "the table had recorded 4 ♠ N 10, its auction and play are kept above" in text
