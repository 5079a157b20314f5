"""`bridgetable table --export`: a journal's confirmed boards as PBN, checked, matched and replayed."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

import pytest

from bridgetable.bridge import (
    Auction,
    Card,
    Contract,
    Deal,
    Play,
    Seat,
    Side,
    board_dealer,
    board_vulnerability,
    duplicate_score,
    imps,
)
from bridgetable.check import check_record
from bridgetable.cli import main
from bridgetable.events import Key, TableEvent
from bridgetable.formats.pbn import read_pbn, read_pbn_file, write_pbn
from bridgetable.formats.record import BoardRecord
from bridgetable.robots.display import ordered_tricks, trick_text
from bridgetable.robots.table import robot_board
from bridgetable.table.export import record_of_result
from bridgetable.table.flow import BoardFlow, FlowConfig
from bridgetable.table.journal import Journal
from bridgetable.table.script import auction_events, board_events, play_events
from bridgetable.table.service import TableService

from .helpers import DEAL, card, feed, key

SESSION = "2026-11-29"
AUCTIONS = {  # dealer and vulnerability by the board cycle; boards 7 and 8 are not in the deal file
    1: "1NT Pass 3NT Pass Pass Pass",
    2: "Pass 1S Pass 4S Pass Pass Pass",
    3: "Pass Pass Pass Pass",
    4: "1H X Pass Pass Pass",
    5: "1C Pass 1S Pass 2NT Pass 3NT Pass Pass Pass",
    6: "1D 1H 2D 2H Pass Pass Pass",
    7: "1S Pass 2S Pass Pass Pass",
    8: "Pass Pass 1NT Pass Pass Pass",
}
CLAIM_AFTER = {5: 5}  # declarer claims the rest after five tricks
DIRECTOR_CALLED = 6  # South calls the director during the auction, then the call is answered


@dataclass
class Session:
    deals: dict[int, Deal]
    deals_file: Path
    journal: Path
    ns: dict[int, int]  # North-South's score on each board, worked out from the cards fed


def _board(number: int, deal: Deal) -> tuple[list[TableEvent], int]:
    """The events of one board and North-South's score, computed from the cards themselves."""
    dealer, calls = board_dealer(number), AUCTIONS[number]
    auction = Auction(dealer, calls.split())
    contract, declarer = auction.contract, auction.declarer
    if contract is None or declarer is None:
        return board_events(deal, dealer, calls), 0
    if number not in CLAIM_AFTER:
        events = board_events(deal, dealer, calls)
        cards = [Card.parse(e.value) for e in events if e.kind.value == "card"]
        tricks = Play.replay(deal, contract, declarer, cards).declarer_tricks
    else:
        scans = play_events(deal, auction, CLAIM_AFTER[number])
        play = Play.replay(deal, contract, declarer, [Card.parse(e.value) for e in scans])
        tricks = play.declarer_tricks + play.tricks_remaining  # the claim: every trick left
        events = [TableEvent.key(dealer, Key.OK), *auction_events(dealer, calls), *scans,
                  TableEvent.key(declarer, Key.CLAIM), TableEvent.key(declarer, Key.OK),
                  TableEvent.key(declarer.lho, Key.OK), TableEvent.key(declarer.lho, Key.OK)]
    if number == DIRECTOR_CALLED:
        events[2:2] = [TableEvent.key(Seat.S, Key.DIRECTOR), TableEvent.key(Seat.S, Key.DIRECTOR)]
    score = duplicate_score(contract, tricks, board_vulnerability(number).is_vulnerable(declarer))
    return events, score if declarer.side is Side.NS else -score


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> Session:
    """Eight boards played through the table service, journaled on disk."""
    tmp = tmp_path_factory.mktemp("export")
    deals = {n: Deal.random(random.Random(f"export-{n}")) for n in AUCTIONS}
    deals_file = tmp / "deals.pbn"
    deals_file.write_text(write_pbn(BoardRecord(board=n, dealer=board_dealer(n), deal=deal,
                                                vulnerability=board_vulnerability(n))
                                    for n, deal in deals.items()), encoding="utf-8")
    config = FlowConfig(boards=list(AUCTIONS), deals={n: deals[n] for n in range(1, 7)},
                        club="Club", session=SESSION, table="3")
    journal_path = tmp / "table.db"
    journal = Journal(journal_path, SESSION)
    service = TableService(config, journal)
    ns = {}
    for number, deal in deals.items():
        events, ns[number] = _board(number, deal)
        for event in events:
            outcome = service.handle(event)
            assert outcome.changed, f"board {number}: {event} refused: {outcome.message}"
    assert service.done and len(journal.results()) == 8
    journal.close()
    return Session(deals, deals_file, journal_path, ns)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _export(session: Session, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    ours = tmp_path / "ours.pbn"
    code, out, err = _run(capsys, "table", "--journal", str(session.journal), "--export", str(ours))
    assert code == 0, err
    assert "8 confirmed boards" in out
    return ours


def test_the_export_is_full_pbn_that_check_finds_consistent(
        session: Session, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    ours = _export(session, capsys, tmp_path)
    code, out, _ = _run(capsys, "check", "--json", str(ours))
    reports = json.loads(out)["boards"]
    assert code == 0 and len(reports) == 8
    assert [(r["problems"], r["warnings"]) for r in reports] == [([], [])] * 8
    records = {r.board: r for r in read_pbn_file(ours)}
    assert sorted(records) == list(AUCTIONS)
    for number, record in records.items():
        assert record.tags["Event"] == SESSION and record.tags["Site"] == "Club"
        assert record.tags["Date"] == "2026.11.29" and record.tags["Table"] == "3"
        assert record.dealer == board_dealer(number)
        assert record.vulnerability == board_vulnerability(number)
        assert record.deal == session.deals[number]  # boards 7 and 8: rebuilt from the 52 cards played
        assert [str(call) for call in record.calls] == AUCTIONS[number].split()
        assert record.score_ns == session.ns[number]
    assert records[3].passed_out and not records[3].tricks
    assert len(records[1].tricks) == 13 and not records[1].claimed
    assert str(records[4].contract) == "1HX" and records[4].declarer == Seat.W
    assert records[5].claimed and len(records[5].tricks) == 5
    text = ours.read_text(encoding="utf-8")
    assert "{Director: called by South}" in text
    assert "{Claim: North 8 of the last 8 tricks (accepted)}" in text


def _match(session: Session, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> tuple[Path, Path, str]:
    """`bridgetable match --deals --ours --out --json` on the export: our file, the match file, the JSON."""
    ours = _export(session, capsys, tmp_path)
    match = tmp_path / "match.pbn"
    code, out, err = _run(capsys, "match", "--deals", str(session.deals_file), "--ours", str(ours),
                          "--out", str(match), "--json")
    assert code == 0, err
    return ours, match, out


def test_a_match_on_the_export_scores_each_board_against_the_robots(
        session: Session, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, _, out = _match(session, capsys, tmp_path)
    result = json.loads(out)
    expected = []
    for number, deal in session.deals.items():
        robots_ns = robot_board(number, deal).score_ns
        assert robots_ns is not None
        expected.append({"board": number, "open_ns": session.ns[number], "closed_ns": robots_ns,
                         "imps_ns": imps(session.ns[number] - robots_ns)})
    assert result["boards"] == expected
    assert result["imps_ns"] == sum(b["imps_ns"] for b in expected if b["imps_ns"] > 0)
    assert result["imps_ew"] == sum(-b["imps_ns"] for b in expected if b["imps_ns"] < 0)
    assert any(b["imps_ns"] for b in expected)  # the rooms did differ somewhere


def test_replay_of_that_match_shows_both_tables_trick_by_trick(
        session: Session, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    ours, match, _ = _match(session, capsys, tmp_path)
    code, out, err = _run(capsys, "replay", str(match))
    assert code == 0, err
    for number in AUCTIONS:
        assert f"Board {number}   Dealer {board_dealer(number).full_name}" in out
    assert out.count("Open room (our table):") == 8 and out.count("Closed room (robots):") == 8
    open_tricks = [trick_text(*t) for t in ordered_tricks(read_pbn_file(ours)[0])]
    closed_tricks = [trick_text(*t) for t in ordered_tricks(robot_board(1, session.deals[1]))]
    for number, (left, right) in enumerate(zip(open_tricks, closed_tricks, strict=True), start=1):
        assert f"\n{number:>2}  {left:<30}{right}\n" in out  # both rooms, side by side
    assert "\nMatch: NS " in out
    code, out, _ = _run(capsys, "replay", str(match), "--board", "5")
    assert code == 0 and "Board 5 " in out and "Board 6 " not in out
    played = len(robot_board(5, session.deals[5]).tricks)  # the open room claimed after five
    assert f"\n{played:>2}  {'':<30}" in out and out.count("Open room") == 1


def _confirmed(flow: BoardFlow) -> dict[str, object]:
    """Play on until the board's result is confirmed; returns the outbox record."""
    for _ in range(20):
        declarer = flow.declarer or Seat.N
        [outcome] = feed(flow, key(str(declarer.lho), "OK"))
        if outcome.result is not None:
            return outcome.result
    raise AssertionError("the result was never confirmed")


def test_a_revoke_is_a_note_on_its_card_and_check_names_it() -> None:
    flow = BoardFlow(FlowConfig(boards=[2], session="s"))  # unknown hands
    feed(flow, key("E", "OK"), *auction_events(Seat.E, "1S Pass 4S Pass Pass Pass"))
    truth = Play(DEAL, Auction(Seat.E, "1S Pass 4S Pass Pass Pass".split()).contract, Seat.E, policy="laws")
    for seat, text in [("S", "H3"), ("W", "H4"), ("N", "C4"), ("E", "H8")]:  # North revokes
        truth.play(text)
        feed(flow, card(seat, text))
    while not truth.is_complete:
        seat, chosen = truth.turn, truth.legal_cards()[0]
        truth.play(chosen)
        feed(flow, TableEvent.card(seat, chosen))
    result = _confirmed(flow)
    text = write_pbn([record_of_result(result)])
    [record] = read_pbn(text)
    assert record.deal == DEAL and record.result == truth.declarer_tricks
    assert "revoke: C4" in record.play_notes[(0, Seat.N)]
    assert "{Director: revoke by North in trick 1" in text
    report = check_record(record)
    assert [p.kind for p in report.problems] == ["revoke"]  # the Law 64 result itself is accepted


def test_without_card_readers_the_lead_is_the_play() -> None:
    flow = BoardFlow(FlowConfig(boards=[1], deals={1: DEAL}, card_readers=False, session="s"))
    feed(flow, key("N", "OK"), *auction_events(Seat.N, "1NT Pass 3NT Pass Pass Pass"))
    feed(flow, key("E", "S"), key("E", "X"), key("E", "OK"))  # lead: the SK (the rank starts at A)
    feed(flow, key("N", "3"), key("N", "OK"))  # nine tricks
    result = _confirmed(flow)
    [record] = read_pbn(write_pbn([record_of_result(result)]))
    assert record.tricks == [{Seat.E: Card.parse("SK")}] and record.claimed
    assert record.result == 9 and record.score_ns == 400
    assert check_record(record).problems == []


def test_unknown_hands_and_a_claim_export_the_play_without_a_deal() -> None:
    flow = BoardFlow(FlowConfig(boards=[1], session="s"))
    auction = Auction(Seat.N, "1NT Pass 3NT Pass Pass Pass".split())
    scans = play_events(DEAL, auction, 2)
    feed(flow, key("N", "OK"), *auction_events(Seat.N, "1NT Pass 3NT Pass Pass Pass"), *scans,
         key("N", "CLAIM"), key("N", "OK"), key("E", "OK"))
    [record] = read_pbn(write_pbn([record_of_result(_confirmed(flow))]))
    played = Play.replay(DEAL, Contract.parse("3NT"), Seat.N, [Card.parse(e.value) for e in scans])
    assert record.deal is None and record.claimed and len(record.tricks) == 2
    assert record.result == played.declarer_tricks + 11
    assert record.score_ns == duplicate_score(Contract.parse("3NT"), played.declarer_tricks + 11, False)
    assert [str(p) for p in check_record(record).problems] == [
        "play: the play cannot be checked without the deal"]


def test_export_from_the_config_and_clear_errors(session: Session, capsys: pytest.CaptureFixture[str],
                                 tmp_path: Path) -> None:
    out = str(tmp_path / "x.pbn")
    code, _, err = _run(capsys, "table", "--journal", str(tmp_path / "none.db"), "--export", out)
    assert code == 2 and "no such journal" in err
    code, _, err = _run(capsys, "table", "--export", out)
    assert code == 2 and "--export needs the journal" in err
    (tmp_path / "junk.db").write_bytes(b"not sqlite at all" * 100)
    code, _, err = _run(capsys, "table", "--journal", str(tmp_path / "junk.db"), "--export", out)
    assert code == 2 and "not a table journal" in err
    config = tmp_path / "table.toml"
    config.write_text(f'[table]\nsession = "other"\njournal = "{session.journal}"\n', encoding="utf-8")
    code, _, err = _run(capsys, "table", "--config", str(config), "--export", out)
    assert code == 2 and "belongs to session '2026-11-29', not to 'other'" in err
    assert not Path(out).exists()
    config.write_text(f'[table]\nsession = "{SESSION}"\njournal = "{session.journal}"\n', encoding="utf-8")
    code, stdout, err = _run(capsys, "table", "--config", str(config), "--export", out)
    assert code == 0 and "8 confirmed boards" in stdout, err
    assert [r.board for r in read_pbn_file(out)] == list(AUCTIONS)
