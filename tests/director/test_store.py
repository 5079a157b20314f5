"""The store, the same tests against SQLite and PostgreSQL."""

import sqlite3
import threading

import psycopg
import pytest

from bridgetable.director.store import DIRECTOR_REVISIONS, BoardInfo, StoredResult


def result(**changes):
    fields = dict(session="s1", round=1, table=2, board=3, revision=0, ns=2, ew=7, contract="4S",
                  declarer="N", tricks=10, ns_score=420, lead="HK", record={"play": ["HK", "H2"]})
    fields.update(changes)
    return StoredResult(**fields)


def test_a_result_is_stored_once_and_corrections_are_new_revisions(store):
    assert store.put_result(result()) is True
    assert store.put_result(result()) is False  # sent twice: stored once
    assert store.next_revision("s1", 2, 3) == DIRECTOR_REVISIONS
    assert store.put_result(result(revision=DIRECTOR_REVISIONS, contract="4SX", ns_score=590,
                                   source="director")) is True
    assert store.next_revision("s1", 2, 3) == DIRECTOR_REVISIONS + 1
    assert store.put_result(result(revision=5)) is True  # a table's later revision: kept, not counted
    latest = store.results("s1")
    assert [(r.revision, r.contract, r.ns_score, r.source) for r in latest] == [
        (DIRECTOR_REVISIONS, "4SX", 590, "director")]
    assert len(store.results("s1", all_revisions=True)) == 3
    assert latest[0].record == {"play": ["HK", "H2"]} and latest[0].stored_at


def test_results_stored_together_are_one_transaction_all_or_none(store):
    first, second = result(), result(table=3, ns=3, ew=8)
    assert store.put_results([first, second, first]) == [True, True, False]  # a repeat inside
    assert store.put_results([second, result(board=4)]) == [False, True]  # and across
    broken = result(board=6, contract=None)  # NOT NULL: the store fails on the second row
    with pytest.raises((sqlite3.IntegrityError, psycopg.errors.NotNullViolation)):
        store.put_results([result(board=5), broken])
    assert [(r.table, r.board) for r in store.results("s1")] == [(2, 3), (3, 3), (2, 4)]
    assert store.put_results([result(board=5)]) == [True]


def test_results_are_kept_apart_by_session_table_and_board(store):
    store.put_result(result())
    store.put_result(result(table=3, ns=3, ew=8, ns_score=-50, contract="4S", tricks=9))
    store.put_result(result(board=4))
    store.put_result(result(session="s2"))
    assert [(r.board, r.table) for r in store.results("s1")] == [(3, 2), (3, 3), (4, 2)]
    assert len(store.results("s2")) == 1
    assert [(r.board, r.table) for r in store.results("s1", board=3)] == [(3, 2), (3, 3)]


def test_the_round_is_part_of_the_key(store):
    """(session, round, table, board, revision): the same board at the same table in another round
    (a board replayed after a fouled deal, say) is another result, each with its own revisions."""
    assert store.put_result(result()) is True
    assert store.put_result(result(round=2, contract="3NT", ns_score=400, tricks=9)) is True
    assert store.put_result(result(round=2, contract="3NT", ns_score=400, tricks=9)) is False
    assert store.put_result(result(round=2, revision=1, contract="3NT", ns_score=430, tricks=10)) is True
    assert [(r.round, r.revision, r.ns_score) for r in store.results("s1")] == [(1, 0, 420), (2, 1, 430)]
    assert len(store.results("s1", all_revisions=True)) == 3


def test_adjusted_score_has_no_contract(store):
    store.put_result(result(contract="", declarer=None, tricks=None, ns_score=None, lead=None,
                            adjusted="60/40", source="director"))
    (stored,) = store.results("s1")
    assert stored.adjusted == "60/40" and stored.ns_score is None


def test_sessions_pairs_boards_and_audit(store):
    store.create_session("s1", {"event": "Club night", "movement": {"kind": "mitchell"}})
    store.create_session("s1", {"event": "Club night (renamed)"})
    assert store.sessions() == ["s1"]
    assert store.session_setup("s1") == {"event": "Club night (renamed)"}
    assert store.session_setup("nope") is None
    store.set_pairs("s1", {1: "Ann & Bob", 2: "Cy & Di"})
    store.set_pairs("s1", {2: "Cy & Dora"})
    assert store.pairs("s1") == {1: "Ann & Bob", 2: "Cy & Dora"}
    store.put_boards("s1", [BoardInfo(1, "N:AKQJ.T98.765.432 - - -", "N", "None"),
                            BoardInfo(2, None, "E", "NS")])
    assert store.boards("s1")[2] == BoardInfo(2, None, "E", "NS")
    store.audit("s1", "td", "correct", "table 2 board 3: 4S= -> 4SX=")
    store.audit("s1", "td", "adjust", "table 1 board 1: A+/A-")
    assert [(e.actor, e.action) for e in store.audit_trail("s1")] == [("td", "correct"), ("td", "adjust")]


def test_concurrent_writers_lose_nothing(store):
    def write(table):
        for board in range(1, 21):
            store.put_result(result(table=table, board=board))
            store.put_result(result(table=table, board=board))  # a repeat

    threads = [threading.Thread(target=write, args=(t,)) for t in range(1, 5)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(store.results("s1")) == 80
