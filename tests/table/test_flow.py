"""Whole boards through the board flow, one TableEvent at a time."""

from __future__ import annotations

from bridgetable.bridge import Auction, Contract, Play, Rank, Seat, duplicate_score
from bridgetable.events import TableEvent
from bridgetable.table.flow import BoardFlow, FlowConfig, Phase
from bridgetable.table.script import auction_events, board_events

from .helpers import DEAL, card, feed, finish_play, key, refused


def test_a_whole_board_with_known_hands_and_the_irregularities_refused(known: BoardFlow) -> None:
    view = known.view()
    assert (view.board, view.dealer, view.vulnerability, view.phase) == (1, "N", "None", "start")
    feed(known, key("S", "OK"))
    assert "out of rotation" in refused(known, key("S", "1"))
    feed(known, key("N", "1"), key("N", "NT"))
    feed(known, key("E", "1"))
    assert "insufficient bid: 1C after 1NT (Law 27)" in refused(known, key("E", "C"))
    feed(known, key("E", "PASS"), key("S", "3"), key("S", "NT"))
    assert "Law 25A" in refused(known, key("W", "UNDO"))  # not West's call to withdraw
    feed(known, key("S", "UNDO"))  # South withdraws 3NT before West calls (Law 25A)
    assert known.view().calls == ("1NT", "Pass")
    feed(known, *auction_events(Seat.S, "3NT Pass Pass Pass"))
    view = known.view()
    assert (view.phase, view.contract, view.declarer, view.turn) == ("play", "3NT", "N", "E")

    assert "out of turn" in refused(known, card("W", "SJ"))
    assert "not in East's hand" in refused(known, card("E", "HA"))
    feed(known, card("E", "S2"))
    feed(known, card("N", "S5"))  # dummy's card, scanned at declarer's seat
    assert "revoke" in refused(known, card("W", "HQ"))  # West holds spades
    feed(known, card("W", "SJ"), card("N", "SA"))
    assert known.view().tricks_ns == 1 and known.view().turn == "N"
    assert "Law 45C" in refused(known, key("N", "UNDO"))
    finish_play(known)

    view = known.view()
    assert view.phase == "result" and view.deciders == ("E", "W")
    truth = Play.replay(DEAL, Contract.parse("3NT"), Seat.N, view.played)
    assert view.tricks == truth.declarer_tricks
    assert view.score_ns == duplicate_score(Contract.parse("3NT"), truth.declarer_tricks, False)
    assert "confirms" in refused(known, key("N", "OK"))
    [outcome] = feed(known, key("W", "OK"))
    result = outcome.result
    assert result is not None
    assert result["board"] == 1 and result["contract"] == "3NT" and result["declarer"] == "N"
    assert result["auction"] == ["1NT", "Pass", "3NT", "Pass", "Pass", "Pass"]
    assert result["lead"] == "S2" and len(result["play"]) == 52 and result["confirmed_by"] == "W"
    assert result["deal"] == DEAL.to_pbn() and result["score_ns"] == view.score_ns
    view = known.view()
    assert (view.phase, view.board, view.dealer, view.vulnerability) == ("start", 2, "E", "NS")


