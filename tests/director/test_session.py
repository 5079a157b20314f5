"""Session set-up, ingest, live scoring and director actions, on a SQLite store on disk."""

import random

import pytest

from bridgetable.director.actions import ActionError, adjust, enter_result
from bridgetable.director.ingest import Ingest
from bridgetable.director.session import Session, SessionSetup, SetupError, boards_from_pbn
from bridgetable.director.standings import score_session
from bridgetable.director.store import DIRECTOR_REVISIONS, PostgresStore, SQLiteStore
from bridgetable.link import validate
from bridgetable.movements.passing import passes

from ..corpus import ENDPLAY
from .helpers import new_session, play_round, received, result_message

SAMPLE = ENDPLAY / "tests" / "pbn" / "example2.pbn"


def test_assignments_are_valid_messages_and_say_where_everyone_goes(tmp_path):
    session = new_session(tmp_path)
    first = session.assignments(1)
    assert len(first) == 4
    for msg in first:
        validate(msg, "assign")
    table1 = first[0]
    assert (table1["ns"], table1["ew"], table1["boards"]) == (1, 5, [1, 2])
    assert table1["ns_names"] == "Ann & Bob" and table1["ew_names"] == "Eve & Fay"
    # Mitchell: EW 5 moves up to table 2, boards 1-2 go down to table 4
    assert table1["next"] == {"ns": {"table": 1, "direction": "NS"}, "ew": {"table": 2, "direction": "EW"},
                              "boards_to": 4}
    assert session.assignments(3)[0]["final"] is True and "next" not in session.assignments(3)[0]


def test_setup_errors_are_clear(tmp_path):
    with pytest.raises(SetupError, match="scoring must be one of"):
        SessionSetup("s", "e", {"kind": "mitchell", "tables": 3, "boards_per_round": 2}, scoring="BAM")
    with pytest.raises(SetupError, match="3 tables or more"):
        SessionSetup("s", "e", {"kind": "mitchell", "tables": 2, "boards_per_round": 2}).build_movement()
    with pytest.raises(SetupError, match="movement kind"):
        SessionSetup("s", "e", {"kind": "scrambled"}).build_movement()


def test_boards_from_a_pbn_file():
    boards = boards_from_pbn(SAMPLE)
    assert boards and all(b.deal and b.deal.startswith(("N:", "E:", "S:", "W:")) for b in boards)
    assert [b.board for b in boards] == sorted({b.board for b in boards})
    assert len(boards) == 10 and boards[0].dealer in "NESW"


def test_an_unreadable_deal_file_is_a_clear_error(tmp_path):
    with pytest.raises(SetupError, match="no board with a deal"):
        boards_from_pbn(tmp_path / "missing.pbn")


def test_a_whole_mitchell_scored_live_and_again_after_a_restart(tmp_path, store, request):
    session = new_session(tmp_path, store=store)  # on SQLite and on PostgreSQL
    travellers = []
    ingest = Ingest(session, publish_traveller=travellers.append)
    events = []
    ingest.subscribe(events.append)
    rng = random.Random(3)
    sent = sum(play_round(ingest, r, rng) for r in (1, 2, 3))
    assert sent == 24 and events.count("result") == 24
    for msg in travellers:
        validate(msg, "traveller")
    assert max(len(t["rows"]) for t in travellers) == 3
    standings = score_session(session)
    assert set(standings.ranking) == {"A NS", "A EW"}
    for group in standings.ranking.values():
        assert sum(e.percent for e in group) / len(group) == pytest.approx(50)
    assert all(len(rows) == 3 for rows in standings.travellers.values())
    # a restarted station reads the same session back and scores it the same
    if isinstance(store, SQLiteStore):
        fresh = SQLiteStore(tmp_path / "station.db")
    else:
        fresh = PostgresStore(request.getfixturevalue("postgres_url"))
    reopened = Session.load(fresh, session.id)
    again = score_session(reopened)
    assert again.as_json(reopened.setup.pairs) == standings.as_json(session.setup.pairs)
    assert again.as_json(reopened.setup.pairs)["ranking"][0]["names"]
    fresh.close()


def test_a_result_sent_twice_is_stored_once(tmp_path):
    session = new_session(tmp_path)
    ingest = Ingest(session)
    msg = result_message(session, 1, 1, "4S", "N", 10)
    assert ingest.store_result(received(msg)) is True
    assert ingest.store_result(received(msg)) is False
    assert len(session.store.results(session.id)) == 1


def test_results_arriving_together_are_stored_at_once_and_each_traveller_published_once(tmp_path):
    session = new_session(tmp_path)
    travellers = []
    ingest = Ingest(session, publish_traveller=travellers.append)
    first, second = result_message(session, 1, 1, "4S", "N", 10), result_message(session, 4, 1, "4S", "N", 9)
    assert ingest.store_results([received(first), received(second), received(first)]) == [True, True, False]
    assert [(t["board"], len(t["rows"])) for t in travellers] == [(1, 2)]
    assert ingest.played == {(1, 1), (4, 1)}
    assert ingest.store_results([received(second)]) == [False] and len(travellers) == 1


