"""Live scoring: the standings kept up to date result by result always equal a full rescore of
the store, whatever the order of the results, the corrections and the adjusted scores; and a
visitor's, those of the boards every table has played."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgetable.director.session import Session, SessionSetup, generated_boards
from bridgetable.director.standings import LiveStandings, score_session
from bridgetable.director.store import SQLiteStore, StoredResult
from bridgetable.director.visibility import results_over

MOVEMENTS = [{"kind": "mitchell", "tables": 4, "boards_per_round": 2, "rounds": 3},
             {"kind": "mitchell", "tables": 5, "boards_per_round": 1, "rounds": 5},
             {"kind": "howell", "pairs": 8, "boards_per_round": 2}]
SCORES = [-800, -200, -100, -50, 0, 90, 110, 140, 400, 420, 430, 620, 1430]  # few: ties are common
STAMP = "2026-12-01T19:30:00.000+00:00"  # as the store keeps it, so that the two compare equal
ADJUSTED = ["A+/A-", "A-/A+", "A", "60/50", "40/40", "30/70"]


def _session(movement: dict, scoring: str) -> Session:
    setup = SessionSetup("live", "Live scoring", movement, scoring=scoring)
    return Session.create(SQLiteStore(":memory:"), setup, generated_boards(30, seed=3))


@st.composite
def sessions(draw: st.DrawFn) -> tuple[Session, list[StoredResult]]:
    """A session and the results it receives, in arrival order: each table's result of a board,
    perhaps corrected (a later revision) or replaced by an adjusted score, perhaps arriving after
    its own correction."""
    scoring = draw(st.sampled_from(["MP", "IMP", "XIMP", "TOTAL"]))
    session = _session(draw(st.sampled_from(MOVEMENTS)), scoring)
    played = [(a, board) for a in session.movement.assignments for board in a.boards]
    chosen = draw(st.lists(st.sampled_from(played), min_size=1, max_size=40))
    revisions: dict[tuple[int, int, int], int] = {}
    arrivals = []
    for a, board in chosen:
        key = (a.round, a.table, board)
        revision = revisions[key] = revisions.get(key, -1) + 1
        adjusted = draw(st.sampled_from(ADJUSTED)) if draw(st.integers(0, 5)) == 0 else None
        score = None if adjusted else draw(st.sampled_from(SCORES))
        arrivals.append(StoredResult(session.id, a.round, a.table, board, revision, a.ns, a.ew,
                                     "" if adjusted else "4S", None if adjusted else "N",
                                     None if adjusted else 10, score, adjusted=adjusted,
                                     source="director" if revision else "table", stored_at=STAMP))
    order = draw(st.permutations(range(len(arrivals))))  # corrections may overtake what they correct
    return session, [arrivals[i] for i in order]


@settings(max_examples=60, deadline=None)
@given(sessions())
def test_live_standings_equal_a_full_rescore_after_every_result(
        case: tuple[Session, list[StoredResult]]) -> None:
    session, arrivals = case
    live = LiveStandings(session)
    latest: dict[tuple[int, int, int], int] = {}
    for stored in arrivals:
        key = (stored.round, stored.table, stored.board)
        assert live.put(stored) == (stored.revision > latest.get(key, -1))  # an older revision: no change
        latest[key] = max(stored.revision, latest.get(key, -1))
        session.store.put_result(stored)
        full = score_session(session)
        standings = live.standings()
        assert standings.travellers == full.travellers
        assert standings.ranking == full.ranking
        assert live.traveller(stored.board) == full.travellers[stored.board]
        over = score_session(session, results_over(session.movement, session.store.results(session.id)))
        public = live.public()  # a visitor's: the boards every table has played
        assert public.travellers == over.travellers and public.ranking == over.ranking
    restarted = LiveStandings(session)  # a restarted station begins from the store
    assert restarted.standings() == live.standings()
    assert restarted.public() == live.public()


@pytest.mark.parametrize(("movement", "scoring"), [
    ({"kind": "mitchell", "tables": 3, "boards_per_round": 2, "rounds": 3}, "MP"),
    ({"kind": "teams", "boards": 8, "boards_per_round": 4}, "TEAMS")])
def test_a_visitors_standings_count_a_board_once_every_table_has_played_it(movement: dict,
                                                                             scoring: str) -> None:
    session = _session(movement, scoring)
    live = LiveStandings(session)
    played: set[tuple[int, int]] = set()
    every = [(a, board) for a in session.movement.assignments for board in a.boards]
    for n, (a, board) in enumerate(every):
        live.put(StoredResult(session.id, a.round, a.table, board, 0, a.ns, a.ew, "4S", "N", 10 + n % 3,
                              SCORES[n % len(SCORES)], stored_at=STAMP))
        played.add((a.table, board))
        over = {b for b in session.movement.boards
                if all((t.table, b) in played for t in session.movement.assignments if b in t.boards)}
        public = live.public()
        assert set(public.travellers) == over and set(live.standings().travellers) == {b for _, b in played}
        assert sum(e.boards for entries in public.ranking.values() for e in entries) == 2 * sum(
            len(rows) for rows in public.travellers.values())  # each row counts for its two pairs
    assert live.public() == live.standings()  # every board over: the visitor sees it all
