"""The table unit under the Laws of issue 10, driven through TableEvents with both policies:
UNDO as Law 25A has it, revoke correction from the card readers (Law 62, 62D), the Alert and
Stop keys, Law 26's lead restriction at the leader's seat, and a disputed claim's analysis
(Law 70)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgetable.bridge import Deal, Seat
from bridgetable.table.flow import BoardFlow, FlowConfig, Phase
from bridgetable.table.journal import Journal
from bridgetable.table.screens import render
from bridgetable.table.service import TableService

from ..bridge.test_laws_play import TWELVE, TWELVE_FIRST_ELEVEN
from .helpers import card, feed, key, refused

SEED_002 = Deal.parse("N:AQ4.KJ5.Q963.KJ2 653.T742.T42.A73 JT97.A86.A87.T96 K82.Q93.KJ5.Q854")
POLICIES = ["prevent", "laws"]


def flow(policy: str, deal: Deal = SEED_002) -> BoardFlow:
    board = BoardFlow(FlowConfig(boards=[1], deals={1: deal}, club="c", session="s", table="1",
                                 policy=policy))  # type: ignore[arg-type]
    feed(board, key("N", "OK"))
    return board


def calls(board: BoardFlow, *pairs: str) -> None:
    """Calls as "N 1H", "E PASS", "S 3NT"."""
    for pair in pairs:
        seat, call = pair.split()
        if call[0].isdigit():
            feed(board, key(seat, call[0]), key(seat, call[1:]))
        else:
            feed(board, key(seat, call))


# ---- Law 25A ---------------------------------------------------------------------------------
@pytest.mark.parametrize("policy", POLICIES)
def test_law_25a_undo_replaces_norths_call_after_east_has_called(policy: str) -> None:
    board = flow(policy)
    calls(board, "N 1H", "E PASS")
    feed(board, key("N", "UNDO"))  # East has called over it: the director rules (Law 25A, 25B)
    [outcome] = feed(board, key("W", "OK"))  # unintended
    assert outcome.message == ("North replaced the unintended call 1H (Law 25A); East may keep its "
                               "Pass over it (OK) or replace it (Law 25A6)")
    assert board.view().calls == () and board.view().turn == "N"
    calls(board, "N 1S", "E 2H", "S 2S")
    message = refused(board, key("N", "UNDO"))  # partner has called: too late
    assert "Law 25A4" in message
    assert "Law 25A" in board.result_record(Seat.E)["director_calls"][0]


# ---- Law 62 ----------------------------------------------------------------------------------
def three_nt_by_north(policy: str, deal: Deal = SEED_002) -> BoardFlow:
    board = flow(policy, deal)
    calls(board, "N 3NT", "E PASS", "S PASS", "W PASS")
    assert board.phase is Phase.PLAY
    return board


def test_law_62_revoke_corrected_from_the_card_readers_under_laws() -> None:
    board = three_nt_by_north("laws")
    feed(board, card("E", "S3"), card("S", "SJ"), card("W", "C4"))  # West revokes
    assert board.view().director is not None
    [outcome] = feed(board, key("W", "UNDO"))
    assert "Law 62B1" in (outcome.message or "")
    assert board.view().director is None and board.view().turn == "W"
    assert board.play is not None and board.play.penalty_cards
    feed(board, card("W", "SK"), card("N", "SA"))
    assert board.view().tricks_ns == 1 and board.view().revokes == ("W:C4",)
    assert any("revoke corrected" in text for text in board.result_record(Seat.E)["director_calls"])
    assert board.result_record(Seat.E)["revokes"] == []


def test_law_62_prevent_refuses_the_revoke_and_a_played_card_stays_played() -> None:
    board = three_nt_by_north("prevent")
    feed(board, card("E", "S3"), card("S", "SJ"))
    assert "revoke" in refused(board, card("W", "C4"))
    feed(board, card("W", "S2"))
    assert "Law 45C" in refused(board, key("W", "UNDO"))


def twelve_tricks(policy: str) -> BoardFlow:
    board = flow(policy, TWELVE)
    calls(board, "N 1NT", "E PASS", "S PASS", "W PASS")
    for trick in TWELVE_FIRST_ELEVEN:
        for seat, text in zip("ESWN", trick, strict=True):
            feed(board, card(seat, text))
    return board


def test_law_62d_a_twelfth_trick_revoke_corrected_after_the_last_trick() -> None:
    board = twelve_tricks("laws")
    feed(board, card("E", "H3"), card("S", "S4"), card("W", "C3"), card("N", "HK"))
    feed(board, key("N", "DIRECTOR"))  # the revoke's call answered; play goes on
    feed(board, card("N", "HQ"), card("E", "D3"), card("S", "S3"), card("W", "HA"))
    assert board.phase is Phase.RESULT and board.view().tricks == 1
    [outcome] = feed(board, key("W", "UNDO"))
    assert "Law 62D" in (outcome.message or "")
    assert board.phase is Phase.RESULT and board.view().tricks == 0
    assert board.view().score_ns == -350  # 1NT down seven, not vulnerable


def test_law_62d_prevent_refuses_the_twelfth_trick_revoke() -> None:
    board = twelve_tricks("prevent")
    feed(board, card("E", "H3"), card("S", "S4"))
    assert "revoke" in refused(board, card("W", "C3"))


# ---- Alert and Stop --------------------------------------------------------------------------
@pytest.mark.parametrize("policy", POLICIES)
def test_alert_by_partner_shown_to_the_opponents_and_recorded(policy: str) -> None:
    board = flow(policy)
    calls(board, "N 1C")
    assert "partner's call" in refused(board, key("E", "ALERT"))
    feed(board, key("S", "ALERT"))
    assert board.view().alerts == (0,)
    assert board.result_record(Seat.E)["alerts"] == [0]
    east, south = render(board.view(), Seat.E), render(board.view(), Seat.S)
    assert east.tobytes() != south.tobytes()  # "1♣!" at East's; South's partner sees no mark


@pytest.mark.parametrize("policy", POLICIES)
def test_stop_then_a_skip_bid_makes_the_next_player_wait(policy: str, tmp_path: Path) -> None:
    config = FlowConfig(boards=[1], deals={1: SEED_002}, club="c", session="s", table="1",
                        policy=policy, stop_seconds=10)  # type: ignore[arg-type]
    service = TableService(config, Journal(tmp_path / "j.db", session="s"))
    now = [100.0]
    service.clock = lambda: now[0]
    for event in [key("N", "OK"), key("N", "STOP"), key("N", "3"), key("N", "S")]:
        assert service.handle(event).changed
    assert service.flow.view().stop == "E"
    now[0] += 4
    outcome = service.handle(key("E", "PASS"))
    assert not outcome.changed and outcome.message == "STOP: East waits 6 s more"
    assert service.handle(key("S", "DIRECTOR")).changed  # others are not held
    assert service.handle(key("S", "DIRECTOR")).changed
    now[0] += 6
    assert service.handle(key("E", "PASS")).changed
    assert service.flow.view().stop is None and len(service.journal) == 7


# ---- Law 26 ----------------------------------------------------------------------------------
def law_26_board() -> BoardFlow:
    board = flow("laws")
    calls(board, "N 1NT")
    feed(board, key("W", "2"), key("W", "H"))  # at East's turn: West bids at partner's turn
    feed(board, key("E", "DIRECTOR"), key("E", "UNDO"))  # the director does not accept it
    calls(board, "E PASS", "S 3NT", "W PASS", "N PASS", "E PASS")
    return board


def test_law_26_the_leaders_display_shows_declarers_choice_and_it_is_enforced() -> None:
    board = law_26_board()
    assert board.declarer is Seat.N and board.phase is Phase.PLAY
    view = board.view()
    assert view.lead_choice is not None and "forbid the lead of any one suit" in view.lead_choice
    refused(board, card("E", "H2"))  # declarer chooses first
    refused(board, key("E", "H"))  # East may not choose
    assert "26B" in refused(board, key("N", "OK"))  # nothing may be required (26B, June 2017)
    [outcome] = feed(board, key("N", "H"))
    assert outcome.message == "declarer forbade a heart lead by East (Law 31, 26B)"
    assert "Law 31, 26B" in refused(board, card("E", "H2"))
    feed(board, card("E", "CA"))
    assert board.view().lead_choice is None


# ---- Law 70 ----------------------------------------------------------------------------------
@pytest.mark.parametrize("policy", POLICIES)
def test_law_70_the_disputed_claim_screen_shows_worst_line_and_best_play(policy: str) -> None:
    board = twelve_tricks(policy)
    feed(board, key("E", "CLAIM"), key("E", "OK"))  # both remaining tricks
    feed(board, key("N", "DIRECTOR"))  # disputed
    view = board.view()
    assert view.claim_analysis == "East claims 2 of 2: 1 on the worst line, 2 on best play (Law 70)"
    feed(board, key("N", "1"), key("N", "OK"))  # the director rules one trick to East
    assert board.view().claim_analysis is None and board.phase is Phase.RESULT


# ---- Law 14 ----------------------------------------------------------------------------------
def hand_check(policy: str) -> BoardFlow:
    board = BoardFlow(FlowConfig(boards=[1], hand_check=True, club="c", session="s", table="1",
                                 policy=policy))  # type: ignore[arg-type]
    feed(board, key("N", "OK"))
    return board


@pytest.mark.parametrize("policy", POLICIES)
def test_law_14_the_52nd_card_scanned_from_the_wrong_hand_is_the_short_hands(policy: str) -> None:
    board = hand_check(policy)
    missing = sorted(SEED_002[Seat.W].cards)[0]
    for seat in Seat:
        for held in SEED_002[seat].cards:
            if held != missing:
                feed(board, card(str(seat), str(held)))
    [outcome] = feed(board, card("S", str(missing)))  # found among South's cards
    assert "the missing card of West's hand (Law 14)" in (outcome.message or "")
    assert board.phase is Phase.AUCTION and board.current.deal == SEED_002
    assert board.view().director is not None


@pytest.mark.parametrize("policy", POLICIES)
def test_law_14_a_card_never_scanned_belongs_to_the_short_hand_revoke_included(policy: str) -> None:
    board = hand_check(policy)
    missing = next(c for c in SEED_002[Seat.W].cards if str(c) == "S8")
    for seat in Seat:
        for held in SEED_002[seat].cards:
            if held != missing:
                feed(board, card(str(seat), str(held)))
    [outcome] = feed(board, key("W", "OK"))  # West has 12: the unseen ♠8 is West's
    assert "♠8 not found" in (outcome.message or "") and board.current.deal == SEED_002
    feed(board, key("N", "DIRECTOR"))  # answered
    calls(board, "N 3NT", "E PASS", "S PASS", "W PASS")
    feed(board, card("E", "S3"), card("S", "S7"))
    feed(board, card("W", "SK"), card("N", "SA"))
    feed(board, card("N", "S4"), card("E", "S5"), card("S", "S9"))
    if policy == "prevent":  # West holds the ♠8 (Law 14): a club is a revoke, refused
        assert "revoke" in refused(board, card("W", "C4"))
    else:  # taken, and a revoke like any other (Law 14B: revoke consequences included)
        feed(board, card("W", "C4"))
        assert board.view().revokes == ("W:C4",)
