"""Building sessions and the results tables send, for the director tests."""

from __future__ import annotations

import random
from pathlib import Path

from bridgetable.bridge import Contract, Seat, Vulnerability, duplicate_score
from bridgetable.director.ingest import Ingest
from bridgetable.director.session import Session, SessionSetup, generated_boards
from bridgetable.director.store import SQLiteStore
from bridgetable.link import ReceivedResult, ResultKey, message

CLUB = "testclub"
CONTRACTS = ["4S", "3NT", "2H", "4SX", "1NT", "Pass", "5D", "3C"]


def new_session(tmp_path: Path, scoring: str = "MP", movement: dict | None = None) -> Session:
    store = SQLiteStore(tmp_path / "station.db")
    setup = SessionSetup("club-night", "Club night", movement or
                         {"kind": "mitchell", "tables": 4, "boards_per_round": 2, "rounds": 3},
                         scoring=scoring, pairs={1: "Ann & Bob", 5: "Eve & Fay"})
    return Session.create(store, setup, generated_boards(16, seed=7))


def result_message(session: Session, table: int, board: int, contract: str, declarer: str, tricks: int,
                   revision: int = 0) -> dict:
    info = session.store.boards(session.id)[board]
    parsed = Contract.parse_or_pass(contract)
    seat = Seat.parse(declarer)
    if parsed is None:
        score, seat_text, tricks_sent = 0, None, None
    else:
        score = duplicate_score(parsed, tricks, Vulnerability.parse(info.vulnerability).is_vulnerable(seat))
        score = score if seat in (Seat.N, Seat.S) else -score
        seat_text, tricks_sent = declarer, tricks
    round_ = session.round_of(table, board)
    at = session.movement.at(round_, table)
    return message("result", club=CLUB, session=session.id, table=table, board=board, revision=revision,
                   contract=contract, declarer=seat_text, tricks=tricks_sent, score_ns=score,
                   vulnerability=info.vulnerability, round=round_, ns=at.ns, ew=at.ew,
                   auction=["1S", "Pass", "4S", "Pass", "Pass", "Pass"], play=["HK", "H2", "H5", "HA"])


def received(msg: dict) -> ReceivedResult:
    return ReceivedResult(ResultKey.of(msg), msg)


def play_round(ingest: Ingest, round_: int, rng: random.Random) -> int:
    """Every table of a round sends a result for each of its boards; returns how many."""
    sent = 0
    for a in ingest.session.movement.round(round_):
        for board in a.boards:
            contract = rng.choice(CONTRACTS)
            msg = result_message(ingest.session, a.table, board, contract, rng.choice("NESW"),
                                 rng.randint(6, 12))
            ingest.store_result(received(msg))
            sent += 1
    return sent