def test_unknown_hands_a_revoke_is_shown_when_a_later_card_proves_it(known: BoardFlow) -> None:
    known.boards_done = 1  # straight to board 2, whose deal the table does not know
    known._start_board()
    truth_auction = Auction(Seat.E, "1S Pass 4S Pass Pass Pass".split())
    feed(known, key("E", "OK"), *auction_events(Seat.E, "1S Pass 4S Pass Pass Pass"))
    truth = Play(DEAL, truth_auction.contract, Seat.E, policy="laws")  # what really happens
    # trick 1: South leads a heart, North discards a club although he holds hearts
    for seat, text in [("S", "H3"), ("W", "H4"), ("N", "C4"), ("E", "H8")]:
        truth.play(text)
        feed(known, card(seat, text))
    assert known.view().director is None  # nothing proves the revoke yet
    assert "already been played" in refused(known, card("E", "H3"))
    proven_by = None
    while not truth.is_complete:
        seat, chosen = truth.turn, truth.legal_cards()[0]
        truth.play(chosen)
        feed(known, TableEvent.card(seat, chosen))
        if known.view().director and proven_by is None:
            proven_by = (seat, chosen)
            assert "revoke by North in trick 1" in (known.view().director or "")
    assert proven_by is not None and proven_by[0] == Seat.N and proven_by[1].suit.letter == "H"
    view = known.view()
    assert truth.revoke_transfer(Seat.N.side) >= 1
    assert view.tricks == truth.declarer_tricks  # Law 64 transfer applied as the engine does
    assert view.revokes == ("N:C4",)
    [outcome] = feed(known, key("S", "OK"))
    assert outcome.result is not None and outcome.result["deal"] == DEAL.to_pbn()
    assert any("revoke by North" in call for call in outcome.result["director_calls"])


def test_a_claim_accepted_and_a_claim_disputed_and_ruled() -> None:
    for decision, tricks_to_claimer in (("accept", 7), ("dispute", 6)):
        flow = BoardFlow(FlowConfig(boards=[1], deals={1: DEAL}))
        feed(flow, key("N", "OK"), *auction_events(Seat.N, "1NT Pass 3NT Pass Pass Pass"))
        finish_play(flow, tricks=5)
        won = flow.view().tricks_ns
        assert "dummy may not claim" in refused(flow, key("S", "CLAIM"))
        feed(flow, key("N", "CLAIM"))
        assert flow.view().entry == "8"
        feed(flow, key("N", "X"), key("N", "OK"))  # 8 - 1 = 7 of the 8 remaining tricks
        assert flow.view().claim == "North claims 7 of 8 (pending)"
        assert "opponents" in refused(flow, key("S", "OK"))
        if decision == "accept":
            feed(flow, key("E", "OK"))
        else:
            feed(flow, key("W", "DIRECTOR"))
            assert flow.view().phase == "claim ruling" and "disputes" in (flow.view().director or "")
            feed(flow, key("S", "6"), key("S", "OK"))  # the director rules 6 at South's keys
        assert flow.view().phase == "result"
        assert flow.view().tricks == won + tricks_to_claimer


def test_without_card_readers_or_bidding_boxes_like_a_bridgemate() -> None:
    flow = BoardFlow(FlowConfig(boards=[5], card_readers=False, bidding_boxes=False))
    feed(flow, key("N", "OK"), key("E", "4"), key("E", "S"), key("E", "X"))
    assert flow.view().entry == "4♠X"
    feed(flow, key("S", "OK"))  # OK at declarer's seat
    assert (flow.view().phase, flow.view().contract, flow.view().declarer) == ("lead entry", "4SX", "S")
    feed(flow, key("W", "H"), key("W", "1"), key("W", "X"))  # hearts, ace, one lower: the king
    assert flow.view().entry == "♥K"
    feed(flow, key("W", "OK"))
    assert flow.view().entry == "10"  # tricks: starts at the contract made exactly
    feed(flow, key("N", "X"), key("N", "OK"))
    assert flow.view().score_ns == -200  # 4SX down one, vulnerable (board 5: N-S vulnerable)
    feed(flow, key("S", "UNDO"), key("S", "4"), key("S", "OK"))  # corrected: ten tricks
    assert flow.view().score_ns == 790
    [outcome] = feed(flow, key("E", "OK"))
    result = outcome.result
    assert result is not None
    assert (result["contract"], result["lead"], result["tricks"]) == ("4SX", "HK", 10)
    assert result["auction"] is None
    assert flow.view().phase == "done"


