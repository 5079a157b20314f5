"""The tempo of each call and card at the table: measured from the journal's moments (a clock the
test sets), carried by the result, the same after a restart, and validated by the link's schema."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgetable.bridge import Seat
from bridgetable.events import TableEvent
from bridgetable.link import schema
from bridgetable.link.outbox import JournalOutbox
from bridgetable.table.flow import FlowConfig
from bridgetable.table.journal import Journal
from bridgetable.table.script import board_events
from bridgetable.table.service import TableService
from bridgetable.table.tempo import MAX_TENTHS, Tempo

from .helpers import DEAL, card, key

CALLS = "1NT Pass 3NT Pass Pass Pass"


class Clock:
    """A clock the test moves: each event at the moment set before it."""

    def __init__(self, now: float = 1_700_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def _service(path: Path, clock: Clock) -> TableService:
    config = FlowConfig(boards=[1], deals={1: DEAL}, club="c", session="s", table="3")
    return TableService(config, Journal(path, session="s", clock=clock))


def _feed(service: TableService, clock: Clock, timed: list[tuple[float, TableEvent]]) -> dict | None:
    """Each event after ``seconds``; the result confirmed, if any."""
    result = None
    for seconds, event in timed:
        clock.now += seconds
        outcome = service.handle(event)
        assert outcome.changed, outcome.message
        result = outcome.result or result
    return result


def _timed_board() -> tuple[list[tuple[float, TableEvent]], list[int], list[int]]:
    """The whole board, each event a known time after the one before: the events and the tempo
    they must give (in tenths)."""
    events = board_events(DEAL, Seat.N, CALLS)
    start, auction, play, confirm = events[0], events[1:9], events[9:-1], events[-1]
    # 1NT is two keys (1 then NT): the call's time is both, from the start screen's OK
    auction_times = [2.0, 1.5, 3.0, 4.2, 1.0, 0.5, 12.0, 0.8]
    timed = [(0.0, start), *zip(auction_times, auction, strict=True)]
    calls = [35, 30, 52, 5, 120, 8]  # 1NT: 2.0 + 1.5 s; 3NT: 4.2 + 1.0 s
    cards = [(i % 7) * 10 + 3 for i in range(52)]
    timed += [(tenths / 10, event) for tenths, event in zip(cards, play, strict=True)]
    return [*timed, (9.0, confirm)], calls, cards


def test_each_call_and_card_carries_its_time_in_the_result(tmp_path: Path) -> None:
    clock = Clock()
    service = _service(tmp_path / "j.db", clock)
    timed, calls, cards = _timed_board()
    result = _feed(service, clock, timed)
    assert result is not None
    assert result["tempo"] == {"calls": calls, "cards": cards}
    stored = service.journal.pending_results()[0].payload
    assert stored["tempo"] == result["tempo"]
    [message] = JournalOutbox(service.journal).pending()  # what the link sends: the station takes it
    assert schema.validate(message, "result")["tempo"] == result["tempo"]


def test_a_restarted_table_measures_the_same_tempo(tmp_path: Path) -> None:
    """Killed mid-play and started again with a clock far ahead: the replayed journal gives the
    times from its own moments, so the result's tempo is the one of an uninterrupted table."""
    timed, calls, cards = _timed_board()
    clock = Clock()
    first = _service(tmp_path / "j.db", clock)
    _feed(first, clock, timed[:30])
    first.journal.close()
    later = Clock(clock.now)
    second = _service(tmp_path / "j.db", later)
    assert second.flow.current.tempo.calls == calls
    result = _feed(second, later, timed[30:])
    assert result is not None and result["tempo"] == {"calls": calls, "cards": cards}


def test_a_withdrawn_call_loses_its_time_and_its_replacement_counts_from_the_undo(tmp_path: Path) -> None:
    clock = Clock()
    service = _service(tmp_path / "j.db", clock)
    _feed(service, clock, [(0, key("N", "OK")), (2, key("N", "PASS")), (1, key("N", "UNDO")),
                           (3, key("N", "1")), (1, key("N", "NT")), (4, key("S", "ALERT")),
                           (2, key("E", "PASS"))])
    tempo = service.flow.current.tempo
    assert tempo.calls == [40, 60]  # 1NT: 3+1 s after the UNDO; East's pass: the ALERT does not reset


def test_a_flow_without_moments_keeps_no_tempo() -> None:
    """A flow driven without the journal's moments (the robots' own tables, scripts) sends none."""
    from bridgetable.table.flow import BoardFlow

    flow = BoardFlow(FlowConfig(boards=[1], deals={1: DEAL}))
    result = None
    for event in board_events(DEAL, Seat.N, CALLS):
        result = flow.handle(event).result or result
    assert result is not None and "tempo" not in result


def test_a_long_pause_is_capped_and_a_clock_set_back_gives_zero() -> None:
    tempo = Tempo()
    tempo.begin(100.0)
    tempo.observe(100.0 + 5 * 3600, 1, 0)
    tempo.observe(50.0, 2, 0)
    assert tempo.calls == [MAX_TENTHS, 0]


def _result(**changes: object) -> dict:
    fields = {"club": "c", "session": "s", "round": 1, "table": 3, "board": 1, "revision": 1,
              "contract": "Pass", "declarer": None, "tricks": 0, "score_ns": 0,
              "auction": ["Pass"] * 4, "play": [], "tempo": {"calls": [10, 20, 30, 40], "cards": []}}
    return {**fields, **changes}


