"""The robot table: legal, complete, deterministic records; the make rate of the spec."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

from bridgetable.bridge import (
    Auction,
    Deal,
    Play,
    Side,
    board_dealer,
    board_vulnerability,
    duplicate_score,
)
from bridgetable.formats.pbn import read_pbn, write_pbn
from bridgetable.formats.record import BoardRecord
from bridgetable.robots import robot_board
from bridgetable.robots.display import ordered_tricks


def _deal(i: int) -> Deal:
    return Deal.random(random.Random(f"table-{i}"))


def _replay(record: BoardRecord) -> Play:
    """Replay a record with the engine, which refuses any illegal call or card."""
    assert record.deal is not None and record.dealer is not None
    auction = Auction(record.dealer, record.calls)
    assert auction.is_complete and auction.contract == record.contract
    assert auction.declarer == record.declarer and record.contract is not None
    assert record.declarer is not None
    cards = [card for _, trick, _ in ordered_tricks(record) for _, card in trick]
    play = Play.replay(record.deal, record.contract, record.declarer, cards)
    assert play.is_complete and not play.revokes
    return play


def test_every_robot_record_is_legal_and_scored_by_law_77() -> None:
    for i in range(200):
        board = i % 16 + 1
        record = robot_board(board, _deal(i))
        assert record.dealer == board_dealer(board)
        assert record.vulnerability == board_vulnerability(board)
        assert not record.passed_out and len(record.tricks) == 13
        play = _replay(record)
        assert record.result == play.declarer_tricks
        assert record.contract is not None and record.declarer is not None
        score = duplicate_score(record.contract, play.declarer_tricks,
                                board_vulnerability(board).is_vulnerable(record.declarer))
        assert record.score_ns == (score if record.declarer.side is Side.NS else -score)


def test_records_survive_pbn_and_stay_legal() -> None:
    records = [robot_board(n, _deal(n)) for n in range(1, 17)]
    again = read_pbn(write_pbn(records))
    for before, after in zip(records, again, strict=True):
        assert not after.problems
        assert (after.calls, after.tricks, after.contract, after.declarer, after.result,
                after.score_ns) == (before.calls, before.tricks, before.contract, before.declarer,
                                    before.result, before.score_ns)
        _replay(after)


def test_the_same_cards_give_the_same_record_in_any_order() -> None:
    boards = list(range(1, 17))
    forward = {n: write_pbn([robot_board(n, _deal(n))]) for n in boards}
    shuffled = boards[:]
    random.Random(3).shuffle(shuffled)
    for n in shuffled + shuffled:
        assert write_pbn([robot_board(n, _deal(n))]) == forward[n]


def test_the_same_cards_give_the_same_record_in_another_process(tmp_path: Path) -> None:
    outputs = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"robots-{hash_seed}.pbn"
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        subprocess.run([sys.executable, "-m", "bridgetable.cli", "robots", "--random", "16", "--seed",
                        "9", "--out", str(out)], check=True, env=env, capture_output=True)
        outputs.append(out.read_text())
    assert outputs[0] == outputs[1]
    assert len(read_pbn(outputs[0])) == 16


def test_the_make_rate_over_1000_random_deals_is_near_69_percent() -> None:
    made = 0
    for i in range(1000):
        record = robot_board(i % 16 + 1, Deal.random(random.Random(i)))
        assert record.contract is not None and record.result is not None
        made += record.result >= record.contract.tricks_needed
    assert 660 <= made <= 720
