"""`bridgetable check` on records built with the engine, one fault at a time."""

from __future__ import annotations

import dataclasses
import random

import pytest

from bridgetable.bridge import (
    Auction,
    Call,
    Contract,
    Deal,
    Play,
    Seat,
    board_dealer,
    board_vulnerability,
    duplicate_score,
)
from bridgetable.check import check_record
from bridgetable.cli import main
from bridgetable.formats.record import BoardRecord


def played_record(seed: int = 7, board: int = 5) -> BoardRecord:
    """A consistent record: a random deal, an auction to 2NT by the dealer, a full legal play."""
    deal = Deal.random(random.Random(seed))
    dealer = board_dealer(board)
    vul = board_vulnerability(board)
    auction = Auction(dealer, ["2NT", "Pass", "Pass", "Pass"])
    assert auction.contract is not None and auction.declarer is not None
    play = Play(deal, auction.contract, auction.declarer)
    while not play.is_complete:
        play.play(play.legal_cards()[0])
    tricks = [{trick.seat_of(i): card for i, card in enumerate(trick.cards)} for trick in play.tricks]
    result = play.declarer_tricks
    score = duplicate_score(auction.contract, result, vul.is_vulnerable(auction.declarer))
    return BoardRecord(
        board=board, dealer=dealer, vulnerability=vul, deal=deal, auction_first=dealer,
        calls=auction.calls, auction_ended=True, opening_leader=play.opening_leader, tricks=tricks,
        contract=auction.contract, declarer=auction.declarer, result=result,
        score_ns=score if auction.declarer.side.value == "NS" else -score,
    )


def kinds(record: BoardRecord) -> list[str]:
    return [problem.kind for problem in check_record(record).problems]


def test_a_consistent_record_passes() -> None:
    report = check_record(played_record())
    assert report.ok, report.problems
    assert report.warnings == []


@pytest.mark.parametrize("seed", range(20))
def test_many_consistent_records_pass(seed: int) -> None:
    assert kinds(played_record(seed, board=seed + 1)) == []


def test_wrong_score_is_flagged_with_the_expected_value() -> None:
    record = played_record()
    record.score_ns = (record.score_ns or 0) + 10
    report = check_record(record)
    assert [p.kind for p in report.problems] == ["score"]
    assert "Law 77" in report.problems[0].message


def test_wrong_result_against_a_complete_play() -> None:
    record = played_record()
    assert record.result is not None
    record.result += 1
    assert "result" in kinds(record)


def test_wrong_contract_and_declarer_against_the_auction() -> None:
    record = played_record()
    record.contract = Contract.parse("3NT")
    assert record.declarer is not None
    record.declarer = record.declarer.partner
    found = kinds(record)
    assert "contract" in found and "declarer" in found


def test_law_54a_partner_declaring_with_the_lead_from_his_left_is_a_warning() -> None:
    """After an opening lead out of turn declarer may spread his hand and his partner declares
    (Law 54A): the Declarer tag names the partner and the play begins on the partner's left."""
    record = played_record()
    assert record.declarer is not None and record.deal is not None
    partner = record.declarer.partner
    assert record.contract is not None
    play = Play(record.deal, record.contract, partner)
    while not play.is_complete:
        play.play(play.legal_cards()[0])
    record = dataclasses.replace(
        record, declarer=partner, opening_leader=play.opening_leader, result=play.declarer_tricks,
        tricks=[{trick.seat_of(i): card for i, card in enumerate(trick.cards)} for trick in play.tricks],
        score_ns=None)
    report = check_record(record)
    assert report.problems == [] and len(report.warnings) == 1 and "Law 54A" in report.warnings[0]


def test_insufficient_bid_names_law_27() -> None:
    record = played_record()
    record.calls = [Call.parse(c) for c in ["1H", "1D", "Pass", "Pass", "Pass"]]
    report = check_record(record)
    assert report.problems[0].kind == "auction"
    assert "insufficient" in report.problems[0].message and "27" in report.problems[0].message


def test_a_card_not_held_is_a_play_problem() -> None:
    record = played_record()
    first = record.tricks[0]
    assert record.opening_leader is not None and record.deal is not None
    leader = record.opening_leader
    stranger = next(c for c in record.deal[leader.partner])
    first[leader] = stranger
    report = check_record(record)
    assert report.problems[0].kind == "play"
    assert "not in" in report.problems[0].message


def test_revoke_is_detected() -> None:
    """Swap two of a player's cards between tricks so that they fail to follow holding the suit."""
    record = played_record(seed=3)
    assert record.opening_leader is not None
    leaders = [record.opening_leader, *_trick_winners(record)[:-1]]
    for t, (trick, leader) in enumerate(zip(record.tricks, leaders, strict=True)):
        led = trick[leader].suit
        for seat in Seat:
            if seat == leader or trick[seat].suit != led:
                continue
            for later in record.tricks[t + 1:]:
                if later[seat].suit != led:
                    trick[seat], later[seat] = later[seat], trick[seat]
                    assert "revoke" in kinds(record)
                    return
    raise AssertionError("no swap makes a revoke in this deal")


def test_a_claim_must_be_possible() -> None:
    record = played_record()
    assert record.opening_leader is not None and record.declarer is not None
    winners = _trick_winners(record)
    record.tricks = record.tricks[:5]
    record.claimed = True
    record.score_ns = None
    won = sum(1 for seat in winners[:5] if seat.side is record.declarer.side)
    record.result = won + 8
    assert kinds(record) == []
    record.result = won + 9
    assert kinds(record) == ["result"]


def _trick_winners(record: BoardRecord) -> list[Seat]:
    """The winner of each trick, found with the engine's own trick_winner."""
    from bridgetable.bridge import trick_winner

    assert record.contract is not None and record.opening_leader is not None
    leader, winners = record.opening_leader, []
    for trick in record.tricks:
        cards = [trick[leader.after(i)] for i in range(4)]
        leader = trick_winner(leader, cards, record.contract.strain.trump)
        winners.append(leader)
    return winners


def test_passed_out_board() -> None:
    record = BoardRecord(board=2, dealer=Seat.E, vulnerability=board_vulnerability(2),
                         auction_first=Seat.E, calls=[Call.parse("Pass")] * 4, auction_ended=True,
                         passed_out=True, score_ns=0)
    assert kinds(record) == []
    record.score_ns = 50
    assert kinds(record) == ["score"]


def test_dealer_off_the_cycle_is_a_warning_not_an_error() -> None:
    record = dataclasses.replace(played_record(board=5))
    record.board = 6
    record.score_ns = None
    report = check_record(record)
    assert report.ok
    assert any("dealer" in w for w in report.warnings)


@pytest.mark.parametrize("text", ["", "% a PBN comment and nothing else\n", "\n\n"])
def test_a_file_with_no_record_is_refused(tmp_path, capsys: pytest.CaptureFixture[str], text: str) -> None:
    empty = tmp_path / "empty.pbn"
    empty.write_text(text)
    assert main(["check", str(empty)]) == 2
    captured = capsys.readouterr()
    assert f"unreadable: {empty}: no record in it" in captured.err \
        and "0 records checked: 0 consistent, 0 with problems; 1 file unreadable" in captured.out
    assert main(["check", "--json", str(empty)]) == 2
    assert '"unreadable"' in capsys.readouterr().out