def test_director_corrects_adjusts_and_enters_a_late_board_with_an_audit_trail(tmp_path):
    session = new_session(tmp_path)
    ingest = Ingest(session)
    ingest.store_result(received(result_message(session, 1, 1, "4S", "N", 10)))
    ingest.store_result(received(result_message(session, 4, 1, "4S", "N", 9)))
    corrected = enter_result(ingest, "td", 1, 1, "4SX", "N", 10)
    assert corrected.revision == DIRECTOR_REVISIONS and corrected.ns_score in (590, 790)
    late = enter_result(ingest, "td", 2, 3, "3NT", "S", 9)  # table 2 never sent board 3
    assert late.revision == DIRECTOR_REVISIONS and late.source == "director"
    split = adjust(ingest, "td", 4, 1, "60/50")
    assert split.adjusted == "60/50"
    trail = [(e.action, e.detail) for e in session.store.audit_trail(session.id)]
    assert [a for a, _ in trail] == ["correct", "enter", "adjust"]
    assert "(split)" in trail[2][1]
    rows = {row.result.table: row for row in score_session(session).travellers[1]}
    assert rows[4].ns_points == pytest.approx(0.6 * rows[4].top)
    assert rows[4].ew_points == pytest.approx(0.5 * rows[4].top)
    with pytest.raises(ActionError, match="does not play board 1"):
        adjust(ingest, "td", 2, 1, "A+/A-")
    with pytest.raises(ActionError, match="not an adjusted score"):
        adjust(ingest, "td", 1, 1, "lots")
    with pytest.raises(ActionError, match="tricks must be 0-13"):
        enter_result(ingest, "td", 1, 1, "4S", "N", 14)


def test_table_state_and_director_calls(tmp_path):
    ingest = Ingest(new_session(tmp_path))
    ingest.on_state({"schema": 1, "kind": "state", "table": 2, "status": "online", "round": 1, "board": 3,
                     "director_call": True, "detail": "revoke"})
    assert ingest.status[2].online and ingest.status[2].director_call
    ingest.answer_call(2, "td", "revoke: 1 trick transferred")
    assert not ingest.status[2].director_call
    assert ingest.session.store.audit_trail("club-night")[-1].action == "answer call"


@pytest.mark.parametrize("scoring", ["IMP", "XIMP", "TOTAL"])
def test_imp_scorings_balance(tmp_path, scoring):
    session = new_session(tmp_path, scoring=scoring)
    ingest = Ingest(session)
    rng = random.Random(5)
    for r in (1, 2, 3):
        play_round(ingest, r, rng)
    standings = score_session(session)
    for rows in standings.travellers.values():
        assert sum(row.ns_points for row in rows) == pytest.approx(-sum(row.ew_points for row in rows))


def test_team_match_session(tmp_path):
    session = new_session(tmp_path, scoring="TEAMS",
                          movement={"kind": "teams", "boards": 8, "boards_per_round": 2})
    session.setup.teams = {"home": "Lions", "away": "Tigers"}
    ingest = Ingest(session)
    ingest.store_result(received(result_message(session, 1, 1, "4S", "N", 10)))
    ingest.store_result(received(result_message(session, 2, 1, "2S", "N", 10)))
    standings = score_session(session)
    home, away = standings.match.totals()
    assert (home, away) == (6, 0) or (home, away) == (10, 0)  # 420-170 or 620-170 by vulnerability
    assert standings.match.home == "Lions"


def test_a_team_event_with_fewer_sets_than_matches_tells_each_table_where_its_boards_go(tmp_path):
    session = new_session(tmp_path, scoring="TEAMS", movement={
        "kind": "team-event", "teams": 6, "boards_per_round": 4, "rounds": 2, "sets": 2})
    first = session.assignments(1)
    relayed = passes(session.movement, 1)
    for msg in first:
        validate(msg, "assign")
        assert msg["boards"] == list(session.movement.at(1, msg["table"]).boards)  # the playing order
        assert msg["passes"] == [{"board": b, "to": relayed[(msg["table"], b)]} for b in msg["boards"]
                                 if (msg["table"], b) in relayed]
    table2 = first[1]
    assert table2["boards"] == [2, 3, 4, 1]
    assert table2["passes"] == [{"board": 2, "to": 1}, {"board": 3, "to": 1}, {"board": 4, "to": 1}]
    assert "boards_to" not in table2["next"]  # its last board, 1, goes nowhere: the round is over for it
    assert first[0]["passes"][0] == {"board": 1, "to": 6}  # round the tables
    # one set a match: the two tables of a match relay across a stand, no passes between matches
    (tmp_path / "one").mkdir()
    session = new_session(tmp_path / "one", scoring="TEAMS", movement={
        "kind": "team-event", "teams": 6, "boards_per_round": 4, "rounds": 2, "sets": 3})
    assert all("passes" not in msg for msg in session.assignments(1))