def test_the_schema_takes_a_tempo_or_none_and_refuses_a_malformed_one() -> None:
    schema.message("result", **_result())
    without = _result()
    del without["tempo"]
    schema.message("result", **without)  # an older table's result
    refusals = {
        "result.tempo.calls: 3 times for 4 calls in the auction": {"calls": [1, 2, 3], "cards": []},
        "result.tempo.cards: 1 times for 0 cards in the play": {"calls": [1, 2, 3, 4], "cards": [5]},
        "result.tempo.calls[1]: expected an integer 0..36000, got -2": {"calls": [1, -2, 3], "cards": []},
        "result.tempo.calls[0]: expected an integer 0..36000, got 1.5": {"calls": [1.5, 2], "cards": []},
        "result.tempo: missing field 'cards'": {"calls": [1, 2, 3, 4]},
        "result.tempo.stops[0]: call 2 of the auction is not a bid": {"calls": [1, 2, 3, 4], "cards": [],
                                                                       "stops": [2]},
        "result.tempo: unknown field 'bids'": {"calls": [1, 2, 3, 4], "cards": [], "bids": []},
    }
    for reason, tempo in refusals.items():
        with pytest.raises(schema.SchemaError) as refused:
            schema.message("result", **_result(tempo=tempo))
        assert str(refused.value) == reason


def test_the_pause_after_stop_and_a_skip_bid_is_the_next_calls_time(tmp_path: Path) -> None:
    """The keys refused during the regulation's pause are not journaled: East's time counts from
    North's 3S, and the result says which bid came after a STOP."""
    clock = Clock()
    service = _service(tmp_path / "j.db", clock)
    service.clock = clock  # the pause's clock too
    _feed(service, clock, [(0, key("N", "OK")), (1, key("N", "STOP")), (2, key("N", "3")),
                           (1, key("N", "S"))])
    clock.now += 4
    assert not service.handle(key("E", "PASS")).changed  # 6 s more to wait
    _feed(service, clock, [(8.5, key("E", "PASS")), (1, key("S", "4")), (1, key("S", "S"))])
    tempo = service.flow.current.tempo
    assert tempo.calls == [40, 125, 20] and tempo.stops == [0]
    _feed(service, clock, [(1, key("S", "UNDO"))])  # South's 4S withdrawn (Law 25A): North's STOP stays
    assert tempo.calls == [40, 125] and tempo.stops == [0]
    _feed(service, clock, [(1, key("E", "UNDO"))])
    _feed(service, clock, [(1, key("N", "UNDO"))])
    assert tempo.calls == [] and tempo.stops == []


def test_the_tables_pbn_export_keeps_the_tempo_and_check_reads_it_back(tmp_path: Path) -> None:
    """``table --export``: AuctionTimeTable and PlayTimeTable, one row per call and card, which
    check finds consistent; a file whose time table disagrees with its auction is reported."""
    from bridgetable.check import check_files
    from bridgetable.formats.pbn import read_pbn
    from bridgetable.table.export import export_journal

    clock = Clock()
    service = _service(tmp_path / "j.db", clock)
    timed, calls, cards = _timed_board()
    _feed(service, clock, timed)
    service.journal.close()
    out = tmp_path / "ours.pbn"
    assert export_journal(tmp_path / "j.db", out, "s") == 1
    text = out.read_text(encoding="utf-8")
    assert '[AuctionTimeTable "Time_Used\\6R"]\n   3.5\n   3.0\n   5.2\n   0.5\n  12.0\n   0.8\n' in text
    [record] = read_pbn(text)
    assert record.sections["PlayTimeTable"] == [f"{tenths / 10:.1f}" for tenths in cards]
    reports, unreadable = check_files([str(out)])
    assert not unreadable and [str(p) for r in reports for p in r.problems] == []

    broken = tmp_path / "broken.pbn"
    broken.write_text(text.replace("  12.0\n", "").replace("   0.3\n", "  -0.3\n", 1), encoding="utf-8")
    reports, _ = check_files([str(broken)])
    assert [str(p) for r in reports for p in r.problems] == [
        "auction: AuctionTimeTable: 5 times for 6 calls",
        "play: PlayTimeTable row 1: '-0.3' is not a time in seconds"]

    other = tmp_path / "other.pbn"  # BBO Helper's form: the first seat, whole seconds four to a row
    start = text.index("[AuctionTimeTable")
    other.write_text(text[:start] + '[AuctionTimeTable "N"]\n 4  3  5  1\n12  1\n'
                     + text[text.index("[PlayTimeTable"):], encoding="utf-8")
    reports, _ = check_files([str(other)])
    assert [str(p) for r in reports for p in r.problems] == [] and reports[0].warnings == []
    other.write_text(text[:start] + '[AuctionTimeTable "N"]\n 4  3  5  1\n12  x\n 2\n'
                     + text[text.index("[PlayTimeTable"):], encoding="utf-8")
    reports, _ = check_files([str(other)])
    assert [str(p) for r in reports for p in r.problems] == [
        "auction: AuctionTimeTable: 7 times for 6 calls",
        "auction: AuctionTimeTable row 6: 'x' is not a time in seconds"]
    other.write_text(text[:start] + '[AuctionTimeTable "Seconds"]\n4\n'
                     + text[text.index("[PlayTimeTable"):], encoding="utf-8")
    reports, _ = check_files([str(other)])
    assert "AuctionTimeTable: no Time_Used column: not checked" in reports[0].warnings


def test_without_bidding_boxes_the_lead_counts_from_the_contract_entered() -> None:
    from bridgetable.table.flow import BoardFlow

    flow = BoardFlow(FlowConfig(boards=[1], deals={1: DEAL}, bidding_boxes=False))
    moments = iter(range(100, 200, 3))  # each event 3 s after the one before
    for event in [key("N", "OK"), key("N", "3"), key("N", "NT"), key("N", "OK"), card("E", "CA")]:
        assert flow.handle(event, next(moments)).changed, flow.message
    assert flow.current.tempo.calls == [] and flow.current.tempo.cards == [30]