def test_without_card_readers_a_lead_the_leader_does_not_hold_is_refused() -> None:
    flow = BoardFlow(FlowConfig(boards=[1], deals={1: DEAL}, card_readers=False))
    feed(flow, key("N", "OK"), *auction_events(Seat.N, "1NT Pass 3NT Pass Pass Pass"))
    absent = next(c for c in DEAL[Seat.W] if c.rank != Rank.TEN)  # West's, led by East (North's LHO)
    feed(flow, key("E", absent.suit.letter), key("E", "1"))
    while flow.view().entry != absent.symbol:
        feed(flow, key("E", "X"))  # one rank lower each time, from the ace
    assert "East, on declarer's left, does not hold it (Law 41A)" in refused(flow, key("E", "OK"))
    assert flow.view().phase == "lead entry"


def test_hand_check_reports_a_fouled_board_at_once() -> None:
    flow = BoardFlow(FlowConfig(boards=[1], deals={1: DEAL}, hand_check=True))
    feed(flow, key("N", "OK"))
    feed(flow, *(TableEvent.card(Seat.N, c) for c in DEAL[Seat.N]))
    feed(flow, card("E", "SA"))  # North's ace at East: reported, not counted
    assert "SA" not in flow.view().played and flow.view().hand_counts == (13, 0, 0, 0)
    assert "in both North's and East's hands" in (flow.view().director or "")
    feed(flow, key("E", "DIRECTOR"))  # the director has come
    feed(flow, card("S", "S8"))
    assert "twice" in refused(flow, card("S", "S8"))
    feed(flow, card("S", "D2"))
    assert "not in the deal file's hand" in flow.view().problems[-1]
    feed(flow, key("W", "OK"))
    assert "West has 0 cards, not 13 (Law 13)" in flow.view().problems[-1]
    feed(flow, key("S", "UNDO"))  # South starts again
    assert flow.view().hand_counts == (13, 0, 0, 0)
    for seat in (Seat.E, Seat.S, Seat.W):
        feed(flow, *(TableEvent.card(seat, c) for c in DEAL[seat]))
    assert flow.view().phase == "auction"


def test_hand_check_without_a_deal_file_makes_the_hands_known() -> None:
    flow = BoardFlow(FlowConfig(boards=[1], hand_check=True))
    feed(flow, key("N", "OK"))
    for seat in Seat:
        feed(flow, *(TableEvent.card(seat, c) for c in DEAL[seat]))
    feed(flow, *auction_events(Seat.N, "1NT Pass 3NT Pass Pass Pass"))
    assert "not in East's hand" in refused(flow, card("E", "HA"))


def test_passed_out_director_calls_and_the_end_of_the_session() -> None:
    flow = BoardFlow(FlowConfig(boards=[3]))
    feed(flow, key("S", "OK"), key("N", "DIRECTOR"))
    assert flow.view().director == "N: called by North"
    feed(flow, key("E", "DIRECTOR"))
    assert flow.view().director is None
    feed(flow, *auction_events(Seat.S, "Pass Pass Pass Pass"))
    assert (flow.view().phase, flow.view().score_ns, flow.view().deciders) == ("result", 0, ("E", "W"))
    feed(flow, key("E", "UNDO"))  # East withdraws the fourth pass: the auction goes on
    assert flow.view().phase == "auction" and flow.view().turn == "E"
    feed(flow, key("E", "PASS"))
    [outcome] = feed(flow, key("E", "OK"))
    assert outcome.result is not None and outcome.result["contract"] == "Pass"
    assert flow.view().phase == Phase.DONE.value
    assert "session is over" in refused(flow, key("E", "OK"))


def test_scripted_boards_and_unreadable_input() -> None:
    flow = BoardFlow(FlowConfig(boards=[1], deals={1: DEAL}))
    assert "unreadable card" in refused(flow, TableEvent(Seat.N, card("N", "SA").kind, "S1"))
    assert "unknown key" in refused(flow, TableEvent(Seat.N, key("N", "OK").kind, "ENTER"))
    outcomes = feed(flow, *board_events(DEAL, Seat.N, "1NT Pass 3NT Pass Pass Pass"))
    assert outcomes[-1].result is not None and flow.view().boards_done == 1
