"""Building sessions and the results tables send, for the director tests."""

from __future__ import annotations

import random
from pathlib import Path

from bridgetable.bridge import Contract, Deal, Play, Seat, Vulnerability, duplicate_score
from bridgetable.director.ingest import Ingest
from bridgetable.director.session import Session, SessionSetup, generated_boards
from bridgetable.director.store import SQLiteStore, Store
from bridgetable.link import ReceivedResult, ResultKey, message

CLUB = "testclub"
CONTRACTS = ["4S", "3NT", "2H", "4SX", "1NT", "Pass", "5D", "3C"]


def new_session(tmp_path: Path, scoring: str = "MP", movement: dict | None = None,
                store: Store | None = None) -> Session:
    store = store or SQLiteStore(tmp_path / "station.db")
    setup = SessionSetup("club-night", "Club night", movement or
                         {"kind": "mitchell", "tables": 4, "boards_per_round": 2, "rounds": 3},
                         scoring=scoring, pairs={1: "Ann & Bob", 5: "Eve & Fay"})
    return Session.create(store, setup, generated_boards(16, seed=7))


def result_message(session: Session, table: int, board: int, contract: str, declarer: str, tricks: int,
                   revision: int = 0) -> dict:
    info = session.store.boards(session.id)[board]
    parsed = Contract.parse_or_pass(contract)
    seat = Seat.parse(declarer)
    play: list[str] = []
    if parsed is None:
        score, seat_text, tricks_sent = 0, None, None
        auction = ["Pass"] * 4
    else:
        waits = (int(seat) - int(Seat.parse(info.dealer))) % 4
        doubled = ["X"] if contract.endswith("X") else []
        auction = ["Pass"] * waits + [contract.rstrip("X")] + doubled + ["Pass"] * 3
        first_trick = Play(Deal.parse(info.deal), parsed, seat)
        for _ in range(4):  # the first trick, each hand playing its first legal card
            card = first_trick.legal_cards()[0]
            first_trick.play(card)
            play.append(str(card))
        score = duplicate_score(parsed, tricks, Vulnerability.parse(info.vulnerability).is_vulnerable(seat))
        score = score if seat in (Seat.N, Seat.S) else -score
        seat_text, tricks_sent = declarer, tricks
    round_ = session.round_of(table, board)
    at = session.movement.at(round_, table)
    return message("result", club=CLUB, session=session.id, table=table, board=board, revision=revision,
                   contract=contract, declarer=seat_text, tricks=tricks_sent, score_ns=score,
                   vulnerability=info.vulnerability, round=round_, ns=at.ns, ew=at.ew,
                   auction=auction, play=play)


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
